"""``threethirteen tournament``: the table, the JSON file, reproducibility and error exits."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BIN = Path(sys.executable).parent / "threethirteen"
COMMAND = [str(BIN)] if BIN.exists() else [sys.executable, "-m", "threethirteen"]
# Three short rounds keep a match to a few milliseconds.
SHORT = ["--house", "hand_sizes=3-5"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, "tournament", *args],
        capture_output=True,
        text=True,
        timeout=120,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "160", "PYTHONIOENCODING": "utf-8"},
    )


def figures(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_table_and_json_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    done = run_cli(
        *SHORT,
        "--players",
        "4",
        "--bots",
        "greedy,random",
        "--matches",
        "6",
        "--seed",
        "5",
        "--workers",
        "2",
        "--json",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # 6 matches round up to 2 deals of 4 seatings, and the heading says so.
    assert "2 deals x 4 seatings = 8 matches (asked 6, rounded up to whole deals)" in lines[0]
    assert "seed 5" in lines[0]
    # Three-Thirteen's heading reads as before other games joined: no game named.
    assert lines[0].startswith(
        "classic +hand_sizes=3-5, 4 players (greedy, random, random, random)"
    )
    rows = {
        cells[0]: cells
        for line in lines
        if line.startswith(("greedy", "random"))
        for cells in [[c.strip() for c in line.split("\u2502")]]  # the table's column rule
    }
    assert set(rows) == {"greedy", "random"}
    assert rows["greedy"][1:3] == ["1", "8"]  # one seat, eight matches
    assert rows["random"][1:3] == ["3", "24"]
    data = figures(out)
    assert data["settings"]["game"] == "three-thirteen"
    assert data["settings"]["seed"] == 5
    assert data["settings"]["house"] == ["hand_sizes=3-5"]
    assert data["settings"]["matches"] == 8
    assert data["settings"]["matches_requested"] == 6
    assert data["settings"]["seats"] == ["greedy", "random", "random", "random"]
    bots = data["bots"]
    assert bots["greedy"]["matches"] == 8 and bots["random"]["matches"] == 24
    # One win per match in all (a shared win is split), pooled over the seats.
    assert bots["greedy"]["wins"] + bots["random"]["wins"] == pytest.approx(8)
    for bot in bots.values():
        assert set(bot) >= {"matches", "win_rate", "win_rate_ci", "mean_total", "mean_decision_ms"}
        assert bot["win_rate_ci"][0] <= bot["win_rate"] <= bot["win_rate_ci"][1]
    # The table shows the JSON's win rate.
    assert rows["greedy"][4] == f"{100 * bots['greedy']['win_rate']:.1f}"


def test_same_seed_same_figures_whatever_the_workers(tmp_path: Path) -> None:
    results = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.json"
        args = ("--bots", "random,greedy", "--matches", "4", "--seed", "11", "--workers", workers)
        done = run_cli(*SHORT, *args, "--json", str(out))
        assert done.returncode == 0, done.stderr
        results.append(figures(out)["bots"])
    timing = ("decision_ms", "decision_times", "elapsed")
    one, two = (
        {name: {k: v for k, v in bot.items() if not k.endswith(timing)} for name, bot in r.items()}
        for r in results
    )
    assert one == two
    assert one["random"]["matches"] == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,clever"], "unknown bot 'clever'"),
        (["--rules", "poker", "--bots", "greedy"], "unknown rules preset 'poker'"),
        (["--rules", "app", "--players", "3", "--bots", "greedy"], "3 players cannot play 'app'"),
        (["--players", "2", "--bots", "greedy,random,greedy"], "3 bots"),
        (["--players", "1", "--bots", "greedy"], "1 player cannot play"),
        (["--bots", "greedy,,random"], "comma-separated"),
        (["--bots", "greedy", "--matches", "0"], "must be at least 1"),
        (["--bots", "greedy", "--workers", "two"], "not a whole number"),
        (["--bots", "greedy,random", "--executor", "spark"], "invalid choice"),
        (["--bots", "greedy,random", "--address", "tcp://x:1"], "not local"),
        (["--bots", "greedy,random"], "directory"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(
    args: list[str], message: str, tmp_path: Path
) -> None:
    if message == "directory":
        args = [*args, "--json", str(tmp_path)]
    done = run_cli(*SHORT, "--matches", "2", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed here")
def test_missing_ray_is_a_clear_error() -> None:
    done = run_cli(*SHORT, "--bots", "greedy", "--matches", "2", "--executor", "ray")
    # (one name: greedy against itself in the rules' minimum of two seats)
    assert done.returncode == 2
    assert "needs the 'ray' package" in done.stderr


def test_json_is_written_even_when_the_reader_stops_reading(tmp_path: Path) -> None:
    # `tournament ... | head -1`: the table meets a closed pipe, but the figures are kept.
    out = tmp_path / "kept.json"
    args = [*SHORT, "--bots", "greedy,random", "--matches", "4", "--seed", "2", "--workers", "1"]
    process = subprocess.Popen(
        [*COMMAND, "tournament", *args, "--json", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # nobody reads the table
    assert process.wait(timeout=120) == 0
    assert b"Traceback" not in process.stderr.read()
    process.stderr.close()
    assert figures(out)["bots"]["greedy"]["matches"] == 4


def test_progress_lines_when_stderr_is_not_a_terminal() -> None:
    # Run in the background (nohup, a batch job): no bar, but a line at each tenth.
    done = run_cli(*SHORT, "--bots", "greedy,random", "--matches", "40", "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("matches ")]
    counts = [int(line.split()[1].split("/")[0]) for line in lines]
    assert all(line.split()[1].endswith("/40") for line in lines)
    assert counts == sorted(set(counts)) and counts[-1] == 40
    assert 5 <= len(lines) <= 10  # about one a tenth, never one a batch
    assert "(100%)" in lines[-1] and "s left" in lines[-1]
