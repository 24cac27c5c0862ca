"""The moves a player makes: draw from the stock, take the discard, discard, go out.

Notation (what ``str()`` prints and :func:`parse_action` reads):

========================  ============================================
``draw stock``            draw the top card of the face-down stock
``draw discard``          take the top card of the face-up discard pile
``discard 7H``            discard a card, ending the turn
``out 7H``                discard a card and go out: every other card is melded
========================  ============================================

>>> parse_action("discard 10h")
Discard(Card.parse('10H'))
>>> str(parse_action("d"))
'draw discard'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from threethirteen.cards import Card
from threethirteen.errors import NotationError

__all__ = ["Action", "Discard", "Draw", "GoOut", "Source", "parse_action"]


class Source(enum.Enum):
    """Where a draw comes from."""

    STOCK = "stock"
    DISCARD = "discard"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the stock or take the top of the discard pile."""

    source: Source

    def __str__(self) -> str:
        return f"draw {self.source.value}"

    def __repr__(self) -> str:
        return f"Draw(Source.{self.source.name})"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` face up, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


@dataclass(frozen=True, slots=True)
class GoOut:
    """Discard ``card`` and go out: every other card in hand is laid down in melds."""

    card: Card

    def __str__(self) -> str:
        return f"out {self.card}"

    def __repr__(self) -> str:
        return f"GoOut({self.card!r})"


Action = Draw | Discard | GoOut

_DRAW_WORDS = {
    "stock": Source.STOCK,
    "s": Source.STOCK,
    "deck": Source.STOCK,
    "discard": Source.DISCARD,
    "pile": Source.DISCARD,
    "d": Source.DISCARD,
    "p": Source.DISCARD,
}


def parse_action(text: str) -> Action:
    """Parse an action in notation; short forms ``s``, ``d``/``p``, ``x 7H``, ``o 7H`` too.

    Raises :class:`NotationError` quoting the text (syntax only: legality is the
    state's business).
    """
    words = text.strip().lower().split()
    try:
        if len(words) == 1 and words[0] in _DRAW_WORDS:
            return Draw(_DRAW_WORDS[words[0]])
        if len(words) == 2 and words[0] in ("draw", "take") and words[1] in _DRAW_WORDS:
            return Draw(_DRAW_WORDS[words[1]])
        if len(words) == 2 and words[0] in ("discard", "x"):
            return Discard(Card.parse(words[1]))
        if len(words) == 2 and words[0] in ("out", "o", "go-out"):
            return GoOut(Card.parse(words[1]))
    except NotationError as exc:
        raise NotationError(f"malformed action {text!r}: {exc}") from exc
    raise NotationError(
        f"malformed action {text!r}: expected 'draw stock', 'draw discard', "
        f"'discard CARD' or 'out CARD'"
    )
