"""Test helper: a copy of a match that differs only in what one seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

from threethirteen.actions import Source
from threethirteen.cards import Card, make_shoe
from threethirteen.state import MatchState
from threethirteen.views import Event, EventKind, known_holdings


def redeal_hidden(state: MatchState, viewer: int, rng: random.Random) -> MatchState:
    """A copy in which everything the viewer cannot know is dealt anew.

    The cards of other hands that the viewer has not seen taken from the pile are
    shuffled with the stock and dealt back (hand sizes kept); the card another seat
    drew from the stock this turn, and the cards of other seats' past stock draws in
    the omniscient log, are replaced too.
    """
    other = state.copy()
    known = known_holdings(state.view(viewer))
    seats = [s for s in range(state.players) if s != viewer]
    kept: dict[int, list[Card]] = {}
    hidden = list(other._stock)
    for s in seats:
        rest = Counter(other._hands[s]) - known[s]
        kept[s] = list((Counter(other._hands[s]) - rest).elements())
        hidden += list(rest.elements())
    rng.shuffle(hidden)
    for s in seats:
        size = len(other._hands[s]) - len(kept[s])
        new_cards, hidden = hidden[:size], hidden[size:]
        other._hands[s] = kept[s] + new_cards
        if s == other.current and other.drawn_from is Source.STOCK and new_cards:
            other._drawn = rng.choice(new_cards)
    other._stock = hidden
    shoe = make_shoe(state.rules.decks_for(state.players), state.rules.jokers)
    other._events = [
        Event(e.kind, e.seat, rng.choice(shoe), e.count)
        if e.kind is EventKind.DRAW_STOCK and e.seat != viewer
        else e
        for e in other._events
    ]
    other._legal = None
    other._reset_out_cache()
    return other
