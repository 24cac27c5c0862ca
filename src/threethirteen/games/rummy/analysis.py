"""The exact analysis of a Rummy hand: the count left, the best discard, going out.

A hand (any number of cards, after the draw) meets the melds on the table. Its
*count* is the ``card_points`` of the cards left after the best new melds and
lay-offs: a card may be laid off onto a table meld, and lay-offs chain (``7H`` then
``8H`` onto ``4H 5H 6H``); a set takes its missing suit; runs are ace low, and also
ace high (Q-K-A) under the rules' ``ace_high``. :func:`analyse` also weighs every
discard (the count of the hand left by it), picks the best and says whether the hand
goes out this turn; :func:`deadwood` is the count alone, memoised for bots.

>>> result = analyse("4H 5H 6H 9S 9D 9C KC", ["7H 8H 9H", "JS JD JC"])
>>> print(result)
count 10: meld 9S 9D 9C; meld 4H 5H 6H; left KC
discard KC, count 0 after it: meld 9S 9D 9C; meld 4H 5H 6H
can go out: yes
>>> result.count, str(result.discard), result.count_after, result.can_go_out
(10, 'KC', 0, True)
>>> deadwood(parse_cards("7H 8H 2C"), read_table(["4H 5H 6H"]))
2
>>> print(arrange(parse_cards("7H 8H 2C"), read_table(["4H 5H 6H"])))
layoff 7H on 1; layoff 8H on 1; left 2C (count 2)

The algorithm: every group a hand could play at once is listed per table: each set
of three or four cards of one rank, each run, and each lay-off of one or two cards
onto a table meld (the missing suit of a set; one card or two in a row at either
end of a run). Three or more cards laid off in a row onto a run are a run of their
own, so longer lay-offs are never needed; a card laid off onto a meld made this turn
makes a longer meld, so neither is that. The best cover of the hand by disjoint
groups is a search on the lowest card held (left over, or in one of its groups),
memoised on the bitmask of the cards still held, for every table met (a bot meets
one table for thousands of hands). Cards in no group the hand can make are left
before the search. :mod:`.reference` is the brute-force oracle the tests compare it
with: it plays every meld and lay-off in every order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from threethirteen.cards import Card, format_cards, parse_cards, standard_deck
from threethirteen.errors import RulesError
from threethirteen.games.rummy.melds import Meld, MeldKind
from threethirteen.games.rummy.rules import Rules, card_points

__all__ = [
    "Arrangement",
    "HandAnalysis",
    "analyse",
    "arrange",
    "clear_memo",
    "deadwood",
    "discard_key",
    "read_table",
]

# -- the encoding: a card is bit ``suit * 13 + rank - 1`` (Card.index), a hand an int ----------

_DECK: tuple[Card, ...] = standard_deck()
_BIT: dict[Card, int] = {card: 1 << card.index for card in _DECK}
_POINTS: tuple[int, ...] = tuple(card_points(card) for card in _DECK)
_SUIT_MASK = (1 << 13) - 1


def _bit(suit: int, position: int) -> int:
    """The bit of the card of ``suit`` (0..3) at run position 1..14 (14: the ace)."""
    return 1 << (suit * 13 + (position - 1) % 13)


def _universe(ace_high: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """By lowest bit: the families of meld masks (each family nested, shortest first)."""
    families: list[list[tuple[int, ...]]] = [[] for _ in range(52)]
    for rank in range(13):
        bits = [1 << (suit * 13 + rank) for suit in range(4)]
        # The sets whose lowest card is each suit: the four-card set after the threes.
        for low in range(2):
            others = bits[low + 1 :]
            masks = [bits[low] | a | b for a, b in combinations(others, 2)]
            if low == 0:
                masks.append(sum(bits))
            for mask in masks:
                families[low * 13 + rank].append((mask,))
    for suit in range(4):
        for start in range(1, 12):  # ace-low runs: start..end, ends 13 at most
            family = tuple(
                sum(_bit(suit, p) for p in range(start, end + 1)) for end in range(start + 2, 14)
            )
            families[suit * 13 + start - 1].append(family)
        if ace_high:  # Q-K-A, J-Q-K-A, ... (2..K-A is A..K again: that mask is listed)
            family = tuple(
                sum(_bit(suit, p) for p in range(start, 15)) for start in range(12, 2, -1)
            )
            families[suit * 13].append(family)
    return tuple(tuple(f) for f in families)


_UNIVERSE = {False: _universe(False), True: _universe(True)}


def _cards_of(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(_DECK[low.bit_length() - 1])
        mask ^= low
    return out


def _mask_of(cards: Iterable[Card], what: str) -> tuple[int, int]:
    """The bitmask of ``cards`` and how many were given; raises for a joker or a repeat."""
    mask = count = 0
    bits = _BIT
    for card in cards:
        bit = bits.get(card)
        if bit is None or mask & bit:
            raise _bad_card(card, what)
        mask |= bit
        count += 1
    return mask, count


def _bad_card(card: object, what: str) -> RulesError:
    if isinstance(card, Card) and card.is_joker:
        return RulesError(f"Rummy has no jokers: 'JK' in {what}")
    if isinstance(card, Card):
        return RulesError(f"{str(card)!r} is twice in {what}: Rummy plays one deck")
    return RulesError(f"{what} holds cards, got {str(card)[:40]!r}")


# -- the values --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way to play a hand this turn: new melds, lay-offs, and the cards left.

    ``layoffs`` are ``(card, number)`` pairs in playing order, ``number`` the table
    meld (1-based) the card goes on; ``count`` is the ``card_points`` of ``left``.
    ``str()`` is the plays in action notation, ``repr()`` rebuilds it.

    >>> print(arrange(parse_cards("AS 2S 3S 9H 5D"), read_table(["9S 9D 9C"])))
    meld AS 2S 3S; layoff 9H on 1; left 5D (count 5)
    """

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[Card, int], ...]
    left: tuple[Card, ...]
    count: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand: melded, laid off, then left."""
        melded = [card for meld in self.melds for card in meld.cards]
        return (*melded, *(card for card, _ in self.layoffs), *self.left)

    @property
    def all_played(self) -> bool:
        """True when no card is left (the hand empties by melding and laying off)."""
        return not self.left

    def steps(self) -> tuple[str, ...]:
        """The plays in action notation, melds first: ``meld 4H 5H 6H``, ``layoff 7H on 1``."""
        return (
            *(f"meld {meld}" for meld in self.melds),
            *(f"layoff {card} on {number}" for card, number in self.layoffs),
        )

    def __str__(self) -> str:
        parts = list(self.steps())
        if self.left:
            parts.append(f"left {format_cards(self.left)}")
        text = "; ".join(parts) or "nothing"
        return f"{text} (count {self.count})"


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """What :func:`analyse` finds: the count, the best discard, whether the hand goes out.

    ``count`` and ``arrangement``: the least count of the whole hand and one
    arrangement reaching it. ``discards``: every card the rules let the hand discard,
    with the least count of the hand left by it, best first (:func:`discard_key`);
    ``discard`` and ``after`` are the first of them and an arrangement of what it
    leaves (None when the hand may discard nothing: it is empty, or holds only the
    card it took from the pile). ``can_go_out``: the hand can empty this turn, by
    melding and laying off every card (not under ``must_discard``) or every card but
    one that it discards.
    """

    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    count: int
    arrangement: Arrangement
    discards: tuple[tuple[Card, int], ...]
    discard: Card | None
    after: Arrangement | None
    can_go_out: bool
    taken: Card | None = None

    @property
    def count_after(self) -> int | None:
        """The count after the best discard (None without a discard)."""
        return None if self.after is None else self.after.count

    @property
    def goes_out_by_discard(self) -> bool:
        """True when the hand can go out by discarding its last card (the best discard)."""
        return self.after is not None and self.after.count == 0

    def __str__(self) -> str:
        lines = [f"count {self.count}: {_plays(self.arrangement)}"]
        if self.discard is None or self.after is None:
            lines.append("no discard")
        else:
            lines.append(
                f"discard {self.discard}, count {self.after.count} after it: {_plays(self.after)}"
            )
        lines.append(f"can go out: {'yes' if self.can_go_out else 'no'}")
        return "\n".join(lines)


def _plays(arrangement: Arrangement) -> str:
    text = str(arrangement)
    return text[: text.rindex(" (count")]


def discard_key(card: Card, count: int) -> tuple[int, int, int, int]:
    """How discards are ranked: the least count left, then the higher ``card_points``,
    then the higher rank (ace low), then the suit order S H D C.

    >>> choices = [(Card.parse(c), 0) for c in ("QH", "KD", "KS", "9C")]
    >>> [str(card) for card, _ in sorted(choices, key=lambda x: discard_key(*x))]
    ['KS', 'KD', 'QH', '9C']
    """
    rank = card.rank
    suit = card.suit
    if rank is None or suit is None:
        raise RulesError("Rummy has no jokers")
    return (count, -card_points(card), -int(rank), suit.index)


# -- one table: its groups and memo ------------------------------------------------------------

MEMO_LIMIT = 1 << 17
"""Entries a table's memo keeps before it is cleared."""
TABLE_LIMIT = 64
"""Tables whose groups and memo are kept (the first built go first)."""


