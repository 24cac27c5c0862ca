"""Server speed: many tables played at once through a real server over real websockets.

Starts ``threethirteen serve`` as a subprocess (SQLite file in a temporary
folder, loopback only) and keeps ``--tables`` tables playing at once for
``--seconds``, the games of ``--games`` in turn (by default a mix of all three:
Three-Thirteen, Thirteen, Rummy). Each table is an online table built through the
protocol: the
host creates it (``POST /api/tables``), ``--players - 1`` others join, the host
fills the other seats with ``easy`` bots (``add_bot``) and starts it. Every
player is a scripted websocket client that moves when it is its turn, after
about ``--think`` seconds (0.5 to 1.5 times, at random, so that the tables do
not move in lockstep): at Three-Thirteen it goes out when it can, else discards
the server's ``best_discard`` hint, and draws from the stock; at the other games
it plays the view's ``hint`` (the medium bot's move, which the server works out
for the seat to act). ``--spectators`` more
websockets a table watch. A table whose match ends is replaced by a new one.

Measured, for every move a client sends after the ``--warmup``: the time from
sending it to the moment *every* websocket of that table (each player's and each
spectator's) has received a snapshot that includes it (a version past the one
the move named). Reported: median, 90th, 99th percentile and maximum, in all and
for each game; and the
server's throughput: moves per second (the clients' and the bots'), new rounds
dealt, matches finished; the CPU time the server process and this client used,
how long the server's event loop waited for a CPU (other work on the machine),
and the machine's load average (``uptime``). Exit status 1 if anything went
wrong (an error message, a server traceback, nothing measured).

The client runs in this one process (on uvloop when installed), so on a small
machine it competes with the server for the CPUs; its CPU time is printed so
you can tell. Spectator snapshots are not JSON-decoded (only their version is
read): the client spends its time on the players.

``--crowd N`` adds one more table (the crowd table, set up like the others) that ``N``
more spectators join all at once as the measured window opens; they read every
snapshot, and its moves count only once all of them have it. ``--stuck K`` adds ``K``
clients to that table (or to the first table without a crowd) that behave like the
issue's attacker: a spectator's websocket, opened by hand, that sends ``--stale``
actions naming an old version (each answered with a snapshot) and never reads. Then the
p99 of every table is printed (each table alone; a table replaced after its match is
another table), the crowd table's first, with how long the crowd took to get in (until
each of its websockets had its first snapshot) and the messages it was sent.

Run: ``make bench-server`` or
``.venv/bin/python benchmarks/server_bench.py [--tables 100] [--seconds 60]``
(``--help`` for every option).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import platform
import random
import re
import resource
import shlex
import socket
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from threethirteen.server.launch import ROOMY_LIMITS, free_port, serve_command, served

VERSION = re.compile(rb'"version": (\d+)')
SNAPSHOT = b'{"type": "snapshot"'
PRESENCE = b'{"type": "presence"'
"""A snapshot's version, read without decoding the whole message (it is the second key)."""


@dataclass
class Probe:
    """One client move in flight: when it was sent, and which websockets still lack it."""

    version: int  # the version the move named; the update carries a later one
    sent: float
    waiting: set[int]


@dataclass
class Stats:
    """Everything measured, over the measurement window only."""

    latencies: list[float] = field(default_factory=list)
    client_moves: int = 0
    moves: int = 0  # every accepted move: the clients' and the bots'
    deals: int = 0  # new rounds dealt
    matches: int = 0  # matches that ended
    tables: int = 0  # tables opened (started) in all
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    unsettled: int = 0  # measured moves whose update had not reached every websocket at the end
    by_table: dict[str, list[float]] = field(default_factory=dict)  # latencies of each table
    by_game: dict[str, list[float]] = field(default_factory=dict)  # latencies of each game
    crowd_table: str | None = None
    crowd_joined: float | None = None  # seconds until every crowd websocket had a snapshot
    crowd_snapshots: int = 0  # snapshots the crowd's websockets received
    crowd_presence: int = 0  # presence messages they received
    stuck_sent: int = 0  # stale actions the stuck clients got through
    hard_moves: int = 0  # moves at the --hard-solo tables (their bots' and their player's)
    hard_tables: int = 0  # --hard-solo tables opened


