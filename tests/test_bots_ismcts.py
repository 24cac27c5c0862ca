"""The ismcts bot: its tree's moves, its root, its budget and its keeping of the prior."""

from __future__ import annotations

import pytest

from threethirteen.actions import Action, Discard, Draw, GoOut, Source
from threethirteen.bots import (
    BOT_NAMES,
    Bot,
    HeuristicBot,
    IsmctsBot,
    SimpleBot,
    make_bot,
    play_match,
)
from threethirteen.bots.base import decisions
from threethirteen.bots.ismcts import tree_moves
from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.views import PlayerView

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")


def stacked(hand_sizes: str, mine: str, theirs: str, up: str) -> MatchState:
    """A two-player round with seat to play holding ``mine``."""
    state = MatchState.new(CLASSIC.with_options(hand_sizes=hand_sizes), 2, seed=1)
    state.stack([mine, theirs] if state.current == 0 else [theirs, mine], up=up)
    return state


def test_registered_with_options() -> None:
    assert "ismcts" in BOT_NAMES
    bot = make_bot("ismcts:samples=40+width=2+exploration=0.05+draws=1", seed=3)
    assert isinstance(bot, IsmctsBot)
    assert (bot.samples, bot.seconds, bot.width, bot.exploration, bot.draws) == (
        40,
        None,
        2,
        0.05,
        True,
    )
    assert make_bot("ismcts").seconds == 0.5  # type: ignore[attr-defined]
    for bad, quoted in (
        ({"width": 0}, "0"),
        ({"exploration": -1.0}, "-1.0"),
        ({"depth": -2}, "-2"),
    ):
        with pytest.raises(ThreeThirteenError, match=quoted):
            IsmctsBot(**bad)


def test_tree_discards_are_the_lowest_deadwoods_and_going_out_is_alone() -> None:
    state = stacked("7", "5S 6S 7S 9H 9D 2C KC", "AD 4D JH QH 3C 10C 4S", up="8C")
    state.apply(Draw(Source.STOCK))
    solver = state.solver
    hand = state.hand(state.current)
    moves = tree_moves(state, 3)
    assert len(moves) == 3 and all(isinstance(m, Discard) for m in moves)
    left = [solver.deadwood(_without(hand, m.card)) for m in moves if isinstance(m, Discard)]
    others = [
        solver.deadwood(_without(hand, card)) for card in set(hand) if Discard(card) not in moves
    ]
    assert max(left) <= min(others)  # no discard left out leaves less
    # A hand that can go out weighs going out alone.
    out = stacked("4", "5H 6H 7H KC", "2S 9D JD QC", up="8H")
    out.apply(Draw(Source.DISCARD))
    assert tree_moves(out, 3) == [GoOut(Card.parse("KC"))]


def _without(hand: tuple[Card, ...], card: Card) -> list[Card]:
    cards = list(hand)
    cards.remove(card)
    return cards


def test_tree_draws_put_a_useful_pile_card_first() -> None:
    useful = stacked("4", "5H 6H 9C KC", "2S 9D JD QC", up="7H")
    assert tree_moves(useful, 3) == [Draw(Source.DISCARD), Draw(Source.STOCK)]
    useless = stacked("4", "5H 6H 9C KC", "2S 9D JD QC", up="QS")
    assert tree_moves(useless, 3) == [Draw(Source.STOCK), Draw(Source.DISCARD)]


def test_reproducible_and_blind_to_hidden_cards() -> None:
    a, b = IsmctsBot(5, samples=60, near=0), IsmctsBot(5, samples=60, near=0)
    one = stacked("7", "5S 6S 9H 9D 2C KC 10H", "AD 4D JH QH 3C 10C 4S", up="8C")
    two = stacked("7", "5S 6S 9H 9D 2C KC 10H", "AS 4H JD QD 3S 10D 4C", up="8C")
    for state in (one, two):
        state.apply(Draw(Source.DISCARD))
    seat = one.current
    assert one.hand(seat) == two.hand(seat)  # the same stock card drawn
    assert a.choose(one.view(seat)) == b.choose(two.view(seat))
    assert a.last.values == b.last.values and a.last.worlds == b.last.worlds == 60


def test_the_prior_is_kept_without_confidence_and_searched_first() -> None:
    # With fewer iterations than two a move, no other move can be shown better.
    prior = HeuristicBot()
    bot = IsmctsBot(2, samples=3, near=0, candidates=3)
    state = MatchState.new(CLASSIC.with_options(hand_sizes="7,10"), 2, seed=11)
    searched = 0
    for decision in decisions(state, [bot, SimpleBot(1)]):
        if decision.seat != 0:
            continue
        assert decision.action == prior.choose(decision.view)
        if bot.last.worlds:
            searched += 1
            assert bot.last.candidates[0] == decision.action
            assert len(bot.last.values) == 3  # each root move tried once, in order
    assert searched > 3


class WildFirst(IsmctsBot):
    """A bot whose prior throws the wild: the search must replace it."""

    first, second = "7H", "KC"

    def _candidates(self, view: PlayerView) -> tuple[tuple[Action, ...], str]:
        return (Discard(Card.parse(self.first)), Discard(Card.parse(self.second))), ""


class KingFirst(WildFirst):
    """The same two moves, the right one first."""

    first, second = "KC", "7H"


def test_a_clearly_better_move_replaces_the_prior() -> None:
    # 7s are wild with 7 cards: throwing the wild just taken is far worse than the king.
    state = stacked("7", "5S 6S 9H 9D 2C KC 10H", "AD 4D JH QH 3C 10C 4S", up="7H")
    state.apply(Draw(Source.DISCARD))
    view = state.view(state.current)
    bot = WildFirst(2, samples=200)
    assert bot.choose(view) == Discard(Card.parse("KC"))
    values = bot.last.values
    assert values[Discard(Card.parse("7H"))] < values[Discard(Card.parse("KC"))]
    # The prior thrown the right way round is clearly best: the search stops early.
    right = KingFirst(2, samples=400)
    assert right.choose(view) == Discard(Card.parse("KC"))
    assert 2 * 8 <= right.last.worlds < 400
    # Two iterations cannot show it: the prior stays.
    assert WildFirst(2, samples=2).choose(view) == Discard(Card.parse("7H"))


def test_searches_the_draw_when_asked() -> None:
    state = stacked("7", "5S 6S 9H 9D 2C KC 10H", "AD 4D JH QH 3C 10C 4S", up="8C")
    view = state.view(state.current)
    plain = IsmctsBot(4, samples=30)
    plain.choose(view)
    assert plain.last.worlds == 0 and plain.last.shortcut == "the prior's draw"
    both = IsmctsBot(4, samples=30, draws=1)
    assert both.choose(view) in view.legal_actions
    assert set(both.last.candidates) == {Draw(Source.STOCK), Draw(Source.DISCARD)}
    assert both.last.worlds == 30


def test_plays_whole_matches_legally_at_four_players() -> None:
    rules = get_rules("bga").with_options(hand_sizes="3,6")
    bots: list[Bot] = [IsmctsBot(1, samples=8, width=2), SimpleBot(2), HeuristicBot(), SimpleBot(3)]
    played = play_match(rules, bots, seed=9)
    assert played.state.phase is Phase.MATCH_OVER
