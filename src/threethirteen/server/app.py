"""The FastAPI app: HTTP endpoints, the websocket layer and the front end's static files.

Thin by design: every handler decodes its input, calls the
:class:`~threethirteen.server.service.TableService`, and sends what it answers.
Input errors are :class:`~threethirteen.server.protocol.ProtocolError`, turned
into JSON errors (HTTP) or ``error`` messages (websocket) that quote the input.
The endpoints and messages are documented in ``docs/protocol.md``.

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app(store_url="memory://", bot_delay=0)) as client:
...     reply = client.post("/api/solo", json={"opponents": 1, "difficulty": "easy"})
...     reply.status_code, sorted(reply.json())
(201, ['rejoin', 'seat', 'table_id', 'token', 'ws'])
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from threethirteen.bots import BOT_NAMES
from threethirteen.engines import EngineSpec
from threethirteen.games import GAME_NAMES
from threethirteen.server.cluster import Cluster
from threethirteen.server.driver import BotPool, Driver
from threethirteen.server.engines import DEFAULT_MAX_ENGINES, SLOT_WAIT
from threethirteen.server.games import DEFAULT_GAME, game_options, table_game
from threethirteen.server.holding import MOVED, Holding
from threethirteen.server.limits import Limits, RateLimiter, TooManyError, client_address
from threethirteen.server.protocol import (
    MAX_BODY_BYTES,
    ProtocolError,
    check_bot_speed,
    decode_message,
    encode_error,
    load_json,
    quote,
)
from threethirteen.server.restore import ABANDONED
from threethirteen.server.service import (
    TAKEOVER_DEFAULT,
    TAKEOVER_SECONDS,
    TURN_SECONDS,
    Status,
    TableService,
    Ticket,
    difficulties,
)
from threethirteen.server.stats import stats
from threethirteen.server.tables import check_name, check_player, hash_token
from threethirteen.store.base import Store, TableRow
from threethirteen.store.url import open_store

__all__ = ["OUTBOX", "PRESENCE_DELAY", "SEND_STALL", "STATIC", "Connection", "Hub", "create_app"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
"""The front end's files (another module's work): ``index.html`` and ``/static/...``."""

_STATUS = {
    "no-such-table": 404,
    "no-such-match": 404,
    "bad-token": 403,
    "not-host": 403,
    "table-full": 409,
    "already-started": 409,
    "not-finished": 409,
    "too-large": 413,
    "too-many": 429,
    "table-moving": 503,
}
"""HTTP status of an error code; any other code is a 400."""


OUTBOX = 16
"""How many messages wait, at most, in one connection's outgoing queue. A connection
whose queue is full has fallen behind: its queue is emptied, nothing more is queued for
it, and once its sender has written what it was writing it gets one fresh snapshot
(``"reason": "resync"``) instead of everything it missed."""

SEND_STALL = 30.0
"""Seconds one send may wait on a connection's socket (a client that stopped reading:
the network's buffers are full) before the connection is dropped, as if it had closed."""

PRESENCE_DELAY = 0.1
"""Seconds the ``presence`` message waits after a connect or disconnect, so that a crowd
arriving at once costs each connection one message, not one per arrival."""


@dataclass(eq=False)
class Connection:
    """One open websocket: the table it watches, the seat token it came with, and its
    outgoing queue, which one sender task (:meth:`Hub.add`) writes to the socket.

    The seat is looked up from the token for every message and every snapshot,
    so a player whose seat the host cleared stops seeing (and playing) that seat
    at once, even if somebody else takes it.
    """

    websocket: WebSocket
    table_id: str
    token: str | None  # None: a spectator
    seat: int | None = None
    outbox: deque[tuple[str, str]] = field(default_factory=deque)  # (kind, text), in order
    behind: bool = False  # the queue overflowed: a fresh snapshot is owed
    closing: bool = False  # refused or dropped: nothing more is queued
    presence_seen: int = 0  # the table's presence count its last snapshot or presence showed
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sender: asyncio.Task[None] | None = None
    on_close: Callable[[], None] | None = None  # called once the sender stops