@dataclass
class Bench:
    """The options, the clock window, and what is measured."""

    http: str
    ws: str
    players: int
    bots: int
    spectators: int
    think: float
    crowd: int
    stuck: int
    stale: int
    rules: dict[str, Any]  # Three-Thirteen's; the other games play their default preset
    games: list[str]
    measure_from: float
    stop_at: float
    hard_solo: int = 0
    hard_bots: int = 7
    stats: Stats = field(default_factory=Stats)
    rng: random.Random = field(default_factory=lambda: random.Random(2026))

    def measuring(self, now: float) -> bool:
        return self.measure_from <= now < self.stop_at

    @classmethod
    def aimed(
        cls, port: int, args: argparse.Namespace, start: float, games: list[str], **more: Any
    ) -> Bench:
        """The clients of ``args`` (players, bots, spectators, think, rules, warmup,
        seconds) aimed at 127.0.0.1:``port``, their window from ``start``; ``more`` sets
        the other fields (crowd, stuck, stale, hard_solo, ...; none by default)."""
        return cls(
            http=f"http://127.0.0.1:{port}",
            ws=f"ws://127.0.0.1:{port}",
            players=args.players,
            bots=args.bots,
            spectators=args.spectators,
            think=args.think,
            crowd=more.pop("crowd", 0),
            stuck=more.pop("stuck", 0),
            stale=more.pop("stale", 0),
            rules={"preset": args.rules, "house": []},
            games=games,
            measure_from=start + args.warmup,
            stop_at=start + args.seconds,
            **more,
        )


@dataclass
class Table:
    """One table being played: its websockets and the client moves in flight."""

    id: str
    sockets: int
    game: str = "three-thirteen"
    probes: list[Probe] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def seen(self, conn: int, version: int, now: float, bench: Bench) -> None:
        """Websocket ``conn`` received ``version``: settle the probes it completes."""
        kept: list[Probe] = []
        for probe in self.probes:
            if probe.version < version:
                probe.waiting.discard(conn)
            if probe.waiting:
                kept.append(probe)
            elif bench.measuring(probe.sent):
                bench.stats.latencies.append(now - probe.sent)
                bench.stats.by_table.setdefault(self.id, []).append(now - probe.sent)
                bench.stats.by_game.setdefault(self.game, []).append(now - probe.sent)
        self.probes = kept


def pick(view: dict[str, Any]) -> str:
    """Three-Thirteen: go out if possible, else the server's hinted discard, else the first
    legal action. Another game: the view's hint, else the first legal action."""
    legal: list[str] = view["legal_actions"]
    if "best_discard" not in view:
        hint = view.get("hint")
        return str(hint["action"]) if hint else legal[0]
    for action in legal:
        if action.startswith("out "):
            return action
    best = view["best_discard"]
    if best and f"discard {best}" in legal:
        return f"discard {best}"
    return "draw stock" if "draw stock" in legal else legal[0]


async def recv(ws: ClientConnection, bench: Bench) -> bytes:
    """The next message as bytes; times out a little after the run's end."""
    limit = max(5.0, bench.stop_at - time.perf_counter() + 10.0)
    message = await asyncio.wait_for(ws.recv(decode=False), timeout=limit)
    return message if isinstance(message, bytes) else message.encode()


async def player(
    ws: ClientConnection, conn: int, seat: int, table: Table, bench: Bench, host: bool
) -> None:
    """A scripted player: answers every snapshot that is its turn or round-over."""
    answered = -1
    last_version = -1
    last_round = 0
    stats = bench.stats
    while True:
        raw = await recv(ws, bench)
        now = time.perf_counter()
        message = json.loads(raw)
        kind = message["type"]
        if kind == "error":
            stats.errors.append(f"{message['code']}: {message['message']}")
            continue
        if kind != "snapshot":
            continue
        version = message["version"]
        table.seen(conn, version, now, bench)
        if now >= bench.stop_at:
            return  # (also where a cancellation raced with a message and was lost)
        if message["reason"] == "stale":
            stats.stale += 1
        status = message["table"]["status"]
        view = message["view"]
        if host and view is not None:
            # Count the table's changes once, from the host's websocket.
            if last_version >= 0 and bench.measuring(now):
                deals = view["round"] - last_round
                stats.deals += deals
                stats.moves += version - last_version - deals
            last_version, last_round = version, view["round"]
        if status == "finished":
            if host and bench.measuring(now):
                stats.matches += 1
            table.done.set()
            return
        if view is None or version <= answered:
            continue
        if view["phase"] == "round-over":
            if seat not in message["table"]["ready"]:
                await ws.send(json.dumps({"type": "ready", "version": version}))
                answered = version
        elif view["legal_actions"]:
            if bench.think > 0:
                # Spread out, so the tables do not move in lockstep.
                await asyncio.sleep(bench.think * bench.rng.uniform(0.5, 1.5))
            move = pick(view)
            sent = time.perf_counter()
            table.probes.append(Probe(version, sent, set(range(table.sockets))))
            await ws.send(json.dumps({"type": "action", "version": version, "action": move}))
            answered = version
            if bench.measuring(sent):
                stats.client_moves += 1


