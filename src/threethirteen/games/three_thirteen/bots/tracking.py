"""Card counting from a view's public log: what each seat discarded, took and refused.

Everything here is computed from a :class:`~threethirteen.games.three_thirteen.views.PlayerView`
alone (its round log and discard pile), so a bot using it still sees only what
its seat may see.

* **taken**: cards a seat took from the discard pile this round. A player takes
  a card it can use, so it is likely collecting that rank, or that suit near
  that rank.
* **refused**: the top discard a seat passed over when it drew from the stock
  instead: evidence that it does not need that card.
* **discarded**: cards it threw away this round: evidence it is not collecting them.

>>> from threethirteen.games.three_thirteen.actions import parse_action
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
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
from threethirteen.games.three_thirteen.actions import Source
from threethirteen.games.three_thirteen.views import PlayerView, round_turns

__all__ = ["SeatRead", "read_log"]


@dataclass(frozen=True, slots=True)
class SeatRead:
    """What one seat's public actions this round say about its wants."""

    taken: Counter[Card] = field(default_factory=Counter)
    refused: Counter[Card] = field(default_factory=Counter)
    discarded: Counter[Card] = field(default_factory=Counter)


def read_log(view: PlayerView) -> tuple[SeatRead, ...]:
    """One :class:`SeatRead` a seat (the viewer's too), from this round's public log.

    Read off :func:`~threethirteen.games.three_thirteen.views.round_turns`, which replays
    the pile to know the top card at every stock draw. A refusal of the round's first up card
    counts once the card is named (taken later, or still at the bottom of the
    pile); one that was reshuffled into the stock unseen is dropped (nothing
    public says which card it was).
    """
    reads = tuple(SeatRead() for _ in range(view.players))
    for read, turns in zip(reads, round_turns(view), strict=True):
        for turn in turns:
            if turn.top is not None:
                (read.taken if turn.source is Source.DISCARD else read.refused)[turn.top] += 1
            if turn.discard is not None:
                read.discarded[turn.discard] += 1
    return reads
