"""Determinization: complete states consistent with what one seat may see.

A search bot cannot look at the other hands or the stock, so it plays out
*worlds*: full :class:`~threethirteen.games.three_thirteen.state.MatchState` positions that agree
with its :class:`~threethirteen.games.three_thirteen.views.PlayerView` in everything the view shows,
with the hidden cards dealt at random. :func:`sample_world` builds one:

* the viewer's hand, the discard pile, the table, the public log, the turn,
  the seat to act, the seat that went out, the round's past results and the
  score sheet are copied from the view;
* each other seat holds the cards it is known to hold (taken from the discard
  pile and not discarded since: :func:`~threethirteen.games.three_thirteen.views.known_holdings`),
  and its other cards are drawn from the unseen cards
  (:func:`~threethirteen.games.three_thirteen.views.unseen_cards`);
* the stock gets the rest, in random order.

Drawing the unknown cards can be *biased* by what each opponent did in public
(``bias`` > 0): a seat that discarded a card, or drew from the stock rather than
take the card on the pile, probably holds little that melds with it; a seat that
took a card probably holds something that does. Cards are weighted for that
seat accordingly (wild cards are never weighted: everybody wants them). With
``bias=0`` every consistent deal is equally likely.

A world is a position, not a replayable match: its log is the public log, and
earlier rounds' deals are unknown, so its :meth:`~.state.MatchState.record`
does not replay. Legal actions, play to the end of the round and scoring work
as in a real match.

>>> import random
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new("classic", 3, seed=5)
>>> view = state.view(state.current)
>>> world = sample_world(view, random.Random(1))
>>> world.view(view.seat) == view
True
>>> world.hand(view.seat) == state.hand(view.seat)
True
"""

from __future__ import annotations

import random
from collections import Counter

from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Source
from threethirteen.games.three_thirteen.rules import AceMode
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.views import (
    EventKind,
    Phase,
    PlayerView,
    known_holdings,
    round_turns,
    unseen_cards,
)

__all__ = ["card_weights", "public_signals", "sample_world"]

# How much one public signal moves a card's weight for a seat (see card_weights).
_REFUSED_FACTOR = 0.5
_TAKEN_FACTOR = 2.0


def public_signals(view: PlayerView) -> tuple[tuple[list[Card], list[Card]], ...]:
    """Per seat, the cards it refused and the cards it took in this round, from the log.

    Refused: every card it discarded, and the top of the discard pile each time it
    drew from the stock instead. Taken: every card it took from the pile. The
    viewer's own entry is included (unused by :func:`sample_world`). Each list is
    in the order of the seat's turns (:func:`~.views.round_turns`).
    """
    signals: list[tuple[list[Card], list[Card]]] = []
    for turns in round_turns(view):
        refused: list[Card] = []
        taken: list[Card] = []
        for turn in turns:
            if turn.source is Source.DISCARD:
                if turn.top is not None:
                    taken.append(turn.top)
            elif turn.top is not None:
                refused.append(turn.top)
            if turn.discard is not None:
                refused.append(turn.discard)
        signals.append((refused, taken))
    return tuple(signals)


def _related(a: Card, b: Card, aces: AceMode) -> bool:
    """Could ``a`` and ``b`` share a natural meld: same rank, or same suit within two ranks."""
    if a.rank is None or b.rank is None:
        return False
    if a.rank == b.rank:
        return True
    if a.suit != b.suit:
        return False
    gap = abs(int(a.rank) - int(b.rank))
    if aces is not AceMode.LOW:
        gap = min(gap, 13 - gap)  # an ace may also sit next to the king
    return gap <= 2


