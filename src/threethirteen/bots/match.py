"""Playing a match of any game, one bot a seat, through the game interface.

:func:`game_decisions` and :func:`play_game` do for every registered game what
:func:`threethirteen.bots.base.decisions` and :func:`~threethirteen.bots.base.play_match`
do for Three-Thirteen: each bot sees only its seat's view, its action is applied
checked, rounds are dealt as they end, and the finished match comes back with
its record (the game's JSON-ready record data).

>>> from threethirteen.bots import make_bot
>>> from threethirteen.games import get_game
>>> game = get_game("thirteen")
>>> bots = [make_bot("random", seed=s, game="thirteen") for s in range(4)]
>>> played = play_game(game, game.rules(None, ["target=3"]), bots, seed=4)
>>> played.state.stage
Stage.MATCH_OVER
>>> played.record["game"], len(played.record["seats"])
('thirteen', 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from threethirteen.errors import ThreeThirteenError
from threethirteen.game import Game, MatchState, Stage

__all__ = ["GameBot", "GameDecision", "PlayedGame", "game_decisions", "play_game"]


@runtime_checkable
class GameBot(Protocol):
    """A player program of any game: given its seat's view, one of ``view.legal_actions``.

    Three-Thirteen's :class:`~threethirteen.bots.base.Bot` is this protocol with
    the view and the action typed for that game.
    """

    name: str

    def choose(self, view: Any) -> Any: ...


GameObserver = Callable[[MatchState, int, Any], None]


@dataclass(frozen=True, slots=True)
class GameDecision:
    """One bot decision: its seat, the view it saw, the action it chose."""

    seat: int
    view: Any
    action: Any


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished match of any game: the final state and its record data."""

    state: MatchState
    record: dict[str, Any]


def game_decisions(
    state: MatchState, bots: Sequence[GameBot], observer: GameObserver | None = None
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


def play_game(
    game: Game,
    rules: Any,
    bots: Sequence[GameBot],
    seed: int | None = None,
    *,
    names: Sequence[str] | None = None,
    observer: GameObserver | None = None,
) -> PlayedGame:
    """Play a whole match of ``game``, one bot a seat; the final state and its record.

    ``names`` label the seats in the record (default: the bots' names). Raises
    :class:`~threethirteen.errors.RulesError` for a player count the rules refuse.
    """
    if names is None:
        names = [bot.name for bot in bots]
    if len(names) != len(bots):
        raise ThreeThirteenError(f"{len(names)} names for {len(bots)} bots")
    state = game.new_match(rules, len(bots), seed)
    for _ in game_decisions(state, bots, observer):
        pass
    return PlayedGame(state, game.record(state, list(names)))
