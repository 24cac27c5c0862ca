"""The bot protocol and the match runner: bots see only their :class:`PlayerView`.

>>> from threethirteen.bots import make_bot
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> played = play_match(get_rules("bga"), [make_bot("greedy"), make_bot("random", seed=1)], seed=9)
>>> played.state.phase
Phase.MATCH_OVER
>>> len(played.record.rounds)
11
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from threethirteen.errors import ThreeThirteenError
from threethirteen.game import MatchState as GameState
from threethirteen.game import Stage
from threethirteen.games.three_thirteen.actions import Action
from threethirteen.games.three_thirteen.bots.draws import STOCK, TAKE, forced_draw
from threethirteen.games.three_thirteen.records import GameRecord
from threethirteen.games.three_thirteen.rules import Rules
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.views import PlayerView

__all__ = [
    "STOCK",
    "TAKE",
    "Bot",
    "Decision",
    "GameBot",
    "GameDecision",
    "GameObserver",
    "PlayedMatch",
    "close_bot",
    "decisions",
    "forced_draw",
    "game_decisions",
    "play_match",
]

# STOCK, TAKE and forced_draw are Three-Thirteen's: they live in its bot package
# (games/three_thirteen/bots/draws.py) and are re-exported here for old imports.


@runtime_checkable
class Bot(Protocol):
    """A player program: given what its seat may see, the action it plays.

    ``choose`` is called only on the bot's own turn, so ``view.legal_actions``
    is never empty; it must return one of them.
    """

    name: str

    def choose(self, view: PlayerView) -> Action: ...


@runtime_checkable
class GameBot(Protocol):
    """A player program of any game: given its seat's view, one of ``view.legal_actions``.

    Three-Thirteen's :class:`~threethirteen.bots.base.Bot` is this protocol with
    the view and the action typed for that game.
    """

    name: str

    def choose(self, view: Any) -> Any: ...


def close_bot(bot: Bot | GameBot) -> None:
    """Let a bot that holds a resource (an engine's process) release it: call its
    ``close()`` if it has one. Bots are not required to have one."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A finished match: the final state and its record."""

    state: MatchState
    record: GameRecord


Observer = Callable[[MatchState, int, Action], None]


@dataclass(frozen=True, slots=True)
class Decision:
    """One bot decision of a match being played: its seat, the view it saw, its action."""

    seat: int
    view: PlayerView
    action: Action


GameObserver = Callable[[Any, int, Any], None]
"""``observer(state, seat, action)``, called after each action of a match of any game."""


@dataclass(frozen=True, slots=True)
class GameDecision:
    """One bot decision: its seat, the view it saw, the action it chose."""

    seat: int
    view: Any
    action: Any


def game_decisions(
    state: GameState, bots: Sequence[GameBot], observer: GameObserver | None = None
) -> Iterator[GameDecision]:
    """Play ``state`` to the end of its match, yielding each decision before it is applied.

    Actions are applied checked (a bot's illegal action raises
    :class:`~threethirteen.errors.IllegalActionError`); ``observer(state, seat,
    action)`` is called after each.
    """
    if len(bots) != state.players:
        raise ThreeThirteenError(f"{len(bots)} bots for {state.players} seats")
    while state.stage is not Stage.MATCH_OVER:
        if state.stage is Stage.ROUND_OVER:
            state.next_round()
            continue
        seat = state.current
        view = state.view(seat)
        action = bots[seat].choose(view)
        yield GameDecision(seat, view, action)
        state.apply(action)
        if observer is not None:
            observer(state, seat, action)


def decisions(
    state: MatchState, bots: Sequence[Bot], observer: Observer | None = None
) -> Iterator[Decision]:
    """Play ``state`` to the end of its match, one bot a seat, yielding each decision.

    Each decision is yielded *before* its action is applied, so the consumer sees
    the position the bot decided in (``state`` itself, unchanged until the
    consumer asks for the next decision). Actions are applied checked, then
    ``observer(state, seat, action)`` is called. Rounds are dealt as they end.
    (Three-Thirteen's typed form of :func:`game_decisions`.)
    """
    for decision in game_decisions(state, bots, observer):
        yield Decision(decision.seat, decision.view, decision.action)


def play_match(
    rules: Rules,
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    names: Sequence[str] | None = None,
    observer: Observer | None = None,
) -> PlayedMatch:
    """Play a whole match, one bot a seat, and return the final state and record.

    Each bot gets only ``state.view(seat)``; its action is applied checked, so a
    bot that returns an illegal action raises
    :class:`~threethirteen.errors.IllegalActionError`. ``observer(state, seat,
    action)`` is called after every action (for watching, and for tests).
    ``names`` label the seats in the record (default: the bots' names).
    Raises :class:`~threethirteen.errors.RulesError` for a player count the rules
    do not allow.
    """
    state = MatchState.new(rules, len(bots), seed)
    if names is None:
        names = [bot.name for bot in bots]
    if len(names) != len(bots):
        raise ThreeThirteenError(f"{len(names)} names for {len(bots)} bots")
    for _ in decisions(state, bots, observer):
        pass
    return PlayedMatch(state, state.record(names))
