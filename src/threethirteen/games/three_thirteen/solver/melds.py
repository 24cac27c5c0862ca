"""The solver's values: meld kinds, melds, arrangements of a hand, and discard choices.

Each is immutable; ``str()`` is notation and ``repr()`` rebuilds a meld. Whether a
meld is valid depends on the round and the rules: see :mod:`.validity`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from threethirteen.cards import Card, format_cards, parse_cards
from threethirteen.errors import NotationError

__all__ = ["Arrangement", "DiscardChoice", "Meld", "MeldKind"]


class MeldKind(enum.Enum):
    """A set (one rank) or a run (one suit, in sequence)."""

    SET = "set"
    RUN = "run"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld: a set or a run. ``cards`` of a run are in sequence order, wilds where they stand.

    ``str()`` is the cards in notation; ``repr()`` rebuilds the meld. Whether a
    meld is valid depends on the round (its wild rank) and the rules: see
    :func:`is_valid_meld`.

    >>> Meld.of("run", "5H JK 7H")
    Meld.of('run', '5H JK 7H')
    >>> str(Meld.of(MeldKind.SET, parse_cards("7H 7H 7C")))
    '7H 7H 7C'
    """

    kind: MeldKind
    cards: tuple[Card, ...]

    @classmethod
    def of(cls, kind: MeldKind | str, cards: str | Iterable[Card]) -> Meld:
        """Build a meld from a kind (or ``'set'``/``'run'``) and cards (or notation).

        Raises :class:`NotationError` for an unknown kind or malformed cards.
        Does not check validity (that needs the round): see :func:`is_valid_meld`.
        """
        if not isinstance(kind, MeldKind):
            try:
                kind = MeldKind(str(kind).strip().lower())
            except ValueError:
                raise NotationError(
                    f"unknown meld kind {kind!r}: expected 'set' or 'run'"
                ) from None
        parsed = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        return cls(kind, parsed)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld.of({self.kind.value!r}, {str(self)!r})"

    def __len__(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """An arrangement of a hand: melds, the unmelded cards, and their total penalty.

    ``melds``, the cards in ``laid_off`` and ``unmelded`` together are exactly the
    hand (as a multiset). ``laid_off`` holds ``(index, cards)`` pairs: cards laid
    off onto the table meld at ``index`` of the ``table`` the solver was given,
    in the order they extend it (left end first). ``deadwood`` is the sum of the
    unmelded cards' penalties (the round's multiplier is applied by scoring).
    """

    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    deadwood: int
    laid_off: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    @property
    def all_melded(self) -> bool:
        """True when no card is left unmelded."""
        return not self.unmelded

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand: melded, laid off, then unmelded."""
        melded = [c for meld in self.melds for c in meld.cards]
        laid = [c for _, cards in self.laid_off for c in cards]
        return (*melded, *laid, *self.unmelded)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        parts += [f"+[{format_cards(cards)}]>table{i}" for i, cards in self.laid_off]
        parts += [str(c) for c in self.unmelded]
        parts.append(f"(deadwood {self.deadwood})")
        return " ".join(parts)


class DiscardChoice:
    """One discard from a hand that just drew, and the best arrangement of what is left.

    ``deadwood`` is the lowest deadwood after the discard; ``can_go_out`` is true
    when the remaining cards are all melded and satisfy the round's contract, and
    ``arrangement`` is then such a going-out arrangement.

    An immutable value, but not a dataclass: the solver weighs every discard and
    builds an arrangement only when ``arrangement`` is first read (bots read the
    numbers of fourteen choices and the cards of one), so it may pass a function
    in place of the arrangement.
    """

    __slots__ = ("_arrangement", "_make", "can_go_out", "deadwood", "discard")

    discard: Card
    can_go_out: bool
    deadwood: int
    _arrangement: Arrangement | None
    _make: Callable[[], Arrangement] | None

    def __init__(
        self,
        discard: Card,
        arrangement: Arrangement | Callable[[], Arrangement],
        can_go_out: bool,
        deadwood: int | None = None,
    ) -> None:
        known: Arrangement | None = None
        make: Callable[[], Arrangement] | None = None
        if isinstance(arrangement, Arrangement):
            known = arrangement
        elif deadwood is None:
            known = arrangement()  # the deadwood is not known without it
        else:
            make = arrangement
        setter = object.__setattr__
        setter(self, "discard", discard)
        setter(self, "can_go_out", can_go_out)
        setter(self, "deadwood", known.deadwood if deadwood is None and known else deadwood)
        setter(self, "_arrangement", known)
        setter(self, "_make", make)

    @property
    def arrangement(self) -> Arrangement:
        """The best arrangement after the discard (the going-out one when it goes out)."""
        if self._arrangement is None:
            assert self._make is not None
            object.__setattr__(self, "_arrangement", self._make())
            object.__setattr__(self, "_make", None)
        assert self._arrangement is not None
        return self._arrangement

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DiscardChoice is immutable: cannot set {name!r}")

    def _values(self) -> tuple[Card, Arrangement, bool]:
        return self.discard, self.arrangement, self.can_go_out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiscardChoice):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __str__(self) -> str:
        verb = "out" if self.can_go_out else "discard"
        return f"{verb} {self.discard}: {self.arrangement}"

    def __repr__(self) -> str:
        return f"DiscardChoice({self.discard!r}, {self.arrangement!r}, {self.can_go_out!r})"
