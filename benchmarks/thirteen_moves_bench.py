"""Thirteen's move generator: microseconds a call against the goals and the naive oracle.

Hands are dealt as in a match: a seeded shuffle of the 52-card deck, four 13-card
hands a deal. For each hand it times :func:`threethirteen.games.thirteen.moves.legal_plays`

* ``leading``: an empty table (every combination the hand holds);
* ``following``: a table some other hand of the same deal could have played: a kind
  drawn at random among the kinds that hand can lead, then one of its plays of that
  kind at random (so pairs, triples, 2s and bombs are tables often enough to count).

Each call is the best of ``--runs`` runs; the figures are the median and p99 over the
hands, beside the goals (leading median <= 100 us, following median <= 30 us on one
core). The naive all-subsets generator (:mod:`.moves_reference`, 8,191 subsets for 13
cards) is timed on the first ``--naive-hands`` hands, once each, checked to give the
same plays, and the speed-up is the ratio of medians on those same hands.

A second section plays ``--matches`` whole matches at random (legal actions listed,
one chosen, applied checked: an environment's step) and prints actions, rounds and
matches a second on one core, beside the goal of 15,000 actions a second.

Run: ``python benchmarks/thirteen_moves_bench.py`` (about half a minute; ``--help`` for
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

from threethirteen.cards import Card
from threethirteen.game import Stage
from threethirteen.games.thirteen.cards import deck, sort_cards
from threethirteen.games.thirteen.combos import Combo
from threethirteen.games.thirteen.moves import legal_plays
from threethirteen.games.thirteen.moves_reference import naive_legal_plays
from threethirteen.games.thirteen.state import ThirteenState

GOALS_US = {"leading": 100.0, "following": 30.0}
GOAL_ACTIONS_PER_SECOND = 15_000
RLCARD_DOUDIZHU = 6_668  # turns a second, as RLCard reports for its Dou Dizhu environment
HAND_SIZE = 13
PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Position:
    """One hand to move from, and the table it faces (None: it leads)."""

    hand: tuple[Card, ...]
    table: Combo | None


def deal_positions(hands: int, seed: int) -> tuple[list[Position], list[Position]]:
    """``hands`` leading positions and as many following ones, four hands a deal."""
    rng = random.Random(seed)
    cards = list(deck())
    leading: list[Position] = []
    following: list[Position] = []
    while len(leading) < hands:
        rng.shuffle(cards)
        dealt = [sort_cards(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(PLAYERS)]
        for seat, hand in enumerate(dealt):
            other = dealt[(seat + 1 + rng.randrange(PLAYERS - 1)) % PLAYERS]
            leading.append(Position(hand, None))
            following.append(Position(hand, random_play(other, rng)))
    return leading[:hands], following[:hands]


def random_play(hand: Sequence[Card], rng: random.Random) -> Combo:
    """A play ``hand`` could lead: a kind at random among its kinds, then a play of it."""
    plays = legal_plays(hand, None)
    kind = rng.choice(sorted({play.kind for play in plays}, key=lambda k: k.value))
    return rng.choice([play for play in plays if play.kind is kind])


def time_each(
    generate: Callable[[Position], object], positions: Sequence[Position], runs: int
) -> list[float]:
    """Seconds a call for each position: the best of ``runs`` runs."""
    out = []
    for position in positions:
        best = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            generate(position)
            best = min(best, time.perf_counter() - start)
        out.append(best)
    return out


def fast(position: Position) -> tuple[Combo, ...]:
    return legal_plays(position.hand, position.table)


def naive(position: Position) -> tuple[Combo, ...]:
    return naive_legal_plays(position.hand, position.table)


def percentiles(seconds: Sequence[float]) -> tuple[float, float]:
    """(median, p99) in microseconds."""
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered) * 1e6, p99 * 1e6


def line(label: str, seconds: Sequence[float], goal: float | None = None) -> str:
    median, p99 = percentiles(seconds)
    text = f"  {label:<30} median {median:10.1f}  p99 {p99:10.1f} us"
    if goal is not None:
        text += f"   goal median <= {goal:g} us: {'met' if median <= goal else 'MISSED'}"
    return text


def move_generator(args: argparse.Namespace) -> None:
    """Leading and following, the generator beside the naive oracle."""
    leading, following = deal_positions(args.hands, args.seed)
    for name, positions in (("leading", leading), ("following", following)):
        counts = [len(fast(p)) for p in positions]
        sample = positions[: args.naive_hands]
        for position in sample:
            if fast(position) != naive(position):
                raise AssertionError(f"generator and oracle differ on {position}")
        gc.disable()
        try:
            fast_times = time_each(fast, positions, args.runs)
            naive_times = time_each(naive, sample, 1)
        finally:
            gc.enable()
        print(
            f"\n{name}: {len(positions)} hands, plays a hand: median "
            f"{statistics.median(counts):g}, max {max(counts)}"
        )
        print(line(f"legal_plays, best of {args.runs}", fast_times, GOALS_US[name]))
        if sample:
            ratio = statistics.median(naive_times) / statistics.median(fast_times[: len(sample)])
            print(line(f"naive, first {len(sample)} hands", naive_times))
            print(f"  {'speed-up on those hands':<30} {ratio:10.0f}x (ratio of medians)")


def random_matches(args: argparse.Namespace) -> None:
    """Whole matches at random: every step lists the legal actions and applies one.

    This is what an environment for learning does a step (the legal actions are its
    mask): :meth:`ThirteenState.legal_actions`, a uniform choice, and the checked
    :meth:`ThirteenState.apply`, rounds dealt as they end, matches to the rules'
    target. Timed on one core in the process's CPU time; the goal is 15,000 actions a
    second (RLCard's Dou Dizhu environment does 6,668 turns a second).
    """
    rng = random.Random(args.seed)
    actions = rounds = 0
    gc.disable()
    try:
        started = time.process_time()
        for match in range(args.matches):
            state = ThirteenState.new(None, PLAYERS, seed=args.seed * 1_000 + match)
            while state.stage is not Stage.MATCH_OVER:
                if state.stage is Stage.ROUND_OVER:
                    state.next_round()
                    rounds += 1
                    continue
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
            rounds += 1
        seconds = time.process_time() - started
    finally:
        gc.enable()
    rate = actions / seconds
    print(
        f"\nrandom play: {args.matches} matches of {PLAYERS} players to "
        f"{ThirteenState.new(None, PLAYERS, seed=0).rules.target} points, {rounds} rounds, "
        f"{actions} actions, {seconds:.2f} s CPU"
    )
    print(
        f"  {'actions a second':<30} {rate:10.0f}   goal >= {GOAL_ACTIONS_PER_SECOND:,}: "
        f"{'met' if rate >= GOAL_ACTIONS_PER_SECOND else 'MISSED'} "
        f"({rate / RLCARD_DOUDIZHU:.1f}x RLCard's Dou Dizhu, {RLCARD_DOUDIZHU:,} a second)"
    )
    print(f"  {'matches a second':<30} {args.matches / seconds:10.1f}")
    print(f"  {'rounds a second':<30} {rounds / seconds:10.1f}")


# Each section prints its own figures.
SECTIONS: list[Callable[[argparse.Namespace], None]] = [move_generator, random_matches]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands timed (4000)")
    parser.add_argument("--naive-hands", type=int, default=60, help="hands for naive (60)")
    parser.add_argument("--runs", type=int, default=3, help="runs a call, best kept (3)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deals (2024)")
    parser.add_argument("--matches", type=int, default=200, help="random matches (200)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} CPUs, load average {load:.2f} at the start (other work slows timings)")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}; Thirteen, {PLAYERS} hands of {HAND_SIZE} a deal, seed {args.seed}"
    )
    started = time.perf_counter()
    for section in SECTIONS:
        section(args)
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
