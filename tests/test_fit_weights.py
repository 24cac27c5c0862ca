"""The weight-fitting tool (benchmarks/fit_weights.py) measures what it says."""

from __future__ import annotations

import random
from pathlib import Path
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
    assert sum(s.chosen for s in samples) < len(samples)  # not always the heuristic's
    for sample in samples:
        assert len(sample.terms) == len(tool.NAMES)
        assert isinstance(sample.margin, float)
        assert 3 <= sample.hand_size <= 13
    assert len({s.hand_size for s in samples}) >= 8  # rounds of many sizes explored
    assert len({s.match for s in samples}) == 1  # one match, one result
    assert samples[0].match in (0.0, 0.5, 1.0)
    # A random pick's centred deadwood averages about 0 (the mean of the shortlist).
    mean = sum(s.terms[0] for s in samples) / len(samples)
    assert abs(mean) < 2.0


def test_saved_samples_load_back_and_a_broken_line_is_quoted(
    tool: ModuleType, tmp_path: Path
) -> None:
    samples = tool.play(("classic", 2, "simple", 0.5, 22))
    path = tmp_path / "samples.jsonl"
    tool.save(str(path), samples)
    assert tool.load(str(path)) == samples
    path.write_text(path.read_text() + '{"terms": [1, 2], "chosen"\n')
    with pytest.raises(SystemExit, match=r'samples.jsonl:\d+: not a sample .*"chosen'):
        tool.load(str(path))


def test_a_term_that_never_varied_is_named_instead_of_a_fit(
    tool: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(6)
    rows = []
    for _ in range(50):
        x = tuple(0.0 if i == 5 else rng.gauss(0, 1) for i in range(len(tool.NAMES)))
        rows.append((x, rng.gauss(0, 1)))
    tool.report(rows, range(tool.HAND_SET), HeuristicBot().weights)
    assert "no fit from 50 rows: singular fit at term 'wild'" in capsys.readouterr().out