class _Table:
    """The groups a hand may play onto one table (under one ace rule), and the memo."""

    __slots__ = ("ace_high", "families", "layoffs", "memo", "solve", "table", "table_mask")

    def __init__(self, table: tuple[Meld, ...], ace_high: bool) -> None:
        self.table = table
        self.ace_high = ace_high
        self.table_mask = _check_table(table, ace_high)
        families: list[tuple[tuple[int, ...], ...]] = list(_UNIVERSE[ace_high])
        # Lay-offs: mask -> (meld number, cards in order); the first meld wins a tie.
        self.layoffs: dict[int, tuple[int, tuple[Card, ...]]] = {}
        for number, meld in enumerate(table, 1):
            for chain in _chains(meld, ace_high):
                mask = sum(_BIT[card] for card in chain)
                if mask & self.table_mask or mask in self.layoffs:
                    continue
                self.layoffs[mask] = (number, chain)
                low = (mask & -mask).bit_length() - 1
                families[low] = (*families[low], (mask,))
        self.families: tuple[tuple[tuple[int, ...], ...], ...] = tuple(families)
        self.memo: dict[int, int] = {}
        self.solve = self._build()

    def _build(self) -> Callable[[int], int]:
        memo = self.memo
        get = memo.get
        families = self.families
        points = _POINTS

        def f(mask: int) -> int:
            """The least count of ``mask`` (not empty; its cards all in some group)."""
            low = mask & -mask
            c = low.bit_length() - 1
            rest = mask ^ low
            if rest:
                v = get(rest)
                best = (f(rest) if v is None else v) + points[c]
            else:
                best = points[c]
            for family in families[c]:
                for g in family:
                    if g & mask != g:
                        break
                    r = mask ^ g
                    if r:
                        v = get(r)
                        if v is None:
                            v = f(r)
                        if v < best:
                            best = v
                    else:
                        best = 0
                        break
                if not best:
                    break
            memo[mask] = best
            return best

        return f

    def playable(self, mask: int) -> int:
        """The cards of ``mask`` in some group the cards of ``mask`` make."""
        out = 0
        families = self.families
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            for family in families[low.bit_length() - 1]:
                for g in family:
                    if g & mask != g:
                        break
                    out |= g
        return out

    def count(self, mask: int) -> int:
        """The least count of the hand ``mask`` (memoised)."""
        memo = self.memo
        v = memo.get(mask)
        if v is not None:
            return v
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        useful = self.playable(mask)
        left = mask & ~useful
        v = 0
        while left:
            low = left & -left
            v += _POINTS[low.bit_length() - 1]
            left ^= low
        if useful:
            known = memo.get(useful)
            v += self.solve(useful) if known is None else known
        memo[mask] = v
        return v

    def arrange(self, mask: int) -> Arrangement:
        """An arrangement of ``mask`` reaching its least count (groups tried in list order)."""
        melds: list[Meld] = []
        layoffs: list[tuple[Card, int]] = []
        left: list[Card] = []
        total = self.count(mask)
        while mask:
            target = self.count(mask)
            low = mask & -mask
            c = low.bit_length() - 1
            chosen = 0
            for family in self.families[c]:
                for g in family:
                    if g & mask != g:
                        break
                    if self.count(mask ^ g) == target:
                        chosen = g
                        break
                if chosen:
                    break
            if not chosen:
                left.append(_DECK[c])
                mask ^= low
                continue
            laid = self.layoffs.get(chosen)
            if laid is None:
                melds.append(Meld.of(_cards_of(chosen), ace_high=self.ace_high))
            else:
                number, chain = laid
                layoffs.extend((card, number) for card in chain)
            mask ^= chosen
        left.sort(key=_rank_order)
        return Arrangement(tuple(melds), tuple(layoffs), tuple(left), total)


