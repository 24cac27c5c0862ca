"""Input a hostile client may send: oversized frames and bodies, deep JSON, long quotes, odd names.

The transport's byte cap is checked on the real server (it is uvicorn's, set where the
server is launched); the rest through Starlette's TestClient.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from threethirteen.server.app import create_app
from threethirteen.store import MemoryStore

SHORT = {"preset": "classic", "house": ["hand_sizes=3,4"]}
QUOTE = 60
"""The longest stretch of its input an error may quote."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as made:
        yield made


def closed_with(ws: ClientConnection, text: str) -> int | None:
    """Send ``text``; the close code the server answers with, or None if it answers a message."""
    try:
        ws.send(text)
        ws.recv(timeout=5)
    except ConnectionClosed as closed:
        return None if closed.rcvd is None else closed.rcvd.code
    return None


# -- the transport's byte cap ------------------------------------------------------------------


def test_frames_over_the_byte_cap_are_refused_before_they_are_read(
    serve: Callable[..., Any], db_url: str
) -> None:
    """A 64 KiB message, and 2 MB compressed into a couple of KiB, close the socket with
    1009 (message too big) instead of being read whole and answered; a message at the
    protocol's 4,096 characters, 3 bytes each, still gets its answer."""
    server = serve(db_url)
    table = httpx.post(f"{server.http}/api/tables", json={"name": "Ada", "seats": 2}).json()
    path = f"{server.ws}{table['ws']}"
    with connect(path, compression=None) as ws:
        assert json.loads(ws.recv(timeout=5))["type"] == "snapshot"
        assert closed_with(ws, "x" * 65536) == 1009
    with connect(path) as ws:  # permessage-deflate, as browsers offer it
        assert json.loads(ws.recv(timeout=5))["type"] == "snapshot"
        assert closed_with(ws, " " * 2_000_000) == 1009
    with connect(path, compression=None) as ws:
        assert json.loads(ws.recv(timeout=5))["type"] == "snapshot"
        ws.send(json.dumps({"type": "ping", "pad": "\u20ac" * 4060}, ensure_ascii=False))
        while (answer := json.loads(ws.recv(timeout=5)))["type"] == "presence":
            pass
        assert answer == {"type": "pong"}


# -- nesting --------------------------------------------------------------------------------------


def ws_of(client: TestClient) -> tuple[Any, Any]:
    """A solo table's websocket (entered) and its context manager."""
    ticket = client.post("/api/solo", json={"rules": SHORT, "opponents": 1}).json()
    manager = client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}")
    return manager.__enter__(), manager


def next_error(ws: Any) -> dict[str, Any]:
    while (message := ws.receive_json())["type"] != "error":
        assert message["type"] in ("snapshot", "presence"), message
    return dict(message)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 2000 + "]" * 2000,
        '{"type": "ping", "x": ' + "[" * 100 + "]" * 100 + "}",
        '{"a": ' * 500 + "1" + "}" * 500,
        "[" * 4000,
    ],
)
def test_deeply_nested_json_over_the_websocket_is_malformed(client: TestClient, text: str) -> None:
    ws, manager = ws_of(client)
    try:
        ws.send_text(text)
        error = next_error(ws)
        assert error["code"] == "malformed" and "nested" in error["message"], error
        ws.send_json({"type": "ping"})  # the socket lives on
        while ws.receive_json()["type"] != "pong":
            pass
    finally:
        manager.__exit__(None, None, None)


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 3000 + b"]" * 3000,
        b'{"name": ' + b"[" * 1000 + b"]" * 1000 + b"}",
        b'{"opponents": ' + b"1" * 5000 + b"}",  # past Python's 4,300 digits of an int
    ],
)
def test_nested_or_huge_json_bodies_are_a_400_not_a_500(client: TestClient, body: bytes) -> None:
    reply = client.post("/api/solo", content=body, headers={"content-type": "application/json"})
    assert reply.status_code == 400, reply.text
    assert reply.json()["error"] == "malformed"
    assert len(reply.content) < 400


# -- the size of HTTP bodies -----------------------------------------------------------------------


def test_bodies_over_the_cap_are_a_413(client: TestClient) -> None:
    big = b'{"name": "' + b"x" * 3_000_000 + b'"}'
    reply = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert reply.status_code == 413 and reply.json()["error"] == "too-large", reply.text[:200]
    assert len(reply.content) < 400

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it is read
        yield b'{"name": "'
        for _ in range(100):
            yield b"y" * 10_000
        yield b'"}'

    reply = client.post("/api/solo", content=chunks(), headers={"content-type": "application/json"})
    assert reply.status_code == 413 and reply.json()["error"] == "too-large", reply.text[:200]
    small = client.post("/api/solo", json={"name": "Ada", "rules": SHORT, "opponents": 1})
    assert small.status_code == 201


# -- errors quote a short prefix ---------------------------------------------------------------


LONG = "x" * 3000


