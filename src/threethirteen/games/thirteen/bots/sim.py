"""A fast round of Thirteen on integers, and the cheap policy that plays rollouts.

:class:`World` is one round's position in the encodings of :mod:`.hands` (a hand is a
card mask, a play a :data:`~.hands.Move`), with the core state's rules for who acts
next (:class:`~threethirteen.games.thirteen.state.ThirteenState`: a seat that passed
is out of the trick, the table clears when every other seat holding cards has passed,
the owner of the last play leads, or the next seat holding cards after it when that
play was its last card; ``bomb_after_pass`` brings back seats that passed while 2s
are on the table). It knows every hand: search deals the hidden cards into it.

:func:`rollout_move` is the policy every seat plays in a rollout, a cheap cut of the
``heuristic`` bot's rule over the seat's plan (:func:`~.hands.best_split`):

* **lead**: a play that empties the hand; with every play of the plan but one sure
  to win (nobody else holds a higher one), those first; else the weakest play of
  the plan (no 2 or bomb while it has other plays; no single into a seat with one
  card, no pair into a seat with two, if it can help it);
* **follow**: the lowest play of its plan that beats the table (a 2 or a bomb only
  near the end or when another seat is close to going out); when its plan has none
  and passing would hand the lead over, the lowest beating play from its whole hand
  if that costs its plan little, or whatever beats when another seat is about to
  go out; else pass.

The policy reads the other hands only to know which plays nobody can beat, as a
player counting cards would with every card accounted for.
"""

from __future__ import annotations

from threethirteen.games.thirteen.bots.hands import (
    ACE,
    DOUBLE_SEQUENCE,
    FOUR,
    PAIR,
    POPCOUNT4,
    SEQUENCE,
    SINGLE,
    TRIPLE,
    TWO,
    Move,
    best_split,
    move_of,
    split_cost,
)
from threethirteen.games.thirteen.bots.reading import beatable
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["World", "beating_moves", "rollout_move", "trick_state", "world_of"]

_TWOS = 0xF << (4 * TWO)
_SAME = (0, SINGLE, PAIR, TRIPLE, FOUR)


class World:
    """One round's position with every hand known (see the module's docstring)."""

    __slots__ = (
        "bomb_after_pass",
        "current",
        "finished",
        "four_on_pair",
        "hands",
        "owner",
        "passed",
        "players",
        "responded",
        "splits",
        "table",
    )

    def __init__(
        self,
        hands: list[int],
        current: int,
        table: Move | None,
        owner: int | None,
        passed: set[int],
        responded: set[int],
        finished: list[int],
        four_on_pair: bool = False,
        bomb_after_pass: bool = False,
    ) -> None:
        self.hands = hands
        self.players = len(hands)
        self.current = current
        self.table = table
        self.owner = owner
        self.passed = passed
        self.responded = responded
        self.finished = finished
        self.four_on_pair = four_on_pair
        self.bomb_after_pass = bomb_after_pass
        # Each seat's plan and the hand it was made for.
        self.splits: list[tuple[int, list[Move]]] = [(-1, [])] * self.players

    def copy(self) -> World:
        new = World.__new__(World)
        new.hands = list(self.hands)
        new.players = self.players
        new.current = self.current
        new.table = self.table
        new.owner = self.owner
        new.passed = set(self.passed)
        new.responded = set(self.responded)
        new.finished = list(self.finished)
        new.four_on_pair = self.four_on_pair
        new.bomb_after_pass = self.bomb_after_pass
        new.splits = list(self.splits)
        return new

    @property
    def over(self) -> bool:
        """Whether the round is over (one seat, or none, still holds cards)."""
        return len(self.finished) >= self.players

    def split(self, seat: int) -> list[Move]:
        """The seat's plan for its hand now (kept while it plays the plan's plays)."""
        hand = self.hands[seat]
        made, plan = self.splits[seat]
        if made != hand:
            plan = best_split(hand)
            self.splits[seat] = (hand, plan)
        return plan

    def apply(self, move: Move | None) -> None:
        """Play ``move`` (None: pass) for the seat to act; trusted to be legal."""
        seat = self.current
        if move is None:
            self.passed.add(seat)
            self.responded.add(seat)
        else:
            before = self.hands[seat]
            hand = before & ~move[3]
            self.hands[seat] = hand
            made, plan = self.splits[seat]
            if made == before and move in plan:
                # Playing a play of the plan leaves the rest of the plan good.
                rest = list(plan)
                rest.remove(move)
                self.splits[seat] = (hand, rest)
            self.table = move
            self.owner = seat
            self.passed.discard(seat)
            self.responded.clear()
            if not hand:
                self.finished.append(seat)
        self._advance(seat)

    def _advance(self, actor: int) -> None:
        hands = self.hands
        n = self.players
        holders = [s for s in range(n) if hands[s]]
        if len(holders) <= 1:
            self.finished.extend(holders)
            self.table = None
            return
        owner = self.owner
        table = self.table
        window = (
            self.bomb_after_pass
            and table is not None
            and table[0] <= TRIPLE
            and table[2] >> 2 == TWO
        )
        passed, responded = self.passed, self.responded
        waiting = [
            s for s in holders if s != owner and s not in responded and (window or s not in passed)
        ]
        if not waiting:
            assert owner is not None
            self.table = None
            passed.clear()
            responded.clear()
            if hands[owner]:
                self.current = owner
            else:
                self.current = _next(owner, holders, n)
            return
        self.current = _next(actor, waiting, n)

    def play_out(self) -> list[int]:
        """Play the round to its end with :func:`rollout_move` for every seat; the
        finishing order (mutates the world)."""
        while len(self.finished) < self.players:
            self.apply(rollout_move(self))
        return self.finished


