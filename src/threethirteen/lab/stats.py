"""Statistics for the lab: Wilson score intervals and a mergeable timing histogram.

>>> low, high = wilson_interval(45, 100)
>>> round(low, 4), round(high, 4)
(0.3561, 0.5476)
>>> hist = TimeHistogram()
>>> for ns in (1_000, 2_000, 3_000, 1_000_000):
...     hist.add(ns)
>>> hist.count, hist.mean_ns
(4, 251500.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Z95", "TimeHistogram", "student_t_quantile", "wilson_interval"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``(low, high)``, both within [0, 1].

    ``successes`` may be fractional (a win shared by ``k`` players counts ``1/k``);
    the interval is then that of the proportion ``successes / trials`` as if it
    had been observed on ``trials`` independent trials. ``z`` is the normal
    quantile (1.96 for 95%). With no trials the interval is the whole ``(0, 1)``.

    Raises :class:`ValueError` for a negative count, more successes than trials,
    or a negative ``z``.

    >>> wilson_interval(0, 10)[0]
    0.0
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if z < 0:
        raise ValueError(f"z must be non-negative, got {z}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # At p = 0 or 1 the end is exactly 0 or 1 in theory; rounding would leave a hair off.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified
    Lentz's method), valid where ``x < (a + 1) / (a + b + 2)``."""
    tiny = 1e-300
    c = 1.0
    d = 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 400):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return result


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)`` for ``0 <= x <= 1``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    # The fraction converges fast only on its side of the mean; use the symmetry
    # I_x(a, b) = 1 - I_{1-x}(b, a) on the other.
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def _student_t_cdf(t: float, df: float) -> float:
    tail = 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def student_t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    For the interval of a mean of ``n`` paired differences: ``df = n - 1`` and
    ``p = 0.975`` for 95%. Found by bisection on the distribution function (the
    regularized incomplete beta function), to about 1e-10.

    Raises :class:`ValueError` for ``p`` outside (0, 1) or ``df`` not positive.

    >>> round(student_t_quantile(0.975, 1), 3), round(student_t_quantile(0.975, 10), 3)
    (12.706, 2.228)
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile's probability must lie in (0, 1), got {p}")
    if not df > 0:
        raise ValueError(f"degrees of freedom must be positive, got {df}")
    if p < 0.5:
        return -student_t_quantile(1.0 - p, df)
    low, high = 0.0, 1.0
    while _student_t_cdf(high, df) < p:
        high *= 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if _student_t_cdf(middle, df) < p:
            low = middle
        else:
            high = middle
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


# Bins grow by 2% each, so a quantile read from the histogram is within about 1% of
# the exact one, whatever the scale (a random bot's microseconds or a search bot's
# second), while memory stays a few hundred bins and merging is a dict sum: the
# decision times of millions of calls travel back from the workers cheaply.
_GROWTH = 1.02
_LOG_GROWTH = math.log(_GROWTH)


def _bin(ns: int) -> int:
    return int(math.log(max(ns, 1)) / _LOG_GROWTH)


def _bin_value(index: int) -> float:
    """The geometric middle of a bin, in nanoseconds."""
    return float(_GROWTH ** (index + 0.5))


@dataclass(slots=True)
class TimeHistogram:
    """Durations in nanoseconds: an exact count, sum and maximum, and log-spaced bins.

    Quantiles are read from bins 2% wide (an error of about 1%); the mean and the
    maximum are exact. Histograms merge with :meth:`merge`, so each worker keeps its
    own and the lab adds them up.
    """

    count: int = 0
    total_ns: int = 0
    max_ns: int = 0
    bins: dict[int, int] = field(default_factory=dict)

    def add(self, ns: int) -> None:
        """Count one duration of ``ns`` nanoseconds."""
        self.count += 1
        self.total_ns += ns
        self.max_ns = max(self.max_ns, ns)
        index = _bin(ns)
        self.bins[index] = self.bins.get(index, 0) + 1

    def merge(self, other: TimeHistogram) -> None:
        """Add every duration counted by ``other`` to this histogram."""
        self.count += other.count
        self.total_ns += other.total_ns
        self.max_ns = max(self.max_ns, other.max_ns)
        for index, n in other.bins.items():
            self.bins[index] = self.bins.get(index, 0) + n

    @property
    def mean_ns(self) -> float:
        """The exact mean duration (0.0 when empty)."""
        return self.total_ns / self.count if self.count else 0.0

    def quantile_ns(self, q: float) -> float:
        """The ``q`` quantile (0 < q <= 1) to within a bin: the smallest bin holding it.

        Returns 0.0 when empty; never more than the exact maximum. Raises
        :class:`ValueError` for ``q`` outside (0, 1].

        >>> hist = TimeHistogram()
        >>> for ns in range(1, 101):
        ...     hist.add(ns * 1000)
        >>> 49_000 < hist.quantile_ns(0.5) < 51_000
        True
        """
        if not 0 < q <= 1:
            raise ValueError(f"a quantile must lie in (0, 1], got {q}")
        if not self.count:
            return 0.0
        rank = math.ceil(q * self.count)  # nearest rank: the rank-th smallest duration
        seen = 0
        for index in sorted(self.bins):
            seen += self.bins[index]
            if seen >= rank:
                return min(_bin_value(index), float(self.max_ns))
        return float(self.max_ns)  # unreachable: the bins hold count durations

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the exact count, sum and maximum, and the bins (keyed by the
        bin's number as a string, JSON's only key type), so that runs written apart
        merge as exactly as histograms kept in one process (:meth:`from_dict`)."""
        return {
            "count": self.count,
            "total_ns": self.total_ns,
            "max_ns": self.max_ns,
            "bins": {str(index): n for index, n in sorted(self.bins.items())},
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "the histogram") -> TimeHistogram:
        """The histogram :meth:`to_dict` wrote. Raises :class:`ValueError` quoting
        ``where`` and the value for anything else: a missing or negative count, bins
        that are not whole numbers or do not add up to the count."""

        def whole(value: Any, what: str) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{where}: {what} is not a whole number >= 0: {value!r}")
            return value

        if not isinstance(data, dict):
            raise ValueError(f"{where} is not an object: {data!r}")
        hist = cls(
            whole(data.get("count"), "count"),
            whole(data.get("total_ns"), "total_ns"),
            whole(data.get("max_ns"), "max_ns"),
        )
        bins = data.get("bins")
        if not isinstance(bins, dict):
            raise ValueError(f"{where}: bins is not an object: {bins!r}")
        for key, n in bins.items():
            try:
                index = int(key)
            except (TypeError, ValueError):
                raise ValueError(f"{where}: bin {key!r} is not a bin number") from None
            hist.bins[index] = whole(n, f"bin {key!r}")
        if sum(hist.bins.values()) != hist.count:
            raise ValueError(
                f"{where}: its bins hold {sum(hist.bins.values())} durations, "
                f"its count says {hist.count}"
            )
        return hist

    @classmethod
    def of(cls, durations_ns: Iterable[int]) -> TimeHistogram:
        """A histogram of the given durations."""
        hist = cls()
        for ns in durations_ns:
            hist.add(ns)
        return hist