def quotes_no_long_stretch(reply: str) -> None:
    assert "x" * (QUOTE + 1) not in reply, reply[:300]
    assert len(reply) < 600, len(reply)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/solo", b"{" + LONG.encode()),
        ("/api/solo", json.dumps([LONG]).encode()),
        ("/api/solo", json.dumps({"name": LONG}).encode()),
        ("/api/solo", json.dumps({"rules": {"preset": LONG}}).encode()),
        ("/api/solo", json.dumps({"rules": {"house": [LONG]}}).encode()),
        ("/api/solo", json.dumps({"rules": {"house": ["target=" + LONG]}}).encode()),
        ("/api/solo", json.dumps({"rules": {"house": [1] * 1000}}).encode()),
        ("/api/solo", json.dumps({"rules": [LONG]}).encode()),
        ("/api/solo", json.dumps({"difficulty": LONG}).encode()),
        ("/api/solo", json.dumps({"difficulties": [LONG, 1]}).encode()),
        ("/api/solo", json.dumps({"difficulties": [LONG]}).encode()),
        ("/api/solo", json.dumps({"opponents": LONG}).encode()),
        ("/api/tables", json.dumps({"name": "Ada", "seats": LONG}).encode()),
        ("/api/tables", json.dumps({"name": "Ada", "turn_seconds": [LONG]}).encode()),
        ("/api/tables/" + "x" * 1000 + "/join", json.dumps({"name": "Bob"}).encode()),
    ],
)
def test_http_errors_quote_at_most_a_short_prefix(
    client: TestClient, path: str, body: bytes
) -> None:
    reply = client.post(path, content=body, headers={"content-type": "application/json"})
    assert reply.status_code in (400, 404), reply.text[:300]
    quotes_no_long_stretch(reply.text)


@pytest.mark.parametrize(
    "text",
    [
        "{" + LONG,
        json.dumps([LONG]),
        json.dumps({"type": LONG}),
        json.dumps({"type": "action", "version": LONG, "action": "draw stock"}),
        json.dumps({"type": "action", "version": 1, "action": LONG}),
        json.dumps({"type": "action", "version": 1, "action": "discard " + LONG}),
        json.dumps({"type": "ready", "pad": LONG}),
        "x" * 4097,
    ],
)
def test_websocket_errors_quote_at_most_a_short_prefix(client: TestClient, text: str) -> None:
    ws, manager = ws_of(client)
    try:
        ws.send_text(text)
        quotes_no_long_stretch(json.dumps(next_error(ws)))
    finally:
        manager.__exit__(None, None, None)


def test_add_bot_with_a_long_name_quotes_a_prefix(client: TestClient) -> None:
    host = client.post("/api/tables", json={"name": "Ada", "rules": SHORT, "seats": 2}).json()
    with client.websocket_connect(f"{host['ws']}?token={host['token']}") as ws:
        version = ws.receive_json()["version"]
        ws.send_json({"type": "add_bot", "version": version, "seat": 1, "bot": LONG})
        error = next_error(ws)
        assert error["code"] == "unknown-bot"
        quotes_no_long_stretch(json.dumps(error))


# -- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("\u202eevil", "U+202E"),  # right-to-left override
        ("Ada\u2066x", "U+2066"),  # left-to-right isolate
        ("Bob\u2069", "U+2069"),  # pop directional isolate
        ("A\u202ab", "U+202A"),
        ("Ad\u200ba", "U+200B"),  # zero-width space (format)
        ("A\u061cb", "U+061C"),  # Arabic letter mark (format)
        ("Ada\x00", "U+0000"),
        ("Ad\na", "U+000A"),
        ("A\tda", "U+0009"),
        ("A\x7fb", "U+007F"),
        ("A\u2028b", "U+2028"),  # line separator
    ],
)
def test_names_with_control_or_bidi_characters_are_refused(
    client: TestClient, name: str, shown: str
) -> None:
    for path, body in [
        ("/api/solo", {"name": name, "opponents": 1}),
        ("/api/tables", {"name": name, "seats": 2}),
    ]:
        reply = client.post(path, json=body)
        assert reply.status_code == 400, (path, reply.text)
        error = reply.json()
        assert error["error"] == "bad-name"
        assert shown in error["message"], error["message"]
    host = client.post("/api/tables", json={"name": "Ada", "seats": 2}).json()
    reply = client.post(f"/api/tables/{host['table_id']}/join", json={"name": name})
    assert reply.status_code == 400 and reply.json()["error"] == "bad-name"


@pytest.mark.parametrize("name", ["Zoë", "李小龍", "Ada 👩🏽", "O'Brien-Smith", "  Ada  "])
def test_ordinary_names_are_kept(client: TestClient, name: str) -> None:
    reply = client.post("/api/tables", json={"name": name, "seats": 2})
    assert reply.status_code == 201, reply.text
    table = client.get(f"/api/tables/{reply.json()['table_id']}").json()
    assert table["seats"][0]["name"] == name.strip()


def test_over_long_names_are_refused_with_their_length(client: TestClient) -> None:
    reply = client.post("/api/tables", json={"name": "A" * 25, "seats": 2})
    assert reply.status_code == 400 and reply.json()["error"] == "bad-name"
    assert re.search(r"\b24\b", reply.json()["message"]) and "25" in reply.json()["message"]
    assert client.post("/api/tables", json={"name": "A" * 24, "seats": 2}).status_code == 201
