"""Player keys (my matches, my statistics) and private solo matches."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from starlette.websockets import WebSocketDisconnect

from threethirteen.server.app import create_app
from threethirteen.server.protocol import ProtocolError, SpectatorsMessage
from threethirteen.server.service import TableService
from threethirteen.store import MemoryStore
from threethirteen.store.sql import SqlStore

from .test_server_games_http import play_by_hints

ADA, BOB = "ada-key-0123456789", "bob-key-9876543210"


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as made:
        yield made


def finished_solo(client: TestClient, game: str, house: list[str], player: str | None) -> str:
    body: dict[str, Any] = {"name": "Ada", "game": game, "rules": {"house": house}}
    if player is not None:
        body["player"] = player
    ticket = client.post("/api/solo", json=body).json()
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        play_by_hints(ws)
    return str(ticket["table_id"])


def test_my_matches_and_my_statistics_by_player_key(client: TestClient) -> None:
    mine = [
        finished_solo(client, "thirteen", ["target=1"], ADA),
        finished_solo(client, "rummy", ["target=10"], ADA),
    ]
    other = finished_solo(client, "thirteen", ["target=1"], BOB)
    anonymous = finished_solo(client, "thirteen", ["target=1"], None)
    listed = client.get("/api/matches", params={"mine": "true"}, headers={"X-Player": ADA})
    entries = listed.json()["matches"]
    assert sorted(e["id"] for e in entries) == sorted(mine) and {e["you"] for e in entries} == {0}
    everyone = client.get("/api/matches", headers={"X-Player": ADA}).json()["matches"]
    assert {e["id"]: e["you"] for e in everyone} == {
        mine[0]: 0,
        mine[1]: 0,
        other: None,
        anonymous: None,
    }
    refused = client.get("/api/matches", params={"mine": "true"})
    assert refused.status_code == 400 and refused.json()["error"] == "bad-player"

    stats = client.get("/api/stats", headers={"X-Player": ADA}).json()
    assert stats["matches"] == 2 and set(stats["games"]) == {"thirteen", "rummy"}
    for entry in entries:
        game = stats["games"][entry["game"]]
        won = 0 in entry["winners"]
        assert game["matches"] == 1 and game["wins"] == int(won)
        assert game["average_total"] == entry["totals"][0] == game["best"]["total"]
        assert game["best"]["id"] == entry["id"]
        assert game["presets"]["cardgames"]["matches"] == 1
        assert list(game["players"]) == [str(len(entry["names"]))]
    assert client.get("/api/stats", headers={"X-Player": BOB}).json()["matches"] == 1
    assert client.get("/api/stats").status_code == 400


@pytest.mark.parametrize("key", ["short", "x" * 65, "has space in it ok", 12345678901234567])
def test_a_malformed_player_key_is_refused_quoting_it(client: TestClient, key: object) -> None:
    reply = client.post("/api/solo", json={"name": "Ada", "player": key})
    assert reply.status_code == 400 and reply.json()["error"] == "bad-player"
    assert str(key)[:20] in reply.json()["message"]
    if isinstance(key, str):  # (a number's digits are a good key as header text)
        header = client.get("/api/stats", headers={"X-Player": key})
        assert header.status_code == 400 and header.json()["error"] == "bad-player"
    assert client.get("/api/tables").json()["total"] == 0


def test_a_solo_match_is_private_until_its_player_opens_it(client: TestClient) -> None:
    ticket = client.post("/api/solo", json={"name": "Ada", "game": "rummy"}).json()
    path = f"/ws/tables/{ticket['table_id']}"
    with client.websocket_connect(path) as watcher:
        error = watcher.receive_json()
        assert error["type"] == "error" and error["code"] == "private-table"
        with pytest.raises(WebSocketDisconnect) as closed:
            watcher.receive_json()
        assert closed.value.code == 4409
    with client.websocket_connect(f"{path}?token={ticket['token']}") as ada:
        version = ada.receive_json()["version"]
        ada.send_json({"type": "spectators", "version": version, "open": True})
        with client.websocket_connect(path) as watcher:
            snap = watcher.receive_json()
            assert snap["type"] == "snapshot" and snap["view"]["hand"] == []
            assert snap["table"]["watchable"] is True and snap["table"]["solo"] is True
            latest = client.get(f"/api/tables/{ticket['table_id']}").json()["version"]
            ada.send_json({"type": "spectators", "version": latest, "open": False})
            seen = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    seen.append(watcher.receive_json())
            assert closed.value.code == 4409 and seen[-1]["code"] == "private-table"


def test_only_the_player_of_a_solo_match_opens_it_and_a_restart_keeps_it(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 't.db'}")
    svc = TableService(store, bot_delay=0)
    solo = svc.create_solo("Ada", None, [], ["easy"], game="thirteen")
    online = svc.create_table("Bob", None, [], 2)
    with pytest.raises(ProtocolError) as excinfo:
        svc.handle(online.table_id, 0, SpectatorsMessage(svc.table(online.table_id).version, True))
    assert excinfo.value.code == "bad-request"
    with pytest.raises(ProtocolError):
        svc.handle(solo.table_id, None, SpectatorsMessage(svc.table(solo.table_id).version, True))
    with pytest.raises(ProtocolError) as excinfo:
        svc.authenticate(solo.table_id, None)
    assert excinfo.value.code == "private-table"
    assert svc.handle(
        solo.table_id, 0, SpectatorsMessage(svc.table(solo.table_id).version, True)
    ).changed
    again = TableService(SqlStore(f"sqlite:///{tmp_path / 't.db'}"), bot_delay=0)
    again.restore()
    table = again.table(solo.table_id)
    assert table.solo and table.watchable and again.authenticate(solo.table_id, None) is None
    assert not again.table(online.table_id).solo