class Hub:
    """The open connections of every table, and what is sent to them.

    Nothing here waits on a socket: every message is built (a snapshot for the seat
    each connection's token holds now) and put in the connection's bounded queue
    (:data:`OUTBOX`) at once, in the event loop, and a sender task per connection
    writes its queue out. So a connection never receives an older snapshot after a
    newer one, and one that does not read holds up nobody: when its queue overflows
    it has fallen behind and gets one fresh snapshot (``"resync"``) when it catches
    up; a send stuck for ``stall`` seconds (:data:`SEND_STALL`) drops it.

    A connect sends a snapshot to the new connection only; what the others see
    change (who is connected, the spectators, the turn deadline) reaches them as a
    small ``presence`` message, at most one per ``presence_delay`` seconds
    (:data:`PRESENCE_DELAY`), and not to a connection whose last snapshot showed it.
    """

    def __init__(
        self,
        service: TableService,
        *,
        outbox: int = OUTBOX,
        stall: float = SEND_STALL,
        presence_delay: float = PRESENCE_DELAY,
    ) -> None:
        self.service = service
        self.outbox = outbox
        self.stall = stall
        self.presence_delay = presence_delay
        self.connections: dict[str, dict[Connection, None]] = {}
        self._presence: dict[str, int] = {}  # table -> connects and disconnects so far
        self._presence_due: set[str] = set()  # tables whose presence message is scheduled

    def add(self, conn: Connection) -> None:
        """Add the connection to its table's, and start its sender (in a running loop;
        else at its first message)."""
        self.connections.setdefault(conn.table_id, {})[conn] = None
        with contextlib.suppress(RuntimeError):  # no running loop
            asyncio.get_running_loop()
            self._sender(conn)

    def remove(self, conn: Connection) -> None:
        conns = self.connections.get(conn.table_id)
        if conns is not None:
            conns.pop(conn, None)
            if not conns:
                del self.connections[conn.table_id]

    def seat_of(self, conn: Connection) -> int | None:
        """The seat the connection's token holds now; raises ``ProtocolError('bad-token')``."""
        conn.seat = self.service.authenticate(conn.table_id, conn.token)
        return conn.seat

    # -- queueing (never waits) --------------------------------------------------------

    def _sender(self, conn: Connection) -> asyncio.Task[None]:
        if conn.sender is None:
            conn.sender = asyncio.get_running_loop().create_task(self._send_loop(conn))
        return conn.sender

    def _push(self, conn: Connection, kind: str, text: str) -> None:
        """Queue one message (``kind``: snapshot, presence or other) for the connection.

        A presence message replaces one still queued (it says all there is to say);
        a full queue means the connection fell behind: it is emptied, and the
        connection gets a fresh snapshot when its sender has caught up.
        """
        if conn.closing or conn.behind:
            return
        outbox = conn.outbox
        if kind == "presence" and outbox and outbox[-1][0] == "presence":
            outbox[-1] = (kind, text)
        elif len(outbox) >= self.outbox:
            conn.behind = True
            outbox.clear()
        else:
            outbox.append((kind, text))
        conn.wake.set()
        self._sender(conn)

    def send(self, conn: Connection, message: dict[str, Any]) -> None:
        """Queue one message for the connection."""
        self._push(conn, "other", json.dumps(message))

    def refuse(self, conn: Connection, exc: ProtocolError) -> None:
        """Tell the client why, and close its socket (4404: no table; 4409: a private solo
        match refuses spectators; 4403: bad token)."""
        error = json.dumps(encode_error(exc.code, exc.message, None, None))
        self._close(conn, _close_code(exc), error)

    def moved(self, table_id: str) -> None:
        """Close every connection of the table with :data:`~threethirteen.server.holding.MOVED`
        (it moved to another process): each client connects again, through the proxy."""
        for conn in list(self.connections.get(table_id, ())):
            self._close(conn, MOVED)

    def _close(self, conn: Connection, code: int, last: str | None = None) -> None:
        """Drop the connection from its table's and close its socket with ``code``, after
        the message ``last`` if given; what was still queued is not sent."""
        self.remove(conn)
        if conn.closing:
            return
        conn.closing, conn.behind = True, False
        conn.outbox.clear()
        if last is not None:
            conn.outbox.append(("other", last))
        conn.outbox.append(("close", str(code)))
        conn.wake.set()
        self._sender(conn)

    def _snapshot_for(self, conn: Connection, reason: str) -> str | None:
        """The snapshot for the seat the connection's token holds now; None (and the
        connection refused) when the token holds none."""
        try:
            seat = self.seat_of(conn)
        except ProtocolError as exc:
            self.refuse(conn, exc)
            return None
        conn.presence_seen = self._presence.get(conn.table_id, 0)
        return self.service.snapshot_text(conn.table_id, seat, reason)

    def reply(self, conn: Connection, reason: str) -> None:
        """Queue a fresh snapshot for this connection alone (``connect``, ``stale``)."""
        if conn.closing or conn.behind:
            return
        text = self._snapshot_for(conn, reason)
        if text is not None:
            self._push(conn, "snapshot", text)

    async def snapshot(self, conn: Connection, reason: str) -> None:
        """:meth:`reply`, for callers that await."""
        self.reply(conn, reason)

    def publish(self, table_id: str) -> None:
        """Queue for every connection of the table a fresh snapshot built for its seat
        (each seat's text built once)."""
        texts: dict[int | None, str] = {}
        seen = self._presence.get(table_id, 0)
        for conn in list(self.connections.get(table_id, ())):
            if conn.closing or conn.behind:
                continue
            try:
                seat = self.seat_of(conn)
            except ProtocolError as exc:
                self.refuse(conn, exc)
                continue
            text = texts.get(seat)
            if text is None:
                text = texts[seat] = self.service.snapshot_text(table_id, seat, "update")
            conn.presence_seen = seen
            self._push(conn, "snapshot", text)

    async def broadcast(self, table_id: str) -> None:
        """:meth:`publish`, for callers that await (the driver)."""
        self.publish(table_id)

    def presence(self, table_id: str) -> None:
        """Somebody connected or disconnected: schedule the ``presence`` message."""
        self._presence[table_id] = self._presence.get(table_id, 0) + 1
        if table_id not in self._presence_due:
            self._presence_due.add(table_id)
            loop = asyncio.get_running_loop()
            loop.call_later(self.presence_delay, self._send_presence, table_id)

    def _send_presence(self, table_id: str) -> None:
        self._presence_due.discard(table_id)
        count = self._presence.get(table_id, 0)
        conns = [c for c in self.connections.get(table_id, ()) if c.presence_seen < count]
        if not conns:
            return
        try:
            text = self.service.presence_text(table_id)
        except ProtocolError:  # the table is gone
            return
        for conn in conns:
            conn.presence_seen = count
            self._push(conn, "presence", text)

    # -- sending -----------------------------------------------------------------------

    async def _send_loop(self, conn: Connection) -> None:
        """Write the connection's queue to its socket until it closes, is refused, or
        a send stalls; then drop the connection from its table's."""
        socket = conn.websocket
        try:
            while True:
                if not conn.outbox:
                    if conn.behind:  # caught up: one fresh snapshot replaces what it missed
                        conn.behind = False
                        self.reply(conn, "resync")
                        continue
                    conn.wake.clear()
                    await conn.wake.wait()
                    continue
                kind, text = conn.outbox.popleft()
                if kind == "close":
                    async with asyncio.timeout(self.stall):
                        await socket.close(code=int(text))
                    return
                async with asyncio.timeout(self.stall):
                    await socket.send_text(text)
        except TimeoutError:
            log.info(
                "dropped a connection to table %s: a send waited %g s", conn.table_id, self.stall
            )
            with contextlib.suppress(Exception):
                async with asyncio.timeout(1.0):
                    await socket.close(code=1008)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the socket is closed
        finally:
            conn.closing = True
            conn.outbox.clear()
            self.remove(conn)
            if conn.on_close is not None:
                conn.on_close()


