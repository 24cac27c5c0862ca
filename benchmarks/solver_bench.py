"""Solver speed: the exact hand solver against the goals and against the naive oracle.

Two families of hands, both under the ``bga`` rules in round 11 (13 cards, Kings
and 4 jokers wild; 108-card shoe):

* ``bga round 11``: hands dealt from the shuffled shoe (seeded);
* ``6-8 wilds``: 13-card hands holding 6, 7 or 8 wilds, plus one more card drawn.

For each it times, per hand: (a) the lowest penalty of the 13-card hand
(``deadwood``); (b) the full after-draw analysis of the 14-card hand
(``discards``: every distinct discard weighed, with whether it goes out; the
arrangement of a choice is built when read, so (b') also times building all of
them); and ``solve`` (penalty and arrangement). "cold" clears the solver's memo
before each hand (tables stay built) and takes the best of three runs; "warm"
keeps the memo across hands, as a bot does in play, one run each. The naive
all-subsets solver (:mod:`threethirteen.games.three_thirteen.solver.reference`) is timed on
the first hands of each family and the speed-up is the ratio of medians on those same hands.

A third family times laying off (``bga`` with the ``lay-off`` house rule, round 11):
a going-out table of 3 or 4 melds (13 cards from the shoe, a wild now and then) and
14 more cards from the rest; (c) the lowest penalty of the 13-card hand onto that
table, (c') the after-draw analysis of the 14-card hand onto it (the greedy bot's
final turn). "cold" also drops the table's readings and searches. The previous
method (every sub-multiset of the cards that could extend each table meld, the rest
solved by the engine; kept below to measure against) is timed on the first hands,
with the speed-up on those same hands.

A fourth family times :func:`threethirteen.games.three_thirteen.distance.draws_to_go_out` (how many
turns a hand is from going out): (d) classic hands of 5, 8, 11 and 13 cards dealt
from the shoe (the rounds whose melds must be long, and the largest), cold (its memo
cleared before each hand, best of three) and warm, beside the deadwood of the same
hands, cold, as the baseline of the same run; and which of the 52 cards a draw of
which brings the hand closer (the heuristic's acceptance term), by one search
(:func:`threethirteen.games.three_thirteen.distance.closer_draws`) against a search a card
(:func:`threethirteen.games.three_thirteen.distance.draw_brings_closer`, on a fifth of the
hands), cold.

Run: ``python benchmarks/solver_bench.py`` (about a minute; ``--help`` for sizes).
The garbage collector is off while timing, as in :mod:`timeit`.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from threethirteen.cards import Card, Rank, Suit, make_shoe
from threethirteen.games.three_thirteen import distance
from threethirteen.games.three_thirteen.rules import Rules, get_rules
from threethirteen.games.three_thirteen.solver import (
    HandSolver,
    Meld,
    MeldKind,
    is_valid_meld,
    validity,
)
from threethirteen.games.three_thirteen.solver.encoding import SCALE, SUITS
from threethirteen.games.three_thirteen.solver.reference import reference_deadwood

RULES = get_rules("bga")
ROUND = 11
GOALS_MS = {"13-card deadwood": 0.1, "14-card discards": 0.6}
MAX_GOAL_MS = 10.0

Hand = list[Card]
_DECK = [Card(rank, suit) for rank in Rank for suit in Suit]
Known = dict[int, int]  # a hand's distance to going out, by the hand's id


def bga_deals(count: int, seed: int) -> list[Hand]:
    """14-card hands dealt from the shuffled bga shoe."""
    rng = random.Random(seed)
    shoe = make_shoe(2, RULES.jokers)
    return [rng.sample(shoe, 14) for _ in range(count)]


def wild_family(count: int, seed: int) -> list[Hand]:
    """13 cards holding 6, 7 or 8 wilds (jokers and Kings), then a 14th card from the rest."""
    rng = random.Random(seed)
    shoe = make_shoe(2, RULES.jokers)
    wilds = [c for c in shoe if c.rank is None or c.rank is Rank.KING]
    naturals = [c for c in shoe if not (c.rank is None or c.rank is Rank.KING)]
    hands = []
    for _ in range(count):
        k = rng.choice((6, 7, 8))
        hand = rng.sample(wilds, k) + rng.sample(naturals, 13 - k)
        rng.shuffle(hand)
        rest = list(shoe)
        for card in hand:
            rest.remove(card)
        hands.append([*hand, rng.choice(rest)])
    return hands


def time_each(
    fn: Callable[[Hand], object],
    hands: Sequence[Hand],
    runs: int,
    reset: bool,
    clear: Callable[[], None] | None = None,
) -> list[float]:
    """Seconds per hand: the best of ``runs`` runs, the memo cleared first if ``reset``.

    ``clear`` clears the memo (by default the bga round-11 solver's).
    """
    clear = clear or HandSolver.for_round(RULES, ROUND)._engine.memo.clear
    out = []
    for hand in hands:
        best = float("inf")
        for _ in range(runs):
            if reset:
                clear()
            start = time.perf_counter()
            fn(hand)
            best = min(best, time.perf_counter() - start)
        out.append(best)
    return out


def summary(times: Sequence[float]) -> tuple[float, float, float]:
    """(median, p99, max) in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered) * 1e3, p99 * 1e3, ordered[-1] * 1e3


