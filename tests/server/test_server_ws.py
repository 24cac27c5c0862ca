"""The HTTP endpoints and the websocket layer, through Starlette's TestClient."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from starlette.websockets import WebSocketDisconnect

from threethirteen.records import GameRecord, replay
from threethirteen.server.app import create_app
from threethirteen.store import MemoryStore

from .clients import play_to_the_end

SHORT = {"preset": "classic", "house": ["hand_sizes=3,4"]}


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as made:
        yield made


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind``, skipping snapshots and presence sent meanwhile."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] in ("snapshot", "presence"), message


def snapshot_of(ws: Any) -> dict[str, Any]:
    """The next snapshot (presence messages, about who is connected, skipped)."""
    return next_of(ws, "snapshot")


def test_solo_match_over_the_websocket_then_history_record_and_replay(client: TestClient) -> None:
    reply = client.post(
        "/api/solo", json={"name": "Ada", "rules": SHORT, "opponents": 2, "difficulty": "easy"}
    )
    assert reply.status_code == 201
    ticket = reply.json()
    table_id = ticket["table_id"]
    assert client.get(f"/api/matches/{table_id}/record").status_code == 409  # seed secret
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        moves, last = play_to_the_end(ws)
    assert moves > 0
    assert last["table"]["winners"] is not None and last["table"]["seed"] is not None
    matches = client.get("/api/matches").json()["matches"]
    assert [m["id"] for m in matches] == [table_id]
    assert matches[0]["names"] == ["Ada", "easy", "easy"]
    record = GameRecord.from_json(client.get(f"/api/matches/{table_id}/record").text)
    assert record.finished and record.seed == last["table"]["seed"]
    assert replay(record).scores.totals == record.totals
    steps = client.get(f"/api/matches/{table_id}/replay").json()["steps"]
    assert steps == 2 + sum(len(r.actions) for r in record.rounds)
    last_step = client.get(f"/api/matches/{table_id}/replay?step={steps - 1}").json()
    assert last_step["state"]["scores"]["totals"] == list(record.totals)
    bad = client.get(f"/api/matches/{table_id}/replay?step={steps}")
    assert bad.status_code == 400 and str(steps) in bad.json()["message"]


def test_errors_over_the_websocket_quote_the_input_and_change_nothing(
    client: TestClient,
) -> None:
    ticket = client.post("/api/solo", json={"rules": SHORT, "opponents": 1}).json()
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        first = ws.receive_json()
        while not first["view"]["legal_actions"]:
            first = ws.receive_json()
        version = first["version"]
        cases = [
            ("{oops", "malformed", "{oops"),
            ('{"type": "warp", "version": 1}', "malformed", "warp"),
        ]
        for text, code, quoted in cases:
            ws.send_text(text)
            error = next_of(ws, "error")
            assert (error["type"], error["code"], error["input"]) == ("error", code, quoted)
        for action, code in [("discard 1Z", "bad-notation"), ("discard 7H", "illegal-action")]:
            if action == "discard 7H" and "discard 7H" in first["view"]["legal_actions"]:
                continue
            ws.send_json({"type": "action", "version": version, "action": action})
            error = next_of(ws, "error")
            assert (error["code"], error["input"], error["version"]) == (code, action, version)
        ws.send_json({"type": "action", "version": version - 1, "action": "draw stock"})
        while (stale := ws.receive_json())["reason"] != "stale":
            pass
        assert stale["version"] == version  # nothing changed
        ws.send_json({"type": "ping"})
        assert next_of(ws, "pong") == {"type": "pong"}


def test_online_table_invite_join_bots_start_and_spectate(client: TestClient) -> None:
    host = client.post(
        "/api/tables", json={"name": "Ada", "rules": SHORT, "seats": 3, "takeover_seconds": 30}
    ).json()
    table_id = host["table_id"]
    assert host["invite"] == f"/t/{table_id}"
    assert client.get(host["invite"]).status_code == 200
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    assert bob["seat"] == 1
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table_id]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={host['token']}") as ada,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):
        snap = snapshot_of(ada)
        assert snap["you"] == {"seat": 0, "name": "Ada", "host": True} and snap["view"] is None
        assert snapshot_of(watcher)["you"]["seat"] is None
        ada.send_json({"type": "add_bot", "version": snap["version"], "seat": 2, "bot": "godlike"})
        error = next_of(ada, "error")
        assert error["code"] == "unknown-bot" and error["input"] == "godlike"
        ada.send_json({"type": "add_bot", "version": snap["version"], "seat": 2, "bot": "medium"})
        while (snap := snapshot_of(ada))["table"]["seats"][2]["kind"] != "bot":
            pass
        ada.send_json({"type": "start", "version": snap["version"]})
        while (snap := snapshot_of(ada))["table"]["status"] != "playing":
            pass
        assert snap["view"]["hand"] is not None
        while True:
            seen = snapshot_of(watcher)
            if seen["view"] is not None:
                break
        assert seen["view"]["hand"] is None and seen["table"]["seats"][1]["connected"] is False
        assert client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}).status_code == 409


def test_a_bad_token_is_refused_and_the_socket_closed(client: TestClient) -> None:
    ticket = client.post("/api/solo", json={"rules": SHORT, "opponents": 1}).json()
    with client.websocket_connect(f"{ticket['ws']}?token=forged") as ws:
        assert ws.receive_json()["code"] == "bad-token"
        with pytest.raises(WebSocketDisconnect) as excinfo:
            ws.receive_json()
        assert excinfo.value.code == 4403
    with client.websocket_connect("/ws/tables/nosuch") as ws:
        assert ws.receive_json()["code"] == "no-such-table"


def test_reconnecting_with_the_token_returns_to_the_seat(client: TestClient) -> None:
    ticket = client.post("/api/solo", json={"name": "Ada", "rules": SHORT, "opponents": 1}).json()
    url = f"{ticket['ws']}?token={ticket['token']}"
    with client.websocket_connect(url) as ws:
        hand = ws.receive_json()["view"]["hand"]
    with client.websocket_connect(url) as ws:
        again = ws.receive_json()
        assert again["you"]["seat"] == 0 and again["reason"] == "connect"
        assert again["view"]["hand"] is not None and len(again["view"]["hand"]) >= len(hand)


@pytest.mark.parametrize(
    ("path", "body", "status", "code", "quoted"),
    [
        ("/api/solo", {"rules": {"preset": "clasic"}}, 400, "unknown-preset", "clasic"),
        ("/api/solo", {"rules": {"house": ["aces=sideways"]}}, 400, "bad-rules", "aces=sideways"),
        ("/api/solo", {"opponents": 0}, 400, "bad-request", 0),
        ("/api/solo", {"difficulty": "godlike"}, 400, "unknown-bot", "godlike"),
        ("/api/solo", {"rules": {"preset": "app"}, "opponents": 2}, 400, "bad-request", 3),
        ("/api/tables", {"name": "Ada", "seats": 1}, 400, "bad-request", 1),
        ("/api/tables", {"seats": 2}, 400, "bad-name", None),
        ("/api/tables/nope/join", {"name": "Bob"}, 404, "no-such-table", "nope"),
    ],
)
def test_http_errors_are_json_quoting_the_input(
    client: TestClient, path: str, body: dict[str, Any], status: int, code: str, quoted: object
) -> None:
    reply = client.post(path, json=body)
    assert reply.status_code == status
    assert reply.json()["error"] == code and reply.json()["input"] == quoted


def test_a_body_that_is_not_json_is_quoted(client: TestClient) -> None:
    reply = client.post("/api/solo", content=b"{nope", headers={"content-type": "application/json"})
    assert reply.status_code == 400 and reply.json()["input"] == "{nope"


def test_options_and_pages(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert {p["name"] for p in options["presets"]} >= {"classic", "bga", "app"}
    assert {d["name"] for d in options["difficulties"]} >= {"easy", "medium", "hard", "expert"}
    assert client.get("/").status_code == 200
    assert client.get("/api/matches?limit=0").status_code == 400
    assert client.get("/api/matches/none/record").status_code == 404


def test_a_player_whose_seat_is_cleared_is_disconnected_and_sees_no_newcomer(
    client: TestClient,
) -> None:
    host = client.post("/api/tables", json={"name": "Ada", "rules": SHORT, "seats": 2}).json()
    table_id = host["table_id"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={host['token']}") as ada,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as bob_ws,
    ):
        assert bob_ws.receive_json()["you"]["seat"] == 1
        snap = ada.receive_json()  # the table, then who is connected as it changes
        while not (
            snap["type"] == "snapshot" and snap["table"]["seats"][1].get("connected") is True
        ) and {"seat": 1, "connected": True, "away": False} not in snap.get("seats", []):
            snap = ada.receive_json()
        ada.send_json({"type": "clear_seat", "version": snap["version"], "seat": 1})
        error = next_of(bob_ws, "error")
        assert error["code"] == "bad-token"
        with pytest.raises(WebSocketDisconnect) as excinfo:
            while True:
                bob_ws.receive_json()
        assert excinfo.value.code == 4403
        cy = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}).json()
        assert cy["seat"] == 1
        while (snap := snapshot_of(ada))["table"]["seats"][1].get("name") != "Cy":
            pass
        ada.send_json({"type": "start", "version": snap["version"]})
        while (snap := snapshot_of(ada))["table"]["status"] != "playing":
            pass
    public = client.get(f"/api/tables/{table_id}").json()
    assert public["seats"][1]["name"] == "Cy" and public["seats"][1]["connected"] is False


def test_binary_frames_are_read_as_json_too(client: TestClient) -> None:
    ticket = client.post("/api/solo", json={"rules": SHORT, "opponents": 1}).json()
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        ws.send_bytes(b'{"type": "ping"}')
        assert next_of(ws, "pong") == {"type": "pong"}
        ws.send_bytes(b"\xff\xfe")
        assert next_of(ws, "error")["code"] == "malformed"
