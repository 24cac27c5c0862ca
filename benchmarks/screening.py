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
from dataclasses import dataclass

from threethirteen.bots import Bot, make_bot
from threethirteen.games.three_thirteen.state import MatchState


@dataclass(frozen=True)
class MatchOptions:
    """The matches positions come from: the rules, the seats and the bots in them."""

    rules: str
    players: int
    bot: str
    opponents: str

    def bots(self, seed: int) -> list[Bot]:
        """The true policies: ``bot`` in seat 0, ``opponents`` elsewhere."""
        return [make_bot(self.bot, seed)] + [
            make_bot(self.opponents, seed + seat) for seat in range(1, self.players)
        ]


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


def others_mean(penalties: Sequence[int], seat: int) -> float:
    """The mean penalty of the seats other than ``seat``."""
    return (sum(penalties) - penalties[seat]) / (len(penalties) - 1)


def round_margin(penalties: Sequence[int], seat: int) -> float:
    """A round's margin for ``seat``: the other seats' mean penalty less its own."""
    return others_mean(penalties, seat) - penalties[seat]


def match_share(state: MatchState, seat: int) -> float:
    """``seat``'s result of a finished match: 1 won, 0 lost, 1/k a win shared by k."""
    won = state.winners()
    return 1 / len(won) if seat in won else 0.0
