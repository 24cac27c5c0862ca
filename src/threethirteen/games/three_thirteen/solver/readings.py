"""Laying off, part one: how the melds on the table may be read and extended.

Cards laid off onto the table's melds count as melded. A table set of rank R takes any
natural of rank R and needs no wild for it, so those naturals are *free*: an engine
whose cost for them is 0 leaves them out of the hand's melds (that is, lays them off)
unless a hand meld wants them. A table run takes a block of cards at either end, each
position a natural of its suit or a wild. This module reads a table
(:class:`LayOffTable`: each set as the ranks it may be, each run as the suit and
place it may lie on) and lists what each table meld may take from a hand;
:mod:`.table_search` and :mod:`.layoff` search with it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, Rank
from threethirteen.games.three_thirteen.rules import AceMode, Rules
from threethirteen.games.three_thirteen.solver.encoding import SUITS, field_at
from threethirteen.games.three_thirteen.solver.melds import Meld, MeldKind
from threethirteen.games.three_thirteen.solver.search import Engine
from threethirteen.games.three_thirteen.solver.validity import (
    line_bounds,
    ordered_run_wilds,
    rank_at,
    windows,
)

__all__ = [
    "LayOffTable",
    "RunChoice",
    "RunReading",
    "SetChoice",
    "SetReading",
    "Side",
    "side_options",
]


@dataclass(frozen=True, slots=True)
class SetReading:
    """A table set read as a set of ``rank`` (1..13), with its counts as such."""

    index: int  # of the meld on the table
    rank: int
    naturals: int
    wilds: int


@dataclass(frozen=True, slots=True)
class RunReading:
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
class RunChoice:
    """What one table run takes: blocks of ``(distance, p)`` naturals at each end."""

    reading: RunReading | None  # None: the run is left alone
    left: tuple[tuple[int, int], ...]
    left_len: int
    right: tuple[tuple[int, int], ...]
    right_len: int
    mask: int  # the naturals taken, encoded
    count: int
    need: int  # wilds filling the other positions of the blocks
    room: int  # wilds it could take on top


@dataclass(frozen=True, slots=True)
class SetChoice:
    """A reading of every table set: free positions, naturals laid off explicitly, room."""

    free: frozenset[int]
    forced: tuple[tuple[int, int], ...]  # (table index, p): a set needing a natural gets one
    forced_mask: int
    ranks: tuple[tuple[int, int], ...]  # (rank, table index): where free naturals go
    rooms: tuple[tuple[int, int], ...]  # (table index, wilds it may still take)


# A side option: naturals taken as (distance, p), how many, wilds needed, length, mask.
Side = tuple[tuple[tuple[int, int], ...], int, int, int, int]


def side_options(ps: Sequence[int], x: int, limit: int, prune: bool) -> list[Side]:
    """Blocks at one end of a table run: positions ``ps`` (nearest first), naturals from ``x``.

    A block ends with a natural (spare wilds are the table's room); it needs a wild for
    each other position, at most ``limit``. With ``prune`` (no wild restrictions) two
    kinds are dropped, as something else is as good: blocks needing 2 * m wilds or more
    for m naturals (each natural with two wilds is a set in hand) and blocks with four
    wilds or more before a natural (those beyond make a run in hand for fewer wilds).
    """
    out: list[Side] = [((), 0, 0, 0, 0)]

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


class LayOffTable:
    """The readings of a table's melds, for one engine (rules and wild rank)."""

    def __init__(self, engine: Engine, table: tuple[Meld, ...]) -> None:
        self.engine = engine
        rules, wild_rank = engine.rules, engine.wild_rank
        self.sets: list[list[SetReading]] = []
        self.runs: list[list[RunReading]] = []
        for index, meld in enumerate(table):
            if meld.kind is MeldKind.SET:
                self.sets.append(self._set_readings(index, meld.cards, wild_rank))
            else:
                self.runs.append(self._run_readings(index, meld.cards, rules, wild_rank))
        # The readings of the table runs when none has two (runs that cannot be extended
        # left out); else None.
        self.single: tuple[RunReading, ...] | None = None
        if all(len(readings) <= 1 for readings in self.runs):
            self.single = tuple(readings[0] for readings in self.runs if readings)

    def _set_readings(self, index: int, cards: Sequence[Card], wild_rank: Rank) -> list[SetReading]:
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
                readings.append(SetReading(index, rank, naturals, wilds))
        return readings

    def _run_readings(
        self, index: int, cards: Sequence[Card], rules: Rules, wild_rank: Rank
    ) -> list[RunReading]:
        cap = self.engine.cap
        length = len(cards)
        readings: list[RunReading] = []
        if not 3 <= length <= 13:
            return readings
        wrap = rules.aces is AceMode.WRAP
        lo, hi = line_bounds(rules.aces)
        # A natural card fixes the suit and the start (two starts for an ace, either way).
        anchor = next(
            ((i, c) for i, c in enumerate(cards) if c.rank is not None and c.rank is not wild_rank),
            None,
        )
        for s, suit in enumerate(SUITS):
            if anchor is not None and anchor[1].suit is not suit:
                continue
            for start in windows(rules.aces, length):
                if anchor is not None and rank_at(start + anchor[0]) != anchor[1].rank:
                    continue
                counts = ordered_run_wilds(cards, suit, start, wild_rank)
                if counts is None or (cap is not None and counts[1] > cap):
                    continue
                end = start + length - 1
                left_bound = 13 if wrap else start - lo
                right_bound = 13 if wrap else hi - end
                most = 13 - length
                left = tuple(
                    (rank_at(start - d) - 1) * 4 + s for d in range(1, min(left_bound, most) + 1)
                )
                right = tuple(
                    (rank_at(end + d) - 1) * 4 + s for d in range(1, min(right_bound, most) + 1)
                )
                readings.append(
                    RunReading(
                        index, start, length, *counts, left, right, left_bound, right_bound, wrap
                    )
                )
        return readings

    def set_choices(self, x: int) -> list[SetChoice]:
        """Every way to read the table sets that matters for naturals ``x``."""
        engine = self.engine
        cap, all_wild = engine.cap, engine.rules.all_wild_melds
        wild = int(engine.wild_rank)
        # Per set: (free rank or 0, forced p or -1, room).
        per_set: list[list[tuple[SetReading | None, int, int]]] = []
        for readings in self.sets:
            options: list[tuple[SetReading | None, int, int]] = []
            plain = False
            for reading in readings:
                rank = reading.rank
                base = (rank - 1) * 4
                if (
                    len(readings) > 1
                    and rank != wild
                    and not any(field_at(x, base + s) for s in range(4))
                ):
                    continue  # read as a rank the hand lacks: no better than the wild rank
                room = 255 if cap is None else cap - reading.wilds
                if reading.naturals or all_wild:
                    options.append((reading, -1, room))
                    plain = True
                else:  # all wild: valid once a natural joins it
                    options += [
                        (reading, base + s, room) for s in range(4) if field_at(x, base + s)
                    ]
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
                field_at(x, p) < sum(1 for _, q in forced if q == p) for _, p in forced
            ):
                continue
            choices.append(
                SetChoice(frozenset(free), tuple(forced), forced_mask, tuple(ranks), tuple(rooms))
            )
        return choices

    def run_choices(self, readings: list[RunReading], x: int, w: int) -> list[RunChoice]:
        """What one table run may take from naturals ``x`` with ``w`` wilds in hand."""
        engine = self.engine
        cap, all_wild = engine.cap, engine.rules.all_wild_melds
        prune = engine.unrestricted
        best: dict[tuple[int, int], RunChoice] = {}
        for reading in readings:
            limit = w if cap is None else min(w, cap - reading.wilds)
            lefts = side_options(reading.left, x, limit, prune)
            rights = side_options(reading.right, x, limit, prune)
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
                        best[key] = RunChoice(
                            reading, lt, ll, rt, rl, lmask + rmask, lm + rm, need, room
                        )
        if (0, 0) not in best:
            best[0, 0] = RunChoice(None, (), 0, (), 0, 0, 0, 0, 0)
        return list(best.values())
