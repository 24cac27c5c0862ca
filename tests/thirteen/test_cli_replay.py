"""``threethirteen replay FILE`` of a Thirteen record: every round's plays, and bad files.

The record is written by the library's own match runner (``play_game``), so the
expected plays, points and totals are read from the record itself, not from the
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
from threethirteen.cards import Card
from threethirteen.cli.main import main
from threethirteen.games.thirteen.game import GAME
from threethirteen.games.thirteen.record import record_to_json

NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A whole four-player match of the library's bots, written as ``play --save`` writes it."""
    bots = [make_bot(name, seed=seat, game="thirteen") for seat, name in
            enumerate(["simple", "random", "medium", "simple"])]  # fmt: skip
    match = play_game(GAME, GAME.rules(None, ["target=6"]), bots, seed=21, names=NAMES)
    path = tmp_path_factory.mktemp("records") / "thirteen.json"
    path.write_text(record_to_json(match.record), encoding="utf-8")
    return path, match.record


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["replay", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_prints_every_round_its_plays_and_the_totals(
    played: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, record = played
    status, out, _ = replay(capsys, str(path))
    assert status == 0
    assert "Thirteen replay" in out
    assert "Players: Ann, Bob, Cy, Di; seed 21; finished match" in out
    rounds = record["rounds"]
    assert len(rounds) >= 2
    running = [0, 0, 0, 0]
    for rnd in rounds:
        section = out[out.index(f"─ Round {rnd['round']} ─") :]
        section = section[: section.index(f"Round {rnd['round']} over")]
        # The deal: every hand, with suit symbols.
        for seat, hand in enumerate(rnd["hands"]):
            pretty = " ".join(Card.parse(c).pretty() for c in hand.split())
            assert f"  {NAMES[seat]}: {pretty}\n" in section
        # Every action in order, numbered, with who made it.
        numbered = re.findall(r"^ +(\d+)\. (.*)$", section, flags=re.MULTILINE)
        assert [int(n) for n, _ in numbered] == list(range(1, len(rnd["actions"]) + 1))
        for (_, line), (seat, action) in zip(numbered, rnd["actions"], strict=True):
            name = NAMES[seat]
            if action == "pass":
                assert line == f"{name} passes"
            else:
                cards = " ".join(Card.parse(c).pretty() for c in action.split()[1:])
                assert line.startswith(
                    (f"{name} plays {cards} (", f"BOMB: {name} plays {cards} on ")
                )
        clears = section.count("The table clears: ")
        assert clears >= 1
        running = [t + p for t, p in zip(running, rnd["points"], strict=True)]
        totals = ", ".join(f"{n} {t}" for n, t in zip(NAMES, running, strict=True))
        assert f"Totals: {totals} (race to 6)" in out
    assert running == record["totals"]
    (winner,) = record["winners"]
    assert f"Winner: {NAMES[winner]} with {record['totals'][winner]} points" in out


def test_play_save_then_replay_through_the_installed_command(tmp_path: Path) -> None:
    save = tmp_path / "watched.json"
    done = cli("play", "--game", "thirteen", "--watch", "--players", "3", "--seed", "9",
               "--bots", "simple", "--house", "target=4", "--save", str(save))  # fmt: skip
    assert done.returncode == 0, done.stderr
    again = cli("replay", str(save))
    assert again.returncode == 0, again.stderr
    record = json.loads(save.read_text(encoding="utf-8"))
    totals = ", ".join(f"{n} {t}" for n, t in zip(record["seats"], record["totals"], strict=True))
    assert f"Totals: {totals} (race to 4)" in done.stdout
    assert f"Totals: {totals} (race to 4)" in again.stdout
    assert "Winner: " in again.stdout


def test_an_unfinished_record_replays_as_far_as_it_goes(
    played: tuple[Path, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, record = played
    cut = dict(record, winners=None, rounds=record["rounds"][:1])
    first = cut["rounds"][0]
    cut["rounds"] = [dict(first, actions=first["actions"][:5], points=None)]
    cut["totals"] = [0, 0, 0, 0]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    status, out, _ = replay(capsys, str(path))
    assert status == 0
    assert "unfinished match" in out and "The record stops here" in out
    assert "Unfinished: 0 rounds scored, no winner yet." in out


def test_replay_checks_the_rules_when_given(
    played: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = played
    assert replay(capsys, "--house", "target=6", str(path))[0] == 0
    status, _, err = replay(capsys, "--house", "target=10", str(path))
    assert status == 2 and "was played under 'cardgames: race to 6" in err


def _tampered(record: dict[str, Any], change: str) -> Any:
    data = json.loads(json.dumps(record))
    if change == "points":
        data["rounds"][0]["points"][0] += 1
    elif change == "action":
        data["rounds"][0]["actions"][0][1] = "play ZZ"
    elif change == "seat":
        data["rounds"][0]["actions"][0][0] = (data["rounds"][0]["actions"][0][0] + 1) % 4
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
