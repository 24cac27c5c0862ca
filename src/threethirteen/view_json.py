"""Moved: this module is now :mod:`threethirteen.games.three_thirteen.view_json`.

Kept so that ``from threethirteen.view_json import ...`` goes on working: it
re-exports the names it had, the same objects as the new module's. New code
imports the new module.
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.view_json import (
    Arrangements,
    ViewJsonError,
    decode_arrangement,
    decode_event,
    decode_result,
    decode_view,
    encode_arrangement,
    encode_event,
    encode_result,
    encode_scores,
    encode_view,
    view_fields,
)

__all__ = [
    "Arrangements",
    "ViewJsonError",
    "decode_arrangement",
    "decode_event",
    "decode_result",
    "decode_view",
    "encode_arrangement",
    "encode_event",
    "encode_result",
    "encode_scores",
    "encode_view",
    "view_fields",
]
