"""A solo table's bot speed: ``bot_speed`` in ``POST /api/solo`` and the ``bot_speed``
message set how long its bots pause before a move."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from threethirteen.bots import make_bot
from threethirteen.server.app import create_app
from threethirteen.server.protocol import (
    ActionMessage,
    BotSpeedMessage,
    ProtocolError,
    decode_message,
)
from threethirteen.server.service import TableService
from threethirteen.store import MemoryStore

SHORT = ["hand_sizes=3,4"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def bots_turn(svc: TableService, table_id: str) -> None:
    """Play the player's (seat 0) moves with ``simple`` until a bot is to act."""
    human = make_bot("simple")
    table = svc.table(table_id)
    while (auto := svc.pending(table_id)) is None:
        assert table.state is not None
        action = human.choose(table.state.view(0))
        svc.handle(table_id, 0, ActionMessage(table.version, str(action)))
    assert auto.kind == "bot"


def pause(svc: TableService, table_id: str) -> float:
    auto = svc.pending(table_id)
    assert auto is not None and auto.kind == "bot"
    return auto.at - svc.table(table_id).phase_since


def test_the_speed_chosen_at_the_start_and_changed_in_play_sets_the_bots_pause() -> None:
    svc = TableService(MemoryStore(), clock=Clock(), bot_delay=1.0, round_pause=0)
    ticket = svc.create_solo("Ada", "classic", SHORT, ["easy"], bot_speed="slow")
    table_id = ticket.table_id
    assert svc.public_table(table_id)["bot_speed"] == "slow"
    bots_turn(svc, table_id)
    assert pause(svc, table_id) == pytest.approx(3.0)
    version = svc.table(table_id).version
    # A setting, not a move: an older version is taken too.
    outcome = svc.handle(table_id, 0, BotSpeedMessage(version - 1, "fast"))
    assert outcome.changed and svc.table(table_id).version == version + 1
    assert pause(svc, table_id) == pytest.approx(0.2)
    assert svc.public_table(table_id)["bot_speed"] == "fast"
    svc.handle(table_id, 0, BotSpeedMessage(version + 1, "normal"))
    assert pause(svc, table_id) == pytest.approx(1.0)


def test_only_the_solo_player_sets_the_speed_and_only_a_known_one() -> None:
    svc = TableService(MemoryStore(), clock=Clock(), bot_delay=1.0, round_pause=0)
    table_id = svc.create_solo("Ada", "classic", SHORT, ["easy"]).table_id
    assert svc.public_table(table_id)["bot_speed"] == "normal"
    version = svc.table(table_id).version
    with pytest.raises(ProtocolError, match="only the player"):
        svc.handle(table_id, None, BotSpeedMessage(version, "fast"))
    online = svc.create_table("Bob", "classic", SHORT, 2)
    assert svc.public_table(online.table_id)["bot_speed"] is None
    with pytest.raises(ProtocolError, match="only the player"):
        svc.handle(online.table_id, 0, BotSpeedMessage(svc.table(online.table_id).version, "fast"))
    with pytest.raises(ProtocolError, match="unknown bot speed 'warp'"):
        decode_message('{"type": "bot_speed", "version": 1, "speed": "warp"}')
    with pytest.raises(ProtocolError, match="unknown bot speed 'warp'"):
        svc.create_solo("Ada", "classic", SHORT, ["easy"], bot_speed="warp")
    assert decode_message('{"type": "bot_speed", "version": 1, "speed": "slow"}') == (
        BotSpeedMessage(1, "slow")
    )


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as made:
        yield made


def test_post_solo_takes_a_bot_speed_and_the_player_changes_it_over_the_websocket(
    client: TestClient,
) -> None:
    refused = client.post("/api/solo", json={"bot_speed": "warp"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "bad-request" and "'warp'" in refused.json()["message"]
    ticket = client.post("/api/solo", json={"bot_speed": "fast", "rules": {"house": SHORT}}).json()
    assert client.get(f"/api/tables/{ticket['table_id']}").json()["bot_speed"] == "fast"
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        first: dict[str, Any] = ws.receive_json()
        assert first["type"] == "snapshot" and first["table"]["bot_speed"] == "fast"
        ws.send_json({"type": "bot_speed", "version": first["version"], "speed": "slow"})
        for _ in range(50):
            message: dict[str, Any] = ws.receive_json()
            if message["type"] == "snapshot" and message["table"]["bot_speed"] == "slow":
                break
        else:
            raise AssertionError("no snapshot with the new speed")
