"""The weight-fitting tool (benchmarks/fit_weights.py) measures what it says."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from threethirteen.bots import HeuristicBot, make_bot
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "fit_weights.py"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    if str(SCRIPT.parent) not in sys.path:  # its sibling module, as when run as a script
        sys.path.insert(0, str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("fit_weights", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_weights"] = module
    spec.loader.exec_module(module)
    return module


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
