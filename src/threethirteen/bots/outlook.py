"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.bots.outlook`.

Kept so that ``from threethirteen.bots.outlook import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module (and patches that one: the bots read their names there).
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.bots.outlook import (
    lead_in_spreads,
    match_value,
    remaining_spread,
)

__all__ = [
    "lead_in_spreads",
    "match_value",
    "remaining_spread",
]