def line(label: str, times: Sequence[float], goal: float | None = None) -> str:
    median, p99, worst = summary(times)
    text = f"  {label:<34} median {median:8.3f}  p99 {p99:8.3f}  max {worst:8.3f} ms"
    if goal is not None:
        ok = median < goal and worst < MAX_GOAL_MS
        text += f"   goal median < {goal} ms, max < {MAX_GOAL_MS:g} ms: {'met' if ok else 'MISSED'}"
    return text


def naive_full(hand: Hand) -> None:
    """The naive after-draw analysis: every distinct discard solved from scratch."""
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        reference_deadwood(rest, RULES, ROUND)


def run_family(name: str, hands: list[Hand], naive_hands: int, naive_full_hands: int) -> None:
    solver = HandSolver.for_round(RULES, ROUND)
    wilds = [sum(1 for c in h[:13] if solver.is_wild(c)) for h in hands]
    print(
        f"\n{name}: {len(hands)} hands, wilds in the 13 cards: "
        f"median {statistics.median(wilds):g}, range {min(wilds)}-{max(wilds)}"
    )
    # Build the option tables once (they are shared by every hand and never cleared).
    for hand in hands:
        solver.discards(hand)

    def deadwood(h: Hand) -> object:
        return solver.deadwood(h[:13])

    def discards(h: Hand) -> object:
        return solver.discards(h)

    def discards_built(h: Hand) -> object:
        return [choice.arrangement for choice in solver.discards(h)]

    def solve(h: Hand) -> object:
        return solver.solve(h[:13])

    gc.disable()
    try:
        cold_a = time_each(deadwood, hands, 3, True)
        cold_b = time_each(discards, hands, 3, True)
        cold_b2 = time_each(discards_built, hands, 1, True)
        cold_s = time_each(solve, hands, 1, True)
        solver._engine.memo.clear()
        warm_a = time_each(deadwood, hands, 1, False)
        solver._engine.memo.clear()
        warm_b = time_each(discards, hands, 1, False)
    finally:
        gc.enable()
    print(" fast solver, cold (memo cleared before each hand, best of 3):")
    print(line("(a) 13-card deadwood", cold_a, GOALS_MS["13-card deadwood"]))
    print(line("(b) 14-card discards", cold_b, GOALS_MS["14-card discards"]))
    print(line("(b') discards + all 14 arrangements", cold_b2))
    print(line("13-card solve (with arrangement)", cold_s))
    print(" fast solver, warm (memo kept across hands, as in play):")
    print(line("(a) 13-card deadwood", warm_a, GOALS_MS["13-card deadwood"]))
    print(line("(b) 14-card discards", warm_b, GOALS_MS["14-card discards"]))

    sample_a = hands[:naive_hands]
    naive_a = []
    for hand in sample_a:
        start = time.perf_counter()
        reference_deadwood(hand[:13], RULES, ROUND)
        naive_a.append(time.perf_counter() - start)
    sample_b = hands[:naive_full_hands]
    naive_b = []
    for hand in sample_b:
        start = time.perf_counter()
        naive_full(hand)
        naive_b.append(time.perf_counter() - start)
    print(f" naive all-subsets solver (first {len(sample_a)} / {len(sample_b)} hands):")
    print(line("(a) 13-card deadwood", naive_a))
    print(line("(b) 14-card discards", naive_b))
    ratio_a = statistics.median(naive_a) / statistics.median(cold_a[: len(sample_a)])
    ratio_b = statistics.median(naive_b) / statistics.median(cold_b[: len(sample_b)])
    print(
        f"  speed-up on the same hands (cold fast vs naive, medians): (a) {ratio_a:,.0f}x, "
        f"(b) {ratio_b:,.0f}x"
    )


