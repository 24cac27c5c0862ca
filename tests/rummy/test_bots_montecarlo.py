"""The ``montecarlo`` bot: its budget, its options, its repeatability, and its plans."""

from __future__ import annotations

import time

import pytest

from threethirteen.errors import ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.games.rummy.actions import Discard
from threethirteen.games.rummy.bots import MonteCarloBot
from threethirteen.games.rummy.state import RummyState


def mid_hand(seed: int) -> RummyState:
    """A hand a few turns in, seat to act in its meld phase (after drawing)."""
    state = RummyState.new(None, 2, seed=seed)
    bot = MonteCarloBot(samples=1, candidates=1)
    while state.stage is Stage.PLAY and (len(state.log) < 8 or state.phase.value != "meld"):
        state.apply(bot.choose(state.view(state.current)))
    assert state.stage is Stage.PLAY
    return state


def test_a_time_budget_is_kept() -> None:
    bot = MonteCarloBot(seed=1, seconds=0.05)
    worst = 0.0
    searched = 0
    for seed in range(4):
        state = mid_hand(seed)
        view = state.view(state.current)
        start = time.thread_time()
        action = bot.choose(view)
        worst = max(worst, time.thread_time() - start)
        searched += bot.stats.worlds > 0
        assert action in view.legal_actions
    assert searched >= 2
    # The budget, plus one world's rollouts and the heuristic's own plan.
    assert worst < 0.05 + 0.15


def test_a_sample_budget_is_cut_short_of_a_second() -> None:
    state = mid_hand(2)
    bot = MonteCarloBot(seed=1, samples=100_000)
    start = time.thread_time()
    bot.choose(state.view(state.current))
    spent = time.thread_time() - start
    assert bot.stats.worlds < 100_000
    assert 0.5 < spent < 1.0


def test_samples_make_it_repeatable() -> None:
    state = mid_hand(3)
    view = state.view(state.current)
    one, two = MonteCarloBot(seed=4, samples=12), MonteCarloBot(seed=4, samples=12)
    assert one.choose(view) == two.choose(view)
    assert one.stats == two.stats
    assert one.stats.worlds == 12 or len(one.stats.candidates) > 1


def test_it_goes_out_unsearched() -> None:
    state = RummyState.stack(
        None, ["4H 5H 6H 9S 9D 9C KC", "2C 3D 8C 9H 10S JS QS 2S 3S 4S"], pile="QD", stock="7H"
    )
    bot = MonteCarloBot(samples=50)
    while state.stage is Stage.PLAY and state.current == 0:
        action = bot.choose(state.view(0))
        if state.phase.value == "meld":
            assert bot.stats.worlds == 0
        state.apply(action)
    assert isinstance(action, Discard) and state.results[-1].out == 0


def test_it_follows_its_plan_through_the_turn() -> None:
    state = mid_hand(5)
    bot = MonteCarloBot(seed=2, samples=6)
    seat = state.current
    searches = 0
    while state.stage is Stage.PLAY and state.current == seat:
        state.apply(bot.choose(state.view(seat)))
        searches += bot.stats.worlds > 0
    assert searches <= 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seconds": 0}, "seconds"),
        ({"seconds": 2}, "seconds"),
        ({"samples": 0}, "samples"),
        ({"candidates": 0}, "candidates"),
    ],
)
def test_bad_options_are_refused(options: dict[str, float], message: str) -> None:
    with pytest.raises(ThreeThirteenError, match=message):
        MonteCarloBot(**options)  # type: ignore[arg-type]
