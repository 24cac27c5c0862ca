"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.solver.reference`.

Kept so that ``from threethirteen.melds_reference import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.solver.reference import (
    ReferenceResult,
    is_reference_run,
    is_reference_set,
    reference_best_discard,
    reference_can_go_out,
    reference_deadwood,
    reference_going_out,
    reference_solve,
)

__all__ = [
    "ReferenceResult",
    "is_reference_run",
    "is_reference_set",
    "reference_best_discard",
    "reference_can_go_out",
    "reference_deadwood",
    "reference_going_out",
    "reference_solve",
]
