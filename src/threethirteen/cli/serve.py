"""``threethirteen serve``: the web app (FastAPI under uvicorn) on a database.

Needs the ``server`` extra (``pip install 'threethirteen[server]'``); without it
the command says so (exit 2). Binds the port first (one in use: exit 2, saying
so), then prints the address to open and serves until interrupted. Every
unfinished table in the database is resumed at start, except with ``--cluster NAME``:
the process is then one of several on one PostgreSQL database, behind a proxy that
sends each table's requests to one of them (``docs/server.md``), and takes each table
when a request names it (:mod:`threethirteen.server.cluster`).
"""

from __future__ import annotations

import argparse
import errno
import importlib.util
import socket
from typing import Any

from threethirteen.cli.common import add_engine_option, engine_specs
from threethirteen.engines import engine_table
from threethirteen.errors import ThreeThirteenError
from threethirteen.server.engines import DEFAULT_MAX_ENGINES, SLOT_WAIT
from threethirteen.server.limits import Limits

__all__ = ["DEFAULT_DB", "add_parser", "listen", "run"]

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
    limits = Limits()
    flood = parser.add_argument_group(
        "limits", "what one client (one IP address) may ask; each refusal is a 429 with Retry-After"
    )
    flood.add_argument(
        "--tables-per-minute",
        type=int,
        default=limits.tables_per_minute,
        metavar="N",
        help="tables (solo or online) one client may create a minute (default %(default)s)",
    )
    flood.add_argument(
        "--connects-per-minute",
        type=int,
        default=limits.connects_per_minute,
        metavar="N",
        help="websocket connections one client may open a minute (default %(default)s)",
    )
    flood.add_argument(
        "--tables-per-client",
        type=int,
        default=limits.tables_per_client,
        metavar="N",
        help="live tables (lobby or playing) one client's creations may hold (default %(default)s)",
    )
    flood.add_argument(
        "--max-tables",
        type=int,
        default=limits.max_tables,
        metavar="N",
        help="live tables the whole server holds at once (default %(default)s)",
    )
    flood.add_argument(
        "--solo-expiry",
        type=float,
        default=limits.solo_expiry,
        metavar="SECONDS",
        help="a solo table whose player has had no connection this long is abandoned "
        "(default %(default)g)",
    )
    flood.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy (IP address or network, 10.0.0.0/8) whose X-Forwarded-For names "
        "the client; repeat for several (default: none, the header is ignored)",
    )
    parser.add_argument(
        "--cluster",
        metavar="NAME",
        default=None,
        help="run as the process NAME of a cluster: several processes on one PostgreSQL "
        "database behind a proxy (docs/server.md); each table is held by one process at a "
        "time and handed over through LISTEN/NOTIFY",
    )
    flood.add_argument(
        "--bot-workers",
        type=int,
        default=limits.bot_workers,
        metavar="N",
        help="bots that think at once over all tables, each in a worker process "
        "(default %(default)s)",
    )
    flood.add_argument(
        "--bot-threads",
        action="store_true",
        help="bots think in threads of the server's process instead of worker processes "
        "(cheaper for easy bots; search bots then slow the pages down)",
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
    try:
        limits = Limits(
            tables_per_minute=args.tables_per_minute,
            connects_per_minute=args.connects_per_minute,
            tables_per_client=args.tables_per_client,
            max_tables=args.max_tables,
            solo_expiry=args.solo_expiry,
            trusted_proxies=tuple(args.trusted_proxy),
            bot_workers=args.bot_workers,
            bot_processes=not args.bot_threads,
        )
    except ValueError as exc:
        raise ThreeThirteenError(f"a limit: {exc}") from exc
    # Checked before anything starts: a malformed --engine or a name given twice.
    engines = list(engine_table(engine_specs(args)).values())
    import uvicorn

    from threethirteen.server.app import create_app
    from threethirteen.server.protocol import MAX_FRAME_BYTES
    from threethirteen.store import open_store

    cluster = None
    if args.cluster is not None:
        from threethirteen.server.cluster import Cluster, PostgresBus, check_name

        try:
            name = check_name(args.cluster)
            bus = PostgresBus(args.db)
        except ValueError as exc:
            raise ThreeThirteenError(f"--cluster: {exc}") from exc
    store = open_store(args.db)  # bad URLs and unreachable databases fail here, before serving
    if args.cluster is not None:
        from threethirteen.store.leases import SqlLeases
        from threethirteen.store.sql import SqlStore

        assert isinstance(store, SqlStore)  # PostgresBus took only a PostgreSQL URL
        cluster = Cluster(name, SqlLeases(store.engine), bus)
    app = create_app(
        store,
        bot_delay=args.bot_delay,
        round_pause=args.round_pause,
        freeze_gc=True,
        engines=engines,
        max_engines=args.max_engines or None,
        engine_wait=args.engine_wait,
        limits=limits,
        cluster=cluster,
    )
    # The port is ours before the address is announced: a port another program holds
    # fails here, with exit status 2, instead of announcing that program's server.
    listening = listen(args.host, args.port)
    port = listening.getsockname()[1]
    host = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"threethirteen: serving on http://{host}:{port}/ (database {args.db})", flush=True)
    if cluster is not None:
        print(f"threethirteen: cluster process {cluster.name}", flush=True)
    for spec in engines:
        print(f"threethirteen: engine {spec.name}: {spec.command_line}", flush=True)
    # Websocket messages over MAX_FRAME_BYTES (decompressed) are refused before they are read.
    # uvicorn's own reading of X-Forwarded-For (it trusts 127.0.0.1 by default) is off: the
    # app reads it, from --trusted-proxy only.
    config = uvicorn.Config(
        app,
        host=args.host,
        port=port,
        log_level="warning",
        ws_max_size=MAX_FRAME_BYTES,
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    with listening:
        server.run(sockets=[listening])
    if not server.started:
        raise ThreeThirteenError("the web app did not start (its log above says why)")
    return 0


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening (``port`` 0: a free one).

    Raises :class:`~threethirteen.errors.ThreeThirteenError` saying so when the port
    is in use, or quoting the system's reason for any other failure.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ThreeThirteenError(
                f"port {port} is in use on {host}: another program (another "
                "'threethirteen serve'?) listens there; stop it, or choose a port with --port"
            ) from None
        raise ThreeThirteenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def _has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None
