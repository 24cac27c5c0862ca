"""A fast Rummy hand on integers, for the search bot's rollouts.

A :class:`World` is one guess at the hidden cards (every hand and the stock's order,
as bit masks, :mod:`.masks`) with the public rest of the hand: the table, the pile,
the rebuilds and turns made. :meth:`World.play_out` plays the hand to its end with a
cheap policy for every seat and returns the points each seat scores (``None`` for a
void hand); the rules are the real ones (rebuilds, the turn limit, the card taken from
the pile, going out by meld, lay-off or discard), the play is :func:`policy_turn`:

* **Draw.** Take the pile's top when it fits a table meld or makes a meld with the
  hand; else draw from the stock.
* **Lay off** every card that fits the table and is in no meld of the hand.
* **Discard** the card whose loss leaves the least count (the hand alone, the most
  points first among equals); **go out** when that count is 0.
* **Meld** the hand's melds when another seat holds fewer than ``hold_min`` cards
  (as the ``heuristic`` bot does), else hold them.

The hand's count is the count of the hand alone (the table only takes the cards
laid off), memoised once for every world.

>>> from threethirteen.games.rummy.bots.masks import mask_of
>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.stack(None, ["4H 5H 6H 9S", "2C 3D 8C 9C"], pile="7H", stock="KD QD 9H")
>>> world = World.of(state.view(0), [mask_of(state.hand(0)), mask_of(state.hand(1))],
...                  [BIT[c] for c in state.stock])
>>> world.play_out()
(0, 22)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from threethirteen.games.rummy.actions import Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.bots.masks import BIT, POINTS, bits, counter
from threethirteen.games.rummy.melds import Meld, MeldKind
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.views import RummyView

__all__ = ["World", "group_table", "hand_points", "policy_turn", "table_melds"]

SimMeld = list[int]
"""A table meld: ``[0, rank 0..12, suits mask, 0]`` for a set, ``[1, suit, low, high]``
for a run (positions 1..14, 14 the ace played high)."""


def _bit(suit: int, position: int) -> int:
    return 1 << (suit * 13 + (position - 1) % 13)


def _groups(ace_high: bool) -> tuple[tuple[int, SimMeld], ...]:
    """Every meld of the deck as (mask, meld), the longest first."""
    out: list[tuple[int, SimMeld]] = []
    for rank in range(13):
        for suits in range(16):
            if bin(suits).count("1") >= 3:
                mask = sum(1 << (s * 13 + rank) for s in range(4) if suits >> s & 1)
                out.append((mask, [0, rank, suits, 0]))
    top = 14 if ace_high else 13
    for suit in range(4):
        for low in range(1, top - 1):
            for high in range(low + 2, top + 1):
                if low == 1 and high == 14:
                    continue
                mask = sum(_bit(suit, p) for p in range(low, high + 1))
                out.append((mask, [1, suit, low, high]))
    out.sort(key=lambda g: -g[0].bit_count())
    return tuple(out)


_GROUPS = {False: _groups(False), True: _groups(True)}


def _fits(meld: SimMeld, ace_high: bool) -> list[int]:
    """The cards (bits) that can be laid off onto ``meld``."""
    kind, a, b, c = meld
    if kind == 0:
        return [1 << (s * 13 + a) for s in range(4) if not b >> s & 1]
    out = []
    if b > 1 and not (b == 2 and c == 14):
        out.append(_bit(a, b - 1))
    if c < 13 or (c == 13 and ace_high and b > 1):
        out.append(_bit(a, c + 1))
    return out


def _extend(meld: SimMeld, card: int) -> None:
    """Lay ``card`` (a bit) off onto ``meld``, which it fits."""
    index = card.bit_length() - 1
    if meld[0] == 0:
        meld[2] |= 1 << (index // 13)
        return
    position = index % 13 + 1
    if position == meld[2] - 1:
        meld[2] = position
    else:
        meld[3] = 14 if position == 1 else position


def table_melds(table: Sequence[Meld]) -> list[SimMeld]:
    """The table's melds as the world keeps them."""
    out: list[SimMeld] = []
    for meld in table:
        first = meld.cards[0]
        assert first.rank is not None and first.suit is not None
        if meld.kind is MeldKind.SET:
            suits = 0
            for card in meld.cards:
                assert card.suit is not None
                suits |= 1 << card.suit.index
            out.append([0, int(first.rank) - 1, suits, 0])
        else:
            last = meld.cards[-1]
            high = 14 if meld.high_ace else int(last.rank or 0)
            out.append([1, first.suit.index, int(first.rank), high])
    return out


def group_table(melds: Sequence[SimMeld], ace_high: bool) -> dict[int, int]:
    """The cards (bits) that fit the table, each with the first meld (an index) it fits."""
    fit: dict[int, int] = {}
    for number, meld in enumerate(melds):
        for card in _fits(meld, ace_high):
            fit.setdefault(card, number)
    return fit


