"""``threethirteen solve`` through the real entry point.

Expectations come from two independent places: the library's own solver
(``HandSolver``) called directly in the test, and penalties worked out by hand
from the rules for small hands.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from threethirteen.cards import Card, parse_cards
from threethirteen.melds import HandSolver
from threethirteen.rules import Rules, get_rules

BIN = Path(sys.executable).parent / "threethirteen"
COMMAND = [str(BIN)] if BIN.exists() else [sys.executable, "-m", "threethirteen"]


def words(text: str) -> list[str]:
    """A hand in notation as separate arguments."""
    return text.split()


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        encoding="utf-8",
    )


def solve_json(*args: str) -> dict[str, Any]:
    done = run_cli("solve", "--json", *args)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout  # exactly one JSON object
    result: dict[str, Any] = json.loads(lines[0])
    return result


def library_answer(rules: Rules, number: int, text: str) -> dict[str, Any]:
    """What the command must print, built from the library directly."""
    cards = parse_cards(text)
    solver = HandSolver.for_round(rules, number)
    best = solver.solve(cards)
    out: dict[str, Any] = {
        "deadwood": best.deadwood,
        "melds": [[str(c) for c in meld.cards] for meld in best.melds],
        "unmelded": [str(c) for c in best.unmelded],
    }
    if len(cards) == rules.round_spec(number).hand_size + 1:
        choice = solver.best_discard(cards)
        out["discard"] = str(choice.discard)
        out["deadwood_after_discard"] = choice.arrangement.deadwood
        out["can_go_out"] = choice.can_go_out
    return out


def cards_of(answer: dict[str, Any]) -> Counter[Card]:
    """Every card string in an answer's arrangement, parsed back."""
    texts = [t for meld in answer["melds"] for t in meld] + answer["unmelded"]
    return Counter(Card.parse(t) for t in texts)


