"""What a Rummy bot reads from its view: the cards still hidden, and what each seat showed.

:class:`Reading` gathers, from nothing but a
:class:`~threethirteen.games.rummy.views.RummyView` and its log of this hand:

* ``unseen``: the cards in no place the bot can see (the others' hands and the
  stock); the cards the table, the pile and the bot's hand hold are *dead* to it.
* ``holds``: for each seat, the cards it took from the pile and still holds (it has
  not melded, laid off or discarded them since): known to be in its hand.
* ``refused``: for each seat, the pile's top cards it left there, drawing from the
  stock instead: cards that did not help its hand then.
* ``picked``: for each seat, every card it took from the pile this hand (held or not):
  the ranks and suits it collects.

>>> from threethirteen.games.rummy.actions import parse_action
>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.stack(None, ["4H 5H 9S", "7S 7D 2C"], pile="KD 7H", stock="3C 8S QC")
>>> for text in ("draw", "discard 9S", "take", "discard 2C", "draw"):
...     _ = state.apply(parse_action(text))
>>> reading = Reading.of(state.view(0))
>>> [str(c) for c in reading.holds[1]], [str(c) for c in reading.refused[0]]
(['9S'], ['7H', '2C'])
>>> len(reading.unseen), reading.opponent_sizes
(45, (3,))
"""

from __future__ import annotations

from dataclasses import dataclass

from threethirteen.cards import Card
from threethirteen.games.rummy.actions import Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.views import RummyView

__all__ = ["Reading"]


@dataclass(frozen=True, slots=True)
class Reading:
    """The bot's picture of the hand so far (see the module)."""

    seat: int
    unseen: frozenset[Card]
    holds: tuple[frozenset[Card], ...]
    refused: tuple[tuple[Card, ...], ...]
    picked: tuple[frozenset[Card], ...]
    opponents: tuple[int, ...]
    opponent_sizes: tuple[int, ...]

    @classmethod
    def of(cls, view: RummyView) -> Reading:
        players = view.players
        holds: list[set[Card]] = [set() for _ in range(players)]
        picked: list[set[Card]] = [set() for _ in range(players)]
        refused: list[list[Card]] = [[] for _ in range(players)]
        # The pile as it stood at each draw, from the pile as dealt (rebuilt by undoing
        # this hand's discards and takes; unknown below a rebuild's top card).
        rebuilt = view.rebuilds > 0 or any(event.rebuilt for event in view.log)
        pile = [] if rebuilt else _pile_at_start(view)
        for event in view.log:
            action, seat = event.action, event.seat
            if isinstance(action, Take):
                if event.taken is not None:
                    holds[seat].add(event.taken)
                    picked[seat].add(event.taken)
                if pile:
                    pile.pop()
            elif isinstance(action, Draw):
                if pile:
                    refused[seat].append(pile[-1])
            elif isinstance(action, NewMeld):
                holds[seat].difference_update(action.cards)
            elif isinstance(action, LayOff | Discard):
                holds[seat].discard(action.card)
                if isinstance(action, Discard):
                    pile = [action.card] if event.rebuilt else [*pile, action.card]
        me = view.seat
        opponents = tuple((me + k) % players for k in range(1, players))
        return cls(
            seat=me,
            unseen=frozenset(view.unseen),
            holds=tuple(frozenset(h) for h in holds),
            refused=tuple(tuple(r) for r in refused),
            picked=tuple(frozenset(p) for p in picked),
            opponents=opponents,
            opponent_sizes=tuple(view.hand_sizes[s] for s in opponents),
        )

    @property
    def known(self) -> frozenset[Card]:
        """The unseen cards known to be in another seat's hand (taken from the pile)."""
        out: set[Card] = set()
        for seat, cards in enumerate(self.holds):
            if seat != self.seat:
                out.update(cards)
        return frozenset(out)

    @property
    def fewest(self) -> int:
        """The fewest cards another seat holds (99 with no other seat)."""
        return min(self.opponent_sizes, default=99)


def _pile_at_start(view: RummyView) -> list[Card]:
    """The pile as this hand began (no rebuild since): the pile with the log undone."""
    pile = list(view.pile)
    for event in reversed(view.log):
        if isinstance(event.action, Discard) and pile:
            pile.pop()
        elif isinstance(event.action, Take) and event.taken is not None:
            pile.append(event.taken)
    return pile
