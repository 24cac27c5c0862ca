"""The melds and lay-offs a Rummy hand can make: the move generator of the legal actions.

:func:`hand_melds` lists every meld a hand holds: every set of three and of four
cards of one rank, and every run, that is every contiguous segment of three or
more of the hand's cards of one suit (ace low; also ace high under
``ace_high``). :func:`hand_layoffs` lists every card of a hand that fits a
table meld, with the meld's number. Both answer in a fixed order, the cards of
each meld in meld order (:class:`~threethirteen.games.rummy.melds.Meld`).

>>> from threethirteen.cards import format_cards, parse_cards
>>> [format_cards(m) for m in hand_melds(parse_cards("4H 5H 6H 7H 9S 9D 9C"))]
['9S 9D 9C', '4H 5H 6H', '4H 5H 6H 7H', '5H 6H 7H']
>>> [format_cards(m) for m in hand_melds(parse_cards("QS KS AS 2S"), ace_high=True)]
['QS KS AS']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from threethirteen.cards import Card, Rank, Suit
from threethirteen.games.rummy.melds import Meld, MeldKind

__all__ = ["fitting_cards", "hand_layoffs", "hand_melds"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def hand_melds(hand: Sequence[Card], *, ace_high: bool = False) -> tuple[tuple[Card, ...], ...]:
    """Every meld in ``hand``: sets by rank (each three and the four), then runs by suit
    (S H D C), start and length; each meld's cards in meld order.

    >>> from threethirteen.cards import format_cards, parse_cards
    >>> [format_cards(m) for m in hand_melds(parse_cards("7S 7H 7D 7C AH"))]
    ['7S 7H 7D', '7S 7H 7C', '7S 7D 7C', '7H 7D 7C', '7S 7H 7D 7C']
    """
    melds: list[tuple[Card, ...]] = []
    by_rank: dict[Rank, list[Card]] = {}
    by_suit: dict[Suit, dict[int, Card]] = {}
    for card in hand:
        rank, suit = card.rank, card.suit
        if rank is None or suit is None:
            continue
        by_rank.setdefault(rank, []).append(card)
        positions = by_suit.setdefault(suit, {})
        positions[int(rank)] = card
        if ace_high and rank is Rank.ACE:
            positions[14] = card
    for rank in sorted(by_rank):
        group = by_rank[rank]
        if len(group) >= 3:
            ordered = sorted(group, key=lambda c: c.sort_key("rank"))
            melds.extend(combinations(ordered, 3))
            if len(ordered) == 4:
                melds.append(tuple(ordered))
    for suit in _SUITS:
        positions = by_suit.get(suit, {})
        if len(positions) < 3:
            continue
        chain: list[Card] = []
        for position in range(1, 16):
            found = positions.get(position)
            if found is not None:
                chain.append(found)
                continue
            if len(chain) >= 3:
                _segments(chain, melds)
            if chain:
                chain = []
    return tuple(melds)


def _segments(chain: list[Card], melds: list[tuple[Card, ...]]) -> None:
    """Every segment of three or more of a chain of consecutive cards (no card twice)."""
    size = len(chain)
    for start in range(size - 2):
        for end in range(start + 3, size + 1):
            # A chain of 14 is the whole suit with the ace at both ends: no meld holds the
            # ace twice, and 2..A is the same meld as A..K (kept, in meld order, ace low).
            if size == 14 and end - start >= 13 and (start, end) != (0, 13):
                continue
            melds.append(tuple(chain[start:end]))


def fitting_cards(meld: Meld) -> tuple[Card, ...]:
    """The cards that can be laid off on ``meld`` (the same answer as
    :func:`~threethirteen.games.rummy.melds.fits`, listed): a set's missing suits, the
    card just below and just above a run (an ace above a king only with ``ace_high``).

    >>> from threethirteen.cards import format_cards
    >>> [format_cards(fitting_cards(Meld.of(t, ace_high=True))) for t in ("JH QH KH", "7S 7D 7C")]
    ['10H AH', '7H']
    """
    first = meld.cards[0]
    rank, suit = first.rank, first.suit
    assert rank is not None and suit is not None
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return ()
        held = {card.suit for card in meld.cards}
        return tuple(Card(rank, s) for s in _SUITS if s not in held)
    found: list[Card] = []
    if rank is not Rank.ACE:
        found.append(Card(Rank(int(rank) - 1), suit))
    if not meld.high_ace:
        top = int(meld.cards[-1].rank or 0)
        if top < 13:
            found.append(Card(Rank(top + 1), suit))
        elif meld.ace_high:
            found.append(Card(Rank.ACE, suit))
    # 2..K under ace_high takes the ace at either end (once); A..K takes nothing more
    return tuple(card for card in dict.fromkeys(found) if card not in meld.cards)


def hand_layoffs(hand: Sequence[Card], table: Sequence[Meld]) -> tuple[tuple[Card, int], ...]:
    """Every (card, meld number) with a card of ``hand`` that fits table meld number
    ``number`` (1-based), by the card (rank then suit) then the meld's number.

    >>> from threethirteen.cards import parse_cards
    >>> table = [Meld.of("4H 5H 6H"), Meld.of("9S 9D 9C")]
    >>> [(str(c), n) for c, n in hand_layoffs(parse_cards("3H 7H 9H KS"), table)]
    [('3H', 1), ('7H', 1), ('9H', 2)]
    """
    held = set(hand)
    pairs = [
        (card, number)
        for number, meld in enumerate(table, start=1)
        for card in fitting_cards(meld)
        if card in held
    ]
    pairs.sort(key=lambda pair: (pair[0].sort_key("rank"), pair[1]))
    return tuple(pairs)
