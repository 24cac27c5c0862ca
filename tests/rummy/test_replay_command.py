"""``threethirteen replay FILE`` of a Rummy record: every hand's actions, and bad files.

The record is written by the library's own match runner (``play_game``), so the
expected actions, points and totals are read from the record itself, not from the
command's code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from command_line import cli
from threethirteen.bots import make_bot
from threethirteen.bots.match import play_game
from threethirteen.cards import Card, parse_cards
from threethirteen.cli.main import main
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.record import record_to_json

NAMES = ["Ann", "Bob", "Cy"]
ACTION_LINE = r"^  ([ \d]{2}\d)\. (.*)$"  # (the table's lines are indented further)
VERBS = {"draw": "draws", "take": "takes", "meld": "melds", "layoff": "lays", "discard": "discards"}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A whole three-player match of the frozen bots (``simple`` and ``random``, which no
    tuning changes; one hand of it void, its stock rebuilt and run out), written as
    ``play --save`` writes it."""
    bots = [make_bot(name, seed=seat, game="rummy")
            for seat, name in enumerate(["simple", "random", "simple"])]  # fmt: skip
    match = play_game(GAME, GAME.rules(None, ["target=40"]), bots, seed=1, names=NAMES)
    path = tmp_path_factory.mktemp("records") / "rummy.json"
    path.write_text(record_to_json(match.record), encoding="utf-8")
    return path, match.record


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["replay", *args])
    out, err = capsys.readouterr()
    return status, out, err


def pretty(text: str) -> str:
    return " ".join(card.pretty() for card in parse_cards(text))


