"""The server benchmark (benchmarks/server_bench.py) runs, the crowd and stuck client included."""

from __future__ import annotations

import re

import pytest

from benchmark_scripts import load_benchmark


def test_a_tiny_run_with_a_crowd_and_a_stuck_client_prints_every_tables_p99(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_benchmark("server_bench")
    argv = ["--tables", "2", "--seconds", "6", "--warmup", "2", "--think", "0.2"]
    assert bench.main([*argv, "--crowd", "20", "--stuck", "1", "--stale", "300"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"the crowd: 20 spectators joined one table at once, in [\d.]+ ms", out)
    assert "sent them 20 snapshots on connecting" in out
    assert "stuck clients: 1; they wrote 300 stale actions to the network" in out
    assert re.search(r"crowd table \S+: p99 [\d.]+ ms over \d+ moves", out)
    assert re.search(r"the other 2 tables' p99: median [\d.]+ ms, worst [\d.]+ ms", out)


def test_a_tiny_run_beside_hard_solo_tables_prints_their_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_benchmark("server_bench")
    argv = ["--tables", "2", "--seconds", "6", "--warmup", "2", "--think", "0.2"]
    assert bench.main([*argv, "--hard-solo", "2", "--hard-bots", "2", "--bot-workers", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"hard solo tables: 2 at once \(\d+ opened\), 2 hard bots each, thinking "
        r"in worker processes: \d+ moves",
        out,
    )
    assert re.search(r"^\s+\d+\s+[\d.]+ ms", out, re.M)  # the measured client moves' line
