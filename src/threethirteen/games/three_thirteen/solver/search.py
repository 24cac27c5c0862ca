"""Meld validity and the exact hand solver: best arrangement, deadwood, best discard.

A *set* is three or more cards whose natural cards share one rank (duplicates
allowed); a *run* is three or more cards of one suit with distinct ranks in
sequence. Jokers are always wild; so is every card of the round's wild rank,
which may also stand for itself. The solver is exact under every
:class:`~threethirteen.rules.Rules` option (ace placement, wild caps, all-wild
melds, laying off, contracts); ``docs/solver.md`` states the semantics and the
algorithm, and :mod:`threethirteen.melds_reference` is the naive oracle the
tests compare it with.

>>> from threethirteen.rules import get_rules
>>> solver = HandSolver.for_round(get_rules("classic"), 6)  # 8 cards, 8s wild
>>> best = solver.solve(parse_cards("2H 2C 7C 8H 8S 10C JC JS"))
>>> best.deadwood
14
>>> print(best)  # 8S 8H stand for 8C 9C
[7C 8S 8H 10C JC] JS 2H 2C (deadwood 14)
>>> print(solver.best_discard(parse_cards("5H 6H 7H 9C 9D 9S 8C 8D KS")))
out KS: [5H 6H 7H] [9S 9D 9C 8D 8C] (deadwood 0)
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from threethirteen.cards import JOKER, Card, Rank, Suit, format_cards, parse_cards
from threethirteen.errors import NotationError, ThreeThirteenError
from threethirteen.rules import AceMode, Contract, RoundSpec, Rules

__all__ = [
    "Arrangement",
    "DiscardChoice",
    "HandSolver",
    "Meld",
    "MeldKind",
    "best_discard",
    "is_valid_meld",
    "meld_kind",
    "solve",
]


class MeldKind(enum.Enum):
    """A set (one rank) or a run (one suit, in sequence)."""

    SET = "set"
    RUN = "run"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld: a set or a run. ``cards`` of a run are in sequence order, wilds where they stand.

    ``str()`` is the cards in notation; ``repr()`` rebuilds the meld. Whether a
    meld is valid depends on the round (its wild rank) and the rules: see
    :func:`is_valid_meld`.

    >>> Meld.of("run", "5H JK 7H")
    Meld.of('run', '5H JK 7H')
    >>> str(Meld.of(MeldKind.SET, parse_cards("7H 7H 7C")))
    '7H 7H 7C'
    """

    kind: MeldKind
    cards: tuple[Card, ...]

    @classmethod
    def of(cls, kind: MeldKind | str, cards: str | Iterable[Card]) -> Meld:
        """Build a meld from a kind (or ``'set'``/``'run'``) and cards (or notation).

        Raises :class:`NotationError` for an unknown kind or malformed cards.
        Does not check validity (that needs the round): see :func:`is_valid_meld`.
        """
        if not isinstance(kind, MeldKind):
            try:
                kind = MeldKind(str(kind).strip().lower())
            except ValueError:
                raise NotationError(
                    f"unknown meld kind {kind!r}: expected 'set' or 'run'"
                ) from None
        parsed = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        return cls(kind, parsed)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld.of({self.kind.value!r}, {str(self)!r})"

    def __len__(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """An arrangement of a hand: melds, the unmelded cards, and their total penalty.

    ``melds``, the cards in ``laid_off`` and ``unmelded`` together are exactly the
    hand (as a multiset). ``laid_off`` holds ``(index, cards)`` pairs: cards laid
    off onto the table meld at ``index`` of the ``table`` the solver was given,
    in the order they extend it (left end first). ``deadwood`` is the sum of the
    unmelded cards' penalties (the round's multiplier is applied by scoring).
    """

    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    deadwood: int
    laid_off: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    @property
    def all_melded(self) -> bool:
        """True when no card is left unmelded."""
        return not self.unmelded

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand: melded, laid off, then unmelded."""
        melded = [c for meld in self.melds for c in meld.cards]
        laid = [c for _, cards in self.laid_off for c in cards]
        return (*melded, *laid, *self.unmelded)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        parts += [f"+[{format_cards(cards)}]>table{i}" for i, cards in self.laid_off]
        parts += [str(c) for c in self.unmelded]
        parts.append(f"(deadwood {self.deadwood})")
        return " ".join(parts)


class DiscardChoice:
    """One discard from a hand that just drew, and the best arrangement of what is left.

    ``deadwood`` is the lowest deadwood after the discard; ``can_go_out`` is true
    when the remaining cards are all melded and satisfy the round's contract, and
    ``arrangement`` is then such a going-out arrangement.

    An immutable value, but not a dataclass: the solver weighs every discard and
    builds an arrangement only when ``arrangement`` is first read (bots read the
    numbers of fourteen choices and the cards of one), so it may pass a function
    in place of the arrangement.
    """

    __slots__ = ("_arrangement", "_make", "can_go_out", "deadwood", "discard")

    discard: Card
    can_go_out: bool
    deadwood: int
    _arrangement: Arrangement | None
    _make: Callable[[], Arrangement] | None

    def __init__(
        self,
        discard: Card,
        arrangement: Arrangement | Callable[[], Arrangement],
        can_go_out: bool,
        deadwood: int | None = None,
    ) -> None:
        known: Arrangement | None = None
        make: Callable[[], Arrangement] | None = None
        if isinstance(arrangement, Arrangement):
            known = arrangement
        elif deadwood is None:
            known = arrangement()  # the deadwood is not known without it
        else:
            make = arrangement
        setter = object.__setattr__
        setter(self, "discard", discard)
        setter(self, "can_go_out", can_go_out)
        setter(self, "deadwood", known.deadwood if deadwood is None and known else deadwood)
        setter(self, "_arrangement", known)
        setter(self, "_make", make)

    @property
    def arrangement(self) -> Arrangement:
        """The best arrangement after the discard (the going-out one when it goes out)."""
        if self._arrangement is None:
            assert self._make is not None
            object.__setattr__(self, "_arrangement", self._make())
            object.__setattr__(self, "_make", None)
        assert self._arrangement is not None
        return self._arrangement

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DiscardChoice is immutable: cannot set {name!r}")

    def _values(self) -> tuple[Card, Arrangement, bool]:
        return self.discard, self.arrangement, self.can_go_out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiscardChoice):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __str__(self) -> str:
        verb = "out" if self.can_go_out else "discard"
        return f"{verb} {self.discard}: {self.arrangement}"

    def __repr__(self) -> str:
        return f"DiscardChoice({self.discard!r}, {self.arrangement!r}, {self.can_go_out!r})"


# -- meld validity ----------------------------------------------------------------------------

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
# Enum members are immortal singletons, so their ids are stable keys; Enum.__hash__
# is a Python-level function and this lookup sits on the solver's entry path.
_SUIT_INDEX = {id(s): i for i, s in enumerate(_SUITS)}
_RANKS = tuple(Rank)


def _line_bounds(aces: AceMode) -> tuple[int, int]:
    """Where a run may lie on the line of positions: rank numbers, ace-high at 14.

    Under WRAP the line is a circle: position ``p`` is rank ``(p - 1) % 13 + 1``.
    """
    if aces is AceMode.LOW:
        return 1, 13
    if aces is AceMode.HIGH:
        return 2, 14
    return 1, 14  # EITHER (a window of <= 13 never holds both 1 and 14) and WRAP


def _rank_at(position: int) -> int:
    return (position - 1) % 13 + 1


def _windows(aces: AceMode, length: int) -> Iterator[int]:
    """Start positions of every window of ``length`` positions a run may occupy."""
    if aces is AceMode.WRAP:
        yield from range(1, 14) if length < 13 else range(1, 2)
        return
    lo, hi = _line_bounds(aces)
    yield from range(lo, hi - length + 2)


def _set_wilds(cards: Sequence[Card], wild_rank: Rank) -> tuple[int, int] | None:
    """(natural-acting, wild-acting) counts of ``cards`` as a set, or None if no rank fits."""
    ranks = {c.rank for c in cards if c.rank is not None and c.rank is not wild_rank}
    if len(ranks) > 1:
        return None
    jokers = sum(1 for c in cards if c.rank is None)
    if ranks:
        wilds = jokers + sum(1 for c in cards if c.rank is wild_rank)
        return len(cards) - wilds, wilds
    # Only wild-rank cards and jokers: the wild-rank cards stand for themselves.
    return len(cards) - jokers, jokers


def _allowed(naturals: int, wilds: int, rules: Rules) -> bool:
    """The wild cap and the all-wild rule, for a meld with these acting counts."""
    cap = rules.max_wilds_per_meld
    if cap is not None and wilds > cap:
        return False
    return rules.all_wild_melds or naturals > 0


def _is_set(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    if len(cards) < 3:
        return False
    counts = _set_wilds(cards, wild_rank)
    return counts is not None and _allowed(*counts, rules)


def _ordered_run_wilds(
    cards: Sequence[Card], suit: Suit, start: int, wild_rank: Rank
) -> tuple[int, int] | None:
    """(natural-acting, wild-acting) counts of ``cards`` laid from ``start`` in ``suit``."""
    naturals = 0
    for offset, card in enumerate(cards):
        rank = _rank_at(start + offset)
        if card.rank is None:
            continue
        if card.rank == rank and card.suit is suit:
            naturals += 1
        elif card.rank is not wild_rank:
            return None
    return naturals, len(cards) - naturals


def _ordered_run(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    """Is this sequence, in this order, a run (wilds where they stand)?"""
    if not 3 <= len(cards) <= 13:
        return False
    for suit in _SUITS:
        for start in _windows(rules.aces, len(cards)):
            counts = _ordered_run_wilds(cards, suit, start, wild_rank)
            if counts is not None and _allowed(*counts, rules):
                return True
    return False


def _run_layout(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> tuple[Card, ...] | None:
    """``cards`` put in sequence order as a run (fewest wilds), or None if no run fits."""
    length = len(cards)
    if not 3 <= length <= 13:
        return None
    jokers = [c for c in cards if c.rank is None]
    wild_rank_cards = [c for c in cards if c.rank is wild_rank]
    naturals = [c for c in cards if c.rank is not None and c.rank is not wild_rank]
    suits = {c.suit for c in naturals}
    if len(suits) > 1 or len({c.rank for c in naturals}) < len(naturals):
        return None
    for suit in [c.suit for c in naturals[:1] if c.suit is not None] or list(_SUITS):
        for start in _windows(rules.aces, length):
            ranks = [_rank_at(start + i) for i in range(length)]
            if any(c.rank not in ranks for c in naturals):
                continue
            if ranks.count(wild_rank) > 1:  # cannot happen for length <= 13
                continue
            slots: list[Card | None] = [None] * length
            for c in naturals:
                slots[ranks.index(int(c.rank))] = c  # type: ignore[arg-type]
            spare = list(wild_rank_cards)
            if wild_rank in ranks:
                own = next((c for c in spare if c.suit is suit), None)
                if own is not None:
                    spare.remove(own)
                    slots[ranks.index(wild_rank)] = own
            natural_count = length - len(jokers) - len(spare)
            if not _allowed(natural_count, len(jokers) + len(spare), rules):
                continue
            fill = iter(spare + jokers)
            return tuple(c if c is not None else next(fill) for c in slots)
    return None


def meld_kind(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> MeldKind | None:
    """Is this group of cards a valid meld in a round whose wild rank is ``wild_rank``?

    Returns :attr:`MeldKind.SET` if the cards form a set, else :attr:`MeldKind.RUN`
    if they form a run in some order, else None. A group that is both (all
    wilds, or one natural card and wilds) is reported as a set.

    >>> from threethirteen.rules import get_rules
    >>> bga = get_rules("bga")
    >>> meld_kind(parse_cards("QH KH AH"), bga, Rank.SEVEN)
    <MeldKind.RUN: 'run'>
    >>> meld_kind(parse_cards("KH AH 2H"), bga, Rank.SEVEN) is None
    True
    >>> meld_kind(parse_cards("7H 7H 8H"), bga, Rank.KING) is None
    True
    """
    if _is_set(cards, rules, wild_rank):
        return MeldKind.SET
    if _run_layout(cards, rules, wild_rank) is not None:
        return MeldKind.RUN
    return None


def is_valid_meld(meld: Meld, rules: Rules, wild_rank: Rank) -> bool:
    """Is ``meld`` valid as its declared kind (a run also in its listed order)?

    >>> from threethirteen.rules import get_rules
    >>> classic = get_rules("classic")
    >>> is_valid_meld(Meld.of("run", "5H 8C 7H"), classic, Rank.EIGHT)
    True
    >>> is_valid_meld(Meld.of("run", "5H 6H 7H 8C"), classic, Rank.EIGHT)
    True
    >>> is_valid_meld(Meld.of("run", "7H 5H 8C"), classic, Rank.EIGHT)
    False
    """
    if meld.kind is MeldKind.SET:
        return _is_set(meld.cards, rules, wild_rank)
    return _ordered_run(meld.cards, rules, wild_rank)


# -- the engine: integer encodings and the memoised search ------------------------------------
#
# A hand's natural cards are one int: a 4-bit count field per card, at bit 4 * p
# where p = (rank - 1) * 4 + suit index (suits S H D C). So the four suits of a
# rank form a 16-bit group, the same suit one rank up is 16 bits higher, and the
# lowest set bit is the lowest card in (rank, suit) order. Wilds are a count.
#
# Costs are scaled: a card left unmelded costs penalty * _SCALE + 1, so the least
# scaled cost is the least penalty and, among those, the fewest unmelded cards;
# "every card melded" is then a scaled cost of 0 even when penalties can be 0.

_SCALE = 1 << 10  # more than any number of cards in a hand
_MAX_COPIES = 15  # a 4-bit field
_NIB = sum(1 << (4 * p) for p in range(52))  # bit 0 of every field
_UP = sum(1 << (16 * d) for d in range(1, 13))  # the same suit 1..12 ranks higher
_LANE_NO_ACE = sum(1 << (16 * r) for r in range(1, 13))  # one suit's ranks 2..K
_CARD_AT = tuple(Card(_RANKS[p // 4], _SUITS[p % 4]) for p in range(52))


def _neighbours(reach: int) -> tuple[int, ...]:
    """For each card position, the positions that may share a meld with it (presence bits).

    Same rank, or same suit at most ``reach`` ranks away (around the corner too).
    """
    out = []
    for p in range(52):
        rank, suit = divmod(p, 4)
        mask = 0
        for q in range(52):
            other, other_suit = divmod(q, 4)
            apart = min((rank - other) % 13, (other - rank) % 13)
            if q != p and (other == rank or (other_suit == suit and apart <= reach)):
                mask |= 1 << (4 * q)
        out.append(mask)
    return tuple(out)


# By wilds in hand (3 standing for "3 or more"): see _Engine.components.
_NEIGHBOURS = tuple(_neighbours(w + 1) for w in range(4))
_INF = 1 << 60

# An option for the lowest card: (mask of the naturals it takes, how many, wilds needed).
_Option = tuple[int, int, int]


def _need(option: _Option) -> int:
    return option[2]


def _set_options(group: int) -> list[_Option]:
    """Sets holding the lowest card of a rank group (16-bit value, 4-bit count per suit).

    Sets of more than five naturals are never needed: they split into smaller sets.
    Sorted by the wilds they need, so a search can stop at the first it cannot pay.
    """
    counts = [(group >> (4 * s)) & 15 for s in range(4)]
    first = next(s for s in range(4) if counts[s])
    ranges = [
        range(1, counts[s] + 1) if s == first else range(counts[s] + 1) if s > first else range(1)
        for s in range(4)
    ]
    options = []
    for combo in itertools.product(*ranges):
        m = sum(combo)
        if m <= 5:
            sub = sum(k << (4 * s) for s, k in enumerate(combo))
            options.append((sub, m, max(0, 3 - m)))
    options.sort(key=lambda o: (o[2], -o[1]))
    return options


def _span(offsets: Sequence[int], cyclic: bool) -> int:
    """Positions a run must cover to hold naturals at ``offsets`` (from the lowest card, 0)."""
    if not cyclic:
        return max(offsets) + 1
    ordered = sorted(offsets)
    gaps = [b - a for a, b in itertools.pairwise(ordered)] + [13 - ordered[-1] + ordered[0]]
    return 14 - max(gaps)


def _run_options(pattern: int, cyclic: bool, down: bool, prune: bool) -> list[_Option]:
    """Runs holding the lowest card with some of the same-suit naturals in ``pattern``.

    ``pattern`` has a bit at 16 * d for a natural d ranks above the lowest card
    (``down``: at 16 * r for the natural of rank index r, the run then ending at
    an ace-high). Each option needs ``max(span, 3) - m`` wilds. With ``prune``
    (no wild restrictions) two kinds of runs are dropped, as something else is as
    good: runs needing 2 * m wilds or more (each natural with two wilds is a set)
    and runs with four or more wilds between two naturals (split there, each side
    needs at most two more wilds for the four saved).
    """
    cards = [
        (13 - r if down else r, 1 << (16 * r)) for r in range(1, 13) if pattern >> (16 * r) & 1
    ]
    options = []
    for size in range(1, len(cards) + 1):
        for chosen in itertools.combinations(cards, size):
            m = size + 1
            offsets = [0, *(d for d, _ in chosen)]
            need = max(_span(offsets, cyclic), 3) - m
            if prune and (need >= 2 * m or _widest_gap(offsets, cyclic) > 3):
                continue
            options.append((sum(b for _, b in chosen), m, need))
    options.sort(key=lambda o: (o[2], -o[1]))
    return options


def _widest_gap(offsets: Sequence[int], cyclic: bool) -> int:
    """The most wilds a run must hold between two of its naturals at these offsets."""
    ordered = sorted(offsets)
    steps = [b - a for a, b in itertools.pairwise(ordered)]
    if cyclic:
        steps.append(13 - ordered[-1] + ordered[0])
        steps.remove(max(steps))  # the way round outside the run
    return max(steps, default=1) - 1


def _all_wild_usable(wilds: int, cap: int | None) -> int:
    """The most of ``wilds`` cards that all-wild melds (3 to ``cap`` cards each) can hold."""
    if cap is not None and cap < 3:
        return 0
    best = 0
    for parts in range(1, wilds // 3 + 1):
        best = max(best, wilds if cap is None else min(wilds, parts * cap))
    return best


@dataclass(slots=True)
class _Core:
    """A meld in the making: its naturals (positions), how it is laid, and its wilds."""

    kind: MeldKind
    naturals: list[int]  # positions p of the natural cards (incl. wild-rank cards as themselves)
    direction: str = ""  # runs: "up" (line = rank), "down" (ace at 14), "cyc" (around)
    wilds: int = 0
    room: int = 0  # how many more wilds it may take
    flex: bool = False  # one natural and wilds: counts as a set or a run


@dataclass(slots=True)
class _Plan:
    """A solution before it is turned into cards: cores, unmelded naturals, wild use."""

    cores: list[_Core] = field(default_factory=list)
    unmelded: list[int] = field(default_factory=list)  # natural positions
    all_wild: list[int] = field(default_factory=list)  # sizes of all-wild melds
    all_wild_runs: int = 0  # how many of them a contract counts as runs (labelled so)
    unmelded_wilds: int = 0
    table_wilds: int = 0  # spare wilds laid off onto table melds (laying off)


@dataclass(slots=True)
class _Hand:
    """A hand split for the engine."""

    x: int  # natural cards, encoded (wild-rank cards excluded)
    n: int  # how many natural cards
    cost: int  # scaled cost of all natural cards left unmelded
    jokers: int
    wild_rank_cards: list[int]  # per suit index


class _Engine:
    """Tables and memo for one rule set and one wild rank; shared by every HandSolver."""

    # Entries kept before the memo is cleared: enough for the hands of a round, small
    # enough that growing or clearing the dict never stalls a call for long (a 500k-entry
    # dict takes tens of milliseconds to resize).
    memo_limit: ClassVar[int] = 1 << 15

    def __init__(
        self,
        rules: Rules,
        wild_rank: Rank,
        free: frozenset[int] = frozenset(),
        base: _Engine | None = None,
    ) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        self.cap = rules.max_wilds_per_meld
        self.unrestricted = self.cap is None and rules.all_wild_melds
        self.penalty: list[int] = (
            base.penalty if base else [rules.card_penalty(card, wild_rank) for card in _CARD_AT]
        )
        # ``free``: positions whose naturals cost nothing left out of the hand's melds, as
        # they may be laid off onto a table set of their rank (see _LayOffTable).
        self.free = free
        self.cost = [0 if p in free else pen * _SCALE + 1 for p, pen in enumerate(self.penalty)]
        self.joker_cost = rules.joker_penalty * _SCALE + 1
        self.wild_cost = rules.wild_penalty * _SCALE + 1
        self.wild_index = (int(wild_rank) - 1) * 4
        aces = rules.aces
        self.aces = aces
        self.cyclic = aces is AceMode.WRAP
        self.ace_up = aces is not AceMode.HIGH
        self.ace_down = aces in (AceMode.HIGH, AceMode.EITHER)
        self.memo: dict[int, int] = {}
        # The option tables depend on the rules only: an engine with free positions
        # shares its base engine's.
        self.set_table: dict[int, list[_Option]] = base.set_table if base else {}
        # Run options by pattern: [unpruned, pruned] (see _run_options).
        self.up_tables: tuple[dict[int, list[_Option]], ...] = base.up_tables if base else ({}, {})
        self.down_tables: tuple[dict[int, list[_Option]], ...] = (
            base.down_tables if base else ({}, {})
        )
        # Engines with free positions (by the positions) and table readings, for laying off.
        self.free_engines: dict[frozenset[int], _Engine] = {}
        self.lay_off_tables: dict[tuple[Meld, ...], _LayOffTable] = {}
        self.table_searches: dict[tuple[frozenset[int], tuple[_RunReading, ...]], _TableSearch] = {}
        self.restricted_memos: dict[tuple[int, int], dict[int, int]] = {}
        self.restricted_fns: dict[tuple[int, int], Callable[[int, int, int], int]] = {}
        self.contract_memo: dict[tuple[int, int, int, int], bool] = {}
        self.fast = self._build_fast()

    # -- tables --------------------------------------------------------------------------------

    def sets(self, group: int) -> list[_Option]:
        options = self.set_table.get(group)
        if options is None:
            options = self.set_table[group] = _set_options(group)
        return options

    def ups(self, pattern: int, prune: bool) -> list[_Option]:
        table = self.up_tables[prune]
        options = table.get(pattern)
        if options is None:
            options = table[pattern] = _run_options(pattern, self.cyclic, False, prune)
        return options

    def downs(self, pattern: int, prune: bool) -> list[_Option]:
        table = self.down_tables[prune]
        options = table.get(pattern)
        if options is None:
            options = table[pattern] = _run_options(pattern, False, True, prune)
        return options

    def run_choices(self, x: int, p: int, prune: bool) -> list[tuple[list[_Option], int, str]]:
        """The run option lists for the lowest card ``p`` of ``x``: (options, shift, direction).

        An option's mask shifted left by ``shift`` is the naturals it takes besides ``p``.
        """
        out = []
        present = (x | x >> 1 | x >> 2 | x >> 3) & _NIB
        if p >= 4 or self.ace_up:
            shift = p << 2
            pattern = (present >> shift) & _UP
            if pattern:
                out.append((self.ups(pattern, prune), shift, "cyc" if self.cyclic else "up"))
        if p < 4 and self.ace_down:
            shift = p << 2
            pattern = (present >> shift) & _LANE_NO_ACE
            if pattern:
                out.append((self.downs(pattern, prune), shift, "down"))
        return out

    # -- encoding ------------------------------------------------------------------------------

    def split(self, cards: Iterable[Card]) -> _Hand:
        """Encode a hand; raises :class:`ThreeThirteenError` for absurd multiplicities."""
        x = n = cost = jokers = 0
        wild_rank_cards = [0, 0, 0, 0]
        wild_rank = self.wild_rank
        costs = self.cost
        for card in cards:
            rank = card.rank
            if rank is None:
                jokers += 1
            elif rank is wild_rank:
                wild_rank_cards[_SUIT_INDEX[id(card.suit)]] += 1
            else:
                p = (rank - 1) * 4 + _SUIT_INDEX[id(card.suit)]
                x += 1 << (p << 2)
                n += 1
                cost += costs[p]
        # A 16th copy of a card would carry into the next field; more than 255 wilds
        # would overflow the wild count in the memo keys.
        if (n > _MAX_COPIES and _field_sum(x) != n) or any(
            k > _MAX_COPIES for k in wild_rank_cards
        ):
            raise ThreeThirteenError(
                f"a hand may hold at most {_MAX_COPIES} copies of one card: {_text(cards)!r}"
            )
        if jokers + sum(wild_rank_cards) > 255:
            raise ThreeThirteenError(f"a hand may hold at most 255 wild cards: {_text(cards)!r}")
        return _Hand(x, n, cost, jokers, wild_rank_cards)

    # -- the fast search (no wild restrictions) --------------------------------------------------

    def _build_fast(self) -> Callable[[int, int, int], int]:
        """f(x, n, w): least scaled cost of the naturals ``x`` (``n`` cards) with ``w`` wilds.

        Without wild restrictions every wild is interchangeable and any wild left
        over can join a meld (or make one), so only the naturals cost anything and
        wilds are a count. The lowest natural is either unmelded, in a set of its
        rank, or the lowest card of a run; the memo key is the whole state.
        More than 2 * n wilds never help (each natural with two wilds is a set),
        so w is clipped, which makes more states equal.
        """
        memo = self.memo
        get = memo.get
        costs = self.cost
        set_table = self.set_table
        sets = self.sets
        ups = self.ups
        downs = self.downs
        up_table = self.up_tables[True]
        ace_up = self.ace_up
        ace_down = self.ace_down
        nib = _NIB
        up_mask = _UP
        lane = _LANE_NO_ACE
        both: dict[tuple[int, int], list[_Option]] = {}

        def f(x: int, n: int, w: int) -> int:
            # Callers look the memo up first (a hit then costs no call), pass w already
            # clipped to 2n and n >= 2; a single card left is settled inline (no meld
            # without two wilds), which saves a fifth of the states.
            b = (x & -x).bit_length() - 1
            p = b >> 2
            rest = x - (1 << (b & ~3))
            if n == 2:
                best = costs[p] + (0 if w >= 2 else costs[(rest.bit_length() - 1) >> 2])
            else:
                k = n + n - 2
                u = w if w <= k else k
                got = get(rest << 8 | u)
                best = (f(rest, n - 1, u) if got is None else got) + costs[p]
            shift = (p >> 2) << 4
            options = set_table.get((x >> shift) & 0xFFFF)
            if options is None:
                options = sets((x >> shift) & 0xFFFF)
            for sub, m, need in options:
                if need > w:
                    break
                y = x - (sub << shift)
                k = n - m
                if k > 1:
                    u = w - need
                    if u > k + k:
                        u = k + k
                    v = get(y << 8 | u)
                    if v is None:
                        v = f(y, k, u)
                elif k:
                    v = 0 if w - need >= 2 else costs[(y.bit_length() - 1) >> 2]
                else:
                    best = 0
                    break
                if v < best:
                    best = v
            if best:
                shift = p << 2
                y = x >> shift
                present = (y | y >> 1 | y >> 2 | y >> 3) & nib
                options = None
                if p >= 4 or ace_up:
                    pattern = present & up_mask
                    if pattern:
                        options = up_table.get(pattern)
                        if options is None:
                            options = ups(pattern, True)
                if p < 4 and ace_down:
                    pattern = present & lane
                    if pattern:
                        if options is None:
                            options = downs(pattern, True)
                        else:  # an ace either way: both lists, merged once per pair
                            pair = (present & up_mask, pattern)
                            merged = both.get(pair)
                            if merged is None:
                                merged = sorted(options + downs(pattern, True), key=_need)
                                both[pair] = merged
                            options = merged
                if options:
                    for sub, m, need in options:
                        if need > w:
                            break
                        y = rest - (sub << shift)
                        k = n - m
                        if k > 1:
                            u = w - need
                            if u > k + k:
                                u = k + k
                            v = get(y << 8 | u)
                            if v is None:
                                v = f(y, k, u)
                        elif k:
                            v = 0 if w - need >= 2 else costs[(y.bit_length() - 1) >> 2]
                        else:
                            best = 0
                            break
                        if v < best:
                            best = v
            memo[x << 8 | w] = best
            return best

        def entry(x: int, n: int, w: int) -> int:
            if w > n + n:
                w = n + n
            if n < 2:
                return 0 if w >= 2 or not n else costs[(x.bit_length() - 1) >> 2]
            v = get(x << 8 | w)
            return f(x, n, w) if v is None else v

        return entry

    def components(self, x: int, wilds: int) -> list[int]:
        """Split the naturals ``x`` into groups that can share no meld.

        Two naturals can share a meld only if they have one rank or one suit and
        are at most ``min(wilds, 3) + 1`` ranks apart (around the corner too, to
        be safe): a run never needs four wilds between two of its naturals (split
        there, each side needs at most two more wilds for the one that was
        bridged). So the groups are solved apart, and memo entries for small
        groups recur across hands.
        """
        present = (x | x >> 1 | x >> 2 | x >> 3) & _NIB
        neighbours = _NEIGHBOURS[min(wilds, 3)]
        groups = []
        while present:
            group = 0
            todo = present & -present
            while todo:
                bit = todo & -todo
                group |= bit
                todo = (todo | neighbours[(bit.bit_length() - 1) >> 2] & present) & ~group
            groups.append(x & group * 15)
            present &= ~group
        return groups

    def vector(self, x: int, wilds: int) -> list[int]:
        """[f(x, w) for w = 0 .. min(wilds, 2n)]: the group's cost by wilds given it."""
        if x & (x - 1) == 0 and x & _NIB:  # one card: unmelded, or a set with two wilds
            cost = self.cost[(x.bit_length() - 1) >> 2]
            return [cost, cost, 0][: min(wilds, 2) + 1]
        n = _count(x)
        f = self.fast
        return [f(x, n, w) for w in range(min(wilds, 2 * n) + 1)]

    def fast_cost(self, hand: _Hand) -> int:
        """Least scaled cost of a hand without wild restrictions."""
        wilds = hand.jokers + sum(hand.wild_rank_cards)
        if hand.n == 0:
            return 0 if wilds >= 3 or wilds == 0 else self._wild_cost(hand)
        return self._finish(hand, self.fast_naturals(hand.x, hand.n, wilds), wilds)

    def fast_naturals(self, x: int, n: int, wilds: int) -> int:
        """Least scaled cost of the naturals ``x`` (``n`` > 0 cards) given ``wilds`` wilds.

        Without wild restrictions; the wilds themselves are not charged (see _finish).
        """
        if len(self.memo) > self.memo_limit:
            self.memo.clear()
        groups = self.components(x, wilds)
        if len(groups) == 1:
            return self.fast(x, n, wilds)
        # A single card is unmelded unless it gets two wilds; with fewer than two wilds
        # in hand that is just its cost, and with one wild the best use of it is the
        # group it helps most.
        costs = self.cost
        base = 0
        vectors = []
        for g in groups:
            if g & (g - 1) == 0 and g & _NIB:
                cost = costs[(g.bit_length() - 1) >> 2]
                if wilds < 2:
                    base += cost
                else:
                    vectors.append([cost, cost, 0])
            else:
                vectors.append(self.vector(g, wilds))
        if wilds == 0:
            v = base + sum(vector[0] for vector in vectors)
        elif wilds == 1:
            v = base + sum(vector[0] for vector in vectors)
            v += min([0, *(vector[1] - vector[0] for vector in vectors if len(vector) > 1)])
        else:
            v = base + _combine_cost(vectors, wilds)
        return v

    def _fast_discard_costs(self, hand: _Hand) -> dict[int, int]:
        """:meth:`discard_costs` without wild restrictions, sharing work between discards.

        The groups of the whole hand stay valid groups of the hand less any card
        (coarser than needed is fine), so only the group that lost a natural is
        solved again; the others' cost vectors are combined from both sides.
        """
        if len(self.memo) > self.memo_limit:
            self.memo.clear()
        wilds = hand.jokers + sum(hand.wild_rank_cards)
        groups = self.components(hand.x, wilds)
        vectors = [self.vector(g, wilds) for g in groups]
        k = len(vectors)
        # before[i]: groups 0..i-1 combined; after[i]: groups i..k-1 combined.
        before: list[list[int]] = [[0]]
        for v in vectors:
            before.append(_combine_vector(before[-1], v, wilds))
        after: list[list[int]] = [[0]] * (k + 1)
        for i in range(k - 1, -1, -1):
            after[i] = _combine_vector(vectors[i], after[i + 1], wilds)
        out: dict[int, int] = {}
        costs = self.cost
        for i, group in enumerate(groups):
            others = _combine_vector(before[i], after[i + 1], wilds)
            x = group
            while x:
                b = (x & -x).bit_length() - 1
                unit = 1 << (b & ~3)
                x -= ((x >> (b & ~3)) & 15) * unit
                rest = group - unit
                total = (
                    _at(_combine_vector(others, self.vector(rest, wilds), wilds), wilds)
                    if rest
                    else _at(others, wilds)
                )
                p = b >> 2
                cut = _Hand(
                    hand.x - unit,
                    hand.n - 1,
                    hand.cost - costs[p],
                    hand.jokers,
                    hand.wild_rank_cards,
                )
                out[p] = self._finish(cut, total, wilds) if cut.n else self._no_naturals(cut)
        if wilds:
            total = _at(before[k], wilds - 1)
            if hand.jokers:
                cut = _Hand(hand.x, hand.n, hand.cost, hand.jokers - 1, hand.wild_rank_cards)
                out[_JOKER_KEY] = self._finish(cut, total, wilds - 1)
            for s, count in enumerate(hand.wild_rank_cards):
                if count:
                    counts = list(hand.wild_rank_cards)
                    counts[s] -= 1
                    cut = _Hand(hand.x, hand.n, hand.cost, hand.jokers, counts)
                    out[self.wild_index + s] = self._finish(cut, total, wilds - 1)
        return out

    def _no_naturals(self, hand: _Hand) -> int:
        wilds = hand.jokers + sum(hand.wild_rank_cards)
        return 0 if wilds >= 3 or wilds == 0 else self._wild_cost(hand)

    def _finish(self, hand: _Hand, v: int, wilds: int) -> int:
        # One or two wilds with no meld to join stay in hand. Any meld (scaled cost
        # below the all-unmelded cost) takes them; three or more make their own.
        if 0 < wilds < 3 and v == hand.cost:
            v += self._wild_cost(hand)
        return v

    def _wild_cost(self, hand: _Hand) -> int:
        return hand.jokers * self.joker_cost + sum(hand.wild_rank_cards) * self.wild_cost

    # -- the restricted search (wild cap, or no all-wild melds) -----------------------------------

    def _restricted_fn(self, jokers: int, acting_wild: int) -> Callable[[int, int, int], int]:
        """g(x, w, room): least scaled cost with ``w`` pool wilds left and ``room`` to absorb.

        Under a cap, or without all-wild melds, a wild cannot always join a meld, so
        each meld takes the wilds it needs and adds its spare capacity (``room``,
        clipped to ``w``) for the wilds left at the end; those form all-wild melds
        where allowed, and the cheapest of the pool stay in hand.
        """
        made = self.restricted_fns.get((jokers, acting_wild))
        if made is not None:
            return made
        memo = self.restricted_memos.setdefault((jokers, acting_wild), {})
        get = memo.get
        costs = self.cost
        cap = self.cap
        big = 255 if cap is None else cap
        total = jokers + acting_wild
        pool = sorted([self.joker_cost] * jokers + [self.wild_cost] * acting_wild)
        prefix = list(itertools.accumulate(pool, initial=0))
        end = [
            [prefix[w - self.absorbable(w, room)] for room in range(w + 1)]
            for w in range(total + 1)
        ]
        sets = self.sets
        choices = self.run_choices

        def g(x: int, w: int, room: int) -> int:
            if not x:
                return end[w][room]
            key = x << 16 | w << 8 | room
            best = get(key)
            if best is not None:
                return best
            b = (x & -x).bit_length() - 1
            p = b >> 2
            rest = x - (1 << (b & ~3))
            best = costs[p] + g(rest, w, room)
            shift = (p >> 2) << 4
            for sub, _, need in sets((x >> shift) & 0xFFFF):
                if need > w or need > big:
                    break
                left = w - need
                best = min(best, g(x - (sub << shift), left, min(room + big - need, left)))
            for options, sh, _ in choices(x, p, False):
                for sub, m, need in options:
                    if need > w:
                        break
                    most = min(big, 13 - m)
                    if need > most:
                        break  # options come sorted by need
                    left = w - need
                    best = min(best, g(rest - (sub << sh), left, min(room + most - need, left)))
            memo[key] = best
            return best

        self.restricted_fns[jokers, acting_wild] = g
        return g

    def absorbable(self, w: int, room: int) -> int:
        """How many of ``w`` spare wilds can be melded: into melds' room or all-wild melds."""
        cap = self.cap
        own = self.rules.all_wild_melds
        return max(
            a + (_all_wild_usable(w - a, cap) if own else 0) for a in range(min(w, room) + 1)
        )

    def acting_choices(self, hand: _Hand) -> Iterator[tuple[int, int, int]]:
        """(x, n, pool wilds that are wild-rank cards) for each way wild-rank cards may act.

        A wild-rank card may stand for itself; only the count per suit matters.
        Without restrictions acting as a wild is never worse, so only that is given.
        """
        counts = hand.wild_rank_cards
        if self.unrestricted:
            yield hand.x, hand.n, sum(counts)
            return
        for acting in itertools.product(*(range(k + 1) for k in counts)):
            x = hand.x
            for s, k in enumerate(acting):
                x += k << ((self.wild_index + s) << 2)
            yield x, hand.n + sum(acting), sum(counts) - sum(acting)

    def restricted_cost(self, hand: _Hand) -> int:
        if sum(len(m) for m in self.restricted_memos.values()) > self.memo_limit:
            self.restricted_memos.clear()
            self.restricted_fns.clear()
        best = _INF
        for x, _, acting_wild in self.acting_choices(hand):
            g = self._restricted_fn(hand.jokers, acting_wild)
            best = min(best, g(x, hand.jokers + acting_wild, 0))
        return best

    def cost_of(self, cards: Sequence[Card]) -> int:
        """Least scaled cost of ``cards`` (no table)."""
        hand = self.split(cards)
        return self.fast_cost(hand) if self.unrestricted else self.restricted_cost(hand)

    def hand_cost(self, hand: _Hand) -> int:
        return self.fast_cost(hand) if self.unrestricted else self.restricted_cost(hand)

    def discard_costs(self, hand: _Hand) -> dict[int, int]:
        """Least scaled cost after each distinct discard.

        Keyed by the discard's position p (0..51, ``(rank - 1) * 4 + suit index``),
        52 (``_JOKER_KEY``) for a joker.
        """
        if self.unrestricted and hand.n:
            return self._fast_discard_costs(hand)
        out: dict[int, int] = {}
        x = hand.x
        while x:
            b = (x & -x).bit_length() - 1
            p = b >> 2
            unit = 1 << (b & ~3)
            x -= ((x >> (b & ~3)) & 15) * unit
            rest = _Hand(
                hand.x - unit,
                hand.n - 1,
                hand.cost - self.cost[p],
                hand.jokers,
                hand.wild_rank_cards,
            )
            out[p] = self.hand_cost(rest)
        if hand.jokers:
            rest = _Hand(hand.x, hand.n, hand.cost, hand.jokers - 1, hand.wild_rank_cards)
            out[_JOKER_KEY] = self.hand_cost(rest)
        for s, k in enumerate(hand.wild_rank_cards):
            if k:
                counts = list(hand.wild_rank_cards)
                counts[s] -= 1
                rest = _Hand(hand.x, hand.n, hand.cost, hand.jokers, counts)
                out[self.wild_index + s] = self.hand_cost(rest)
        return out

    # -- laying off ------------------------------------------------------------------------------

    def free_engine(self, free: frozenset[int]) -> _Engine:
        """The engine of these rules whose naturals at ``free`` positions cost nothing."""
        if not free:
            return self
        engine = self.free_engines.get(free)
        if engine is None:
            if len(self.free_engines) >= _TABLE_CACHE_LIMIT:
                self.free_engines.clear()
            engine = self.free_engines[free] = _Engine(self.rules, self.wild_rank, free, self)
        return engine

    def lay_off_table(self, table: tuple[Meld, ...]) -> _LayOffTable:
        """The readings of ``table`` (cached: every hand of a round meets the same table)."""
        known = self.lay_off_tables.get(table)
        if known is None:
            if len(self.lay_off_tables) >= _TABLE_CACHE_LIMIT:
                self.lay_off_tables.clear()
            known = self.lay_off_tables[table] = _LayOffTable(self, table)
        return known

    def table_search(self, free: frozenset[int], readings: tuple[_RunReading, ...]) -> _TableSearch:
        """The search with blocks for these table runs (cached like the free engines)."""
        key = (free, readings)
        search = self.table_searches.get(key)
        if search is None:
            if len(self.table_searches) >= _TABLE_CACHE_LIMIT:
                self.table_searches.clear()
            search = self.table_searches[key] = _TableSearch(self.free_engine(free), readings)
        return search

    def lay_off_cost(self, hand: _Hand, table: _LayOffTable) -> tuple[int, _LayOffFound]:
        """Least scaled cost of a hand that may lay off onto ``table``, and how.

        For each way wild-rank cards act and each reading of the table sets (the free
        naturals): without wild restrictions, when each table run has one reading and
        spare wilds are sure to find room, one search chooses the blocks for the table
        runs with the hand's melds (:class:`_TableSearch`); otherwise every choice of
        blocks is solved by the engine with the wilds the blocks leave and the room the
        table offers.
        """
        best = _INF
        found: _LayOffFound | None = None
        unrestricted = self.unrestricted
        for x, n, acting_wild in self.acting_choices(hand):
            w = hand.jokers + acting_wild
            pool = sorted([self.joker_cost] * hand.jokers + [self.wild_cost] * acting_wild)
            for sets in table.set_choices(x):
                x1 = x - sets.forced_mask
                n1 = n - len(sets.forced)
                set_room = sum(room for _, room in sets.rooms)
                per_run: list[list[_RunChoice]] | None = None
                if unrestricted and table.single is not None and not set_room and w:
                    # Spare wilds need the table runs' room when the hand melds nothing.
                    per_run = [table.run_choices(readings, x1, w) for readings in table.runs]
                if (
                    unrestricted
                    and table.single is not None
                    and (per_run is None or sum(min(c.room for c in cs) for cs in per_run) >= 2)
                ):
                    search = self.table_search(sets.free, table.single)
                    v = search.cost(x1, w)
                    if v < best:
                        best = v
                        found = _LayOffFound(x, acting_wild, sets, (), x1, w, 0, search)
                        if v == 0:
                            return best, found
                    continue
                sub = self.free_engine(sets.free)
                if unrestricted:
                    g = None
                else:
                    if sum(len(m) for m in sub.restricted_memos.values()) > sub.memo_limit:
                        sub.restricted_memos.clear()
                        sub.restricted_fns.clear()
                    g = sub._restricted_fn(hand.jokers, acting_wild)
                if per_run is None:
                    per_run = [table.run_choices(readings, x1, w) for readings in table.runs]
                for rest, count, need, room, chosen in _run_combos(per_run, x1, w):
                    left = w - need
                    room = min(set_room + room, 255)
                    if g is None:
                        v = sub.fast_naturals(rest, n1 - count, left) if rest else 0
                        if 0 < left < 3 and room < left and v == _naturals_cost(sub.cost, rest):
                            v += sum(pool[: left - room])
                    else:
                        v = g(rest, left, min(room, left))
                    if v < best:
                        best = v
                        found = _LayOffFound(x, acting_wild, sets, chosen, rest, left, room)
                        if v == 0:
                            return best, found
        assert found is not None
        return best, found

    # -- reconstruction --------------------------------------------------------------------------

    def plan(self, hand: _Hand) -> tuple[_Plan, int]:
        """An optimal plan for a hand, and the naturals (wild-rank cards as themselves too)."""
        if self.unrestricted:
            return self._plan_fast(hand), hand.x
        best: tuple[int, int, int] | None = None
        for x, _, acting_wild in self.acting_choices(hand):
            g = self._restricted_fn(hand.jokers, acting_wild)
            v = g(x, hand.jokers + acting_wild, 0)
            if best is None or v < best[0]:
                best = (v, x, acting_wild)
        assert best is not None
        _, x, acting_wild = best
        return self._plan_restricted(x, hand.jokers, acting_wild), x

    def _plan_fast(self, hand: _Hand) -> _Plan:
        plan = _Plan()
        wilds = hand.jokers + sum(hand.wild_rank_cards)
        if hand.n:
            groups = self.components(hand.x, wilds)
            _, given = _combine([self.vector(g, wilds) for g in groups], wilds)
            for group, w in zip(groups, given, strict=True):
                self._plan_group(plan, group, w)
        spare = wilds - sum(core.wilds for core in plan.cores)
        self._absorb_unrestricted(plan, spare)
        return plan

    def _plan_group(self, plan: _Plan, x: int, w: int) -> None:
        """Add to ``plan`` an optimal way to meld the naturals ``x`` with ``w`` wilds."""
        n = _count(x)
        f = self.fast
        target = f(x, n, w)
        while x:
            w = min(w, 2 * n)
            b = (x & -x).bit_length() - 1
            p = b >> 2
            rest = x - (1 << (b & ~3))
            if self.cost[p] + (f(rest, n - 1, w) if rest else 0) == target:
                plan.unmelded.append(p)
                x, n, target = rest, n - 1, target - self.cost[p]
                continue
            found = False
            shift = (p >> 2) << 4
            for sub, m, need in self.sets((x >> shift) & 0xFFFF):
                if need > w:
                    break
                y = x - (sub << shift)
                if (f(y, n - m, w - need) if y else 0) == target:
                    plan.cores.append(_Core(MeldKind.SET, _positions(sub << shift), "", need))
                    x, n, w, found = y, n - m, w - need, True
                    break
            if not found:
                for options, sh, direction in self.run_choices(x, p, True):
                    for sub, m, need in options:
                        if need > w:
                            break
                        y = rest - (sub << sh)
                        if (f(y, n - m, w - need) if y else 0) == target:
                            naturals = [p, *_positions(sub << sh)]
                            plan.cores.append(_Core(MeldKind.RUN, naturals, direction, need))
                            x, n, w, found = y, n - m, w - need, True
                            break
                    if found:
                        break
            assert found, "solver plan lost its way"

    def _absorb_unrestricted(self, plan: _Plan, spare: int) -> None:
        """Place spare wilds without restrictions: into a set, runs with room, or a meld."""
        if not spare:
            return
        if not plan.cores:
            if spare >= 3:
                plan.all_wild.append(spare)
            else:
                plan.unmelded_wilds = spare
            return
        for core in plan.cores:
            if core.kind is MeldKind.SET:
                core.wilds += spare
                return
        for core in plan.cores:
            room = 13 - len(core.naturals) - core.wilds
            take = min(room, spare)
            core.wilds += take
            spare -= take
        if spare >= 3:
            plan.all_wild.append(spare)
        elif spare:
            # Every meld is a full run of 13: split one in two and extend a half.
            core = plan.cores[0]
            core.room = -spare  # marks the split for _materialise

    def _plan_restricted(
        self, x: int, jokers: int, acting_wild: int, wilds: int | None = None, room: int = 0
    ) -> _Plan:
        """An optimal plan of the restricted search from ``g(x, wilds, room)``.

        ``wilds`` (all of the pool by default) and ``room`` (0) start the search as
        laying off does: the table's melds take some wilds and offer room; spare
        wilds that the hand's melds cannot take go to the table (``table_wilds``).
        """
        plan = _Plan()
        g = self._restricted_fn(jokers, acting_wild)
        w = jokers + acting_wild if wilds is None else wilds
        room = min(room, w)
        cap = self.cap
        big = 255 if cap is None else cap
        target = g(x, w, room)
        while x:
            b = (x & -x).bit_length() - 1
            p = b >> 2
            rest = x - (1 << (b & ~3))
            if self.cost[p] + g(rest, w, room) == target:
                plan.unmelded.append(p)
                x, target = rest, target - self.cost[p]
                continue
            found = False
            shift = (p >> 2) << 4
            for sub, _, need in self.sets((x >> shift) & 0xFFFF):
                if need > w or need > big:
                    break
                left = w - need
                new_room = min(room + big - need, left)
                if g(x - (sub << shift), left, new_room) == target:
                    core = _Core(MeldKind.SET, _positions(sub << shift), "", need, big - need)
                    plan.cores.append(core)
                    x, w, room, found = x - (sub << shift), left, new_room, True
                    break
            if not found:
                for options, sh, direction in self.run_choices(x, p, False):
                    for sub, m, need in options:
                        if need > w:
                            break
                        most = min(big, 13 - m)
                        if need > most:
                            continue
                        left = w - need
                        new_room = min(room + most - need, left)
                        if g(rest - (sub << sh), left, new_room) == target:
                            naturals = [p, *_positions(sub << sh)]
                            core = _Core(MeldKind.RUN, naturals, direction, need, most - need)
                            plan.cores.append(core)
                            x, w, room, found = rest - (sub << sh), left, new_room, True
                            break
                    if found:
                        break
            assert found, "solver plan lost its way"
        # The spare wilds: fill melds' room, then all-wild melds, the rest stay in hand.
        absorbed = self.absorbable(w, room)
        into_melds = max(
            (a for a in range(min(w, room) + 1) if a + self._own(w - a) == absorbed),
            default=0,
        )
        left = into_melds
        for core in plan.cores:
            take = min(core.room, left)
            core.wilds += take
            left -= take
        plan.table_wilds = left
        own = absorbed - into_melds
        if own:
            plan.all_wild.extend(_split_sizes(own))
        plan.unmelded_wilds = w - absorbed
        return plan

    def _own(self, w: int) -> int:
        return _all_wild_usable(w, self.cap) if self.rules.all_wild_melds else 0

    # -- contracts -------------------------------------------------------------------------------

    def contract_plan(self, hand: _Hand, contract: Contract) -> tuple[_Plan, int] | None:
        """A plan melding every card with at least the contract's sets and runs, or None.

        Returns (plan, naturals) like :meth:`plan`.
        """
        for x, _, acting_wild in self.acting_choices(hand):
            w = hand.jokers + acting_wild
            if self._contract(x, w, contract.sets, contract.runs):
                return self._plan_contract(x, w, contract.sets, contract.runs), x
        return None

    def _contract_melds(self, x: int) -> Iterator[tuple[int, int, int, str, bool]]:
        """Melds holding the lowest card: (naturals mask, least and most wilds, direction, flex).

        ``direction`` is empty for a set; ``flex`` marks one natural with wilds,
        which is a set and a run at once.
        """
        b = (x & -x).bit_length() - 1
        p = b >> 2
        big = 255 if self.cap is None else self.cap
        shift = (p >> 2) << 4
        for sub, m, need in self.sets((x >> shift) & 0xFFFF):
            if need <= big:
                yield sub << shift, need, big, "", m == 1
        unit = 1 << (b & ~3)
        for options, sh, direction in self.run_choices(x, p, False):
            for sub, m, need in options:
                most = min(big, 13 - m)
                if need <= most:
                    yield unit + (sub << sh), need, most, direction, False

    @staticmethod
    def _counts_as(
        direction: str, flex: bool, q: int, sets: int, runs: int
    ) -> list[tuple[int, int]]:
        """The (sets, runs) still needed after a meld, for each kind the meld may count as."""
        as_set = (max(sets - 1, 0), runs)
        as_run = (sets, max(runs - 1, 0))
        if direction:
            return [as_run]
        if flex and q + 1 <= 13:
            return [as_set, as_run]
        return [as_set]

    def _contract(self, x: int, w: int, sets: int, runs: int) -> bool:
        """Can naturals ``x`` and ``w`` wilds all be melded with >= sets sets and >= runs runs?

        Every meld is chosen with its exact number of wilds (a meld split in two is
        two melds here), and wilds left at the end make all-wild melds.
        """
        key = (x, w, sets, runs)
        known = self.contract_memo.get(key)
        if known is not None:
            return known
        result = False
        if not x:
            result = self._contract_end(w, sets, runs)
        else:
            for mask, least, most, direction, flex in self._contract_melds(x):
                for q in range(least, min(most, w) + 1):
                    for s, r in self._counts_as(direction, flex, q, sets, runs):
                        if self._contract(x - mask, w - q, s, r):
                            result = True
                            break
                    if result:
                        break
                if result:
                    break
        if len(self.contract_memo) > self.memo_limit:
            self.contract_memo.clear()
        self.contract_memo[key] = result
        return result

    def _contract_end(self, w: int, sets: int, runs: int) -> bool:
        """Can ``w`` wilds alone make all-wild melds numbering at least sets + runs?"""
        if w == 0:
            return sets == 0 and runs == 0
        cap = self.cap
        if not self.rules.all_wild_melds or (cap is not None and cap < 3):
            return False
        parts = w // 3
        return parts >= max(1, sets + runs) and (cap is None or w <= cap * parts)

    def _plan_contract(self, x: int, w: int, sets: int, runs: int) -> _Plan:
        plan = _Plan()
        while x:
            chosen: tuple[_Core, int, int, int, int] | None = None
            for mask, least, most, direction, flex in self._contract_melds(x):
                for q in range(least, min(most, w) + 1):
                    for s, r in self._counts_as(direction, flex, q, sets, runs):
                        if self._contract(x - mask, w - q, s, r):
                            core = _Core(MeldKind.SET, _positions(mask), direction, q, 0, flex)
                            if direction:
                                core.kind = MeldKind.RUN
                            elif flex and (s, r) != (max(sets - 1, 0), runs):
                                core.kind = MeldKind.RUN  # one natural and wilds, as a run
                                core.direction = self._single_direction(core.naturals[0])
                            chosen = (core, mask, q, s, r)
                            break
                    if chosen:
                        break
                if chosen:
                    break
            assert chosen is not None, "contract plan lost its way"
            core, mask, q, sets, runs = chosen
            plan.cores.append(core)
            x, w = x - mask, w - q
        if w:
            plan.all_wild.extend(_split_sizes(w))
            plan.all_wild_runs = runs  # the rest of the contract: these count as runs
        return plan

    def _single_direction(self, p: int) -> str:
        """How a run around one natural is laid: an ace under HIGH ends ace-high."""
        if self.cyclic:
            return "cyc"
        return "down" if p < 4 and not self.ace_up else "up"

    # -- turning a plan into cards ---------------------------------------------------------------

    def materialise(
        self, plan: _Plan, x: int, hand: _Hand
    ) -> tuple[list[Meld], list[Card], int, list[Card]]:
        """Melds, unmelded cards, deadwood and wilds for the table of a plan.

        Wilds are chosen so that the cheapest stay in hand; ``plan.table_wilds`` of
        them, the next cheapest, are returned for laying off.
        """
        wild_rank = self.wild_rank
        acting_natural = [0, 0, 0, 0]
        for s in range(4):
            acting_natural[s] = (x >> ((self.wild_index + s) << 2)) & 15
        pool: list[Card] = [JOKER] * hand.jokers
        for s in range(4):
            pool += [Card(wild_rank, _SUITS[s])] * (hand.wild_rank_cards[s] - acting_natural[s])
        # Meld the dearest wilds; the cheapest stay in hand.
        if len(pool) > 1:
            pool.sort(key=lambda c: (-self._wild_penalty(c), c.sort_key()))
        melds: list[Meld] = []
        spent = 0

        def take(k: int) -> list[Card]:
            nonlocal spent
            cards = pool[spent : spent + k]
            spent += k
            return cards

        for core in plan.cores:
            naturals = [_CARD_AT[p] for p in core.naturals]
            if core.kind is MeldKind.SET:
                melds.append(Meld(MeldKind.SET, (*naturals, *take(core.wilds))))
                continue
            sequence = self._lay_run(core, take(core.wilds))
            if core.room < 0:  # the split of a full 13-card run (see _absorb_unrestricted)
                extra = take(-core.room)
                head = [*sequence[:6], *extra]
                melds.append(Meld(MeldKind.RUN, tuple(head)))
                melds.append(Meld(MeldKind.RUN, tuple(sequence[6:])))
            else:
                melds.append(Meld(MeldKind.RUN, tuple(sequence)))
        for i, size in enumerate(plan.all_wild):
            kind = MeldKind.RUN if i < plan.all_wild_runs else MeldKind.SET
            melds.append(Meld(kind, tuple(take(size))))
        to_table = take(plan.table_wilds)
        # In card order (suit, then rank; wilds after, as they are taken cheapest last).
        unmelded = [_CARD_AT[p] for p in sorted(plan.unmelded, key=_suit_major)]
        unmelded += take(plan.unmelded_wilds)
        deadwood = sum(self.penalty[p] for p in plan.unmelded) + sum(
            self._wild_penalty(c) for c in pool[spent - plan.unmelded_wilds : spent]
        )
        return melds, unmelded, deadwood, to_table

    def _wild_penalty(self, card: Card) -> int:
        return self.rules.card_penalty(card, self.wild_rank)

    def _lay_run(self, core: _Core, wilds: list[Card]) -> list[Card]:
        """The run's cards in sequence order: naturals on their positions, wilds between/around."""
        ranks = [p // 4 + 1 for p in core.naturals]
        if core.direction == "down":
            line = [14 if r == 1 else r for r in ranks]
        elif core.direction == "cyc":
            ordered = sorted(ranks)
            gaps = [(b - a, b) for a, b in itertools.pairwise(ordered)]
            gaps.append((13 - ordered[-1] + ordered[0], ordered[0]))
            start = max(gaps)[1]
            line = [start + (r - start) % 13 for r in ranks]
        else:
            line = ranks
        lo, hi = min(line), max(line)
        bound_lo, bound_hi = _line_bounds(self.aces)
        if self.aces is AceMode.EITHER:
            if 1 in line:
                bound_hi = 13
            if 14 in line:
                bound_lo = 2
        if self.cyclic:
            bound_lo, bound_hi = -_INF, _INF
        extra = len(wilds) - (hi - lo + 1 - len(line))
        while extra > 0 and hi < bound_hi and hi - lo + 1 < 13:
            hi += 1
            extra -= 1
        while extra > 0 and lo > bound_lo and hi - lo + 1 < 13:
            lo -= 1
            extra -= 1
        at = dict(zip(line, core.naturals, strict=True))
        spare = iter(wilds)
        sequence = [_CARD_AT[at[pos]] if pos in at else next(spare) for pos in range(lo, hi + 1)]
        if self.cyclic and len(sequence) == 13:
            # All 13 ranks round the corner: a run in one order only, from the ace (see
            # _windows), so the circle turns to start there. Each card keeps its rank.
            ace = next(i for i, pos in enumerate(range(lo, hi + 1)) if _rank_at(pos) == 1)
            sequence = sequence[ace:] + sequence[:ace]
        return sequence


def _positions(mask: int) -> list[int]:
    """Card positions p of an encoded multiset, lowest first, with repeats."""
    out = []
    while mask:
        b = (mask & -mask).bit_length() - 1
        p = b >> 2
        count = (mask >> (p << 2)) & 15
        out.extend([p] * count)
        mask -= count << (p << 2)
    return out


def _suit_major(p: int) -> int:
    """A sort key putting positions in card order: suit, then rank."""
    return (p & 3) << 4 | p >> 2


def _count(x: int) -> int:
    """How many cards an encoded multiset holds (the sum of its 4-bit fields)."""
    return (
        (x & _NIB).bit_count()
        + 2 * (x & _NIB << 1).bit_count()
        + 4 * (x & _NIB << 2).bit_count()
        + 8 * (x & _NIB << 3).bit_count()
    )


def _combine_cost(vectors: Sequence[list[int]], wilds: int) -> int:
    """The least total of :func:`_combine` alone (the solver's inner path)."""
    best = vectors[0]
    for vector in vectors[1:]:
        best = _combine_vector(best, vector, wilds)
    return _at(best, wilds)


def _combine_vector(one: list[int], two: list[int], wilds: int) -> list[int]:
    """Min-plus combination of two cost-by-wilds vectors, up to ``wilds`` wilds."""
    last_one = len(one) - 1
    last_two = len(two) - 1
    top = min(wilds, last_one + last_two)
    out = []
    for w in range(top + 1):
        low = w - last_two if w > last_two else 0
        v = one[low] + two[w - low]
        for a in range(low + 1, (w if w < last_one else last_one) + 1):
            t = one[a] + two[w - a]
            if t < v:
                v = t
        out.append(v)
    return out


def _at(vector: list[int], wilds: int) -> int:
    """A cost-by-wilds vector's entry for ``wilds`` (its last entry holds beyond its end)."""
    return vector[wilds] if wilds < len(vector) else vector[-1]


def _combine(vectors: Sequence[list[int]], wilds: int) -> tuple[int, list[int]]:
    """Least total of one entry per vector, the entries' indices summing to at most ``wilds``.

    Each vector is non-increasing (more wilds never hurt) and its last entry holds
    beyond its end. Returns the total and the indices (wilds given to each group).
    """
    # prefix[i]: the first i groups combined, by wilds; then walk back to split the wilds.
    prefix = [[0]]
    for vector in vectors:
        prefix.append(_combine_vector(prefix[-1], vector, wilds))
    total = _at(prefix[-1], wilds)
    given = []
    w, target = wilds, total
    for i in range(len(vectors) - 1, -1, -1):
        vector = vectors[i]
        a = next(
            a
            for a in range(min(w, len(vector) - 1) + 1)
            if vector[a] + _at(prefix[i], w - a) == target
        )
        given.append(a)
        w, target = w - a, target - vector[a]
    given.reverse()
    return total, given


def _field_sum(x: int) -> int:
    return sum((x >> (4 * p)) & 15 for p in range(52))


def _split_sizes(wilds: int) -> list[int]:
    """Sizes of all-wild melds holding ``wilds`` cards: as many as possible, 3 or more each."""
    parts = wilds // 3
    sizes = [3] * parts
    for i in range(wilds - 3 * parts):
        sizes[i % parts] += 1
    return sizes


# -- laying off -------------------------------------------------------------------------------
#
# Cards laid off onto the table's melds count as melded. A table set of rank R takes any
# natural of rank R and needs no wild for it, so those naturals are *free*: an engine
# whose cost for them is 0 leaves them out of the hand's melds (that is, lays them off)
# unless a hand meld wants them. A table run takes a block of cards at either end, each
# position a natural of its suit or a wild. Without wild restrictions the blocks are one
# more option of the memoised search (_TableSearch); otherwise each choice of blocks, one
# pair per table run (few: the naturals of its suit next to it), leaves a hand that the
# engine solves with the wilds left and the table's room for spare wilds.


@dataclass(frozen=True, slots=True)
class _SetReading:
    """A table set read as a set of ``rank`` (1..13), with its counts as such."""

    index: int  # of the meld on the table
    rank: int
    naturals: int
    wilds: int


@dataclass(frozen=True, slots=True)
class _RunReading:
    """A table run laid on one suit from line position ``start``, with its counts as such."""

    index: int
    start: int
    length: int
    naturals: int
    wilds: int
    left: tuple[int, ...]  # card position p at distance 1, 2, ... before its first card
    right: tuple[int, ...]  # after its last card
    left_bound: int  # line positions free before it (13 under WRAP)
    right_bound: int
    wrap: bool  # WRAP: a run of all 13 cards must run from the ace (see fits)

    def fits(self, left: int, right: int) -> bool:
        """May blocks of these lengths extend it (within 13 cards, a full circle from the ace)?

        Under WRAP a run of 13 cards is valid in one order only, ace to King, as
        :func:`is_valid_meld` and the reference have it.
        """
        free = 13 - self.length - left - right
        return free > 0 or (free == 0 and (not self.wrap or (self.start - left - 1) % 13 == 0))

    def room(self, left: int, right: int, need: int, cap: int | None) -> int:
        """The wilds it could still take with blocks of these lengths holding ``need`` wilds."""
        free = min(
            13 - self.length - left - right,
            self.left_bound - left + self.right_bound - right,
        )
        full = 13 - self.length - left - right
        if (
            self.wrap
            and free == full > 0
            and not any(self.fits(left + k, right + full - k) for k in range(full + 1))
        ):
            free -= 1
        return min(255 if cap is None else cap - self.wilds - need, free)

    def spread(self, left: int, right: int, take: int) -> int:
        """How many of ``take`` more wilds go before it (the rest after), blocks laid."""
        before = take - min(take, self.right_bound - right)
        while before < take and not self.fits(left + before, right + take - before):
            before += 1
        return before


@dataclass(frozen=True, slots=True)
class _RunChoice:
    """What one table run takes: blocks of ``(distance, p)`` naturals at each end."""

    reading: _RunReading | None  # None: the run is left alone
    left: tuple[tuple[int, int], ...]
    left_len: int
    right: tuple[tuple[int, int], ...]
    right_len: int
    mask: int  # the naturals taken, encoded
    count: int
    need: int  # wilds filling the other positions of the blocks
    room: int  # wilds it could take on top


@dataclass(frozen=True, slots=True)
class _SetChoice:
    """A reading of every table set: free positions, naturals laid off explicitly, room."""

    free: frozenset[int]
    forced: tuple[tuple[int, int], ...]  # (table index, p): a set needing a natural gets one
    forced_mask: int
    ranks: tuple[tuple[int, int], ...]  # (rank, table index): where free naturals go
    rooms: tuple[tuple[int, int], ...]  # (table index, wilds it may still take)


# A side option: naturals taken as (distance, p), how many, wilds needed, length, mask.
_Side = tuple[tuple[tuple[int, int], ...], int, int, int, int]


def _side_options(ps: Sequence[int], x: int, limit: int, prune: bool) -> list[_Side]:
    """Blocks at one end of a table run: positions ``ps`` (nearest first), naturals from ``x``.

    A block ends with a natural (spare wilds are the table's room); it needs a wild for
    each other position, at most ``limit``. With ``prune`` (no wild restrictions) two
    kinds are dropped, as something else is as good: blocks needing 2 * m wilds or more
    for m naturals (each natural with two wilds is a set in hand) and blocks with four
    wilds or more before a natural (those beyond make a run in hand for fewer wilds).
    """
    out: list[_Side] = [((), 0, 0, 0, 0)]

    def grow(first: int, taken: tuple[tuple[int, int], ...], m: int, last: int, mask: int) -> None:
        for d in range(first, len(ps) + 1):
            if prune and d - last > 4:
                break
            need = d - m - 1
            if need > limit:
                break
            p = ps[d - 1]
            if (x >> (p << 2)) & 15:
                more = (*taken, (d, p))
                bit = mask + (1 << (p << 2))
                if not prune or need < 2 * (m + 1):
                    out.append((more, m + 1, need, d, bit))
                grow(d + 1, more, m + 1, d, bit)

    grow(1, (), 0, 0, 0)
    return out


def _field(x: int, p: int) -> int:
    return (x >> (p << 2)) & 15


class _LayOffTable:
    """The readings of a table's melds, for one engine (rules and wild rank)."""

    def __init__(self, engine: _Engine, table: tuple[Meld, ...]) -> None:
        self.engine = engine
        rules, wild_rank = engine.rules, engine.wild_rank
        self.sets: list[list[_SetReading]] = []
        self.runs: list[list[_RunReading]] = []
        for index, meld in enumerate(table):
            if meld.kind is MeldKind.SET:
                self.sets.append(self._set_readings(index, meld.cards, wild_rank))
            else:
                self.runs.append(self._run_readings(index, meld.cards, rules, wild_rank))
        # The readings of the table runs when none has two (runs that cannot be extended
        # left out); else None.
        self.single: tuple[_RunReading, ...] | None = None
        if all(len(readings) <= 1 for readings in self.runs):
            self.single = tuple(readings[0] for readings in self.runs if readings)

    def _set_readings(
        self, index: int, cards: Sequence[Card], wild_rank: Rank
    ) -> list[_SetReading]:
        cap = self.engine.cap
        others = {int(c.rank) for c in cards if c.rank is not None and c.rank is not wild_rank}
        if len(others) > 1:
            return []
        ranks = sorted(others) if others else list(range(1, 14))
        readings = []
        for rank in ranks:
            naturals = sum(1 for c in cards if c.rank is not None and int(c.rank) == rank)
            wilds = len(cards) - naturals
            if cap is None or wilds <= cap:
                readings.append(_SetReading(index, rank, naturals, wilds))
        return readings

    def _run_readings(
        self, index: int, cards: Sequence[Card], rules: Rules, wild_rank: Rank
    ) -> list[_RunReading]:
        cap = self.engine.cap
        length = len(cards)
        readings: list[_RunReading] = []
        if not 3 <= length <= 13:
            return readings
        wrap = rules.aces is AceMode.WRAP
        lo, hi = _line_bounds(rules.aces)
        # A natural card fixes the suit and the start (two starts for an ace, either way).
        anchor = next(
            ((i, c) for i, c in enumerate(cards) if c.rank is not None and c.rank is not wild_rank),
            None,
        )
        for s, suit in enumerate(_SUITS):
            if anchor is not None and anchor[1].suit is not suit:
                continue
            for start in _windows(rules.aces, length):
                if anchor is not None and _rank_at(start + anchor[0]) != anchor[1].rank:
                    continue
                counts = _ordered_run_wilds(cards, suit, start, wild_rank)
                if counts is None or (cap is not None and counts[1] > cap):
                    continue
                end = start + length - 1
                left_bound = 13 if wrap else start - lo
                right_bound = 13 if wrap else hi - end
                most = 13 - length
                left = tuple(
                    (_rank_at(start - d) - 1) * 4 + s for d in range(1, min(left_bound, most) + 1)
                )
                right = tuple(
                    (_rank_at(end + d) - 1) * 4 + s for d in range(1, min(right_bound, most) + 1)
                )
                readings.append(
                    _RunReading(
                        index, start, length, *counts, left, right, left_bound, right_bound, wrap
                    )
                )
        return readings

    def set_choices(self, x: int) -> list[_SetChoice]:
        """Every way to read the table sets that matters for naturals ``x``."""
        engine = self.engine
        cap, all_wild = engine.cap, engine.rules.all_wild_melds
        wild = int(engine.wild_rank)
        # Per set: (free rank or 0, forced p or -1, room).
        per_set: list[list[tuple[_SetReading | None, int, int]]] = []
        for readings in self.sets:
            options: list[tuple[_SetReading | None, int, int]] = []
            plain = False
            for reading in readings:
                rank = reading.rank
                base = (rank - 1) * 4
                if (
                    len(readings) > 1
                    and rank != wild
                    and not any(_field(x, base + s) for s in range(4))
                ):
                    continue  # read as a rank the hand lacks: no better than the wild rank
                room = 255 if cap is None else cap - reading.wilds
                if reading.naturals or all_wild:
                    options.append((reading, -1, room))
                    plain = True
                else:  # all wild: valid once a natural joins it
                    options += [(reading, base + s, room) for s in range(4) if _field(x, base + s)]
            if not plain:
                options.append((None, -1, 0))
            per_set.append(options)
        choices = []
        for combo in itertools.product(*per_set):
            free: set[int] = set()
            forced: list[tuple[int, int]] = []
            forced_mask = 0
            ranks: list[tuple[int, int]] = []
            rooms: list[tuple[int, int]] = []
            for read, p, room in combo:
                if read is None:
                    continue
                base = (read.rank - 1) * 4
                if read.rank != wild or not engine.unrestricted:
                    free.update(range(base, base + 4))
                ranks.append((read.rank, read.index))
                rooms.append((read.index, room))
                if p >= 0:
                    forced.append((read.index, p))
                    forced_mask += 1 << (p << 2)
            if forced and any(
                _field(x, p) < sum(1 for _, q in forced if q == p) for _, p in forced
            ):
                continue
            choices.append(
                _SetChoice(frozenset(free), tuple(forced), forced_mask, tuple(ranks), tuple(rooms))
            )
        return choices

    def run_choices(self, readings: list[_RunReading], x: int, w: int) -> list[_RunChoice]:
        """What one table run may take from naturals ``x`` with ``w`` wilds in hand."""
        engine = self.engine
        cap, all_wild = engine.cap, engine.rules.all_wild_melds
        prune = engine.unrestricted
        best: dict[tuple[int, int], _RunChoice] = {}
        for reading in readings:
            limit = w if cap is None else min(w, cap - reading.wilds)
            lefts = _side_options(reading.left, x, limit, prune)
            rights = _side_options(reading.right, x, limit, prune)
            for lt, lm, ln, ll, lmask in lefts:
                for rt, rm, rn, rl, rmask in rights:
                    need = ln + rn
                    if not reading.fits(ll, rl) or need > limit:
                        continue
                    if not all_wild and reading.naturals + lm + rm == 0:
                        continue
                    room = reading.room(ll, rl, need, cap)
                    key = (lmask + rmask, need)
                    known = best.get(key)
                    if known is None or room > known.room:
                        best[key] = _RunChoice(
                            reading, lt, ll, rt, rl, lmask + rmask, lm + rm, need, room
                        )
        if (0, 0) not in best:
            best[0, 0] = _RunChoice(None, (), 0, (), 0, 0, 0, 0, 0)
        return list(best.values())


class _TableSearch:
    """The search without wild restrictions, with blocks laid off onto table runs.

    ``value(x, n, w, t)`` is the fast search's ``f`` (the lowest natural unmelded, in a
    set or the lowest card of a run) with one more kind of option: the lowest natural
    and some others of its suit make a block on a side of a table run, as the naturals
    of the block nearest to the table or not. ``t`` holds each side's block length (4
    bits a side; 0 while unused): a side takes one block, and a run with both ends
    extended stays within 13 cards. Blocks are pruned as in :func:`_side_options`, so
    the naturals of one block always fall in one group of :meth:`_Engine.components`
    and the groups are still solved apart, each from ``t = 0``, except groups holding
    both ends of a run that might pass 13 cards.
    """

    def __init__(self, engine: _Engine, readings: tuple[_RunReading, ...]) -> None:
        self.engine = engine
        self.readings = readings
        # Side 2 r is before table run r, side 2 r + 1 after it: the card positions at
        # distance 1, 2, ... from the run.
        self.sides: list[tuple[int, ...]] = []
        for reading in readings:
            self.sides += [reading.left, reading.right]
        self.side_at: list[list[tuple[int, int]]] = [[] for _ in range(52)]
        for k, positions in enumerate(self.sides):
            for d, p in enumerate(positions, 1):
                self.side_at[p].append((k, d))
        self.side_masks = [sum(15 << (q << 2) for q in positions) for positions in self.sides]
        self.block_table: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}
        self.bits = 4 * len(self.sides)
        self.memo: dict[int, int] = {}
        self.search = self._build()

    def fits(self, k: int, length: int, other: int) -> bool:
        """May side ``k`` take a block of ``length``, the other end of its run ``other``?"""
        reading = self.readings[k >> 1]
        return reading.fits(other, length) if k & 1 else reading.fits(length, other)

    def blocks(self, k: int, d: int, x: int) -> list[tuple[int, int, int, int]]:
        """Blocks on side ``k`` holding the natural at distance ``d`` and others of ``x``.

        Each is (mask of the others, naturals, wilds needed, length), sorted by need.
        The blocks :func:`_side_options` drops are left out.
        """
        key = (k, d, x & self.side_masks[k])
        known = self.block_table.get(key)
        if known is not None:
            return known
        positions = self.sides[k]
        pattern = 0
        for e, q in enumerate(positions, 1):
            if e != d and (x >> (q << 2)) & 15:
                pattern |= 1 << e
        out: list[tuple[int, int, int, int]] = []
        most = 13 - self.readings[k >> 1].length
        near = [e for e in range(1, len(positions) + 1) if e == d or pattern >> e & 1]

        def grow(i: int, last: int, mask: int, m: int, has: bool) -> None:
            for j in range(i, len(near)):
                e = near[j]
                if e - last > 4 or e > most or (e > d and not has):
                    break
                bit = 0 if e == d else 1 << (positions[e - 1] << 2)
                now = has or e == d
                if now and e - m - 1 < 2 * (m + 1):
                    out.append((mask + bit, m + 1, e - m - 1, e))
                grow(j + 1, e, mask + bit, m + 1, now)

        grow(0, 0, 0, 0, False)
        out.sort(key=lambda o: (o[2], -o[1]))
        self.block_table[key] = out
        return out

    def value(self, x: int, n: int, w: int, t: int) -> int:
        """Least scaled cost of naturals ``x`` (``n`` cards), ``w`` wilds, sides used ``t``."""
        if not x:
            return 0
        if w > n + n:
            w = n + n
        v = self.memo.get(((x << 8 | w) << self.bits) | t)
        return self.search(x, n, w, t) if v is None else v

    def _build(self) -> Callable[[int, int, int, int], int]:
        """The search proper, as :meth:`_Engine._build_fast` (callers look the memo up).

        The options are those of :meth:`options`, in the same order.
        """
        engine = self.engine
        memo = self.memo
        get = memo.get
        costs = engine.cost
        set_table = engine.set_table
        sets = engine.sets
        run_choices = engine.run_choices
        side_at = self.side_at
        blocks = self.blocks
        fits = self.fits
        bits = self.bits
        lengths = [reading.length for reading in self.readings]

        def f(x: int, n: int, w: int, t: int) -> int:
            b = (x & -x).bit_length() - 1
            p = b >> 2
            rest = x - (1 << (b & ~3))
            best = costs[p]
            if rest:
                k = n - 1
                u = w if w <= k + k else k + k
                v = get(((rest << 8 | u) << bits) | t)
                best += f(rest, k, u, t) if v is None else v
            if best:
                shift = (p >> 2) << 4
                group = (x >> shift) & 0xFFFF
                options = set_table.get(group)
                if options is None:
                    options = sets(group)
                for sub, m, need in options:
                    if need > w:
                        break
                    y = x - (sub << shift)
                    v = 0
                    if y:
                        k = n - m
                        u = w - need
                        if u > k + k:
                            u = k + k
                        got = get(((y << 8 | u) << bits) | t)
                        v = f(y, k, u, t) if got is None else got
                    if v < best:
                        best = v
                        if not v:
                            break
            if best:
                for options, sh, _ in run_choices(x, p, True):
                    for sub, m, need in options:
                        if need > w:
                            break
                        y = rest - (sub << sh)
                        v = 0
                        if y:
                            k = n - m
                            u = w - need
                            if u > k + k:
                                u = k + k
                            got = get(((y << 8 | u) << bits) | t)
                            v = f(y, k, u, t) if got is None else got
                        if v < best:
                            best = v
                            if not v:
                                break
                    if not best:
                        break
            if best:
                for side, d in side_at[p]:
                    at = side << 2
                    if (t >> at) & 15:
                        continue
                    other = (t >> (at ^ 4)) & 15
                    most = 13 - lengths[side >> 1] - other
                    for mask, m, need, length in blocks(side, d, x):
                        if need > w:
                            break
                        if length >= most and (length > most or not fits(side, length, other)):
                            continue
                        y = rest - mask
                        v = 0
                        if y:
                            k = n - m
                            u = w - need
                            if u > k + k:
                                u = k + k
                            t2 = t | length << at
                            got = get(((y << 8 | u) << bits) | t2)
                            v = f(y, k, u, t2) if got is None else got
                        if v < best:
                            best = v
                            if not v:
                                break
                    if not best:
                        break
            memo[((x << 8 | w) << bits) | t] = best
            return best

        return f

    def options(
        self, x: int, p: int, rest: int, w: int, t: int
    ) -> Iterator[tuple[int, int, int, int, MeldKind | None, str]]:
        """The melds of the lowest natural ``p``.

        Each is (naturals left, how many taken, wilds, sides used, kind, direction):
        kind None for a block on a table run.
        """
        engine = self.engine
        shift = (p >> 2) << 4
        for sub, m, need in engine.sets((x >> shift) & 0xFFFF):
            if need > w:
                break
            yield x - (sub << shift), m, need, t, MeldKind.SET, ""
        for options, sh, direction in engine.run_choices(x, p, True):
            for sub, m, need in options:
                if need > w:
                    break
                yield rest - (sub << sh), m, need, t, MeldKind.RUN, direction
        for k, d in self.side_at[p]:
            at = 4 * k
            if (t >> at) & 15:
                continue
            other = (t >> (at ^ 4)) & 15
            for mask, m, need, length in self.blocks(k, d, x):
                if need > w:
                    break
                if self.fits(k, length, other):
                    yield rest - mask, m, need, t | length << at, None, ""

    def groups(self, x: int, wilds: int) -> list[int]:
        """The engine's groups; those holding both ends of a run that might reach 13 joined."""
        groups = self.engine.components(x, wilds)
        if len(groups) == 1:
            return groups
        for r, reading in enumerate(self.readings):
            far = [0, 0]
            for s in range(2):
                for d, q in enumerate(self.sides[2 * r + s], 1):
                    if (x >> (q << 2)) & 15:
                        far[s] = d
            if reading.length + far[0] + far[1] < 13 or not far[0] or not far[1]:
                continue
            touched = [
                g
                for g in groups
                if any((g >> (q << 2)) & 15 for q in self.sides[2 * r] + self.sides[2 * r + 1])
            ]
            if len(touched) > 1:
                groups = [g for g in groups if g not in touched]
                groups.append(sum(touched))
        return groups

    def vector(self, x: int, wilds: int) -> list[int]:
        n = _count(x)
        return [self.value(x, n, w, 0) for w in range(min(wilds, 2 * n) + 1)]

    def cost(self, x: int, wilds: int) -> int:
        """Least scaled cost of the naturals ``x`` with ``wilds`` wilds (not charged)."""
        if len(self.memo) > _Engine.memo_limit:
            self.memo.clear()
        if not x:
            return 0
        return _combine_cost([self.vector(g, wilds) for g in self.groups(x, wilds)], wilds)

    def plan(self, x: int, wilds: int) -> tuple[_Plan, list[tuple[int, list[int], int, int]]]:
        """An optimal plan: own melds, and blocks as (side, naturals, need, length)."""
        plan = _Plan()
        blocks: list[tuple[int, list[int], int, int]] = []
        if not x:
            return plan, blocks
        groups = self.groups(x, wilds)
        _, given = _combine([self.vector(g, wilds) for g in groups], wilds)
        engine = self.engine
        for group, w in zip(groups, given, strict=True):
            x, n, t = group, _count(group), 0
            target = self.value(x, n, w, t)
            while x:
                w = min(w, 2 * n)
                b = (x & -x).bit_length() - 1
                p = b >> 2
                rest = x - (1 << (b & ~3))
                if engine.cost[p] + self.value(rest, n - 1, w, t) == target:
                    plan.unmelded.append(p)
                    x, n, target = rest, n - 1, target - engine.cost[p]
                    continue
                chosen = next(
                    o
                    for o in self.options(x, p, rest, w, t)
                    if self.value(o[0], n - o[1], w - o[2], o[3]) == target
                )
                y, m, need, t2, kind, direction = chosen
                naturals = _positions(x - y)
                if kind is None:
                    k = ((t2 ^ t).bit_length() - 1) >> 2
                    blocks.append((k, naturals, need, (t2 >> (4 * k)) & 15))
                else:
                    plan.cores.append(_Core(kind, naturals, direction, need))
                x, n, w, t = y, n - m, w - need, t2
        return plan, blocks


@dataclass(slots=True)
class _LayOffFound:
    """The best way found to lay off: enough to rebuild the arrangement."""

    x: int  # the naturals (wild-rank cards standing for themselves included)
    acting_wild: int
    sets: _SetChoice
    runs: tuple[_RunChoice, ...]  # the blocks chosen (empty when ``search`` chose them)
    rest: int  # the naturals left for the hand's melds (and the blocks, with ``search``)
    wilds: int  # the wilds left for them
    room: int  # on the table for spare wilds
    search: _TableSearch | None = None


def _naturals_cost(costs: Sequence[int], x: int) -> int:
    total = 0
    while x:
        b = (x & -x).bit_length() - 1
        p = b >> 2
        count = (x >> (p << 2)) & 15
        total += costs[p] * count
        x -= count << (p << 2)
    return total


def _run_combos(
    per_run: Sequence[list[_RunChoice]], x: int, w: int
) -> Iterator[tuple[int, int, int, int, tuple[_RunChoice, ...]]]:
    """(naturals left, cards taken, wilds needed, room, choices): one choice per table run."""

    def walk(
        i: int, x: int, count: int, need: int, room: int, chosen: tuple[_RunChoice, ...]
    ) -> Iterator[tuple[int, int, int, int, tuple[_RunChoice, ...]]]:
        if i == len(per_run):
            yield x, count, need, room, chosen
            return
        for choice in per_run[i]:
            if need + choice.need > w:
                continue
            if choice.count and any(_field(x, p) == 0 for _, p in choice.left + choice.right):
                continue
            yield from walk(
                i + 1,
                x - choice.mask,
                count + choice.count,
                need + choice.need,
                room + choice.room,
                (*chosen, choice),
            )

    yield from walk(0, x, 0, 0, 0, ())


# -- the public solver ------------------------------------------------------------------------

_ENGINES: dict[tuple[Rules, Rank], _Engine] = {}
_SOLVERS: dict[tuple[Rules, int], HandSolver] = {}
_CACHE_LIMIT = 512
_TABLE_CACHE_LIMIT = 64  # per engine: tables read, and engines with free positions


def _engine_for(rules: Rules, wild_rank: Rank) -> _Engine:
    engine = _ENGINES.get((rules, wild_rank))
    if engine is None:
        if len(_ENGINES) >= _CACHE_LIMIT:
            _ENGINES.clear()
        engine = _ENGINES[rules, wild_rank] = _Engine(rules, wild_rank)
    return engine


class HandSolver:
    """Exact solver for one rule set and one round (its wild rank and contract).

    Cheap to build: the tables and the memo live in an engine shared by every
    solver with the same rules and wild rank. Methods take hands as sequences of
    :class:`Card` (a multiset: duplicates are normal).

    >>> from threethirteen.rules import get_rules
    >>> solver = HandSolver.for_round(get_rules("bga"), 11)  # Kings and jokers wild
    >>> solver.deadwood(parse_cards("QH KS AH 9S 10S JS 4C 4D JK 7D"))
    7
    >>> first = HandSolver.for_round(get_rules("bga"), 1)  # 3 cards, 3s wild
    >>> print(first.going_out(parse_cards("QH KH AH")))
    [QH KH AH] (deadwood 0)
    >>> first.going_out(parse_cards("KH AH 2H")) is None
    True
    """

    def __init__(self, rules: Rules, spec: RoundSpec) -> None:
        self.rules = rules
        self.spec = spec
        self._engine = _engine_for(rules, spec.wild_rank)

    @classmethod
    def for_round(cls, rules: Rules, number: int) -> HandSolver:
        """The (cached) solver of round ``number``; raises :class:`RulesError` for a bad round."""
        solver = _SOLVERS.get((rules, number))
        if solver is None:
            if len(_SOLVERS) >= _CACHE_LIMIT:
                _SOLVERS.clear()
            solver = _SOLVERS[rules, number] = cls(rules, rules.round_spec(number))
        return solver

    @property
    def wild_rank(self) -> Rank:
        return self.spec.wild_rank

    def is_wild(self, card: Card) -> bool:
        """Jokers and cards of the round's wild rank."""
        return card.rank is None or card.rank is self.spec.wild_rank

    def penalty(self, card: Card) -> int:
        """The penalty of ``card`` left unmelded in this round."""
        return self.rules.card_penalty(card, self.spec.wild_rank)

    def meld_kind(self, cards: Sequence[Card]) -> MeldKind | None:
        """:func:`meld_kind` in this round."""
        return meld_kind(cards, self.rules, self.spec.wild_rank)

    # -- lowest deadwood -------------------------------------------------------------------------

    def solve(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> Arrangement:
        """The lowest deadwood of ``cards`` and one arrangement that reaches it.

        ``table`` holds melds already on the table; with ``rules.lay_off`` cards
        may be laid off onto them (otherwise it is ignored). Raises
        :class:`ThreeThirteenError` for a hand with more than 15 copies of a card.

        >>> from threethirteen.rules import get_rules
        >>> solver = HandSolver.for_round(get_rules("classic"), 1)  # 3s wild
        >>> print(solver.solve(parse_cards("3C 5H 7H 9D")))
        [5H 3C 7H] 9D (deadwood 9)
        """
        if self.rules.lay_off and table:
            return self._solve_lay_off(cards, tuple(table))
        return self._arrange(cards)

    def deadwood(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> int:
        """The lowest deadwood of ``cards`` (the number :meth:`solve` reports), fast."""
        if self.rules.lay_off and table:
            return self._lay_off(cards, tuple(table)) // _SCALE
        return self._engine.cost_of(cards) // _SCALE

    def _arrange(self, cards: Sequence[Card]) -> Arrangement:
        engine = self._engine
        hand = engine.split(cards)
        plan, x = engine.plan(hand)
        melds, unmelded, deadwood, _ = engine.materialise(plan, x, hand)
        return Arrangement(tuple(melds), tuple(unmelded), deadwood)

    # -- laying off ----------------------------------------------------------------------------

    def _lay_off(self, cards: Sequence[Card], table: tuple[Meld, ...]) -> int:
        """The least scaled cost of ``cards`` when they may be laid off onto ``table``."""
        engine = self._engine
        return engine.lay_off_cost(engine.split(cards), engine.lay_off_table(table))[0]

    def _lay_off_read(self, cards: Sequence[Card], table: _LayOffTable) -> int:
        engine = self._engine
        return engine.lay_off_cost(engine.split(cards), table)[0]

    def _solve_lay_off(self, cards: Sequence[Card], table: tuple[Meld, ...]) -> Arrangement:
        """Best arrangement when cards may also be laid off onto ``table``.

        The engine finds the cost and the choices (see :meth:`_Engine.lay_off_cost`);
        the hand left is arranged by the engine with free naturals, whose "unmelded"
        free naturals go onto the table sets, and the blocks onto the table runs.
        """
        engine = self._engine
        hand = engine.split(cards)
        info = engine.lay_off_table(table)
        _, found = engine.lay_off_cost(hand, info)
        sub = engine.free_engine(found.sets.free)
        searched: _Plan | None = None
        if found.search is not None:
            searched = self._blocks_found(found, found.search)
        wild_rank = self.spec.wild_rank
        # The wilds acting as wilds, dearest first: the blocks on the table runs take those.
        pool = [JOKER] * hand.jokers
        for s in range(4):
            acting = hand.wild_rank_cards[s] - _field(found.x, engine.wild_index + s)
            pool += [Card(wild_rank, _SUITS[s])] * acting
        pool.sort(key=lambda c: (-self.penalty(c), c.sort_key()))
        need = sum(choice.need for choice in found.runs)
        fills = iter(pool[:need])
        counts = [_field(found.rest, engine.wild_index + s) for s in range(4)]
        for card in pool[need:]:
            if card.rank is not None:
                counts[_SUIT_INDEX[id(card.suit)]] += 1
        rest = _Hand(
            found.rest,
            _count(found.rest),
            _naturals_cost(sub.cost, found.rest),
            sum(1 for card in pool[need:] if card.rank is None),
            counts,
        )
        if searched is not None:
            plan = searched
            sub._absorb_unrestricted(
                plan, rest.jokers + sum(counts) - sum(c.wilds for c in plan.cores)
            )
            if plan.unmelded_wilds and not plan.cores:
                plan.table_wilds = min(found.room, plan.unmelded_wilds)
                plan.unmelded_wilds -= plan.table_wilds
        elif engine.unrestricted:
            plan = sub._plan_fast(rest)
            if plan.unmelded_wilds and not plan.cores:
                plan.table_wilds = min(found.room, plan.unmelded_wilds)
                plan.unmelded_wilds -= plan.table_wilds
        else:
            plan = sub._plan_restricted(
                found.rest, hand.jokers, found.acting_wild, found.wilds, found.room
            )
        free = [p for p in plan.unmelded if sub.cost[p] == 0]
        plan.unmelded = [p for p in plan.unmelded if sub.cost[p] != 0]
        melds, unmelded, deadwood, spare = sub.materialise(plan, found.rest, rest)

        on_sets: dict[int, list[Card]] = {}
        for index, p in found.sets.forced:
            on_sets.setdefault(index, []).append(_CARD_AT[p])
        where = dict(reversed(found.sets.ranks))  # rank -> the first set read as it
        for p in free:
            on_sets.setdefault(where[p // 4 + 1], []).append(_CARD_AT[p])
        for index, room in found.sets.rooms:
            if spare and room > 0:
                on_sets.setdefault(index, []).extend(spare[:room])
                spare = spare[room:]
        laid: list[tuple[int, tuple[Card, ...]]] = [
            (index, tuple(sorted(added, key=Card.sort_key))) for index, added in on_sets.items()
        ]
        for choice in found.runs:
            reading = choice.reading
            if reading is None:
                continue
            at = dict(choice.left)
            left = [
                _CARD_AT[at[d]] if d in at else next(fills) for d in range(choice.left_len, 0, -1)
            ]
            at = dict(choice.right)
            right = [
                _CARD_AT[at[d]] if d in at else next(fills) for d in range(1, choice.right_len + 1)
            ]
            take = min(choice.room, len(spare))
            if take:
                before = reading.spread(choice.left_len, choice.right_len, take)
                left = spare[:before] + left
                right += spare[before:take]
                spare = spare[take:]
            if left or right:
                laid.append((reading.index, (*left, *right)))
        assert not spare, "lay-off plan lost its wilds"
        laid.sort(key=lambda item: item[0])
        return Arrangement(tuple(melds), tuple(unmelded), deadwood, tuple(laid))

    def _blocks_found(self, found: _LayOffFound, search: _TableSearch) -> _Plan:
        """Plan the search's choice; ``found`` is given the blocks and what they leave."""
        plan, blocks = search.plan(found.rest, found.wilds)
        by_side: dict[int, tuple[list[int], int, int]] = {
            k: (naturals, need, length) for k, naturals, need, length in blocks
        }
        runs = []
        rest, wilds = found.rest, found.wilds
        room = sum(r for _, r in found.sets.rooms)
        for r, reading in enumerate(search.readings):
            sides = []
            for k in (2 * r, 2 * r + 1):
                naturals, need, length = by_side.get(k, ([], 0, 0))
                positions = search.sides[k]
                sides.append((tuple((positions.index(p) + 1, p) for p in naturals), need, length))
            (lt, ln, ll), (rt, rn, rl) = sides
            taken = [p for _, p in lt + rt]
            mask = sum(1 << (p << 2) for p in taken)
            run_room = 0
            if reading.naturals or self.rules.all_wild_melds or lt or rt:
                run_room = reading.room(ll, rl, ln + rn, self.rules.max_wilds_per_meld)
            runs.append(_RunChoice(reading, lt, ll, rt, rl, mask, len(taken), ln + rn, run_room))
            rest -= mask
            wilds -= ln + rn
            room += run_room
        found.runs = tuple(runs)
        found.rest, found.wilds, found.room = rest, wilds, min(room, 255)
        return plan

    # -- discards and going out ----------------------------------------------------------------

    def _check_size(self, cards: Sequence[Card], size: int, what: str) -> None:
        if len(cards) != size:
            raise ThreeThirteenError(
                f"{what} needs a hand of {size} cards in round {self.spec.number} "
                f"(hand size {self.spec.hand_size}), got {len(cards)}: {format_cards(cards)!r}"
            )

    def discards(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> list[DiscardChoice]:
        """Every distinct discard from a hand that just drew, with the best arrangement after it.

        ``cards`` must hold ``hand_size + 1`` cards; raises :class:`ThreeThirteenError`
        otherwise. Choices come in card order (suit, then rank, jokers last).
        ``table`` (with ``rules.lay_off``) lets the arrangements lay off.
        """
        self._check_size(cards, self.spec.hand_size + 1, "discards()")
        # A snapshot: arrangements are built later, and the caller may change its list.
        hand_cards = tuple(cards)
        engine = self._engine
        # Every discard is weighed now, sharing the memo; arrangements are built on demand.
        costs = engine.discard_costs(engine.split(hand_cards))
        contract = self.spec.contract
        needs_contract = contract is not None and (contract.sets > 0 or contract.runs > 0)
        on_table = tuple(table)
        read = engine.lay_off_table(on_table) if self.rules.lay_off and table else None
        choices = []
        for key in sorted(costs, key=_card_order):
            card = JOKER if key == _JOKER_KEY else _CARD_AT[key]
            cost = costs[key]
            if cost == 0 and (not needs_contract or self._goes_out(_without(hand_cards, card))):
                make = functools.partial(self._going_out_after, hand_cards, card)
                choices.append(DiscardChoice(card, make, True, 0))
            elif read is not None:
                rest = _without(hand_cards, card)
                make = functools.partial(self._solve_lay_off, rest, on_table)
                cost = self._lay_off_read(rest, read)
                choices.append(DiscardChoice(card, make, False, cost // _SCALE))
            else:
                make = functools.partial(self._arrange_after, hand_cards, card)
                choices.append(DiscardChoice(card, make, False, cost // _SCALE))
        return choices

    def _arrange_after(self, cards: Sequence[Card], discard: Card) -> Arrangement:
        return self._arrange(_without(cards, discard))

    def _going_out_after(self, cards: Sequence[Card], discard: Card) -> Arrangement:
        arrangement = self._going_out_unchecked(_without(cards, discard))
        assert arrangement is not None
        return arrangement

    def best_discard(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> DiscardChoice:
        """The best discard: one that goes out if any; else the lowest deadwood after it.

        Ties go to discarding the highest-penalty card, then to the first in card
        order. Raises :class:`ThreeThirteenError` unless ``cards`` holds
        ``hand_size + 1`` cards.
        """
        return min(self.discards(cards, table), key=self._discard_key)

    def _discard_key(self, choice: DiscardChoice) -> tuple[bool, int, int, tuple[int, int]]:
        card = choice.discard
        return (not choice.can_go_out, choice.deadwood, -self.penalty(card), card.sort_key())

    def going_out(self, cards: Sequence[Card]) -> Arrangement | None:
        """An arrangement melding every card and meeting the round's contract, or None.

        For a hand of ``hand_size`` cards (what is left after the going-out
        discard); raises :class:`ThreeThirteenError` for another size.
        """
        self._check_size(cards, self.spec.hand_size, "going_out()")
        return self._going_out_unchecked(cards)

    def _goes_out(self, cards: Sequence[Card]) -> bool:
        engine = self._engine
        if engine.cost_of(cards) != 0:
            return False
        contract = self.spec.contract
        if contract is None or (contract.sets == 0 and contract.runs == 0):
            return True
        hand = engine.split(cards)
        return any(
            engine._contract(x, hand.jokers + acting_wild, contract.sets, contract.runs)
            for x, _, acting_wild in engine.acting_choices(hand)
        )

    def _going_out_unchecked(self, cards: Sequence[Card]) -> Arrangement | None:
        if not self._goes_out(cards):
            return None
        contract = self.spec.contract
        if contract is None or (contract.sets == 0 and contract.runs == 0):
            return self._arrange(cards)
        engine = self._engine
        hand = engine.split(cards)
        found = engine.contract_plan(hand, contract)
        assert found is not None
        plan, x = found
        melds, unmelded, deadwood, _ = engine.materialise(plan, x, hand)
        return Arrangement(tuple(melds), tuple(unmelded), deadwood)

    def can_go_out(self, cards: Sequence[Card]) -> bool:
        """Can a hand that just drew (``hand_size + 1`` cards) discard one card and go out?"""
        self._check_size(cards, self.spec.hand_size + 1, "can_go_out()")
        engine = self._engine
        costs = engine.discard_costs(engine.split(cards))
        contract = self.spec.contract
        if contract is None or (contract.sets == 0 and contract.runs == 0):
            return 0 in costs.values()
        return any(
            self._goes_out(_without(cards, JOKER if key == _JOKER_KEY else _CARD_AT[key]))
            for key, cost in costs.items()
            if cost == 0
        )


_JOKER_KEY = 52


def _card_order(key: int) -> int:
    """Sort key of a discard key: card order (suit, then rank), jokers last."""
    return 1 << 8 if key == _JOKER_KEY else _suit_major(key)


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


def _text(cards: Iterable[Card]) -> str:
    return format_cards(cards) if isinstance(cards, Sequence) else "the given hand"


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=Card.sort_key))


# -- module-level conveniences ----------------------------------------------------------------


def solve(
    cards: Sequence[Card] | str, rules: Rules, round_number: int, table: Sequence[Meld] = ()
) -> Arrangement:
    """:meth:`HandSolver.solve` for round ``round_number``; cards may be notation.

    >>> from threethirteen.rules import get_rules
    >>> solve("5H 6H JK 9C", get_rules("bga"), 2).deadwood
    9
    """
    hand = parse_cards(cards) if isinstance(cards, str) else cards
    return HandSolver.for_round(rules, round_number).solve(hand, table)


def best_discard(cards: Sequence[Card] | str, rules: Rules, round_number: int) -> DiscardChoice:
    """:meth:`HandSolver.best_discard` for round ``round_number``; cards may be notation."""
    hand = parse_cards(cards) if isinstance(cards, str) else cards
    return HandSolver.for_round(rules, round_number).best_discard(hand)
