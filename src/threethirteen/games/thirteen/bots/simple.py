"""The ``simple`` bot: Thirteen's frozen baseline, which every stronger bot is measured against.

Its rule, complete (``tests/thirteen/test_bots_simple.py`` pins it; never tune it):

* **Lead.** Play the lowest single in hand. On the round's first lead, whose play
  must hold 3♠ (or the lowest card dealt), that is the card itself.
* **Follow.** Play the lowest play of the table's kind that beats it: a single on
  a single, a pair on a pair, a sequence of the same length on a sequence, and so
  on. "Lowest" is judged by the play's highest card, then by its lowest card, then
  by its other cards from the lowest up. It never bombs: it never plays four of a
  kind or a double sequence, not even on a bomb of the same kind.
* **Pass** only when no such play exists.

It reads nothing but its hand, the table and its legal actions: no card counting,
no thought for who is close to going out.

>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.stack(None, ["3S 4S 5S 9D", "6C 7C 8C 9C"], leader=0)
>>> str(SimpleBot().choose(state.view(0)))
'play 3S'
>>> _ = state.apply(SimpleBot().choose(state.view(0)))
>>> str(SimpleBot().choose(state.view(1)))
'play 6C'
"""

from __future__ import annotations

from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.cards import strength
from threethirteen.games.thirteen.combos import classify
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["SimpleBot"]


def _order(play: Play) -> tuple[int, ...]:
    """Lowest first: the highest card, then the lowest, then every card from the lowest."""
    strengths = [strength(card) for card in play.cards]  # ascending, as a Play keeps them
    return (strengths[-1], strengths[0], *strengths)


class SimpleBot:
    """The baseline: lowest single to lead, lowest same-kind beater to follow, no bombs.

    Deterministic: ``seed`` is accepted for the registry and unused.
    """

    name = "simple"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # no chance in the baseline

    def choose(self, view: ThirteenView) -> Action:
        plays = view.plays
        table = view.table
        if table is None:
            singles = [play for play in plays if len(play.cards) == 1]
            return min(singles or plays, key=_order)
        if table.is_bomb:
            return Pass()
        kind, size = table.kind, len(table.cards)
        fitting = [
            play for play in plays if len(play.cards) == size and classify(play.cards).kind is kind
        ]
        if not fitting:
            return Pass()
        return min(fitting, key=_order)
