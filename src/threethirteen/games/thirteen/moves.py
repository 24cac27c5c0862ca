"""The move generator: every distinct legal play of a hand, in the fixed play order.

It generates each kind directly instead of classifying subsets: a hand is read once
into one 4-bit suit mask per rank, same-rank plays come from tables built at import
(all 195 of them exist once), sequences walk runs of consecutive ranks taking one
card a rank, double sequences one pair a rank. Following, only the table's kind and
size is generated (and the bombs allowed against 2s), from the table's top card up.
Each group comes out in :func:`~.combos.play_order_key` order, so nothing is sorted.
:mod:`.moves_reference` is the slow oracle it is tested against.

>>> from threethirteen.games.thirteen.cards import parse_hand
>>> hand = parse_hand("3S 4S 5S 5H 9D 9C 2H")
>>> [str(p) for p in legal_plays(hand, Combo.parse("4D 4C"))]
['5S 5H', '9C 9D']
>>> [str(p) for p in legal_plays(hand, None, must_contain=Card.parse("3S"))]
['3S', '3S 4S 5S', '3S 4S 5H']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, combinations, product

from threethirteen.cards import Card
from threethirteen.errors import NotationError
from threethirteen.games.thirteen.cards import deck, strength
from threethirteen.games.thirteen.combos import Combo, Kind, classify

__all__ = ["legal_plays"]

# Encodings, private to this module: a card's strength ``s`` is ``rank * 4 + suit``
# (rank 0 = 3 .. 12 = 2; suit 0 = spades .. 3 = hearts); a rank's cards in a hand are
# the suit mask ``m`` (bit ``suit`` set per card held); ``rank << 4 | m`` indexes the
# per-rank tables below.
_ACE = 11  # the highest rank a sequence may reach: a 2 is never part of one
_STRENGTH: dict[Card, int] = {card: strength(card) for card in deck()}
_DECK = deck()


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(b for b in range(4) if mask >> b & 1)


# _CARDS_OF[rank << 4 | m]: the cards of that rank with the suits in m, ascending.
_CARDS_OF: tuple[tuple[Card, ...], ...] = tuple(
    tuple(_DECK[(i >> 4) * 4 + b] for b in _bits(i & 15)) for i in range(13 * 16)
)


def _same_rank_table(k: int) -> tuple[tuple[tuple[int, Combo], ...], ...]:
    """By ``rank << 4 | m``: (submask, play) for each k-card play of those cards, in
    play order: by the highest suit, then the suits ascending (play_order_key's order).
    """
    table = []
    for i in range(13 * 16):
        subs = [sum(1 << b for b in chosen) for chosen in combinations(_bits(i & 15), k)]
        subs.sort(key=lambda sub: (sub.bit_length(), _bits(sub)))
        table.append(tuple((sub, classify(_CARDS_OF[i & ~15 | sub])) for sub in subs))
    return tuple(table)


# _SAME_RANK[k]: the table of k-card same-rank plays (k = 1..4; 0 is a placeholder).
_SAME_RANK: tuple[tuple[tuple[tuple[int, Combo], ...], ...], ...] = (
    (),
    *(_same_rank_table(k) for k in range(1, 5)),
)

# _LEX_PAIRS[rank << 4 | m]: the pairs of those cards, lexicographic (low card first).
_LEX_PAIRS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(combinations(cards, 2)) for cards in _CARDS_OF
)


class _Hand:
    """One call's view of the hand: suit masks by rank, and the card a play must hold."""

    __slots__ = ("masks", "must_bit", "must_rank", "pair_run", "run")

    def __init__(self, masks: list[int], must_rank: int, must_bit: int) -> None:
        self.masks = masks
        self.must_rank = must_rank  # -1 when any play will do
        self.must_bit = must_bit
        # run[r]: how many consecutive ranks ending at r (never a 2) the hand holds a
        # card of, one card (run) or two (pair_run); a sequence of length L may top at r
        # only if run[r] >= L.
        self.run = run = [0] * (_ACE + 2)
        self.pair_run = pair_run = [0] * (_ACE + 2)
        for r in range(_ACE + 1):
            m = masks[r]
            if m:
                run[r + 1] = run[r] + 1
                if m & (m - 1):
                    pair_run[r + 1] = pair_run[r] + 1
        del run[0], pair_run[0]

    def same_rank(self, k: int, above: int) -> list[Combo]:
        """The k-card same-rank plays whose top card's strength is above ``above``."""
        plays: list[Combo] = []
        masks = self.masks
        groups = _SAME_RANK[k]
        floor_rank = above >> 2
        need = self.must_bit
        if self.must_rank < 0:
            ranks = range(max(floor_rank, 0), 13)
        elif self.must_rank >= floor_rank:
            ranks = range(self.must_rank, self.must_rank + 1)
        else:
            return plays
        for r in ranks:
            # On the table's own rank only suits above its top card's (one bit higher).
            floor = 2 << (above & 3) if r == floor_rank else 0
            for sub, play in groups[r << 4 | masks[r]]:
                if sub >= floor and sub & need == need:
                    plays.append(play)
        return plays

    def _options(self, r: int) -> int:
        """The suits of rank r a sequence may take: only the required card on its rank."""
        return self.must_bit if r == self.must_rank else self.masks[r]

    def _spans(self, length: int, above: int, run: list[int]) -> list[int]:
        """Top ranks of the windows of ``length`` ranks the hand covers, lowest first."""
        tops = [r for r in range(max(length - 1, above >> 2), _ACE + 1) if run[r] >= length]
        if self.must_rank >= 0:
            tops = [r for r in tops if r - length < self.must_rank <= r]
        return tops

    def sequences(self, length: int, above: int) -> list[Combo]:
        """The sequences of ``length`` cards whose top card's strength is above ``above``."""
        plays: list[Combo] = []
        options = self._options
        for top in self._spans(length, above, self.run):
            m = options(top)
            if top == above >> 2:
                m &= -(2 << (above & 3))  # only suits above the table's top card
                if not m:
                    continue
            lower = list(
                product(*[_CARDS_OF[r << 4 | options(r)] for r in range(top - length + 1, top)])
            )
            for high in _CARDS_OF[top << 4 | m]:
                plays.extend(Combo(Kind.SEQUENCE, (*cards, high)) for cards in lower)
        return plays

    def double_sequences(self, pairs: int, above: int) -> list[Combo]:
        """The double sequences of ``pairs`` pairs whose top card is above ``above``."""
        plays: list[Combo] = []
        masks = self.masks
        for top in self._spans(pairs, above, self.pair_run):
            lower = [
                tuple(chain.from_iterable(chosen))
                for chosen in product(*[self._pairs(r) for r in range(top - pairs + 1, top)])
            ]
            m = masks[top]
            need = self.must_bit if top == self.must_rank else 0
            base = top * 4
            # Play order within the window: the top pair's high card, then the lower
            # ranks' cards, then the top pair's low card.
            for hi in _bits(m):
                if top == above >> 2 and hi <= above & 3:
                    continue
                lows = [b for b in _bits(m) if b < hi and (1 << hi | 1 << b) & need == need]
                for cards in lower:
                    plays.extend(
                        Combo(Kind.DOUBLE_SEQUENCE, (*cards, _DECK[base + lo], _DECK[base + hi]))
                        for lo in lows
                    )
        return plays

    def _pairs(self, r: int) -> tuple[tuple[Card, ...], ...]:
        pairs = _LEX_PAIRS[r << 4 | self.masks[r]]
        if r == self.must_rank:
            required = _CARDS_OF[r << 4 | self.must_bit][0]
            return tuple(pair for pair in pairs if required in pair)
        return pairs


def legal_plays(
    hand: Sequence[Card],
    table: Combo | None,
    *,
    must_contain: Card | None = None,
    four_on_pair_of_twos: bool = False,
) -> tuple[Combo, ...]:
    """Every distinct legal play from ``hand``, sorted by :func:`~.combos.play_order_key`.

    ``table`` is the combination to beat, or None when the player leads (any
    combination will do). ``must_contain`` keeps only the plays that hold that card
    (the match's first lead); none if the hand lacks it. Passing is not a play here.
    Raises :class:`~threethirteen.errors.NotationError` for a joker or a card held
    twice.

    >>> from threethirteen.games.thirteen.cards import parse_hand
    >>> [str(p) for p in legal_plays(parse_hand("5S 9S 2C AH 3D 3H"), Combo.parse("2S"))]
    ['2C']
    """
    masks = [0] * 13
    for card in hand:
        s = _STRENGTH.get(card)
        if s is None:
            raise NotationError(f"Thirteen is played without jokers: got {str(card)!r}")
        bit = 1 << (s & 3)
        if masks[s >> 2] & bit:
            raise NotationError(f"card {str(card)!r} is held twice: one deck holds each once")
        masks[s >> 2] |= bit
    must_rank, must_bit = -1, 0
    if must_contain is not None:
        s = strength(must_contain)
        must_rank, must_bit = s >> 2, 1 << (s & 3)
        if not masks[must_rank] & must_bit:
            return ()
    cards = _Hand(masks, must_rank, must_bit)
    if table is None:
        return _leading(cards)
    return _following(cards, table, four_on_pair_of_twos)


def _leading(hand: _Hand) -> tuple[Combo, ...]:
    plays = hand.same_rank(1, -1) + hand.same_rank(2, -1) + hand.same_rank(3, -1)
    longest = max(max(hand.run), 2 * max(hand.pair_run), 4)
    for size in range(3, longest + 1):
        plays += hand.sequences(size, -1)
        if size == 4:
            plays += hand.same_rank(4, -1)
        elif size >= 6 and size % 2 == 0:
            plays += hand.double_sequences(size // 2, -1)
    return tuple(plays)


def _following(hand: _Hand, table: Combo, four_on_pair_of_twos: bool) -> tuple[Combo, ...]:
    size = len(table.cards)
    above = _STRENGTH[table.cards[-1]]
    if table.kind is Kind.SEQUENCE:
        return tuple(hand.sequences(size, above))
    if table.kind is Kind.DOUBLE_SEQUENCE:
        return tuple(hand.double_sequences(size // 2, above))
    plays = hand.same_rank(size, above)
    if above >> 2 == 12 and size <= 3:
        # Bombs on 2s, as combos.beats has them (the oracle test holds the two together):
        # a four on one 2 (or on two with the house rule), a double sequence of 3 pairs
        # on one 2, of 4 on two, of 5 on three.
        if size == 1 or (size == 2 and four_on_pair_of_twos):
            plays += hand.same_rank(4, -1)
        for pairs in range(size + 2, max(hand.pair_run) + 1):
            plays += hand.double_sequences(pairs, -1)
    return tuple(plays)
