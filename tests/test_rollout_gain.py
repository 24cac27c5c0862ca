"""The decision-by-decision measuring tool (benchmarks/rollout_gain.py) measures what it says."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from benchmark_scripts import load_benchmark
from threethirteen.actions import Discard, Draw
from threethirteen.bots.base import decisions
from threethirteen.rules import get_rules
from threethirteen.scoring import RoundEnd
from threethirteen.state import MatchState
from threethirteen.views import Phase


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_benchmark("rollout_gain")


def options(tool: ModuleType, **changes: object) -> Any:
    base = {
        "rules": "classic",
        "players": 2,
        "bot": "heuristic",
        "opponents": "simple",
        "rollouts": 4,
        "candidates": 3,
        "challenger": None,
        "headroom": True,
        "oracle": False,
    }
    base.update(changes)
    return tool.Options(**base)


def test_positions_are_the_bots_own_decisions_with_its_move_first(tool: ModuleType) -> None:
    positions, _ = tool.collect(options(tool, headroom=False), seed=11)
    assert len(positions) > 50  # every seat-0 decision with a choice of a whole match
    bot = tool.make_bot("heuristic", 0)
    for position in positions[:40]:
        assert position.state.current == 0 and position.view.seat == 0
        assert position.moves[0] == bot.choose(position.view)
        assert len(set(position.moves)) == len(position.moves) > 1
        assert set(position.moves) <= set(position.view.legal_actions)
        kind = Draw if position.view.phase is Phase.DRAW else Discard
        assert all(isinstance(move, kind) for move in position.moves)


def test_a_challenger_that_agrees_gains_exactly_nothing(tool: ModuleType) -> None:
    same = options(tool, challenger="heuristic", headroom=False)
    results, _ = tool.measure_match((same, 12))
    assert results and all(r.challenger_gain == 0.0 for r in results)


def test_a_weaker_challenger_loses_where_it_differs(tool: ModuleType) -> None:
    weaker = options(tool, challenger="random", headroom=False)
    gains = [r.challenger_gain for r in tool.measure_match((weaker, 13))[0]]
    differing = [g for g in gains if g != 0]
    assert len(differing) > 20
    assert sum(differing) / len(differing) < 0  # random moves cost match wins


def test_oracle_worlds_keep_the_real_hands_and_hindsight_is_an_upper_bound(
    tool: ModuleType,
) -> None:
    position = tool.collect(options(tool, headroom=False), seed=14)[0][5]
    room = tool.headroom(options(tool, oracle=True), 7, position)
    # The best mean over all the worlds includes the bot's own move: never below 0.
    assert room.best_gain >= 0.0
    again = tool.headroom(options(tool, oracle=True), 7, position)
    assert again == room  # the same worlds for the same index
    assert position.state.with_shuffled_stock(70_000).hands == position.state.hands


def test_rounds_stopped_by_the_stall_rule_are_left_out(
    tool: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A stalled round repeats one position; its per-decision gains must not be summed.
    short = get_rules("classic").with_options(turn_limit=8)  # 4 turns each: many stall
    monkeypatch.setattr(tool, "get_rules", lambda name: short)
    chosen = options(tool, headroom=False)
    positions, left_out = tool.collect(chosen, seed=11)
    state = MatchState.new(short, 2, seed=11)
    mine = list(decisions(state, chosen.bots(11)))  # the same match, replayed
    stalled = {r.number for r in state.results if r.ending is RoundEnd.TURN_LIMIT}
    assert stalled and len(stalled) < 11  # some rounds stalled, some did not
    assert positions and left_out > 0
    assert all(p.view.round_number not in stalled for p in positions)
    in_stalls = [
        d
        for d in mine
        if d.seat == 0
        and d.view.round_number in stalled
        and len(tool.candidates(d.view, d.action, chosen.candidates)) > 1
    ]
    assert left_out == len(in_stalls)
