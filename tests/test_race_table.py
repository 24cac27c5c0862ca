"""The race table tool (benchmarks/race_table.py) counts every draw into the right round."""

from __future__ import annotations

from collections import Counter
from types import ModuleType

import pytest

from benchmark_scripts import load_benchmark
from threethirteen.bots.base import decisions
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_benchmark("race_table")


@pytest.mark.parametrize("players", [2, 3])
def test_every_draw_before_going_out_is_one_sample_of_its_round(
    tool: ModuleType, players: int
) -> None:
    seed = 7
    options = tool.MatchOptions("classic", players, "heuristic", "simple")
    cells = tool.measure_match((options, seed))
    # The same match again, counted here: draws before anyone went out, by round and seat.
    bots = tool.seated_bots(options, seed)
    state = MatchState.new(get_rules("classic"), players, seed)
    draws: Counter[tuple[int, int]] = Counter()
    for decision in decisions(state, bots):
        view = decision.view
        if view.phase is Phase.DRAW and view.out_seat is None:
            draws[view.round_number, decision.seat] += 1
    expected_penalty = sum(
        count * state.results[number - 1].penalties[seat] for (number, seat), count in draws.items()
    )
    assert sum(c[2] for c in cells.values()) == sum(draws.values()) > 0
    assert sum(c[1] for c in cells.values()) == expected_penalty
    assert all(0 <= own <= tool.CAP and 0 <= other <= tool.CAP for own, other in cells)
    assert all(c[0] >= 0 and c[2] > 0 for c in cells.values())
