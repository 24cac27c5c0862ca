"""Cluster speed: ``server_bench.py``'s load, through nginx, on one and then two server
processes (``threethirteen serve --cluster``) sharing one PostgreSQL database.

For each arm (``--processes``, by default 1 then 2) and each step of ``--ladder`` (busy
tables at once), on a machine of its own making: a new database on the PostgreSQL server
of ``--db`` (``CREATE DATABASE``, dropped after), the processes started on it (``--cluster
p0``, ``p1``..., with the 1-process arm in cluster mode too, so that both run the same
code), and nginx in front (``threethirteen.server.launch.proxied``: the tables' requests
routed by id, the rest spread). Then ``server_bench.py``'s clients play that many tables
through nginx for ``--seconds`` (the first ``--warmup`` not measured), as ``make
bench-server`` does against one process: scripted players over real websockets, easy
bots, a spectator a table, the three games in turn.

Each step starts afresh because tables left behind would go on (a disconnected player's
seat gets the stand-in after a minute) and load the next step.

Printed: a row a step (processes, tables, p50 and p99 of a client's move until every
websocket of its table has the update, all moves a second, the servers' CPU over the
window), then each arm's most tables held with p99 under ``--p99`` (50 ms) and the ratio
of the second arm's to the first's. Exit status 1 if anything went wrong: an error seen
by a client, a server traceback, an nginx error, a step that measured nothing.

The clients run in this process, beside the servers, nginx and PostgreSQL: on a small
machine they compete for the CPUs (their CPU time is printed).

Run: ``make bench-server-cluster`` (a throwaway PostgreSQL, scripts/with-postgres.sh), or
``.venv/bin/python benchmarks/cluster_bench.py --db postgresql+psycopg://USER@HOST/DB``
(or ``THREETHIRTEEN_TEST_DB`` set; the user must be allowed to create databases).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import server_bench as sb
from threethirteen.server.launch import (
    ROOMY_LIMITS,
    ServerStartError,
    free_port,
    proxied,
    serve_command,
    served,
)

NGINX_TROUBLE = ("[error]", "[crit]", "[alert]", "[emerg]")


@dataclass
class Step:
    """One step of the ladder: what was asked and what was measured."""

    processes: int
    tables: int
    stats: sb.Stats = field(default_factory=sb.Stats)
    window: float = 0.0
    server_cpu: list[float] = field(default_factory=list)  # each process's, in seconds
    client_cpu: float = 0.0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # printed with the row, not failures

    @property
    def p99(self) -> float | None:
        lat = self.stats.latencies
        return sb.percentile(lat, 0.99) if lat else None

    def held(self, limit: float) -> bool:
        p99 = self.p99
        return not self.problems and p99 is not None and p99 < limit


def database_url(url: str, name: str) -> str:
    """``url`` with its database replaced by ``name``.

    >>> database_url("postgresql+psycopg://postgres@127.0.0.1:5432/tt?x=1", "bench_1")
    'postgresql+psycopg://postgres@127.0.0.1:5432/bench_1?x=1'
    """
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL ``url`` as psycopg (libpq) takes it.

    >>> libpq_url("postgresql+psycopg://postgres@127.0.0.1:5432/tt")
    'postgresql://postgres@127.0.0.1:5432/tt'
    """
    parts = urlsplit(url)
    return urlunsplit(parts._replace(scheme=parts.scheme.split("+", 1)[0]))


@contextlib.contextmanager
def fresh_database(url: str, name: str) -> Iterator[str]:
    """A new, empty database ``name`` on the server of ``url`` (its URL), dropped after."""
    import psycopg
    from psycopg import sql

    def run(statement: str) -> None:
        # CREATE and DROP DATABASE run outside a transaction.
        with psycopg.connect(libpq_url(url), autocommit=True) as conn:
            conn.execute(sql.SQL(statement).format(sql.Identifier(name)))

    run("DROP DATABASE IF EXISTS {} WITH (FORCE)")
    run("CREATE DATABASE {}")
    try:
        yield database_url(url, name)
    finally:
        run("DROP DATABASE IF EXISTS {} WITH (FORCE)")


