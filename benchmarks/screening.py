"""What the decision-level benchmarks share: the matches they play and how they report.

``rollout_gain.py`` and ``world_accuracy.py`` both take positions from whole
matches of ``--bot`` (seat 0) against ``--opponents`` and print means with one
standard error; the options and the figure are written once here.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence


def add_match_options(parser: argparse.ArgumentParser, *, matches: int, seed: int) -> None:
    """The options that choose the matches positions come from."""
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="heuristic", help="the bot in seat 0")
    parser.add_argument("--opponents", default="heuristic", help="the bot in the other seats")
    parser.add_argument(
        "--matches", type=int, default=matches, help="whole matches to take positions from"
    )
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--workers", type=int, default=2)


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 for fewer than two values)."""
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return statistics.mean(values), error
