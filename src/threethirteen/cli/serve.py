"""``threethirteen serve``: the web app (FastAPI under uvicorn) on a database.

Needs the ``server`` extra (``pip install 'threethirteen[server]'``); without it
the command says so (exit 2). Prints the address to open, then serves until
interrupted. Every unfinished table in the database is resumed at start.
"""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from threethirteen.cli.common import add_engine_option, engine_specs
from threethirteen.engines import engine_table
from threethirteen.errors import ThreeThirteenError
from threethirteen.server.engines import DEFAULT_MAX_ENGINES, SLOT_WAIT

__all__ = ["DEFAULT_DB", "add_parser", "run"]

DEFAULT_DB = "sqlite:///threethirteen.db"
"""The default database: a SQLite file in the current folder."""

MAX_ENGINE_WAIT = 600.0
"""The longest ``--engine-wait``: past ten minutes a person has left the table anyway."""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "serve",
        help="run the web app: solo games against bots, online tables, history",
        description="Serve the web app: play solo against bots in one click, or open a table "
        "and invite friends. The protocol is documented in docs/protocol.md.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default %(default)s)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default %(default)s)")
    parser.add_argument(
        "--db",
        metavar="URL",
        default=DEFAULT_DB,
        help="database URL: sqlite:///FILE, postgresql+psycopg://USER:PW@HOST/DB, or memory:// "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="pause before each bot move, so people can follow (default %(default)s)",
    )
    parser.add_argument(
        "--round-pause",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="pause before the next round when no player has to say ready (default %(default)s)",
    )
    add_engine_option(parser)
    parser.add_argument(
        "--max-engines",
        type=int,
        default=DEFAULT_MAX_ENGINES,
        metavar="N",
        help="engine processes the server runs at once, over all tables; a seat that needs "
        "one more stops the one idle the longest (0: no limit; default %(default)s)",
    )
    parser.add_argument(
        "--engine-wait",
        type=float,
        default=SLOT_WAIT,
        metavar="SECONDS",
        help="when all --max-engines processes are deciding, how long a seat that needs one "
        "waits before the stand-in plays it (default %(default)g)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    missing = [m for m in ("fastapi", "uvicorn", "sqlalchemy", "alembic") if not _has(m)]
    if missing:
        raise ThreeThirteenError(
            f"'serve' needs {', '.join(missing)}: pip install 'threethirteen[server]'"
        )
    if not 0 <= args.port <= 65535:
        raise ThreeThirteenError(f"--port must be 0 to 65535, got {args.port!r}")
    for name in ("bot_delay", "round_pause"):
        value = getattr(args, name)
        if not 0 <= value <= 60:
            flag = "--" + name.replace("_", "-")
            raise ThreeThirteenError(f"{flag} must be 0 to 60 seconds, got {value!r}")
    if args.max_engines < 0:
        raise ThreeThirteenError(
            f"--max-engines must be 0 (no limit) or more, got {args.max_engines!r}"
        )
    if not 0 < args.engine_wait <= MAX_ENGINE_WAIT:
        raise ThreeThirteenError(
            f"--engine-wait must be more than 0 and at most {MAX_ENGINE_WAIT:g} seconds, "
            f"got {args.engine_wait!r}"
        )
    # Checked before anything starts: a malformed --engine or a name given twice.
    engines = list(engine_table(engine_specs(args)).values())
    import uvicorn

    from threethirteen.server.app import create_app
    from threethirteen.server.protocol import MAX_FRAME_BYTES
    from threethirteen.store import open_store

    store = open_store(args.db)  # bad URLs and unreachable databases fail here, before serving
    app = create_app(
        store,
        bot_delay=args.bot_delay,
        round_pause=args.round_pause,
        freeze_gc=True,
        engines=engines,
        max_engines=args.max_engines or None,
        engine_wait=args.engine_wait,
    )
    host = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"threethirteen: serving on http://{host}:{args.port}/ (database {args.db})", flush=True)
    for spec in engines:
        print(f"threethirteen: engine {spec.name}: {spec.command_line}", flush=True)
    # Websocket messages over MAX_FRAME_BYTES (decompressed) are refused before they are read.
    uvicorn.run(
        app, host=args.host, port=args.port, log_level="warning", ws_max_size=MAX_FRAME_BYTES
    )
    return 0


def _has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None