def _rank_order(card: Card) -> tuple[int, int]:
    return card.sort_key("rank")


def _chains(meld: Meld, ace_high: bool) -> list[tuple[Card, ...]]:
    """The one- and two-card lay-offs onto ``meld``, each in playing order."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return []
        suits = {card.suit for card in meld.cards}
        rank = meld.cards[0].rank
        return [(card,) for card in _DECK if card.rank is rank and card.suit not in suits]
    suit = meld.cards[0].suit
    assert suit is not None
    s = suit.index
    low = int(meld.cards[0].rank or 0)
    high = 14 if meld.high_ace else int(meld.cards[-1].rank or 0)
    top = 14 if ace_high else 13
    out: list[tuple[Card, ...]] = []
    below = [p for p in (low - 1, low - 2) if p >= 1]
    above = [p for p in (high + 1, high + 2) if p <= top]
    for side in (below, above):
        cards = [_DECK[(_bit(s, p)).bit_length() - 1] for p in side]
        for n in range(1, len(cards) + 1):
            out.append(tuple(cards[:n]))
    return out


def _check_table(table: tuple[Meld, ...], ace_high: bool) -> int:
    """The table's cards as a mask; raises for a repeated card or a Q-K-A run without ace-high."""
    mask = 0
    for meld in table:
        if not isinstance(meld, Meld):
            raise RulesError(f"a table meld is a Meld, got {str(meld)[:40]!r}")
        if meld.high_ace and not ace_high:
            raise RulesError(
                f"{str(meld)!r} is not a meld: Q-K-A runs need ace-high runs (--house ace-high)"
            )
        for card in meld.cards:
            bit = _BIT[card]
            if mask & bit:
                raise RulesError(f"{str(card)!r} is twice on the table: Rummy plays one deck")
            mask |= bit
    return mask


