"""Fit the feeding model (``games.three_thirteen.bots.feeding``) to the truth of played matches.

The heuristic plays ``--train`` deals (2 players, classic by default) against
each of ``--opponents`` from seat 0. At each of its discards before anyone has
gone out, every distinct natural card of its hand becomes a row: the card's
:data:`~threethirteen.games.three_thirteen.bots.feeding.FEATURES` as a discard to the opponent
(read from the heuristic's view only) and two labels read from the opponent's
real hand: does the card bring it a turn closer to going out
(:func:`~threethirteen.games.three_thirteen.distance.closer_draws`), and does it let it go out.
Two logistic regressions (intercept plus a weight a feature, a small L2
penalty) are fitted by full-batch Newton steps on standardized features.

Then ``--test`` other deals (the first ones of ``--seed``, the deals of
``information_value.py --ranking``) are played the same way and each reading
ranks the cards of each hand: the *ranking accuracy* is the share of pairs of
one hand's cards, one that brings the opponent closer and one that does not,
that the reading orders right (ties a half; 0.5 is blind, 1 the truth). The
readings: ``log`` (the heuristic's rule, ``HeuristicBot._feeds``) and ``model``
(the fitted chance of bringing closer). Printed for each opponent, with the
log loss of the model and of the base rate; then the fitted weights, as the
Python literal ``FeedingModel(closer=..., out=...)``.

Run: ``python benchmarks/learn_feeding.py --train 600 --test 30`` (about ten
minutes on two cores). Results depend only on the options.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from threethirteen.bots import make_bot
from threethirteen.bots.base import decisions
from threethirteen.cards import Card
from threethirteen.games.three_thirteen.bots.feeding import FEATURES, FeedingModel, feeding_features
from threethirteen.games.three_thirteen.bots.heuristic import HeuristicBot
from threethirteen.games.three_thirteen.distance import closer_draws, draws_to_go_out
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.solver import HandSolver
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.views import Phase
from threethirteen.lab.tournament import derive_seed


@dataclass
class Rows:
    """Rows of one or more deals: features, labels, the log rule's score, the decision."""

    x: list[list[float]] = field(default_factory=list)
    closer: list[int] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    log: list[float] = field(default_factory=list)
    group: list[int] = field(default_factory=list)

    def extend(self, other: Rows) -> None:
        self.x += other.x
        self.closer += other.closer
        self.out += other.out
        self.log += other.log
        self.group += other.group


def deal_rows(rules: str, opponent: str, seed: int, deal: int) -> Rows:
    """The rows of one deal, the heuristic in seat 0 against ``opponent``."""
    state = MatchState.new(get_rules(rules), 2, derive_seed(seed, "deal", deal))
    heuristic = HeuristicBot()
    bots = [heuristic, make_bot(opponent, derive_seed(seed, "bot", deal, 1))]
    rows = Rows()
    group = 0
    for decision in decisions(state, bots):
        view = decision.view
        if decision.seat != 0 or view.phase is not Phase.DISCARD or view.out_seat is not None:
            continue
        solver = HandSolver.for_round(view.rules, view.round_number)
        cards = sorted(
            {c for c in view.hand if c.rank is not None and not solver.is_wild(c)},
            key=Card.sort_key,
        )
        if len(cards) < 2:
            continue
        hand = state.hand(1)
        distance = draws_to_go_out(hand, view.rules, solver.wild_rank)
        helps = closer_draws(hand, distance, view.rules, solver.wild_rank)
        ctx = heuristic._context(view, solver)
        group += 1
        for card, row in zip(cards, feeding_features(view, 1, cards), strict=True):
            closer = helps(card)
            rows.x.append(row)
            rows.closer.append(int(closer))
            rows.out.append(int(closer and distance == 1))
            rows.log.append(heuristic._feeds(ctx, card))
            rows.group.append(deal * 1000 + group)
    return rows


def _deal_rows(args: tuple[str, str, int, int]) -> Rows:
    return deal_rows(*args)


def collect(rules: str, opponent: str, seed: int, deals: range, workers: int) -> Rows:
    total = Rows()
    work = [(rules, opponent, seed, deal) for deal in deals]
    with ProcessPoolExecutor(workers) as pool:
        for rows in pool.map(_deal_rows, work, chunksize=2):
            total.extend(rows)
    return total


