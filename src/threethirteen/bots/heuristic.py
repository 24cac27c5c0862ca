"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.bots.heuristic`.

Kept so that ``from threethirteen.bots.heuristic import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module (and patches that one: the bots read their names there).
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.bots.heuristic import (
    TABLE_WEIGHTS,
    HeuristicBot,
    Weights,
)

__all__ = [
    "TABLE_WEIGHTS",
    "HeuristicBot",
    "Weights",
]