# -- laying off ---------------------------------------------------------------------------------

LAY_OFF_RULES = RULES.with_options(lay_off=True)
Table = list[Meld]


def going_out_tables(count: int, seed: int) -> list[tuple[Table, Hand]]:
    """A going-out table of 3 or 4 melds (13 cards of the shoe) and 14 more cards."""
    rng = random.Random(seed)
    shoe = make_shoe(2, RULES.jokers)
    wild = RULES.round_spec(ROUND).wild_rank
    suits, ranks = list(Suit), [r for r in Rank if r is not wild]
    out: list[tuple[Table, Hand]] = []
    while len(out) < count:
        left = list(shoe)
        table: Table = []
        parts = rng.choice([(3, 3, 3, 4), (3, 5, 5), (4, 4, 5), (3, 3, 7), (3, 4, 6)])
        for size in parts:
            for _ in range(100):
                if rng.random() < 0.5:
                    suit, start = rng.choice(suits), rng.randint(1, 14 - size)
                    want = [Card(Rank(start + i), suit) for i in range(size)]
                    kind = MeldKind.RUN
                else:
                    rank = rng.choice(ranks)
                    want = [Card(rank, rng.choice(suits)) for _ in range(size)]
                    kind = MeldKind.SET
                if rng.random() < 0.4:
                    want[rng.randrange(size)] = rng.choice(
                        [c for c in left if c.rank in (None, wild)]
                    )
                if not Counter(want) <= Counter(left):
                    continue
                meld = Meld(kind, tuple(want))
                if is_valid_meld(meld, LAY_OFF_RULES, wild):
                    table.append(meld)
                    for card in want:
                        left.remove(card)
                    break
        if len(table) == len(parts):
            out.append((table, rng.sample(left, 14)))
    return out


