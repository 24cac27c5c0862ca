"""One slow or hostile websocket never holds up its table, and a connect costs one snapshot.

The hub's tests use stand-in sockets (one whose sends never finish, one held back and then
let go), so they run in milliseconds; one test runs the real server with a raw socket that
sends thousands of stale actions and never reads, as the issue's attacker did.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any, cast

import httpx
import pytest
from fastapi import WebSocket
from websockets.sync.client import connect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from threethirteen.server.app import Connection, Hub, create_app
from threethirteen.server.protocol import AddBotMessage, ClearSeatMessage
from threethirteen.server.service import TableService
from threethirteen.store import MemoryStore

from .clients import pick

SHORT = {"preset": "classic", "house": ["hand_sizes=3,4"]}


class Socket:
    """A stand-in websocket: records what it is sent; ``gate`` (when given) holds every
    send until it is set; ``closed`` is the close code it was given."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.sent: list[dict[str, Any]] = []
        self.gate = gate
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        if self.gate is not None:
            await self.gate.wait()
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def lobby(service: TableService) -> tuple[str, str]:
    """A table in the lobby with Ada (seat 0) its host: the table id and her token."""
    ticket = service.create_table("Ada", "classic", ["hand_sizes=3,4"], 3)
    return ticket.table_id, ticket.token


def bump(service: TableService, table_id: str) -> int:
    """The host seats a bot in seat 1, or empties it: a new version each time; the version."""
    table = service.table(table_id)
    version = table.version
    if table.seats[1].kind.value == "empty":
        service.handle(table_id, 0, AddBotMessage(version, 1, "easy"))
    else:
        service.handle(table_id, 0, ClearSeatMessage(version, 1))
    return service.table(table_id).version


async def until(check: Callable[[], bool], timeout: float = 2.0) -> None:
    """Wait (polling) until ``check()`` holds; fails the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


def test_a_broadcast_never_waits_on_a_socket_that_does_not_read() -> None:
    """A spectator whose sends never complete: every broadcast returns at once, and the
    player's socket gets every snapshot in order (the broadcast used to wait on it for good,
    holding the table's lock)."""
    service = TableService(MemoryStore(), bot_delay=0, round_pause=0)
    table_id, token = lobby(service)
    hub = Hub(service)

    async def scenario() -> None:
        stuck, player = Socket(asyncio.Event()), Socket()
        hub.add(Connection(cast(WebSocket, stuck), table_id, None))
        hub.add(Connection(cast(WebSocket, player), table_id, token))
        versions = []
        for _ in range(40):
            versions.append(bump(service, table_id))
            await asyncio.wait_for(hub.broadcast(table_id), 0.5)
        await until(lambda: [m["version"] for m in player.sent] == versions)
        assert stuck.sent == []

    asyncio.run(scenario())


def test_a_connection_that_fell_behind_gets_one_fresh_snapshot_when_it_catches_up() -> None:
    """A socket held back while 60 changes are broadcast: what it is sent once it reads
    again is bounded (its queue, then one snapshot), and the last is the table as it is now."""
    service = TableService(MemoryStore(), bot_delay=0, round_pause=0)
    table_id, token = lobby(service)
    hub = Hub(service)

    async def scenario() -> None:
        gate = asyncio.Event()
        slow = Socket(gate)
        hub.add(Connection(cast(WebSocket, slow), table_id, token))
        for _ in range(60):
            bump(service, table_id)
            await asyncio.wait_for(hub.broadcast(table_id), 0.5)
        gate.set()
        now = service.table(table_id).version
        await until(lambda: bool(slow.sent) and slow.sent[-1]["version"] == now)
        await asyncio.sleep(0.05)  # nothing more comes
        versions = [m["version"] for m in slow.sent]
        assert versions == sorted(versions)
        assert len(slow.sent) < 30, len(slow.sent)
        assert slow.sent[-1]["reason"] == "resync"
        assert (
            slow.sent[-1]["table"]["seats"][1]["kind"]
            == service.table(table_id).seats[1].kind.value
        )

    asyncio.run(scenario())


def test_a_connection_stuck_on_one_send_is_closed() -> None:
    """A send that does not finish within the hub's ``stall`` seconds drops the connection:
    it leaves the table's list (and its socket is closed when it can be)."""
    service = TableService(MemoryStore(), bot_delay=0, round_pause=0)
    table_id, _ = lobby(service)
    hub = Hub(service)
    hub.stall = 0.05

    async def scenario() -> None:
        stuck = Socket(asyncio.Event())
        conn = Connection(cast(WebSocket, stuck), table_id, None)
        hub.add(conn)
        await hub.broadcast(table_id)
        await until(lambda: conn not in hub.connections.get(table_id, []), timeout=1.0)

    asyncio.run(scenario())


# -- the real server: a raw socket that sends and never reads ----------------------------------


def raw_frame(text: str) -> bytes:
    """One masked text frame, as a client sends it (payloads under 126 bytes)."""
    payload = text.encode()
    assert len(payload) < 126
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


