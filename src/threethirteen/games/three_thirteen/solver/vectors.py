"""Cost vectors: a group of cards' least cost by the number of wilds it is given.

The exact search splits a hand into groups of natural cards that can share no
meld, solves each for every number of wilds it could take (a non-increasing
vector, whose last entry holds beyond its end), and combines the groups by a
min-plus convolution.

>>> combine([[10, 5, 0], [7, 7, 0]], 2)
(7, [2, 0])
>>> combine_vector([10, 5, 0], [7, 7, 0], 3)
[17, 12, 7, 5]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["combine", "combine_cost", "combine_vector", "vector_at"]


def combine_cost(vectors: Sequence[list[int]], wilds: int) -> int:
    """The least total of :func:`combine` alone (the solver's inner path)."""
    best = vectors[0]
    for vector in vectors[1:]:
        best = combine_vector(best, vector, wilds)
    return vector_at(best, wilds)


def combine_vector(one: list[int], two: list[int], wilds: int) -> list[int]:
    """Min-plus combination of two cost-by-wilds vectors, up to ``wilds`` wilds."""
    last_one = len(one) - 1
    last_two = len(two) - 1
    top = min(wilds, last_one + last_two)
    out = []
    for w in range(top + 1):
        low = w - last_two if w > last_two else 0
        v = one[low] + two[w - low]
        for a in range(low + 1, (w if w < last_one else last_one) + 1):
            t = one[a] + two[w - a]
            if t < v:
                v = t
        out.append(v)
    return out


def vector_at(vector: list[int], wilds: int) -> int:
    """A cost-by-wilds vector's entry for ``wilds`` (its last entry holds beyond its end)."""
    return vector[wilds] if wilds < len(vector) else vector[-1]


def combine(vectors: Sequence[list[int]], wilds: int) -> tuple[int, list[int]]:
    """Least total of one entry per vector, the entries' indices summing to at most ``wilds``.

    Each vector is non-increasing (more wilds never hurt) and its last entry holds
    beyond its end. Returns the total and the indices (wilds given to each group).
    """
    # prefix[i]: the first i groups combined, by wilds; then walk back to split the wilds.
    prefix = [[0]]
    for vector in vectors:
        prefix.append(combine_vector(prefix[-1], vector, wilds))
    total = vector_at(prefix[-1], wilds)
    given = []
    w, target = wilds, total
    for i in range(len(vectors) - 1, -1, -1):
        vector = vectors[i]
        a = next(
            a
            for a in range(min(w, len(vector) - 1) + 1)
            if vector[a] + vector_at(prefix[i], w - a) == target
        )
        given.append(a)
        w, target = w - a, target - vector[a]
    given.reverse()
    return total, given
