"""Moved: the game record now lives in :mod:`threethirteen.games.three_thirteen.records`, and
:func:`replay` in :mod:`threethirteen.games.three_thirteen.replay`.

Kept so that ``from threethirteen.records import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.records import (
    FORMAT,
    READABLE_VERSIONS,
    VERSION,
    GameRecord,
    RoundRecord,
)
from threethirteen.games.three_thirteen.replay import (
    replay,
)

__all__ = [
    "FORMAT",
    "READABLE_VERSIONS",
    "VERSION",
    "GameRecord",
    "RoundRecord",
    "replay",
]
