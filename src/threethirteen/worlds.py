"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.worlds`.

Kept so that ``from threethirteen.worlds import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.worlds import (
    card_weights,
    public_signals,
    sample_world,
)

__all__ = [
    "card_weights",
    "public_signals",
    "sample_world",
]
