"""Rummy's melds: sets and runs, whether a card can be laid off on one, and the notation.

A **set** is three or four cards of one rank; a **run** is three or more cards
of one suit in sequence. Aces are low (A-2-3); under the rules' ``ace_high``
they may also end a run high (Q-K-A), never both at once (no K-A-2). There are
no wild cards and one deck, so no card appears twice.

A :class:`Meld` keeps its cards in order (a set by suit S H D C, a run from low
to high) and prints them as notation, ``4H 5H 6H``.

>>> Meld.of("6H 4H 5H")
Meld.parse('4H 5H 6H')
>>> str(Meld.of("QS KS AS", ace_high=True)), Meld.of("7D 7S 7C").kind
('QS KS AS', MeldKind.SET)
>>> Meld.of("QS KS AS")
Traceback (most recent call last):
...
threethirteen.errors.IllegalActionError: 'QS KS AS' is not a meld: a run is one suit in \
sequence, aces low (A-2-3; Q-K-A only with ace-high runs)
>>> Meld.of("4H 5H 6H").extended(Card.parse("7H"))
Meld.parse('4H 5H 6H 7H')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from threethirteen.cards import Card, Rank, Suit, format_cards, parse_cards
from threethirteen.errors import IllegalActionError, NotationError

__all__ = ["Meld", "MeldKind", "fits", "meld_kind", "run_position"]

_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


class MeldKind(enum.Enum):
    """A set (one rank) or a run (one suit in sequence)."""

    SET = "set"
    RUN = "run"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"MeldKind.{self.name}"


def run_position(card: Card, high_ace: bool) -> int:
    """Where ``card`` stands in a run: its rank 1..13, or 14 for an ace played high.

    >>> run_position(Card.parse("AS"), False), run_position(Card.parse("AS"), True)
    (1, 14)
    """
    rank = card.rank
    if rank is None:
        raise IllegalActionError("Rummy has no jokers")
    return 14 if high_ace and rank is Rank.ACE else int(rank)


def _run_order(cards: Sequence[Card], ace_high: bool) -> tuple[Card, ...] | None:
    """The cards of a valid run in order, low to high; None when they make no run."""
    if len(cards) < 3 or any(card.rank is None for card in cards):
        return None
    if len({card.suit for card in cards}) != 1 or len(set(cards)) != len(cards):
        return None
    choices = [False, True] if ace_high else [False]
    for high in choices:
        ordered = sorted(cards, key=lambda c: run_position(c, high))
        positions = [run_position(c, high) for c in ordered]
        if all(b == a + 1 for a, b in pairwise(positions)):
            return tuple(ordered)
    return None


def meld_kind(cards: Sequence[Card], *, ace_high: bool = False) -> MeldKind | None:
    """The kind of meld ``cards`` make, or None when they make none.

    >>> meld_kind(parse_cards("9S 9D 9C 9H")), meld_kind(parse_cards("9S 9D"))
    (MeldKind.SET, None)
    >>> meld_kind(parse_cards("AH 2H 3H")), meld_kind(parse_cards("KH AH 2H"), ace_high=True)
    (MeldKind.RUN, None)
    """
    if len(cards) < 3 or any(card.rank is None for card in cards):
        return None
    if len({card.rank for card in cards}) == 1:
        if len(cards) <= 4 and len({card.suit for card in cards}) == len(cards):
            return MeldKind.SET
        return None
    return MeldKind.RUN if _run_order(cards, ace_high) is not None else None


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid set or run on the table; build with :meth:`of` (which checks it).

    ``cards`` are in meld order: a set by suit (S H D C), a run low to high (a
    high ace last). The constructor checks the cards and raises
    :class:`~threethirteen.errors.IllegalActionError` quoting them when they
    make no meld; ``ace_high`` must match the rules the meld is played under.
    """

    cards: tuple[Card, ...]
    kind: MeldKind
    ace_high: bool = False

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if not all(isinstance(card, Card) for card in cards):
            raise IllegalActionError(f"a meld holds cards, got {cards!r}"[:120])
        kind = meld_kind(cards, ace_high=self.ace_high)
        if kind is None or kind is not self.kind:
            raise IllegalActionError(_why_not(cards, self.ace_high))
        if kind is MeldKind.SET:
            ordered = tuple(sorted(cards, key=lambda c: _SUIT_ORDER[c.suit]))  # type: ignore[index]
        else:
            run = _run_order(cards, self.ace_high)
            assert run is not None
            ordered = run
        object.__setattr__(self, "cards", ordered)

    @classmethod
    def of(cls, cards: Iterable[Card] | str, *, ace_high: bool = False) -> Meld:
        """The meld of ``cards`` (cards or notation), in any order.

        Raises :class:`~threethirteen.errors.NotationError` for a bad card and
        :class:`~threethirteen.errors.IllegalActionError` for cards that make no meld.
        """
        parsed = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        kind = meld_kind(parsed, ace_high=ace_high)
        if kind is None:
            raise IllegalActionError(_why_not(parsed, ace_high))
        return cls(parsed, kind, ace_high)

    @classmethod
    def parse(cls, text: str, *, ace_high: bool = False) -> Meld:
        """Read a meld from notation (``4H 5H 6H``); as :meth:`of`."""
        if not isinstance(text, str):
            raise NotationError(f"a meld is text, got {text!r}"[:80])
        return cls.of(text, ace_high=ace_high)

    @property
    def high_ace(self) -> bool:
        """Whether this is a run with its ace played high (Q-K-A)."""
        return self.kind is MeldKind.RUN and self.cards[-1].rank is Rank.ACE

    def points(self) -> int:
        """The cards' count (face cards 10, ace 1), as a hand would score them."""
        return sum(1 if c.rank is Rank.ACE else min(int(c.rank or 0), 10) for c in self.cards)

    def fits(self, card: Card) -> bool:
        """Whether ``card`` can be laid off on this meld (see :func:`fits`)."""
        return fits(self, card)

    def extended(self, card: Card) -> Meld:
        """This meld with ``card`` laid off on it; IllegalActionError when it does not fit."""
        if not fits(self, card):
            raise IllegalActionError(f"{card} does not fit on {self}")
        return Meld((*self.cards, card), self.kind, self.ace_high)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        if self.ace_high:
            return f"Meld.parse({str(self)!r}, ace_high=True)"
        return f"Meld.parse({str(self)!r})"


