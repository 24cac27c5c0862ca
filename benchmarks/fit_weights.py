"""Fit the heuristic's discard weights to randomized play: what each term is really worth.

The ``heuristic`` bot scores each candidate discard with hand-set weights
(:class:`threethirteen.games.three_thirteen.bots.heuristic.Weights`). This benchmark measures the
weights instead. Seat 0 plays the heuristic, except that at a share
``--explore`` of its discards (those with two or more candidates) it throws a
candidate chosen uniformly at random among the heuristic's shortlist. Because
the choice is random, the difference between the chosen candidate's terms and
the mean of the shortlist's terms is independent of everything else in the
position, so a least-squares fit of the round's outcome on those differences
estimates what one unit of each term changes the outcome, with the heuristic
playing the rest of the round (one step of policy improvement).

The outcome is the round's margin for seat 0: the mean penalty of the other
seats less its own, in points. The terms (per candidate):

* ``deadwood``: the hand's deadwood after the discard;
* ``draw``: ``next_draw * draw_gain`` (the expected fall from the next draw);
* ``out``: ``next_draw * out_value * out_chance``;
* ``melds``: ``draws_left * meld_gain`` (future draws times the meld part);
* ``feed``: the danger of the discard to the next player, from the log;
* ``wild``: 1 when the discard is wild;
* ``distance``: the turns the hand kept is from going out
  (:func:`threethirteen.games.three_thirteen.distance.draws_to_go_out`);
* ``acceptance``: the share of the unseen cards whose draw brings the hand kept a
  turn closer to going out (:func:`threethirteen.games.three_thirteen.distance.closer_draws`);

and, to test the shape of the hand-set score, ``draw_raw``, ``melds_raw``,
``out_raw`` (the same without the round's horizon), ``deadwood_late``
(deadwood times the bot's own turns played this round, over 5) and ``wait``
(the draws expected before the distance falls, less one: ``1 / acceptance``,
at most 10).

The heuristic ranks candidates as a fit of ``-1, draw_weight, +1, potential,
-feeds_next, -keep_wild, -distance, acceptance, 0, 0, 0, 0, 0`` would (the
ratios matter, not the scale; :func:`in_use`), with the weights of the table's
size; the fit is printed beside them, scaled to a deadwood weight of -1. (The
``feed`` term is the danger by the rule over the public log; the two-player
table now reads the next player by the learned model instead, ``feed_closer``
and ``feed_out``, which no term here holds, so there the weight shown in use
for ``feed`` is the rule's, as before the model.) Run:
``python benchmarks/fit_weights.py --players 4 --opponents simple --matches 2000``
(about 3 minutes on two cores).

``--by-hand`` also fits the hand-set terms separately for small, middle and
large hands (3-5, 6-9 and 10-13 cards), and ``--target match`` fits seat 0's
match result (1 won, 0 lost, 1/2 a shared win) instead of the round's margin:
the same weights in units of match wins, noisier (every randomized discard of
a match shares one result). ``--save FILE`` writes the samples (a JSON line
each) and ``--load FILE`` fits saved ones without playing.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from screening import add_match_options, match_share, round_margin
from threethirteen.bots import Bot, make_bot
from threethirteen.bots.base import decisions
from threethirteen.games.three_thirteen.actions import Action, Discard, GoOut
from threethirteen.games.three_thirteen.bots.heuristic import HeuristicBot, Weights, _Context
from threethirteen.games.three_thirteen.distance import draws_to_go_out
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.solver import DiscardChoice
from threethirteen.games.three_thirteen.state import MatchState

NAMES = (
    "deadwood",
    "draw",
    "out",
    "melds",
    "feed",
    "wild",
    "distance",
    "acceptance",
    "draw_raw",
    "melds_raw",
    "out_raw",
    "deadwood_late",
    "wait",
)


def in_use(weights: Weights) -> tuple[float, ...]:
    """The coefficients (on the terms of :data:`NAMES`) by which ``weights`` rank discards."""
    return (
        -1.0,
        weights.draw_weight,
        1.0,  # out_value is in the term already
        weights.potential,
        0.0 - weights.feeds_next,  # not -0.0
        0.0 - weights.keep_wild,
        0.0 - weights.distance,
        weights.acceptance,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
    )


# The heuristic weighs the first HAND_SET terms of NAMES; the rest test the score's shape.
HAND_SET = 8

# The hand sizes fitted apart by ``--by-hand``.
HAND_BUCKETS = ((3, 5), (6, 9), (10, 13))


class Sample(NamedTuple):
    """One randomized discard and what followed it."""

    terms: tuple[float, ...]  # the thrown candidate's terms less the shortlist's mean
    chosen: bool  # the heuristic would have thrown it too
    margin: float  # the round's margin for seat 0: the others' mean penalty less its own
    hand_size: int
    match: float  # seat 0's match result: 1 won, 0 lost, 1/k a win shared by k


class Explorer(HeuristicBot):
    """The heuristic, throwing a random shortlisted candidate at a share of its discards."""

    def __init__(self, seed: int, explore: float) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.explore = explore
        # Each randomized discard: the thrown candidate's terms less the shortlist's mean,
        # whether the heuristic would have thrown it too, and its round.
        self.samples: list[tuple[tuple[float, ...], bool, int]] = []

    def _discard(self, ctx: _Context) -> Action:
        view = ctx.view
        if any(isinstance(a, GoOut) for a in view.legal_actions):
            return super()._discard(ctx)
        legal = {a.card: a for a in view.legal_actions if isinstance(a, Discard)}
        choices = [c for c in ctx.solver.discards(view.hand) if c.discard in legal]
        short = self._shortlist(ctx, choices)
        best = short.index(self._best(ctx, view.hand, short)[0])
        if len(short) < 2 or self.rng.random() >= self.explore:
            return legal[short[best].discard]
        pick = self.rng.randrange(len(short))
        terms = [self._terms(ctx, c) for c in short]
        mean = [sum(col) / len(terms) for col in zip(*terms, strict=True)]
        centred = tuple(x - m for x, m in zip(terms[pick], mean, strict=True))
        self.samples.append((centred, pick == best, view.round_number))
        return legal[short[pick].discard]

    def _terms(self, ctx: _Context, choice: DiscardChoice) -> tuple[float, ...]:
        """The candidate's terms, in the order of :data:`NAMES`."""
        kept = list(ctx.view.hand)
        kept.remove(choice.discard)
        draw = self._potential(ctx, kept, choice.deadwood)
        turns = ctx.view.turn // ctx.view.players
        distance = draws_to_go_out(kept, ctx.view.rules, ctx.solver.wild_rank)
        accepted = self._acceptance(ctx, kept, distance)
        return (
            float(choice.deadwood),
            ctx.next_draw * draw.total,
            ctx.next_draw * ctx.out_value * draw.out,
            ctx.draws_left * draw.melds,
            self._feeds(ctx, choice.discard),
            float(ctx.solver.is_wild(choice.discard)),
            float(distance),
            accepted,
            draw.total,
            draw.melds,
            ctx.out_value * draw.out,
            choice.deadwood * turns / 5,
            min(10.0, 1 / max(accepted, 0.1)) - 1 if distance else 0.0,
        )


