"""From a cost to cards: plans of melds read back from the search, and their cards.

A :class:`Plan` is a solution before it is turned into cards: its melds as cores
(naturals by position, how a run is laid, how many wilds), the unmelded naturals,
and where the wilds go. :func:`best_plan` walks the engine's memo back from the
least cost (the same options in the same order as the search, so the plan reaches
it); :func:`materialise` chooses the wild cards (the cheapest stay in hand) and lays
each run out in sequence order.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from threethirteen.cards import JOKER, Card
from threethirteen.games.three_thirteen.rules import AceMode
from threethirteen.games.three_thirteen.solver.encoding import (
    CARD_AT,
    INF,
    SUITS,
    Hand,
    card_count,
    card_positions,
    suit_major,
)
from threethirteen.games.three_thirteen.solver.melds import Arrangement, Meld, MeldKind
from threethirteen.games.three_thirteen.solver.search import Engine
from threethirteen.games.three_thirteen.solver.tables import all_wild_usable
from threethirteen.games.three_thirteen.solver.validity import line_bounds, rank_at
from threethirteen.games.three_thirteen.solver.vectors import combine

__all__ = [
    "Core",
    "Plan",
    "absorb_unrestricted",
    "arrange",
    "best_plan",
    "materialise",
    "plan_fast",
    "plan_restricted",
    "split_sizes",
]


@dataclass(slots=True)
class Core:
    """A meld in the making: its naturals (positions), how it is laid, and its wilds."""

    kind: MeldKind
    naturals: list[int]  # positions p of the natural cards (incl. wild-rank cards as themselves)
    direction: str = ""  # runs: "up" (line = rank), "down" (ace at 14), "cyc" (around)
    wilds: int = 0
    room: int = 0  # how many more wilds it may take
    flex: bool = False  # one natural and wilds: counts as a set or a run


@dataclass(slots=True)
class Plan:
    """A solution before it is turned into cards: cores, unmelded naturals, wild use."""

    cores: list[Core] = field(default_factory=list)
    unmelded: list[int] = field(default_factory=list)  # natural positions
    all_wild: list[int] = field(default_factory=list)  # sizes of all-wild melds
    all_wild_runs: int = 0  # how many of them a contract counts as runs (labelled so)
    unmelded_wilds: int = 0
    table_wilds: int = 0  # spare wilds laid off onto table melds (laying off)


# -- reconstruction --------------------------------------------------------------------------


def best_plan(engine: Engine, hand: Hand) -> tuple[Plan, int]:
    """An optimal plan for a hand, and the naturals (wild-rank cards as themselves too)."""
    if engine.unrestricted:
        return plan_fast(engine, hand), hand.x
    best: tuple[int, int, int] | None = None
    for x, _, acting_wild in engine.acting_choices(hand):
        g = engine.restricted_fn(hand.jokers, acting_wild)
        v = g(x, hand.jokers + acting_wild, 0)
        if best is None or v < best[0]:
            best = (v, x, acting_wild)
    assert best is not None
    _, x, acting_wild = best
    return plan_restricted(engine, x, hand.jokers, acting_wild), x


def plan_fast(engine: Engine, hand: Hand) -> Plan:
    plan = Plan()
    wilds = hand.jokers + sum(hand.wild_rank_cards)
    if hand.n:
        groups = engine.components(hand.x, wilds)
        _, given = combine([engine.vector(g, wilds) for g in groups], wilds)
        for group, w in zip(groups, given, strict=True):
            _plan_group(engine, plan, group, w)
    spare = wilds - sum(core.wilds for core in plan.cores)
    absorb_unrestricted(plan, spare)
    return plan


def _plan_group(engine: Engine, plan: Plan, x: int, w: int) -> None:
    """Add to ``plan`` an optimal way to meld the naturals ``x`` with ``w`` wilds."""
    n = card_count(x)
    f = engine.fast
    target = f(x, n, w)
    while x:
        w = min(w, 2 * n)
        b = (x & -x).bit_length() - 1
        p = b >> 2
        rest = x - (1 << (b & ~3))
        if engine.cost[p] + (f(rest, n - 1, w) if rest else 0) == target:
            plan.unmelded.append(p)
            x, n, target = rest, n - 1, target - engine.cost[p]
            continue
        found = False
        shift = (p >> 2) << 4
        for sub, m, need in engine.sets((x >> shift) & 0xFFFF):
            if need > w:
                break
            y = x - (sub << shift)
            if (f(y, n - m, w - need) if y else 0) == target:
                plan.cores.append(Core(MeldKind.SET, card_positions(sub << shift), "", need))
                x, n, w, found = y, n - m, w - need, True
                break
        if not found:
            for options, sh, direction in engine.run_choices(x, p, True):
                for sub, m, need in options:
                    if need > w:
                        break
                    y = rest - (sub << sh)
                    if (f(y, n - m, w - need) if y else 0) == target:
                        naturals = [p, *card_positions(sub << sh)]
                        plan.cores.append(Core(MeldKind.RUN, naturals, direction, need))
                        x, n, w, found = y, n - m, w - need, True
                        break
                if found:
                    break
        assert found, "solver plan lost its way"


def absorb_unrestricted(plan: Plan, spare: int) -> None:
    """Place spare wilds without restrictions: into a set, runs with room, or a meld."""
    if not spare:
        return
    if not plan.cores:
        if spare >= 3:
            plan.all_wild.append(spare)
        else:
            plan.unmelded_wilds = spare
        return
    for core in plan.cores:
        if core.kind is MeldKind.SET:
            core.wilds += spare
            return
    for core in plan.cores:
        room = 13 - len(core.naturals) - core.wilds
        take = min(room, spare)
        core.wilds += take
        spare -= take
    if spare >= 3:
        plan.all_wild.append(spare)
    elif spare:
        # Every meld is a full run of 13: split one in two and extend a half.
        core = plan.cores[0]
        core.room = -spare  # marks the split for materialise


def plan_restricted(
    engine: Engine, x: int, jokers: int, acting_wild: int, wilds: int | None = None, room: int = 0
) -> Plan:
    """An optimal plan of the restricted search from ``g(x, wilds, room)``.

    ``wilds`` (all of the pool by default) and ``room`` (0) start the search as
    laying off does: the table's melds take some wilds and offer room; spare
    wilds that the hand's melds cannot take go to the table (``table_wilds``).
    """
    plan = Plan()
    g = engine.restricted_fn(jokers, acting_wild)
    w = jokers + acting_wild if wilds is None else wilds
    room = min(room, w)
    cap = engine.cap
    big = 255 if cap is None else cap
    target = g(x, w, room)
    while x:
        b = (x & -x).bit_length() - 1
        p = b >> 2
        rest = x - (1 << (b & ~3))
        if engine.cost[p] + g(rest, w, room) == target:
            plan.unmelded.append(p)
            x, target = rest, target - engine.cost[p]
            continue
        found = False
        shift = (p >> 2) << 4
        for sub, _, need in engine.sets((x >> shift) & 0xFFFF):
            if need > w or need > big:
                break
            left = w - need
            new_room = min(room + big - need, left)
            if g(x - (sub << shift), left, new_room) == target:
                core = Core(MeldKind.SET, card_positions(sub << shift), "", need, big - need)
                plan.cores.append(core)
                x, w, room, found = x - (sub << shift), left, new_room, True
                break
        if not found:
            for options, sh, direction in engine.run_choices(x, p, False):
                for sub, m, need in options:
                    if need > w:
                        break
                    most = min(big, 13 - m)
                    if need > most:
                        continue
                    left = w - need
                    new_room = min(room + most - need, left)
                    if g(rest - (sub << sh), left, new_room) == target:
                        naturals = [p, *card_positions(sub << sh)]
                        core = Core(MeldKind.RUN, naturals, direction, need, most - need)
                        plan.cores.append(core)
                        x, w, room, found = rest - (sub << sh), left, new_room, True
                        break
                if found:
                    break
        assert found, "solver plan lost its way"
    # The spare wilds: fill melds' room, then all-wild melds, the rest stay in hand.
    absorbed = engine.absorbable(w, room)
    into_melds = max(
        (a for a in range(min(w, room) + 1) if a + _own(engine, w - a) == absorbed),
        default=0,
    )
    left = into_melds
    for core in plan.cores:
        take = min(core.room, left)
        core.wilds += take
        left -= take
    plan.table_wilds = left
    own = absorbed - into_melds
    if own:
        plan.all_wild.extend(split_sizes(own))
    plan.unmelded_wilds = w - absorbed
    return plan


def _own(engine: Engine, w: int) -> int:
    return all_wild_usable(w, engine.cap) if engine.rules.all_wild_melds else 0


# -- turning a plan into cards ---------------------------------------------------------------


def materialise(
    engine: Engine, plan: Plan, x: int, hand: Hand
) -> tuple[list[Meld], list[Card], int, list[Card]]:
    """Melds, unmelded cards, deadwood and wilds for the table of a plan.

    Wilds are chosen so that the cheapest stay in hand; ``plan.table_wilds`` of
    them, the next cheapest, are returned for laying off.
    """
    wild_rank = engine.wild_rank
    acting_natural = [0, 0, 0, 0]
    for s in range(4):
        acting_natural[s] = (x >> ((engine.wild_index + s) << 2)) & 15
    pool: list[Card] = [JOKER] * hand.jokers
    for s in range(4):
        pool += [Card(wild_rank, SUITS[s])] * (hand.wild_rank_cards[s] - acting_natural[s])
    # Meld the dearest wilds; the cheapest stay in hand.
    if len(pool) > 1:
        pool.sort(key=lambda c: (-_wild_penalty(engine, c), c.sort_key()))
    melds: list[Meld] = []
    spent = 0

    def take(k: int) -> list[Card]:
        nonlocal spent
        cards = pool[spent : spent + k]
        spent += k
        return cards

    for core in plan.cores:
        naturals = [CARD_AT[p] for p in core.naturals]
        if core.kind is MeldKind.SET:
            melds.append(Meld(MeldKind.SET, (*naturals, *take(core.wilds))))
            continue
        sequence = _lay_run(engine, core, take(core.wilds))
        if core.room < 0:  # the split of a full 13-card run (see absorb_unrestricted)
            extra = take(-core.room)
            head = [*sequence[:6], *extra]
            melds.append(Meld(MeldKind.RUN, tuple(head)))
            melds.append(Meld(MeldKind.RUN, tuple(sequence[6:])))
        else:
            melds.append(Meld(MeldKind.RUN, tuple(sequence)))
    for i, size in enumerate(plan.all_wild):
        kind = MeldKind.RUN if i < plan.all_wild_runs else MeldKind.SET
        melds.append(Meld(kind, tuple(take(size))))
    to_table = take(plan.table_wilds)
    # In card order (suit, then rank; wilds after, as they are taken cheapest last).
    unmelded = [CARD_AT[p] for p in sorted(plan.unmelded, key=suit_major)]
    unmelded += take(plan.unmelded_wilds)
    deadwood = sum(engine.penalty[p] for p in plan.unmelded) + sum(
        _wild_penalty(engine, c) for c in pool[spent - plan.unmelded_wilds : spent]
    )
    return melds, unmelded, deadwood, to_table


def _wild_penalty(engine: Engine, card: Card) -> int:
    return engine.rules.card_penalty(card, engine.wild_rank)


def _lay_run(engine: Engine, core: Core, wilds: list[Card]) -> list[Card]:
    """The run's cards in sequence order: naturals on their positions, wilds between/around."""
    ranks = [p // 4 + 1 for p in core.naturals]
    if core.direction == "down":
        line = [14 if r == 1 else r for r in ranks]
    elif core.direction == "cyc":
        ordered = sorted(ranks)
        gaps = [(b - a, b) for a, b in itertools.pairwise(ordered)]
        gaps.append((13 - ordered[-1] + ordered[0], ordered[0]))
        start = max(gaps)[1]
        line = [start + (r - start) % 13 for r in ranks]
    else:
        line = ranks
    lo, hi = min(line), max(line)
    bound_lo, bound_hi = line_bounds(engine.aces)
    if engine.aces is AceMode.EITHER:
        if 1 in line:
            bound_hi = 13
        if 14 in line:
            bound_lo = 2
    if engine.cyclic:
        bound_lo, bound_hi = -INF, INF
    extra = len(wilds) - (hi - lo + 1 - len(line))
    while extra > 0 and hi < bound_hi and hi - lo + 1 < 13:
        hi += 1
        extra -= 1
    while extra > 0 and lo > bound_lo and hi - lo + 1 < 13:
        lo -= 1
        extra -= 1
    at = dict(zip(line, core.naturals, strict=True))
    spare = iter(wilds)
    sequence = [CARD_AT[at[pos]] if pos in at else next(spare) for pos in range(lo, hi + 1)]
    if engine.cyclic and len(sequence) == 13:
        # All 13 ranks round the corner: a run in one order only, from the ace (see
        # windows), so the circle turns to start there. Each card keeps its rank.
        ace = next(i for i, pos in enumerate(range(lo, hi + 1)) if rank_at(pos) == 1)
        sequence = sequence[ace:] + sequence[:ace]
    return sequence


def split_sizes(wilds: int) -> list[int]:
    """Sizes of all-wild melds holding ``wilds`` cards: as many as possible, 3 or more each."""
    parts = wilds // 3
    sizes = [3] * parts
    for i in range(wilds - 3 * parts):
        sizes[i % parts] += 1
    return sizes


def arrange(engine: Engine, cards: Sequence[Card]) -> Arrangement:
    """The best arrangement of ``cards`` (no table): the least cost, in cards."""
    hand = engine.split(cards)
    plan, x = best_plan(engine, hand)
    melds, unmelded, deadwood, _ = materialise(engine, plan, x, hand)
    return Arrangement(tuple(melds), tuple(unmelded), deadwood)
