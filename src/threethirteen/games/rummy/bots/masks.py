"""Cards as bits for the bots' inner loops: a hand is an int, bit ``card.index`` per card.

:func:`counter` gives the exact least count of a hand (as a mask) against a table,
from the memo the analysis keeps for that table
(:func:`threethirteen.games.rummy.analysis.deadwood` answers the same for cards; the
bots ask it hundreds of times a decision, so they skip the conversion).

>>> from threethirteen.cards import parse_cards
>>> hand = mask_of(parse_cards("7H 8H 2C"))
>>> [str(c) for c in cards_of(hand)], counter((), False)(hand)
(['7H', '8H', '2C'], 17)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from threethirteen.cards import Card
from threethirteen.games.rummy.analysis import _table_for
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.rules import card_points

__all__ = ["BIT", "CARDS", "POINTS", "bits", "cards_of", "counter", "mask_of", "near_mask"]

CARDS: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))
"""The card of each bit index (suit-major: spades A..K, hearts, diamonds, clubs)."""
BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(CARDS)}
POINTS: tuple[int, ...] = tuple(card_points(card) for card in CARDS)
"""The points of the card of each bit index."""


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, by suit then rank."""
    return [CARDS[low.bit_length() - 1] for low in bits(mask)]


def counter(table: Sequence[Meld], ace_high: bool) -> Callable[[int], int]:
    """The least count of a hand (a mask with no card of the table) against ``table``."""
    return _table_for(table, ace_high).count


def _near(index: int, ace_high: bool, reach: int) -> int:
    suit, rank = divmod(index, 13)
    rank += 1
    mask = 0
    for s in range(4):
        mask |= 1 << (s * 13 + rank - 1)
    positions = [rank, 14] if ace_high and rank == 1 else [rank]
    for p in positions:
        for q in range(p - reach, p + reach + 1):
            if 1 <= q <= (14 if ace_high else 13):
                mask |= 1 << (suit * 13 + (q - 1) % 13)
    return mask & ~(1 << index)


_NEAR = {
    (high, reach): tuple(_near(i, high, reach) for i in range(52))
    for high in (False, True)
    for reach in (1, 2)
}


def near_mask(index: int, ace_high: bool, reach: int = 2) -> int:
    """The cards that may share a meld with the card of bit ``index``: its rank's other
    suits and its suit's cards up to ``reach`` ranks away (over the king to the ace
    under ``ace_high``).

    >>> [str(c) for c in cards_of(near_mask(BIT[Card.parse("KH")].bit_length() - 1, True, 1))]
    ['KS', 'AH', 'QH', 'KD', 'KC']
    """
    return _NEAR[ace_high, reach][index]
