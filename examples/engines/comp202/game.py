"""The scoring helpers a COMP 202 player module may import from the course's ``game.py``.

A stand-in written for this adapter (the lab plays the game itself): a card
left in hand scores its pips, 10 for a jack, queen or king, and 1 for an ace
(wild cards too, at their face value, as the course scored them). Like the
course's file, it passes on the names of ``card`` and ``arrangement``.
"""

from collections.abc import Iterable, Sequence

from arrangement import *  # noqa: F403
from arrangement import POINTS
from card import *  # noqa: F403
from card import get_rank


def calculate_round_points(hand: Iterable[int]) -> int:
    return sum(POINTS[get_rank(card)] for card in hand)


def calculate_winner(points: Sequence[int]) -> list[int]:
    low = min(points)
    return [seat for seat, total in enumerate(points) if total == low]
