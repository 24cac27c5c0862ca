"""How much of a hand's deadwood is still held when the round ends: the race table.

``montecarlo`` stops its rollouts a few turns after the move it weighs and
scores each hand still in play by what it is expected to cost at the end of
the round: its deadwood times a share read from this table, by how many turns
the hand is from going out (:func:`threethirteen.games.three_thirteen.distance.draws_to_go_out`)
and how many the nearest other hand is. A hand one turn from going out against
hands three turns away keeps little of its deadwood (it will usually go out);
the same hand against one a turn away keeps much more.

The matches: ``--bot`` in seat 0 against ``--opponents``, seats rotated by
match (every seat plays both bots equally often). At every draw before anyone
has gone out, the seat to draw is one sample: its hand's deadwood and distance,
the nearest other hand's distance, and the penalty the seat was scored at the
round's end (an other hand 0 turns away, wholly melded, is rare: that column is
one figure pooled over every row; any other cell with under 100 samples, shown
as a dash, takes the figure on its left). Each cell is the sum of the penalties over the sum of the
deadwoods (a ratio of sums: large hands weigh more, as they do in the score),
printed with its count of samples; the last row and column pool 4 turns and
more. The Python literal printed last is what ``montecarlo._RACE`` holds.

Run: ``python benchmarks/race_table.py --opponents simple --matches 600``
(about two minutes on two cores).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from screening import MatchOptions, add_match_options
from threethirteen.bots import Bot
from threethirteen.bots.base import decisions
from threethirteen.games.three_thirteen.distance import draws_to_go_out
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.state import MatchState, Phase

CAP = 4  # distances of 4 turns and more share the last row and column
FEW = 100  # a cell with fewer samples takes the figure of the cell on its left

# (own distance, nearest other distance) -> [deadwood summed, penalty summed, samples]
Cells = dict[tuple[int, int], list[int]]


def seated_bots(options: MatchOptions, seed: int) -> list[Bot]:
    """The match's bots by seat: rotated by the seed, so ``--bot`` plays every seat."""
    bots = options.bots(seed)
    shift = seed % options.players  # bot i plays seat (i + shift)
    return bots[-shift:] + bots[:-shift] if shift else bots


def measure_match(job: tuple[MatchOptions, int]) -> Cells:
    """One match's samples, added up by cell."""
    options, seed = job
    bots = seated_bots(options, seed)
    state = MatchState.new(get_rules(options.rules), options.players, seed)
    cells: Cells = {}
    pending: list[tuple[int, int, tuple[int, int]]] = []  # seat, deadwood, cell
    rounds = 0
    for decision in decisions(state, bots):
        if len(state.results) != rounds:  # a round ended before this decision
            _settle(cells, pending, state.results[-1].penalties)
            rounds = len(state.results)
        if decision.view.phase is not Phase.DRAW or state.out_seat is not None:
            continue
        rules, wild = state.rules, state.wild_rank
        far = [min(CAP, draws_to_go_out(hand, rules, wild)) for hand in state.hands]
        seat = decision.seat
        nearest = min(k for other, k in enumerate(far) if other != seat)
        deadwood = state.spec.multiplier * state.solver.deadwood(state.hand(seat))
        pending.append((seat, deadwood, (far[seat], nearest)))
    _settle(cells, pending, state.results[-1].penalties)
    return cells


def _settle(
    cells: Cells, pending: list[tuple[int, int, tuple[int, int]]], penalties: Sequence[int]
) -> None:
    for seat, deadwood, cell in pending:
        sums = cells.setdefault(cell, [0, 0, 0])
        sums[0] += deadwood
        sums[1] += penalties[seat]
        sums[2] += 1
    pending.clear()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_match_options(parser, matches=600, seed=71000)
    args = parser.parse_args(argv)
    options = MatchOptions(args.rules, args.players, args.bot, args.opponents)
    start = time.perf_counter()
    jobs = [(options, args.seed + match) for match in range(args.matches)]
    total: Cells = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for cells in pool.map(measure_match, jobs):
            for cell, sums in cells.items():
                into = total.setdefault(cell, [0, 0, 0])
                for i, value in enumerate(sums):
                    into[i] += value
    samples = sum(sums[2] for sums in total.values())
    print(
        f"{args.bot} and {args.opponents}, {args.rules}, {args.players} players: {samples} "
        f"draws of {args.matches} matches, {time.perf_counter() - start:.0f} s on "
        f"{args.workers} workers"
    )
    print("share of the deadwood still held at the round's end (samples)")
    print("own \\ nearest other " + "".join(f"{k:>15}" for k in range(CAP + 1)))
    # An other hand already wholly melded is rare (it goes out on its next turn): its
    # column is pooled over every own distance.
    for own in range(2, CAP + 1):
        for i, value in enumerate(total.pop((own, 0), [0, 0, 0])):
            total.setdefault((1, 0), [0, 0, 0])[i] += value
    rows = []
    for own in range(1, CAP + 1):
        row: list[float] = []
        line = f"{own:>20}"
        for other in range(CAP + 1):
            deadwood, penalty, count = total.get((1, 0) if other == 0 else (own, other), [0, 0, 0])
            if count < FEW and other > 0:
                row.append(row[-1])
                line += f"{'-':>7} ({count:>5})"
                continue
            share = penalty / deadwood if deadwood else 0.0
            row.append(round(share, 3))
            line += f"{share:>8.3f} ({count:>5})"
        rows.append(tuple(row))
        print(line)
    print(repr(((0.0,) * (CAP + 1), *rows)))


if __name__ == "__main__":
    main()
