"""A cluster's processes, two in one test: leases, hand-overs, a holder that dies, a lost lease.

Each "process" is a table service with its driver and :class:`Holding`, on one shared
store, one set of leases and one bus (in memory; the real processes on PostgreSQL are
tests/server/test_server_cluster_processes.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from threethirteen.server.cluster import Cluster, LocalBus, check_name
from threethirteen.server.driver import BotPool, Driver
from threethirteen.server.holding import Holding
from threethirteen.server.protocol import ProtocolError
from threethirteen.server.service import TableService
from threethirteen.store import MemoryStore, Store
from threethirteen.store.leases import Leases, MemoryLeases, SqlLeases
from threethirteen.store.sql import SqlStore


class Process:
    """One server process of the test's cluster."""

    def __init__(
        self, name: str, store: Store, leases: Leases, bus: LocalBus, dead_after: float
    ) -> None:
        self.service = TableService(store, bot_delay=0, round_pause=0)
        self.pool = BotPool(1)
        self.notified: list[str] = []
        self.closed: list[str] = []

        async def notify(table_id: str) -> None:
            self.notified.append(table_id)

        self.driver = Driver(self.service, notify, pool=self.pool)
        self.cluster = Cluster(name, leases, bus, beat_every=0.05, dead_after=dead_after)
        self.holding = Holding(self.service, self.driver, self.cluster, self.closed.append)

    async def stop(self) -> None:
        await self.driver.stop()
        self.pool.close()


@pytest.fixture(params=["memory", "sqlite"])
def leases(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Leases]:
    if request.param == "memory":
        yield MemoryLeases()
        return
    store = SqlStore(f"sqlite:///{tmp_path / 'leases.db'}")
    yield SqlLeases(store.engine)
    store.close()


def test_a_lease_goes_to_one_process_and_lapses_with_its_holder(leases: Leases) -> None:
    leases.beat("a", 100.0)
    leases.beat("b", 100.0)
    assert leases.claim("T", "a", alive_since=95.0) == "a"
    assert leases.claim("T", "b", alive_since=95.0) == "a"  # a is alive: it keeps T
    assert leases.claim("T", "a", alive_since=95.0) == "a"  # claiming again is fine
    assert leases.holder("T") == "a" and leases.held("a") == {"T"}
    leases.beat("b", 110.0)
    assert leases.claim("T", "b", alive_since=105.0) == "b"  # a was last seen at 100
    assert leases.held("a") == set() and leases.held("b") == {"T"}
    assert not leases.release("T", "a")  # not a's to give
    assert leases.release("T", "b") and leases.holder("T") is None
    leases.claim("U", "b", alive_since=0.0)
    leases.leave("b")
    assert leases.holder("U") is None
    assert leases.claim("U", "a", alive_since=105.0) == "a"


def test_a_process_name_is_checked() -> None:
    assert check_name("web-2") == "web-2"
    for bad in ("", "a b", "x" * 65, "é"):
        with pytest.raises(ValueError, match="cluster process name"):
            check_name(bad)


@contextlib.asynccontextmanager
async def two(
    dead_after: float = 2.0, *, started: str = "ab"
) -> AsyncIterator[tuple[Process, Process]]:
    """Processes a and b on one store, leases and bus; those named in ``started`` are
    started; all stopped on the way out."""
    store, leases, bus = MemoryStore(), MemoryLeases(), LocalBus()
    a = Process("a", store, leases, bus, dead_after)
    b = Process("b", store, leases, bus.joined(), dead_after)
    for p in (a, b):
        if p.cluster.name in started:
            await p.cluster.start()
    try:
        yield a, b
    finally:
        for p in (a, b):
            if p.cluster.name in started:
                await p.cluster.stop()
            await p.stop()


