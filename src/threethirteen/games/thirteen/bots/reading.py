"""What a bot reads from its view: who may hold which cards, and what nobody can beat.

:class:`Reading` gathers, in the integer encodings of :mod:`.hands`, what a seat knows
from its :class:`~threethirteen.games.thirteen.views.ThirteenView` alone:

* its hand, and the *pool*: the cards some other seat may hold. That is every card
  neither in its hand nor played; with two or three players it holds the cards left
  out of the deal too, less those known to be out: when the round's first play had to
  hold the lowest card dealt (a first round without 3♠, say 4♣), every lower card
  was never dealt.
* every seat's number of cards, and which seats may still answer this trick (those
  holding cards that have not passed).

:func:`beatable` says whether any combination the pool can form, small enough for
one hand, beats a play: a play it says no to is a *boss*, sure to win its trick.

>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.stack(None, ["3S 2H", "4S 5S", "6S 7S"])
>>> reading = Reading.of(state.view(0))
>>> from threethirteen.games.thirteen.bots.hands import describe
>>> [describe(m) for m in reading.bosses()]
['2H']
"""

from __future__ import annotations

from dataclasses import dataclass

from threethirteen.games.thirteen.bots.hands import (
    ACE,
    FOUR,
    PAIR,
    POPCOUNT4,
    SEQUENCE,
    SINGLE,
    TRIPLE,
    TWO,
    Move,
    best_split,
    mask_of,
    move_of,
)
from threethirteen.games.thirteen.cards import strength
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["FULL_DECK", "Reading", "beatable"]

FULL_DECK = (1 << 52) - 1
"""The mask of all 52 cards."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One seat's knowledge, in masks (see the module's docstring)."""

    seat: int
    players: int
    hand: int
    pool: int  # cards another seat may hold
    sizes: tuple[int, ...]
    table: Move | None
    owner: int | None
    passed: frozenset[int]
    four_on_pair_of_twos: bool
    bomb_after_pass: bool

    @classmethod
    def of(cls, view: ThirteenView) -> Reading:
        """Read ``view`` (see the module's docstring)."""
        hand = mask_of(view.hand)
        pool = FULL_DECK & ~hand & ~mask_of(view.played)
        first = view.first_lead_card
        if first is not None and view.players < 4:
            # The first play held the lowest card dealt: every card below it stayed out.
            pool &= ~((1 << strength(first)) - 1)
        table = None if view.table is None else move_of(view.table)
        return cls(
            view.seat,
            view.players,
            hand,
            pool,
            view.hand_sizes,
            table,
            view.table_owner,
            view.passed,
            view.rules.four_on_pair_of_twos,
            view.rules.bomb_after_pass,
        )

    @property
    def opponents(self) -> list[int]:
        """The other seats still holding cards."""
        return [s for s in range(self.players) if s != self.seat and self.sizes[s]]

    def fewest(self) -> int:
        """The fewest cards another seat still holds (99 when nobody else holds any)."""
        return min((self.sizes[s] for s in self.opponents), default=99)

    def answering(self, play: Move) -> list[int]:
        """The seats that may answer ``play`` made now: others holding cards, not passed.

        Under ``bomb_after_pass`` seats that passed may come back on 2s with a bomb.
        """
        comeback = self.bomb_after_pass and play[2] >> 2 == TWO and play[0] <= TRIPLE
        return [s for s in self.opponents if comeback or s not in self.passed]

    def is_sure(self, play: Move) -> bool:
        """Whether ``play``, made now, wins its trick whatever the others hold."""
        seats = self.answering(play)
        if not seats:
            return True
        return not beatable(
            self.pool, play, max(self.sizes[s] for s in seats), self.four_on_pair_of_twos
        )

    def is_boss(self, play: Move) -> bool:
        """Whether ``play`` would win a trick it leads, whatever the others hold."""
        seats = self.opponents
        if not seats:
            return True
        return not beatable(
            self.pool, play, max(self.sizes[s] for s in seats), self.four_on_pair_of_twos
        )

    def bosses(self) -> list[Move]:
        """The plays of the hand's best split that nobody can beat."""
        return [m for m in best_split(self.hand) if self.is_boss(m)]


def _counts(pool: int) -> list[int]:
    return [POPCOUNT4[pool >> (4 * r) & 15] for r in range(13)]


def beatable(pool: int, play: Move, max_size: int, four_on_pair_of_twos: bool = False) -> bool:
    """Whether the cards of ``pool`` form a combination of at most ``max_size`` cards
    that beats ``play`` (:func:`~threethirteen.games.thirteen.combos.beats`).

    >>> from threethirteen.games.thirteen.cards import parse_hand
    >>> pool = mask_of(parse_hand("5S 6H 7C 9D 9H"))
    >>> beatable(pool, (SINGLE, 1, strength(parse_hand("AS")[0]), 0), 13)
    False
    >>> beatable(pool, (SEQUENCE, 3, strength(parse_hand("7S")[0]), 0), 13)
    True
    >>> beatable(pool, (PAIR, 2, strength(parse_hand("9C")[0]), 0), 1)
    False
    """
    kind, size, top, _ = play
    if size > max_size and not (top >> 2 == TWO and kind <= TRIPLE):
        return False
    rank, above = top >> 2, top + 1
    if kind == SINGLE:
        if size <= max_size and pool >> above:
            return True
    elif kind in (PAIR, TRIPLE, FOUR):
        if size <= max_size:
            counts = _counts(pool)
            if POPCOUNT4[pool >> (4 * rank) & 15 & ~((1 << ((top & 3) + 1)) - 1)] and (
                counts[rank] >= size
            ):
                return True
            if any(counts[r] >= size for r in range(rank + 1, 13)):
                return True
    else:
        need = 1 if kind == SEQUENCE else 2
        length = size // need
        return _run(pool, need, length, top)
    if rank != TWO or kind > TRIPLE:
        return False
    # Bombs on 2s.
    pairs = size + 2
    if max_size >= 2 * pairs and _run(pool, 2, pairs, -1):
        return True
    if (size == 1 or (size == 2 and four_on_pair_of_twos)) and max_size >= 4:
        return any(pool >> (4 * r) & 15 == 15 for r in range(13))
    return False


def _run(pool: int, need: int, length: int, top: int) -> bool:
    """Whether the pool holds ``length`` consecutive ranks (to the ace at most), ``need``
    cards each, whose top card is above strength ``top``."""
    counts = _counts(pool)
    top_rank = top >> 2 if top >= 0 else 0
    run = 0
    for r in range(ACE + 1):
        run = run + 1 if counts[r] >= need else 0
        if run >= length and r >= top_rank:
            if r > top_rank or top < 0:
                return True
            # Same top rank: needs a card there above the play's top card.
            if pool >> (4 * r) & 15 & ~((1 << ((top & 3) + 1)) - 1):
                return True
    return False
