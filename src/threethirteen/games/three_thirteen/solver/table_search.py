"""Laying off, part two: the exact search with blocks laid off onto table runs.

Without wild restrictions, when each table run has one reading, the blocks a
hand lays off onto the table runs are one more option of the memoised search for
the lowest card (:class:`TableSearch`), so one search chooses them with the
hand's own melds. :mod:`.layoff` decides when it applies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from threethirteen.games.three_thirteen.solver.encoding import card_count, card_positions
from threethirteen.games.three_thirteen.solver.melds import MeldKind
from threethirteen.games.three_thirteen.solver.plans import Core, Plan
from threethirteen.games.three_thirteen.solver.readings import RunReading
from threethirteen.games.three_thirteen.solver.search import Engine
from threethirteen.games.three_thirteen.solver.vectors import combine, combine_cost

__all__ = ["TableSearch"]


class TableSearch:
    """The search without wild restrictions, with blocks laid off onto table runs.

    ``value(x, n, w, t)`` is the fast search's ``f`` (the lowest natural unmelded, in a
    set or the lowest card of a run) with one more kind of option: the lowest natural
    and some others of its suit make a block on a side of a table run, as the naturals
    of the block nearest to the table or not. ``t`` holds each side's block length (4
    bits a side; 0 while unused): a side takes one block, and a run with both ends
    extended stays within 13 cards. Blocks are pruned as in :func:`side_options`, so
    the naturals of one block always fall in one group of :meth:`Engine.components`
    and the groups are still solved apart, each from ``t = 0``, except groups holding
    both ends of a run that might pass 13 cards.
    """

    def __init__(self, engine: Engine, readings: tuple[RunReading, ...]) -> None:
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
        The blocks :func:`side_options` drops are left out.
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
        """The search proper, as :meth:`Engine._build_fast` (callers look the memo up).

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
        n = card_count(x)
        return [self.value(x, n, w, 0) for w in range(min(wilds, 2 * n) + 1)]

    def cost(self, x: int, wilds: int) -> int:
        """Least scaled cost of the naturals ``x`` with ``wilds`` wilds (not charged)."""
        if len(self.memo) > Engine.memo_limit:
            self.memo.clear()
        if not x:
            return 0
        return combine_cost([self.vector(g, wilds) for g in self.groups(x, wilds)], wilds)

    def plan(self, x: int, wilds: int) -> tuple[Plan, list[tuple[int, list[int], int, int]]]:
        """An optimal plan: own melds, and blocks as (side, naturals, need, length)."""
        plan = Plan()
        blocks: list[tuple[int, list[int], int, int]] = []
        if not x:
            return plan, blocks
        groups = self.groups(x, wilds)
        _, given = combine([self.vector(g, wilds) for g in groups], wilds)
        engine = self.engine
        for group, w in zip(groups, given, strict=True):
            x, n, t = group, card_count(group), 0
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
                naturals = card_positions(x - y)
                if kind is None:
                    k = ((t2 ^ t).bit_length() - 1) >> 2
                    blocks.append((k, naturals, need, (t2 >> (4 * k)) & 15))
                else:
                    plan.cores.append(Core(kind, naturals, direction, need))
                x, n, w, t = y, n - m, w - need, t2
        return plan, blocks
