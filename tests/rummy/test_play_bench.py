"""The random-play benchmark (benchmarks/rummy_play_bench.py) measures what it says."""

from __future__ import annotations

import random
import re
from types import ModuleType

import pytest

from benchmark_scripts import load_benchmark
from threethirteen.game import Stage
from threethirteen.games.rummy.rules import get_rules
from threethirteen.games.rummy.state import RummyState


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("rummy_play_bench")


def test_it_plays_whole_hands_and_counts_every_action(bench: ModuleType) -> None:
    rules = get_rules("cardgames")
    played = bench.play_hands(rules, 3, 4, seed=5)
    assert played.hands == 4 and played.seconds > 0
    # The same hands played here, step by step, take as many actions and end alike.
    rng = random.Random(5)
    actions = out = 0
    for hand in range(4):
        state = RummyState.new(rules, 3, seed=5_000 + hand)
        while state.stage is Stage.PLAY:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        assert state.stage is Stage.ROUND_OVER and state.round_number == 1
        out += state.results[-1].out is not None
    assert (played.actions, played.out) == (actions, out)
    assert played.actions_per_second == pytest.approx(actions / played.seconds)
    assert played.hands_per_second == pytest.approx(4 / played.seconds)


def test_a_tiny_run_prints_both_figures(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--hands", "5", "--players", "4", "--house", "target=50"]) == 0
    out = capsys.readouterr().out
    assert "Rummy, cardgames: to 50, 4 players of 7 cards, seed 2024" in out
    assert re.search(r"random play, checked apply: 5 hands, [\d,]+ actions", out)
    assert re.search(r"hands a second +[\d,.]+\n", out)
    assert re.search(r"actions a second +[\d,]+\n", out)
    assert "the same hands, apply_unchecked: 5 hands" in out
    assert re.search(r"hands someone went out +\d+\.\d%", out)
