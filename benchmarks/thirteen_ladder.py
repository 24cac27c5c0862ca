"""Thirteen's bot ladder: bot A against bot B in duplicate matches, with timings.

Plays ``--deals`` match seeds at ``--players`` seats (2: A against B; 3 or 4: A against
two or three copies of B). Each seed is played under every rotation of the seats
(duplicate seating: A sits at seat 0, then 1, ...), so every bot gets the same cards
as often, through :func:`threethirteen.bots.match.play_game`. It prints:

* A's **match-win rate** with its 95% Wilson interval (a match A shares counts as a
  win; ``tie_at_top=play-on``, the default, has no shared wins), beside the fair share
  ``1/players``;
* A's **round-win rate** and mean points a round (finer figures for tuning);
* each bot's **decision time**, median and p99, in thread CPU time
  (:func:`time.thread_time`), over every decision it made.

Run: ``python benchmarks/thirteen_ladder.py heuristic simple --players 2 --deals 100``
(``--jobs`` runs seeds in parallel processes; bots take options as in ``make_bot``:
``montecarlo:seconds=0.1``). ``--help`` lists the options.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from threethirteen.bots import make_bot
from threethirteen.bots.match import play_game
from threethirteen.games import get_game

GAME = get_game("thirteen")


class Timed:
    """A bot wrapped to record the thread CPU time of each decision."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: Any) -> Any:
        start = time.thread_time()
        action = self.bot.choose(view)
        self.times.append(time.thread_time() - start)
        return action


@dataclass
class Tally:
    """What the matches of one or more seeds gave, from A's side."""

    matches: int = 0
    wins: float = 0.0
    rounds: int = 0
    round_wins: int = 0
    points: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.matches += other.matches
        self.wins += other.wins
        self.rounds += other.rounds
        self.round_wins += other.round_wins
        self.points += other.points
        for name, times in other.times.items():
            self.times.setdefault(name, []).extend(times)


def play_seed(a: str, b: str, players: int, seed: int, house: list[str]) -> Tally:
    """Every rotation of one seed: A at each seat in turn, B at the others."""
    rules = GAME.rules(None, house)
    tally = Tally()
    for a_seat in range(players):
        specs = [a if seat == a_seat else b for seat in range(players)]
        bots = [
            Timed(make_bot(spec, seed=seed * 10 + seat, game="thirteen"))
            for seat, spec in enumerate(specs)
        ]
        played = play_game(GAME, rules, bots, seed=seed)
        state: Any = played.state
        winners = state.winners()
        tally.matches += 1
        if a_seat in winners:
            tally.wins += 1 / len(winners)
        for result in state.results:
            tally.rounds += 1
            tally.points += result.points[a_seat]
            tally.round_wins += result.winner == a_seat
        for seat, bot in enumerate(bots):
            label = "A " + specs[seat] if seat == a_seat else "B " + specs[seat]
            tally.times.setdefault(label, []).extend(bot.times)
    return tally


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="bot A (a registry name, options after a colon)")
    parser.add_argument("b", help="bot B, at every other seat")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--deals", type=int, default=50, help="match seeds (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="first match seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes (default 1)")
    parser.add_argument(
        "--house", action="append", default=[], help="a house rule, e.g. target=5 (repeatable)"
    )
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.deals)
    total = Tally()
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [
                pool.submit(play_seed, args.a, args.b, args.players, s, args.house) for s in seeds
            ]
            for future in futures:
                total.add(future.result())
    else:
        for s in seeds:
            total.add(play_seed(args.a, args.b, args.players, s, args.house))
    wall = time.perf_counter() - start
    low, high = wilson(total.wins, total.matches)
    print(
        f"{args.a} vs {args.b}, {args.players} players, {args.deals} deals x "
        f"{args.players} seatings = {total.matches} matches ({wall:.0f} s)"
    )
    print(
        f"A match wins: {100 * total.wins / total.matches:.1f}% "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f}%; fair share {100 / args.players:.0f}%)"
    )
    print(
        f"A rounds: {total.rounds}, won {100 * total.round_wins / total.rounds:.1f}%, "
        f"{total.points / total.rounds:.3f} points a round"
    )
    for label, times in sorted(total.times.items()):
        print(
            f"  {label}: {len(times)} decisions, median {1e3 * statistics.median(times):.2f} ms, "
            f"p99 {1e3 * percentile(times, 0.99):.2f} ms, max {1e3 * max(times):.2f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
