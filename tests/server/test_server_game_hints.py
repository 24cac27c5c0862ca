"""Thirteen's and Rummy's web hints carry a reason: a message key the browser's
catalogs translate (``<game>.<key>``), its params, and the terminal's English."""

from __future__ import annotations

import json
import warnings
from collections import Counter
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from hint_reasons import catalog, placeholders
from threethirteen.game import Stage
from threethirteen.server.app import create_app
from threethirteen.server.games import table_game
from threethirteen.store import MemoryStore


def check_hint(game: str, view: dict[str, Any]) -> str:
    """The hint of a seat to act: its move is legal, its key a reason the catalogs say
    in both languages with the params it sends; the key."""
    hint = view["hint"]
    assert set(hint) == {"action", "key", "params", "text"}, hint
    assert hint["action"] in view["legal_actions"]
    key = hint["key"]
    assert key.startswith("hint.") and key != "hint.medium", hint
    assert isinstance(hint["params"], dict) and hint["text"], hint
    assert json.loads(json.dumps(hint)) == hint
    for lang in ("en", "pl"):
        message = catalog(game, lang)[f"{game}.{key}"]
        assert placeholders(message) <= set(hint["params"]), (lang, hint, message)
    return str(key)


@pytest.mark.parametrize(("game", "house"), [("thirteen", ["target=2"]), ("rummy", ["target=25"])])
def test_a_match_played_by_its_hints_explains_every_move(game: str, house: list[str]) -> None:
    table = table_game(game)
    rules = table.rules(None, house)
    state = table.new_match(rules, table.default_seats, 7)
    keys: Counter[str] = Counter()
    moves = 0
    while state.stage is not Stage.MATCH_OVER and moves < 400:
        if state.stage is Stage.ROUND_OVER:
            state.next_round()
            continue
        view = table.view_data(state, state.current)
        keys[check_hint(game, view)] += 1
        state.apply(table.parse_action(view["hint"]["action"]))
        moves += 1
    assert moves > 0
    # More than one reason turns up in a match (not one catch-all key).
    assert len(keys) >= 3, keys


@pytest.mark.parametrize("game", ["thirteen", "rummy"])
def test_the_websocket_view_sends_the_reason(game: str) -> None:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as client:
        body = {"name": "Ada", "game": game, "difficulty": "easy"}
        ticket = client.post("/api/solo", json=body).json()
        with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
            while True:
                message = json.loads(ws.receive_text())
                view = message.get("view") if message.get("type") == "snapshot" else None
                if view and view.get("hint"):
                    break
    check_hint(game, view)