def _next(seat: int, among: list[int], n: int) -> int:
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if candidate in among:
            return candidate
    raise AssertionError("no seat to act")


# -- the rollout policy -----------------------------------------------------------------

_DANGER = 3  # another seat this close to going out presses
_NEAR_END = 6  # a hand this small spends a 2 or a bomb that wins its trick
_BREAK_LIMIT = 1.2  # the most a plan may lose to beat the table when passing hands it over


def _others_pool(world: World, seat: int) -> tuple[int, int]:
    """The cards the other seats hold, and the most any one of them holds."""
    pool = 0
    most = 0
    for s, hand in enumerate(world.hands):
        if s != seat and hand:
            pool |= hand
            size = hand.bit_count()
            if size > most:
                most = size
    return pool, most


def _fewest(world: World, seat: int) -> int:
    return min((h.bit_count() for s, h in enumerate(world.hands) if s != seat and h), default=99)


def rollout_move(world: World) -> Move | None:
    """The rollout policy's play for the seat to act (None: pass); see the module."""
    seat = world.current
    if world.table is None:
        return _lead(world, seat)
    return _follow(world, seat)


def _lead(world: World, seat: int) -> Move:
    plan = world.split(seat)
    if len(plan) == 1:
        return plan[0]
    if len(plan) <= 4:
        pool, most = _others_pool(world, seat)
        sure = [m for m in plan if not beatable(pool, m, most, world.four_on_pair)]
        if sure and len(plan) - len(sure) <= 1:
            return max(sure, key=lambda m: m[1])
    plain = [m for m in plan if not m[3] & _TWOS and m[0] != FOUR and m[0] != DOUBLE_SEQUENCE]
    if not plain:
        plain = plan
    fewest = _fewest(world, seat)
    if fewest == 1:
        safe = [m for m in plain if m[0] != SINGLE]
        if safe:
            plain = safe
        else:
            return max(plan, key=lambda m: (m[0] == SINGLE, m[2]))
    elif fewest == 2:
        plain = [m for m in plain if m[0] != PAIR] or plain
    best = plain[0]
    best_key = (best[2] >> 2, -best[1])
    for m in plain:
        key = (m[2] >> 2, -m[1])
        if key < best_key:
            best, best_key = m, key
    return best


def _follow(world: World, seat: int) -> Move | None:
    table = world.table
    assert table is not None
    hand = world.hands[seat]
    size = hand.bit_count()
    kind, count, top = table[0], table[1], table[2]
    fewest = _fewest(world, seat)
    pressing = fewest <= _DANGER
    in_trick = seat in world.passed  # back on 2s under bomb_after_pass: bombs only
    plan = world.split(seat)
    if not in_trick:
        for m in plan:  # the plan is sorted by top card: the first fit is the lowest
            if m[0] == kind and m[1] == count and m[2] > top:
                if m[1] == size:
                    return m
                costly = bool(m[3] & _TWOS) or m[0] == FOUR or m[0] == DOUBLE_SEQUENCE
                if not costly or pressing or size <= _NEAR_END:
                    return m
                break
    # Passing hands the lead over when nobody else may still answer.
    owner = world.owner
    last = not any(
        s != seat and s != owner and world.hands[s] and s not in world.passed
        for s in range(world.players)
    )
    if not (last or pressing):
        return None
    moves = beating_moves(hand, table, world.four_on_pair)
    if in_trick:
        moves = [m for m in moves if m[0] == FOUR or m[0] == DOUBLE_SEQUENCE]
    if not moves:
        return None
    if pressing:
        return moves[0]
    now = split_cost(hand)
    for m in moves:
        if m[3] & _TWOS or m[0] == FOUR or m[0] == DOUBLE_SEQUENCE:
            continue
        if split_cost(hand & ~m[3]) - now <= _BREAK_LIMIT:
            return m
    return None