def card_weights(view: PlayerView, seat: int, cards: list[Card], bias: float) -> list[float]:
    """Relative weights of ``cards`` being in ``seat``'s unknown cards, from its public play.

    Each refused card related to a candidate (same rank, or same suit within two
    ranks) multiplies its weight by ``0.5 ** bias``; each taken card related to it
    by ``2 ** bias``. Wild cards keep weight 1. ``bias=0`` gives all ones.
    """
    if bias == 0:
        return [1.0] * len(cards)
    refused, taken = public_signals(view)[seat]
    aces = view.rules.aces
    down, up = _REFUSED_FACTOR**bias, _TAKEN_FACTOR**bias
    weights = []
    wild = view.wild_rank
    for card in cards:
        weight = 1.0
        if card.rank is not None and card.rank is not wild:
            for other in refused:
                if _related(card, other, aces):
                    weight *= down
            for other in taken:
                if _related(card, other, aces):
                    weight *= up
        weights.append(weight)
    return weights


def _weighted_sample(
    rng: random.Random, cards: list[Card], weights: list[float], k: int
) -> tuple[list[Card], list[Card]]:
    """``k`` of ``cards`` drawn without replacement by weight, and the cards left over.

    Efraimidis-Spirakis: the ``k`` largest keys ``u ** (1 / w)`` are a weighted
    draw without replacement in one pass.
    """
    keyed = sorted(
        ((rng.random() ** (1.0 / w), i) for i, w in enumerate(weights)),
        reverse=True,
    )
    chosen = {i for _, i in keyed[:k]}
    picked = [cards[i] for i in range(len(cards)) if i in chosen]
    rest = [cards[i] for i in range(len(cards)) if i not in chosen]
    return picked, rest


def sample_world(view: PlayerView, rng: random.Random, bias: float = 0.0) -> MatchState:
    """A full state consistent with ``view``, the hidden cards dealt at random from ``rng``.

    ``world.view(view.seat) == view`` holds; every card of the shoe is in exactly
    one place; each other seat holds its known cards. ``bias`` (0 or more) weights
    the opponents' unknown cards by their public play (see :func:`card_weights`).
    The result depends only on the view, ``rng``'s state and ``bias``. Raises
    :class:`ThreeThirteenError` when the round is over (nothing is left to play)
    or the view's counts do not add up (a view not made by a state).
    """
    if view.phase not in (Phase.DRAW, Phase.DISCARD):
        raise ThreeThirteenError(f"no world to sample in phase {view.phase}: the round is over")
    if bias < 0:
        raise ThreeThirteenError(f"the sampling bias must be 0 or more, got {bias!r}")
    known = known_holdings(view)
    pool = sorted(unseen_cards(view).elements(), key=Card.sort_key)
    needed = [
        0 if seat == view.seat else view.hand_sizes[seat] - sum(known[seat].values())
        for seat in range(view.players)
    ]
    if any(n < 0 for n in needed) or sum(needed) + view.stock_size != len(pool):
        raise ThreeThirteenError(
            f"the view does not add up: {len(pool)} unseen cards for a stock of "
            f"{view.stock_size} and {sum(needed)} unknown cards in other hands"
        )
    rng.shuffle(pool)
    hands: list[list[Card]] = [
        list(view.hand) if s == view.seat else [] for s in range(view.players)
    ]
    # Deal seat by seat after the viewer, so the order is fixed by the view alone.
    for offset in range(1, view.players):
        seat = (view.seat + offset) % view.players
        held = sorted(known[seat].elements(), key=Card.sort_key)
        if bias > 0 and needed[seat]:
            weights = card_weights(view, seat, pool, bias)
            extra, pool = _weighted_sample(rng, pool, weights, needed[seat])
        else:
            extra, pool = pool[: needed[seat]], pool[needed[seat] :]
        hands[seat] = held + extra
    drawn = view.drawn
    if view.phase is Phase.DISCARD and view.current != view.seat:
        last = view.log[-1]
        if last.kind is EventKind.DRAW_DISCARD:
            drawn = last.card
        else:  # a stock draw: one of its cards not known from the pile
            unknown = Counter(hands[view.current]) - known[view.current]
            choices = sorted(unknown.elements(), key=Card.sort_key)
            drawn = rng.choice(choices) if choices else None
    rng.shuffle(pool)
    return MatchState._from_world(view, hands, pool, drawn, rng.getrandbits(63))