def test_replay_prints_every_hand_its_actions_and_the_totals(
    played: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, record = played
    status, out, _ = replay(capsys, str(path))
    assert status == 0
    assert "Rummy replay" in out
    assert "cardgames: to 40" in out
    assert "Players: Ann, Bob, Cy; seed 1; finished match" in out
    rounds = record["rounds"]
    assert len(rounds) == 3 and [r["void"] for r in rounds].count(True) == 1
    running = [0, 0, 0]
    for rnd in rounds:
        section = out[out.index(f"─ Hand {rnd['round']} ─") :]
        section = section[: section.index(f"Hand {rnd['round']} over")]
        dealer = NAMES[rnd["dealer"]]
        first = NAMES[(rnd["dealer"] + 1) % 3]
        assert f"{dealer} deals; {first} plays first. Up card: {pretty(rnd['up'])}" in section
        for seat, hand in enumerate(rnd["hands"]):
            assert f"  {NAMES[seat]}: {pretty(hand)}\n" in section
        # One numbered line an action, in order, by its seat, the cards named.
        lines = re.findall(ACTION_LINE, section, re.MULTILINE)
        assert [int(n) for n, _ in lines] == list(range(1, len(rnd["actions"]) + 1))
        for (_, line), (seat, action) in zip(lines, rnd["actions"], strict=True):
            words = action.split()
            assert line.startswith(f"{NAMES[seat]} {VERBS[words[0]]} ")
            if words[0] == "draw":
                assert re.fullmatch(r"\S+ draws \S+ from the stock\.", line)  # the card named
            elif words[0] == "meld":
                assert f"melds {pretty(' '.join(words[1:]))} (a " in line
            elif words[0] == "layoff":
                assert f"lays {Card.parse(words[1]).pretty()} off on meld {words[3]} → " in line
            elif words[0] == "discard":
                assert line == f"{NAMES[seat]} discards {Card.parse(words[1]).pretty()}."
        running = [t + p for t, p in zip(running, rnd["points"], strict=True)]
        after = out[out.index(f"Hand {rnd['round']} over") :]
        totals = ", ".join(f"{n} {t}" for n, t in zip(NAMES, running, strict=True))
        assert f"Totals: {totals} (the match ends at 40" in after
        if rnd["void"]:
            assert "The stock is empty: the discard pile under its top card is turned over" in (
                section
            )
            assert f"Hand {rnd['round']} over with no score: the stock ran out a second time" in out
        else:
            assert f"Hand {rnd['round']} over: {NAMES[rnd['out']]} went out" in out
            assert re.search(rf"{NAMES[rnd['out']]} +none: went out +0 +\d+", after)
    # The table, numbered, after a turn that changed it.
    assert re.search(r"^ +1\. \S+ \S+ \S+.*   a (set|run) of \d+, laid by (Ann|Bob|Cy)$", out, re.M)
    sheet = out[out.index("Score sheet") :]
    assert record["totals"] == running
    (winner,) = record["winners"]
    assert f"Winner: {NAMES[winner]} with {running[winner]} points (the lowest total)" in sheet
    assert "(no score)" in sheet


def test_play_save_then_replay_through_the_installed_command(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    done = cli("play", "--game", "rummy", "--seed", "9", "--watch", "--bots", "simple",
               "--house", "target=25", "--house", "ace-high", "--save", str(save))  # fmt: skip
    assert done.returncode == 0, done.stderr
    again = cli("replay", str(save))
    assert again.returncode == 0, again.stderr
    record = json.loads(save.read_text(encoding="utf-8"))
    totals = ", ".join(f"{n} {t}" for n, t in zip(record["seats"], record["totals"], strict=True))
    assert "cardgames: to 25, Q-K-A runs" in again.stdout
    assert f"Totals: {totals} (the match ends at 25; the lowest total wins)" in again.stdout
    assert "Winner: " in again.stdout
    # The watcher saw the same moves the replay prints, card for card.
    watched = re.findall(
        r"^  (Simple \d (?:draws|takes|melds|lays|discards) .*)$", done.stdout, re.M
    )
    replayed = [line for _, line in re.findall(ACTION_LINE, again.stdout, re.MULTILINE)]
    assert watched == replayed


def test_an_unfinished_record_replays_as_far_as_it_goes(
    played: tuple[Path, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, record = played
    first = record["rounds"][0]
    cut = dict(record, winners=None, totals=[0, 0, 0])
    cut["rounds"] = [dict(first, actions=first["actions"][:7], points=None, out=None)]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    status, out, _ = replay(capsys, str(path))
    assert status == 0
    assert "unfinished match" in out and "The record stops here, in the middle of the hand." in out
    assert "Unfinished: 0 hands played, no winner yet." in out
    assert [int(n) for n, _ in re.findall(ACTION_LINE, out, re.MULTILINE)] == list(range(1, 8))


def test_replay_checks_the_rules_when_given(
    played: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = played
    assert replay(capsys, "--house", "target=40", str(path))[0] == 0
    status, _, err = replay(capsys, "--house", "target=100", str(path))
    assert status == 2 and "was played under 'cardgames: to 40', not 'cardgames: to 100'" in err
    status, _, err = replay(capsys, "--rules", "classic", str(path))
    assert status == 2 and "is a Rummy record: unknown Rummy rules preset 'classic'" in err


def _tampered(record: dict[str, Any], change: str) -> Any:
    data = json.loads(json.dumps(record))
    first = data["rounds"][0]
    if change == "points":
        first["points"][0] += 1
    elif change == "action":
        first["actions"][0][1] = "meld ZZ"
    elif change == "seat":
        first["actions"][0][0] = (first["actions"][0][0] + 1) % 3
    elif change == "illegal":
        first["actions"][1] = [first["actions"][1][0], "discard " + first["hands"][1].split()[0]]
    elif change == "totals":
        data["totals"][0] += 5
    elif change == "version":
        data["version"] = 99
    elif change == "seed":
        data["seed"] += 1
    elif change == "rules":
        del data["rules"]
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("points", "points"),
        ("action", "'ZZ'"),
        ("seat", "is to act"),
        ("illegal", "illegal action"),
        ("totals", "totals"),
        ("version", "version 99"),
        ("seed", "dealt"),
        ("rules", "missing field 'rules'"),
    ],
)
def test_a_corrupted_record_exits_2_quoting_the_problem(
    played: tuple[Path, dict[str, Any]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: str,
    words: str,
) -> None:
    path = tmp_path / f"{change}.json"
    path.write_text(json.dumps(_tampered(played[1], change)), encoding="utf-8")
    status, out, err = replay(capsys, str(path))
    assert status == 2
    assert words in err and str(path) in err
    assert err.startswith("threethirteen: error: ") and "Traceback" not in err
    assert out == ""


def test_a_file_that_is_no_json_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "threethirteen-record", "game": "rummy", "version": ', "utf-8")
    status, out, err = replay(capsys, str(path))
    assert status == 2 and out == ""
    assert str(path) in err and "Traceback" not in err
