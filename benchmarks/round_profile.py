"""Where a bot's edge comes from, round by round: margins, going out, penalties, lengths.

A tournament gives one figure for a whole match; this benchmark splits it by
round. ``--bot`` plays ``--matches`` deals against ``--opponents``, each deal
once with the bot in every seat (so every seat starts each round equally
often), and for each round of the match it prints:

* ``margin``: the others' mean penalty less the bot's, in points (the round's
  share of the match's margin), with one standard error;
* ``won`` / ``lost``: the share of rounds the bot scored below every other seat
  / above the lowest of them;
* ``out`` / ``opp out``: the share the bot went out in / an opponent did;
* ``pen`` / ``opp pen``: the mean penalties; ``pen | opp out``: the bot's
  penalty in the rounds an opponent went out, ``opp pen | out``: the others'
  mean penalty in the rounds the bot went out (what going out won);
* ``turns``: the round's turns per player (final turns included);

and then, with ``--remaining``, the expected turns still to come, per player,
in a round that has lasted ``t`` turns a player (its mean over the rounds
still running at ``t``; a dash under 20 such rounds): how long a bot should
expect the round to go on.

Run: ``python benchmarks/round_profile.py --opponents simple --matches 500``
(about a minute on two cores with the heuristic against ``simple``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from screening import add_match_options, match_share, mean_and_error, others_mean
from threethirteen.bots import Bot, make_bot
from threethirteen.bots.base import decisions
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Action
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.state import MatchState, Phase


class RoundRecord(NamedTuple):
    """One round of one match, from the bot's seat."""

    number: int
    hand_size: int
    margin: float  # the others' mean penalty less the bot's
    out: bool  # the bot went out
    opp_out: bool  # another seat went out
    penalty: int
    opp_penalty: float  # the others' mean penalty
    best_other: int  # the lowest other penalty
    turns: float  # the round's turns per player


class MatchRecord(NamedTuple):
    """One match: its rounds and whether the bot won (a share of a tied win)."""

    rounds: tuple[RoundRecord, ...]
    won: float
    led: bool  # the bot's total was the lowest, strictly, before the last round


def play(job: tuple[str, int, str, str, int, int]) -> MatchRecord:
    """One match of deal ``seed`` with ``bot`` in seat ``seat``, the others ``opponents``."""
    rules_name, players, bot, opponents, seed, seat = job
    bots: list[Bot] = [make_bot(bot if s == seat else opponents, seed + s) for s in range(players)]
    state = MatchState.new(get_rules(rules_name), players, seed=seed)
    turns: list[float] = []  # each round's turns a player, recorded as it ends

    def on_action(now: MatchState, mover: int, action: Action) -> None:
        if now.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            turns.append(now.turn / players)

    for _ in decisions(state, bots, on_action):
        pass
    rounds = []
    for result, length in zip(state.results, turns, strict=True):
        pen = result.penalties
        others = others_mean(pen, seat)
        rounds.append(
            RoundRecord(
                number=result.number,
                hand_size=state.rules.round_spec(result.number).hand_size,
                margin=others - pen[seat],
                out=result.out_seat == seat,
                opp_out=result.out_seat is not None and result.out_seat != seat,
                penalty=pen[seat],
                opp_penalty=others,
                best_other=min(p for s, p in enumerate(pen) if s != seat),
                turns=length,
            )
        )
    before = [sum(r.penalties[s] for r in state.results[:-1]) for s in range(players)]
    led = all(before[seat] < total for s, total in enumerate(before) if s != seat)
    return MatchRecord(tuple(rounds), match_share(state, seat), led)


def _mean(values: Sequence[float]) -> str:
    return f"{statistics.mean(values):.1f}" if values else "-"


