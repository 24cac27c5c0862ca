"""The public solver: :class:`HandSolver`, one a rule set and round, over shared engines.

A solver is cheap: the tables and memos live in an :class:`~.search.Engine` (and
the table readings for laying off in a :class:`~.layoff.LayOff`) shared by every
solver with the same rules and wild rank. Its methods check their arguments and
hand the work to the modules of this package.
"""

from __future__ import annotations

from collections.abc import Sequence

from threethirteen.cards import Card, Rank, format_cards, parse_cards
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.rules import RoundSpec, Rules
from threethirteen.games.three_thirteen.solver.contracts import going_out
from threethirteen.games.three_thirteen.solver.discards import can_go_out, discard_choices
from threethirteen.games.three_thirteen.solver.encoding import SCALE
from threethirteen.games.three_thirteen.solver.layoff import LayOff
from threethirteen.games.three_thirteen.solver.melds import (
    Arrangement,
    DiscardChoice,
    Meld,
    MeldKind,
)
from threethirteen.games.three_thirteen.solver.plans import arrange
from threethirteen.games.three_thirteen.solver.search import Engine
from threethirteen.games.three_thirteen.solver.validity import meld_kind

__all__ = ["HandSolver", "best_discard", "solve"]

# The engine of each (rules, wild rank) and its lay-off readings, and the solver of each
# (rules, round); each cache is dropped whole when it reaches _CACHE_LIMIT entries.
_ENGINES: dict[tuple[Rules, Rank], tuple[Engine, LayOff]] = {}
_SOLVERS: dict[tuple[Rules, int], HandSolver] = {}
_CACHE_LIMIT = 512


def _engine_for(rules: Rules, wild_rank: Rank) -> tuple[Engine, LayOff]:
    shared = _ENGINES.get((rules, wild_rank))
    if shared is None:
        if len(_ENGINES) >= _CACHE_LIMIT:
            _ENGINES.clear()
        engine = Engine(rules, wild_rank)
        shared = _ENGINES[rules, wild_rank] = (engine, LayOff(engine))
    return shared