async def spectator(
    ws: ClientConnection, conn: int, table: Table, bench: Bench, crowd: bool = False
) -> None:
    """A watcher: reads only each snapshot's version (``crowd``: counts what it is sent)."""
    while not table.done.is_set():
        raw = await recv(ws, bench)
        now = time.perf_counter()
        if raw.startswith(PRESENCE):
            bench.stats.crowd_presence += crowd
            continue
        bench.stats.crowd_snapshots += crowd and raw.startswith(SNAPSHOT)
        found = VERSION.search(raw, 0, 80)
        if found is not None:
            table.seen(conn, int(found.group(1)), now, bench)
        if b'"status": "finished"' in raw or now >= bench.stop_at:
            return


async def join_crowd(
    path: str, table: Table, bench: Bench, stack: contextlib.AsyncExitStack
) -> list[asyncio.Task[None]]:
    """At the start of the measured window, ``--crowd`` spectators connect to the table all
    at once; each reads its first snapshot, then watches. The watching tasks."""
    await asyncio.sleep(max(0.0, bench.measure_from - time.perf_counter()))
    started = time.perf_counter()

    async def one() -> ClientConnection:
        ws = await stack.enter_async_context(connect(path, max_size=2**22, open_timeout=120))
        first = await recv(ws, bench)
        assert first.startswith(SNAPSHOT), first[:80]
        bench.stats.crowd_snapshots += 1
        return ws

    crowd = await asyncio.gather(*(one() for _ in range(bench.crowd)))
    bench.stats.crowd_joined = time.perf_counter() - started
    first = table.sockets
    table.sockets += len(crowd)
    return [
        asyncio.create_task(spectator(ws, first + n, table, bench, crowd=True))
        for n, ws in enumerate(crowd)
    ]


async def stuck_client(port: int, path: str, bench: Bench) -> None:
    """The issue's attacker: a spectator's websocket, opened by hand on a socket with a
    small receive buffer, that sends ``--stale`` actions naming version 0 and never reads
    what it is sent (so the network's buffers fill up). Holds it open to the run's end."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock, limit=4096)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    await reader.readuntil(b"\r\n\r\n")  # the handshake's answer; nothing after is read
    payload = json.dumps({"type": "action", "version": 0, "action": "draw stock"}).encode()
    mask = os.urandom(4)
    frame = bytes([0x81, 0x80 | len(payload), *mask]) + bytes(
        b ^ mask[i % 4] for i, b in enumerate(payload)
    )
    try:
        for _ in range(bench.stale):
            writer.write(frame)
            await asyncio.wait_for(writer.drain(), max(0.1, bench.stop_at - time.perf_counter()))
            bench.stats.stuck_sent += 1
        await asyncio.sleep(max(0.0, bench.stop_at - time.perf_counter()))
    except (TimeoutError, OSError):
        pass  # the server stopped reading it (or dropped it)
    finally:
        writer.transport.abort()


async def until(ws: ClientConnection, bench: Bench, version: int) -> dict[str, Any]:
    """The host's next snapshot past ``version`` (the lobby being set up)."""
    while True:
        message: dict[str, Any] = json.loads(await recv(ws, bench))
        if message["type"] == "error":
            raise RuntimeError(f"lobby: {message}")
        if message["type"] == "snapshot" and message["version"] > version:
            return message


