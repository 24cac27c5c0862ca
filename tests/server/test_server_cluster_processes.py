"""Two real server processes behind nginx on PostgreSQL: tables handed over, and a kill -9.

PostgreSQL only (a cluster needs LISTEN/NOTIFY): ``scripts/ci-postgres.sh`` (``make test``)
runs it with ``$THREETHIRTEEN_TEST_DB`` set; nginx comes from ``scripts/install-tools.sh``.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from threethirteen.records import GameRecord, replay
from threethirteen.server.launch import (
    ROOMY_LIMITS,
    free_port,
    proxied,
    serve_command,
    start,
    stop,
)

from .clients import play, receive
from .conftest import POSTGRES_ENV, reset_database

URL = os.environ.get(POSTGRES_ENV, "")
pytestmark = pytest.mark.skipif(
    not URL.startswith("postgres"),
    reason="a cluster runs on PostgreSQL: scripts/ci-postgres.sh (make test) runs this",
)
RULES = {"preset": "classic", "house": ["hand_sizes=3,4,5"]}


class Cluster:
    """Two ``threethirteen serve --cluster`` processes and nginx in front of them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.ports = [free_port(), free_port()]
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.proxy = free_port()
        self.http = f"http://127.0.0.1:{self.proxy}"
        self.ws = f"ws://127.0.0.1:{self.proxy}"

    def start(self, name: str) -> None:
        port = self.ports[int(name[1:])]
        extra = [*ROOMY_LIMITS, "--trusted-proxy", "127.0.0.1", "--cluster", name]
        command = serve_command(port, URL, extra=extra)
        self.procs[name] = start(command, port, self.folder / f"{name}.log")

    def holder(self, table_id: str) -> str | None:
        engine = create_engine(URL)
        with engine.connect() as conn:
            found = conn.execute(
                text("SELECT server FROM leases WHERE table_id = :t"), {"t": table_id}
            ).first()
        engine.dispose()
        return None if found is None else str(found[0])

    def logs(self) -> str:
        return "".join(p.read_text(errors="replace") for p in self.folder.glob("*.log"))


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    reset_database(URL)
    made = Cluster(tmp_path)
    try:
        made.start("p0")
        made.start("p1")
        with proxied(made.proxy, made.ports, tmp_path / "nginx"):
            yield made
    finally:
        for proc in made.procs.values():
            stop(proc)
    assert "Traceback" not in made.logs(), made.logs()[-3000:]


def new_solo(cluster: Cluster) -> dict[str, Any]:
    answer = httpx.post(
        f"{cluster.http}/api/solo",
        json={"name": "Ada", "rules": RULES, "opponents": 3, "difficulty": "easy"},
    )
    assert answer.status_code == 201, answer.text
    ticket: dict[str, Any] = answer.json()
    return ticket


def test_every_request_for_a_table_reaches_its_one_holder(cluster: Cluster) -> None:
    tickets = [new_solo(cluster) for _ in range(6)]
    for ticket in tickets:
        path = f"{ticket['ws']}?token={ticket['token']}"
        with connect(cluster.ws + path) as ws:
            first = receive(ws)
            assert first["you"]["seat"] == 0
            play(ws, [], limit=2, first=first)
        holder = cluster.holder(ticket["table_id"])
        assert holder in ("p0", "p1")
        # Whichever process made it, the one the proxy sends its requests to holds it now,
        # and every later request finds it there without moving it.
        for _ in range(3):
            answer = httpx.get(f"{cluster.http}/api/tables/{ticket['table_id']}")
            assert answer.status_code == 200, answer.text
            assert cluster.holder(ticket["table_id"]) == holder
    # The tables list, asked of any process, shows every process's tables.
    # Made by both processes (a request without a table goes to either, at random).
    lobby: list[str] = []
    while len(lobby) < 40 and {cluster.holder(t) for t in lobby} != {"p0", "p1"}:
        made = httpx.post(f"{cluster.http}/api/tables", json={"name": f"Host{len(lobby)}"})
        lobby.append(made.json()["table_id"])
    assert {cluster.holder(t) for t in lobby} == {"p0", "p1"}
    for _ in range(4):
        listed = httpx.get(f"{cluster.http}/api/tables", params={"limit": 50}).json()
        assert set(lobby) <= {t["id"] for t in listed["tables"]}


def test_kill_9_of_the_holder_loses_no_acknowledged_move(cluster: Cluster) -> None:
    ticket = new_solo(cluster)
    path = f"{ticket['ws']}?token={ticket['token']}"
    sent: list[str] = []
    with connect(cluster.ws + path) as ws:
        before = play(ws, sent, limit=6)
        holder = cluster.holder(ticket["table_id"])
        assert holder is not None
        cluster.procs[holder].kill()  # SIGKILL: no shutdown, no lease given back
        cluster.procs[holder].wait(timeout=10)
    assert before["table"]["status"] == "playing"

    # Through the proxy again: the other process takes the table once the dead one's
    # lease lapses (a few seconds), from the store, where every acknowledged move is.
    with connect(cluster.ws + path, open_timeout=30) as ws:
        again = receive(ws)
        assert again["version"] >= before["version"]
        if again["version"] == before["version"]:
            assert again["view"] == before["view"]
        last = play(ws, sent, limit=None, first=again)
    survivor = "p1" if holder == "p0" else "p0"
    assert cluster.holder(ticket["table_id"]) in (survivor, None)
    record_text = httpx.get(f"{cluster.http}/api/matches/{ticket['table_id']}/record").text
    assert last["table"]["status"] == "finished"
    record = GameRecord.from_json(record_text)
    mine = [str(action) for rnd in record.rounds for seat, action in rnd.actions if seat == 0]
    assert mine == sent  # every acknowledged move is there, in order, and nothing else
    assert replay(record).scores.totals == record.totals