def play(job: tuple[str, int, str, float, int]) -> list[Sample]:
    """One match; each randomized decision with its round's margin and the match's result."""
    rules_name, players, opponents, explore, seed = job
    explorer = Explorer(seed, explore)
    bots: list[Bot] = [explorer] + [make_bot(opponents, seed + s) for s in range(1, players)]
    state = MatchState.new(get_rules(rules_name), players, seed=seed)
    for _ in decisions(state, bots):
        pass
    match = match_share(state, 0)
    return [
        Sample(
            x,
            chosen,
            round_margin(state.results[number - 1].penalties, 0),
            state.rules.round_spec(number).hand_size,
            match,
        )
        for x, chosen, number in explorer.samples
    ]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(vector)
    a = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            raise ValueError(f"singular fit at term {NAMES[col]!r}")
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(
    rows: Sequence[tuple[tuple[float, ...], float]], terms: Sequence[int]
) -> list[tuple[float, float]]:
    """Least squares of the margin on the chosen terms: each estimate and its standard error."""
    k = len(terms)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in rows:
        sub = [x[t] for t in terms]
        for i in range(k):
            xty[i] += sub[i] * y
            for j in range(k):
                xtx[i][j] += sub[i] * sub[j]
    beta = solve(xtx, xty)
    residual = sum(
        (y - sum(b * x[t] for b, t in zip(beta, terms, strict=True))) ** 2 for x, y in rows
    )
    sigma2 = residual / max(1, len(rows) - k)
    inverse = [solve(xtx, [float(i == j) for i in range(k)]) for j in range(k)]
    return [(beta[i], math.sqrt(sigma2 * inverse[i][i])) for i in range(k)]


