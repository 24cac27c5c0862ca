"""Combinations: what a set of cards forms, and which combination beats which.

A play in Thirteen is one :class:`Combo`: a single, a pair, a triple, four of a kind,
a sequence (three or more consecutive ranks, any suits, never a 2) or a double
sequence (three or more consecutive ranks, two cards of each, never a 2). A play
beats the table when it is the same kind and size with a higher top card; bombs
(four of a kind, double sequences of three or more pairs) also beat 2s.

>>> Combo.parse("5D 3S 4S")
Combo.parse('3S 4S 5D')
>>> str(Combo.parse("5D 3S 4S").kind)
'sequence'
>>> beats(Combo.parse("5C 5H"), Combo.parse("5D 5S"))
True
>>> beats(Combo.parse("3S 3C 4S 4C 5S 5C"), Combo.parse("2H"))
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from threethirteen.cards import Card, Rank, format_cards, parse_cards
from threethirteen.errors import IllegalActionError, NotationError
from threethirteen.games.thirteen.cards import check_one_deck, quote_cards, sort_cards, strength

__all__ = ["Combo", "Kind", "beats", "classify", "play_order_key"]


class Kind(enum.Enum):
    """The kinds of combination; the value is the name used in messages and records."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FOUR = "four"
    SEQUENCE = "sequence"
    DOUBLE_SEQUENCE = "double-sequence"

    # Kinds are singletons compared by identity; the identity hash is computed in C.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


# The place of each kind in the order plays are listed (after their number of cards).
_KIND_ORDER: dict[Kind, int] = {
    Kind.SINGLE: 0,
    Kind.PAIR: 1,
    Kind.TRIPLE: 2,
    Kind.SEQUENCE: 3,
    Kind.FOUR: 4,
    Kind.DOUBLE_SEQUENCE: 5,
}
_SAME_RANK_KINDS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FOUR)
# The tables of 2s a bomb may beat: one, two or three 2s (four 2s are a bomb themselves).
_TWOS_KINDS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)
_TWO_VALUE = 12  # rank value of the 2, the highest rank, which no sequence may hold
_MIN_RUN = 3  # ranks in the shortest sequence and the shortest double sequence


@dataclass(frozen=True, slots=True)
class Combo:
    """One combination: its kind and its cards in ascending strength.

    Build one with :func:`classify` or :meth:`parse`, which check the cards; the
    constructor trusts its arguments, because the move generator builds thousands.
    ``str()`` is the cards in notation, ``repr()`` rebuilds the combo.
    """

    kind: Kind
    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> Combo:
        """The combination of the cards in ``text``, in any order.

        Raises :class:`~threethirteen.errors.NotationError` for malformed, repeated
        or joker cards and :class:`~threethirteen.errors.IllegalActionError` for
        cards that form no combination.

        >>> Combo.parse("9C 9D").kind
        Kind.PAIR
        """
        # Checked but not sorted, so that an error quotes the cards in the order given.
        return classify(check_one_deck(parse_cards(text)))

    @property
    def high(self) -> Card:
        """The highest card, which decides what beats what within a kind."""
        return self.cards[-1]

    @property
    def size(self) -> int:
        """The number of cards."""
        return len(self.cards)

    @property
    def pairs(self) -> int:
        """The number of pairs of a double sequence; 0 for any other kind."""
        return len(self.cards) // 2 if self.kind is Kind.DOUBLE_SEQUENCE else 0

    @property
    def is_bomb(self) -> bool:
        """Four of a kind, or a double sequence (always 3 pairs or more): they beat 2s."""
        return self.kind is Kind.FOUR or self.kind is Kind.DOUBLE_SEQUENCE

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Combo.parse({format_cards(self.cards)!r})"