_TABLES: dict[tuple[tuple[Meld, ...], bool], _Table] = {}
_LAST: list[object] = [None, None, None]  # the last table given, its ace rule, its _Table


def _table_for(table: Sequence[Meld], ace_high: bool) -> _Table:
    """The groups and memo of ``table`` (kept for the last tables met)."""
    last = _LAST
    if table is last[0] and ace_high is last[1] and type(table) is tuple:
        found = last[2]
        assert isinstance(found, _Table)
        return found
    key = (tuple(table), ace_high)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= TABLE_LIMIT:
            del _TABLES[next(iter(_TABLES))]
        found = _TABLES[key] = _Table(key[0], ace_high)
    last[0], last[1], last[2] = table, ace_high, found
    return found


def clear_memo(*, tables: bool = True) -> None:
    """Forget every hand's count; with ``tables`` (the default) the tables' groups too.

    Timings of a cold start measure after this; a bot never needs it (each table's memo
    is bounded by :data:`MEMO_LIMIT`, and :data:`TABLE_LIMIT` tables are kept).
    """
    if not tables:
        for known in _TABLES.values():
            known.memo.clear()
        return
    _TABLES.clear()
    _LAST[0] = _LAST[1] = _LAST[2] = None


# -- the public functions ----------------------------------------------------------------------


def read_table(melds: Iterable[Meld | str], *, ace_high: bool = False) -> tuple[Meld, ...]:
    """The table from melds or their notation; raises for a malformed card, cards that
    are no meld, or a card on the table twice.

    >>> read_table(["7H 9H 8H", "JS JD JC"])
    (Meld.parse('7H 8H 9H'), Meld.parse('JS JD JC'))
    >>> read_table(["7H 8H 9H", "9H 9S 9D"])
    Traceback (most recent call last):
    ...
    threethirteen.errors.RulesError: '9H' is twice on the table: Rummy plays one deck
    >>> read_table(["7H 8H 10H"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.IllegalActionError: '7H 8H 10H' is not a meld: a run is one suit ...
    """
    table = tuple(
        Meld.parse(meld, ace_high=ace_high) if isinstance(meld, str) else meld for meld in melds
    )
    _check_table(table, ace_high)
    return table