def report(
    rows: Sequence[tuple[tuple[float, ...], float]], terms: Sequence[int], weights: Weights
) -> None:
    """Print the fit, and scaled to a deadwood weight of -1 beside the ``weights`` in use.

    Rows that cannot separate every term (a term never varied, as a wild never
    thrown in a few matches) print why instead of a fit.
    """
    try:
        fitted = fit(rows, terms)
    except ValueError as singular:
        print(
            f"no fit from {len(rows)} rows: {singular} (the term never varied; play more matches)"
        )
        return
    current = in_use(weights)
    scale = -fitted[0][0] if terms[0] == 0 and fitted[0][0] < 0 else 1.0
    print(f"{'term':<14} {'fitted':>9} {'std err':>8} {'scaled':>8} {'heuristic':>9}")
    for (beta, error), t in zip(fitted, terms, strict=True):
        print(
            f"{NAMES[t]:<14} {beta:>+9.3f} {error:>8.3f} {beta / scale:>+8.2f} {current[t]:>+9.2f}"
        )


def save(path: str, samples: Sequence[Sample]) -> None:
    """Write ``samples`` to ``path``, a JSON line each."""
    with open(path, "w", encoding="utf-8") as out:
        for sample in samples:
            out.write(json.dumps(sample._asdict()) + "\n")


def load(path: str) -> list[Sample]:
    """Read samples written by :func:`save`; a malformed line is refused, quoted."""
    samples = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            try:
                row = json.loads(line)
                sample = Sample(
                    tuple(float(x) for x in row["terms"]),
                    bool(row["chosen"]),
                    float(row["margin"]),
                    int(row["hand_size"]),
                    float(row["match"]),
                )
            except (ValueError, KeyError, TypeError) as error:
                problem = f"{path}:{number}: not a sample ({error}): {line[:80]!r}"
                raise SystemExit(problem) from error
            if len(sample.terms) != len(NAMES):
                raise SystemExit(f"{path}:{number}: {len(sample.terms)} terms, not {len(NAMES)}")
            samples.append(sample)
    return samples


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_match_options(parser, matches=500, seed=20000)
    parser.add_argument("--explore", type=float, default=0.25)
    parser.add_argument("--target", choices=("margin", "match"), default="margin")
    parser.add_argument("--by-hand", action="store_true", help="also fit by hand size")
    parser.add_argument("--save", metavar="FILE", help="write the samples to FILE")
    parser.add_argument("--load", metavar="FILE", help="fit the samples in FILE; play none")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.load:
        samples = load(args.load)
        print(f"{len(samples)} randomized decisions from {args.load}")
    else:
        jobs = [
            (args.rules, args.players, args.opponents, args.explore, args.seed + m)
            for m in range(args.matches)
        ]
        with ProcessPoolExecutor(args.workers) as pool:
            samples = [s for part in pool.map(play, jobs, chunksize=8) for s in part]
        print(
            f"heuristic exploring {args.explore:.0%} of its discards (seat 0) against "
            f"{args.opponents}, {args.rules}, {args.players} players: {len(samples)} randomized "
            f"decisions from {args.matches} matches, {time.perf_counter() - start:.0f} s"
        )
        if args.save:
            save(args.save, samples)
    chosen = [s.margin for s in samples if s.chosen]
    other = [s.margin for s in samples if not s.chosen]
    if chosen and other:
        print(
            f"round margin after the heuristic's own choice {sum(chosen) / len(chosen):+.2f} "
            f"({len(chosen)}), after another shortlisted one {sum(other) / len(other):+.2f} "
            f"({len(other)})"
        )

    def target(sample: Sample) -> float:
        return sample.margin if args.target == "margin" else sample.match

    rows = [(s.terms, target(s)) for s in samples]
    weights = HeuristicBot().weights_for(args.players)
    print(f"\nthe hand-set terms, fitted to the {args.target} (weights in use: {weights}):")
    report(rows, range(HAND_SET), weights)
    print("\nwith the shape terms:")
    report(rows, range(len(NAMES)), weights)
    if args.by_hand:
        for low, high in HAND_BUCKETS:
            part = [(s.terms, target(s)) for s in samples if low <= s.hand_size <= high]
            print(f"\nhands of {low}-{high} cards ({len(part)} decisions):")
            report(part, range(HAND_SET), weights)


if __name__ == "__main__":
    main()