def _close_code(exc: ProtocolError) -> int:
    """The websocket close code of a refusal: 4404 no table, 4409 a private solo match,
    4403 a token that holds no seat, 1012 a table that moved to another process (the
    client connects again)."""
    codes = {"no-such-table": 4404, "private-table": 4409, "table-moving": MOVED}
    return codes.get(exc.code, 4403)


async def _turn_away(websocket: WebSocket, exc: ProtocolError, stall: float) -> None:
    """Refuse a socket before it joins a table: the error, then the close (4404, 4409, 4403)."""
    code = _close_code(exc)
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError, TimeoutError):
        async with asyncio.timeout(stall):
            await websocket.send_text(json.dumps(encode_error(exc.code, exc.message, None, None)))
            await websocket.close(code=code)


async def _deny(websocket: WebSocket, exc: TooManyError) -> None:
    """Refuse a websocket's handshake with the HTTP error (429, ``Retry-After``) where
    the server can send one, else close it before accepting (an HTTP 403)."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(_error_response(exc))
    else:
        await websocket.close(code=1013)


def _error_response(exc: ProtocolError) -> JSONResponse:
    """The JSON error; a :class:`TooManyError` is a 429 with ``Retry-After``."""
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooManyError) else None
    return JSONResponse(
        {"error": exc.code, "message": exc.message, "input": _jsonable(exc.input)},
        status_code=_STATUS.get(exc.code, 400),
        headers=headers,
    )


def _jsonable(value: object) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
    return value


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object ({} for no body); read up to :data:`MAX_BODY_BYTES`
    (more is ``ProtocolError('too-large')``, a 413, refused before reading when the
    ``Content-Length`` says so), decoded by :func:`~threethirteen.server.protocol.load_json`."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            too_big = int(declared) > MAX_BODY_BYTES
        except ValueError:
            too_big = False  # the server refuses a malformed length before this
        if too_big:
            raise _too_large()
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY_BYTES:
            raise _too_large()
    if not raw:
        return {}
    data = load_json(bytes(raw), "the body")
    if not isinstance(data, dict):
        raise ProtocolError("malformed", f"the body must be a JSON object, got {quote(data)}", data)
    return data


def _too_large() -> ProtocolError:
    return ProtocolError("too-large", f"the body is over {MAX_BODY_BYTES} bytes", None)


def _game(data: dict[str, Any]) -> str:
    """The body's ``game`` (absent or null: Three-Thirteen); ``unknown-game`` quoting another."""
    name = data.get("game")
    if name is None:
        name = DEFAULT_GAME
    return table_game(name).name


