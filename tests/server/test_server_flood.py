"""An anonymous flood cannot take the server down (issue 42, part 4): per-client limits on
creating tables and opening websockets, caps on live tables (429 with Retry-After), the
client's address behind a trusted proxy only, a paginated tables list, abandoned solo
tables that expire, and bots that think in a bounded pool."""

from __future__ import annotations

import asyncio
import threading
import time
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketDenialResponse

from threethirteen.server.app import create_app
from threethirteen.server.limits import Limits, RateLimiter, client_address
from threethirteen.server.service import TableService
from threethirteen.store import MemoryStore

SHORT = {"preset": "classic", "house": ["hand_sizes=3,4"]}
ROOMY: dict[str, Any] = {
    "tables_per_minute": 1000,
    "connects_per_minute": 1000,
    "tables_per_client": 1000,
}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def app_client(clock: Clock | None = None, /, **limits: Any) -> TestClient:
    """A test client (address 127.0.0.1) of a server with these limits."""
    app = create_app(
        MemoryStore(), bot_delay=0, round_pause=0, limits=Limits(**limits), clock=clock
    )
    return TestClient(app, client=("127.0.0.1", 50000))


@pytest.fixture
def clock() -> Clock:
    return Clock()


def solo(client: TestClient, **headers: str) -> Any:
    return client.post(
        "/api/solo", json={"rules": SHORT, "opponents": 1, "difficulty": "easy"}, headers=headers
    )


def online(client: TestClient, **headers: str) -> Any:
    return client.post("/api/tables", json={"name": "Ada", "seats": 2}, headers=headers)


def assert_429(reply: Any, words: str) -> None:
    assert reply.status_code == 429, reply.text
    assert int(reply.headers["retry-after"]) >= 1
    body = reply.json()
    assert body["error"] == "too-many" and words in body["message"], body


# -- creating tables ---------------------------------------------------------------------------


def test_creating_tables_is_limited_per_client_and_frees_up_with_time(clock: Clock) -> None:
    with app_client(clock, tables_per_minute=3, tables_per_client=100) as client:
        assert [solo(client).status_code, online(client).status_code, solo(client).status_code] == [
            201,
            201,
            201,
        ]
        reply = online(client)
        assert_429(reply, "3 tables a minute")
        assert_429(solo(client), "3 tables a minute")
        clock.now += int(reply.headers["retry-after"])
        assert solo(client).status_code == 201


ONE = {"X-Forwarded-For": "198.51.100.1"}
TWO = {"X-Forwarded-For": "198.51.100.2"}
"""Two clients behind the trusted proxy 127.0.0.1 (the test client's address)."""


def test_the_limit_counts_each_client_apart() -> None:
    with app_client(
        tables_per_minute=1, tables_per_client=100, trusted_proxies=("127.0.0.1",)
    ) as client:
        assert solo(client, **ONE).status_code == 201
        assert_429(solo(client, **ONE), "a minute")
        assert solo(client, **TWO).status_code == 201


def test_x_forwarded_for_is_read_only_from_a_trusted_proxy() -> None:
    # Not trusted (the default): the header is the client's own say, and ignored.
    with app_client(tables_per_minute=1, tables_per_client=100) as client:
        assert solo(client, **{"X-Forwarded-For": "203.0.113.1"}).status_code == 201
        assert_429(solo(client, **{"X-Forwarded-For": "203.0.113.2"}), "a minute")
    # A trusted proxy: each forwarded client has its own allowance.
    trusted: dict[str, Any] = {
        "tables_per_minute": 1,
        "tables_per_client": 100,
        "trusted_proxies": ("127.0.0.1",),
    }
    with app_client(**trusted) as client:
        assert solo(client, **{"X-Forwarded-For": "203.0.113.1"}).status_code == 201
        assert solo(client, **{"X-Forwarded-For": "203.0.113.2"}).status_code == 201
        # A client that writes its own X-Forwarded-For in front is still known by the
        # address the trusted proxy saw (the rightmost untrusted one).
        spoof = {"X-Forwarded-For": "198.51.100.7, 203.0.113.1"}
        assert_429(solo(client, **spoof), "a minute")


