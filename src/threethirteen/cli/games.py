"""The ``--game`` option and the game-aware ``--rules``/``--house`` every command shares.

A command that plays or analyses a match takes ``--game NAME`` (default
``three-thirteen``) and ``--rules PRESET`` among that game's presets (default: the
game's own default preset), with ``--house RULE`` options applied in order.
"""

from __future__ import annotations

import argparse
from typing import Any

from threethirteen.game import Game
from threethirteen.games import DEFAULT_GAME, GAME_NAMES, get_game

__all__ = ["add_game_options", "game_and_rules"]


def add_game_options(parser: argparse.ArgumentParser, *, default_game: str = DEFAULT_GAME) -> None:
    """Add ``--game``, ``--rules`` (the game's default preset unless given) and ``--house``."""
    parser.add_argument(
        "--game",
        metavar="GAME",
        default=default_game,
        help=f"the game: {', '.join(GAME_NAMES)} (default {default_game})",
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        default=None,
        help="the game's rules preset (default: the game's own, e.g. classic for "
        "three-thirteen, cardgames for thirteen)",
    )
    parser.add_argument(
        "--house",
        metavar="RULE",
        action="append",
        default=[],
        help="a house rule on top of the preset, repeatable: a name or option=value "
        "(see the game's rules page in docs/)",
    )


def game_and_rules(args: argparse.Namespace) -> tuple[Game, Any]:
    """The game of ``--game`` and its rules from ``--rules`` and ``--house``.

    Raises :class:`~threethirteen.errors.RulesError` quoting an unknown game,
    preset, house rule or value.
    """
    game = get_game(args.game)
    return game, game.rules(args.rules, tuple(args.house))
