"""``threethirteen solve --game rummy`` through the real entry point.

Expectations are worked out by hand from the rules, or built from the library
(:func:`threethirteen.games.rummy.analysis.analyse`) called directly in the test.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from command_line import cli
from threethirteen.cards import Card, parse_cards
from threethirteen.cli.main import main
from threethirteen.cli.rummy_solve import answer_json
from threethirteen.games.rummy.analysis import analyse
from threethirteen.games.rummy.rules import Rules

HAND = ["4H", "5H", "6H", "9S", "9D", "9C", "KC"]
EXAMPLE = ["--hand", *HAND, "--table", "7H 8H 9H", "JS JD JC"]


def solve_json(*args: str) -> dict[str, Any]:
    done = cli("solve", "--game", "rummy", "--json", *args)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout  # exactly one JSON object
    answer: dict[str, Any] = json.loads(lines[0])
    return answer


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["solve", "--game", "rummy", *args])
    out, err = capsys.readouterr()
    return status, out, err


def played_cards(answer: dict[str, Any]) -> Counter[Card]:
    texts = [t for meld in answer["melds"] for t in meld]
    texts += [card for card, _ in answer["layoffs"]] + answer["unmelded"]
    return Counter(Card.parse(t) for t in texts)


def test_the_issue_example() -> None:
    answer = solve_json(*EXAMPLE)
    assert answer["deadwood"] == 10
    assert answer["discard"] == "KC"
    assert answer["deadwood_after_discard"] == 0
    assert answer["can_go_out"] is True
    assert answer["unmelded"] == ["KC"]
    assert played_cards(answer) == Counter(parse_cards("4H 5H 6H 9S 9D 9C KC"))
    assert answer["discards"][0] == ["KC", 0]


def test_the_issue_example_for_people() -> None:
    done = cli("solve", "--game", "rummy", *EXAMPLE)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "count before the discard: 10" in out
    assert "best discard: K♣" in out or "best discard: KC" in out
    assert "count after it: 0" in out
    assert "can go out: yes" in out
    assert "7♥ 8♥ 9♥" in out or "7H 8H 9H" in out  # the table, numbered
    assert "run:" in out and "set:" in out


@pytest.mark.parametrize(
    ("hand", "table", "house", "taken"),
    [
        ("8H 7H 2C", ["4H 5H 6H"], [], None),
        ("3H 2H KC QD", ["JS JD JC", "4H 5H 6H"], [], None),
        ("KH AH 5C", ["10H JH QH"], ["ace-high"], None),
        ("5S 5D 5C 8H", [], [], "8H"),
        ("2C 2D 2S", [], ["must-discard"], None),
        ("AS 2S 3S 4S 9H 9D 9C 9S KD QD JD", ["5S 6S 7S"], ["ace-high"], "KD"),
    ],
)
def test_json_equals_the_library_answer(
    capsys: pytest.CaptureFixture[str],
    hand: str,
    table: list[str],
    house: list[str],
    taken: str | None,
) -> None:
    args = ["--json", "--hand", *hand.split()]
    if table:
        args += ["--table", *table]
    for rule in house:
        args += ["--house", rule]
    if taken:
        args += ["--taken", taken]
    status, out, err = in_process(capsys, *args)
    assert status == 0, err
    answer = json.loads(out)
    rules = Rules(ace_high="ace-high" in house, must_discard="must-discard" in house)
    assert answer == answer_json(analyse(hand, table, rules, taken))
    assert played_cards(answer) == Counter(parse_cards(hand))


def test_lay_offs_chain_and_are_numbered_from_1() -> None:
    answer = solve_json("--hand", "8H", "7H", "2C", "--table", "JS JD JC", "4H 5H 6H")
    assert answer["layoffs"] == [["7H", 2], ["8H", 2]]
    assert answer["deadwood"] == 2
    assert answer["discard"] == "2C" and answer["can_go_out"] is True


def test_house_rules_change_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["--hand", "QH", "KH", "AH", "5C"]
    plain = json.loads(in_process(capsys, "--json", *hand)[1])
    high = json.loads(in_process(capsys, "--json", *hand, "--house", "ace-high")[1])
    assert (plain["deadwood"], high["deadwood"]) == (26, 5)
    # A whole-meld hand goes out by melding, but not when it must discard.
    whole = json.loads(in_process(capsys, "--json", "--hand", "2C", "2D", "2S")[1])
    strict = ["--json", "--hand", "2C", "2D", "2S", "--house", "must-discard"]
    assert whole["can_go_out"] is True
    assert json.loads(in_process(capsys, *strict)[1])["can_go_out"] is False


def test_the_taken_card_is_not_discarded(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--json", "--hand", "5S", "5D", "5C", "8H", "--taken", "8H"]
    answer = json.loads(in_process(capsys, *args)[1])
    assert answer["discard"] == "5S" and answer["can_go_out"] is False
    assert "8H" not in [card for card, _ in answer["discards"]]
    allowed = json.loads(in_process(capsys, *args, "--house", "discard-taken-card")[1])
    assert allowed["discard"] == "8H" and allowed["can_go_out"] is True
    status, out, _ = in_process(capsys, "--hand", "8H", "--table", "5H 6H 7H", "--taken", "8H")
    assert status == 0
    assert "best discard: none" in out and "can go out: yes" in out
    assert "may not be discarded" in out


def test_hand_works_for_three_thirteen_beside_its_positional_cards() -> None:
    by_option = cli("solve", "--json", "--round", "1", "--hand", "3H", "7C", "7D", "KS")
    positional = cli("solve", "--json", "--round", "1", "3H", "7C", "7D", "KS")
    assert by_option.returncode == positional.returncode == 0, by_option.stderr
    assert json.loads(by_option.stdout) == json.loads(positional.stdout)
    named = cli("solve", "--game", "three-thirteen", "--json", "--hand", "3H", "7C", "7D")
    assert json.loads(named.stdout)["deadwood"] == 0


def test_thirteen_has_no_melds_to_solve() -> None:
    done = cli("solve", "--game", "thirteen", "--hand", "3S", "4S", "5S")
    assert done.returncode == 2
    assert "Thirteen has no melds to solve" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["--hand", "7H", "7X"], "'7X'"),
        (["--hand", "7H", "8H", "7H"], "'7H' is twice in the hand"),
        (
            ["--hand", "7H", "2C", "--table", "7H 8H 9H"],
            "'7H' is both in the hand and on the table",
        ),
        (["--hand", "2C", "--table", "7H 8H 9H", "9H 9S 9D"], "'9H' is twice on the table"),
        (["--hand", "2C", "--table", "7H 8H"], "'7H 8H' is not a meld"),
        (["--hand", "2C", "--table", "7H 8H 10H"], "'7H 8H 10H' is not a meld"),
        (["--hand", "2C", "--table", "7H 8H 9X"], "'9X'"),
        (["--hand", "2C", "--table", "QS KS AS"], "Q-K-A only with ace-high runs"),
        (["--hand", "2C", "3C", "--taken", "KD"], "'KD', is not in the hand"),
        (["--hand", "2C", "3C", "--taken", "KX"], "'KX'"),
        (["--hand", "2C", "JK"], "no jokers"),
        (["--hand", "2C", "--rules", "gin"], "'gin'"),
        (["--hand", "2C", "--house", "wild-deuces"], "'wild-deuces'"),
        (["--hand", "2C", "--round", "3"], "--round is for three-thirteen"),
        (["-"], "standard input"),
        ([], "no cards given"),
    ],
)
def test_bad_input_is_a_clear_error_with_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], quoted: str
) -> None:
    status, out, err = in_process(capsys, *args)
    assert status == 2
    assert quoted in err
    assert "Traceback" not in err
    assert out == ""


def test_bad_input_through_the_installed_command() -> None:
    done = cli("solve", "--game", "rummy", "--hand", "2C", "7H", "--table", "7H 8H 9H")
    assert done.returncode == 2
    assert "'7H' is both in the hand and on the table" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    both = cli("solve", "--game", "rummy", "--hand", "2C", "3C", "--", "4C")
    assert both.returncode == 2 and "give the hand once" in both.stderr