LIBRARY_CASES = [
    ("classic", 6, "2H 2C 7C 8H 8S 10C JC JS"),
    ("classic", 6, "2H 2C 7C 8H 8S 10C JC JS KD"),
    ("classic", 11, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
    ("classic", 1, "3H 7C 7D KS"),
    ("bga", 11, "5H 6H JK KS 9C 9D 9S 2D 3D 4D QD KD AD JS"),
    ("bga", 1, "QH KH AH"),
    ("bga", 4, "JK JK 6C 2D 9H KS AS"),
    ("app", 3, "5H 5D 9S 9C 9D 10H"),
]


@pytest.mark.parametrize(("preset", "number", "hand"), LIBRARY_CASES)
def test_json_equals_the_library_answer(preset: str, number: int, hand: str) -> None:
    rules = get_rules(preset)
    answer = solve_json("--rules", preset, "--round", str(number), *hand.split())
    assert answer == library_answer(rules, number, hand)
    # The arrangement's card strings parse back, and account for the hand exactly.
    assert cards_of(answer) == Counter(parse_cards(hand))
    if "discard" in answer:
        Card.parse(answer["discard"])


@pytest.mark.parametrize(
    ("args", "deadwood"),
    [
        # Round 6, 8s wild: 7C 8 8 10C JC is a run (the 8s stand for 8C and 9C), leaving
        # 2H 2C JS = 2 + 2 + 10. Melding the 2s (2H 2C 8) instead leaves 7C and JS, or worse.
        (["--rules", "classic", "--round", "6", *words("2H 2C 7C 8H 8S 10C JC JS")], 14),
        # Round 1, 3s wild: 3H fills the set of 7s.
        (["--rules", "classic", "3H", "7C", "7D"], 0),
        # Q-K-A is a run where aces may be high (bga), not in classic (21 = 10 + 10 + 1).
        (["--rules", "bga", "--round", "1", "QH", "KH", "AH"], 0),
        (["--rules", "classic", "--round", "1", "QH", "KH", "AH"], 21),
        # K-A-2 never wraps under bga: 13 + 15 + 2; with aces-wrap it is a run.
        (["--rules", "bga", "--round", "1", "KH", "AH", "2H"], 30),
        (["--rules", "bga", "--house", "aces-wrap", "--round", "1", "KH", "AH", "2H"], 0),
        # Two identical 7H can share a set but not a run: 7H 7H 7S is a set...
        (["--rules", "classic", "--round", "1", "7H", "7H", "7S"], 0),
        # ...and 7H 7H 8H is neither (3 cards, no wild in round 1): 7 + 7 + 8.
        (["--rules", "classic", "--round", "1", "7H", "7H", "8H"], 22),
        # A wild left unmelded: classic 15, bga 50, and 0 with wild_penalty=0.
        (["--rules", "classic", "--round", "2", "4C", "9D", "KS", "2H"], 15 + 9 + 10 + 2),
        (["--rules", "bga", "--round", "2", "4C", "9D", "KS", "2H"], 50 + 9 + 13 + 2),
        (["--house", "wild_penalty=0", "--round", "2", "4C", "9D", "KS", "2H"], 9 + 10 + 2),
    ],
)
def test_penalties_worked_out_by_hand(args: list[str], deadwood: int) -> None:
    assert solve_json(*args)["deadwood"] == deadwood


def test_round_defaults_to_the_hand_size() -> None:
    hand = words("2H 2C 7C 8H 8S 10C JC JS")  # 8 cards: round 6, 8s wild
    assert solve_json(*hand) == solve_json("--round", "6", *hand)
    # 9 cards is round 7's deal (9s wild), not round 6 after a draw.
    assert solve_json(*hand, "KD") == solve_json("--round", "7", *hand, "KD")


def test_a_hand_that_just_drew_gets_the_discard_fields() -> None:
    # Round 1 (3 cards, 3s wild) holding 4: discarding KS leaves the set 3H 7C 7D.
    answer = solve_json("--round", "1", "3H", "7C", "7D", "KS")
    assert answer["deadwood"] == 10  # all four cards: the set, KS unmelded
    assert answer["discard"] == "KS"
    assert answer["deadwood_after_discard"] == 0
    assert answer["can_go_out"] is True
    # A hand of the round's size has no discard fields.
    assert set(solve_json("--round", "1", "3H", "7C", "7D")) == {"deadwood", "melds", "unmelded"}


def test_cannot_go_out_when_the_best_discard_leaves_deadwood() -> None:
    # Round 1 (3s wild): 7C 9D KS AH has no meld whatever is discarded; keep the low cards.
    answer = solve_json("--round", "1", "7C", "9D", "KS", "AH")
    assert answer["can_go_out"] is False
    assert answer["discard"] == "KS"
    assert answer["deadwood_after_discard"] == 7 + 9 + 1


def test_card_notation_variants_are_accepted() -> None:
    plain = solve_json("--round", "6", *words("2H 2C 7C 8H 8S 10C JC JS"))
    fancy = solve_json("--round", "6", *words("2h 2♣ 7c 8♥ 8s TC jc J♠"))
    assert fancy == plain


def test_house_rules_change_the_answer() -> None:
    # Round 1, jokers added: JK JK 9S is an all-wild-but-one set; with jokers off it is an error.
    hand = ["--round", "1", "JK", "JK", "9S"]
    assert solve_json("--house", "jokers", *hand)["deadwood"] == 0
    bad = run_cli("solve", *hand)
    assert bad.returncode == 2
    assert "JK" in bad.stderr and "jokers" in bad.stderr


# -- batch mode -------------------------------------------------------------------------------


def test_batch_prints_one_answer_a_line() -> None:
    hands = [
        "2H 2C 7C 8H 8S 10C JC JS",
        "3H 7C 7D",
        "3H 7C 7D KS",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
    ]
    stdin = "# a comment line\n" + "\n".join(hands[:2]) + "\n\n" + "\n".join(hands[2:]) + "\n"
    done = run_cli("solve", "--json", "-", stdin=stdin)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(hands)
    rules = get_rules("classic")
    for line, hand in zip(lines, hands, strict=True):
        number = rules.round_for_hand(len(hand.split()))
        assert json.loads(line) == library_answer(rules, number, hand)


def test_batch_with_a_fixed_round() -> None:
    stdin = "7H 7H 7S\n7H 7H 8H\n"
    done = run_cli("solve", "--json", "--round", "1", "-", stdin=stdin)
    assert [json.loads(line)["deadwood"] for line in done.stdout.splitlines()] == [0, 22]


def test_batch_bad_line_answers_with_an_error_and_exits_2() -> None:
    stdin = "3H 7C 7D\n3H 7X 7D\n7H 7H 7S\n"
    done = run_cli("solve", "--json", "-", stdin=stdin)
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 3  # still one answer a line
    assert lines[0]["deadwood"] == 0
    assert lines[1]["input"] == "3H 7X 7D"
    assert "'7X'" in lines[1]["error"]
    assert lines[2]["deadwood"] == 0
    assert "Traceback" not in done.stderr


def test_batch_without_json_is_one_readable_line_a_hand() -> None:
    done = run_cli("solve", "--round", "1", "-", stdin="3H 7C 7D KS\n7H 7H 8H\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    assert "deadwood 10" in lines[0] and "discard KS -> 0" in lines[0]
    assert "goes out" in lines[0]
    assert lines[1].startswith("deadwood 22")


# -- human output ------------------------------------------------------------------------------


def test_human_output_shows_the_arrangement() -> None:
    done = run_cli("solve", "--round", "6", *words("2H 2C 7C 8H 8S 10C JC JS"))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "deadwood: 14" in out
    assert "8s wild" in out
    assert "run:" in out
    (unmelded,) = [line for line in out.splitlines() if "unmelded:" in line]
    assert Counter(parse_cards(unmelded.split(":", 1)[1])) == Counter(parse_cards("2H 2C JS"))


def test_human_output_for_a_hand_that_just_drew() -> None:
    done = run_cli("solve", "--round", "1", "3H", "7C", "7D", "KS")
    assert done.returncode == 0, done.stderr
    assert "best discard: K♠" in done.stdout or "best discard: KS" in done.stdout
    assert "deadwood after it: 0" in done.stdout
    assert "can go out: yes" in done.stdout


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["7H", "7X", "8H"], "'7X'"),
        (["--rules", "chess", "7H", "8H", "9H"], "'chess'"),
        (["--house", "pirates", "7H", "8H", "9H"], "'pirates'"),
        (["--house", "jokers=many", "7H", "8H", "9H"], "'many'"),
        (["--round", "12", "7H", "8H", "9H"], "round 12"),
        (["--round", "0", "7H", "8H", "9H"], "round 0"),
        (["7H", "8H"], "deals 2"),
        # Classic shuffles at most 3 decks (7-8 players): a fourth 7H cannot be dealt.
        (["--round", "1", *["7H"] * 4], "4 x '7H'"),
        (["--round", "11", *words("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H")], "16"),
    ],
)
def test_bad_input_is_a_clear_error_with_exit_2(args: list[str], quoted: str) -> None:
    done = run_cli("solve", *args)
    assert done.returncode == 2
    assert quoted in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_round_must_be_a_number() -> None:
    done = run_cli("solve", "--round", "six", "7H", "8H", "9H")
    assert done.returncode == 2
    assert "'six'" in done.stderr


def test_module_entry_point_works_too() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "threethirteen", "solve", "--json", "3H", "7C", "7D"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["deadwood"] == 0


def test_in_process_main_matches(capsys: pytest.CaptureFixture[str]) -> None:
    from threethirteen.cli.main import main

    assert main(["solve", "--json", "--rules", "bga", "--round", "1", "QH", "KH", "AH"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == library_answer(get_rules("bga"), 1, "QH KH AH")
