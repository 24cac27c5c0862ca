"""``threethirteen legal``: the legal plays of a Thirteen hand, as a user types them.

Expected plays are worked out by hand from the rules (seed 003): what beats the
table, the bombs on 2s, the first lead holding 3♠, and the order (``pass``, then
by number of cards, then by strength).
"""

from __future__ import annotations

import json

import pytest

from command_line import cli
from threethirteen.cli.main import main


def legal(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["legal", "--game", "thirteen", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_following_a_pair_lists_pass_then_the_higher_pairs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = legal(
        capsys, "--hand", "3S", "4S", "5S", "5H", "9D", "9C", "2H", "--table", "4D", "4C"
    )
    assert status == 0
    assert out.splitlines() == ["pass", "5S 5H", "9C 9D"]


def test_leading_lists_every_play_without_pass(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = legal(capsys, "--hand", "5H", "3S", "4C")
    assert status == 0
    # Singles by strength, then the one sequence 3-4-5; no pass when leading.
    assert out.splitlines() == ["3S", "4C", "5H", "3S 4C 5H"]


def test_the_first_lead_holds_the_three_of_spades(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = legal(capsys, "--hand", "3S", "3H", "4D", "5D", "9C", "--lead-3s")
    assert status == 0
    assert out.splitlines() == ["3S", "3S 3H", "3S 4D 5D"]


def test_bombs_on_a_two(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["6S", "6C", "6D", "6H", "8S", "8C", "9D", "9H", "10S", "10C", "AH"]
    status, out, _ = legal(capsys, "--hand", *hand, "--table", "2D")
    assert status == 0
    # Nothing but 2s beats a 2 by rank; the four 6s and the three pairs 8-9-10 bomb it.
    assert out.splitlines() == ["pass", "6S 6C 6D 6H", "8S 8C 9D 9H 10S 10C"]


def test_a_pair_of_twos_needs_four_pairs_unless_the_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand = ["6S", "6C", "6D", "6H", "8S", "8C", "9D", "9H", "10S", "10C"]
    status, out, _ = legal(capsys, "--hand", *hand, "--table", "2D", "2S")
    assert (status, out.splitlines()) == (0, ["pass"])
    status, out, _ = legal(
        capsys, "--hand", *hand, "--table", "2D", "2S", "--house", "four_on_pair_of_twos=true"
    )
    assert (status, out.splitlines()) == (0, ["pass", "6S 6C 6D 6H"])


def test_json_lists_card_lists_and_pass(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = legal(capsys, "--hand", "7S", "7H", "KD", "--table", "6C", "--json")
    assert status == 0
    assert json.loads(out) == ["pass", ["7S"], ["7H"], ["KD"]]


def test_ten_is_read_as_10_or_t(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = legal(capsys, "--hand", "TH", "JH", "QH", "--table", "9S")
    assert status == 0
    assert out.splitlines() == ["pass", "10H", "JH", "QH"]


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["--hand", "3S", "7X"], "7X"),
        (["--hand", "3S", "3S"], "3S"),
        (["--hand", "3S", "JK"], "JK"),
        (["--hand", "5S", "--table", "4D", "6C"], "4D 6C"),
        (["--hand", "5S", "--table", "5S"], "5S"),
        (["--hand", "4S", "5S", "--lead-3s"], "4S 5S"),
        (["--hand", "3S", "--table", "4D", "--lead-3s"], "--lead-3s"),
        (["--hand", "3S", "--rules", "tournament"], "tournament"),
    ],
)
def test_bad_input_is_quoted_with_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], quoted: str
) -> None:
    status, out, err = legal(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.startswith("threethirteen: error: ")
    assert quoted in err
    assert "Traceback" not in err


def test_another_game_gets_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["legal", "--hand", "3S", "4S"])
    _, err = capsys.readouterr()
    assert status == 2
    assert "Thirteen" in err and "Three-Thirteen" in err


def test_the_installed_command_answers() -> None:
    done = cli("legal", "--game", "thirteen", "--hand", "3S", "4S", "5S", "--table", "3C", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["pass", ["4S"], ["5S"]]