async def until(done: Callable[[], bool], seconds: float = 2.0) -> bool:
    """Wait until ``done()`` (or ``seconds`` pass); its last answer."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return done()


def solo(p: Process) -> str:
    """A solo table made by ``p`` (its player at seat 0, who has not moved)."""
    ticket = p.service.create_solo("Ada", "classic", [], ["easy"], bot_speed="fast")
    p.holding.made(ticket.table_id)
    return ticket.table_id


def view(p: Process, table_id: str) -> dict[str, Any]:
    """What seat 0 is shown of the table, less the clock."""
    shown = p.service.snapshot(table_id, 0, "test")
    shown.pop("server_time")
    return shown


def test_a_table_is_handed_over_whole_when_another_process_is_asked_for_it() -> None:
    async def run() -> None:
        async with two() as (a, b):
            table_id = solo(a)
            a.driver.wake(table_id)
            # The bots move, if they are first; then it is the player's turn.
            assert await until(lambda: a.service.pending(table_id) is None)
            seen = view(a, table_id)
            await b.holding.hold(table_id)
            # b holds it now, as a left it; a let it go and closed its connections.
            assert b.service.holds_table(table_id) and not a.service.holds_table(table_id)
            assert a.closed == [table_id]
            assert a.cluster.leases.holder(table_id) == "b"
            assert view(b, table_id) == seen
            assert b.service._speeds.get(table_id) == "fast"  # handed over on the bus
            with pytest.raises(ProtocolError, match="no table"):
                a.service.table(table_id)
            # And back: a is asked again, b gives it up.
            await a.holding.hold(table_id)
            assert a.service.holds_table(table_id) and not b.service.holds_table(table_id)
            assert view(a, table_id) == seen

    asyncio.run(run())


def test_a_holder_that_dies_loses_its_tables_once_it_is_not_seen() -> None:
    async def run() -> None:
        async with two(dead_after=0.4) as (a, b):
            table_id = solo(a)
            version = a.service.table(table_id).version
            # a is killed: no more heartbeats, no answers on the bus.
            assert a.cluster._beat_task is not None
            a.cluster._beat_task.cancel()
            a.cluster.bus.close()
            started = time.monotonic()
            await b.holding.hold(table_id)
            waited = time.monotonic() - started
            assert b.service.table(table_id).version == version
            assert 0.2 < waited < 3.0, waited  # until a's last sign of life was 0.4 s old

    asyncio.run(run())


def test_a_process_that_lost_a_lease_lets_the_table_go() -> None:
    async def run() -> None:
        async with two(started="a") as (a, _b):
            table_id = solo(a)
            # Its lease taken while a looked dead (a long pause): a must stop moving it.
            a.cluster.leases.release(table_id, "a")
            a.cluster.leases.claim(table_id, "b", alive_since=0.0)
            assert await until(lambda: not a.service.holds_table(table_id))
            assert a.closed == [table_id]

    asyncio.run(run())


def test_a_finished_or_unknown_table_is_not_taken() -> None:
    async def run() -> None:
        async with two() as (a, b):
            await b.holding.hold("nope")  # not in the store: the caller's look says so
            with pytest.raises(ProtocolError, match="no table 'nope'"):
                b.service.table("nope")
            assert a.cluster.leases.holder("nope") is None

    asyncio.run(run())


def test_a_table_nobody_hands_over_is_answered_as_moving() -> None:
    async def run() -> None:
        async with two(dead_after=30.0) as (a, b):
            table_id = solo(a)
            a.cluster.bus.close()  # alive (its heartbeat goes on), but deaf
            assert await b.cluster.take(table_id, wait=0.3) is None
            assert a.service.holds_table(table_id)
            assert a.cluster.leases.holder(table_id) == "a"

    asyncio.run(run())


def test_the_lease_of_a_table_no_longer_in_play_here_is_given_back() -> None:
    async def run() -> None:
        async with two(started="a") as (a, _b):
            table_id = solo(a)
            assert a.cluster.leases.holder(table_id) == "a"
            a.service.drop(table_id)  # as when it is abandoned
            assert await until(lambda: a.cluster.leases.holder(table_id) is None)

    asyncio.run(run())
