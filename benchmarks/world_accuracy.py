"""How well sampled worlds guess the other hands: fair deals, biased deals, inferred worlds.

A search bot is only as good as its worlds. This benchmark measures them
directly, without playing a search (far cheaper, and far less noisy, than a
strength screen):

1. ``--bot`` (seat 0) plays ``--matches`` whole matches against
   ``--opponents``; at about one in three of seat 0's discard decisions (before
   anyone has gone out) the real position is kept.
2. At each position, worlds are drawn from seat 0's view three ways: a fair
   deal (:func:`threethirteen.games.three_thirteen.worlds.sample_world`, ``bias=0``), a deal
   weighted by the opponents' takes and refusals (``bias=1``, what
   ``montecarlo`` uses), and :func:`threethirteen.games.three_thirteen.inference.infer_worlds`
   (``--proposals`` proposals a decision, ``--worlds`` kept).
3. The figure is the *hit rate*: the share of each opponent's hidden cards
   (its hand less the cards it is known to hold) that a world puts in that
   opponent's hand, averaged over the worlds and positions; the paired
   difference of two samplers is printed with one standard error. The chance
   level is about the hidden cards' share of all unseen cards.

Run: ``python benchmarks/world_accuracy.py`` (about a minute on two cores
with the defaults; ``--help`` for the options). The figures depend only on the
options, not on ``--workers``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from screening import MatchOptions, add_match_options, mean_and_error
from threethirteen.bots.base import decisions
from threethirteen.games.three_thirteen.inference import infer_worlds
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.state import MatchState, Phase
from threethirteen.games.three_thirteen.views import PlayerView, known_holdings
from threethirteen.games.three_thirteen.worlds import sample_world

SAMPLERS = ("fair", "biased", "inferred")


@dataclass(frozen=True)
class Options(MatchOptions):
    worlds: int
    proposals: int
    sharpness: float
    take_sharpness: float


@dataclass(frozen=True)
class Row:
    turn: int
    hits: tuple[float, ...]  # one hit rate a sampler, in SAMPLERS order
    seconds: tuple[float, ...]


def hit_rate(view: PlayerView, truth: MatchState, worlds: Sequence[MatchState]) -> float | None:
    """The share of the other seats' hidden cards the worlds put in the right hands."""
    known = known_holdings(view)
    hidden = [Counter(truth.hand(s)) - known[s] for s in range(view.players) if s != view.seat]
    size = sum(sum(h.values()) for h in hidden)
    if not size:
        return None
    seats = [s for s in range(view.players) if s != view.seat]
    hits = 0
    for world in worlds:
        for seat, real in zip(seats, hidden, strict=True):
            hits += sum(((Counter(world.hand(seat)) - known[seat]) & real).values())
    return hits / size / len(worlds)


def draw(sampler: str, view: PlayerView, rng: random.Random, options: Options) -> list[MatchState]:
    """The worlds one sampler draws for ``view``."""
    if sampler == "inferred":
        return infer_worlds(
            view,
            rng,
            options.worlds,
            options.proposals,
            sharpness=options.sharpness,
            take_sharpness=options.take_sharpness,
        )
    bias = 1.0 if sampler == "biased" else 0.0
    return [sample_world(view, rng, bias) for _ in range(options.worlds)]


def measure_match(job: tuple[Options, int]) -> list[Row]:
    options, seed = job
    rules = get_rules(options.rules)
    state = MatchState.new(rules, options.players, seed=seed)
    bots = options.bots(seed)
    pick = random.Random(seed)
    rows: list[Row] = []
    for decision in decisions(state, bots):
        view = decision.view
        if (
            decision.seat != 0
            or view.phase is not Phase.DISCARD
            or view.out_seat is not None
            or pick.random() > 1 / 3
        ):
            continue
        hits: list[float] = []
        seconds: list[float] = []
        for sampler in SAMPLERS:
            start = time.process_time()
            worlds = draw(sampler, view, random.Random(seed * 1000 + view.turn), options)
            seconds.append(time.process_time() - start)
            rate = hit_rate(view, state, worlds)
            if rate is None:
                break
            hits.append(rate)
        if len(hits) == len(SAMPLERS):
            rows.append(Row(view.turn, tuple(hits), tuple(seconds)))
    return rows


def _line(label: str, values: Sequence[float]) -> str:
    mean, error = mean_and_error(values)
    return f"{label:<34} {mean:>8.4f} {error:>8.4f}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_match_options(parser, matches=6, seed=1000)
    parser.add_argument("--worlds", type=int, default=16, help="worlds a position and sampler")
    parser.add_argument("--proposals", type=int, default=64, help="proposals of infer_worlds")
    parser.add_argument("--sharpness", type=float, default=2.0, help="of the discard model")
    parser.add_argument("--take-sharpness", type=float, default=3.0, help="of the take model")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.worlds < 1 or args.proposals < 1:
        parser.error("--matches, --worlds and --proposals must be 1 or more")
    options = Options(
        args.rules,
        args.players,
        args.bot,
        args.opponents,
        args.worlds,
        args.proposals,
        args.sharpness,
        args.take_sharpness,
    )
    start = time.perf_counter()
    jobs = [(options, args.seed + m) for m in range(args.matches)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for part in pool.map(measure_match, jobs) for row in part]
    if not rows:
        parser.error("no positions kept: play more --matches")
    print(
        f"{args.bot} (seat 0) against {args.opponents}, {args.rules}, {args.players} players: "
        f"{len(rows)} positions from {args.matches} matches, {args.worlds} worlds each, "
        f"{args.proposals} proposals; {time.perf_counter() - start:.0f} s on "
        f"{args.workers} workers"
    )
    print(f"{'hit rate (share of hidden cards)':<34} {'mean':>8} {'std err':>8}")
    for i, name in enumerate(SAMPLERS):
        print(_line(name, [r.hits[i] for r in rows]))
    for label, late in (("turns 0-7", False), ("turns 8 on", True)):
        part = [r for r in rows if (r.turn >= 8) is late]
        if part:
            print(f"{label}: {len(part)} positions")
            for i, name in enumerate(SAMPLERS):
                print(_line(f"  {name}", [r.hits[i] for r in part]))
    for i, j in ((2, 1), (1, 0)):
        diffs = [r.hits[i] - r.hits[j] for r in rows]
        print(_line(f"{SAMPLERS[i]} - {SAMPLERS[j]} (paired)", diffs))
    print(
        "ms a position (all worlds): "
        + ", ".join(
            f"{name} {1000 * statistics.mean(r.seconds[i] for r in rows):.1f}"
            for i, name in enumerate(SAMPLERS)
        )
    )


if __name__ == "__main__":
    main()
