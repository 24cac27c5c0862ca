"""The move generator benchmark (benchmarks/thirteen_moves_bench.py) measures what it says."""

from __future__ import annotations

from types import ModuleType

import pytest

from benchmark_scripts import load_benchmark
from threethirteen.games.thirteen.combos import classify


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("thirteen_moves_bench")


def test_positions_are_dealt_hands_facing_another_hands_play(bench: ModuleType) -> None:
    leading, following = bench.deal_positions(10, seed=3)
    assert len(leading) == len(following) == 10
    for lead, follow in zip(leading, following, strict=True):
        assert lead.table is None
        assert follow.hand == lead.hand
        assert len(set(lead.hand)) == 13
        # The table is a real combination, of cards this hand does not hold.
        assert classify(follow.table.cards) == follow.table
        assert not set(follow.table.cards) & set(follow.hand)
    # One deal: four hands that share no card.
    assert len({card for position in leading[:4] for card in position.hand}) == 52


def test_a_tiny_run_prints_both_figures_beside_their_goals(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--hands", "6", "--naive-hands", "2", "--runs", "1", "--matches", "2"]) == 0
    out = capsys.readouterr().out
    assert "leading: 6 hands" in out
    assert "following: 6 hands" in out
    assert "goal median <= 100 us" in out
    assert "goal median <= 30 us" in out
    assert out.count("naive, first 2 hands") == 2
    # The whole-match section: two random matches to the target, actions a second.
    assert "random play: 2 matches of 4 players to 10 points" in out
    assert "goal >= 15,000" in out
