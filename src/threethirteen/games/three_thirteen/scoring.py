"""Round results, the score sheet, and the match's winners under each tie-break.

A round's penalty for a seat is the deadwood of its final hand (the solver's
lowest penalty, see :mod:`.solver`) times the round's multiplier; the
player who went out scores 0. The :class:`ScoreSheet` keeps one row per round;
the lowest total wins, and :func:`winners` settles ties by ``rules.tie_break``.

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> sheet = ScoreSheet.empty(3).add((0, 12, 5)).add((7, 0, 2))
>>> sheet.totals
(7, 12, 7)
>>> sheet.zero_rounds
(1, 1, 0)
>>> winners(get_rules("classic"), sheet)  # tied on 7: seat 0 scored more zero rounds
(0,)
>>> winners(get_rules("app"), sheet)  # tied: no winner
()
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from threethirteen.cards import Card, Rank, format_cards
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.rules import Rules, TieBreak
from threethirteen.games.three_thirteen.solver import Arrangement

__all__ = ["RoundEnd", "RoundResult", "ScoreSheet", "winners"]


class RoundEnd(enum.Enum):
    """How a round ended."""

    OUT = "out"  # a player went out and every other player took a final turn
    STOCK_EMPTY = "stock-empty"  # EmptyStock.END_ROUND: a turn ended with the stock empty
    TURN_LIMIT = "turn-limit"  # the stall rule: rules.turn_limit turns and nobody out

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of one round: every hand revealed, arranged and scored.

    ``hands[seat]`` is the seat's final hand, sorted (for the player who went out,
    the cards it laid down); ``arrangements[seat]`` its best arrangement (onto the
    going-out melds when laying off is allowed); ``penalties[seat]`` the points it
    scores for the round, the multiplier applied. ``out_seat`` is None when nobody
    went out.
    """

    number: int
    wild_rank: Rank
    multiplier: int
    dealer: int
    penalties: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    arrangements: tuple[Arrangement, ...]
    out_seat: int | None
    ending: RoundEnd

    def __post_init__(self) -> None:
        n = len(self.penalties)
        if len(self.hands) != n or len(self.arrangements) != n:
            raise ThreeThirteenError(
                f"round {self.number}: {n} penalties but {len(self.hands)} hands and "
                f"{len(self.arrangements)} arrangements"
            )
        if self.out_seat is not None and not 0 <= self.out_seat < n:
            raise ThreeThirteenError(f"round {self.number}: out seat {self.out_seat} is not a seat")

    @property
    def stalled(self) -> bool:
        """True when the round was scored as it stood (empty stock or turn limit)."""
        return self.ending is not RoundEnd.OUT

    @property
    def players(self) -> int:
        return len(self.penalties)

    def __str__(self) -> str:
        how = f"seat {self.out_seat} out" if self.out_seat is not None else "nobody out"
        if self.stalled:
            how += f", ended by {self.ending}"
        lines = [f"round {self.number} ({self.wild_rank.plural} wild, {how})"]
        for seat, (hand, penalty) in enumerate(zip(self.hands, self.penalties, strict=True)):
            lines.append(f"  seat {seat}: {penalty:>4}  {format_cards(hand)}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """One row of penalties per round played, one column per seat.

    Raises :class:`ThreeThirteenError` for a row of the wrong width or a negative
    penalty.

    >>> ScoreSheet.empty(2).add((3, 0))
    ScoreSheet(players=2, rows=((3, 0),))
    """

    players: int
    rows: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.players < 1:
            raise ThreeThirteenError(f"a score sheet needs at least one seat, got {self.players}")
        for number, row in enumerate(self.rows, start=1):
            if len(row) != self.players:
                raise ThreeThirteenError(
                    f"score sheet row {number} {row!r} has {len(row)} scores for "
                    f"{self.players} seats"
                )
            if any(p < 0 for p in row):
                raise ThreeThirteenError(f"score sheet row {number} {row!r} has a negative score")

    @classmethod
    def empty(cls, players: int) -> ScoreSheet:
        return cls(players)

    def add(self, penalties: Iterable[int]) -> ScoreSheet:
        """A sheet with one more row; raises :class:`ThreeThirteenError` on a bad row."""
        return ScoreSheet(self.players, (*self.rows, tuple(penalties)))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(row[seat] for row in self.rows) for seat in range(self.players))

    @property
    def zero_rounds(self) -> tuple[int, ...]:
        """Per seat, the number of rounds it scored 0 (out, or fully melded)."""
        return tuple(sum(row[seat] == 0 for row in self.rows) for seat in range(self.players))

    def standings(self) -> tuple[int, ...]:
        """Seats from best to worst: lowest total, then more zero rounds, then seat order."""
        totals, zeros = self.totals, self.zero_rounds
        return tuple(sorted(range(self.players), key=lambda s: (totals[s], -zeros[s], s)))

    def __str__(self) -> str:
        header = "round " + " ".join(f"{'seat ' + str(s):>7}" for s in range(self.players))
        lines = [header]
        for number, row in enumerate(self.rows, start=1):
            lines.append(f"{number:>5} " + " ".join(f"{p:>7}" for p in row))
        lines.append("total " + " ".join(f"{t:>7}" for t in self.totals))
        return "\n".join(lines)


def winners(rules: Rules | TieBreak, sheet: ScoreSheet) -> tuple[int, ...]:
    """The winning seats of ``sheet``: the lowest total, ties settled by the tie-break.

    ``rules`` may be a :class:`Rules` (its ``tie_break`` is used) or a
    :class:`TieBreak`. One seat with the lowest total wins alone. Several tied:
    ``MOST_ZERO_ROUNDS`` keeps those with the most zero rounds (still tied: all of
    them share the win), ``SHARED`` lets them all win, ``NO_WINNER`` returns ``()``.
    Seats come in ascending order.

    >>> winners(TieBreak.SHARED, ScoreSheet(3, ((4, 2, 2),)))
    (1, 2)
    """
    tie_break = rules if isinstance(rules, TieBreak) else rules.tie_break
    totals = sheet.totals
    low = min(totals)
    tied = [seat for seat, total in enumerate(totals) if total == low]
    if len(tied) == 1:
        return (tied[0],)
    if tie_break is TieBreak.SHARED:
        return tuple(tied)
    if tie_break is TieBreak.NO_WINNER:
        return ()
    zeros = sheet.zero_rounds
    most = max(zeros[seat] for seat in tied)
    return tuple(seat for seat in tied if zeros[seat] == most)