async def one_table(
    client: httpx.AsyncClient, bench: Bench, number: int, crowd: bool = False, stuck: bool = False
) -> None:
    """Open a table, fill it, play its match to the end (or the run's end), close it;
    ``crowd``: the ``--crowd`` spectators join it, ``stuck``: the ``--stuck`` clients too."""
    game = bench.games[number % len(bench.games)]
    body: dict[str, Any] = {"name": f"host{number}", "game": game}
    body["seats"] = bench.players + bench.bots
    if game == "three-thirteen":
        body["rules"] = bench.rules
    reply = await client.post("/api/tables", json=body)
    reply.raise_for_status()
    tickets = [reply.json()]
    for n in range(1, bench.players):
        joined = await client.post(
            f"/api/tables/{tickets[0]['table_id']}/join", json={"name": f"p{n}"}
        )
        joined.raise_for_status()
        tickets.append(joined.json())
    table_id = tickets[0]["table_id"]
    path = f"{bench.ws}/ws/tables/{table_id}"
    async with contextlib.AsyncExitStack() as stack:
        # A generous handshake timeout: a saturated server (--think 0) is slow to accept.
        players = [
            await stack.enter_async_context(
                connect(f"{path}?token={t['token']}", max_size=2**22, open_timeout=60)
            )
            for t in tickets
        ]
        watchers = [
            await stack.enter_async_context(connect(path, max_size=2**22, open_timeout=60))
            for _ in range(bench.spectators)
        ]
        host = players[0]
        # Everyone has connected once the host sees every player connected and the
        # spectators: in its snapshot, or in the presence messages that follow it.
        version = -1
        while True:
            snap: dict[str, Any] = json.loads(await recv(host, bench))
            if snap["type"] == "snapshot":
                version = snap["version"]
                seats, spectators = snap["table"]["seats"], snap["table"]["spectators"]
            elif snap["type"] == "presence":
                seats, spectators = snap["seats"], snap["spectators"]
            else:
                continue
            connected = sum(1 for s in seats if s.get("connected"))
            if connected == bench.players and spectators == bench.spectators:
                break
        for seat in range(bench.players, bench.players + bench.bots):
            await host.send(
                json.dumps({"type": "add_bot", "version": version, "seat": seat, "bot": "easy"})
            )
            version = (await until(host, bench, version))["version"]
        await host.send(json.dumps({"type": "start", "version": version}))
        table = Table(table_id, len(players) + len(watchers), game)
        bench.stats.tables += 1
        tasks: list[asyncio.Task[Any]] = [
            asyncio.create_task(player(ws, conn, tickets[conn]["seat"], table, bench, conn == 0))
            for conn, ws in enumerate(players)
        ] + [
            asyncio.create_task(spectator(ws, len(players) + n, table, bench))
            for n, ws in enumerate(watchers)
        ]
        joining = None
        if crowd:
            bench.stats.crowd_table = table_id
            joining = asyncio.create_task(join_crowd(path, table, bench, stack))
        port = int(bench.ws.rsplit(":", 1)[1])
        tasks += [
            asyncio.create_task(stuck_client(port, f"/ws/tables/{table_id}", bench))
            for _ in range(bench.stuck if stuck else 0)
        ]
        try:
            await asyncio.wait_for(table.done.wait(), max(0.1, bench.stop_at - time.perf_counter()))
        except TimeoutError:
            pass
        finally:
            if joining is not None:
                if joining.done() and not joining.cancelled() and joining.exception() is None:
                    tasks += joining.result()
                else:
                    tasks.append(joining)
            for task in tasks:
                task.cancel()
            results = await asyncio.gather(*tasks, return_exceptions=True)
        bench.stats.unsettled += sum(1 for p in table.probes if bench.measuring(p.sent))
        late = time.perf_counter() - bench.stop_at
        for conn, result in enumerate(results):
            if isinstance(result, BaseException) and not isinstance(
                result, asyncio.CancelledError | ConnectionClosed
            ):
                bench.stats.errors.append(
                    f"table {table_id}, websocket {conn}: {result!r} ({late:+.1f} s from the end)"
                )


async def slot(
    client: httpx.AsyncClient, bench: Bench, number: int, crowd: bool = False, stuck: bool = False
) -> None:
    """One of the ``--tables`` places: a new table each time the last one's match ends
    (the crowd's, ``crowd``, and the stuck clients', ``stuck``, go to the first one only)."""
    while time.perf_counter() < bench.stop_at - 1.0:
        try:
            await one_table(client, bench, number, crowd, stuck)
            crowd = stuck = False
        except (OSError, httpx.HTTPError, ConnectionClosed, RuntimeError, TimeoutError) as exc:
            bench.stats.errors.append(f"slot {number}: {exc!r}")
            await asyncio.sleep(0.5)