def test_client_address_reads_the_rightmost_address_no_trusted_proxy_added() -> None:
    trusted = Limits(trusted_proxies=("10.0.0.0/8", "::1")).trusted_networks()
    assert client_address("10.1.2.3", "1.1.1.1, 2.2.2.2, 10.0.0.9", trusted) == "2.2.2.2"
    assert client_address("192.0.2.5", "1.1.1.1", trusted) == "192.0.2.5"
    assert client_address("::1", None, trusted) == "::1"
    assert client_address("10.0.0.1", "junk, 2.2.2.2", trusted) == "2.2.2.2"
    assert client_address("10.0.0.1", "2.2.2.2, junk", trusted) == "10.0.0.1"
    assert client_address(None, None, trusted) == "unknown"


def test_live_tables_are_capped_per_client_and_server_wide() -> None:
    caps: dict[str, Any] = {
        "tables_per_client": 2,
        "max_tables": 3,
        "trusted_proxies": ("127.0.0.1",),
    }
    with app_client(tables_per_minute=100, **caps) as client:
        assert solo(client, **ONE).status_code == 201 and online(client, **ONE).status_code == 201
        assert_429(solo(client, **ONE), "2 live tables")
        assert online(client, **TWO).status_code == 201
        assert_429(online(client, **TWO), "3 live tables")


def test_opening_websockets_is_limited_per_client(clock: Clock) -> None:
    with app_client(clock, connects_per_minute=2) as client:
        path = online(client).json()["ws"]
        for _ in range(2):
            with client.websocket_connect(path) as ws:
                assert ws.receive_json()["type"] == "snapshot"
        with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(path):
            pass
        assert_429(denied.value, "2 connections a minute")
        clock.now += 60
        with client.websocket_connect(path) as ws:
            assert ws.receive_json()["type"] == "snapshot"


def test_rate_limiter_refills_and_forgets_idle_clients() -> None:
    clock = Clock()
    limiter = RateLimiter(2, 60.0, clock=clock, keep=3)
    assert limiter.take("a") is None and limiter.take("a") is None
    wait = limiter.take("a")
    assert wait is not None and 29 < wait <= 30
    clock.now += 30
    assert limiter.take("a") is None
    for key in "bcdef":
        limiter.take(key)
    clock.now += 120
    limiter.take("g")
    assert len(limiter) <= 3  # idle clients are forgotten: a flood of addresses is bounded


def test_limits_are_checked() -> None:
    with pytest.raises(ValueError, match="tables_per_minute"):
        Limits(tables_per_minute=0)
    with pytest.raises(ValueError, match="trusted proxy"):
        Limits(trusted_proxies=("not-an-address",))


# -- the tables list ---------------------------------------------------------------------------


def test_the_tables_list_is_paginated_with_a_small_default_page() -> None:
    with app_client(**ROOMY, max_tables=1000) as client:
        made = [online(client).json()["table_id"] for _ in range(25)]
        first = client.get("/api/tables").json()
        assert len(first["tables"]) == 20 and first["total"] == 25 and first["next_offset"] == 20
        assert [t["id"] for t in first["tables"]] == made[::-1][:20]  # newest first
        rest = client.get("/api/tables", params={"offset": 20}).json()
        assert [t["id"] for t in rest["tables"]] == made[::-1][20:] and rest["next_offset"] is None
        page = client.get("/api/tables", params={"limit": 2, "offset": 3}).json()
        assert [t["id"] for t in page["tables"]] == made[::-1][3:5]
        assert client.get("/api/tables", params={"limit": 1000}).status_code == 400
        assert client.get("/api/tables", params={"limit": 0}).status_code == 400