def classify(cards: Iterable[Card]) -> Combo:
    """The combination the cards form, whatever order they come in.

    Raises :class:`~threethirteen.errors.IllegalActionError` quoting the cards when
    they form none: an empty play, a repeated card, a joker, mixed ranks that are no
    sequence, a 2 in a sequence.

    >>> classify(Card.parse(t) for t in ("4S", "3H", "3S", "4C", "5D", "5S"))
    Combo.parse('3S 3H 4S 4C 5S 5D')
    >>> classify([Card.parse("3S"), Card.parse("5D")])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.IllegalActionError: not a combination: '3S 5D': ...
    """
    given = tuple(cards)
    if not given:
        raise IllegalActionError("not a combination: an empty play")
    try:
        ordered = sort_cards(given)
    except NotationError:
        raise _not_a_combination(given, "Thirteen is played without jokers") from None
    if len(set(ordered)) != len(ordered):
        raise _not_a_combination(given, "a card is given twice")
    values = [strength(card) >> 2 for card in ordered]
    if values[0] == values[-1]:
        return Combo(_SAME_RANK_KINDS[len(ordered) - 1], ordered)
    if values[-1] == _TWO_VALUE:
        raise _not_a_combination(given, "a 2 cannot be part of a sequence")
    # Sorted, a sequence's ranks count up by one; a double sequence's do so at the even
    # places and again at the odd places.
    doubled = values[0] == values[1]
    run = list(range(values[0], values[0] + len(values[::2] if doubled else values)))
    if len(run) >= _MIN_RUN:
        if not doubled and values == run:
            return Combo(Kind.SEQUENCE, ordered)
        if doubled and values[::2] == run and values[1::2] == run:
            return Combo(Kind.DOUBLE_SEQUENCE, ordered)
    raise _not_a_combination(
        given,
        "the ranks must be one rank, or 3 or more consecutive ranks "
        "with one card each or two cards each",
    )


def _not_a_combination(cards: tuple[Card, ...], why: str) -> IllegalActionError:
    return IllegalActionError(f"not a combination: {quote_cards(cards)}: {why}")


def beats(play: Combo, table: Combo, *, four_on_pair_of_twos: bool = False) -> bool:
    """Whether ``play`` may be played on ``table``.

    The same kind and number of cards with a higher top card always beats. Bombs beat
    2s: four of a kind or a double sequence of 3+ pairs beats a single 2, a double
    sequence of 4+ pairs a pair of 2s, and one of 5+ pairs three 2s. With
    ``four_on_pair_of_twos`` four of a kind also beats a pair of 2s. Nothing else
    beats 2s, and a bomb beats nothing but 2s and a lower bomb of its kind and size.

    >>> beats(Combo.parse("5S 6S 7S"), Combo.parse("4H 5H 6H 7H"))
    False
    >>> beats(Combo.parse("9S 9C 9D 9H"), Combo.parse("2S 2C"), four_on_pair_of_twos=True)
    True
    """
    if play.kind is table.kind and len(play.cards) == len(table.cards):
        return strength(play.cards[-1]) > strength(table.cards[-1])
    if table.cards[-1].rank is Rank.TWO and table.kind in _TWOS_KINDS:
        twos = len(table.cards)
        if play.kind is Kind.DOUBLE_SEQUENCE:
            return len(play.cards) // 2 >= twos + 2
        if play.kind is Kind.FOUR:
            return twos == 1 or (twos == 2 and four_on_pair_of_twos)
    return False


def play_order_key(combo: Combo) -> tuple[int, ...]:
    """The key of the fixed order plays are listed in.

    By number of cards, then kind (single, pair, triple, sequence, four, double
    sequence), then the top card's strength, then every card's strength ascending.

    >>> [str(c) for c in sorted(
    ...     [Combo.parse("3S 4S 5S"), Combo.parse("6C 6D 6H"), Combo.parse("2H")],
    ...     key=play_order_key)]
    ['2H', '6C 6D 6H', '3S 4S 5S']
    """
    strengths = [strength(card) for card in combo.cards]
    return (len(strengths), _KIND_ORDER[combo.kind], strengths[-1], *strengths)
