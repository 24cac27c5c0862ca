"""``threethirteen engine BOT``: one of our bots as an engine, on stdin and stdout.

The other side of ``--engine``: a harness that speaks the engine protocol
(``docs/engines.md``), this project's lab or another's, can start
``threethirteen engine heuristic`` and play against our bot. ``--game thirteen``
serves a Thirteen bot (``threethirteen engine heuristic --game thirteen``).
``--rules`` and ``--house`` give the rules for a ``choose`` that carries none (a
harness that sends only the view); a ``choose`` with rules is played under them.
Errors go to stderr, with exit status 2, which the lab quotes.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from threethirteen.engines.serve import serve_engine
from threethirteen.games import DEFAULT_GAME, GAME_NAMES, get_game

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "engine",
        help="play one of our bots as an engine over stdin and stdout (docs/engines.md)",
        description="Serve a bot of this project as an engine: read the engine protocol's "
        "JSON lines on stdin and answer on stdout, so that any harness speaking the "
        "protocol can play against it.",
    )
    parser.add_argument(
        "bot", metavar="BOT", help="a bot or difficulty, options allowed (montecarlo:samples=16)"
    )
    parser.add_argument(
        "--game",
        metavar="GAME",
        default=DEFAULT_GAME,
        help=f"the game the bot plays: {', '.join(GAME_NAMES)} (default {DEFAULT_GAME}); "
        "a hello for another game is refused",
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        default=None,
        help="the rules the bot plays when a 'choose' message carries none (a 'choose' "
        "that carries rules is played under them); default: the game's own preset",
    )
    parser.add_argument(
        "--house",
        metavar="RULE",
        action="append",
        default=[],
        help="a house rule on top of --rules, repeatable: a name or option=value",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Checked before anything is read: an unknown preset or a bad house rule exits 2.
    rules = get_game(args.game).rules(args.rules, tuple(args.house))
    serve_engine(args.bot, sys.stdin, sys.stdout, args.game, rules)
    return 0