def test_the_tables_list_can_leave_out_solo_tables() -> None:
    with app_client(**ROOMY) as client:
        lobby = online(client).json()["table_id"]
        ticket = solo(client).json()
        listed = client.get("/api/tables", params={"solo": "false"}).json()
        assert [t["id"] for t in listed["tables"]] == [lobby] and listed["total"] == 1
        assert client.get("/api/tables").json()["total"] == 1  # a solo match is private
        with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
            version = ws.receive_json()["version"]
            ws.send_json({"type": "spectators", "version": version, "open": True})
            while (message := ws.receive_json())["type"] != "snapshot":
                pass
            assert message["table"]["watchable"] is True
        assert client.get("/api/tables").json()["total"] == 2
        assert client.get("/api/tables", params={"solo": "maybe"}).status_code == 400


# -- abandoned solo tables ---------------------------------------------------------------------


def test_an_abandoned_solo_table_expires_and_is_not_restored() -> None:
    clock = Clock()
    store = MemoryStore()
    svc = TableService(store, clock=clock, bot_delay=0, round_pause=0)
    left = svc.create_solo("Ada", "classic", ["hand_sizes=3,4"], ["easy"]).table_id
    kept = svc.create_solo("Bo", "classic", ["hand_sizes=3,4"], ["easy"]).table_id
    online = svc.create_table("Cy", "classic", [], 2).table_id
    svc.connect(kept, 0)
    clock.now += 599
    assert svc.expire_abandoned(600) == []
    clock.now += 1
    assert svc.expire_abandoned(600) == [left]  # never connected: counted from its creation
    assert {t.id for t in svc.tables()} == {kept, online}
    with pytest.raises(Exception, match="no table"):
        svc.table(left)
    row = store.get(left)
    assert row is not None and row.status == "abandoned"
    svc.disconnect(kept, 0)
    clock.now += 600
    assert svc.expire_abandoned(600) == [kept]  # counted from its player's last disconnect
    again = TableService(store, clock=clock, bot_delay=0, round_pause=0)
    assert again.restore() == [online]


def test_the_server_sweeps_abandoned_solo_tables(clock: Clock) -> None:
    with app_client(clock, solo_expiry=60, **ROOMY) as client:
        table_id = solo(client).json()["table_id"]
        clock.now += 60
        app: Any = client.app
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if client.get(f"/api/tables/{table_id}").status_code == 404:
                break
            app.state.sweep.set()  # the sweep's wake-up, for a test that cannot wait a minute
            time.sleep(0.02)
        assert client.get(f"/api/tables/{table_id}").status_code == 404


# -- bots think in a bounded pool --------------------------------------------------------------


class SlowBot:
    """Records how many of its kind choose at once."""

    name = "slow"
    busy = 0
    most = 0
    calls = 0
    lock = threading.Lock()

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def choose(self, view: Any) -> Any:
        with SlowBot.lock:
            SlowBot.busy += 1
            SlowBot.calls += 1
            SlowBot.most = max(SlowBot.most, SlowBot.busy)
        try:
            time.sleep(0.1)
            return self.inner.choose(view)
        finally:
            with SlowBot.lock:
                SlowBot.busy -= 1


def test_bots_think_in_a_bounded_pool() -> None:
    from threethirteen.server.driver import BotPool, Driver

    svc = TableService(MemoryStore(), bot_delay=0, round_pause=0)
    # Seven bots a table: at all but about one table in eight the bots move before Ada.
    ids = [svc.create_solo("Ada", "classic", [], ["easy"] * 7).table_id for _ in range(6)]
    for table_id in ids:
        table = svc.table(table_id)
        table.bots = {seat: SlowBot(bot) for seat, bot in table.bots.items()}
        svc.connect(table_id, 0)

    async def run() -> None:
        pool = BotPool(workers=2, processes=False)
        driver = Driver(svc, lambda _id: asyncio.sleep(0), pool=pool)
        for table_id in ids:
            driver.wake(table_id)
        # Until every table waits for Ada (a loaded machine is given time): six tables'
        # bots all want to think, and the pool lets two at a time.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(svc.pending(t) is not None for t in ids):
            await asyncio.sleep(0.05)
        await driver.stop()
        pool.close()

    SlowBot.most = SlowBot.calls = 0
    asyncio.run(run())
    assert all(svc.pending(t) is None for t in ids)
    assert SlowBot.most == 2  # six tables of bots, two thinking at a time