async def hard_solo(client: httpx.AsyncClient, bench: Bench, number: int) -> None:
    """One ``--hard-solo`` place: a solo table against ``--hard-bots`` ``hard`` bots, its
    player answering at once, so that its bots think all the time; a new one when a
    match ends. Not measured: it is the load the measured tables play beside."""
    while time.perf_counter() < bench.stop_at - 1.0:
        try:
            reply = await client.post(
                "/api/solo",
                json={
                    "name": f"solo{number}",
                    "rules": bench.rules,
                    "opponents": bench.hard_bots,
                    "difficulty": "hard",
                },
            )
            reply.raise_for_status()
            ticket = reply.json()
            bench.stats.hard_tables += 1
            url = f"{bench.ws}{ticket['ws']}?token={ticket['token']}"
            async with connect(url, max_size=2**22, open_timeout=60) as ws:
                last = -1
                while time.perf_counter() < bench.stop_at:
                    message = json.loads(await recv(ws, bench))
                    if message["type"] != "snapshot":
                        continue
                    view, version = message["view"], message["version"]
                    if last >= 0 and bench.measuring(time.perf_counter()):
                        bench.stats.hard_moves += version - last
                    last = version
                    if message["table"]["status"] == "finished" or view is None:
                        break
                    if view["phase"] == "round-over":
                        answer = {"type": "ready", "version": version}
                    elif view["legal_actions"]:
                        answer = {"type": "action", "version": version, "action": pick(view)}
                    else:
                        continue
                    await ws.send(json.dumps(answer))
        except (OSError, httpx.HTTPError, ConnectionClosed, RuntimeError, TimeoutError) as exc:
            if time.perf_counter() < bench.stop_at:
                bench.stats.errors.append(f"hard solo {number}: {exc!r}")
            await asyncio.sleep(0.5)


async def run(bench: Bench, tables: int) -> None:
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=bench.http, limits=limits, timeout=30) as client:
        places = [slot(client, bench, n, stuck=n == 0 and not bench.crowd) for n in range(tables)]
        if bench.crowd:
            places.append(slot(client, bench, tables, crowd=True, stuck=True))
        places += [hard_solo(client, bench, n) for n in range(bench.hard_solo)]
        await asyncio.gather(*places)


