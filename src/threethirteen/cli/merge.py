"""``threethirteen merge``: the parts of a tournament played apart, joined into one run.

``threethirteen merge PART.json PART.json ... [--json WHOLE.json]`` reads the
``tournament --json`` documents of one run played in parts (``--first-deal``),
checks that they are parts of one run (of one game, read from the files) that hold
every deal of one range once, prints the whole run's table (naming the game) and
writes its document, which ``compare`` reads like any other. See
:mod:`threethirteen.lab.merge` and ``docs/lab.md``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from threethirteen.cli.common import make_console
from threethirteen.cli.compare import read_document
from threethirteen.cli.tournament import print_document
from threethirteen.errors import ThreeThirteenError
from threethirteen.lab.merge import merge_documents

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "merge",
        help="join the parts of a tournament played apart (--first-deal) into one run",
        description="Join the --json documents of one tournament played in parts (the same "
        "game, rules, players, bots and seed, each part started with --first-deal where the one "
        "before ended) into the document of the whole run, and print its table.",
    )
    parser.add_argument(
        "parts", metavar="PART.json", nargs="+", help="`threethirteen tournament --json` files"
    )
    parser.add_argument("--json", metavar="FILE", help="write the whole run's document to FILE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.json) if args.json else None
    if out is not None:
        if out.is_dir():
            raise ThreeThirteenError(f"--json {args.json!r} is a directory")
        if any(out.exists() and out.samefile(part) for part in args.parts):
            raise ThreeThirteenError(f"--json {args.json!r} is one of the parts: it would be lost")
    whole = merge_documents([(repr(path), read_document(path)) for path in args.parts])
    if out is not None:
        out.write_text(json.dumps(whole, indent=1) + "\n", encoding="utf-8")
    console = make_console()
    if not console.is_terminal:
        console.width = max(console.width, 140)  # piped: keep each row on one line
    print_document(whole, console, name_game=True)
    return 0