def _stat(pid: int) -> list[str]:
    """/proc/PID/stat's fields after the command's name: [0] the state, [1] the parent, [19]
    the start time."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def descendants(pid: int) -> list[tuple[int, str]]:
    """The processes below ``pid`` (children, theirs...), each with its start time, from
    /proc (Linux; elsewhere none)."""
    children: dict[int, list[tuple[int, str]]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = _stat(int(entry.name))
            children.setdefault(int(fields[1]), []).append((int(entry.name), fields[19]))
    found: list[tuple[int, str]] = []
    todo = [pid]
    while todo:
        below = children.get(todo.pop(), [])
        found += below
        todo += [child for child, _ in below]
    return found


def end_leftovers(processes: list[tuple[int, str]]) -> int:
    """Kill those of ``processes`` (pid, start time) still running: a server stopped by
    SIGTERM can leave its bot workers (a multiprocessing forkserver and its children)
    behind. How many were."""
    ended = 0
    for pid, started in processes:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = _stat(pid)
            # That process (not a new one with its pid), and not already ended (a zombie).
            if fields[19] == started and fields[0] != "Z":
                os.kill(pid, signal.SIGKILL)
                ended += 1
    return ended


def make_bench(args: argparse.Namespace, port: int, start: float) -> sb.Bench:
    """server_bench's clients, aimed at ``port`` (nginx), their window from ``start``."""
    return sb.Bench.aimed(port, args, start, args.games)


def run_step(args: argparse.Namespace, processes: int, tables: int, tmp: Path, show: bool) -> Step:
    """Start ``processes`` servers on a new database and nginx in front, play ``tables``
    tables through it, stop everything; what was measured. ``show``: print the first
    server's command line."""
    step = Step(processes, tables)
    folder = tmp / f"{processes}p-{tables}t"
    folder.mkdir()
    ports = [free_port() for _ in range(processes)]
    proxy = free_port()
    logs = [folder / f"server-p{i}.log" for i in range(processes)]
    name = f"bench_{processes}p_{tables}t_{os.getpid()}"
    below: list[tuple[int, str]] = []
    try:
        with contextlib.ExitStack() as stack:
            db = stack.enter_context(fresh_database(args.db, name))
            procs: list[subprocess.Popen[bytes]] = []
            for i, port in enumerate(ports):
                cluster = [] if args.no_cluster else ["--cluster", f"p{i}"]
                command = serve_command(
                    port,
                    db,
                    bot_delay=args.bot_delay,
                    extra=[*ROOMY_LIMITS, "--trusted-proxy", "127.0.0.1", *cluster],
                )
                if show and not procs:
                    print(f"  server: {shlex.join(command)}", flush=True)
                # One at a time: the first one creates the database's tables.
                procs.append(stack.enter_context(served(command, port, logs[i], timeout=60)))
            # Before the servers stop (however this ends), what runs below them.
            stack.callback(lambda: below.extend(f for p in procs for f in descendants(p.pid)))
            stack.enter_context(proxied(proxy, ports, folder / "nginx"))
            start = time.perf_counter()
            bench = make_bench(args, proxy, start)
            marks: dict[str, tuple[list[float], float]] = {}

            def mark() -> tuple[list[float], float]:
                return [sb.cpu_seconds(p.pid) for p in procs], sb.own_cpu_seconds()

            async def marked() -> None:
                await asyncio.sleep(max(0.0, bench.measure_from - time.perf_counter()))
                marks["from"] = mark()
                await asyncio.sleep(max(0.0, bench.stop_at - time.perf_counter()))
                marks["to"] = mark()

            async def everything() -> None:
                await asyncio.gather(sb.run(bench, tables), marked())

            asyncio.run(everything())
            step.stats = bench.stats
            step.window = args.seconds - args.warmup
            if "from" in marks and "to" in marks:
                before, after = marks["from"][0], marks["to"][0]
                step.server_cpu = [b - a for a, b in zip(before, after, strict=True)]
                step.client_cpu = marks["to"][1] - marks["from"][1]
    except (ServerStartError, OSError) as exc:
        step.problems.append(f"could not run: {exc}")
    except Exception as exc:  # psycopg's errors, say: the step's problem, printed with it
        step.problems.append(f"could not run: {exc!r}")
    # Left running, they would hold memory through the next steps.
    time.sleep(1.0)  # their own way out first: a forkserver ends once its server has gone
    left = end_leftovers(below)
    if left:
        step.notes.append(f"ended {left} process(es) the stopped servers left behind")
    step.problems += [f"client: {e}" for e in step.stats.errors[:5]]
    if len(step.stats.errors) > 5:
        step.problems.append(f"client: {len(step.stats.errors) - 5} more errors")
    for log in logs:
        text = log.read_text(errors="replace") if log.exists() else ""
        if "Traceback" in text:
            step.problems.append(
                f"{log.name}: {text.count('Traceback')} traceback(s):\n{text[-2000:]}"
            )
    nginx_log = folder / "nginx" / "nginx.log"
    if nginx_log.exists():
        trouble = [
            line
            for line in nginx_log.read_text(errors="replace").splitlines()
            if any(word in line for word in NGINX_TROUBLE)
        ]
        if trouble:
            step.problems.append(f"nginx: {len(trouble)} error(s), first: {trouble[0]}")
    if not step.stats.latencies and not step.problems:
        step.problems.append("no move measured")
    return step