def _lowest_bits(m: int, k: int) -> int:
    """The ``k`` lowest bits of the 4-bit mask ``m`` (as a 4-bit mask)."""
    out = 0
    for _ in range(k):
        bit = m & -m
        out |= bit
        m ^= bit
    return out


def beating_moves(hand: int, table: Move, four_on_pair: bool = False) -> list[Move]:
    """One play per shape that beats ``table`` from ``hand``, lowest first.

    For each top rank, the play of the table's kind and size with the lowest cards
    that beat it; then the bombs that beat 2s. Not every legal play: the ones a
    policy that plays low needs.

    >>> from threethirteen.games.thirteen.cards import parse_hand
    >>> from threethirteen.games.thirteen.bots.hands import describe, mask_of
    >>> hand = mask_of(parse_hand("4S 5D 6C 6H 7S 9D 9H 2C"))
    >>> [describe(m) for m in beating_moves(hand, (SEQUENCE, 3, 8, 0))]
    ['4S 5D 6C', '5D 6C 7S']
    """
    kind, count, top = table[0], table[1], table[2]
    masks = [hand >> (4 * r) & 15 for r in range(13)]
    t_rank, t_suit = top >> 2, top & 3
    moves: list[Move] = []
    if kind <= FOUR:
        for r in range(t_rank, 13):
            m = masks[r]
            if POPCOUNT4[m] < count:
                continue
            if r == t_rank:
                above = m & ~((2 << t_suit) - 1)
                if not above:
                    continue
                high = above & -above
                cards = _lowest_bits(m & ~high, count - 1) | high
                if POPCOUNT4[cards] < count:
                    continue
            else:
                cards = _lowest_bits(m, count)
            mask = cards << (4 * r)
            moves.append((kind, count, mask.bit_length() - 1, mask))
    elif kind in (SEQUENCE, DOUBLE_SEQUENCE):
        need = 1 if kind == SEQUENCE else 2
        length = count // need
        moves.extend(_runs(masks, need, length, top))
    if t_rank == TWO and kind <= TRIPLE:
        if count == 1 or (count == 2 and four_on_pair):
            for r in range(13):
                if masks[r] == 15:
                    mask = 15 << (4 * r)
                    moves.append((FOUR, 4, mask.bit_length() - 1, mask))
        for pairs in range(count + 2, 7):
            moves.extend(_runs(masks, 2, pairs, -1))
    return moves


def _runs(masks: list[int], need: int, length: int, top: int) -> list[Move]:
    """Runs of ``length`` ranks, ``need`` cards each (lowest suits), topping above ``top``."""
    out: list[Move] = []
    t_rank = top >> 2 if top >= 0 else -1
    kind = SEQUENCE if need == 1 else DOUBLE_SEQUENCE
    for high in range(max(length - 1, t_rank), ACE + 1):
        low = high - length + 1
        if any(POPCOUNT4[masks[r]] < need for r in range(low, high + 1)):
            continue
        mask = 0
        for r in range(low, high):
            mask |= _lowest_bits(masks[r], need) << (4 * r)
        m = masks[high]
        if high == t_rank:
            above = m & ~((2 << (top & 3)) - 1)
            if not above:
                continue
            hi = above & -above
            cards = _lowest_bits(m & ~hi, need - 1) | hi
            if POPCOUNT4[cards] < need:
                continue
        else:
            cards = _lowest_bits(m, need)
        mask |= cards << (4 * high)
        out.append((kind, need * length, mask.bit_length() - 1, mask))
    return out


def trick_state(view: ThirteenView) -> tuple[set[int], set[int]]:
    """The seats out of the trick, and those that passed since the table's last play.

    The second set (what the core state calls *responded*) matters only under
    ``bomb_after_pass``; it is read back from the round's log.
    """
    responded: set[int] = set()
    if view.table is not None:
        for event in reversed(view.log):
            if not event.is_pass:
                break
            responded.add(event.seat)
    return set(view.passed), responded


def world_of(view: ThirteenView, hands: list[int]) -> World:
    """The world of ``view``'s position with every seat's hand given as a mask."""
    passed, responded = trick_state(view)
    return World(
        hands,
        view.current,
        None if view.table is None else move_of(view.table),
        view.table_owner,
        passed,
        responded,
        list(view.finished),
        view.rules.four_on_pair_of_twos,
        view.rules.bomb_after_pass,
    )
