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
(201, ['seat', 'table_id', 'token', 'ws'])
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from threethirteen.bots import BOT_NAMES
from threethirteen.engines import EngineSpec
from threethirteen.games.three_thirteen.records import GameRecord
from threethirteen.games.three_thirteen.rules import HOUSE_RULES, PRESETS, Rules
from threethirteen.server.driver import Driver
from threethirteen.server.engines import DEFAULT_MAX_ENGINES, SLOT_WAIT
from threethirteen.server.protocol import ProtocolError, decode_message, encode_error
from threethirteen.server.replays import replay_step
from threethirteen.server.service import (
    TAKEOVER_SECONDS,
    TURN_SECONDS,
    Status,
    TableService,
    Ticket,
    difficulties,
)
from threethirteen.server.tables import check_name
from threethirteen.store.base import Store, TableRow
from threethirteen.store.url import open_store

__all__ = ["STATIC", "create_app"]

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
}
"""HTTP status of an error code; any other code is a 400."""


@dataclass(eq=False)
class Connection:
    """One open websocket: the table it watches and the seat token it came with.

    The seat is looked up from the token for every message and every snapshot,
    so a player whose seat the host cleared stops seeing (and playing) that seat
    at once, even if somebody else takes it.
    """

    websocket: WebSocket
    table_id: str
    token: str | None  # None: a spectator
    seat: int | None = None


