"""The game interface: what every game of the platform offers the shared layers.

Each game (``three-thirteen``, ``thirteen``, later ``rummy``) is a package under
:mod:`threethirteen.games` with a pure core, and one :class:`Game` object that
the registry (:mod:`threethirteen.games`) finds by name. The shared layers above
the games (records, bots, engines, the lab, the store, the server, the command
line) reach a game only through this interface, as OpenSpiel's shared code
reaches a game through its ``Game`` and ``State``:

* a :class:`Game` holds what does not change during a match: its name, its rule
  presets and options, how to start a match, how to read an action in notation,
  and how to write and replay a record;
* a :class:`MatchState` is one position of a match: whose turn it is, the legal
  actions, a checked :meth:`~MatchState.apply`, the view of one seat, the running
  totals and, at the end, the winners.

This module imports nothing of any game, so a game's core may import its types
(:class:`Stage`) without an import circle: the arrows point down from the
registry to the games, and from the games to this interface.

A match moves through three stages (:class:`Stage`): while a seat must act it
is ``PLAY`` (:attr:`MatchState.current` names the seat, and
:meth:`MatchState.legal_actions` is never empty); when a round (a deal) ends it
is ``ROUND_OVER`` and :meth:`MatchState.next_round` deals the next one; when the
match is decided it is ``MATCH_OVER`` and :meth:`MatchState.winners` names the
winners. A game's own phases (draw, discard, lead, follow, ...) refine ``PLAY``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from threethirteen.errors import IllegalActionError

__all__ = [
    "Action",
    "Game",
    "MatchState",
    "PlaysFromHand",
    "RoundOutcome",
    "SeatView",
    "Stage",
]


class Stage(enum.Enum):
    """Where a match stands, in the terms every game shares."""

    PLAY = "play"
    """A seat must act: :attr:`MatchState.current`."""
    ROUND_OVER = "round-over"
    """A round (a deal) is scored; :meth:`MatchState.next_round` deals the next."""
    MATCH_OVER = "match-over"
    """The match is decided; :meth:`MatchState.winners` names the winners."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Stage.{self.name}"


@runtime_checkable
class Action(Protocol):
    """A move: an immutable value whose ``str()`` is its notation.

    ``game.parse_action(str(action)) == action`` holds for every legal action
    of every game.
    """

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class SeatView(Protocol):
    """What one seat may see: its own cards, the public table and log, never another
    seat's hidden cards. Bots choose from ``legal_actions``, which is empty when it
    is not the seat's turn."""

    @property
    def seat(self) -> int: ...

    @property
    def legal_actions(self) -> tuple[Any, ...]: ...


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """How one scored round ended, in the terms every game shares (the lab counts them).

    ``best`` lists the seats that won the round (several when they tie: Three-Thirteen's
    lowest penalty; Thirteen's first to finish, always one); ``out`` is the seat that
    went out or finished first, ``None`` when nobody did.

    >>> RoundOutcome(best=(0, 2), out=None)
    RoundOutcome(best=(0, 2), out=None)
    """

    best: tuple[int, ...]
    out: int | None


@runtime_checkable
class MatchState(Protocol):
    """One position of a match, as the shared layers use it.

    ``apply`` is checked: an action that is not legal here raises
    :class:`~threethirteen.errors.IllegalActionError` quoting it, and the state is
    left unchanged.
    """

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def current(self) -> int: ...

    @property
    def round_number(self) -> int: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    def legal_actions(self) -> tuple[Any, ...]: ...

    def apply(self, action: Any) -> object: ...

    def next_round(self) -> None: ...

    def view(self, seat: int) -> Any: ...

    def copy(self) -> Self: ...

    def winners(self) -> tuple[int, ...]: ...


