"""``threethirteen legal``: every legal play of a hand against the table (Thirteen).

``threethirteen legal --game thirteen --hand 3S 4S 5S 5H 9D 9C 2H --table 4D 4C``
prints ``pass``, then ``5S 5H`` and ``9C 9D``: one play a line, its cards in
ascending strength, ``pass`` first when passing is allowed, then by number of
cards, then by strength. No ``--table`` means the player leads (any combination,
no pass); ``--lead-3s`` means the game's first lead, whose play must hold 3♠.
``--json`` prints one JSON list whose items are lists of card strings, or
``"pass"``. A game without such plays (Three-Thirteen) gets a clear message.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from threethirteen.cli.games import add_game_options, game_and_rules
from threethirteen.errors import RulesError
from threethirteen.game import PlaysFromHand

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "legal",
        help="every legal play of a hand against the table (Thirteen)",
        description="List every legal play of a hand against the combination on the table, "
        "one a line, 'pass' first when passing is allowed. Cards are written like 3S 10H "
        "(or TH) AS 2D (see docs/notation.md). Answers for --game thirteen.",
    )
    add_game_options(parser)
    parser.add_argument(
        "--hand", nargs="+", required=True, metavar="CARD", help="the cards in hand"
    )
    parser.add_argument(
        "--table",
        nargs="+",
        metavar="CARD",
        help="the combination to beat; without it the player leads",
    )
    parser.add_argument(
        "--lead-3s",
        action="store_true",
        help="the game's first lead: the play must hold the 3 of spades",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game, rules = game_and_rules(args)
    if not isinstance(game, PlaysFromHand):
        raise RulesError(
            f"'legal' lists the plays of a hand for Thirteen; {game.title} has no such "
            f"plays (try 'threethirteen solve' for {game.title})"
        )
    if args.lead_3s and args.table:
        raise RulesError(
            "--lead-3s is the game's first lead, when the table is empty; it cannot go with --table"
        )
    plays = game.legal_plays_text(rules, args.hand, args.table, first_lead=args.lead_3s)
    if args.json:
        items: list[object] = [p if p == "pass" else p.split() for p in plays]
        sys.stdout.write(json.dumps(items) + "\n")
    else:
        sys.stdout.write("".join(f"{p}\n" for p in plays))
    return 0
