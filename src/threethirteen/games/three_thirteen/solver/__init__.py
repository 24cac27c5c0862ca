"""Meld validity and the exact hand solver: best arrangement, deadwood, best discard.

A *set* is three or more cards whose natural cards share one rank (duplicates
allowed); a *run* is three or more cards of one suit with distinct ranks in
sequence. Jokers are always wild; so is every card of the round's wild rank,
which may also stand for itself. The solver is exact under every
:class:`~threethirteen.games.three_thirteen.rules.Rules` option (ace placement,
wild caps, all-wild melds, laying off, contracts); ``docs/solver.md`` states the
semantics and the algorithm, and :mod:`.reference` is the naive oracle the tests
compare it with.

The package's modules, each importing only those above it:

* :mod:`.melds`: the values (:class:`Meld`, :class:`MeldKind`, :class:`Arrangement`,
  :class:`DiscardChoice`); :mod:`.validity`: :func:`meld_kind`, :func:`is_valid_meld`;
* :mod:`.encoding`, :mod:`.tables`, :mod:`.vectors`: the integer encoding of hands,
  the precomputed meld options, cost-by-wilds vectors;
* :mod:`.search`: the engine and its exact search; :mod:`.plans`: a cost back to
  melds and cards; :mod:`.contracts`: going out under a contract;
* :mod:`.readings`, :mod:`.table_search`, :mod:`.layoff`: laying off onto the table;
* :mod:`.discards`: the after-draw analysis; :mod:`.api`: :class:`HandSolver`.

>>> from threethirteen.cards import parse_cards
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> solver = HandSolver.for_round(get_rules("classic"), 6)  # 8 cards, 8s wild
>>> best = solver.solve(parse_cards("2H 2C 7C 8H 8S 10C JC JS"))
>>> best.deadwood
14
>>> print(best)  # 8S 8H stand for 8C 9C
[7C 8S 8H 10C JC] JS 2H 2C (deadwood 14)
>>> print(solver.best_discard(parse_cards("5H 6H 7H 9C 9D 9S 8C 8D KS")))
out KS: [5H 6H 7H] [9S 9D 9C 8D 8C] (deadwood 0)
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.solver.api import HandSolver, best_discard, solve
from threethirteen.games.three_thirteen.solver.melds import (
    Arrangement,
    DiscardChoice,
    Meld,
    MeldKind,
)
from threethirteen.games.three_thirteen.solver.validity import is_valid_meld, meld_kind

__all__ = [
    "Arrangement",
    "DiscardChoice",
    "HandSolver",
    "Meld",
    "MeldKind",
    "best_discard",
    "is_valid_meld",
    "meld_kind",
    "solve",
]
