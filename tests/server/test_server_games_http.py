"""Thirteen and Rummy over HTTP and the websocket, as the browser reaches them."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from threethirteen.games import GAME_NAMES, get_game
from threethirteen.server.app import create_app
from threethirteen.store import MemoryStore

from .clients import by_hint, play_to_the_end

SHORT = {"thirteen": ["target=2"], "rummy": ["target=25"]}


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as made:
        yield made


def play_by_hints(ws: Any) -> tuple[int, dict[str, Any]]:
    """Play seat 0 by the view's hints (the medium bot's moves) to the end of the match."""
    return play_to_the_end(ws, 0, by_hint)


@pytest.mark.parametrize("game", ["thirteen", "rummy"])
def test_a_solo_match_of_each_game_then_history_record_and_replay(
    client: TestClient, game: str
) -> None:
    body = {"name": "Ada", "game": game, "rules": {"house": SHORT[game]}, "difficulty": "easy"}
    reply = client.post("/api/solo", json=body)
    assert reply.status_code == 201, reply.text
    ticket = reply.json()
    table = client.get(f"/api/tables/{ticket['table_id']}").json()
    assert table["game"] == game and table["rules"]["preset"] == get_game(game).default_preset
    assert len(table["seats"]) == {"thirteen": 4, "rummy": 2}[game]  # the game's default
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        moves, last = play_by_hints(ws)
    assert moves > 0 and last["table"]["winners"]
    entry = client.get("/api/matches").json()["matches"][0]
    assert entry["id"] == ticket["table_id"] and entry["game"] == game
    assert entry["names"][0] == "Ada" and len(entry["totals"]) == len(table["seats"])
    record = client.get(f"/api/matches/{ticket['table_id']}/record").json()
    assert record["game"] == game and record["seed"] == last["table"]["seed"]
    assert list(get_game(game).replay(record).totals) == record["totals"] == entry["totals"]
    first = client.get(f"/api/matches/{ticket['table_id']}/replay").json()
    assert first["game"] == game and first["step"] == 0 and first["action"] is None
    steps = first["steps"]
    final = client.get(f"/api/matches/{ticket['table_id']}/replay?step={steps - 1}").json()
    assert final["view"]["totals"] == record["totals"]
    hands = final["view"]["hands"]
    assert len(hands) == len(table["seats"]) and all(isinstance(c, str) for h in hands for c in h)
    seat, action = record["rounds"][-1]["actions"][-1]
    assert final["action"] == {"seat": seat, "action": action}
    bad = client.get(f"/api/matches/{ticket['table_id']}/replay?step={steps}")
    assert bad.status_code == 400 and str(steps) in bad.json()["message"]


def test_options_list_every_game_with_its_presets_house_rules_and_levels(
    client: TestClient,
) -> None:
    options = client.get("/api/options").json()
    games = {g["name"]: g for g in options["games"]}
    assert list(games) == list(GAME_NAMES)
    assert options["presets"] == games["three-thirteen"]["presets"]  # the old fields stay
    rummy = games["rummy"]
    assert rummy["title"] == "Rummy" and rummy["default_opponents"] == 1
    assert rummy["presets"][0]["min_players"] == 2 and rummy["presets"][0]["max_players"] == 6
    assert "rummy-doubles" in [h["name"] for h in rummy["house_rules"]]
    assert {d["name"]: d["available"] for d in games["thirteen"]["difficulties"]}["medium"]


def test_online_tables_name_their_game_and_bad_games_are_quoted(client: TestClient) -> None:
    made = client.post("/api/tables", json={"name": "Ada", "game": "rummy"})
    assert made.status_code == 201
    table = client.get(f"/api/tables/{made.json()['table_id']}").json()
    assert table["game"] == "rummy" and len(table["seats"]) == 2 and table["status"] == "lobby"
    plain = client.post("/api/tables", json={"name": "Ada"}).json()  # as before: 3-13, 4 seats
    table = client.get(f"/api/tables/{plain['table_id']}").json()
    assert table["game"] == "three-thirteen" and len(table["seats"]) == 4
    for bad in ("chess", 7, ["rummy"]):
        reply = client.post("/api/solo", json={"name": "Ada", "game": bad})
        assert reply.status_code == 400, bad
        assert reply.json()["error"] == "unknown-game" and reply.json()["input"] == bad
    assert client.post("/api/solo", json={"name": "Ada", "game": None}).status_code == 201
    listed = client.get("/api/tables").json()["tables"]
    # The solo match is private (not listed): the two online tables are.
    assert sorted(t["game"] for t in listed) == ["rummy", "three-thirteen"]
