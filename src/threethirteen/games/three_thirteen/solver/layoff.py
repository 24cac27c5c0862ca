"""Laying off, part three: the least cost of a hand onto a table, and its arrangement.

:class:`LayOff` holds, for one engine, the table readings (:mod:`.readings`) and
the searches with blocks (:mod:`.table_search`) that hands of a round share. For
each way wild-rank cards act and each reading of the table sets: without wild
restrictions, when each table run has one reading and spare wilds are sure to find
room, one search chooses the blocks for the table runs with the hand's melds;
otherwise every choice of blocks, one pair per table run (few: the naturals of its
suit next to it), leaves a hand that the engine solves with the wilds left and the
table's room for spare wilds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from threethirteen.cards import JOKER, Card
from threethirteen.games.three_thirteen.solver.encoding import (
    CARD_AT,
    INF,
    SUIT_INDEX,
    SUITS,
    Hand,
    card_count,
    field_at,
    naturals_cost,
)
from threethirteen.games.three_thirteen.solver.melds import Arrangement, Meld
from threethirteen.games.three_thirteen.solver.plans import (
    Plan,
    absorb_unrestricted,
    materialise,
    plan_fast,
    plan_restricted,
)
from threethirteen.games.three_thirteen.solver.readings import (
    LayOffTable,
    RunChoice,
    RunReading,
    SetChoice,
)
from threethirteen.games.three_thirteen.solver.search import TABLE_CACHE_LIMIT, Engine
from threethirteen.games.three_thirteen.solver.table_search import TableSearch

__all__ = ["LayOff", "LayOffFound"]


class LayOff:
    """Laying off for one engine (rules and wild rank): cached table readings and searches.

    Shared, like the engine, by every solver with the same rules and wild rank.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # Table readings by the table, and searches by (free positions, table runs).
        self.tables: dict[tuple[Meld, ...], LayOffTable] = {}
        self.searches: dict[tuple[frozenset[int], tuple[RunReading, ...]], TableSearch] = {}

    def table(self, table: tuple[Meld, ...]) -> LayOffTable:
        """The readings of ``table`` (cached: every hand of a round meets the same table)."""
        known = self.tables.get(table)
        if known is None:
            if len(self.tables) >= TABLE_CACHE_LIMIT:
                self.tables.clear()
            known = self.tables[table] = LayOffTable(self.engine, table)
        return known

    def search(self, free: frozenset[int], readings: tuple[RunReading, ...]) -> TableSearch:
        """The search with blocks for these table runs (cached like the free engines)."""
        key = (free, readings)
        search = self.searches.get(key)
        if search is None:
            if len(self.searches) >= TABLE_CACHE_LIMIT:
                self.searches.clear()
            search = self.searches[key] = TableSearch(self.engine.free_engine(free), readings)
        return search

    def best(self, hand: Hand, table: LayOffTable) -> tuple[int, LayOffFound]:
        """Least scaled cost of a hand that may lay off onto ``table``, and how.

        For each way wild-rank cards act and each reading of the table sets (the free
        naturals): without wild restrictions, when each table run has one reading and
        spare wilds are sure to find room, one search chooses the blocks for the table
        runs with the hand's melds (:class:`TableSearch`); otherwise every choice of
        blocks is solved by the engine with the wilds the blocks leave and the room the
        table offers.
        """
        engine = self.engine
        best = INF
        found: LayOffFound | None = None
        unrestricted = engine.unrestricted
        for x, n, acting_wild in engine.acting_choices(hand):
            w = hand.jokers + acting_wild
            pool = sorted([engine.joker_cost] * hand.jokers + [engine.wild_cost] * acting_wild)
            for sets in table.set_choices(x):
                x1 = x - sets.forced_mask
                n1 = n - len(sets.forced)
                set_room = sum(room for _, room in sets.rooms)
                per_run: list[list[RunChoice]] | None = None
                if unrestricted and table.single is not None and not set_room and w:
                    # Spare wilds need the table runs' room when the hand melds nothing.
                    per_run = [table.run_choices(readings, x1, w) for readings in table.runs]
                if (
                    unrestricted
                    and table.single is not None
                    and (per_run is None or sum(min(c.room for c in cs) for cs in per_run) >= 2)
                ):
                    search = self.search(sets.free, table.single)
                    v = search.cost(x1, w)
                    if v < best:
                        best = v
                        found = LayOffFound(x, acting_wild, sets, (), x1, w, 0, search)
                        if v == 0:
                            return best, found
                    continue
                sub = engine.free_engine(sets.free)
                if unrestricted:
                    g = None
                else:
                    if sum(len(m) for m in sub.restricted_memos.values()) > sub.memo_limit:
                        sub.restricted_memos.clear()
                        sub.restricted_fns.clear()
                    g = sub.restricted_fn(hand.jokers, acting_wild)
                if per_run is None:
                    per_run = [table.run_choices(readings, x1, w) for readings in table.runs]
                for rest, count, need, room, chosen in _run_combos(per_run, x1, w):
                    left = w - need
                    room = min(set_room + room, 255)
                    if g is None:
                        v = sub.fast_naturals(rest, n1 - count, left) if rest else 0
                        if 0 < left < 3 and room < left and v == naturals_cost(sub.cost, rest):
                            v += sum(pool[: left - room])
                    else:
                        v = g(rest, left, min(room, left))
                    if v < best:
                        best = v
                        found = LayOffFound(x, acting_wild, sets, chosen, rest, left, room)
                        if v == 0:
                            return best, found
        assert found is not None
        return best, found

    def cost(self, cards: Sequence[Card], table: LayOffTable) -> int:
        """The least scaled cost of ``cards`` when they may be laid off onto ``table``."""
        return self.best(self.engine.split(cards), table)[0]

    def solve(self, cards: Sequence[Card], table: tuple[Meld, ...]) -> Arrangement:
        """Best arrangement when cards may also be laid off onto ``table``.

        The engine finds the cost and the choices (see :meth:`best`);
        the hand left is arranged by the engine with free naturals, whose "unmelded"
        free naturals go onto the table sets, and the blocks onto the table runs.
        """
        engine = self.engine
        hand = engine.split(cards)
        info = self.table(table)
        _, found = self.best(hand, info)
        sub = engine.free_engine(found.sets.free)
        searched: Plan | None = None
        if found.search is not None:
            searched = self._blocks_found(found, found.search)
        wild_rank = engine.wild_rank
        # The wilds acting as wilds, dearest first: the blocks on the table runs take those.
        pool = [JOKER] * hand.jokers
        for s in range(4):
            acting = hand.wild_rank_cards[s] - field_at(found.x, engine.wild_index + s)
            pool += [Card(wild_rank, SUITS[s])] * acting
        pool.sort(key=lambda c: (-engine.rules.card_penalty(c, wild_rank), c.sort_key()))
        need = sum(choice.need for choice in found.runs)
        fills = iter(pool[:need])
        counts = [field_at(found.rest, engine.wild_index + s) for s in range(4)]
        for card in pool[need:]:
            if card.rank is not None:
                counts[SUIT_INDEX[id(card.suit)]] += 1
        rest = Hand(
            found.rest,
            card_count(found.rest),
            naturals_cost(sub.cost, found.rest),
            sum(1 for card in pool[need:] if card.rank is None),
            counts,
        )
        if searched is not None:
            plan = searched
            absorb_unrestricted(plan, rest.jokers + sum(counts) - sum(c.wilds for c in plan.cores))
            if plan.unmelded_wilds and not plan.cores:
                plan.table_wilds = min(found.room, plan.unmelded_wilds)
                plan.unmelded_wilds -= plan.table_wilds
        elif engine.unrestricted:
            plan = plan_fast(sub, rest)
            if plan.unmelded_wilds and not plan.cores:
                plan.table_wilds = min(found.room, plan.unmelded_wilds)
                plan.unmelded_wilds -= plan.table_wilds
        else:
            plan = plan_restricted(
                sub, found.rest, hand.jokers, found.acting_wild, found.wilds, found.room
            )
        free = [p for p in plan.unmelded if sub.cost[p] == 0]
        plan.unmelded = [p for p in plan.unmelded if sub.cost[p] != 0]
        melds, unmelded, deadwood, spare = materialise(sub, plan, found.rest, rest)

        on_sets: dict[int, list[Card]] = {}
        for index, p in found.sets.forced:
            on_sets.setdefault(index, []).append(CARD_AT[p])
        where = dict(reversed(found.sets.ranks))  # rank -> the first set read as it
        for p in free:
            on_sets.setdefault(where[p // 4 + 1], []).append(CARD_AT[p])
        for index, room in found.sets.rooms:
            if spare and room > 0:
                on_sets.setdefault(index, []).extend(spare[:room])
                spare = spare[room:]
        laid: list[tuple[int, tuple[Card, ...]]] = [
            (index, tuple(sorted(added, key=Card.sort_key))) for index, added in on_sets.items()
        ]
        for choice in found.runs:
            reading = choice.reading
            if reading is None:
                continue
            at = dict(choice.left)
            left = [
                CARD_AT[at[d]] if d in at else next(fills) for d in range(choice.left_len, 0, -1)
            ]
            at = dict(choice.right)
            right = [
                CARD_AT[at[d]] if d in at else next(fills) for d in range(1, choice.right_len + 1)
            ]
            take = min(choice.room, len(spare))
            if take:
                before = reading.spread(choice.left_len, choice.right_len, take)
                left = spare[:before] + left
                right += spare[before:take]
                spare = spare[take:]
            if left or right:
                laid.append((reading.index, (*left, *right)))
        assert not spare, "lay-off plan lost its wilds"
        laid.sort(key=lambda item: item[0])
        return Arrangement(tuple(melds), tuple(unmelded), deadwood, tuple(laid))

    def _blocks_found(self, found: LayOffFound, search: TableSearch) -> Plan:
        """Plan the search's choice; ``found`` is given the blocks and what they leave."""
        plan, blocks = search.plan(found.rest, found.wilds)
        by_side: dict[int, tuple[list[int], int, int]] = {
            k: (naturals, need, length) for k, naturals, need, length in blocks
        }
        runs = []
        rest, wilds = found.rest, found.wilds
        room = sum(r for _, r in found.sets.rooms)
        for r, reading in enumerate(search.readings):
            sides = []
            for k in (2 * r, 2 * r + 1):
                naturals, need, length = by_side.get(k, ([], 0, 0))
                positions = search.sides[k]
                sides.append((tuple((positions.index(p) + 1, p) for p in naturals), need, length))
            (lt, ln, ll), (rt, rn, rl) = sides
            taken = [p for _, p in lt + rt]
            mask = sum(1 << (p << 2) for p in taken)
            run_room = 0
            if reading.naturals or self.engine.rules.all_wild_melds or lt or rt:
                run_room = reading.room(ll, rl, ln + rn, self.engine.rules.max_wilds_per_meld)
            runs.append(RunChoice(reading, lt, ll, rt, rl, mask, len(taken), ln + rn, run_room))
            rest -= mask
            wilds -= ln + rn
            room += run_room
        found.runs = tuple(runs)
        found.rest, found.wilds, found.room = rest, wilds, min(room, 255)
        return plan


@dataclass(slots=True)
class LayOffFound:
    """The best way found to lay off: enough to rebuild the arrangement."""

    x: int  # the naturals (wild-rank cards standing for themselves included)
    acting_wild: int
    sets: SetChoice
    runs: tuple[RunChoice, ...]  # the blocks chosen (empty when ``search`` chose them)
    rest: int  # the naturals left for the hand's melds (and the blocks, with ``search``)
    wilds: int  # the wilds left for them
    room: int  # on the table for spare wilds
    search: TableSearch | None = None


def _run_combos(
    per_run: Sequence[list[RunChoice]], x: int, w: int
) -> Iterator[tuple[int, int, int, int, tuple[RunChoice, ...]]]:
    """(naturals left, cards taken, wilds needed, room, choices): one choice per table run."""

    def walk(
        i: int, x: int, count: int, need: int, room: int, chosen: tuple[RunChoice, ...]
    ) -> Iterator[tuple[int, int, int, int, tuple[RunChoice, ...]]]:
        if i == len(per_run):
            yield x, count, need, room, chosen
            return
        for choice in per_run[i]:
            if need + choice.need > w:
                continue
            if choice.count and any(field_at(x, p) == 0 for _, p in choice.left + choice.right):
                continue
            yield from walk(
                i + 1,
                x - choice.mask,
                count + choice.count,
                need + choice.need,
                room + choice.room,
                (*chosen, choice),
            )

    yield from walk(0, x, 0, 0, 0, ())
