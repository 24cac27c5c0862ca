"""Card counting from a view's public log: what each seat discarded, took and refused.

Everything here is computed from a :class:`~threethirteen.views.PlayerView`
alone (its round log and discard pile), so a bot using it still sees only what
its seat may see.

* **taken**: cards a seat took from the discard pile this round. A player takes
  a card it can use, so it is likely collecting that rank, or that suit near
  that rank.
* **refused**: the top discard a seat passed over when it drew from the stock
  instead: evidence that it does not need that card.
* **discarded**: cards it threw away this round: evidence it is not collecting them.

>>> from threethirteen.actions import parse_action
>>> from threethirteen.rules import get_rules
>>> from threethirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic").with_options(first_dealer="first-seat"), 2, seed=1)
>>> state.stack(["3S 9C QC", "7H 8H KD"], up="9H", stock_top="2D 5C")
>>> for move in ("draw discard", "discard KD", "draw stock", "discard QC"):
...     _ = state.apply(parse_action(move))
>>> reads = read_log(state.view(1))  # seat 1 played first: the seat after the dealer
>>> [str(c) for c in reads[1].taken], [str(c) for c in reads[0].taken]
(['9H'], [])
>>> [str(c) for c in reads[0].refused], [str(c) for c in reads[0].discarded]
(['KD'], ['QC'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from threethirteen.cards import Card
from threethirteen.views import EventKind, PlayerView

__all__ = ["SeatRead", "read_log"]


@dataclass(frozen=True, slots=True)
class SeatRead:
    """What one seat's public actions this round say about its wants."""

    taken: Counter[Card] = field(default_factory=Counter)
    refused: Counter[Card] = field(default_factory=Counter)
    discarded: Counter[Card] = field(default_factory=Counter)


class _Unknown:
    """The round's first up card, until the log or the pile tells which card it was."""


def read_log(view: PlayerView) -> tuple[SeatRead, ...]:
    """One :class:`SeatRead` a seat (the viewer's too), from this round's public log.

    The pile is replayed forward from the deal to know the top card at every
    stock draw. The first up card is not in the log; it is recovered from the
    first time it is taken, or from the bottom of the pile if it is still there.
    Refusals of an up card that was reshuffled into the stock before either
    happened are dropped (nothing public says which card it was).
    """
    reads = tuple(SeatRead() for _ in range(view.players))
    unknown = _Unknown()
    pile: list[Card | _Unknown] = [unknown]
    refused_unknown: list[int] = []  # seats that passed over the unknown up card
    up: Card | None = None
    for event in view.log:
        kind = event.kind
        if kind is EventKind.DRAW_STOCK:
            top = pile[-1] if pile else None
            if isinstance(top, Card):
                reads[event.seat].refused[top] += 1
            elif top is unknown:
                refused_unknown.append(event.seat)
        elif kind is EventKind.DRAW_DISCARD and event.card is not None:
            if pile and pile.pop() is unknown:
                up = event.card
            reads[event.seat].taken[event.card] += 1
        elif kind in (EventKind.DISCARD, EventKind.GO_OUT) and event.card is not None:
            pile.append(event.card)
            reads[event.seat].discarded[event.card] += 1
        elif kind is EventKind.RESHUFFLE:
            pile = pile[-1:]
    if up is None and pile and pile[0] is unknown and view.discard_pile:
        up = view.discard_pile[0]
    if up is not None:
        for seat in refused_unknown:
            reads[seat].refused[up] += 1
    return reads