# -- the fit ------------------------------------------------------------------------------


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit_logistic(
    x: Sequence[Sequence[float]], y: Sequence[int], l2: float = 1.0, steps: int = 8
) -> tuple[float, ...]:
    """Intercept and weights (on the raw features) of an L2-penalized logistic regression."""
    d = len(x[0])
    n = len(x)
    mean = [sum(row[j] for row in x) / n for j in range(d)]
    scale = [math.sqrt(sum((row[j] - mean[j]) ** 2 for row in x) / n) or 1.0 for j in range(d)]
    z = [[1.0, *((row[j] - mean[j]) / scale[j] for j in range(d))] for row in x]
    w = [0.0] * (d + 1)
    for _ in range(steps):
        grad = [0.0] * (d + 1)
        hess = [[0.0] * (d + 1) for _ in range(d + 1)]
        for row, label in zip(z, y, strict=True):
            s = sum(wi * xi for wi, xi in zip(w, row, strict=True))
            p = 1 / (1 + math.exp(-max(-40.0, min(40.0, s))))
            g = p - label
            h = p * (1 - p)
            for i, xi in enumerate(row):
                grad[i] += g * xi
                if xi:
                    hi = h * xi
                    hrow = hess[i]
                    for j in range(i, d + 1):
                        hrow[j] += hi * row[j]
        for i in range(d + 1):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] += l2 * w[i]
                hess[i][i] += l2
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    # Back to the raw features: w0 + sum w_j (x_j - m_j) / s_j.
    raw = [w[j + 1] / scale[j] for j in range(d)]
    intercept = w[0] - sum(raw[j] * mean[j] for j in range(d))
    return (intercept, *raw)


# -- the measures -------------------------------------------------------------------------


def ranking_accuracy(
    scores: Sequence[float], labels: Sequence[int], groups: Sequence[int]
) -> tuple[float, float, int]:
    """Share of (helping, not helping) pairs within a group ordered right; ties a half."""
    by_group: dict[int, list[tuple[float, int]]] = {}
    for s, y, g in zip(scores, labels, groups, strict=True):
        by_group.setdefault(g, []).append((s, y))
    right = tied = pairs = 0
    for items in by_group.values():
        pos = [s for s, y in items if y]
        neg = [s for s, y in items if not y]
        for a in pos:
            for b in neg:
                pairs += 1
                right += a > b
                tied += a == b
    return (right + tied / 2) / pairs if pairs else math.nan, tied / max(1, pairs), pairs


def log_loss(p: Sequence[float], y: Sequence[int]) -> float:
    eps = 1e-9
    return -sum(
        math.log(max(eps, q)) if label else math.log(max(eps, 1 - q))
        for q, label in zip(p, y, strict=True)
    ) / len(y)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--opponents", default="simple,heuristic")
    parser.add_argument("--train", type=int, default=600, help="deals per opponent")
    parser.add_argument("--test", type=int, default=30, help="deals per opponent")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    opponents = [o.strip() for o in args.opponents.split(",")]
    start = time.perf_counter()
    train = Rows()
    tests = {}
    for opponent in opponents:
        train.extend(
            collect(
                args.rules, opponent, args.seed, range(10_000, 10_000 + args.train), args.workers
            )
        )
        tests[opponent] = collect(args.rules, opponent, args.seed, range(args.test), args.workers)
    played = time.perf_counter() - start
    closer = fit_logistic(train.x, train.closer, args.l2)
    out = fit_logistic(train.x, train.out, args.l2)
    model = FeedingModel(closer, out)
    print(
        f"{args.rules}, 2 players, the heuristic against {', '.join(opponents)}: "
        f"{args.train} deals each to fit ({len(train.x)} rows), {args.test} to test, "
        f"seed {args.seed}; {played:.0f} s to play, {time.perf_counter() - start - played:.0f} "
        "s to fit"
    )
    print("| opponent | reading | ranking accuracy | pairs tied | pairs | log loss (closer) |")
    print("|---|---|---|---|---|---|")
    base = sum(train.closer) / len(train.closer)
    for opponent, rows in tests.items():
        chances = [model.chances(row)[0] for row in rows.x]
        for name, scores, loss in (
            ("log", rows.log, log_loss([base] * len(rows.closer), rows.closer)),
            ("model", chances, log_loss(chances, rows.closer)),
        ):
            acc, tied, pairs = ranking_accuracy(scores, rows.closer, rows.group)
            print(f"| {opponent} | {name} | {acc:.3f} | {tied:.2f} | {pairs} | {loss:.4f} |")
        outs = [model.chances(row)[1] for row in rows.x]
        acc, _, pairs = ranking_accuracy(outs, rows.out, rows.group)
        loss = log_loss(outs, rows.out)
        print(f"| {opponent} | model, goes out | {acc:.3f} | | {pairs} | {loss:.4f} |")
    names = ("intercept", *FEATURES)
    print("closer:", ", ".join(f"{n}={v:+.3f}" for n, v in zip(names, closer, strict=True)))
    print("out:", ", ".join(f"{n}={v:+.3f}" for n, v in zip(names, out, strict=True)))
    print(
        f"FeedingModel(closer={tuple(round(v, 4) for v in closer)}, "
        f"out={tuple(round(v, 4) for v in out)})"
    )


if __name__ == "__main__":
    main()
