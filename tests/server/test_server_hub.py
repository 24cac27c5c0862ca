"""The hub's ordering of snapshots, with a socket that is slow to send its first message."""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

from fastapi import WebSocket

from threethirteen.server.app import Connection, Hub
from threethirteen.server.service import TableService
from threethirteen.store import MemoryStore


class SlowFirstSend:
    """A websocket whose first send waits on the network before it writes (a drain)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.calls = 0

    async def send_text(self, text: str) -> None:
        self.calls += 1
        if self.calls == 1:
            await asyncio.sleep(0.02)
        self.sent.append(json.loads(text))


def test_a_connections_first_snapshot_never_overtakes_a_newer_broadcast() -> None:
    """Ada's page connects while Bob joins: the join's broadcast must arrive last.

    The first snapshot is built before Bob joins and its send is slow; the join's
    broadcast is built after. Sent in the wrong order, Ada's page would show the
    lobby without Bob until the next change (a browser test waited on it in vain).
    """
    service = TableService(MemoryStore(), bot_delay=0, round_pause=0)
    ticket = service.create_table("Ada", "classic", ["hand_sizes=3,4"], 3)
    hub = Hub(service)
    socket = SlowFirstSend()
    conn = Connection(cast(WebSocket, socket), ticket.table_id, ticket.token)

    async def scenario() -> None:
        hub.add(conn)
        greeting = asyncio.create_task(hub.snapshot(conn, "connect"))
        await asyncio.sleep(0.005)  # the greeting is built and waits on its send
        service.join(ticket.table_id, "Bob")
        await hub.broadcast(ticket.table_id)
        await greeting
        for _ in range(200):  # the connection's sender writes them out
            if len(socket.sent) == 2:
                break
            await asyncio.sleep(0.005)

    asyncio.run(scenario())
    versions = [message["version"] for message in socket.sent]
    assert versions == sorted(versions), versions
    assert len(socket.sent) == 2
    last_seats = json.dumps(socket.sent[-1])
    assert "Bob" in last_seats, last_seats
