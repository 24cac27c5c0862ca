"""The ``simple`` bot: the frozen baseline every stronger bot is measured against.

Its rule, complete (``tests/test_bots_simple.py`` pins it; never tune it):

* **Draw.** Take the discard if it is wild (a joker or the round's wild rank),
  or if the hand with it, after its best legal discard, has a lower deadwood
  than the hand has now. Otherwise draw from the stock. (When only one source
  is legal, that one.)
* **Discard.** Go out as soon as it can. Otherwise discard so as to leave the
  lowest deadwood; among ties, the card with the highest penalty, then the
  first in card order (suits S H D C, ranks ace to king, jokers last). Going
  out picks its discard by the same two tie-breaks.

Deadwood is the solver's exact lowest penalty; in a final turn under
``lay_off`` it counts what can be laid off onto the table, because that is how
the hand will be scored. The bot reads nothing of the log and no opponent:
only its hand, the top discard, the table and the legal actions.

It differs from ``greedy`` (the engine's first bot, kept as it was) only in
taking every wild and in not taking a discard that merely lets it go out
without lowering its deadwood (a hand at deadwood 0 draws from the stock and
goes out with any card).
"""

from __future__ import annotations

from threethirteen.cards import Card
from threethirteen.games.three_thirteen.actions import Action, Discard, GoOut
from threethirteen.games.three_thirteen.bots.draws import STOCK, TAKE, forced_draw
from threethirteen.games.three_thirteen.solver import HandSolver
from threethirteen.games.three_thirteen.views import Phase, PlayerView

__all__ = ["SimpleBot"]


class SimpleBot:
    """The baseline: lowest deadwood one turn ahead; deterministic (``seed`` is unused).

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> from threethirteen.games.three_thirteen.state import MatchState
    >>> state = MatchState.new(get_rules("classic"), 2, seed=4)
    >>> state.stack(["KS QD 10H", "7H 8H KD"], up="9H")
    >>> SimpleBot().choose(state.view(state.current))
    Draw(Source.DISCARD)
    """

    name = "simple"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # no chance in the baseline

    def choose(self, view: PlayerView) -> Action:
        solver = HandSolver.for_round(view.rules, view.round_number)
        if view.phase is Phase.DRAW:
            return self._draw(view, solver)
        return self._discard(view, solver)

    def _draw(self, view: PlayerView, solver: HandSolver) -> Action:
        stock, take = STOCK, TAKE
        top = view.top_discard
        forced = forced_draw(view)
        if forced is not None or top is None:
            return forced or stock
        if solver.is_wild(top):
            return take
        table = view.table if view.rules.lay_off else ()
        now = solver.deadwood(view.hand, table)
        after = [
            choice.deadwood
            for choice in solver.discards((*view.hand, top), table)
            # Under no-discard-taken the taken card itself may not go straight back
            # (unless the hand holds another one).
            if view.rules.discard_taken_card or choice.discard != top or top in view.hand
        ]
        return take if after and min(after) < now else stock

    def _discard(self, view: PlayerView, solver: HandSolver) -> Action:
        legal = view.legal_actions

        def tie_break(card: Card) -> tuple[int, tuple[int, int]]:
            return (-solver.penalty(card), card.sort_key())

        outs = [a for a in legal if isinstance(a, GoOut)]
        if outs:
            return min(outs, key=lambda a: tie_break(a.card))
        table = view.table if view.rules.lay_off else ()
        after = {c.discard: c.deadwood for c in solver.discards(view.hand, table)}
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: (after[a.card], *tie_break(a.card)))