def _rules_spec(data: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The body's preset (None: the game's default) and house rules."""
    spec = data.get("rules", {})
    if not isinstance(spec, dict):
        raise ProtocolError("bad-rules", f"rules must be an object, got {quote(spec)}", spec)
    preset = spec.get("preset")
    if preset is None:
        return None, _house(spec)
    if not isinstance(preset, str):
        raise ProtocolError("unknown-preset", f"a preset must be text, got {quote(preset)}", preset)
    return preset, _house(spec)


def _house(spec: dict[str, Any]) -> list[str]:
    house = spec.get("house", [])
    if not isinstance(house, list) or not all(isinstance(h, str) for h in house):
        raise ProtocolError("bad-rules", f"house must be a list of text, got {quote(house)}", house)
    return house


def _ticket(ticket: Ticket, *, invite: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "table_id": ticket.table_id,
        "seat": ticket.seat,
        "token": ticket.token,
        "ws": f"/ws/tables/{ticket.table_id}",
    }
    out["rejoin"] = f"/t/{ticket.table_id}#rejoin={ticket.token}"
    if invite:
        out["invite"] = f"/t/{ticket.table_id}"
    return out


def _history_entry(row: TableRow, player: str | None = None) -> dict[str, Any]:
    """A finished match as the history lists it; ``you``: the seat of the player whose key
    hashes to ``player`` (None: not theirs, or no key sent)."""
    you = next((i for i, s in enumerate(row.seats) if player and s.player == player), None)
    return {
        "id": row.id,
        "game": row.game,
        "finished_at": row.finished_at,
        "rules": row.preset,
        **table_game(row.game).record_summary(row.record or ""),
        "seats": _seat_kinds(row),
        "you": you,
    }


def _page(
    tables: list[dict[str, Any]], total: int, limit: int, offset: int, shown: int | None = None
) -> dict[str, Any]:
    """A page of ``GET /api/tables``: ``tables`` from ``offset`` on, of ``total``; ``shown``
    is how many of the list the page covered (default: ``len(tables)``)."""
    after = offset + (len(tables) if shown is None else shown)
    return {
        "tables": tables,
        "total": total,
        "limit": limit,
        "offset": offset,
        "next_offset": after if after < total else None,
    }


def _seat_kinds(row: TableRow) -> list[dict[str, Any]]:
    """Each seat's ``kind`` (``human``, ``bot``, ``empty``) and ``bot`` (a bot seat's registry
    or engine name, else null), so clients name a finished match's seats as its table did
    ("Bot 2 (medium)" rather than the record's bare "medium")."""
    return [{"kind": s.kind, "bot": s.bot if s.kind == "bot" else None} for s in row.seats]


PLAYER_HEADER = "X-Player"
"""The request header that carries a browser's player key (not the URL: keys stay out of
the logs)."""


def _player_of(request: Request, *, required: bool = False) -> str | None:
    """The hash of the request's player key (header :data:`PLAYER_HEADER`), or None."""
    key = request.headers.get(PLAYER_HEADER)
    if key is None:
        if required:
            wanted = f"send your player key in the {PLAYER_HEADER} header"
            raise ProtocolError("bad-player", wanted, None)
        return None
    return hash_token(check_player(key))


def _player_field(data: dict[str, Any]) -> str | None:
    """A body's optional ``player`` key (checked by the service)."""
    key = data.get("player")
    return None if key is None else check_player(key)


def _bool_arg(request: Request, name: str) -> bool | None:
    """A ``true``/``false`` query parameter (also ``1``/``0``); None when absent."""
    text = request.query_params.get(name)
    if text is None:
        return None
    value = {"true": True, "1": True, "false": False, "0": False}.get(text.strip().lower())
    if value is None:
        raise ProtocolError("bad-request", f"{name} must be true or false, got {quote(text)}", text)
    return value


def _int_arg(request: Request, name: str, default: int, low: int, high: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise ProtocolError(
            "bad-request",
            f"{name} must be a whole number from {low} to {high}, got {quote(text)}",
            text,
        )
    return value


def create_app(
    store: Store | None = None,
    *,
    store_url: str = "sqlite:///threethirteen.db",
    bot_delay: float = 0.5,
    round_pause: float = 3.0,
    static_dir: Path = STATIC,
    freeze_gc: bool = False,
    engines: Sequence[EngineSpec] = (),
    max_engines: int | None = DEFAULT_MAX_ENGINES,
    engine_wait: float = SLOT_WAIT,
    limits: Limits | None = None,
    clock: Callable[[], float] | None = None,
    cluster: Cluster | None = None,
) -> FastAPI:
    """The web app over ``store`` (or one opened from ``store_url``).

    On start it restores every unfinished table from the store and resumes its
    bots; ``bot_delay`` is the pause before a bot's move, ``round_pause`` the pause
    before the next round when nobody has to say ready. ``freeze_gc`` (what
    ``threethirteen serve`` asks for) moves every object alive once the tables are
    restored (the modules, the restored tables) out of the cyclic garbage
    collector's reach (:func:`gc.freeze`): its full collections then walk only what
    was made since, instead of pausing the event loop for tens of milliseconds.
    ``engines`` are programs players may seat as bots by name
    (:mod:`threethirteen.server.engines`; ``threethirteen serve --engine``), at most
    ``max_engines`` of their processes at once (``None``: no limit; ``--max-engines``),
    a seat waiting up to ``engine_wait`` seconds for one while all are deciding
    (``--engine-wait``).

    ``limits`` (:class:`~threethirteen.server.limits.Limits`; its defaults when None)
    bound what each client may ask: tables created and websockets opened a minute, live
    tables per client and in all (each refused with a 429 and ``Retry-After``), the
    page of ``GET /api/tables``, how long an abandoned solo table lives, the trusted
    proxies, and the pool the bots think in. ``clock`` (tests) gives the time to the
    service and the limits alike (default: the system's).

    ``cluster`` (:mod:`threethirteen.server.cluster`; ``threethirteen serve --cluster``):
    this process is one of several on one PostgreSQL database. It then restores no table
    at start: it takes each table in play when a request names it
    (:mod:`~threethirteen.server.holding`), lists every process's tables, and counts the
    live-table limits over its own.
    """
    limits = limits if limits is not None else Limits()
    store = store if store is not None else open_store(store_url)
    service = TableService(
        store,
        clock=clock or time.time,
        bot_delay=bot_delay,
        round_pause=round_pause,
        engines=engines,
        max_engines=max_engines,
        engine_wait=engine_wait,
    )
    hub = Hub(service)
    pool = BotPool(limits.bot_workers, processes=limits.bot_processes)
    driver = Driver(service, hub.broadcast, pool=pool)
    holding = Holding(service, driver, cluster, hub.moved)
    trusted = limits.trusted_networks()
    creates = RateLimiter(limits.tables_per_minute, 60.0, clock=clock or time.monotonic)
    connects = RateLimiter(limits.connects_per_minute, 60.0, clock=clock or time.monotonic)
    sweep = asyncio.Event()  # set to sweep for abandoned solo tables now (tests)

    def address(request: Request | WebSocket) -> str:
        peer = request.client.host if request.client is not None else None
        return client_address(peer, request.headers.get("x-forwarded-for"), trusted)

    def admit(client: str) -> None:
        """Raise :class:`TooManyError` unless ``client`` may create a table now."""
        if service.live_tables() >= limits.max_tables:
            raise TooManyError(
                f"the server holds its most live tables ({limits.max_tables} live tables); "
                "try again later",
                60,
            )
        owned = service.live_tables(client)
        if owned >= limits.tables_per_client:
            raise TooManyError(
                f"you have {owned} tables in play (at most {limits.tables_per_client} live "
                "tables a client): finish one first; a solo table left alone ends after "
                f"{limits.solo_expiry:g} s",
                60,
            )
        wait = creates.take(client)
        if wait is not None:
            raise TooManyError(
                f"too many new tables: at most {limits.tables_per_minute} tables a minute "
                f"from one client; try again in {max(1, round(wait))} s",
                wait,
            )

    async def sweeper() -> None:
        """Abandon the solo tables left alone too long, now and then."""
        every = min(60.0, limits.solo_expiry / 2)
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(sweep.wait(), every)
            sweep.clear()
            for table_id in service.expire_abandoned(limits.solo_expiry):
                driver.forget(table_id)
                gone = ProtocolError("no-such-table", f"table {table_id!r} was abandoned", None)
                for conn in list(hub.connections.get(table_id, ())):
                    hub.refuse(conn, gone)
                log.info("table %s abandoned: its player left it alone", table_id)

    def changed(table_id: str) -> None:
        driver.wake(table_id)
        hub.publish(table_id)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if cluster is None:
            for table_id in service.restore():
                driver.wake(table_id)
        else:
            await cluster.start()
        if freeze_gc:
            gc.collect()
            gc.freeze()
        sweeping = asyncio.get_running_loop().create_task(sweeper())
        yield
        sweeping.cancel()
        await driver.stop()
        if cluster is not None:
            await cluster.stop()
        pool.close()
        await asyncio.to_thread(service.close)
        store.close()

    app = FastAPI(title="threethirteen", lifespan=lifespan)
    app.state.service = service
    app.state.sweep = sweep
    app.state.limits = limits

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
        return _error_response(exc)

    # -- HTTP --------------------------------------------------------------------------

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        # The top-level presets, house rules, difficulties and bots are Three-Thirteen's
        # (what clients read before the platform had more games); ``games`` has each game's.
        default = game_options(DEFAULT_GAME)
        return {
            "presets": default["presets"],
            "house_rules": default["house_rules"],
            "difficulties": difficulties(),
            "bots": list(BOT_NAMES),
            "games": [game_options(name) for name in GAME_NAMES],
            "engines": [{"name": name} for name in service.engines],
            "turn_seconds": {"min": TURN_SECONDS[0], "max": TURN_SECONDS[1]},
            "takeover_seconds": {"min": TAKEOVER_SECONDS[0], "max": TAKEOVER_SECONDS[1]},
        }

    @app.post("/api/solo", status_code=201)
    async def solo(request: Request) -> dict[str, Any]:
        data = await _body(request)
        game = _game(data)
        preset, house = _rules_spec(data)
        bots = _opponents(data, table_game(game).default_opponents)
        name = check_name(data.get("name", "You"))
        speed = check_bot_speed(data.get("bot_speed", "normal"))
        client = address(request)
        admit(client)
        player = _player_field(data)
        ticket = service.create_solo(
            name, preset, house, bots, owner=client, game=game, player=player, bot_speed=speed
        )
        holding.made(ticket.table_id)
        driver.wake(ticket.table_id)
        return _ticket(ticket)

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        data = await _body(request)
        game = _game(data)
        preset, house = _rules_spec(data)
        name = check_name(data.get("name"))
        client = address(request)
        admit(client)
        ticket = service.create_table(
            name,
            preset,
            house,
            data.get("seats", table_game(game).default_seats),
            turn_seconds=data.get("turn_seconds"),
            takeover_seconds=data.get("takeover_seconds", TAKEOVER_DEFAULT),
            owner=client,
            game=game,
            player=_player_field(data),
        )
        holding.made(ticket.table_id)
        return _ticket(ticket, invite=True)

    @app.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, Any]:
        limit = _int_arg(request, "limit", limits.page_size, 1, limits.max_page)
        offset = _int_arg(request, "offset", 0, 0, 10**9)
        solo = _bool_arg(request, "solo")
        if cluster is not None:
            return await listed_from_store(limit, offset, solo)
        live = [
            t
            for t in service.tables()
            if t.status is not Status.FINISHED
            and (solo is None or t.solo is solo)
            and (t.watchable or not t.solo)  # a private solo match is nobody else's business
        ]
        # Newest first; created_at has whole seconds, so the order of making breaks ties.
        order = {id(t): i for i, t in enumerate(service.tables())}
        live.sort(key=lambda t: (t.created_at, order[id(t)]), reverse=True)
        page = live[offset : offset + limit]
        return _page([service.public_table(t.id) for t in page], len(live), limit, offset)

    async def listed_from_store(limit: int, offset: int, solo: bool | None) -> dict[str, Any]:
        """The tables list of a cluster: every process's tables, from the store. Who is
        connected is known only for the tables held here."""
        rows = [
            r
            for r in await asyncio.to_thread(store.unfinished)
            if r.status != ABANDONED
            and (solo is None or bool(r.solo) is solo)
            and (r.watchable or not r.solo)
        ]
        rows.sort(key=lambda r: (r.created_at, r.id), reverse=True)
        page = rows[offset : offset + limit]
        tables = [service.public_of(t) for t in holding.listed(page)]
        return _page(tables, len(rows), limit, offset, shown=len(page))

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        await holding.hold(table_id)
        return service.public_table(table_id)

    @app.post("/api/tables/{table_id}/join", status_code=201)
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        await holding.hold(table_id)
        ticket = service.join(table_id, check_name(data.get("name")), _player_field(data))
        changed(table_id)
        return _ticket(ticket)

    @app.post("/api/tables/{table_id}/rejoin")
    async def rejoin(table_id: str, request: Request) -> dict[str, Any]:
        """A seat's rejoin link opened (on any device): the seat its token holds."""
        data = await _body(request)
        await holding.hold(table_id)
        ticket, name = service.claim(table_id, data.get("token"))
        return {**_ticket(ticket), "name": name}

    @app.get("/api/matches")
    async def history(request: Request) -> dict[str, Any]:
        limit = _int_arg(request, "limit", 50, 1, 500)
        offset = _int_arg(request, "offset", 0, 0, 10**9)
        mine = _bool_arg(request, "mine")
        player = _player_of(request, required=bool(mine))
        rows = store.finished(limit, offset, player if mine else None)
        return {"matches": [_history_entry(r, player) for r in rows]}

    @app.get("/api/stats")
    async def player_stats(request: Request) -> dict[str, Any]:
        """The statistics of the player whose key the request carries."""
        player = _player_of(request, required=True)
        assert player is not None
        found: list[tuple[TableRow, int]] = []
        offset = 0
        while True:
            page = store.finished(500, offset, player)
            for row in page:
                seat = next(i for i, s in enumerate(row.seats) if s.player == player)
                found.append((row, seat))
            if len(page) < 500:
                break
            offset += 500
        return stats(found)

    def finished_record(match_id: str) -> TableRow:
        row = store.get(match_id)
        if row is None:
            raise ProtocolError("no-such-match", f"no match {quote(match_id)}", match_id)
        if row.record is None:
            raise ProtocolError(
                "not-finished",
                f"match {match_id!r} is not finished: its record and seed stay secret until then",
                match_id,
            )
        return row

    @app.get("/api/matches/{match_id}/record")
    async def record(match_id: str) -> Response:
        row = finished_record(match_id)
        text = table_game(row.game).record_export(row.record or "")
        return Response(text, media_type="application/json")

    @app.get("/api/matches/{match_id}/replay")
    async def replay(match_id: str, request: Request) -> dict[str, Any]:
        row = finished_record(match_id)
        step = _int_arg(request, "step", 0, 0, 10**9)
        answer = table_game(row.game).replay_step(row.record or "", step)
        return {"id": match_id, **answer, "seats": _seat_kinds(row)}

    # -- websocket --------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        client = address(websocket)
        wait = connects.take(client)
        if wait is not None:
            await _deny(
                websocket,
                TooManyError(
                    f"too many connections: at most {limits.connects_per_minute} connections "
                    f"a minute from one client; try again in {max(1, round(wait))} s",
                    wait,
                ),
            )
            return
        # The table is taken before the socket opens: while it moves (a dead process's
        # lease lapsing, a few seconds) the page still says it is reconnecting.
        moving: ProtocolError | None = None
        try:
            await holding.hold(table_id)
        except ProtocolError as exc:
            moving = exc
        await websocket.accept()
        conn = Connection(websocket, table_id, websocket.query_params.get("token"))
        try:
            if moving is not None:
                raise moving
            seat = hub.seat_of(conn)
        except ProtocolError as exc:
            await _turn_away(websocket, exc, hub.stall)
            return
        back = service.connect(table_id, seat)
        left = False

        def leave() -> None:
            """The connection is gone (closed by the client, refused, or dropped)."""
            nonlocal left
            if left:
                return
            left = True
            hub.remove(conn)
            if not service.holds_table(table_id):
                return  # the table moved to another process
            if service.holds(table_id, seat, conn.token):  # not if the host cleared the seat
                service.disconnect(table_id, seat)
            driver.wake(table_id)
            hub.presence(table_id)  # the others see who is connected

        conn.on_close = leave
        hub.add(conn)
        hub.presence(table_id)
        hub.reply(conn, "connect")  # the newcomer gets the table
        if back:  # a player the stand-in plays for is back: everyone sees it
            hub.publish(table_id)
        driver.wake(table_id)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                if conn.closing:  # dropped: read on until the socket closes, taking nothing
                    continue
                # A text frame, or a binary one holding UTF-8 JSON: both are decoded the same.
                text = frame.get("text")
                _dispatch(conn, text if text is not None else frame.get("bytes") or b"")
                await asyncio.sleep(0)  # a burst of messages lets the other tables' turn come
        except WebSocketDisconnect:
            pass
        finally:
            if conn.sender is not None:
                conn.sender.cancel()
            leave()

    def _dispatch(conn: Connection, text: str | bytes) -> None:
        """Decode one message and hand it to the service; answer errors to the sender."""
        try:
            seat = hub.seat_of(conn)
        except ProtocolError as exc:
            hub.refuse(conn, exc)
            return
        try:
            message = decode_message(text)
            outcome = service.handle(conn.table_id, seat, message)
        except ProtocolError as exc:
            version = service.table(conn.table_id).version
            hub.send(conn, encode_error(exc.code, exc.message, _jsonable(exc.input), version))
            return
        if outcome.pong:
            hub.send(conn, {"type": "pong"})
        elif outcome.stale:
            hub.reply(conn, "stale")
        elif outcome.changed:
            changed(conn.table_id)

    # -- pages ------------------------------------------------------------------------

    if static_dir.is_dir():
        app.mount("/static", StaticFiles(directory=static_dir), name="static")

    def index() -> Response:
        page = static_dir / "index.html"
        if page.is_file():
            return FileResponse(page)
        return HTMLResponse(
            "<!doctype html><title>threethirteen</title><p>The threethirteen server is "
            "running; the web front end is not installed. See docs/protocol.md.</p>"
        )

    @app.get("/", response_model=None)
    async def root() -> Response:
        return index()

    @app.get("/t/{table_id}", response_model=None)
    async def invite(table_id: str) -> Response:
        return index()

    return app


def _opponents(data: dict[str, Any], default: int) -> list[str]:
    if "difficulties" in data:
        names = data["difficulties"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ProtocolError(
                "bad-request", f"difficulties must be a list of names, got {quote(names)}", names
            )
        return names
    count = data.get("opponents", default)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 7:
        raise ProtocolError("bad-request", f"opponents must be 1 to 7, got {quote(count)}", count)
    difficulty = data.get("difficulty", "easy")
    if not isinstance(difficulty, str):
        raise ProtocolError(
            "unknown-bot", f"a difficulty must be text, got {quote(difficulty)}", difficulty
        )
    return [difficulty] * count
