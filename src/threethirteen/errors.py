"""The error hierarchy: every error the package raises on bad input is a ``ValueError``.

Messages quote the offending input and say what was expected, so a user (or a
client of the server) can fix the input without reading the source.
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "RulesError",
    "ThreeThirteenError",
]


class ThreeThirteenError(ValueError):
    """Base class of the package's input errors."""


class NotationError(ThreeThirteenError):
    """Text that is not valid card or action notation (syntax only)."""


class RulesError(ThreeThirteenError):
    """An invalid rules object, an unknown preset or option, or an impossible table."""


class IllegalActionError(ThreeThirteenError):
    """A well-formed action that is not legal in the current state."""


class RecordError(ThreeThirteenError):
    """A game record that is corrupt, foreign, of an unknown version or inconsistent."""
