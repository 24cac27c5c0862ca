"""Cards, ranks, suits and jokers; notation parsing and formatting; building the shoe.

Notation: a card is its rank then its suit, ``7H``, ``10S`` (``T`` is accepted for
ten), ``AD``, ``KC``; the suit symbols ``♠ ♥ ♦ ♣`` are accepted; parsing is
case-insensitive. A joker is ``JK`` (``*`` accepted). Printing gives the canonical
form, so ``Card.parse(str(card)) == card`` always holds.

Several decks are shuffled together, so a hand is a multiset: two identical ``7H``
are normal and are two equal ``Card`` values.

>>> Card.parse("10h")
Card.parse('10H')
>>> Card.parse("♠q")
Card.parse('QS')
>>> Card.parse("7X")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.errors.NotationError: malformed card '7X': expected rank then suit, ...
>>> [str(c) for c in parse_cards("7H 7H jk")]
['7H', '7H', 'JK']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from threethirteen.errors import NotationError

__all__ = [
    "JOKER",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "make_shoe",
    "parse_cards",
    "standard_deck",
]


class Suit(enum.Enum):
    """The four suits; the value is the notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity, so the identity hash is enough; it
    # is computed in C, where Enum's own hashes the name in Python on every card lookup.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, ``♠ ♥ ♦ ♣``."""
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """0..3 in the order S, H, D, C; used by integer encodings."""
        return _SUIT_ORDER.index(self)

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(enum.IntEnum):
    """Ranks with their low-ace sequence numbers, ``ACE == 1`` up to ``KING == 13``."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The notation of the rank: ``A 2 .. 10 J Q K``."""
        return _RANK_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """An English plural for messages: ``3s``, ``Kings``."""
        return _RANK_PLURALS.get(self, f"{self.symbol}s")

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_SYMBOLS = {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{Rank(v): str(v) for v in range(2, 11)},
}
_RANK_PLURALS = {Rank.ACE: "Aces", Rank.JACK: "Jacks", Rank.QUEEN: "Queens", Rank.KING: "Kings"}
_RANK_BY_TEXT = {sym: rank for rank, sym in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
_SUIT_BY_TEXT = (
    {s.value: s for s in Suit}
    | {s.symbol: s for s in Suit}
    | {
        "♤": Suit.SPADES,
        "♡": Suit.HEARTS,
        "♢": Suit.DIAMONDS,
        "♧": Suit.CLUBS,
    }
)
_JOKER_TEXTS = frozenset({"JK", "*", "JOKER", "🃏"})


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: a rank and a suit, or a joker (both ``None``).

    Cards compare equal by value; use :meth:`sort_key` to order them.
    Raises :class:`NotationError` from :meth:`parse` on malformed text.
    """

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise NotationError(
                f"a card needs both a rank and a suit (or neither, for a joker): "
                f"got rank={self.rank!r}, suit={self.suit!r}"
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card in notation; raises :class:`NotationError` quoting the text."""
        raw = text.strip().upper()
        if raw in _JOKER_TEXTS:
            return JOKER
        # Rank then suit is the notation; suit then rank ("♠Q") is accepted too.
        for rank_text, suit_text in ((raw[:-1], raw[-1:]), (raw[1:], raw[:1])):
            rank = _RANK_BY_TEXT.get(rank_text)
            suit = _SUIT_BY_TEXT.get(suit_text)
            if rank is not None and suit is not None:
                return cls(rank, suit)
        raise NotationError(
            f"malformed card {text!r}: expected rank then suit, like '7H', '10S' or 'JK'"
        )

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def index(self) -> int:
        """A dense integer code: ``suit.index * 13 + rank - 1`` (0..51), 52 for a joker."""
        if self.rank is None or self.suit is None:
            return 52
        return self.suit.index * 13 + self.rank - 1

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The inverse of :attr:`index`."""
        if index == 52:
            return JOKER
        if not 0 <= index < 52:
            raise NotationError(f"card index {index!r} is outside 0..52")
        return cls(Rank(index % 13 + 1), _SUIT_ORDER[index // 13])

    def sort_key(self, by: str = "suit") -> tuple[int, int]:
        """A key for sorting: ``by='suit'`` groups suits, ``by='rank'`` groups ranks.

        Jokers sort last either way.
        """
        if self.rank is None or self.suit is None:
            return (99, 99)
        if by == "rank":
            return (int(self.rank), self.suit.index)
        return (self.suit.index, int(self.rank))

    def pretty(self) -> str:
        """The card with a suit symbol, ``10♥``; a joker is ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.symbol}{self.suit.symbol}"

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(None, None)
"""The joker; every joker is equal to every other."""


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of card texts).

    Raises :class:`NotationError` quoting the first malformed card.
    """
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    else:
        tokens = [t for item in text for t in item.replace(",", " ").split()]
    return tuple(Card.parse(t) for t in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation separated by single spaces; ``parse_cards`` reads it back."""
    return " ".join(str(c) for c in cards)


def standard_deck() -> tuple[Card, ...]:
    """One 52-card deck, suits S H D C, each ace to king."""
    return tuple(Card(rank, suit) for suit in _SUIT_ORDER for rank in Rank)


def make_shoe(decks: int, jokers: int) -> list[Card]:
    """An unshuffled shoe: ``decks`` standard decks plus ``jokers`` jokers."""
    if decks < 1 or jokers < 0:
        raise NotationError(
            f"a shoe needs at least one deck and no negative jokers: {decks=}, {jokers=}"
        )
    return [card for _ in range(decks) for card in standard_deck()] + [JOKER] * jokers
