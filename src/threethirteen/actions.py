"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.actions`.

Kept so that ``from threethirteen.actions import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.actions import (
    Action,
    Discard,
    Draw,
    GoOut,
    Source,
    parse_action,
)

__all__ = [
    "Action",
    "Discard",
    "Draw",
    "GoOut",
    "Source",
    "parse_action",
]
