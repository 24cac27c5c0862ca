"""The registry of games: each game of the platform by name.

A game lives in its own package beside the others (``three_thirteen``,
``thirteen``); the registry maps its name to the module that holds its
:class:`~threethirteen.game.Game` object, ``GAME``, and imports it only when the
game is first asked for, so that a command playing one game never loads the
others.

>>> get_game("thirteen").title
'Thirteen'
>>> GAME_NAMES
('three-thirteen', 'thirteen', 'rummy')
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.errors.RulesError: unknown game 'chess'; known: three-thirteen, thirteen, rummy
"""

from __future__ import annotations

import importlib

from threethirteen.errors import RulesError
from threethirteen.game import Game

__all__ = ["DEFAULT_GAME", "GAME_NAMES", "get_game"]

# One line a game: its name, and the module whose ``GAME`` is its Game object.
_MODULES: dict[str, str] = {
    "three-thirteen": "threethirteen.games.three_thirteen.game",
    "thirteen": "threethirteen.games.thirteen.game",
    "rummy": "threethirteen.games.rummy.game",
}
_ALIASES: dict[str, str] = {
    "3-13": "three-thirteen",
    "three_thirteen": "three-thirteen",
    "threethirteen": "three-thirteen",
    "tien-len": "thirteen",
    "tienlen": "thirteen",
    "tiến-lên": "thirteen",
}

GAME_NAMES: tuple[str, ...] = tuple(_MODULES)
"""Every registered game, in the order they joined the platform."""

DEFAULT_GAME = "three-thirteen"


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive; a few aliases such as ``3-13``).

    Raises :class:`~threethirteen.errors.RulesError` quoting an unknown name.
    """
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    module = _MODULES.get(key)
    if module is None:
        raise RulesError(f"unknown game {name[:40]!r}; known: {', '.join(GAME_NAMES)}")
    game: Game = importlib.import_module(module).GAME
    return game
