"""A race of candidate moves over sampled worlds: what Thirteen's and Rummy's search bots share.

Each game's ``montecarlo`` bot deals worlds (the hidden cards placed at random, as the
bot's reading of the table allows), plays every candidate move out in each world, and
keeps the one whose mean value is best. :func:`race` is that loop: the first arm is
the prior (the heuristic's move); every world values each live arm, so arms are
compared *paired*, world by world, against the prior. After ``min_samples`` worlds an
arm whose paired difference is below the prior's by ``z`` standard errors is dropped;
the race stops after ``samples`` worlds (reproducible) or once ``seconds`` of thread
CPU time are spent, or when only the prior is left. The winner replaces the prior only
if it beats it by ``switch_z`` standard errors.

>>> import random
>>> rng = random.Random(1)
>>> arms = [Arm("stay"), Arm("move")]
>>> won = race(arms, lambda: rng.random(), lambda w, m: w + (0.5 if m == "move" else 0.0),
...            Limits(samples=40))
>>> won.chosen.move, won.worlds, won.switched
('move', 40, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["MAX_SECONDS", "Arm", "Limits", "Race", "race"]

M = TypeVar("M")
W = TypeVar("W")

MAX_SECONDS = 0.9
"""A decision never spends more than this, whatever it is asked (thread CPU seconds)."""


class Arm(Generic[M]):
    """One candidate's tallies: its values, and its paired differences from the prior."""

    __slots__ = ("dsq", "dsum", "live", "move", "n", "sum")

    def __init__(self, move: M) -> None:
        self.move = move
        self.n = 0
        self.sum = 0.0
        self.dsum = 0.0
        self.dsq = 0.0
        self.live = True

    def mean(self) -> float:
        """The mean value over the worlds it was played in."""
        return self.sum / self.n if self.n else 0.0

    def diff(self) -> tuple[float, float]:
        """The mean paired difference from the prior, and its standard error."""
        n = self.n
        if n < 2:
            return 0.0, math.inf
        mean = self.dsum / n
        var = max(0.0, (self.dsq - n * mean * mean) / (n - 1))
        return mean, math.sqrt(var / n)


@dataclass(frozen=True)
class Limits:
    """When a race stops and what it takes to leave the prior (see the module)."""

    seconds: float = 0.1
    samples: int | None = None
    min_samples: int = 8
    z: float = 2.0
    switch_z: float = 2.0
    start: float | None = None  # thread CPU time the decision began (default: now)


@dataclass(frozen=True)
class Race(Generic[M]):
    """A race's outcome: the arm chosen, the worlds dealt, whether it left the prior."""

    chosen: Arm[M]
    worlds: int
    switched: bool


def race(
    arms: list[Arm[M]],
    deal: Callable[[], W],
    value: Callable[[W, M], float],
    limits: Limits,
) -> Race[M]:
    """Race ``arms`` (the prior first) over worlds from ``deal()``: ``value(world, move)``
    plays ``move`` out in (a copy of) ``world`` and says what it is worth to the bot."""
    start = time.thread_time() if limits.start is None else limits.start
    limit = MAX_SECONDS if limits.samples is not None else limits.seconds
    worlds = 0
    prior = arms[0]
    while True:
        world = deal()
        values = [value(world, arm.move) if arm.live else 0.0 for arm in arms]
        worlds += 1
        p_value = values[0]
        for arm, v in zip(arms, values, strict=True):
            if arm.live:
                arm.n += 1
                arm.sum += v
                d = v - p_value
                arm.dsum += d
                arm.dsq += d * d
        if limits.samples is not None and worlds >= limits.samples:
            break
        if time.thread_time() - start >= limit:
            break
        if worlds >= limits.min_samples:
            for arm in arms[1:]:
                if arm.live:
                    mean, se = arm.diff()
                    if mean + limits.z * se < 0:
                        arm.live = False
            if not any(arm.live for arm in arms[1:]):
                break
    best = max((a for a in arms if a.live), key=lambda a: a.mean())
    if best is not prior:
        mean, se = best.diff()
        if mean > limits.switch_z * se and mean > 0:
            return Race(best, worlds, True)
    return Race(prior, worlds, False)
