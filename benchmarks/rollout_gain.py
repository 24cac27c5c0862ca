"""The head-room of a one-move search over a bot: its moves valued by rollouts, one by one.

A search bot that looks one move ahead (``montecarlo``) can only beat the bot
whose play it assumes for the rest of the round if, in the positions that bot
meets, some other move is worth more *under that same continuation*. This
benchmark measures that head-room directly, without playing whole matches
(which need thousands of games to show a few points):

1. ``--bot`` (seat 0) plays ``--matches`` whole matches against ``--opponents``
   (whole, so that every round counts as often as it is played); about one
   decision in eight of seat 0 with more than one candidate move is kept as a
   position.
   The candidates are the bot's own move, the other draw, or the
   ``--candidates - 1`` other discards with the least deadwood after them.
2. In each position, ``--rollouts`` worlds are dealt from seat 0's view
   (:func:`threethirteen.games.three_thirteen.worlds.sample_world`); in each world every
   candidate is played and the round is played out by the *true* policies (the bot for
   seat 0, the opponents for the others), then valued as the chance of
   winning the match (:func:`threethirteen.games.three_thirteen.bots.outlook.match_value`). The same
   worlds are also played out by ``montecarlo``'s greedy rollout policy.
3. The printed figures, in match wins per decision (0.001 = a tenth of a point):

   * ``true-policy gain``: the move that looks best on the first half of the
     worlds, valued on the second half, less the bot's own move on that half
     (an honest estimate: the choice and its value use different worlds). A
     one-move search with this many rollouts and a perfect model of the rest
     of the round would gain about this much a decision.
   * ``best in hindsight``: the best move's mean on all the worlds less the
     bot's own. The maximum of noisy means is biased upward, so this bounds the
     head-room from above, as the true-policy gain bounds it from below.
   * ``greedy-rollout choice``: the move best under greedy rollouts (all the
     worlds), valued by the true-policy rollouts: what ``montecarlo``'s cheap
     rollouts would choose, and what it is worth.
   * ``clearly better``: the share of positions where some other move beats
     the bot's by more than two standard errors over all the worlds.

   With ``--oracle`` the worlds keep the real hands (only the stock is
   reshuffled): the head-room of a search that knew every hand, an upper bound
   for what better sampled worlds could give.

With ``--challenger SPEC`` it compares another bot's choices with the bot's
instead, at every decision of seat 0 with a choice: where the challenger would play another move,
both moves are played from the *real* position (the real hands; the stock
reshuffled for each of ``--rollouts`` futures, :meth:`MatchState.with_shuffled_stock`)
and the round played out by the true policies. The mean difference over all
positions (0 where the two agree) is the challenger's first-order advantage
per decision: positive means its different choices are better, as the real
cards play out. Only the decisions that differ cost rollouts, and each is
paired, so a few thousand decisions (15 two-player matches hold about 2,000)
show what thousands of whole matches would:
this is how ``montecarlo`` variants and heuristic weights are screened before a
tournament.

Run: ``python benchmarks/rollout_gain.py`` (a few minutes with the defaults on
two cores; ``--help`` for the options). Results depend only on the options
(``--seed``), not on ``--workers``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from screening import MatchOptions, add_match_options, mean_and_error
from threethirteen.bots import Bot, make_bot
from threethirteen.bots.base import decisions
from threethirteen.games.three_thirteen.actions import Action, Discard, Draw, GoOut
from threethirteen.games.three_thirteen.bots.montecarlo import rollout
from threethirteen.games.three_thirteen.bots.outlook import match_value, remaining_spread
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.scoring import RoundEnd
from threethirteen.games.three_thirteen.state import MatchState, Phase, solver_for
from threethirteen.games.three_thirteen.views import PlayerView
from threethirteen.games.three_thirteen.worlds import sample_world


@dataclass(frozen=True)
class Options(MatchOptions):
    rollouts: int
    candidates: int
    challenger: str | None
    headroom: bool  # measure the head-room (no challenger)
    oracle: bool = False  # head-room worlds keep the real hands (only the stock reshuffled)


@dataclass(frozen=True)
class Position:
    """One kept decision: the real position, seat 0's view, its candidates (the bot's first)."""

    state: MatchState
    view: PlayerView
    moves: tuple[Action, ...]


@dataclass(frozen=True)
class Headroom:
    honest_gain: float  # choose on the first half of the worlds, value on the second
    best_gain: float  # the best mean on all the worlds less the bot's: biased up, a bound
    greedy_gain: float  # the greedy-rollout choice, valued by the true policies
    clearly_better: bool


@dataclass(frozen=True)
class Result:
    phase: str
    headroom: Headroom | None
    challenger_gain: float | None  # its move less the bot's, from the real position; 0 if equal


def candidates(view: PlayerView, chosen: Action, limit: int) -> tuple[Action, ...]:
    """``chosen`` first, then the other draw or the lowest-deadwood other discards."""
    legal = view.legal_actions
    if len(legal) < 2 or isinstance(chosen, GoOut) or any(isinstance(a, GoOut) for a in legal):
        return (chosen,)
    if view.phase is Phase.DRAW:
        return (chosen, *[a for a in legal if a != chosen and isinstance(a, Draw)])
    solver = solver_for(view.rules, view.round_number)
    table = view.table if view.rules.lay_off else ()
    allowed = {a.card for a in legal if isinstance(a, Discard)}
    ranked = sorted(
        (c for c in solver.discards(view.hand, table) if c.discard in allowed),
        key=lambda c: (c.deadwood, -solver.penalty(c.discard), c.discard.sort_key()),
    )
    others = [Discard(c.discard) for c in ranked if Discard(c.discard) != chosen]
    return (chosen, *others[: limit - 1])


def collect(options: Options, seed: int) -> tuple[list[Position], int]:
    """Positions of seat 0 from one whole match, and how many were left out as stalled.

    Whole matches, so that every round is represented as often as it is played.
    """
    rules = get_rules(options.rules)
    pick = random.Random(seed)
    positions: list[Position] = []
    bots = options.bots(seed)
    state = MatchState.new(rules, options.players, seed=seed)
    for decision in decisions(state, bots):
        # Head-room costs every candidate's rollouts: one decision in eight is
        # plenty. A challenger costs only where it differs: keep them all.
        if decision.seat == 0 and (not options.headroom or pick.random() < 0.125):
            moves = candidates(decision.view, decision.action, options.candidates)
            if len(moves) > 1:
                positions.append(Position(state.copy(), decision.view, moves))
    # A round that ran into the stall rule repeated one position hundreds of times
    # (two bots passing a card back and forth). Any change there breaks the loop and
    # gains once, not at each repetition: summing per-decision gains would count it
    # hundreds of times, so its positions are left out (the second figure returned).
    stalled = {r.number for r in state.results if r.ending is RoundEnd.TURN_LIMIT}
    kept = [p for p in positions if p.view.round_number not in stalled]
    return kept, len(positions) - len(kept)


def _play_out(state: MatchState, bots: Sequence[Bot]) -> tuple[int, ...]:
    while state.phase is Phase.DRAW or state.phase is Phase.DISCARD:
        state.apply_unchecked(bots[state.current].choose(state.view(state.current)))
    return state.results[-1].penalties


def measure_match(job: tuple[Options, int]) -> tuple[list[Result], int]:
    """Collect the positions of the match seeded ``seed`` and measure each.

    Returns the results and the number of positions left out as stalled.
    Positions are found and measured in the same process (a state does not
    pickle); one job a match seed keeps the results the same for any ``--workers``.
    """
    options, seed = job
    positions, stalled = collect(options, seed)
    results = [
        Result(
            str(p.view.phase),
            headroom(options, seed * 1000 + i, p) if options.headroom else None,
            challenge(options, seed * 1000 + i, p),
        )
        for i, p in enumerate(positions)
    ]
    return results, stalled


def headroom(options: Options, index: int, position: Position) -> Headroom:
    """Value every candidate of one position on the same sampled worlds, two ways."""
    view, moves = position.view, position.moves
    bots = options.bots(index)
    rng = random.Random(index)
    spread = remaining_spread(view.rules, view.round_number)
    true: list[list[float]] = [[] for _ in moves]
    greedy: list[list[float]] = [[] for _ in moves]
    for number in range(options.rollouts):
        world = (
            position.state.with_shuffled_stock(index * 10_000 + number)
            if options.oracle
            else sample_world(view, rng, 1.0)
        )
        for move, true_values, greedy_values in zip(moves, true, greedy, strict=True):
            true_values.append(_value(world.copy(), move, bots, view, spread))
            greedy_values.append(_value(world.copy(), move, None, view, spread))
    half = options.rollouts // 2

    def mean(values: Sequence[float]) -> float:
        return sum(values) / len(values)

    first = max(range(len(moves)), key=lambda i: (mean(true[i][:half]), -i))
    honest = mean(true[first][half:]) - mean(true[0][half:])
    by_greedy = max(range(len(moves)), key=lambda i: (mean(greedy[i]), -i))
    greedy_gain = mean(true[by_greedy]) - mean(true[0])
    clearly = False
    for values in true[1:]:
        diffs = [a - b for a, b in zip(values, true[0], strict=True)]
        error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        clearly = clearly or mean(diffs) > 2 * error > 0
    best = max(mean(values) for values in true) - mean(true[0])
    return Headroom(honest, best, greedy_gain, clearly)


def challenge(options: Options, index: int, position: Position) -> float | None:
    """The challenger's move less the bot's, played from the real position (0 if the same)."""
    if options.challenger is None:
        return None
    view, mine = position.view, position.moves[0]
    theirs = make_bot(options.challenger, index).choose(view)
    if theirs == mine:
        return 0.0
    bots = options.bots(index)
    spread = remaining_spread(view.rules, view.round_number)
    diffs = []
    for future in range(options.rollouts):
        seed = index * 10_000 + future
        theirs_value, mine_value = (
            _value(position.state.with_shuffled_stock(seed), move, bots, view, spread)
            for move in (theirs, mine)
        )
        diffs.append(theirs_value - mine_value)
    return sum(diffs) / len(diffs)


def _value(
    state: MatchState, move: Action, bots: Sequence[Bot] | None, view: PlayerView, spread: float
) -> float:
    """Play ``move`` in ``state`` (changed), the round out, and value the match for ``view``'s seat.

    The round is played by ``bots`` (the true policies), or by ``montecarlo``'s
    greedy rollout when ``bots`` is None.
    """
    state.apply_unchecked(move)
    penalties = _play_out(state, bots) if bots else rollout(state, 10_000)
    projected = [t + p for t, p in zip(view.scores.totals, penalties, strict=True)]
    return match_value(projected, view.seat, spread)


def summary(label: str, values: Sequence[float]) -> str:
    if len(values) < 2:
        return f"{label:<26} {len(values):>5}"
    mean, error = mean_and_error(values)
    return f"{label:<26} {len(values):>5} {mean:>+10.5f} {error:>9.5f}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_match_options(parser, matches=10, seed=100)
    parser.add_argument("--rollouts", type=int, default=48)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--challenger", help="another bot whose choices are compared")
    parser.add_argument(
        "--oracle",
        action="store_true",
        help="head-room with the real hands in every world (only the stock reshuffled)",
    )
    args = parser.parse_args(argv)
    if args.rollouts < 4 or args.matches < 1:
        parser.error("needs --rollouts of 4 or more and --matches of 1 or more")
    options = Options(
        args.rules,
        args.players,
        args.bot,
        args.opponents,
        args.rollouts,
        args.candidates,
        args.challenger,
        not args.challenger,
        args.oracle,
    )
    start = time.perf_counter()
    jobs = [(options, args.seed + match) for match in range(args.matches)]
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(pool.map(measure_match, jobs))
    results = [r for part, _ in parts for r in part]
    stalled = sum(left_out for _, left_out in parts)
    print(
        f"{args.bot} (seat 0) against {args.opponents}, {args.rules}, {args.players} players: "
        f"{len(results)} positions from {args.matches} matches, {args.rollouts} worlds each, "
        f"{time.perf_counter() - start:.0f} s on {args.workers} workers"
    )
    if stalled:
        print(f"left out: {stalled} positions of rounds stopped by the stall rule")
    print(f"{'match wins per decision':<26} {'n':>5} {'mean':>10} {'std err':>9}")
    rooms = [(r.phase, r.headroom) for r in results if r.headroom is not None]
    for phase in ("draw", "discard", None) if rooms else ():
        chosen = [room for kind, room in rooms if phase is None or kind == phase]
        name = phase or "all"
        print(summary(f"true-policy gain, {name}", [r.honest_gain for r in chosen]))
        print(summary(f"best in hindsight, {name}", [r.best_gain for r in chosen]))
        print(summary(f"greedy-rollout, {name}", [r.greedy_gain for r in chosen]))
    if rooms:
        clearly = sum(room.clearly_better for _, room in rooms)
        print(f"clearly better move elsewhere: {clearly} of {len(rooms)} positions")
    versus = [(r.phase, r.challenger_gain) for r in results if r.challenger_gain is not None]
    if versus:
        differs = sum(g != 0 for _, g in versus)
        print(f"{args.challenger} differs from {args.bot} in {differs} of {len(versus)} positions")
        for phase in ("draw", "discard", None):
            gains = [g for kind, g in versus if phase is None or kind == phase]
            print(summary(f"challenger's gain, {phase or 'all'}", gains))


if __name__ == "__main__":
    main()
