"""The ``greedy`` bot: draws and discards to minimise its own deadwood, one turn ahead.

Draw: take the discard when some discard afterwards leaves a lower deadwood
than the hand has now (or lets it go out), else draw from the stock. Discard: go
out whenever it can; else discard the card that leaves the lowest deadwood,
ties to the card with the highest penalty (then the first in sorted order). In
a final turn under ``lay_off`` it weighs deadwood onto the table's melds.
"""

from __future__ import annotations

from collections.abc import Sequence

from threethirteen.cards import Card
from threethirteen.games.three_thirteen.actions import Action, Discard, GoOut
from threethirteen.games.three_thirteen.bots.draws import STOCK, TAKE, forced_draw
from threethirteen.games.three_thirteen.solver import HandSolver, Meld
from threethirteen.games.three_thirteen.state import solver_for
from threethirteen.games.three_thirteen.views import Phase, PlayerView

__all__ = ["GreedyBot", "deadwood_after_discards"]


def deadwood_after_discards(
    solver: HandSolver, cards: Sequence[Card], table: Sequence[Meld] = ()
) -> dict[Card, int]:
    """For each distinct card of a hand that just drew, the deadwood of the hand without it."""
    return {c.discard: c.deadwood for c in solver.discards(cards, table)}


class GreedyBot:
    """Minimises its deadwood after each turn; deterministic (``seed`` is accepted, unused).

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> from threethirteen.games.three_thirteen.state import MatchState
    >>> state = MatchState.new(get_rules("classic"), 2, seed=4)
    >>> view = state.view(state.current)
    >>> GreedyBot().choose(view) in view.legal_actions
    True
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # the greedy choice involves no chance

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        solver = solver_for(view.rules, view.round_number)
        table = view.table if view.rules.lay_off else ()
        if view.phase is Phase.DRAW:
            return self._draw(view, solver, table)
        outs = [a for a in legal if isinstance(a, GoOut)]
        if outs:
            return outs[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        after = deadwood_after_discards(solver, view.hand, table)

        def key(action: Discard) -> tuple[int, int]:
            return (after[action.card], -view.rules.card_penalty(action.card, view.wild_rank))

        return min(discards, key=key)

    def _draw(self, view: PlayerView, solver: HandSolver, table: Sequence[Meld]) -> Action:
        stock, take = STOCK, TAKE
        top = view.top_discard
        forced = forced_draw(view)
        if forced is not None or top is None:
            return forced or stock
        cards = (*view.hand, top)
        if view.out_seat is None and solver.can_go_out(cards):
            return take
        now = solver.deadwood(view.hand, table)
        best = min(deadwood_after_discards(solver, cards, table).values())
        return take if best < now else stock