def previous_lay_off(solver: HandSolver, cards: Sequence[Card], table: Table) -> int:
    """The previous method, kept to measure against: every sub-multiset of the cards that
    could extend each table meld in turn, memoised on the cards left, the rest solved by
    the engine. Returns the lowest deadwood."""
    engine, rules, wild_rank = solver._engine, solver.rules, solver.wild_rank
    memo: dict[tuple[int, tuple[Card, ...]], int] = {}

    def could_extend(meld: Meld, card: Card) -> bool:
        if card.rank is None or card.rank is wild_rank:
            return True
        naturals = [c for c in meld.cards if c.rank is not None and c.rank is not wild_rank]
        if not naturals:
            return True
        if meld.kind is MeldKind.SET:
            return card.rank is naturals[0].rank
        return card.suit is naturals[0].suit

    def extends(meld: Meld, added: Sequence[Card]) -> bool:
        if meld.kind is MeldKind.SET:
            return validity.is_set((*meld.cards, *added), rules, wild_rank)
        length = len(meld.cards) + len(added)
        if length > 13:
            return False
        for suit in SUITS:
            for start in validity.windows(rules.aces, length):
                for left in range(len(added) + 1):
                    counts = validity.ordered_run_wilds(meld.cards, suit, start + left, wild_rank)
                    if counts is None:
                        continue
                    free = [*range(start, start + left)]
                    free += range(start + left + len(meld.cards), start + length)
                    naturals, ok, taken = 0, True, set()
                    spare = 0
                    for card in added:
                        if card.rank is None or card.rank is wild_rank:
                            spare += 1
                            continue
                        spot = next(
                            (
                                p
                                for p in free
                                if validity.rank_at(p) == card.rank and card.suit is suit
                            ),
                            None,
                        )
                        if spot is None or spot in taken:
                            ok = False
                            break
                        taken.add(spot)
                        naturals += 1
                    if not ok:
                        continue
                    own = sum(
                        1
                        for p in free
                        if p not in taken
                        and validity.rank_at(p) == wild_rank
                        and any(c.rank is wild_rank and c.suit is suit for c in added)
                    )
                    naturals += min(own, 1)
                    if validity.allowed(counts[0] + naturals, length - counts[0] - naturals, rules):
                        return True
        return False

    def best(i: int, left: tuple[Card, ...]) -> int:
        key = (i, left)
        if key in memo:
            return memo[key]
        if i == len(table):
            memo[key] = engine.cost_of(left)
            return memo[key]
        result = best(i + 1, left)
        fits = Counter(c for c in left if could_extend(table[i], c))
        distinct = sorted(fits, key=Card.sort_key)
        for combo in itertools.product(*(range(fits[c] + 1) for c in distinct)):
            if not any(combo):
                continue
            added = [c for c, k in zip(distinct, combo, strict=True) for _ in range(k)]
            if not extends(table[i], added):
                continue
            remaining = list(left)
            for c in added:
                remaining.remove(c)
            result = min(result, best(i + 1, tuple(remaining)))
        memo[key] = result
        return result

    return best(0, tuple(sorted(cards, key=Card.sort_key))) // SCALE


def run_lay_off(cases: list[tuple[Table, Hand]], previous_hands: int) -> None:
    solver = HandSolver.for_round(LAY_OFF_RULES, ROUND)
    engine, lay_off = solver._engine, solver._lay_off
    sizes = Counter(len(table) for table, _ in cases)
    print(
        f"\nlaying off (bga, lay-off, round {ROUND}): {len(cases)} tables of "
        + ", ".join(f"{k} melds: {v}" for k, v in sorted(sizes.items()))
    )
    for table, hand in cases:  # build the option tables once
        solver.discards(hand, table)

    def clear() -> None:
        engine.memo.clear()
        engine.free_engines.clear()
        lay_off.tables.clear()
        lay_off.searches.clear()

    def timed(fn: Callable[[Table, Hand], object], runs: int) -> list[float]:
        out = []
        for table, hand in cases:
            best = float("inf")
            for _ in range(runs):
                clear()
                start = time.perf_counter()
                fn(table, hand)
                best = min(best, time.perf_counter() - start)
            out.append(best)
        return out

    gc.disable()
    try:
        cold_c = timed(lambda t, h: solver.deadwood(h[:13], t), 3)
        cold_c2 = timed(lambda t, h: solver.discards(h, t), 3)
        previous = []
        for table, hand in cases[:previous_hands]:
            start = time.perf_counter()
            expected = previous_lay_off(solver, hand[:13], table)
            previous.append(time.perf_counter() - start)
            assert expected == solver.deadwood(hand[:13], table), (table, hand)
    finally:
        gc.enable()
    print(" fast solver, cold (memo and table searches cleared before each hand, best of 3):")
    print(line("(c) 13-card deadwood + table", cold_c, 1.0))
    print(line("(c') 14-card discards + table", cold_c2))
    print(f" previous subset method (first {len(previous)} hands, one run, same answers):")
    print(line("(c) 13-card deadwood + table", previous))
    ratio = statistics.median(previous) / statistics.median(cold_c[: len(previous)])
    print(f"  speed-up on the same hands (cold fast vs previous, medians): (c) {ratio:,.0f}x")


