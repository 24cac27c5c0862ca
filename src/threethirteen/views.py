"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.views`.

Kept so that ``from threethirteen.views import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.views import (
    Event,
    EventKind,
    EventLog,
    Phase,
    PlayerView,
    Turn,
    known_holdings,
    round_turns,
    unseen_cards,
)

__all__ = [
    "Event",
    "EventKind",
    "EventLog",
    "Phase",
    "PlayerView",
    "Turn",
    "known_holdings",
    "round_turns",
    "unseen_cards",
]