class Hub:
    """The open connections of every table, and the broadcasting of snapshots.

    Every snapshot sent to a table's connections (a broadcast, the first one a
    connection gets, the answer to a stale message) is built and sent under one
    lock per table, so a connection never receives an older snapshot after a
    newer one. (Sent outside it, a connection's first snapshot, built before a
    player joined, could reach the socket after the broadcast of the join and
    leave the page showing the lobby without that player.)
    """

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.connections: dict[str, list[Connection]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def add(self, conn: Connection) -> None:
        self.connections.setdefault(conn.table_id, []).append(conn)

    def remove(self, conn: Connection) -> None:
        conns = self.connections.get(conn.table_id, [])
        if conn in conns:
            conns.remove(conn)

    async def send(self, conn: Connection, message: dict[str, Any]) -> bool:
        """Send one message; False (and the connection dropped) if it is closed."""
        return await self.send_text(conn, json.dumps(message))

    async def send_text(self, conn: Connection, text: str) -> bool:
        """Send one message already encoded; False (and the connection dropped) if closed."""
        try:
            await conn.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.remove(conn)
            return False
        return True

    def seat_of(self, conn: Connection) -> int | None:
        """The seat the connection's token holds now; raises ``ProtocolError('bad-token')``."""
        conn.seat = self.service.authenticate(conn.table_id, conn.token)
        return conn.seat

    async def refuse(self, conn: Connection, exc: ProtocolError) -> None:
        """Tell the client why, and close its socket (4404: no table; 4403: bad token)."""
        self.remove(conn)
        if await self.send(conn, encode_error(exc.code, exc.message, None, None)):
            code = 4404 if exc.code == "no-such-table" else 4403
            with contextlib.suppress(RuntimeError, OSError):
                await conn.websocket.close(code=code)

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def snapshot(self, conn: Connection, reason: str) -> None:
        """Send the connection a fresh snapshot for the seat its token holds now."""
        async with self._lock(conn.table_id):
            await self._snapshot(conn, reason)

    async def _snapshot(self, conn: Connection, reason: str) -> None:
        try:
            seat = self.seat_of(conn)
        except ProtocolError as exc:
            await self.refuse(conn, exc)
            return
        await self.send_text(conn, self.service.snapshot_text(conn.table_id, seat, reason))

    async def broadcast(self, table_id: str) -> None:
        """Send every connection of the table a fresh snapshot built for its seat."""
        async with self._lock(table_id):
            for conn in list(self.connections.get(table_id, [])):
                await self._snapshot(conn, "update")


def _error_response(exc: ProtocolError) -> JSONResponse:
    return JSONResponse(
        {"error": exc.code, "message": exc.message, "input": _jsonable(exc.input)},
        status_code=_STATUS.get(exc.code, 400),
    )


def _jsonable(value: object) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
    return value


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        text = raw.decode("utf-8", "replace")
        raise ProtocolError("malformed", f"the body is not JSON: {text[:80]!r}", text) from exc
    if not isinstance(data, dict):
        raise ProtocolError("malformed", f"the body must be a JSON object, got {data!r}", data)
    return data


def _rules_spec(data: dict[str, Any]) -> tuple[str, list[str]]:
    spec = data.get("rules", {})
    if not isinstance(spec, dict):
        raise ProtocolError("bad-rules", f"rules must be an object, got {spec!r}", spec)
    preset = spec.get("preset", "classic")
    house = spec.get("house", [])
    if not isinstance(preset, str):
        raise ProtocolError("unknown-preset", f"a preset must be text, got {preset!r}", preset)
    if not isinstance(house, list) or not all(isinstance(h, str) for h in house):
        raise ProtocolError("bad-rules", f"house must be a list of text, got {house!r}", house)
    return preset, house


def _ticket(ticket: Ticket, *, invite: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "table_id": ticket.table_id,
        "seat": ticket.seat,
        "token": ticket.token,
        "ws": f"/ws/tables/{ticket.table_id}",
    }
    if invite:
        out["invite"] = f"/t/{ticket.table_id}"
    return out


def _history_entry(row: TableRow) -> dict[str, Any]:
    record = GameRecord.from_json(row.record or "")
    return {
        "id": row.id,
        "finished_at": row.finished_at,
        "rules": row.preset,
        "names": list(record.names),
        "totals": list(record.totals),
        "winners": None if record.winners is None else list(record.winners),
        "rounds": len(record.rounds),
    }


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
            "bad-request", f"{name} must be a whole number from {low} to {high}, got {text!r}", text
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
    """
    store = store if store is not None else open_store(store_url)
    service = TableService(
        store,
        bot_delay=bot_delay,
        round_pause=round_pause,
        engines=engines,
        max_engines=max_engines,
        engine_wait=engine_wait,
    )
    hub = Hub(service)
    driver = Driver(service, hub.broadcast)

    async def changed(table_id: str) -> None:
        driver.wake(table_id)
        await hub.broadcast(table_id)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for table_id in service.restore():
            driver.wake(table_id)
        if freeze_gc:
            gc.collect()
            gc.freeze()
        yield
        await driver.stop()
        await asyncio.to_thread(service.close)
        store.close()

    app = FastAPI(title="threethirteen", lifespan=lifespan)
    app.state.service = service

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
        return _error_response(exc)

    # -- HTTP --------------------------------------------------------------------------

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {
            "presets": [_preset(name, rules) for name, rules in PRESETS.items()],
            "house_rules": [
                {"name": name, "options": _plain(opts)} for name, opts in HOUSE_RULES.items()
            ],
            "difficulties": difficulties(),
            "bots": list(BOT_NAMES),
            "engines": [{"name": name} for name in service.engines],
            "turn_seconds": {"min": TURN_SECONDS[0], "max": TURN_SECONDS[1]},
            "takeover_seconds": {"min": TAKEOVER_SECONDS[0], "max": TAKEOVER_SECONDS[1]},
        }

    @app.post("/api/solo", status_code=201)
    async def solo(request: Request) -> dict[str, Any]:
        data = await _body(request)
        preset, house = _rules_spec(data)
        bots = _opponents(data)
        name = check_name(data.get("name", "You"))
        ticket = service.create_solo(name, preset, house, bots)
        driver.wake(ticket.table_id)
        return _ticket(ticket)

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        data = await _body(request)
        preset, house = _rules_spec(data)
        ticket = service.create_table(
            check_name(data.get("name")),
            preset,
            house,
            data.get("seats", 4),
            turn_seconds=data.get("turn_seconds"),
            takeover_seconds=data.get("takeover_seconds"),
        )
        return _ticket(ticket, invite=True)

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        live = [t for t in service.tables() if t.status is not Status.FINISHED]
        live.sort(key=lambda t: t.created_at, reverse=True)
        return {"tables": [service.public_table(t.id) for t in live]}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        return service.public_table(table_id)

    @app.post("/api/tables/{table_id}/join", status_code=201)
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        ticket = service.join(table_id, check_name(data.get("name")))
        await changed(table_id)
        return _ticket(ticket)

    @app.get("/api/matches")
    async def history(request: Request) -> dict[str, Any]:
        limit = _int_arg(request, "limit", 50, 1, 500)
        offset = _int_arg(request, "offset", 0, 0, 10**9)
        return {"matches": [_history_entry(r) for r in store.finished(limit, offset)]}

    def finished_record(match_id: str) -> GameRecord:
        row = store.get(match_id)
        if row is None:
            raise ProtocolError("no-such-match", f"no match {match_id!r}", match_id)
        if row.record is None:
            raise ProtocolError(
                "not-finished",
                f"match {match_id!r} is not finished: its record and seed stay secret until then",
                match_id,
            )
        return GameRecord.from_json(row.record)

    @app.get("/api/matches/{match_id}/record")
    async def record(match_id: str) -> Response:
        text = finished_record(match_id).to_json()
        return Response(text, media_type="application/json")

    @app.get("/api/matches/{match_id}/replay")
    async def replay(match_id: str, request: Request) -> dict[str, Any]:
        rec = finished_record(match_id)
        step = _int_arg(request, "step", 0, 0, 10**9)
        return {"id": match_id, **replay_step(rec, step)}

    # -- websocket --------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        conn = Connection(websocket, table_id, websocket.query_params.get("token"))
        try:
            seat = hub.seat_of(conn)
        except ProtocolError as exc:
            await hub.refuse(conn, exc)
            return
        service.connect(table_id, seat)
        hub.add(conn)
        try:
            await hub.snapshot(conn, "connect")
            await changed(table_id)  # the others see who is connected
            while conn in hub.connections.get(table_id, []):
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                # A text frame, or a binary one holding UTF-8 JSON: both are decoded the same.
                text = frame.get("text")
                await _dispatch(conn, text if text is not None else frame.get("bytes") or b"")
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(conn)
            if service.holds(table_id, seat, conn.token):  # not if the host cleared the seat
                service.disconnect(table_id, seat)
            await changed(table_id)

    async def _dispatch(conn: Connection, text: str | bytes) -> None:
        """Decode one message and hand it to the service; answer errors to the sender."""
        try:
            seat = hub.seat_of(conn)
        except ProtocolError as exc:
            await hub.refuse(conn, exc)
            return
        try:
            message = decode_message(text)
            outcome = service.handle(conn.table_id, seat, message)
        except ProtocolError as exc:
            version = service.table(conn.table_id).version
            await hub.send(conn, encode_error(exc.code, exc.message, _jsonable(exc.input), version))
            return
        if outcome.pong:
            await hub.send(conn, {"type": "pong"})
        elif outcome.stale:
            await hub.snapshot(conn, "stale")
        elif outcome.changed:
            await changed(conn.table_id)

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


def _preset(name: str, rules: Rules) -> dict[str, Any]:
    return {
        "name": name,
        "summary": rules.summary(),
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "description": rules.description,
    }


def _plain(options: dict[str, Any]) -> dict[str, Any]:
    """House rule options as JSON: enums by their value."""
    return {k: v if isinstance(v, bool | int | str | tuple) else str(v) for k, v in options.items()}


def _opponents(data: dict[str, Any]) -> list[str]:
    if "difficulties" in data:
        names = data["difficulties"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ProtocolError(
                "bad-request", f"difficulties must be a list of names, got {names!r}", names
            )
        return names
    count = data.get("opponents", 3)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 7:
        raise ProtocolError("bad-request", f"opponents must be 1 to 7, got {count!r}", count)
    difficulty = data.get("difficulty", "easy")
    if not isinstance(difficulty, str):
        raise ProtocolError(
            "unknown-bot", f"a difficulty must be text, got {difficulty!r}", difficulty
        )
    return [difficulty] * count