def round_table(matches: Sequence[MatchRecord]) -> list[str]:
    """The per-round lines (a header first), as :func:`main` prints them."""
    lines = [
        f"{'round':>5} {'cards':>5} {'margin':>13} {'won':>5} {'lost':>5} {'out':>5} "
        f"{'opp out':>7} {'pen':>5} {'opp pen':>7} {'pen | opp out':>13} "
        f"{'opp pen | out':>13} {'turns':>5}"
    ]
    rounds = max(len(m.rounds) for m in matches)
    for index in range(rounds):
        records = [m.rounds[index] for m in matches if len(m.rounds) > index]
        n = len(records)
        mean, error = mean_and_error([r.margin for r in records])
        lines.append(
            f"{records[0].number:>5} {records[0].hand_size:>5} {mean:>+7.2f} ± {error:>4.2f} "
            f"{sum(r.penalty < r.best_other for r in records) / n:>5.3f} "
            f"{sum(r.penalty > r.best_other for r in records) / n:>5.3f} "
            f"{sum(r.out for r in records) / n:>5.3f} {sum(r.opp_out for r in records) / n:>7.3f} "
            f"{_mean([r.penalty for r in records]):>5} "
            f"{_mean([r.opp_penalty for r in records]):>7} "
            f"{_mean([r.penalty for r in records if r.opp_out]):>13} "
            f"{_mean([r.opp_penalty for r in records if r.out]):>13} "
            f"{_mean([r.turns for r in records]):>5}"
        )
    return lines


def remaining_table(matches: Sequence[MatchRecord], *, least: int = 20) -> list[str]:
    """Expected turns a player still to come after ``t``, by round (a header first).

    A cell needs ``least`` rounds still running at ``t``; columns no round fills
    are left out.
    """
    rounds = max(len(m.rounds) for m in matches)
    rows = []
    for index in range(rounds):
        records = [m.rounds[index] for m in matches if len(m.rounds) > index]
        cells: list[float | None] = []
        t = 0
        while alive := [r.turns - t for r in records if r.turns > t]:
            cells.append(statistics.mean(alive) if len(alive) >= least else None)
            t += 1
        rows.append((records[0].hand_size, cells))
    width = max(
        (i + 1 for _, cells in rows for i, c in enumerate(cells) if c is not None), default=0
    )
    lines = [f"{'cards':>5} " + " ".join(f"{t:>4}" for t in range(width))]
    for size, cells in rows:
        padded = (cells + [None] * width)[:width]
        lines.append(
            f"{size:>5} " + " ".join("   -" if c is None else f"{c:>4.1f}" for c in padded)
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_match_options(parser, matches=500, seed=5000)
    parser.add_argument(
        "--remaining", action="store_true", help="also print the turns still to come"
    )
    args = parser.parse_args(argv)
    for name in (args.bot, args.opponents):
        try:
            make_bot(name)
        except ThreeThirteenError as unknown:
            parser.error(str(unknown))
    start = time.perf_counter()
    jobs = [
        (args.rules, args.players, args.bot, args.opponents, args.seed + deal, seat)
        for deal in range(args.matches)
        for seat in range(args.players)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        matches = list(pool.map(play, jobs, chunksize=8))
    wins = sum(m.won for m in matches)
    total, error = mean_and_error([sum(r.margin for r in m.rounds) for m in matches])
    print(
        f"{args.bot} against {args.opponents}, {args.rules}, {args.players} players: "
        f"{len(matches)} matches ({args.matches} deals, the bot in every seat), "
        f"{time.perf_counter() - start:.0f} s\n"
        f"matches won {wins / len(matches):.1%}, margin {total:+.2f} ± {error:.2f} a match"
    )
    flips = sum(m.led != (m.won > 0) for m in matches)
    print(
        f"matches the bot won without leading before the last round, or lost leading: "
        f"{flips / len(matches):.1%}\n"
    )
    print("\n".join(round_table(matches)))
    if args.remaining:
        print("\nturns a player still to come after t turns a player:")
        print("\n".join(remaining_table(matches)))


if __name__ == "__main__":
    main()
