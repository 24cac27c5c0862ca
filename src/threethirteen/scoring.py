"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.scoring`.

Kept so that ``from threethirteen.scoring import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.scoring import (
    RoundEnd,
    RoundResult,
    ScoreSheet,
    winners,
)

__all__ = [
    "RoundEnd",
    "RoundResult",
    "ScoreSheet",
    "winners",
]
