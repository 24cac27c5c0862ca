"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.state`.

Kept so that ``from threethirteen.state import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.state import (
    Deal,
    MatchState,
    Phase,
    dealer_generator,
    round_generator,
    solver_for,
)

__all__ = [
    "Deal",
    "MatchState",
    "Phase",
    "dealer_generator",
    "round_generator",
    "solver_for",
]
