"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.solver`.

Kept so that ``from threethirteen.melds import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.solver import (
    Arrangement,
    DiscardChoice,
    HandSolver,
    Meld,
    MeldKind,
    best_discard,
    is_valid_meld,
    meld_kind,
    solve,
)

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