def fits(meld: Meld, card: Card) -> bool:
    """Whether ``card`` can be laid off on ``meld``: a set's missing suit, or the card just
    below or above a run (an ace above a king only with ``ace_high``).

    >>> run = Meld.of("JH QH KH", ace_high=True)
    >>> fits(run, Card.parse("AH")), fits(run, Card.parse("10H")), fits(run, Card.parse("9H"))
    (True, True, False)
    >>> fits(Meld.of("2C 3C 4C", ace_high=True), Card.parse("AC"))
    True
    """
    if card.rank is None or card in meld.cards:
        return False
    if meld.kind is MeldKind.SET:
        return card.rank is meld.cards[0].rank and len(meld.cards) < 4
    if card.suit is not meld.cards[0].suit:
        return False
    low = run_position(meld.cards[0], False)
    high = run_position(meld.cards[-1], meld.high_ace)
    if card.rank is Rank.ACE:
        return low == 2 or (meld.ace_high and high == 13)
    return int(card.rank) in (low - 1, high + 1)


def _why_not(cards: Sequence[Card], ace_high: bool) -> str:
    shown = format_cards(cards)[:60]
    if len(cards) < 3:
        return f"{shown!r} is not a meld: a meld has three or more cards"
    if len(set(cards)) != len(cards):
        return f"{shown!r} is not a meld: a card is listed twice"
    if len({card.rank for card in cards}) == 1:
        return f"{shown!r} is not a meld: a set has three or four cards of one rank"
    if len({card.suit for card in cards}) != 1:
        mixed = "a set is one rank, a run one suit; these mix ranks and suits"
        return f"{shown!r} is not a meld: {mixed}"
    ace_rule = "Q-K-A allowed" if ace_high else "Q-K-A only with ace-high runs"
    return f"{shown!r} is not a meld: a run is one suit in sequence, aces low (A-2-3; {ace_rule})"
