"""The ``montecarlo`` bot: its options, its repeatable fixed budget, and what it searches."""

from __future__ import annotations

import pytest

from threethirteen.bots import make_bot
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.thirteen.actions import parse_action
from threethirteen.games.thirteen.bots import HeuristicBot, MonteCarloBot
from threethirteen.games.thirteen.state import ThirteenState


@pytest.mark.parametrize(
    "options",
    [{"seconds": 0}, {"seconds": 2.0}, {"samples": 0}, {"candidates": 0}],
)
def test_bad_options_are_refused(options: dict[str, float]) -> None:
    with pytest.raises(ThreeThirteenError):
        MonteCarloBot(**options)  # type: ignore[arg-type]


def test_options_from_a_bot_spec() -> None:
    timed = make_bot("montecarlo:0.1", game="thirteen")
    assert isinstance(timed, MonteCarloBot) and timed.seconds == 0.1
    bot = make_bot("montecarlo:samples=5+candidates=2", seed=3, game="thirteen")
    assert isinstance(bot, MonteCarloBot) and (bot.samples, bot.candidates) == (5, 2)


def test_a_fixed_budget_is_repeatable_and_spent() -> None:
    state = ThirteenState.new(None, 4, seed=12)
    for _ in range(3):
        state.apply(HeuristicBot().choose(state.view(state.current)))
    view = state.view(state.current)
    bot = MonteCarloBot(seed=4, samples=10)
    first = bot.choose(view)
    stats = bot.stats
    assert first in view.legal_actions
    assert 1 <= stats.worlds <= 10
    assert stats.candidates and stats.candidates[0][1] == stats.worlds  # the prior: every world
    assert all(MonteCarloBot(seed=4, samples=10).choose(view) == first for _ in range(2))


def test_forced_and_finishing_moves_are_not_searched() -> None:
    # Seat 1 can only pass on the 2H: nothing to search.
    state = ThirteenState.stack(None, ["2H 3D", "4S 5S"], leader=0)
    state.apply(parse_action("2H"))
    bot = MonteCarloBot(samples=50)
    assert str(bot.choose(state.view(1))) == "pass" and bot.stats.worlds == 0
    # A play that empties the hand is made at once.
    state = ThirteenState.stack(None, ["9S 9H", "3S 4D 10D 2C"], leader=0)
    assert str(bot.choose(state.view(0))) == "play 9S 9H" and bot.stats.worlds == 0


def test_it_finds_the_winning_line_the_prior_misses() -> None:
    # Two players. Seat 1 leads 2D, holding five cards; seat 0 holds 9D 2H. The
    # heuristic passes: 2H is not sure to win (a hand of five might hold a bomb), and
    # it keeps its 2s when unsure. But 2H wins unless seat 1 holds a bomb, and then
    # 9D goes out; passing lets seat 1 lead on and often go out first.
    state = ThirteenState.stack(None, ["9D 2H", "6D 7C 8H AC AH 2D"], leader=1)
    state.apply(parse_action("2D"))
    view = state.view(0)
    assert str(HeuristicBot().choose(view)) == "pass"
    for seed in range(3):
        bot = MonteCarloBot(seed=seed, samples=60, match_value=False)
        assert str(bot.choose(view)) == "play 2H"
        assert bot.stats.switched
