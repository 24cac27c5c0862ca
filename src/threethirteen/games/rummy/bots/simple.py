"""The ``simple`` bot: Rummy's frozen baseline, which every stronger bot is measured against.

Its rule, complete (``tests/rummy/test_bots_simple.py`` pins it; never tune it):

* **Draw.** Take the discard pile's top card only when it completes a meld at once:
  with cards of the hand it makes a set or a run. Otherwise draw from the stock
  (and take the pile's top only when the stock cannot be drawn).
* **Meld.** Lay down every meld of the hand's best arrangement
  (:func:`~threethirteen.games.rummy.analysis.arrange`: the least count left), one
  at a time, then lay off every card that arrangement lays off onto the table.
* **Discard.** The highest unmatched card: the most points, then the highest rank
  (ace low), then the suit order S H D C; never the card just taken from the pile
  when the rules forbid it. A hand left with one card discards it and goes out.

It reads nothing but its hand, the table, the pile's top and its legal actions: no card
counting, no thought for what the other seats hold or how close they are to going out.
Deterministic: ``seed`` is accepted for the registry and unused.

>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.stack(None, ["4H 5H 9S KD", "2C 3D 8C 9C"], pile="6H", stock="QD")
>>> bot = SimpleBot()
>>> str(bot.choose(state.view(0)))  # 6H makes 4H 5H 6H: take it
'take'
>>> _ = state.apply(bot.choose(state.view(0)))
>>> str(bot.choose(state.view(0)))
'meld 4H 5H 6H'
>>> _ = state.apply(bot.choose(state.view(0)))
>>> str(bot.choose(state.view(0)))  # KD: 10 points, the highest unmatched card
'discard KD'
"""

from __future__ import annotations

from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.analysis import arrange, discard_key
from threethirteen.games.rummy.moves import hand_melds
from threethirteen.games.rummy.views import Phase, RummyView

__all__ = ["SimpleBot", "completes_meld"]


def completes_meld(view: RummyView) -> bool:
    """Whether the pile's top card makes a set or a run with cards of ``view.hand``.

    >>> from threethirteen.games.rummy.state import RummyState
    >>> state = RummyState.stack(None, ["7S 7D 2C", "KC QC"], pile="7H")
    >>> completes_meld(state.view(0)), completes_meld(state.view(1))
    (True, False)
    """
    top = view.top
    if top is None:
        return False
    melds = hand_melds((*view.hand, top), ace_high=view.rules.ace_high)
    return any(top in meld for meld in melds)


class SimpleBot:
    """The baseline: takes only a card that melds at once, melds it all, sheds its highest.

    Deterministic: ``seed`` is accepted for the registry and unused.
    """

    name = "simple"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # no chance in the baseline

    def choose(self, view: RummyView) -> Action:
        legal = view.legal_actions
        if view.phase is Phase.DRAW:
            take, draw = Take(), Draw()
            if take in legal and (draw not in legal or completes_meld(view)):
                return take
            return draw if draw in legal else legal[0]
        arrangement = arrange(view.hand, view.table, view.rules.ace_high)
        steps: list[Action] = [NewMeld(meld.cards) for meld in arrangement.melds]
        steps += [LayOff(card, number) for card, number in arrangement.layoffs]
        for step in steps:
            if step in legal:
                return step
        discards = [action for action in legal if isinstance(action, Discard)]
        unmatched = set(arrangement.left)
        pool = [action for action in discards if action.card in unmatched] or discards
        if not pool:  # (never: a turn in MELD can always end) the first legal action
            return legal[0]
        return min(pool, key=lambda action: discard_key(action.card, 0))
