"""A match's outlook: how far a lead can still move, and the chance it wins.

Bots that value moves by the match rather than the round (``montecarlo`` scores
its rollouts with :func:`match_value`; ``heuristic`` plays safer with a lead,
measured in :func:`remaining_spread` units) share these estimates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from threethirteen.cards import Rank, standard_deck
from threethirteen.games.three_thirteen.rules import Rules

__all__ = ["lead_in_spreads", "match_value", "remaining_spread"]

_MEAN_PENALTY: dict[Rules, float] = {}


def _mean_penalty(rules: Rules) -> float:
    """The mean penalty of a natural card under ``rules`` (about 6.5 in classic)."""
    mean = _MEAN_PENALTY.get(rules)
    if mean is None:
        # A natural's penalty does not depend on the wild rank, as long as it is not its own.
        deck = [c for c in standard_deck() if c.rank is not None]
        total = sum(
            rules.card_penalty(c, Rank.TWO if c.rank is Rank.ACE else Rank.ACE) for c in deck
        )
        mean = _MEAN_PENALTY[rules] = total / len(deck)
    return mean


# The spread (standard deviation) of one round's margin between two players, per card
# dealt and per point of mean card penalty; about 3 points a card in classic. Rough,
# from the scale of the game: it sets how fast a lead turns into a sure win. Measured
# (benchmarks/round_profile.py, heuristic against simple) the spread hardly grows with
# the hand: 12.2 points with 3 cards, 16.7 with 13, about 46 over a match against 84
# here. A spread fitted to those figures (1.37 + 0.09 a card, times the mean penalty)
# made the heuristic neither stronger nor weaker (71.5% of 8,000 two-player matches
# against simple, as against 71.4%;
# docs/lab-notes/three-thirteen-heuristic.md, "Round by round"): the heuristic's
# `risk` was tuned on this scale, and `montecarlo` was measured with it, so it stays.
_SPREAD_PER_CARD = 0.45
_LAST_ROUND_SPREAD = 2.0  # keeps the value smooth when nothing is left to play


def remaining_spread(rules: Rules, round_number: int) -> float:
    """The spread of a two-player margin over the rounds after ``round_number``."""
    unit = _SPREAD_PER_CARD * _mean_penalty(rules)
    variance = _LAST_ROUND_SPREAD**2
    for number in range(round_number + 1, rules.rounds + 1):
        spec = rules.round_spec(number)
        variance += (unit * spec.hand_size * spec.multiplier) ** 2
    return math.sqrt(variance)


def match_value(totals: Sequence[float], seat: int, spread: float) -> float:
    """The estimated chance that ``seat`` wins the match from ``totals`` (lower is better).

    A logistic of the margin over each opponent, divided by ``spread`` (the
    spread of margins still to come), multiplied over the opponents.

    >>> round(match_value((10, 30), 0, 20.0), 3), match_value((20, 20), 1, 20.0)
    (0.846, 0.5)
    """
    mine = totals[seat]
    value = 1.0
    for other, total in enumerate(totals):
        if other != seat:
            # clipped: a margin of hundreds of points over a small spread overflows exp
            value /= 1.0 + math.exp(min(50.0, -1.7 * (total - mine) / spread))
    return value


def lead_in_spreads(totals: Sequence[int], seat: int, rules: Rules, round_number: int) -> float:
    """How far ``seat`` leads the best other total, in spreads of the rounds left to play.

    The rounds left are this one (``round_number``, being played) and the later ones.

    Positive when ahead (totals are penalties: lower is better), negative when
    behind; 1.0 is a lead as large as the margin's spread over the rest of the match.

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> lead_in_spreads((10, 10), 0, get_rules("classic"), 5)
    0.0
    >>> lead_in_spreads((10, 70), 0, get_rules("classic"), 10) > 1 > lead_in_spreads(
    ...     (10, 70), 0, get_rules("classic"), 1) > 0
    True
    """
    best_other = min(t for s, t in enumerate(totals) if s != seat)
    return (best_other - totals[seat]) / remaining_spread(rules, round_number - 1)
