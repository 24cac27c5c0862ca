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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from threethirteen.bots.base import GameBot, GameDecision, GameObserver, game_decisions
from threethirteen.errors import ThreeThirteenError
from threethirteen.game import Game, MatchState

__all__ = ["GameBot", "GameDecision", "PlayedGame", "game_decisions", "play_game"]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished match of any game: the final state and its record data."""

    state: MatchState
    record: dict[str, Any]


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
