"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.rules`.

Kept so that ``from threethirteen.rules import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.rules import (
    DEFAULT_CONTRACTS,
    HOUSE_RULES,
    PRESETS,
    AceMode,
    Contract,
    DealerChoice,
    EmptyStock,
    FaceScoring,
    RoundSpec,
    Rules,
    TieBreak,
    apply_house_rule,
    get_rules,
    wild_rank_for_hand_size,
)

__all__ = [
    "DEFAULT_CONTRACTS",
    "HOUSE_RULES",
    "PRESETS",
    "AceMode",
    "Contract",
    "DealerChoice",
    "EmptyStock",
    "FaceScoring",
    "RoundSpec",
    "Rules",
    "TieBreak",
    "apply_house_rule",
    "get_rules",
    "wild_rank_for_hand_size",
]