@pytest.fixture
def never_reads() -> Iterator[Callable[[int, str], socket.socket]]:
    """``never_reads(port, path)``: a websocket opened by hand on a socket with a tiny
    receive buffer, whose answers are never read; closed at the end."""
    opened: list[socket.socket] = []

    def open_one(port: int, path: str) -> socket.socket:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        opened.append(sock)
        answer = b""
        while b"\r\n\r\n" not in answer:  # the handshake's answer; nothing after it is read
            answer += sock.recv(1)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        return sock

    yield open_one
    for sock in opened:
        sock.close()


def test_a_spectator_that_never_reads_does_not_hold_up_the_players(
    serve: Callable[..., Any], db_url: str, never_reads: Callable[[int, str], socket.socket]
) -> None:
    """The issue's attack: a spectator (no token needed) sends 3,000 stale actions and
    never reads their answers. The player still connects and every move of theirs is
    confirmed within seconds (it took 150 s before: the table waited on that socket)."""
    server = serve(db_url)
    ticket = httpx.post(
        f"{server.http}/api/solo", json={"rules": SHORT, "opponents": 1, "difficulty": "easy"}
    ).json()
    attacker = never_reads(server.port, ticket["ws"])
    attacker.settimeout(2.0)
    stale = raw_frame(json.dumps({"type": "action", "version": 0, "action": "draw stock"}))
    sent = 0
    try:
        for _ in range(3000):
            attacker.sendall(stale)
            sent += 1
    except TimeoutError:
        pass  # the server stopped reading from it: the kernel's buffers are full
    assert sent >= 300
    time.sleep(0.5)  # let the server take what it has read
    url = f"{server.ws}{ticket['ws']}?token={ticket['token']}"
    with connect(url, max_size=2**22, open_timeout=5) as ws:
        moves = 0
        while moves < 6:
            started = time.monotonic()
            message = json.loads(ws.recv(timeout=5))
            assert time.monotonic() - started < 5
            if message["type"] != "snapshot":
                continue
            view = message["view"]
            if message["table"]["status"] == "finished":
                break
            if view["legal_actions"]:
                move = pick(view)
                ws.send(
                    json.dumps({"type": "action", "version": message["version"], "action": move})
                )
                moves += 1
            elif view["phase"] == "round-over" and 0 not in message["table"]["ready"]:
                ws.send(json.dumps({"type": "ready", "version": message["version"]}))
    assert moves >= 6


# -- a connect: one snapshot, to the new connection ----------------------------------------------


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as made:
        yield made


def messages_until_pong(ws: Any) -> list[dict[str, Any]]:
    """Everything the socket was sent before the answer to a ping sent now."""
    ws.send_json({"type": "ping"})
    seen: list[dict[str, Any]] = []
    while (message := ws.receive_json())["type"] != "pong":
        seen.append(message)
    return seen


def test_a_connect_sends_one_snapshot_and_the_others_a_presence_message(
    client: TestClient,
) -> None:
    """Eight spectators come and one goes: each newcomer gets one snapshot; Ada (already
    there) gets no snapshot, only presence messages, the last one counting who is here."""
    host = client.post("/api/tables", json={"name": "Ada", "rules": SHORT, "seats": 2}).json()
    table_id = host["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={host['token']}") as ada:
        first = ada.receive_json()
        assert (first["type"], first["reason"]) == ("snapshot", "connect")
        watchers = [client.websocket_connect(f"/ws/tables/{table_id}") for _ in range(8)]
        try:
            snapshots = 0
            for ws in watchers:
                ws.__enter__()
                greeting = ws.receive_json()
                assert (greeting["type"], greeting["reason"]) == ("snapshot", "connect")
                assert greeting["you"]["seat"] is None
            for ws in watchers:
                snapshots += sum(m["type"] == "snapshot" for m in messages_until_pong(ws))
            assert snapshots == 0  # a spectator's later arrival sent the others no snapshot
            watchers.pop().__exit__(None, None, None)
            deadline = time.monotonic() + 2
            seen: list[dict[str, Any]] = []
            while not seen or seen[-1]["spectators"] != 7:
                assert time.monotonic() < deadline, seen[-1:]
                seen += [m for m in messages_until_pong(ada)]
                assert all(m["type"] == "presence" for m in seen), seen
            last = seen[-1]
            assert last["version"] == first["version"]
            assert last["seats"] == [{"seat": 0, "connected": True, "away": False}]
            assert set(last) == {
                "type", "version", "server_time", "seats", "spectators", "turn_deadline"
            }  # fmt: skip
            assert len(json.dumps(last)) < 300
        finally:
            for ws in watchers:
                ws.__exit__(None, None, None)


def test_a_seated_player_connecting_shows_as_connected_to_the_others(client: TestClient) -> None:
    host = client.post("/api/tables", json={"name": "Ada", "rules": SHORT, "seats": 2}).json()
    table_id = host["table_id"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    with client.websocket_connect(f"/ws/tables/{table_id}?token={host['token']}") as ada:
        assert ada.receive_json()["table"]["seats"][1]["connected"] is False
        with client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as bob_ws:
            assert bob_ws.receive_json()["you"]["seat"] == 1
            while True:
                message = ada.receive_json()
                assert message["type"] == "presence", message
                if {"seat": 1, "connected": True, "away": False} in message["seats"]:
                    break
        while True:
            message = ada.receive_json()
            assert message["type"] == "presence", message
            if {"seat": 1, "connected": False, "away": False} in message["seats"]:
                break
