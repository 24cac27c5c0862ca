"""The order of cards in Thirteen: rank first (3 low, 2 high), then suit (♠ ♣ ♦ ♥).

Thirteen reuses :class:`~threethirteen.cards.Card` and its notation; only the order is
its own. A card's *strength* is one integer for that order, ``0`` for 3♠ up to ``51``
for 2♥, so any two cards compare by strength. One 52-card deck, no jokers.

>>> from threethirteen.cards import Card
>>> strength(Card.parse("3S")), strength(Card.parse("3H")), strength(Card.parse("2H"))
(0, 3, 51)
>>> card_of_strength(47)
Card.parse('AH')
>>> parse_hand("2S 10H 3C 10D")
(Card.parse('3C'), Card.parse('10D'), Card.parse('10H'), Card.parse('2S'))
"""

from __future__ import annotations

from collections.abc import Iterable

from threethirteen.cards import Card, Rank, Suit, format_cards, parse_cards
from threethirteen.errors import NotationError

__all__ = [
    "RANK_ORDER",
    "SUIT_ORDER",
    "THREE_OF_SPADES",
    "card_of_strength",
    "check_one_deck",
    "deck",
    "parse_hand",
    "quote_cards",
    "rank_value",
    "sort_cards",
    "strength",
]

RANK_ORDER: tuple[Rank, ...] = (
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
    Rank.TWO,
)
"""The ranks from low to high: the 2 is the highest card."""

SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
"""The suits from low to high; they only break ties between cards of one rank."""

_RANK_VALUE: dict[Rank, int] = {rank: value for value, rank in enumerate(RANK_ORDER)}

# The 52 cards in ascending strength, and each card's strength: one dict lookup is the
# cheapest order key for the move generator's hot loops.
_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in RANK_ORDER for suit in SUIT_ORDER)
_STRENGTH: dict[Card, int] = {card: s for s, card in enumerate(_DECK)}

THREE_OF_SPADES: Card = _DECK[0]
"""The lowest card; who holds it leads the first trick, and must play it."""


def rank_value(rank: Rank) -> int:
    """The rank's place in :data:`RANK_ORDER`: ``0`` for 3 up to ``11`` for A, ``12`` for 2.

    >>> rank_value(Rank.ACE), rank_value(Rank.TWO)
    (11, 12)
    """
    return _RANK_VALUE[rank]


def strength(card: Card) -> int:
    """The card's place in the deck's order, ``rank_value * 4 + suit``: 0 (3♠) .. 51 (2♥).

    Raises :class:`~threethirteen.errors.NotationError` for a joker, which Thirteen
    does not use.

    >>> strength(Card.parse("5S")) > strength(Card.parse("4H"))
    True
    """
    try:
        return _STRENGTH[card]
    except KeyError:
        raise NotationError(f"Thirteen is played without jokers: got {str(card)!r}") from None


def card_of_strength(s: int) -> Card:
    """The card whose :func:`strength` is ``s``; raises NotationError outside 0..51.

    >>> card_of_strength(0)
    Card.parse('3S')
    """
    if not 0 <= s < len(_DECK):
        raise NotationError(f"card strength {s!r} is outside 0..51")
    return _DECK[s]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in ascending strength; raises NotationError for a joker.

    >>> format_cards(sort_cards(parse_cards("2C AS 3H 3D")))
    '3D 3H AS 2C'
    """
    return tuple(sorted(cards, key=strength))


def deck() -> tuple[Card, ...]:
    """The 52 cards of one deck in ascending strength, 3♠ first and 2♥ last."""
    return _DECK


def parse_hand(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards from one deck, like :func:`~threethirteen.cards.parse_cards`, sorted.

    Raises :class:`~threethirteen.errors.NotationError` quoting a malformed card, a
    joker, or a card given twice (one deck holds each card once).

    >>> parse_hand("KD 3S")
    (Card.parse('3S'), Card.parse('KD'))
    >>> parse_hand("7H 8H 7H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: card '7H' is given twice in '7H 8H 7H': ...
    """
    return sort_cards(check_one_deck(parse_cards(text)))


def check_one_deck(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as given, checked to come from one deck without jokers.

    Raises :class:`~threethirteen.errors.NotationError` quoting a joker or a card
    given twice.

    >>> check_one_deck(parse_cards("KD 3S"))
    (Card.parse('KD'), Card.parse('3S'))
    """
    given = tuple(cards)
    seen: set[Card] = set()
    for card in given:
        if card.is_joker:
            raise NotationError(
                f"Thirteen is played without jokers: {str(card)!r} in {quote_cards(given)}"
            )
        if card in seen:
            raise NotationError(
                f"card {str(card)!r} is given twice in {quote_cards(given)}: "
                f"Thirteen uses one 52-card deck"
            )
        seen.add(card)
    return given


def quote_cards(cards: Iterable[Card], limit: int = 60) -> str:
    """The cards in notation, quoted for a message and cut to ``limit`` characters.

    >>> quote_cards(parse_cards("3S 4S"))
    "'3S 4S'"
    """
    text = format_cards(cards)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return repr(text)