class HandSolver:
    """Exact solver for one rule set and one round (its wild rank and contract).

    Cheap to build: the tables and the memo live in an engine shared by every
    solver with the same rules and wild rank. Methods take hands as sequences of
    :class:`Card` (a multiset: duplicates are normal).

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> solver = HandSolver.for_round(get_rules("bga"), 11)  # Kings and jokers wild
    >>> solver.deadwood(parse_cards("QH KS AH 9S 10S JS 4C 4D JK 7D"))
    7
    >>> first = HandSolver.for_round(get_rules("bga"), 1)  # 3 cards, 3s wild
    >>> print(first.going_out(parse_cards("QH KH AH")))
    [QH KH AH] (deadwood 0)
    >>> first.going_out(parse_cards("KH AH 2H")) is None
    True
    """

    def __init__(self, rules: Rules, spec: RoundSpec) -> None:
        self.rules = rules
        self.spec = spec
        self._engine, self._lay_off = _engine_for(rules, spec.wild_rank)

    @classmethod
    def for_round(cls, rules: Rules, number: int) -> HandSolver:
        """The (cached) solver of round ``number``; raises :class:`RulesError` for a bad round."""
        solver = _SOLVERS.get((rules, number))
        if solver is None:
            if len(_SOLVERS) >= _CACHE_LIMIT:
                _SOLVERS.clear()
            solver = _SOLVERS[rules, number] = cls(rules, rules.round_spec(number))
        return solver

    @property
    def wild_rank(self) -> Rank:
        return self.spec.wild_rank

    def is_wild(self, card: Card) -> bool:
        """Jokers and cards of the round's wild rank."""
        return card.rank is None or card.rank is self.spec.wild_rank

    def penalty(self, card: Card) -> int:
        """The penalty of ``card`` left unmelded in this round."""
        return self.rules.card_penalty(card, self.spec.wild_rank)

    def meld_kind(self, cards: Sequence[Card]) -> MeldKind | None:
        """:func:`~.validity.meld_kind` in this round."""
        return meld_kind(cards, self.rules, self.spec.wild_rank)

    # -- lowest deadwood -------------------------------------------------------------------------

    def solve(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> Arrangement:
        """The lowest deadwood of ``cards`` and one arrangement that reaches it.

        ``table`` holds melds already on the table; with ``rules.lay_off`` cards
        may be laid off onto them (otherwise it is ignored). Raises
        :class:`ThreeThirteenError` for a hand with more than 15 copies of a card.

        >>> from threethirteen.games.three_thirteen.rules import get_rules
        >>> solver = HandSolver.for_round(get_rules("classic"), 1)  # 3s wild
        >>> print(solver.solve(parse_cards("3C 5H 7H 9D")))
        [5H 3C 7H] 9D (deadwood 9)
        """
        if self.rules.lay_off and table:
            return self._lay_off.solve(cards, tuple(table))
        return arrange(self._engine, cards)

    def deadwood(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> int:
        """The lowest deadwood of ``cards`` (the number :meth:`solve` reports), fast."""
        if self.rules.lay_off and table:
            lay_off = self._lay_off
            return lay_off.cost(cards, lay_off.table(tuple(table))) // SCALE
        return self._engine.cost_of(cards) // SCALE

    # -- discards and going out ----------------------------------------------------------------

    def _check_size(self, cards: Sequence[Card], size: int, what: str) -> None:
        if len(cards) != size:
            raise ThreeThirteenError(
                f"{what} needs a hand of {size} cards in round {self.spec.number} "
                f"(hand size {self.spec.hand_size}), got {len(cards)}: {format_cards(cards)!r}"
            )

    def discards(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> list[DiscardChoice]:
        """Every distinct discard from a hand that just drew, with the best arrangement after it.

        ``cards`` must hold ``hand_size + 1`` cards; raises :class:`ThreeThirteenError`
        otherwise. Choices come in card order (suit, then rank, jokers last).
        ``table`` (with ``rules.lay_off``) lets the arrangements lay off.
        """
        self._check_size(cards, self.spec.hand_size + 1, "discards()")
        # A snapshot: arrangements are built later, and the caller may change its list.
        return discard_choices(self._engine, self._lay_off, self.spec.contract, tuple(cards), table)

    def best_discard(self, cards: Sequence[Card], table: Sequence[Meld] = ()) -> DiscardChoice:
        """The best discard: one that goes out if any; else the lowest deadwood after it.

        Ties go to discarding the highest-penalty card, then to the first in card
        order. Raises :class:`ThreeThirteenError` unless ``cards`` holds
        ``hand_size + 1`` cards.
        """
        return min(self.discards(cards, table), key=self._discard_key)

    def _discard_key(self, choice: DiscardChoice) -> tuple[bool, int, int, tuple[int, int]]:
        card = choice.discard
        return (not choice.can_go_out, choice.deadwood, -self.penalty(card), card.sort_key())

    def going_out(self, cards: Sequence[Card]) -> Arrangement | None:
        """An arrangement melding every card and meeting the round's contract, or None.

        For a hand of ``hand_size`` cards (what is left after the going-out
        discard); raises :class:`ThreeThirteenError` for another size.
        """
        self._check_size(cards, self.spec.hand_size, "going_out()")
        return going_out(self._engine, self.spec.contract, cards)

    def can_go_out(self, cards: Sequence[Card]) -> bool:
        """Can a hand that just drew (``hand_size + 1`` cards) discard one card and go out?"""
        self._check_size(cards, self.spec.hand_size + 1, "can_go_out()")
        return can_go_out(self._engine, self.spec.contract, cards)


# -- module-level conveniences ----------------------------------------------------------------


def solve(
    cards: Sequence[Card] | str, rules: Rules, round_number: int, table: Sequence[Meld] = ()
) -> Arrangement:
    """:meth:`HandSolver.solve` for round ``round_number``; cards may be notation.

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> solve("5H 6H JK 9C", get_rules("bga"), 2).deadwood
    9
    """
    hand = parse_cards(cards) if isinstance(cards, str) else cards
    return HandSolver.for_round(rules, round_number).solve(hand, table)


def best_discard(cards: Sequence[Card] | str, rules: Rules, round_number: int) -> DiscardChoice:
    """:meth:`HandSolver.best_discard` for round ``round_number``; cards may be notation."""
    hand = parse_cards(cards) if isinstance(cards, str) else cards
    return HandSolver.for_round(rules, round_number).best_discard(hand)
