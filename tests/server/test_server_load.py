"""Load: 20 tables at once, each a person (a scripted client) against two bots, over real
websockets on one server process; every match ends, in bounded time, with a sound record."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from threethirteen.records import GameRecord, replay

from .clients import pick

TABLES = 20
LIMIT_SECONDS = 45.0
RULES = {"preset": "classic", "house": ["hand_sizes=3,4"]}


async def play(url: str) -> dict[str, Any]:
    ws: ClientConnection
    async with connect(url, max_size=2**22) as ws:
        answered = -1
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=LIMIT_SECONDS))
            assert message["type"] == "snapshot", message
            if message["table"]["status"] == "finished":
                finished: dict[str, Any] = message
                return finished
            version, view = message["version"], message["view"]
            if version <= answered:
                continue
            if view["phase"] == "round-over" and 0 not in message["table"]["ready"]:
                await ws.send(json.dumps({"type": "ready", "version": version}))
                answered = version
            elif view["legal_actions"]:
                move = pick(view)
                await ws.send(json.dumps({"type": "action", "version": version, "action": move}))
                answered = version


async def many(base: str, ws_base: str) -> list[tuple[str, dict[str, Any]]]:
    async with httpx.AsyncClient(base_url=base) as client:
        tickets = []
        for n in range(TABLES):
            reply = await client.post(
                "/api/solo",
                json={"name": f"p{n}", "rules": RULES, "opponents": 2, "difficulty": "easy"},
            )
            assert reply.status_code == 201, reply.text
            tickets.append(reply.json())
    urls = [f"{ws_base}{t['ws']}?token={t['token']}" for t in tickets]
    finals = await asyncio.gather(*(play(url) for url in urls))
    return [(t["table_id"], final) for t, final in zip(tickets, finals, strict=True)]


def test_twenty_tables_at_once(serve: Callable[[str], Any], db_url: str) -> None:
    server = serve(db_url)
    started = time.monotonic()
    results = asyncio.run(many(server.http, server.ws))
    elapsed = time.monotonic() - started
    assert elapsed < LIMIT_SECONDS, f"{TABLES} tables took {elapsed:.1f} s"
    assert len({table_id for table_id, _ in results}) == TABLES
    history = httpx.get(f"{server.http}/api/matches?limit=100").json()["matches"]
    assert {m["id"] for m in history} == {table_id for table_id, _ in results}
    for table_id, final in results:
        assert final["table"]["status"] == "finished"
        text = httpx.get(f"{server.http}/api/matches/{table_id}/record").text
        record = GameRecord.from_json(text)
        assert replay(record).scores.totals == record.totals
        assert list(record.totals) == final["view"]["scores"]["totals"]