def run_distance(count: int, seed: int) -> None:
    """(d): the distance to going out, by hand size, cold and warm, beside the deadwood."""
    classic = get_rules("classic")
    rng = random.Random(seed)
    shoe = make_shoe(2, 0)
    print(f"\n(d) distance to going out, classic, {count} hands a size dealt from the shoe")
    gc.disable()
    try:
        _time_distance(classic, rng, shoe, count)
    finally:
        gc.enable()


def _time_distance(classic: Rules, rng: random.Random, shoe: Sequence[Card], count: int) -> None:
    for number in (3, 6, 9, 11):
        solver = HandSolver.for_round(classic, number)
        size = solver.spec.hand_size
        hands = [rng.sample(shoe, size) for _ in range(count)]

        def turns(hand: Hand, wild: Rank = solver.wild_rank) -> None:
            distance.draws_to_go_out(hand, classic, wild)

        cold = time_each(turns, hands, 3, True, distance._MEMO.clear)
        distance._MEMO.clear()
        warm = time_each(turns, hands, 1, False)
        deadwood = time_each(solver.deadwood, hands, 1, True, solver._engine.memo.clear)
        ratio = statistics.median(cold) / statistics.median(deadwood)
        print(f"  {size} cards ({solver.wild_rank.plural} wild)")
        print(line("draws_to_go_out, cold", cold))
        print(line("draws_to_go_out, warm", warm))
        print(line(f"deadwood, cold (distance {ratio:.1f}x)", deadwood))
        # Which of the 52 cards bring the hand closer: one search, against one a card.
        known = {id(h): distance.draws_to_go_out(h, classic, solver.wild_rank) for h in hands}

        def one_search(hand: Hand, wild: Rank = solver.wild_rank, known: Known = known) -> None:
            helps = distance.closer_draws(hand, known[id(hand)], classic, wild)
            [helps(card) for card in _DECK]

        def card_by_card(hand: Hand, wild: Rank = solver.wild_rank, known: Known = known) -> None:
            turns = known[id(hand)]
            [distance.draw_brings_closer(hand, card, turns, classic, wild) for card in _DECK]

        def clear_both() -> None:
            distance._MEMO.clear()
            distance._FILL_MEMO.clear()

        once = time_each(one_search, hands, 3, True, clear_both)
        each = time_each(card_by_card, hands[: max(1, len(hands) // 5)], 1, True, clear_both)
        ratio = statistics.median(each) / statistics.median(once[: len(each)])
        print(line("closer draws, one search, cold", once))
        print(line(f"closer, card by card, cold ({ratio:.0f}x)", each))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per family (fast solver)")
    parser.add_argument("--naive-hands", type=int, default=12, help="hands for naive (a)")
    parser.add_argument("--naive-full", type=int, default=3, help="hands for naive (b)")
    parser.add_argument("--tables", type=int, default=1000, help="lay-off hands (fast solver)")
    parser.add_argument("--previous", type=int, default=100, help="lay-off hands, previous method")
    parser.add_argument("--distance-hands", type=int, default=500, help="hands a size for (d)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} CPUs, load average {load:.2f} at the start (other work slows timings)")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}; rules bga, round {ROUND} (13 cards, Kings and jokers wild)"
    )
    started = time.perf_counter()
    run_family(
        "bga round 11 deals", bga_deals(args.hands, args.seed), args.naive_hands, args.naive_full
    )
    run_family(
        "6-8 wilds", wild_family(args.hands, args.seed + 1), args.naive_hands, args.naive_full
    )
    run_lay_off(going_out_tables(args.tables, args.seed + 2), args.previous)
    run_distance(args.distance_hands, args.seed + 3)
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
