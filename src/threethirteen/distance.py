"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.distance`.

Kept so that ``from threethirteen.distance import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.distance import (
    closer_draws,
    draw_brings_closer,
    draws_to_go_out,
)

__all__ = [
    "closer_draws",
    "draw_brings_closer",
    "draws_to_go_out",
]
