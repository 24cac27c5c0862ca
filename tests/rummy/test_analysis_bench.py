"""The analysis benchmark (benchmarks/rummy_analysis_bench.py) measures what it says."""

from __future__ import annotations

from types import ModuleType

import pytest

from benchmark_scripts import load_benchmark
from threethirteen.games.rummy.melds import meld_kind


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("rummy_analysis_bench")


def test_positions_are_eleven_card_hands_beside_a_valid_table(bench: ModuleType) -> None:
    positions = bench.deal_positions(20, seed=3, melds=4)
    assert len(positions) == 20
    for position in positions:
        assert len(position.hand) == 11 and len(set(position.hand)) == 11
        assert len(position.table) == 4
        on_table = [card for meld in position.table for card in meld.cards]
        assert len(set(on_table)) == len(on_table)
        assert not set(on_table) & set(position.hand)
        for meld in position.table:
            assert meld_kind(meld.cards) is meld.kind
    assert bench.deal_positions(5, seed=3, melds=4) == positions[:5]  # seeded


def test_a_tiny_run_prints_the_figures_beside_the_goal_and_the_oracle(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--hands", "6", "--naive-hands", "2", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "6 hands of 11 cards, 4 melds on the table" in out
    assert out.count("goal median <= 1000 us") == 2
    assert "analyse, cold" in out
    assert out.count("naive, first 2 hands") == 2
    assert out.count("speed-up on those hands") == 2