def deadwood(hand: Iterable[Card], table: Sequence[Meld] = (), ace_high: bool = False) -> int:
    """The least count of ``hand`` after its best melds and lay-offs onto ``table``.

    Memoised per table (pass the same tuple again and the table is not even hashed).
    Raises :class:`~threethirteen.errors.RulesError` for a joker, a card twice, or a
    card both in the hand and on the table.

    >>> deadwood(parse_cards("QH KH AH 5C"), ace_high=True), deadwood(parse_cards("QH KH AH"))
    (5, 21)
    """
    solver = _table_for(table, ace_high)
    mask, _ = _mask_of(hand, "the hand")
    if mask & solver.table_mask:
        raise _on_table(mask & solver.table_mask)
    return solver.count(mask)


def arrange(
    hand: Iterable[Card], table: Sequence[Meld] = (), ace_high: bool = False
) -> Arrangement:
    """One arrangement of ``hand`` reaching :func:`deadwood`'s count; raises as it does."""
    solver = _table_for(table, ace_high)
    mask, _ = _mask_of(hand, "the hand")
    if mask & solver.table_mask:
        raise _on_table(mask & solver.table_mask)
    return solver.arrange(mask)


def _on_table(mask: int) -> RulesError:
    card = _cards_of(mask)[0]
    return RulesError(f"{str(card)!r} is both in the hand and on the table")


def analyse(
    hand: Iterable[Card] | str,
    table: Iterable[Meld | str] = (),
    rules: Rules | None = None,
    taken: Card | str | None = None,
) -> HandAnalysis:
    """The exact analysis of ``hand`` (after the draw) against ``table`` under ``rules``.

    ``hand``, the table's melds and ``taken`` (the card taken from the discard pile
    this turn, which may not be discarded unless ``rules.discard_taken_card``) may be
    given in notation. Raises :class:`~threethirteen.errors.NotationError` for a
    malformed card, :class:`~threethirteen.errors.IllegalActionError` for a table meld
    that is no meld, and :class:`~threethirteen.errors.RulesError` for a joker, a card
    twice, a card both in the hand and on the table, or a taken card not in the hand.

    >>> print(analyse("5S 5D 5C 8H", rules=Rules(must_discard=True), taken="8H"))
    count 8: meld 5S 5D 5C; left 8H
    discard 5S, count 18 after it: left 5D 5C 8H
    can go out: no
    >>> analyse("5S 5D 5C 8H", taken="8H").can_go_out  # 8H, just taken, may not go
    False
    >>> analyse("5S 5D 5C 8H", rules=Rules(discard_taken_card=True), taken="8H").can_go_out
    True
    """
    rules = Rules() if rules is None else rules
    ace_high = rules.ace_high
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    melds = read_table(table, ace_high=ace_high)
    if isinstance(taken, str):
        taken = Card.parse(taken)
    solver = _table_for(melds, ace_high)
    mask, _ = _mask_of(cards, "the hand")
    if mask & solver.table_mask:
        raise _on_table(mask & solver.table_mask)
    if taken is not None and not (isinstance(taken, Card) and _BIT.get(taken, 0) & mask):
        raise RulesError(f"the card taken from the pile, {str(taken)[:20]!r}, is not in the hand")
    ordered = tuple(sorted(cards, key=_rank_order))
    count = solver.count(mask)
    arrangement = solver.arrange(mask)
    choices = [
        (card, solver.count(mask ^ _BIT[card]))
        for card in ordered
        if card != taken or rules.discard_taken_card
    ]
    choices.sort(key=lambda choice: discard_key(*choice))
    discard = after = None
    if choices:
        discard = choices[0][0]
        after = solver.arrange(mask ^ _BIT[discard])
    by_melding = not rules.must_discard and count == 0 and bool(cards)
    by_discard = after is not None and after.count == 0
    return HandAnalysis(
        hand=ordered,
        table=melds,
        count=count,
        arrangement=arrangement,
        discards=tuple(choices),
        discard=discard,
        after=after,
        can_go_out=by_melding or by_discard,
        taken=taken,
    )
