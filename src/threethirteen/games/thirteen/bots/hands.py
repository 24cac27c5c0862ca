"""Hands as integers, and the split of a hand into the fewest, strongest combinations.

The bots' hot loops work on integer encodings, private to this package:

* a card is its strength ``s`` (:func:`~threethirteen.games.thirteen.cards.strength`,
  ``rank * 4 + suit``: 0 for 3♠ .. 51 for 2♥);
* a set of cards is a 52-bit mask, bit ``s`` set for each card;
* a combination is a :data:`Move` tuple ``(kind, size, top, mask)``: its kind (one of
  the small integers :data:`SINGLE` .. :data:`DOUBLE_SEQUENCE`), its number of cards,
  the strength of its highest card and its cards' mask.

:func:`best_split` splits a hand into combinations so as to empty it in the fewest
leads: it searches every way of cutting the hand into sequences, double sequences
and groups of one rank, and scores a split by its number of plays, less a credit for
each play likely to win its trick (a 2, a high pair, a long sequence, a bomb), which
brings the lead back. The search works on how many cards of each rank the hand
holds, so its answers are cached across hands and matches.

>>> from threethirteen.games.thirteen.cards import parse_hand
>>> [describe(m) for m in best_split(mask_of(parse_hand("3S 4D 5C 9H 9S KD 2H")))]
['3S 4D 5C', '9S 9H', 'KD', '2H']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from threethirteen.cards import Card
from threethirteen.games.thirteen.cards import card_of_strength, deck, strength
from threethirteen.games.thirteen.combos import Combo, Kind

__all__ = [
    "DOUBLE_SEQUENCE",
    "FOUR",
    "KIND_OF",
    "PAIR",
    "SEQUENCE",
    "SINGLE",
    "TRIPLE",
    "TWO",
    "Move",
    "beats_move",
    "best_split",
    "cards_of",
    "describe",
    "is_bomb",
    "mask_of",
    "move_of",
    "move_of_cards",
    "rank_counts",
    "split_cost",
]

SINGLE, PAIR, TRIPLE, FOUR, SEQUENCE, DOUBLE_SEQUENCE = range(6)
KIND_OF: dict[Kind, int] = {
    Kind.SINGLE: SINGLE,
    Kind.PAIR: PAIR,
    Kind.TRIPLE: TRIPLE,
    Kind.FOUR: FOUR,
    Kind.SEQUENCE: SEQUENCE,
    Kind.DOUBLE_SEQUENCE: DOUBLE_SEQUENCE,
}
"""The core's kinds as this package's small integers."""
TWO = 12  # the rank of the 2, the highest
ACE = 11  # the highest rank a sequence may reach

Move = tuple[int, int, int, int]
"""``(kind, size, top, mask)``: a combination in integers (see the module's docstring)."""

_STRENGTH: dict[Card, int] = {card: strength(card) for card in deck()}
_SAME_KIND = (SINGLE, SINGLE, PAIR, TRIPLE, FOUR)  # by number of cards of one rank
# The number of cards in each 4-bit suit mask.
POPCOUNT4: tuple[int, ...] = tuple(bin(m).count("1") for m in range(16))


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards`` (bit ``strength`` set for each).

    >>> from threethirteen.cards import parse_cards
    >>> mask_of(parse_cards("3S 3H"))
    9
    """
    mask = 0
    for card in cards:
        mask |= 1 << _STRENGTH[card]
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(card_of_strength(low.bit_length() - 1))
        mask ^= low
    return tuple(out)


def describe(move: Move) -> str:
    """The move's cards in notation, ascending: ``'3S 4D 5C'``."""
    return " ".join(str(card) for card in cards_of(move[3]))


def move_of(combo: Combo) -> Move:
    """The :data:`Move` of a core :class:`~threethirteen.games.thirteen.combos.Combo`."""
    cards = combo.cards
    return (KIND_OF[combo.kind], len(cards), _STRENGTH[cards[-1]], mask_of(cards))


def rank_counts(mask: int) -> list[int]:
    """How many cards of each rank (0 = 3 .. 12 = 2) the mask holds."""
    return [POPCOUNT4[mask >> (4 * r) & 15] for r in range(13)]


def is_bomb(move: Move) -> bool:
    """Four of a kind or a double sequence: the plays that beat 2s."""
    return move[0] == FOUR or move[0] == DOUBLE_SEQUENCE


def beats_move(play: Move, table: Move, four_on_pair_of_twos: bool = False) -> bool:
    """Whether ``play`` beats ``table``: :func:`~.combos.beats` on integer moves.

    >>> beats_move((FOUR, 4, 7, 0), (SINGLE, 1, 50, 0))
    True
    """
    if play[0] == table[0] and play[1] == table[1]:
        return play[2] > table[2]
    if table[2] >> 2 == TWO and table[0] <= TRIPLE:
        twos = table[1]
        if play[0] == DOUBLE_SEQUENCE:
            return play[1] // 2 >= twos + 2
        if play[0] == FOUR:
            return twos == 1 or (twos == 2 and four_on_pair_of_twos)
    return False


# -- the split ----------------------------------------------------------------------------
#
# A split is scored by the sum of its plays' costs: one for each play, less the credit
# of a play that is likely to win its trick (so that it brings the lead back). The
# credits are by rank (0 = 3 .. 12 = 2) and were set by hand, then checked in matches
# (threethirteen tournament --game thirteen).
_SINGLE_CREDIT = (0.0, 0.0, 0.0, 0.0, 0.0, 0.02, 0.04, 0.07, 0.11, 0.17, 0.26, 0.42, 0.85)
_PAIR_CREDIT = (0.0, 0.0, 0.0, 0.02, 0.04, 0.06, 0.09, 0.13, 0.18, 0.26, 0.36, 0.52, 0.95)
_TRIPLE_CREDIT = (*tuple(0.25 + 0.04 * r for r in range(12)), 1.0)
_LOW_SINGLE = (0.12, 0.08, 0.04)  # extra cost of a single 3, 4, 5: led only, never useful
_BOMB_CREDIT = 1.0


def _group_cost(count: int, rank: int) -> float:
    if count == 1:
        return 1.0 - _SINGLE_CREDIT[rank] + (_LOW_SINGLE[rank] if rank < len(_LOW_SINGLE) else 0.0)
    if count == 2:
        return 1.0 - _PAIR_CREDIT[rank]
    if count == 3:
        return 1.0 - _TRIPLE_CREDIT[rank]
    return 1.0 - _BOMB_CREDIT


def _sequence_cost(length: int, top: int) -> float:
    return 1.0 - min(0.8, 0.12 * (length - 3) + 0.03 * top)


# _GROUP[count][rank], _SEQ[length][top]: the costs above, as tables.
_GROUP: tuple[tuple[float, ...], ...] = tuple(
    tuple(_group_cost(count, rank) if count else 0.0 for rank in range(13)) for count in range(5)
)
_SEQ: tuple[tuple[float, ...], ...] = tuple(
    tuple(_sequence_cost(length, top) for top in range(13)) for length in range(13)
)
_DSEQ_COST = 1.0 - _BOMB_CREDIT

# A rank-level part: (kind, lowest rank, number of ranks).
_Part = tuple[int, int, int]
_POW5 = tuple(5**r for r in range(14))
_MEMO: dict[int, tuple[float, tuple[_Part, ...]]] = {}
_MEMO_LIMIT = 30_000  # entries; cleared when full (clearing costs about 4 ms; a miss, 0.03)


def _solve(counts: list[int], key: int) -> tuple[float, tuple[_Part, ...]]:
    """The cheapest split of the rank counts (``key`` encodes them, base 5)."""
    found = _MEMO.get(key)
    if found is not None:
        return found
    low = 0
    while low < 13 and not counts[low]:
        low += 1
    if low == 13:
        return 0.0, ()
    n = counts[low]
    # The lowest rank's cards, all in one group.
    sub_cost, sub_parts = _solve_without(counts, key, low, n)
    best_cost = _GROUP[n][low] + sub_cost
    best_parts: tuple[_Part, ...] = ((_SAME_KIND[n], low, 1), *sub_parts)
    # Or a sequence, or a double sequence, starting at the lowest rank.
    for need, kind in ((1, SEQUENCE), (2, DOUBLE_SEQUENCE)):
        if n < need:
            continue
        top = low
        removed = 0
        while top <= ACE and counts[top] >= need:
            counts[top] -= need
            removed += need * _POW5[top]
            length = top - low + 1
            if length >= 3:
                rest_cost, rest_parts = _solve(counts, key - removed)
                cost = (_SEQ[length][top] if kind == SEQUENCE else _DSEQ_COST) + rest_cost
                if cost < best_cost - 1e-9:
                    best_cost = cost
                    best_parts = ((kind, low, length), *rest_parts)
            top += 1
        for r in range(low, top):
            counts[r] += need
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = (best_cost, best_parts)
    return best_cost, best_parts


def _solve_without(
    counts: list[int], key: int, rank: int, n: int
) -> tuple[float, tuple[_Part, ...]]:
    counts[rank] = 0
    try:
        return _solve(counts, key - n * _POW5[rank])
    finally:
        counts[rank] = n


def _key(counts: Sequence[int]) -> int:
    return sum(c * p for c, p in zip(counts, _POW5, strict=False))


def split_cost(mask: int) -> float:
    """The score of the hand's best split: lower is better, about the leads it needs.

    >>> from threethirteen.games.thirteen.cards import parse_hand
    >>> split_cost(mask_of(parse_hand("3S 4S 5S"))) < split_cost(mask_of(parse_hand("3S 4S")))
    True
    """
    counts = rank_counts(mask)
    return _solve(counts, _key(counts))[0]


def best_split(mask: int) -> list[Move]:
    """The hand's best split into combinations, lowest first (see the module's docstring).

    Groups of one rank take the highest suits of their rank, sequences the rest.
    """
    counts = rank_counts(mask)
    parts = _solve(counts, _key(counts))[1]
    free = [mask >> (4 * r) & 15 for r in range(13)]
    moves: list[Move] = []
    # Sequences first take the lowest suits of their ranks, then groups take the rest.
    for kind, low, length in parts:
        if kind != SEQUENCE and kind != DOUBLE_SEQUENCE:
            continue
        need = 1 if kind == SEQUENCE else 2
        cards = 0
        for r in range(low, low + length):
            for _ in range(need):
                m = free[r]
                bit = m & -m
                free[r] = m ^ bit
                cards |= bit << (4 * r)
        moves.append((kind, need * length, cards.bit_length() - 1, cards))
    for kind, low, _length in parts:
        if kind in (SEQUENCE, DOUBLE_SEQUENCE):
            continue
        cards = free[low] << (4 * low)
        free[low] = 0
        moves.append((kind, POPCOUNT4[cards >> (4 * low)], cards.bit_length() - 1, cards))
    moves.sort(key=lambda move: (move[2], move[1]))
    return moves


def move_of_cards(cards: Iterable[Card]) -> Move:
    """The :data:`Move` of a legal play's cards (trusted to form a combination).

    >>> from threethirteen.cards import parse_cards
    >>> move_of_cards(parse_cards("3S 3H 4S 4C 5S 5D"))[:3]
    (5, 6, 10)
    """
    mask = mask_of(cards)
    size = mask.bit_count()
    top = mask.bit_length() - 1
    low = (mask & -mask).bit_length() - 1
    if low >> 2 == top >> 2:
        return (_SAME_KIND[size], size, top, mask)
    if size >= 6 and POPCOUNT4[mask >> (low & ~3) & 15] == 2:
        return (DOUBLE_SEQUENCE, size, top, mask)
    return (SEQUENCE, size, top, mask)
