"""``threethirteen replay FILE``: round trips with saved records, and bad files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from threethirteen.bots import make_bot, play_match
from threethirteen.records import GameRecord
from threethirteen.rules import apply_house_rule, get_rules

BIN = Path(sys.executable).parent / "threethirteen"
COMMAND = [str(BIN)] if BIN.exists() else [sys.executable, "-m", "threethirteen"]


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "120", "PYTHONIOENCODING": "utf-8"},
    )


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameRecord]:
    """A whole match played by the library's bots and written to a file."""
    rules = apply_house_rule(get_rules("classic"), "shortened")
    match = play_match(
        rules,
        [make_bot("greedy"), make_bot("random", seed=2), make_bot("greedy")],
        seed=17,
        names=["Ann", "Bob", "Cy"],
    )
    path = tmp_path_factory.mktemp("records") / "match.json"
    path.write_text(match.record.to_json(), encoding="utf-8")
    return path, match.record


def test_replay_prints_every_round_and_the_result(played: tuple[Path, GameRecord]) -> None:
    path, record = played
    done = run_cli("replay", str(path))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Players: Ann, Bob, Cy; seed 17; finished match" in out
    for rnd in record.rounds:
        assert f"Round {rnd.number} over" in out
        # The deal: each seat's hand, in notation or with suit symbols.
        for seat, hand in enumerate(rnd.hands):
            name = record.names[seat]
            shown = [f"  {name}: " + " ".join(c.pretty() for c in hand)]
            shown.append(f"  {name}: " + " ".join(str(c) for c in hand))
            assert any(line in out for line in shown), (rnd.number, name)
    # Each round's running totals, computed here from the record's own scores.
    running = [0] * record.players
    for rnd in record.rounds:
        assert rnd.scores is not None
        running = [a + b for a, b in zip(running, rnd.scores, strict=True)]
        line = "Totals: " + ", ".join(
            f"{n} {t}" for n, t in zip(record.names, running, strict=True)
        )
        assert line in out
    assert tuple(running) == record.totals
    assert record.winners is not None
    if len(record.winners) == 1:
        seat = record.winners[0]
        assert f"Winner: {record.names[seat]} with {record.totals[seat]} points" in out
    # Every move is listed: one numbered line per turn.
    turns = sum(1 for rnd in record.rounds for _, a in rnd.actions if str(a).startswith("draw"))
    numbered = [line for line in out.splitlines() if line.strip()[:1].isdigit() and ". " in line]
    assert len([line for line in numbered if " from the " in line]) == turns


def test_play_save_then_replay_round_trip(tmp_path: Path) -> None:
    save = tmp_path / "watched.json"
    done = run_cli(
        "play", "--watch", "--players", "2", "--seed", "9", "--house", "hand_sizes=3-6",
        "--save", str(save),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    again = run_cli("replay", str(save))
    assert again.returncode == 0, again.stderr
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert record.winners is not None
    totals = "Totals: " + ", ".join(
        f"{n} {t}" for n, t in zip(record.names, record.totals, strict=True)
    )
    assert totals in done.stdout
    assert totals in again.stdout


def test_replay_checks_the_rules_when_given(played: tuple[Path, GameRecord]) -> None:
    path, _ = played
    ok = run_cli("replay", "--rules", "classic", "--house", "shortened", str(path))
    assert ok.returncode == 0, ok.stderr
    wrong = run_cli("replay", "--rules", "bga", str(path))
    assert wrong.returncode == 2
    assert "was played under" in wrong.stderr


def _tampered(record_path: Path, tmp_path: Path, change: str) -> Path:
    data = json.loads(record_path.read_text(encoding="utf-8"))
    if change == "score":
        data["rounds"][0]["scores"][0] += 1
    elif change == "action":
        data["rounds"][0]["actions"][1][1] = "discard ZZ"
    elif change == "seat":
        data["rounds"][0]["actions"][0][0] = (data["rounds"][0]["actions"][0][0] + 1) % 3
    elif change == "version":
        data["version"] = 99
    elif change == "hand":
        data["rounds"][0]["hands"][0] = "AS AS AS AS AS"
    path = tmp_path / f"{change}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("score", "scores"),
        ("action", "discard ZZ"),
        ("seat", "to act"),
        ("version", "version 99"),
        ("hand", "dealt"),
    ],
)
def test_tampered_record_is_a_clear_error(
    played: tuple[Path, GameRecord], tmp_path: Path, change: str, words: str
) -> None:
    path = _tampered(played[0], tmp_path, change)
    done = run_cli("replay", str(path))
    assert done.returncode == 2
    assert words in done.stderr
    assert str(path) in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "invalid JSON"),
        (b"{not json", "invalid JSON"),
        (b'{"format": "chess-pgn", "moves": []}', "not a threethirteen record"),
        (b"[1, 2, 3]", "expected a JSON object"),
        (b"\xff\xfe\x00garbage", "not"),
        (b'{"format": "threethirteen-record", "version": 1}', "missing field"),
    ],
)
def test_corrupt_or_foreign_file_is_a_clear_error(
    tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    done = run_cli("replay", str(path))
    assert done.returncode == 2
    assert words in done.stderr
    assert "Traceback" not in done.stderr


def test_truncated_record_is_an_error(played: tuple[Path, GameRecord], tmp_path: Path) -> None:
    text = played[0].read_text(encoding="utf-8")
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    done = run_cli("replay", str(path))
    assert done.returncode == 2
    assert "invalid JSON" in done.stderr


def test_missing_file_and_directory(tmp_path: Path) -> None:
    missing = run_cli("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2
    assert "nope.json" in missing.stderr
    folder = run_cli("replay", str(tmp_path))
    assert folder.returncode == 2
    assert "directory" in folder.stderr
    for done in (missing, folder):
        assert "Traceback" not in done.stderr
