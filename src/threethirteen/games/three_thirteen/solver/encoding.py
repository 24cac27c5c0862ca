"""The solver's integer encoding of hands: card positions, 4-bit count fields, scaled costs.

A hand's natural cards are one int: a 4-bit count field per card, at bit 4 * p
where p = (rank - 1) * 4 + suit index (suits S H D C). So the four suits of a
rank form a 16-bit group, the same suit one rank up is 16 bits higher, and the
lowest set bit is the lowest card in (rank, suit) order. Wilds are a count.

Costs are scaled: a card left unmelded costs penalty * SCALE + 1, so the least
scaled cost is the least penalty and, among those, the fewest unmelded cards;
"every card melded" is then a scaled cost of 0 even when penalties can be 0.

>>> CARD_AT[0], CARD_AT[5], CARD_AT[51]
(Card.parse('AS'), Card.parse('2H'), Card.parse('KC'))
>>> x = (1 << (4 * 5)) * 2 + (1 << (4 * 51))  # 2H 2H KC
>>> card_positions(x), card_count(x), field_at(x, 5)
([5, 5, 51], 3, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, Rank, Suit

__all__ = [
    "CARD_AT",
    "INF",
    "JOKER_KEY",
    "LANE_NO_ACE",
    "MAX_COPIES",
    "NIB",
    "SCALE",
    "SUITS",
    "SUIT_INDEX",
    "UP",
    "Hand",
    "card_count",
    "card_positions",
    "field_at",
    "field_sum",
    "naturals_cost",
    "suit_major",
]

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
# Enum members are immortal singletons, so their ids are stable keys; Enum.__hash__
# is a Python-level function and this lookup sits on the solver's entry path.
SUIT_INDEX = {id(s): i for i, s in enumerate(SUITS)}
_RANKS = tuple(Rank)

SCALE = 1 << 10  # more than any number of cards in a hand
MAX_COPIES = 15  # a 4-bit field
NIB = sum(1 << (4 * p) for p in range(52))  # bit 0 of every field
UP = sum(1 << (16 * d) for d in range(1, 13))  # the same suit 1..12 ranks higher
LANE_NO_ACE = sum(1 << (16 * r) for r in range(1, 13))  # one suit's ranks 2..K
CARD_AT = tuple(Card(_RANKS[p // 4], SUITS[p % 4]) for p in range(52))
INF = 1 << 60
JOKER_KEY = 52  # a joker's key among discard positions 0..51


@dataclass(slots=True)
class Hand:
    """A hand split for the engine."""

    x: int  # natural cards, encoded (wild-rank cards excluded)
    n: int  # how many natural cards
    cost: int  # scaled cost of all natural cards left unmelded
    jokers: int
    wild_rank_cards: list[int]  # per suit index


def card_positions(mask: int) -> list[int]:
    """Card positions p of an encoded multiset, lowest first, with repeats."""
    out = []
    while mask:
        b = (mask & -mask).bit_length() - 1
        p = b >> 2
        count = (mask >> (p << 2)) & 15
        out.extend([p] * count)
        mask -= count << (p << 2)
    return out


def suit_major(p: int) -> int:
    """A sort key putting positions in card order: suit, then rank."""
    return (p & 3) << 4 | p >> 2


def card_count(x: int) -> int:
    """How many cards an encoded multiset holds (the sum of its 4-bit fields)."""
    return (
        (x & NIB).bit_count()
        + 2 * (x & NIB << 1).bit_count()
        + 4 * (x & NIB << 2).bit_count()
        + 8 * (x & NIB << 3).bit_count()
    )


def field_sum(x: int) -> int:
    return sum((x >> (4 * p)) & 15 for p in range(52))


def field_at(x: int, p: int) -> int:
    """How many copies of the card at position ``p`` the encoded multiset ``x`` holds."""
    return (x >> (p << 2)) & 15


def naturals_cost(costs: Sequence[int], x: int) -> int:
    """The scaled cost of leaving every card of ``x`` unmelded, at ``costs`` a position."""
    total = 0
    while x:
        b = (x & -x).bit_length() - 1
        p = b >> 2
        count = (x >> (p << 2)) & 15
        total += costs[p] * count
        x -= count << (p << 2)
    return total
