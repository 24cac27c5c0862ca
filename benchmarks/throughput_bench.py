"""Match throughput on one core: whole matches and turns per second, bots against the engine.

For each bot (``random``, ``greedy``, and ``simple`` when the registry has it),
four copies play 4-player matches under the ``classic`` preset in this one
process, for about ``--seconds`` each (at least ``--min-matches``), seeded, as
the lab plays them: each seat gets its view, the bot chooses, the action is
applied checked. That gives matches per second, turns per second (a turn is
one player's draw and discard, as in ``docs/rules.md``) and actions per second.

Then the very same matches are replayed through the engine alone, twice:
``engine`` asks ``legal_actions()`` and applies each recorded action (checked),
``engine + views`` also builds the acting seat's view as the lab does. The
ratio ``bot / engine`` says how much of a match's time is the engine's: the
rest is the bots' thinking (``random`` costs next to nothing, so its matches
run at about the speed of ``engine + views``).

Run: ``python benchmarks/throughput_bench.py`` (under a minute with the
defaults; ``--help`` for the sizes). Times are the process's CPU time
(:func:`time.process_time`), so the figures are per busy core even on a shared,
loaded machine; the play budget is wall time. The garbage collector stays on:
these are the speeds a tournament sees.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.bots import BOT_NAMES, make_bot
from threethirteen.games.three_thirteen.actions import Action, Discard, GoOut
from threethirteen.games.three_thirteen.rules import Rules, get_rules
from threethirteen.games.three_thirteen.state import MatchState, Phase
from threethirteen.lab.tournament import derive_seed

PLAYERS = 4
RULES = get_rules("classic")

Script = list[Action]


@dataclass(frozen=True)
class Run:
    """What one bot's matches cost in CPU seconds, and what was played."""

    bot: str
    seconds: float
    matches: int
    turns: int
    actions: int
    scripts: tuple[tuple[int, Script], ...]  # (match seed, every action in order)

    def row(self, label: str, seconds: float | None = None) -> str:
        took = self.seconds if seconds is None else seconds
        return (
            f"{label:<22} {self.matches:>7} {self.matches / took:>10.2f} "
            f"{self.turns / took:>11.0f} {self.actions / took:>11.0f} "
            f"{1e6 * took / self.actions:>10.1f}"
        )


def play(bot: str, rules: Rules, budget_s: float, min_matches: int, seed: int) -> Run:
    """Play 4-copy matches of ``bot`` for about ``budget_s`` seconds."""
    scripts: list[tuple[int, Script]] = []
    turns = actions = 0
    start, wall = time.process_time(), time.perf_counter()
    while len(scripts) < min_matches or time.perf_counter() - wall < budget_s:
        number = len(scripts)
        match_seed = derive_seed(seed, "bench", bot, number)
        bots = [make_bot(bot, derive_seed(seed, "bot", number, s)) for s in range(PLAYERS)]
        state = MatchState.new(rules, PLAYERS, match_seed)
        script: Script = []
        while state.phase is not Phase.MATCH_OVER:
            if state.phase is Phase.ROUND_OVER:
                state.next_round()
                continue
            seat = state.current
            action = bots[seat].choose(state.view(seat))
            state.apply(action)
            script.append(action)
        scripts.append((match_seed, script))
        actions += len(script)
        turns += sum(isinstance(a, Discard | GoOut) for a in script)
    seconds = time.process_time() - start
    return Run(bot, seconds, len(scripts), turns, actions, tuple(scripts))


def replay_engine(rules: Rules, scripts: Sequence[tuple[int, Script]], *, views: bool) -> float:
    """CPU seconds to replay the scripts: legal actions, checked apply (and views if asked)."""
    start = time.process_time()
    for match_seed, script in scripts:
        state = MatchState.new(rules, PLAYERS, match_seed)
        moves = iter(script)
        while state.phase is not Phase.MATCH_OVER:
            if state.phase is Phase.ROUND_OVER:
                state.next_round()
                continue
            if views:
                state.view(state.current)
            state.legal_actions()
            state.apply(next(moves))
    return time.process_time() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="play time per bot (5)")
    parser.add_argument("--min-matches", type=int, default=2, help="at least this many (2)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the matches (2024)")
    parser.add_argument(
        "--bots", help="comma-separated bots (default: random, greedy, simple if registered)"
    )
    args = parser.parse_args(argv)
    if args.bots:
        bots = [b.strip() for b in args.bots.split(",")]
    else:
        bots = [b for b in ("random", "greedy", "simple") if b in BOT_NAMES]

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{PLAYERS}-player {RULES.name} matches on one core; Python "
        f"{platform.python_version()} ({platform.python_implementation()}), "
        f"{os.cpu_count()} CPUs, load average {load:.2f}"
    )
    print(
        f"{'':<22} {'matches':>7} {'matches/s':>10} {'turns/s':>11} {'actions/s':>11} "
        f"{'us/action':>10}"
    )
    for bot in bots:
        run = play(bot, RULES, args.seconds, args.min_matches, args.seed)
        engine = replay_engine(RULES, run.scripts, views=False)
        with_views = replay_engine(RULES, run.scripts, views=True)
        print(run.row(f"{bot}"))
        print(run.row("  engine", engine))
        print(run.row("  engine + views", with_views))
        print(
            f"  {run.turns / run.matches:.0f} turns a match; bot / engine time = "
            f"{run.seconds / engine:.2f} (engine + views: {run.seconds / with_views:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
