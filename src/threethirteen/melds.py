"""Meld validity and the exact hand solver: best arrangement, deadwood, best discard.

THIS MODULE'S TYPES ARE THE CONTRACT other modules code against; the solver
behind them is being written (see docs/architecture.md).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, format_cards
from threethirteen.rules import RoundSpec, Rules

__all__ = ["Arrangement", "DiscardChoice", "HandSolver", "Meld", "MeldKind"]


class MeldKind(enum.Enum):
    SET = "set"
    RUN = "run"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld: a set or a run. ``cards`` of a run are in sequence order."""

    kind: MeldKind
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """An arrangement of a hand: melds, the unmelded cards, and their total penalty."""

    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    deadwood: int


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """One discard from a hand that just drew, and the best arrangement of what is left."""

    discard: Card
    arrangement: Arrangement
    can_go_out: bool


class HandSolver:
    """Exact solver for one rule set and one round (its wild rank and contract)."""

    def __init__(self, rules: Rules, spec: RoundSpec) -> None:
        self.rules = rules
        self.spec = spec

    def solve(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> Arrangement:
        raise NotImplementedError

    def deadwood(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> int:
        raise NotImplementedError

    def discards(self, cards: Sequence[Card]) -> list[DiscardChoice]:
        raise NotImplementedError

    def best_discard(self, cards: Sequence[Card]) -> DiscardChoice:
        raise NotImplementedError

    def going_out(self, cards: Sequence[Card]) -> Arrangement | None:
        raise NotImplementedError

    def can_go_out(self, cards: Sequence[Card]) -> bool:
        raise NotImplementedError