# -- the server process ------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc (Linux); 0.0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_seconds(pid: int) -> float:
    """How long the process's main thread (the server's event loop) has waited, runnable,
    for a CPU: /proc/PID/schedstat (Linux); 0.0 elsewhere. Other work on the machine
    shows here."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def print_tables(s: Stats, crowd: int, stuck: int) -> None:
    """The p99 of every table (the crowd table's first), and what the crowd cost."""
    print()
    if crowd:
        if s.crowd_joined is None:
            print(f"the crowd: {crowd} spectators did not all get in")
        else:
            print(
                f"the crowd: {crowd} spectators joined one table at once, in "
                f"{ms(s.crowd_joined)} (until each had its first snapshot); sent them "
                f"{crowd} snapshots on connecting, {s.crowd_snapshots - crowd} on the table's "
                f"changes, {s.crowd_presence} presence messages"
            )
    if stuck:
        print(f"stuck clients: {stuck}; they wrote {s.stuck_sent} stale actions to the network")
    print("p99 of every table (move -> every websocket of the table has the update; moves)")
    rows = sorted(s.by_table.items(), key=lambda item: item[0] != s.crowd_table)
    if s.crowd_table is not None and s.crowd_table not in s.by_table:
        print(f"  crowd table {s.crowd_table}: no move measured")
    line: list[str] = []
    for table_id, lat in rows:
        cell = f"{ms(percentile(lat, 0.99))} ({len(lat)})"
        if table_id == s.crowd_table:
            print(
                f"  crowd table {table_id}: p99 {ms(percentile(lat, 0.99))} over {len(lat)} "
                f"moves, max {ms(max(lat))}"
            )
            continue
        line.append(f"{cell:>17}")
        if len(line) == 6:
            print(" ".join(line))
            line = []
    if line:
        print(" ".join(line))
    others = [percentile(lat, 0.99) for t, lat in s.by_table.items() if t != s.crowd_table]
    if others:
        print(
            f"  the other {len(others)} tables' p99: median {ms(statistics.median(others))}, "
            f"worst {ms(max(others))}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables at once (default 100)")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="length of the run, warm-up included (60)"
    )
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds not measured at the start (10)"
    )
    parser.add_argument("--players", type=int, default=2, help="scripted players a table (2)")
    parser.add_argument("--bots", type=int, default=2, help="easy bots a table (2)")
    parser.add_argument("--spectators", type=int, default=1, help="watchers a table (1)")
    parser.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="seconds a scripted player waits before each action (draw, discard), on average: "
        "0.5 to 1.5 times this (default 2)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="the server's --bot-delay (default 0)"
    )
    parser.add_argument(
        "--rules",
        default="classic",
        help="Three-Thirteen's rules preset (default classic: 11 rounds)",
    )
    parser.add_argument(
        "--games",
        default="three-thirteen,thirteen,rummy",
        help="the games the tables play, in turn, comma-separated (default: all three)",
    )
    parser.add_argument(
        "--crowd",
        type=int,
        default=0,
        help="one more table, which this many spectators join at once as the measured "
        "window opens (default 0: none)",
    )
    parser.add_argument(
        "--stuck",
        type=int,
        default=0,
        help="clients at the crowd table (else the first) that send --stale stale actions "
        "and never read (default 0)",
    )
    parser.add_argument(
        "--stale", type=int, default=3000, help="stale actions each stuck client sends (3000)"
    )
    parser.add_argument(
        "--hard-solo",
        type=int,
        default=0,
        help="solo tables of --hard-bots hard bots each, their player answering at once, "
        "so that bots think all the time beside the measured tables (default 0)",
    )
    parser.add_argument("--hard-bots", type=int, default=7, help="bots a --hard-solo table (7)")
    parser.add_argument(
        "--bot-workers", type=int, default=None, help="the server's --bot-workers (its default)"
    )
    parser.add_argument(
        "--bot-threads",
        action="store_true",
        help="the server's --bot-threads: bots think in threads, not worker processes",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.players <= 8 or args.players + args.bots > 8 or args.players + args.bots < 2:
        parser.error("--players 1..8 and --players + --bots 2..8")
    if args.seconds <= args.warmup:
        parser.error("--seconds must be more than --warmup")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    known = {"three-thirteen", "thirteen", "rummy"}
    if not games or not set(games) <= known:
        parser.error(f"--games: a comma-separated list of {', '.join(sorted(known))}")
    if set(games) != {"three-thirteen"} and args.players + args.bots > 4:
        parser.error("Thirteen and Rummy: --players + --bots 2..4 (Thirteen seats at most 4)")
    if min(args.crowd, args.stuck, args.stale) < 0:
        parser.error("--crowd, --stuck and --stale must be 0 or more")

    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()

    port = free_port()
    with tempfile.TemporaryDirectory(prefix="threethirteen-bench-") as tmp:
        db = f"sqlite:///{Path(tmp) / 'bench.db'}"
        extra = [
            *ROOMY_LIMITS,
            *(["--bot-workers", str(args.bot_workers)] if args.bot_workers else []),
            *(["--bot-threads"] if args.bot_threads else []),
        ]
        command = serve_command(port, db, bot_delay=args.bot_delay, extra=extra)
        shown = shlex.join([sys.executable, *sys.argv] if argv is None else ["server_bench.py"])
        print(f"command: {shown}")
        print(f"server:  {shlex.join(command)}")
        print(
            f"machine: {platform.platform()}, {os.cpu_count()} CPUs, "
            f"Python {sys.version.split()[0]}"
        )
        print(f"load average at start (1, 5, 15 min): {load()}")
        sys.stdout.flush()
        with served(command, port, Path(tmp) / "server.log", timeout=60) as proc:
            start = time.perf_counter()
            bench = Bench.aimed(
                port,
                args,
                start,
                games,
                crowd=args.crowd,
                stuck=args.stuck,
                stale=args.stale,
                hard_solo=args.hard_solo,
                hard_bots=args.hard_bots,
            )
            cpu_marks: dict[str, tuple[float, float, float]] = {}

            async def mark() -> None:
                await asyncio.sleep(max(0.0, bench.measure_from - time.perf_counter()))
                cpu_marks["from"] = (
                    cpu_seconds(proc.pid),
                    own_cpu_seconds(),
                    run_queue_seconds(proc.pid),
                )
                await asyncio.sleep(max(0.0, bench.stop_at - time.perf_counter()))
                cpu_marks["to"] = (
                    cpu_seconds(proc.pid),
                    own_cpu_seconds(),
                    run_queue_seconds(proc.pid),
                )

            async def everything() -> None:
                await asyncio.gather(run(bench, args.tables), mark())

            asyncio.run(everything())
            elapsed = time.perf_counter() - start
            server_log = (Path(tmp) / "server.log").read_text(errors="replace")
        load_end = load()
    window = args.seconds - args.warmup
    s = bench.stats
    sockets = args.players + args.spectators
    print(
        f"tables:  {args.tables} at once, games {', '.join(games)} in turn (Three-Thirteen "
        f"rules {args.rules}); each {args.players} scripted "
        f"player(s) (think {args.think:g} s) + {args.bots} easy bot(s) (bot delay "
        f"{args.bot_delay:g} s) + {args.spectators} spectator(s): {sockets} websockets a table, "
        f"{sockets * args.tables} in all"
    )
    print(f"run:     {elapsed:.1f} s, measured over the last {window:g} s")
    print(f"load average at end (1, 5, 15 min):   {load_end}")
    print()
    print("client move -> every websocket of its table has the update")
    print(f"  {'moves':>8} {'median':>10} {'p90':>10} {'p99':>10} {'max':>10}")
    if s.latencies:
        lat = s.latencies
        print(
            f"  {len(lat):>8} {ms(statistics.median(lat)):>10} {ms(percentile(lat, 0.9)):>10} "
            f"{ms(percentile(lat, 0.99)):>10} {ms(max(lat)):>10}"
        )
    else:
        print("  (no move measured)")
    if len(games) > 1:
        for game in games:
            lat = s.by_game.get(game, [])
            if lat:
                print(
                    f"  {len(lat):>8} {ms(statistics.median(lat)):>10} "
                    f"{ms(percentile(lat, 0.9)):>10} {ms(percentile(lat, 0.99)):>10} "
                    f"{ms(max(lat)):>10}  {game}"
                )
            else:
                print(f"  {'-':>8} {'':>10} {'':>10} {'':>10} {'':>10}  {game}: none measured")
    print()
    print("served (per second of the measured window)")
    print(
        f"  {'client moves':>13} {'all moves':>10} {'rounds':>8} {'matches':>8} {'snapshots':>10}"
    )
    per = 1 / window
    snapshots = (s.moves + s.deals) * sockets
    print(
        f"  {s.client_moves * per:>13.1f} {s.moves * per:>10.1f} {s.deals * per:>8.2f} "
        f"{s.matches * per:>8.2f} {snapshots * per:>10.0f}"
    )
    print(
        f"  totals: {s.client_moves} client moves, {s.moves} moves, {s.deals} rounds dealt, "
        f"{s.matches} matches finished, {s.tables} tables opened"
    )
    if "from" in cpu_marks and "to" in cpu_marks:
        server_cpu = cpu_marks["to"][0] - cpu_marks["from"][0]
        client_cpu = cpu_marks["to"][1] - cpu_marks["from"][1]
        waited = cpu_marks["to"][2] - cpu_marks["from"][2]
        print(
            f"CPU over the window: server {server_cpu:.1f} s "
            f"({server_cpu / window:.0%} of a core), "
            f"this client {client_cpu:.1f} s ({client_cpu / window:.0%} of a core)"
        )
        changes = s.moves + s.deals
        if changes:
            print(f"server CPU per move or deal: {server_cpu / changes * 1000:.1f} ms")
        print(
            f"the server's event loop waited {waited:.1f} s for a CPU (run queue; "
            "other work on the machine)"
        )
    if args.crowd or args.stuck:
        print_tables(s, args.crowd, args.stuck)
    if args.hard_solo:
        how = "threads" if args.bot_threads else "worker processes"
        print(
            f"hard solo tables: {args.hard_solo} at once ({s.hard_tables} opened), "
            f"{args.hard_bots} hard bots each, thinking in {how}: {s.hard_moves} moves "
            f"there in the window ({s.hard_moves * per:.1f} a second)"
        )
    if s.unsettled:
        print(
            f"moves whose update had not reached every websocket by the end: {s.unsettled} "
            "(left out of the percentiles)"
        )
    if s.stale:
        print(f"stale answers: {s.stale}")
    if s.errors:
        print(f"ERRORS ({len(s.errors)}), first ones:")
        for line in s.errors[:5]:
            print(f"  {line}")
    tracebacks = server_log.count("Traceback")
    if tracebacks:
        print(f"the server logged {tracebacks} traceback(s):")
        print(server_log[-3000:])
    return 1 if s.errors or tracebacks or not s.latencies else 0


if __name__ == "__main__":
    raise SystemExit(main())