class Game(Protocol):
    """One game of the platform: its rules, how a match starts, its notation, its records.

    ``name`` is the registry key (``three-thirteen``); ``title`` the name players
    read (``Three-Thirteen``). ``presets`` lists the rule presets, the first one
    being ``default_preset``. ``higher_wins`` says which way the totals count:
    ``False`` for penalty games (the lowest total wins), ``True`` for points
    games (Thirteen's race to 10).
    """

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def presets(self) -> tuple[str, ...]: ...

    @property
    def default_preset(self) -> str: ...

    @property
    def higher_wins(self) -> bool: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    def house_rules(self) -> dict[str, dict[str, Any]]:
        """The named house rules: each name (what ``rules(house=[name])`` takes) with
        the options it sets."""
        ...

    def rules(self, preset: str | None = None, house: Sequence[str] = ()) -> Any:
        """The validated rules of ``preset`` (default: the game's default preset)
        with each ``house`` rule applied in order (a name, or ``option=value``);
        raises :class:`~threethirteen.errors.RulesError` quoting what is wrong."""
        ...

    def rules_from_options(self, options: Mapping[str, Any]) -> Any:
        """Rebuild rules from their option dictionary (what records store)."""
        ...

    def rules_options(self, rules: Any) -> dict[str, Any]:
        """The option dictionary of ``rules`` (JSON-ready)."""
        ...

    def new_match(self, rules: Any, players: int, seed: int | None = None) -> MatchState:
        """A new match, dealt and ready for the first action; raises
        :class:`~threethirteen.errors.RulesError` for a player count the rules refuse."""
        ...

    def parse_action(self, text: str) -> Any:
        """An action from its notation; :class:`~threethirteen.errors.NotationError`
        quoting the text for bad syntax (legality is the state's business)."""
        ...

    def record(self, state: Any, names: Sequence[str]) -> dict[str, Any]:
        """The record of ``state`` so far as JSON-ready data, ``game`` and
        ``version`` included (docs/record-format.md)."""
        ...

    def view_to_json(self, view: Any) -> dict[str, Any]:
        """The JSON-ready form of one seat's view (the engine protocol's ``view``),
        built from the view alone, without any hint that an engine should find itself."""
        ...

    def decode_view(self, data: Any, rules: Any) -> Any:
        """Read :meth:`view_to_json`'s object back into a view equal to the original;
        :class:`~threethirteen.errors.ThreeThirteenError` saying where for bad data."""
        ...

    def replay(self, data: Mapping[str, Any]) -> Any:
        """Rebuild the match a record describes, checking every stored deal and
        score; raises :class:`~threethirteen.errors.RecordError` saying where."""
        ...

    def round_outcomes(self, state: Any) -> tuple[RoundOutcome, ...]:
        """How each round of ``state`` scored so far ended, in order: who won it and
        who went out (:class:`RoundOutcome`)."""
        ...


@runtime_checkable
class PlaysFromHand(Protocol):
    """A game that can list the legal plays of a hand against a table, out of any match
    (Thirteen's ``threethirteen legal``). ``first_lead`` asks for the game's first
    lead, whose play must hold a given card; each answer is a play in notation, or
    ``"pass"``."""

    def legal_plays_text(
        self,
        rules: Any,
        hand: Sequence[str],
        table: Sequence[str] | None,
        *,
        first_lead: bool = False,
    ) -> tuple[str, ...]: ...


A = TypeVar("A")
E = TypeVar("E")


class CheckedApply(Generic[A, E]):
    """The checked ``apply`` every game's state shares (python-chess's ``push`` with its
    legality check built in), over the state's own ``_illegal_reason`` and ``_play``.

    A state keeps ``_legal``, the version at which it listed its legal actions and
    those very objects, and ``_version``, bumped by every change: an action that is
    one of the listed objects (as a view hands them to a bot) is played with no
    second check; comparing by identity, since comparing actions by value costs as
    much as checking them. Anything else is checked, and an illegal action raises
    :class:`~threethirteen.errors.IllegalActionError` quoting the action, the seat,
    the phase and the reason, leaving the state unchanged.
    """

    _legal: tuple[int, tuple[A, ...]] | None
    _version: int

    def _illegal_reason(self, action: object) -> str | None:
        """Why ``action`` is not legal here, or None when it is."""
        raise NotImplementedError

    def _play(self, action: A) -> E:
        """Play an action known to be legal; returns the logged event."""
        raise NotImplementedError

    def _turn_words(self) -> str:
        """Who acts in which phase, for messages (``seat 1 in phase discard``)."""
        raise NotImplementedError

    def apply(self, action: A) -> E:
        """Play ``action`` for the seat to act, checked; returns the logged event.

        Raises :class:`~threethirteen.errors.IllegalActionError` when it is not
        legal here; the state is then unchanged.
        """
        legal = self._legal
        if legal is not None and legal[0] == self._version:
            for candidate in legal[1]:
                if candidate is action:
                    return self._play(action)
        reason = self._illegal_reason(action)
        if reason is not None:
            raise IllegalActionError(
                f"illegal action {str(action)[:60]!r} by {self._turn_words()}: {reason}"
            )
        return self._play(action)

    def apply_unchecked(self, action: A) -> E:
        """Play ``action`` without the legality check (search on known-legal actions).

        An illegal action here corrupts the state or raises an arbitrary error.
        """
        return self._play(action)
