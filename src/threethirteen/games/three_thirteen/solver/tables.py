"""The solver's precomputed tables: meld options for the lowest card, and neighbourhoods.

An *option* for the lowest natural card of a hand is ``(mask of the other naturals
it takes, how many naturals in all, wilds needed)``. Set options are tabled by a
rank's 16-bit group; run options by the pattern of same-suit naturals above the
card. Each list is sorted by the wilds it needs, so a search stops at the first
option it cannot pay for. The engine (:mod:`.search`) fills its tables from these
functions as hands need them.

>>> set_options(0x0011)  # one spade and one heart of a rank: 1 or 2 naturals
[(17, 2, 1), (1, 1, 2)]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

__all__ = [
    "NEIGHBOURS",
    "Option",
    "all_wild_usable",
    "by_need",
    "run_options",
    "set_options",
]


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


# By wilds in hand (3 standing for "3 or more"): see Engine.components.
NEIGHBOURS = tuple(_neighbours(w + 1) for w in range(4))
INF = 1 << 60

# An option for the lowest card: (mask of the naturals it takes, how many, wilds needed).
Option = tuple[int, int, int]


def by_need(option: Option) -> int:
    return option[2]


def set_options(group: int) -> list[Option]:
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


def run_options(pattern: int, cyclic: bool, down: bool, prune: bool) -> list[Option]:
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


def all_wild_usable(wilds: int, cap: int | None) -> int:
    """The most of ``wilds`` cards that all-wild melds (3 to ``cap`` cards each) can hold."""
    if cap is not None and cap < 3:
        return 0
    best = 0
    for parts in range(1, wilds // 3 + 1):
        best = max(best, wilds if cap is None else min(wilds, parts * cap))
    return best
