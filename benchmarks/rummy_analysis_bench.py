"""Rummy's hand analysis: microseconds a call against the goal and the naive oracle.

Positions are seeded: a shuffled 52-card deck, a table of ``--melds`` melds laid down
from it (sets of three or four, runs of three to five, no card twice), then an
11-card hand (ten dealt plus the draw) from the rest. For each position it times

* ``deadwood, cold``: :func:`threethirteen.games.rummy.analysis.deadwood` with every
  memo and table forgotten first (so it builds the table's groups too);
* ``deadwood, table known``: the table's groups kept, the memo of counts forgotten
  (a bot meeting a table it has met, with a hand it has not);
* ``analyse, cold``: :func:`~threethirteen.games.rummy.analysis.analyse` (the count,
  an arrangement, every discard weighed, the best one arranged, going out), every
  memo forgotten first.

Each call is the best of ``--runs`` runs; the figures are the median and p99 over the
positions, beside the goal (deadwood median well under 1 ms: <= 1000 us). The naive
all-subsets oracle (:mod:`threethirteen.games.rummy.reference`: every meld and lay-off
in every order) is timed on the first ``--naive-hands`` positions, once each with its
cache cleared, checked to give the same answers, and the speed-up is the ratio of
medians on those same positions.

Run: ``python benchmarks/rummy_analysis_bench.py`` (about ten seconds; ``--help`` for
the sizes). The garbage collector is off while timing, as in :mod:`timeit`.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, standard_deck
from threethirteen.games.rummy import analysis
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.reference import (
    clear_reference_cache,
    reference_analysis,
    reference_deadwood,
)
from threethirteen.games.rummy.rules import Rules

GOAL_US = 1000.0
HAND_SIZE = 11


@dataclass(frozen=True, slots=True)
class Position:
    """A hand after the draw and the melds on the table."""

    hand: tuple[Card, ...]
    table: tuple[Meld, ...]


def deal_positions(count: int, seed: int, melds: int) -> list[Position]:
    """``count`` seeded positions: ``melds`` table melds, then an 11-card hand."""
    rng = random.Random(seed)
    deck = list(standard_deck())
    out: list[Position] = []
    while len(out) < count:
        used: set[Card] = set()
        table: list[Meld] = []
        while len(table) < melds:
            if rng.random() < 0.5:
                rank = rng.choice(deck).rank
                same = [card for card in deck if card.rank is rank]
                cards = rng.sample(same, rng.choice([3, 3, 4]))
            else:
                suit = rng.choice(deck).suit
                start = rng.randrange(1, 12)
                length = rng.randrange(3, 6)
                cards = [
                    card
                    for card in deck
                    if card.suit is suit and start <= int(card.rank or 0) < start + length
                ]
            if len(cards) >= 3 and used.isdisjoint(cards):
                table.append(Meld.of(cards))
                used.update(cards)
        rest = [card for card in deck if card not in used]
        out.append(Position(tuple(rng.sample(rest, HAND_SIZE)), tuple(table)))
    return out


def time_each(
    call: Callable[[Position], object],
    positions: Sequence[Position],
    runs: int,
    before: Callable[[Position], None],
) -> list[float]:
    """Seconds a call for each position: the best of ``runs`` runs, ``before`` each."""
    out = []
    for position in positions:
        best = float("inf")
        for _ in range(runs):
            before(position)
            start = time.perf_counter()
            call(position)
            best = min(best, time.perf_counter() - start)
        out.append(best)
    return out


def forget_all(position: Position) -> None:
    analysis.clear_memo()


def forget_counts(position: Position) -> None:
    analysis.clear_memo(tables=False)
    analysis.deadwood((), position.table)  # the table's groups are built (an empty hand)
    analysis.clear_memo(tables=False)


def forget_naive(position: Position) -> None:
    clear_reference_cache()


def fast_deadwood(position: Position) -> int:
    return analysis.deadwood(position.hand, position.table)


def fast_analyse(position: Position) -> analysis.HandAnalysis:
    return analysis.analyse(position.hand, position.table)


def naive_deadwood(position: Position) -> int:
    return reference_deadwood(position.hand, position.table)


def naive_analyse(position: Position) -> tuple[int, dict[Card, int], bool]:
    return reference_analysis(position.hand, position.table, Rules())


def percentiles(seconds: Sequence[float]) -> tuple[float, float]:
    """(median, p99) in microseconds."""
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered) * 1e6, p99 * 1e6


def line(label: str, seconds: Sequence[float], goal: float | None = None) -> str:
    median, p99 = percentiles(seconds)
    text = f"  {label:<34} median {median:10.1f}  p99 {p99:10.1f} us"
    if goal is not None:
        text += f"   goal median <= {goal:g} us: {'met' if median <= goal else 'MISSED'}"
    return text


def check(sample: Sequence[Position]) -> None:
    """The analysis and the oracle agree on every sampled position."""
    for position in sample:
        fast = fast_analyse(position)
        count, discards, out = naive_analyse(position)
        if (fast.count, dict(fast.discards), fast.can_go_out) != (count, discards, out):
            raise AssertionError(f"analysis and oracle differ on {position}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1000, help="positions timed (1000)")
    parser.add_argument(
        "--naive-hands", type=int, default=20, help="of them, timed with the oracle (20)"
    )
    parser.add_argument("--runs", type=int, default=3, help="runs a call, the best kept (3)")
    parser.add_argument("--melds", type=int, default=4, help="melds on the table (4)")
    parser.add_argument("--seed", type=int, default=40, help="the deal's seed (40)")
    args = parser.parse_args(argv)

    positions = deal_positions(args.hands, args.seed, args.melds)
    sample = positions[: args.naive_hands]
    check(sample)
    print(
        f"Rummy hand analysis: {len(positions)} hands of {HAND_SIZE} cards, {args.melds} "
        f"melds on the table, seed {args.seed}"
    )
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs; one core"
    )
    gc.disable()
    try:
        cold = time_each(fast_deadwood, positions, args.runs, forget_all)
        known = time_each(fast_deadwood, positions, args.runs, forget_counts)
        whole = time_each(fast_analyse, positions, args.runs, forget_all)
        naive_cold = time_each(naive_deadwood, sample, 1, forget_naive)
        naive_whole = time_each(naive_analyse, sample, 1, forget_naive)
    finally:
        gc.enable()
        analysis.clear_memo()
        clear_reference_cache()
    print("\ndeadwood (the count of the whole hand)")
    print(line(f"deadwood, cold, best of {args.runs}", cold, GOAL_US))
    print(line(f"deadwood, table known, best of {args.runs}", known, GOAL_US))
    print("\nanalyse (count, arrangement, every discard, going out)")
    print(line(f"analyse, cold, best of {args.runs}", whole))
    if sample:
        n = len(sample)
        for label, naive, fast in (
            ("deadwood", naive_cold, cold),
            ("analyse", naive_whole, whole),
        ):
            ratio = statistics.median(naive) / statistics.median(fast[:n])
            print(f"\nnaive {label}, first {n} hands (the same positions)")
            print(line(f"naive, first {n} hands", naive))
            print(f"  {'speed-up on those hands':<34} {ratio:10.0f}x (ratio of medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
