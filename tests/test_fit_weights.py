"""The weight-fitting tool (benchmarks/fit_weights.py) measures what it says."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from benchmark_scripts import load_benchmark
from threethirteen.bots import HeuristicBot, make_bot
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_benchmark("fit_weights")


def test_the_fit_recovers_known_weights(tool: ModuleType) -> None:
    rng = random.Random(5)
    truth = [-0.5, 1.5, 0.0, 2.0, -3.0, 0.0, 0.0, 0.0, 0.0, 0.25]
    rows = []
    for _ in range(4000):
        x = tuple(rng.gauss(0, 1) for _ in truth)
        rows.append((x, sum(b * v for b, v in zip(truth, x, strict=True)) + rng.gauss(0, 0.5)))
    fitted = tool.fit(rows, range(len(truth)))
    for (beta, error), expected in zip(fitted, truth, strict=True):
        assert abs(beta - expected) < 4 * error < 0.1


def test_the_explorer_without_exploring_is_the_heuristic(tool: ModuleType) -> None:
    explorer = tool.Explorer(seed=3, explore=0.0)
    plain = HeuristicBot()
    state = MatchState.new(get_rules("classic"), 2, seed=8)
    bots = [explorer, make_bot("simple", 1)]
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
            continue
        view = state.view(state.current)
        action = bots[state.current].choose(view)
        if state.current == 0:
            assert action == plain.choose(view)
        state.apply(action)
    assert explorer.samples == []


def test_exploring_samples_are_centred_and_tied_to_their_rounds(tool: ModuleType) -> None:
    samples = tool.play(("classic", 2, "simple", 1.0, 21))
    assert len(samples) > 30  # every discard with a choice is randomized
    assert sum(chosen for _, chosen, _ in samples) < len(samples)  # not always the heuristic's
    for terms, _, margin in samples:
        assert len(terms) == len(tool.NAMES)
        assert isinstance(margin, float)
    # A random pick's centred deadwood averages about 0 (the mean of the shortlist).
    mean = sum(terms[0] for terms, _, _ in samples) / len(samples)
    assert abs(mean) < 2.0
