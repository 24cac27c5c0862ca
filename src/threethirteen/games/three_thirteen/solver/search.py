"""The exact search: an engine of tables and memos for one rule set and one wild rank.

Every :class:`~.api.HandSolver` with the same rules and wild rank shares one
:class:`Engine`. Its search works on encoded hands (:mod:`.encoding`): ``f(x, n, w)``,
the least scaled cost of the naturals ``x`` given ``w`` wilds, without wild
restrictions (:meth:`Engine.fast_naturals`), and ``g(x, w, room)`` under a wild cap
or without all-wild melds (:meth:`Engine.restricted_fn`). Turning a cost back into
melds is :mod:`.plans`'s business; contracts, laying off and the after-draw analysis
are built on this module in :mod:`.contracts`, :mod:`.layoff` and :mod:`.discards`.
``docs/solver.md`` states the algorithm.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import ClassVar

from threethirteen.cards import Card, Rank, format_cards
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.rules import AceMode, Rules
from threethirteen.games.three_thirteen.solver.encoding import (
    CARD_AT,
    INF,
    LANE_NO_ACE,
    MAX_COPIES,
    NIB,
    SCALE,
    SUIT_INDEX,
    UP,
    Hand,
    card_count,
    field_sum,
)
from threethirteen.games.three_thirteen.solver.tables import (
    NEIGHBOURS,
    Option,
    all_wild_usable,
    by_need,
    run_options,
    set_options,
)
from threethirteen.games.three_thirteen.solver.vectors import combine_cost

__all__ = ["TABLE_CACHE_LIMIT", "Engine"]

TABLE_CACHE_LIMIT = 64  # per engine: tables read, and engines with free positions


class Engine:
    """Tables and memo for one rule set and one wild rank; shared by every HandSolver."""

    # Entries kept before the memo is cleared: enough for the hands of a round, small
    # enough that growing or clearing the dict never stalls a call for long (a 500k-entry
    # dict takes tens of milliseconds to resize).
    memo_limit: ClassVar[int] = 1 << 15

    def __init__(
        self,
        rules: Rules,
        wild_rank: Rank,
        free: frozenset[int] = frozenset(),
        base: Engine | None = None,
    ) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        self.cap = rules.max_wilds_per_meld
        self.unrestricted = self.cap is None and rules.all_wild_melds
        self.penalty: list[int] = (
            base.penalty if base else [rules.card_penalty(card, wild_rank) for card in CARD_AT]
        )
        # ``free``: positions whose naturals cost nothing left out of the hand's melds, as
        # they may be laid off onto a table set of their rank (see :mod:`.layoff`).
        self.free = free
        self.cost = [0 if p in free else pen * SCALE + 1 for p, pen in enumerate(self.penalty)]
        self.joker_cost = rules.joker_penalty * SCALE + 1
        self.wild_cost = rules.wild_penalty * SCALE + 1
        self.wild_index = (int(wild_rank) - 1) * 4
        aces = rules.aces
        self.aces = aces
        self.cyclic = aces is AceMode.WRAP
        self.ace_up = aces is not AceMode.HIGH
        self.ace_down = aces in (AceMode.HIGH, AceMode.EITHER)
        self.memo: dict[int, int] = {}
        # The option tables depend on the rules only: an engine with free positions
        # shares its base engine's.
        self.set_table: dict[int, list[Option]] = base.set_table if base else {}
        # Run options by pattern: [unpruned, pruned] (see run_options).
        self.up_tables: tuple[dict[int, list[Option]], ...] = base.up_tables if base else ({}, {})
        self.down_tables: tuple[dict[int, list[Option]], ...] = (
            base.down_tables if base else ({}, {})
        )
        # Engines with free positions (by the positions), for laying off (see free_engine).
        self.free_engines: dict[frozenset[int], Engine] = {}
        self.restricted_memos: dict[tuple[int, int], dict[int, int]] = {}
        self.restricted_fns: dict[tuple[int, int], Callable[[int, int, int], int]] = {}
        self.contract_memo: dict[tuple[int, int, int, int], bool] = {}
        self.fast = self._build_fast()

    # -- tables --------------------------------------------------------------------------------

    def sets(self, group: int) -> list[Option]:
        options = self.set_table.get(group)
        if options is None:
            options = self.set_table[group] = set_options(group)
        return options

    def ups(self, pattern: int, prune: bool) -> list[Option]:
        table = self.up_tables[prune]
        options = table.get(pattern)
        if options is None:
            options = table[pattern] = run_options(pattern, self.cyclic, False, prune)
        return options

    def downs(self, pattern: int, prune: bool) -> list[Option]:
        table = self.down_tables[prune]
        options = table.get(pattern)
        if options is None:
            options = table[pattern] = run_options(pattern, False, True, prune)
        return options

    def run_choices(self, x: int, p: int, prune: bool) -> list[tuple[list[Option], int, str]]:
        """The run option lists for the lowest card ``p`` of ``x``: (options, shift, direction).

        An option's mask shifted left by ``shift`` is the naturals it takes besides ``p``.
        """
        out = []
        present = (x | x >> 1 | x >> 2 | x >> 3) & NIB
        if p >= 4 or self.ace_up:
            shift = p << 2
            pattern = (present >> shift) & UP
            if pattern:
                out.append((self.ups(pattern, prune), shift, "cyc" if self.cyclic else "up"))
        if p < 4 and self.ace_down:
            shift = p << 2
            pattern = (present >> shift) & LANE_NO_ACE
            if pattern:
                out.append((self.downs(pattern, prune), shift, "down"))
        return out

    # -- encoding ------------------------------------------------------------------------------

    def split(self, cards: Iterable[Card]) -> Hand:
        """Encode a hand; raises :class:`ThreeThirteenError` for absurd multiplicities."""
        x = n = cost = jokers = 0
        wild_rank_cards = [0, 0, 0, 0]
        wild_rank = self.wild_rank
        costs = self.cost
        for card in cards:
            rank = card.rank
            if rank is None:
                jokers += 1
            elif rank is wild_rank:
                wild_rank_cards[SUIT_INDEX[id(card.suit)]] += 1
            else:
                p = (rank - 1) * 4 + SUIT_INDEX[id(card.suit)]
                x += 1 << (p << 2)
                n += 1
                cost += costs[p]
        # A 16th copy of a card would carry into the next field; more than 255 wilds
        # would overflow the wild count in the memo keys.
        if (n > MAX_COPIES and field_sum(x) != n) or any(k > MAX_COPIES for k in wild_rank_cards):
            raise ThreeThirteenError(
                f"a hand may hold at most {MAX_COPIES} copies of one card: {_text(cards)!r}"
            )
        if jokers + sum(wild_rank_cards) > 255:
            raise ThreeThirteenError(f"a hand may hold at most 255 wild cards: {_text(cards)!r}")
        return Hand(x, n, cost, jokers, wild_rank_cards)

    # -- the fast search (no wild restrictions) --------------------------------------------------

    def _build_fast(self) -> Callable[[int, int, int], int]:
        """f(x, n, w): least scaled cost of the naturals ``x`` (``n`` cards) with ``w`` wilds.

        Without wild restrictions every wild is interchangeable and any wild left
        over can join a meld (or make one), so only the naturals cost anything and
        wilds are a count. The lowest natural is either unmelded, in a set of its
        rank, or the lowest card of a run; the memo key is the whole state.
        More than 2 * n wilds never help (each natural with two wilds is a set),
        so w is clipped, which makes more states equal.
        """
        memo = self.memo
        get = memo.get
        costs = self.cost
        set_table = self.set_table
        sets = self.sets
        ups = self.ups
        downs = self.downs
        up_table = self.up_tables[True]
        ace_up = self.ace_up
        ace_down = self.ace_down
        nib = NIB
        up_mask = UP
        lane = LANE_NO_ACE
        both: dict[tuple[int, int], list[Option]] = {}

        def f(x: int, n: int, w: int) -> int:
            # Callers look the memo up first (a hit then costs no call), pass w already
            # clipped to 2n and n >= 2; a single card left is settled inline (no meld
            # without two wilds), which saves a fifth of the states.
            b = (x & -x).bit_length() - 1
            p = b >> 2
            rest = x - (1 << (b & ~3))
            if n == 2:
                best = costs[p] + (0 if w >= 2 else costs[(rest.bit_length() - 1) >> 2])
            else:
                k = n + n - 2
                u = w if w <= k else k
                got = get(rest << 8 | u)
                best = (f(rest, n - 1, u) if got is None else got) + costs[p]
            shift = (p >> 2) << 4
            options = set_table.get((x >> shift) & 0xFFFF)
            if options is None:
                options = sets((x >> shift) & 0xFFFF)
            for sub, m, need in options:
                if need > w:
                    break
                y = x - (sub << shift)
                k = n - m
                if k > 1:
                    u = w - need
                    if u > k + k:
                        u = k + k
                    v = get(y << 8 | u)
                    if v is None:
                        v = f(y, k, u)
                elif k:
                    v = 0 if w - need >= 2 else costs[(y.bit_length() - 1) >> 2]
                else:
                    best = 0
                    break
                if v < best:
                    best = v
            if best:
                shift = p << 2
                y = x >> shift
                present = (y | y >> 1 | y >> 2 | y >> 3) & nib
                options = None
                if p >= 4 or ace_up:
                    pattern = present & up_mask
                    if pattern:
                        options = up_table.get(pattern)
                        if options is None:
                            options = ups(pattern, True)
                if p < 4 and ace_down:
                    pattern = present & lane
                    if pattern:
                        if options is None:
                            options = downs(pattern, True)
                        else:  # an ace either way: both lists, merged once per pair
                            pair = (present & up_mask, pattern)
                            merged = both.get(pair)
                            if merged is None:
                                merged = sorted(options + downs(pattern, True), key=by_need)
                                both[pair] = merged
                            options = merged
                if options:
                    for sub, m, need in options:
                        if need > w:
                            break
                        y = rest - (sub << shift)
                        k = n - m
                        if k > 1:
                            u = w - need
                            if u > k + k:
                                u = k + k
                            v = get(y << 8 | u)
                            if v is None:
                                v = f(y, k, u)
                        elif k:
                            v = 0 if w - need >= 2 else costs[(y.bit_length() - 1) >> 2]
                        else:
                            best = 0
                            break
                        if v < best:
                            best = v
            memo[x << 8 | w] = best
            return best

        def entry(x: int, n: int, w: int) -> int:
            if w > n + n:
                w = n + n
            if n < 2:
                return 0 if w >= 2 or not n else costs[(x.bit_length() - 1) >> 2]
            v = get(x << 8 | w)
            return f(x, n, w) if v is None else v

        return entry

    def components(self, x: int, wilds: int) -> list[int]:
        """Split the naturals ``x`` into groups that can share no meld.

        Two naturals can share a meld only if they have one rank or one suit and
        are at most ``min(wilds, 3) + 1`` ranks apart (around the corner too, to
        be safe): a run never needs four wilds between two of its naturals (split
        there, each side needs at most two more wilds for the one that was
        bridged). So the groups are solved apart, and memo entries for small
        groups recur across hands.
        """
        present = (x | x >> 1 | x >> 2 | x >> 3) & NIB
        neighbours = NEIGHBOURS[min(wilds, 3)]
        groups = []
        while present:
            group = 0
            todo = present & -present
            while todo:
                bit = todo & -todo
                group |= bit
                todo = (todo | neighbours[(bit.bit_length() - 1) >> 2] & present) & ~group
            groups.append(x & group * 15)
            present &= ~group
        return groups

    def vector(self, x: int, wilds: int) -> list[int]:
        """[f(x, w) for w = 0 .. min(wilds, 2n)]: the group's cost by wilds given it."""
        if x & (x - 1) == 0 and x & NIB:  # one card: unmelded, or a set with two wilds
            cost = self.cost[(x.bit_length() - 1) >> 2]
            return [cost, cost, 0][: min(wilds, 2) + 1]
        n = card_count(x)
        f = self.fast
        return [f(x, n, w) for w in range(min(wilds, 2 * n) + 1)]

    def fast_cost(self, hand: Hand) -> int:
        """Least scaled cost of a hand without wild restrictions."""
        wilds = hand.jokers + sum(hand.wild_rank_cards)
        if hand.n == 0:
            return 0 if wilds >= 3 or wilds == 0 else self._wild_cost(hand)
        return self.finish(hand, self.fast_naturals(hand.x, hand.n, wilds), wilds)

    def fast_naturals(self, x: int, n: int, wilds: int) -> int:
        """Least scaled cost of the naturals ``x`` (``n`` > 0 cards) given ``wilds`` wilds.

        Without wild restrictions; the wilds themselves are not charged (see finish).
        """
        if len(self.memo) > self.memo_limit:
            self.memo.clear()
        groups = self.components(x, wilds)
        if len(groups) == 1:
            return self.fast(x, n, wilds)
        # A single card is unmelded unless it gets two wilds; with fewer than two wilds
        # in hand that is just its cost, and with one wild the best use of it is the
        # group it helps most.
        costs = self.cost
        base = 0
        vectors = []
        for g in groups:
            if g & (g - 1) == 0 and g & NIB:
                cost = costs[(g.bit_length() - 1) >> 2]
                if wilds < 2:
                    base += cost
                else:
                    vectors.append([cost, cost, 0])
            else:
                vectors.append(self.vector(g, wilds))
        if wilds == 0:
            v = base + sum(vector[0] for vector in vectors)
        elif wilds == 1:
            v = base + sum(vector[0] for vector in vectors)
            v += min([0, *(vector[1] - vector[0] for vector in vectors if len(vector) > 1)])
        else:
            v = base + combine_cost(vectors, wilds)
        return v

    def no_naturals(self, hand: Hand) -> int:
        wilds = hand.jokers + sum(hand.wild_rank_cards)
        return 0 if wilds >= 3 or wilds == 0 else self._wild_cost(hand)

    def finish(self, hand: Hand, v: int, wilds: int) -> int:
        # One or two wilds with no meld to join stay in hand. Any meld (scaled cost
        # below the all-unmelded cost) takes them; three or more make their own.
        if 0 < wilds < 3 and v == hand.cost:
            v += self._wild_cost(hand)
        return v

    def _wild_cost(self, hand: Hand) -> int:
        return hand.jokers * self.joker_cost + sum(hand.wild_rank_cards) * self.wild_cost

    # -- the restricted search (wild cap, or no all-wild melds) -----------------------------------

    def restricted_fn(self, jokers: int, acting_wild: int) -> Callable[[int, int, int], int]:
        """g(x, w, room): least scaled cost with ``w`` pool wilds left and ``room`` to absorb.

        Under a cap, or without all-wild melds, a wild cannot always join a meld, so
        each meld takes the wilds it needs and adds its spare capacity (``room``,
        clipped to ``w``) for the wilds left at the end; those form all-wild melds
        where allowed, and the cheapest of the pool stay in hand.
        """
        made = self.restricted_fns.get((jokers, acting_wild))
        if made is not None:
            return made
        memo = self.restricted_memos.setdefault((jokers, acting_wild), {})
        get = memo.get
        costs = self.cost
        cap = self.cap
        big = 255 if cap is None else cap
        total = jokers + acting_wild
        pool = sorted([self.joker_cost] * jokers + [self.wild_cost] * acting_wild)
        prefix = list(itertools.accumulate(pool, initial=0))
        end = [
            [prefix[w - self.absorbable(w, room)] for room in range(w + 1)]
            for w in range(total + 1)
        ]
        sets = self.sets
        choices = self.run_choices

        def g(x: int, w: int, room: int) -> int:
            if not x:
                return end[w][room]
            key = x << 16 | w << 8 | room
            best = get(key)
            if best is not None:
                return best
            b = (x & -x).bit_length() - 1
            p = b >> 2
            rest = x - (1 << (b & ~3))
            best = costs[p] + g(rest, w, room)
            shift = (p >> 2) << 4
            for sub, _, need in sets((x >> shift) & 0xFFFF):
                if need > w or need > big:
                    break
                left = w - need
                best = min(best, g(x - (sub << shift), left, min(room + big - need, left)))
            for options, sh, _ in choices(x, p, False):
                for sub, m, need in options:
                    if need > w:
                        break
                    most = min(big, 13 - m)
                    if need > most:
                        break  # options come sorted by need
                    left = w - need
                    best = min(best, g(rest - (sub << sh), left, min(room + most - need, left)))
            memo[key] = best
            return best

        self.restricted_fns[jokers, acting_wild] = g
        return g

    def absorbable(self, w: int, room: int) -> int:
        """How many of ``w`` spare wilds can be melded: into melds' room or all-wild melds."""
        cap = self.cap
        own = self.rules.all_wild_melds
        return max(a + (all_wild_usable(w - a, cap) if own else 0) for a in range(min(w, room) + 1))

    def acting_choices(self, hand: Hand) -> Iterator[tuple[int, int, int]]:
        """(x, n, pool wilds that are wild-rank cards) for each way wild-rank cards may act.

        A wild-rank card may stand for itself; only the count per suit matters.
        Without restrictions acting as a wild is never worse, so only that is given.
        """
        counts = hand.wild_rank_cards
        if self.unrestricted:
            yield hand.x, hand.n, sum(counts)
            return
        for acting in itertools.product(*(range(k + 1) for k in counts)):
            x = hand.x
            for s, k in enumerate(acting):
                x += k << ((self.wild_index + s) << 2)
            yield x, hand.n + sum(acting), sum(counts) - sum(acting)

    def restricted_cost(self, hand: Hand) -> int:
        if sum(len(m) for m in self.restricted_memos.values()) > self.memo_limit:
            self.restricted_memos.clear()
            self.restricted_fns.clear()
        best = INF
        for x, _, acting_wild in self.acting_choices(hand):
            g = self.restricted_fn(hand.jokers, acting_wild)
            best = min(best, g(x, hand.jokers + acting_wild, 0))
        return best

    def cost_of(self, cards: Sequence[Card]) -> int:
        """Least scaled cost of ``cards`` (no table)."""
        hand = self.split(cards)
        return self.fast_cost(hand) if self.unrestricted else self.restricted_cost(hand)

    def hand_cost(self, hand: Hand) -> int:
        return self.fast_cost(hand) if self.unrestricted else self.restricted_cost(hand)

    # -- laying off ------------------------------------------------------------------------------

    def free_engine(self, free: frozenset[int]) -> Engine:
        """The engine of these rules whose naturals at ``free`` positions cost nothing."""
        if not free:
            return self
        engine = self.free_engines.get(free)
        if engine is None:
            if len(self.free_engines) >= TABLE_CACHE_LIMIT:
                self.free_engines.clear()
            engine = self.free_engines[free] = Engine(self.rules, self.wild_rank, free, self)
        return engine


def _text(cards: Iterable[Card]) -> str:
    return format_cards(cards) if isinstance(cards, Sequence) else "the given hand"
