"""History and replays say which seats were bots, so clients name them as the table did."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from threethirteen.server.app import create_app
from threethirteen.store import MemoryStore

from .clients import by_hint, play_to_the_end


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as made:
        yield made


@pytest.mark.parametrize(
    ("game", "house"), [("three-thirteen", ["hand_sizes=3"]), ("rummy", ["target=25"])]
)
def test_history_and_replay_name_each_seats_kind(
    client: TestClient, game: str, house: list[str]
) -> None:
    body = {
        "name": "Ada",
        "game": game,
        "rules": {"house": house},
        "difficulties": ["medium"] * (2 if game == "three-thirteen" else 1),
    }
    reply = client.post("/api/solo", json=body)
    assert reply.status_code == 201, reply.text
    ticket = reply.json()
    table = client.get(f"/api/tables/{ticket['table_id']}").json()
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        play_to_the_end(ws, 0, None if game == "three-thirteen" else by_hint)
    expected = [{"kind": s["kind"], "bot": s.get("bot")} for s in table["seats"]]
    assert expected[0] == {"kind": "human", "bot": None}
    assert all(s["kind"] == "bot" and s["bot"] for s in expected[1:])
    entry = client.get("/api/matches").json()["matches"][0]
    assert entry["id"] == ticket["table_id"]
    assert entry["seats"] == expected and len(entry["names"]) == len(expected)
    replay = client.get(f"/api/matches/{ticket['table_id']}/replay?step=1").json()
    assert replay["seats"] == expected and replay["names"] == entry["names"]
    # No secret travels with them: no token hashes, no player keys.
    assert all(set(s) == {"kind", "bot"} for s in entry["seats"] + replay["seats"])
