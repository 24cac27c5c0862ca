"""The ``threethirteen`` entry point: an argparse dispatcher over the subcommands.

Every subcommand exits 0 on success and 2 on bad input (a malformed card, an
unknown preset or option, an unreadable or corrupt file), printing one line
``threethirteen: error: ...`` that quotes the input, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from threethirteen.cli import (
    compare,
    engine,
    legal,
    merge,
    play,
    replay,
    serve,
    solve,
    tournament,
)
from threethirteen.errors import ThreeThirteenError

__all__ = ["build_parser", "main"]

PROG = "threethirteen"


def build_parser() -> argparse.ArgumentParser:
    """The full command-line parser, one subparser per command."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Card games on one platform: Three-Thirteen rummy (the web app: 'serve'), "
        "Thirteen (Tien len, --game thirteen) and Rummy (--game rummy). Terminal play against "
        "bots, the exact hand solver, Thirteen's legal plays, match replays, the bot lab and "
        "engines.",
        epilog="To start: 'threethirteen serve' runs the web app (solo against bots, or a "
        "table with friends); open http://localhost:8000/ in a browser. 'threethirteen play' "
        "plays in the terminal. 'threethirteen COMMAND --help' tells more of each command.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (play, solve, legal, replay, tournament, compare, merge, engine, serve):
        module.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except ThreeThirteenError as exc:
        _error(str(exc))
        return 2
    except BrokenPipeError:
        # `threethirteen solve - < hands | head` closes our stdout early; that is fine.
        # (Checked before OSError, of which it is a subclass.)
        _silence_stdout()
        return 0
    except OSError as exc:
        # A file that cannot be read or written is the user's input too.
        name = f" {exc.filename!r}" if exc.filename else ""
        _error(f"cannot use{name}: {exc.strerror or exc}")
        return 2
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    return status


def _silence_stdout() -> None:
    """Point stdout at devnull so the interpreter's final flush cannot fail again."""

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)
