"""Rummy's random-play throughput: whole hands a second on one core, and actions a second.

Each hand is the first hand of a match seeded ``--seed * 1000 + i``: the deal, then
every step lists the legal actions (:meth:`RummyState.legal_actions`), chooses one
uniformly at random and applies it with the checked :meth:`RummyState.apply`, until
the hand is over (someone went out, or the hand ended with no score: the stock ran
out after its rebuild, or the turn limit). This is what an environment for learning
does a step (the legal actions are its mask), and what a search bot's random
rollouts do. The same hands are then played again with ``apply_unchecked`` (the
legality check skipped, as search does on actions it took from ``legal_actions``),
which shows what the check costs.

Timed in the process's CPU time on one core, the garbage collector off while
timing (as in :mod:`timeit`). Run: ``python benchmarks/rummy_play_bench.py`` (about
ten seconds; ``--help`` for the sizes).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.game import Stage
from threethirteen.games.rummy.rules import Rules, apply_house_rule, get_rules
from threethirteen.games.rummy.state import RummyState


@dataclass(frozen=True, slots=True)
class Played:
    """What a run of random hands did, and the CPU seconds it took."""

    hands: int
    actions: int
    out: int  # hands that ended with a player going out (the others ended with no score)
    seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else float("inf")

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else float("inf")


def play_hands(
    rules: Rules, players: int, hands: int, seed: int, *, checked: bool = True
) -> Played:
    """Play ``hands`` first hands of seeded matches at random, to their end; timed.

    The choices come from ``random.Random(seed)``, so the checked and unchecked runs
    of one seed play the very same actions.

    >>> played = play_hands(get_rules("cardgames"), 2, 3, seed=1)
    >>> played.hands, played.actions > 3 * 20, 0 <= played.out <= 3
    (3, True, True)
    >>> play_hands(get_rules("cardgames"), 2, 3, seed=1, checked=False).actions == played.actions
    True
    """
    rng = random.Random(seed)
    actions = out = 0
    gc.disable()
    try:
        started = time.process_time()
        for hand in range(hands):
            state = RummyState.new(rules, players, seed=seed * 1_000 + hand)
            apply = state.apply if checked else state.apply_unchecked
            while state.stage is Stage.PLAY:
                apply(rng.choice(state.legal_actions()))
                actions += 1
            out += state.results[-1].out is not None
        seconds = time.process_time() - started
    finally:
        gc.enable()
    return Played(hands, actions, out, seconds)


def report(label: str, played: Played) -> list[str]:
    """The lines that print one run's figures."""
    return [
        f"{label}: {played.hands:,} hands, {played.actions:,} actions, {played.seconds:.2f} s CPU",
        f"  {'hands a second':<26} {played.hands_per_second:12,.1f}",
        f"  {'actions a second':<26} {played.actions_per_second:12,.0f}",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands played (2000)")
    parser.add_argument("--players", type=int, default=2, help="players at the table (2)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of deals and choices (2024)")
    parser.add_argument(
        "--house", action="append", default=[], help="a house rule, as on the command line"
    )
    args = parser.parse_args(argv)
    rules = get_rules("cardgames")
    for spec in args.house:
        rules = apply_house_rule(rules, spec)
    rules.check_players(args.players)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} CPUs, load average {load:.2f} at the start (other work slows timings)")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}; Rummy, {rules.summary()}, {args.players} players of "
        f"{rules.cards_each(args.players)} cards, seed {args.seed}"
    )
    checked = play_hands(rules, args.players, args.hands, args.seed)
    unchecked = play_hands(rules, args.players, args.hands, args.seed, checked=False)
    print()
    print("\n".join(report("random play, checked apply", checked)))
    print(f"  {'actions a hand':<26} {checked.actions / checked.hands:12,.1f}")
    share = 100 * checked.out / checked.hands
    print(f"  {'hands someone went out':<26} {share:11.1f}%   (the others ended with no score)")
    print()
    print("\n".join(report("the same hands, apply_unchecked", unchecked)))
    cost = 100 * (1 - unchecked.seconds / checked.seconds) if checked.seconds else 0.0
    print(f"  {'the check costs':<26} {cost:11.1f}%   of the checked run's time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
