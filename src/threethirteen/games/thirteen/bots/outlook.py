"""The match value: a seat's chance to win the match from a score sheet.

A round's points matter only through the match: with a seat at 9 of 10, keeping it
off first place may be worth more than a point of one's own. :func:`win_chance`
turns the totals after a round into the chance that ``seat`` wins the match, if
every later round's finishing order were a fair draw (every order equally likely);
a win shared by ``k`` seats (``tie_at_top=share``) counts ``1/k``. It looks five
rounds ahead; a match still open then is shared out by a softmax of the totals
(three points, one round's spread, multiply a seat's odds by ``e``).

Far from the target the search values a round by its points instead
(:func:`near_the_end`): there the chances hardly differ, and cost more to tabulate.

>>> from threethirteen.games.thirteen.rules import Rules
>>> win_chance(Rules(), (12, 9), 0), win_chance(Rules(), (0, 0), 0)
(1.0, 0.5)
>>> win_chance(Rules(), (9, 6, 6, 6), 0) > 0.5 > win_chance(Rules(), (6, 9, 6, 6), 0)
True
"""

from __future__ import annotations

import math
from itertools import permutations

from threethirteen.games.thirteen.rules import Rules, TieAtTop
from threethirteen.games.thirteen.scoring import place_points

__all__ = ["near_the_end", "win_chance"]

_HORIZON = 5  # rounds looked ahead
_SPREAD = 3.0  # points: the softmax's scale for matches still open after the horizon
_NEAR = 12  # points from the target: closer than this, the search uses the match value
# (target, share, my total, the others' totals sorted, rounds left) -> chance
_CACHE: dict[tuple[int, bool, int, tuple[int, ...], int], float] = {}
_CACHE_LIMIT = 50_000


def near_the_end(rules: Rules, totals: tuple[int, ...] | list[int]) -> bool:
    """Whether the leader is within 12 points of the target: then the search values a
    round by :func:`win_chance` (always, at the default target of 10).

    >>> near_the_end(Rules(), (0, 0)), near_the_end(Rules(target=50), (20, 30))
    (True, False)
    """
    return rules.target - max(totals) <= _NEAR


def win_chance(rules: Rules, totals: tuple[int, ...] | list[int], seat: int) -> float:
    """The chance ``seat`` wins the match from ``totals`` (see the module's docstring)."""
    others = tuple(sorted(t for s, t in enumerate(totals) if s != seat))
    share = rules.tie_at_top is TieAtTop.SHARE
    return _chance(rules.target, share, totals[seat], others, _HORIZON)


def _chance(target: int, share: bool, mine: int, others: tuple[int, ...], left: int) -> float:
    top = max(mine, others[-1])
    if top >= target:
        tied = (mine == top) + sum(1 for t in others if t == top)
        if tied == 1 or share:
            return 1.0 / tied if mine == top else 0.0
    if left == 0:
        odds = [math.exp((t - top) / _SPREAD) for t in others]
        mine_odds = math.exp((mine - top) / _SPREAD)
        return mine_odds / (mine_odds + sum(odds))
    key = (target, share, mine, others, left)
    found = _CACHE.get(key)
    if found is not None:
        return found
    points = place_points(1 + len(others))
    total = 0.0
    count = 0
    for order in permutations(points):
        after = tuple(sorted(t + p for t, p in zip(others, order[1:], strict=True)))
        total += _chance(target, share, mine + order[0], after, left - 1)
        count += 1
    value = total / count
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = value
    return value