def hand_points(mask: int) -> int:
    """The points of every card of ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[low.bit_length() - 1]
        mask ^= low
    return total


class World:
    """One determinized Rummy hand (see the module); copy it before each rollout."""

    __slots__ = (
        "ace_high",
        "count",
        "current",
        "fit",
        "hands",
        "hold_min",
        "laid",
        "laid_before",
        "melds",
        "pile",
        "players",
        "rebuilds",
        "result",
        "rng",
        "rules",
        "stock",
        "taken",
        "trace",
        "turns",
    )

    rules: Rules
    players: int
    ace_high: bool
    hands: list[int]
    melds: list[SimMeld]
    fit: dict[int, int]
    stock: list[int]
    pile: list[int]
    rebuilds: int
    turns: int
    current: int
    taken: int
    laid: set[int]
    laid_before: bool
    result: tuple[int, ...] | None
    count: Callable[[int], int]
    hold_min: int
    rng: random.Random | None
    trace: list[tuple[str, int, int]] | None
    """When a list, each move is added to it: ``("take" | "draw", 0, 0)``,
    ``("layoff", card, meld index)``, ``("meld", mask, 0)``, ``("discard", card, 0)``."""

    @classmethod
    def of(
        cls,
        view: RummyView,
        hands: Sequence[int],
        stock: Sequence[int],
        hold_min: int = 4,
        rng: random.Random | None = None,
    ) -> World:
        """The world of ``view`` with every hand and the stock (its top last) guessed.

        ``view`` is the deciding seat's; the turn is at its phase (``taken`` is the
        card the seat to act took from the pile this turn, when the view shows it).
        """
        self = cls.__new__(cls)
        rules = view.rules
        self.rules = rules
        self.players = view.players
        self.ace_high = rules.ace_high
        self.hands = list(hands)
        self.melds = table_melds(view.table)
        self.fit = group_table(self.melds, self.ace_high)
        self.stock = list(stock)
        self.pile = [BIT[card] for card in view.pile]
        self.rebuilds = view.rebuilds
        self.turns = sum(1 for event in view.log if isinstance(event.action, Discard))
        self.current = view.current
        self.taken = BIT[view.taken] if view.taken is not None else 0
        self.laid = set(view.laid)
        self.laid_before = _laid_before(view)
        self.result = None
        self.count = counter((), self.ace_high)
        self.hold_min = hold_min
        self.rng = rng
        self.trace = None
        return self

    def copy(self) -> World:
        new = World.__new__(World)
        new.rules = self.rules
        new.players = self.players
        new.ace_high = self.ace_high
        new.hands = list(self.hands)
        new.melds = [list(m) for m in self.melds]
        new.fit = dict(self.fit)
        new.stock = list(self.stock)
        new.pile = list(self.pile)
        new.rebuilds = self.rebuilds
        new.turns = self.turns
        new.current = self.current
        new.taken = self.taken
        new.laid = set(self.laid)
        new.laid_before = self.laid_before
        new.result = self.result
        new.count = self.count
        new.hold_min = self.hold_min
        new.rng = self.rng
        new.trace = None
        return new

    # -- the moves -------------------------------------------------------------------------

    def start_turn(self) -> bool:
        """The seat to act is to draw: rebuild an empty stock, or end the hand void.
        False when the hand is over."""
        if self.result is not None:
            return False
        if self.stock:
            return True
        rules = self.rules
        if self.rebuilds >= rules.stock_turns or len(self.pile) < 2:
            self.result = (0,) * self.players
            return False
        self.rebuilds += 1
        self.stock = self.pile[-2::-1]
        self.pile = self.pile[-1:]
        if rules.shuffle_stock and self.rng is not None:
            self.rng.shuffle(self.stock)
        return True

    def draw(self, take: bool) -> None:
        """The seat to act takes the pile's top (``take``) or draws from the stock."""
        seat = self.current
        if take and self.pile:
            card = self.pile.pop()
            self.taken = card
        else:
            card = self.stock.pop()
            self.taken = 0
        self.hands[seat] |= card
        self.laid_before = seat in self.laid
        if self.trace is not None:
            self.trace.append(("take" if self.taken else "draw", 0, 0))

    def lay_off(self, card: int, number: int | None = None) -> None:
        """Lay ``card`` off onto table meld ``number`` (an index; default: one it fits)."""
        seat = self.current
        index = self.fit[card] if number is None else number
        if self.trace is not None:
            self.trace.append(("layoff", card, index))
        _extend(self.melds[index], card)
        self.fit = group_table(self.melds, self.ace_high)
        self.hands[seat] ^= card
        self.laid.add(seat)

    def meld(self, mask: int, meld: SimMeld) -> None:
        seat = self.current
        if self.trace is not None:
            self.trace.append(("meld", mask, 0))
        self.melds.append(list(meld))
        self.fit = group_table(self.melds, self.ace_high)
        self.hands[seat] ^= mask
        self.laid.add(seat)

    def discard(self, card: int) -> None:
        """Discard ``card`` (a bit): the turn ends, or the hand when it was the last card."""
        seat = self.current
        if self.trace is not None:
            self.trace.append(("discard", card, 0))
        self.hands[seat] ^= card
        self.pile.append(card)
        self.turns += 1
        self.taken = 0
        if not self.hands[seat]:
            self.went_out(seat)
            return
        self.current = (seat + 1) % self.players
        limit = self.rules.turn_limit
        if limit and self.turns >= limit:
            self.result = (0,) * self.players

    def went_out(self, seat: int) -> None:
        doubled = self.rules.rummy_doubles and not self.laid_before
        factor = 2 if doubled else 1
        self.result = tuple(
            0 if s == seat else factor * hand_points(hand) for s, hand in enumerate(self.hands)
        )

    def meld_all(self, keep: int = 0) -> None:
        """Lay down every meld of the seat's best arrangement (the hand alone), all but
        the card ``keep`` (a bit, kept to discard); the seat goes out when nothing is left."""
        seat = self.current
        hand = self.hands[seat] ^ keep
        count = self.count
        base = count(hand)
        if base == hand_points(hand):
            return
        for mask, meld in _GROUPS[self.ace_high]:
            if mask & hand == mask and count(hand ^ mask) == base:
                self.meld(mask, meld)
                hand ^= mask
                if not hand:
                    if not keep:
                        self.went_out(seat)
                    return

    def fewest_others(self, seat: int) -> int:
        return min((hand.bit_count() for s, hand in enumerate(self.hands) if s != seat), default=99)

    def play_out(self, limit: int = 400) -> tuple[int, ...] | None:
        """Play the hand to its end with :func:`policy_turn`, from the start of the turn of
        the seat to act (at most ``limit`` turns); the points each seat scores, None for a
        void hand (or one still going after ``limit`` turns)."""
        moves = 0
        while self.result is None and moves < limit:
            if not self.start_turn():
                break
            policy_turn(self)
            moves += 1
        result = self.result
        if result is None or not any(result):
            return None
        return result


