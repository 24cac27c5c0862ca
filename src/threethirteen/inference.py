"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.inference`.

Kept so that ``from threethirteen.inference import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.inference import (
    infer_worlds,
    play_log_likelihood,
)

__all__ = [
    "infer_worlds",
    "play_log_likelihood",
]