def print_row(step: Step, notes: bool = True) -> None:
    """The step's row, then its problems (and ``notes``: its notes)."""
    s = step.stats
    lat = s.latencies
    p50 = sb.ms(statistics.median(lat)) if lat else "-"
    p99 = sb.ms(sb.percentile(lat, 0.99)) if lat else "-"
    per = 1 / step.window if step.window else 0.0
    # Each process's share, so that an uneven spread shows.
    server = "+".join(f"{cpu * per:.0%}" for cpu in step.server_cpu) or "-"
    client = f"{step.client_cpu * per:.0%}" if step.window else "-"
    verdict = "FAILED" if step.problems else "ok"
    print(
        f"{step.processes:>9} {step.tables:>6} {len(lat):>7} {p50:>10} {p99:>10} "
        f"{s.moves * per:>8.1f} {server:>10} {client:>10}  {verdict}",
        flush=True,
    )
    for line in step.problems + [f"({note})" for note in step.notes if notes]:
        print(f"      {line}")


HEADER = (
    f"{'processes':>9} {'tables':>6} {'moves':>7} {'p50':>10} {'p99':>10} "
    f"{'moves/s':>8} {'server CPU':>10} {'client CPU':>10}"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db",
        default=os.environ.get("THREETHIRTEEN_TEST_DB"),
        help="a PostgreSQL URL (postgresql+psycopg://USER@HOST:PORT/DB) whose user may "
        "create databases (default: $THREETHIRTEEN_TEST_DB)",
    )
    parser.add_argument(
        "--processes",
        default="1,2",
        help="the arms: server processes behind nginx, comma-separated (default 1,2)",
    )
    parser.add_argument(
        "--ladder",
        default="100,200,300,400",
        help="busy tables at once, a step each, comma-separated (default 100,200,300,400)",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="length of a step (20)")
    parser.add_argument(
        "--warmup",
        type=float,
        default=None,
        help="seconds of a step not measured: the tables are being set up (default: half)",
    )
    parser.add_argument(
        "--p99",
        type=float,
        default=0.050,
        help="the p99 (seconds) a step must stay under to count as held (0.050)",
    )
    parser.add_argument("--players", type=int, default=2, help="scripted players a table (2)")
    parser.add_argument("--bots", type=int, default=2, help="easy bots a table (2)")
    parser.add_argument("--spectators", type=int, default=1, help="watchers a table (1)")
    parser.add_argument(
        "--think", type=float, default=2.0, help="a player's pause before each action (2)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="the servers' --bot-delay (default 0)"
    )
    parser.add_argument("--rules", default="classic", help="Three-Thirteen's preset (classic)")
    parser.add_argument(
        "--games",
        default="three-thirteen,thirteen,rummy",
        help="the games the tables play, in turn (default: all three)",
    )
    parser.add_argument(
        "--no-cluster",
        action="store_true",
        help="start the processes without --cluster (one process only): for a server "
        "that has no cluster mode",
    )
    args = parser.parse_args(argv)
    if not args.db or not args.db.startswith("postgresql"):
        parser.error("--db (or THREETHIRTEEN_TEST_DB): a postgresql+psycopg:// URL")
    try:
        arms = [int(n) for n in args.processes.split(",") if n.strip()]
        ladder = [int(n) for n in args.ladder.split(",") if n.strip()]
    except ValueError:
        parser.error("--processes and --ladder: comma-separated whole numbers")
    if not arms or not ladder or min(arms + ladder) < 1:
        parser.error("--processes and --ladder: numbers of 1 or more")
    if args.no_cluster and arms != [1]:
        parser.error("--no-cluster runs one process: give --processes 1")
    if args.warmup is None:
        args.warmup = args.seconds / 2
    if args.seconds <= args.warmup:
        parser.error("--seconds must be more than --warmup")
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    if args.players + args.bots > 4 or args.players < 1 or args.players + args.bots < 2:
        parser.error("--players 1..4 and --players + --bots 2..4 (Thirteen seats at most 4)")

    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()

    shown = shlex.join([sys.executable, *sys.argv] if argv is None else ["cluster_bench.py"])
    print(f"command: {shown}")
    print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    print(f"load average at start (1, 5, 15 min): {sb.load()}")
    sockets = args.players + args.spectators
    print(
        f"a table: {args.players} scripted player(s) (think {args.think:g} s) + {args.bots} "
        f"easy bot(s) + {args.spectators} spectator(s), {sockets} websockets through nginx; "
        f"games {', '.join(args.games)} in turn; steps of {args.seconds:g} s, the last "
        f"{args.seconds - args.warmup:g} s measured"
    )
    print(
        "p50, p99: a client's move until every websocket of its table has the update; "
        "moves/s: every move (clients' and bots'); CPU: the server processes' (bot workers "
        "left out) and this client's, in cores"
    )
    steps: list[Step] = []
    with tempfile.TemporaryDirectory(prefix="threethirteen-cluster-") as tmp:
        for processes in arms:
            print()
            print(f"{processes} process(es):", flush=True)
            for number, tables in enumerate(ladder):
                step = run_step(args, processes, tables, Path(tmp), show=number == 0)
                if number == 0:
                    print(HEADER)
                steps.append(step)
                print_row(step)
    print()
    print(f"load average at end (1, 5, 15 min): {sb.load()}")
    print()
    print(HEADER)
    for step in steps:
        print_row(step, notes=False)
    print()
    print(f"most busy tables held at p99 < {sb.ms(args.p99)} (over the ladder's steps):")
    best: dict[int, int] = {}
    for processes in arms:
        held = [s.tables for s in steps if s.processes == processes and s.held(args.p99)]
        best[processes] = max(held, default=0)
        print(f"  {processes} process(es): {best[processes] or 'none'}")
    if len(arms) >= 2:
        first, second = best[arms[0]], best[arms[1]]
        ratio = f"{second / first:.2f}" if first else "n/a"
        print(f"  ratio {arms[1]} process(es) / {arms[0]}: {ratio}")
    return 1 if any(s.problems for s in steps) else 0


if __name__ == "__main__":
    raise SystemExit(main())