def _laid_before(view: RummyView) -> bool:
    """Whether the seat to act had melded or laid off before this turn's draw."""
    seat = view.current
    drew = None
    for index, event in enumerate(view.log):
        if event.seat == seat and isinstance(event.action, Draw | Take):
            drew = index
    before = view.log if drew is None else view.log[:drew]
    return any(
        event.seat == seat and isinstance(event.action, NewMeld | LayOff) for event in before
    )


def policy_turn(world: World) -> None:
    """One whole turn of the seat to act by the rollout policy (see the module)."""
    seat = world.current
    hand = world.hands[seat]
    pile = world.pile
    if pile:
        top = pile[-1]
        count = world.count
        if top in world.fit or count(hand | top) < count(hand) + POINTS[top.bit_length() - 1]:
            world.draw(True)
            policy_meld(world)
            return
    world.draw(False)
    policy_meld(world)


def policy_meld(world: World) -> None:
    """The rest of the turn: lay off, then meld or hold, and discard (or go out)."""
    seat = world.current
    rules = world.rules
    count = world.count
    hand = world.hands[seat]
    taken = 0 if rules.discard_taken_card else world.taken
    base = count(hand)
    # Lay off the cards that fit the table and are in no meld of the hand.
    changed = True
    while changed:
        changed = False
        for card in bits(hand & _fit_mask(world)):
            rest = hand ^ card
            if not rest and rules.must_discard:
                continue
            if rest and rest == taken:
                continue
            points = POINTS[card.bit_length() - 1]
            if count(rest) == base - points:
                world.lay_off(card)
                hand = rest
                base -= points
                changed = True
                if not hand:
                    world.went_out(seat)
                    return
                break
    # The discard: the least count left, the most points first.
    best = 0
    best_key = (1 << 30, 0)
    for card in bits(hand):
        if card == taken:
            continue
        key = (count(hand ^ card), -POINTS[card.bit_length() - 1])
        if key < best_key:
            best, best_key = card, key
    if not best:  # (only the taken card left: cannot happen by the guards above)
        best = hand & -hand
    if best_key[0] and not base and not rules.must_discard:
        world.meld_all()  # every card melds: out without a discard
        return
    if not best_key[0] or world.fewest_others(seat) < world.hold_min:
        world.meld_all(keep=best)
    world.discard(best)


def _fit_mask(world: World) -> int:
    mask = 0
    for card in world.fit:
        mask |= card
    return mask
