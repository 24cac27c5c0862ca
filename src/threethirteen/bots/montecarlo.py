"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.bots.montecarlo`.

Kept so that ``from threethirteen.bots.montecarlo import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module (and patches that one: the bots read their names there).
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.bots.montecarlo import (
    RACE_TABLES,
    TABLE_NEAR,
    MonteCarloBot,
    SearchStats,
    match_value,
    race_penalties,
    remaining_spread,
    rollout,
)

__all__ = [
    "RACE_TABLES",
    "TABLE_NEAR",
    "MonteCarloBot",
    "SearchStats",
    "match_value",
    "race_penalties",
    "remaining_spread",
    "rollout",
]
