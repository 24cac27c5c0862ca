"""Several server processes on one PostgreSQL database: who holds a table, and handing it over.

``threethirteen serve --cluster NAME`` runs one process of a cluster. A proxy in front
(nginx, ``docs/server.md``) sends every request that names a table (``/ws/tables/ID``,
``/api/tables/ID...``, ``/t/ID``) to one process, chosen by a hash of the id; the rest
go to any process. A table in play lives in the memory of one process at a time, its
holder, written down as a lease in the database (:mod:`threethirteen.store.leases`).

A process that gets a request for a table it does not hold takes it
(:meth:`Cluster.take`): it claims the lease, and when another live process holds it,
asks that one through PostgreSQL's LISTEN/NOTIFY (:class:`PostgresBus`) to give it up.
The holder drops the table from memory, closes its connections (they come back
through the proxy) and releases the lease; the taker then rebuilds the table from the
store, where every acknowledged action already is. A holder that was killed says
nothing: its leases are anyone's once it has not been seen for ``dead_after`` seconds
(it says it is alive every ``beat_every`` seconds). A table is handed over when it was
made by another process than the one its id hashes to, and when a process is added,
stops or dies. A holder that was only paused that long (not dead) finds at its next beat
that its lease is gone and drops the table; a move it took meanwhile cannot reach the
log after the new holder's, as the store appends an action only as the next of its log.

Messages on the bus are JSON objects: ``{"op": "want", "table": ID, "by": NAME}`` (give
it to me) and ``{"op": "free", "table": ID, "by": NAME, "to": NAME, "speed": ...}`` (it
is yours; ``speed`` is the solo table's bot speed, kept in memory only).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from threethirteen.store.leases import Leases

__all__ = ["CHANNEL", "Bus", "Cluster", "LocalBus", "PostgresBus", "check_name"]

log = logging.getLogger(__name__)

CHANNEL = "threethirteen_tables"
"""The PostgreSQL channel the processes of a cluster talk on."""

NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def check_name(name: str) -> str:
    """A process's name: 1 to 64 letters, digits, ``_``, ``.``, ``-``; else ``ValueError``
    quoting it.

    >>> check_name("web-1")
    'web-1'
    >>> check_name("a b")
    Traceback (most recent call last):
    ...
    ValueError: a cluster process name is 1 to 64 letters, digits, _ . or -, got 'a b'
    """
    if not 1 <= len(name) <= 64 or not set(name) <= NAME_CHARS:
        raise ValueError(
            f"a cluster process name is 1 to 64 letters, digits, _ . or -, got {name[:64]!r}"
        )
    return name


class Bus(Protocol):
    """Messages to every process of the cluster, the sender too."""

    def start(self, receive: Callable[[dict[str, Any]], None]) -> None:
        """Deliver every message from now on to ``receive`` (called from any thread)."""

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every process (blocking: call it from a thread)."""

    def close(self) -> None:
        """Stop listening."""


class LocalBus:
    """A :class:`Bus` between services of one process (tests): ``LocalBus.pair()``."""

    def __init__(self, members: list[LocalBus] | None = None) -> None:
        self.members = members if members is not None else []
        self.members.append(self)
        self.receive: Callable[[dict[str, Any]], None] | None = None

    def joined(self) -> LocalBus:
        """Another end of the same bus."""
        return LocalBus(self.members)

    def start(self, receive: Callable[[dict[str, Any]], None]) -> None:
        self.receive = receive

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)  # what goes over a real bus: nothing shared
        for member in list(self.members):
            if member.receive is not None:
                member.receive(json.loads(text))

    def close(self) -> None:
        self.receive = None


class PostgresBus:
    """A :class:`Bus` over PostgreSQL's LISTEN/NOTIFY on :data:`CHANNEL`.

    ``url`` is the store's SQLAlchemy URL (``postgresql+psycopg://...``). One
    connection listens in a thread of its own; another sends (``pg_notify``).
    A notification is delivered to every listener, the sender too, after the
    sending transaction commits (here: at once, in autocommit).
    """

    def __init__(self, url: str) -> None:
        from sqlalchemy.engine import make_url

        parsed = make_url(url)
        if parsed.get_backend_name() != "postgresql":
            raise ValueError(f"a cluster needs PostgreSQL, got the database {url[:60]!r}")
        self.conninfo = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._send_lock = threading.Lock()
        self._sender: Any = None

    def start(self, receive: Callable[[dict[str, Any]], None]) -> None:
        import psycopg

        listener = psycopg.connect(self.conninfo, autocommit=True)
        listener.execute(f"LISTEN {CHANNEL}")

        def run() -> None:
            try:
                while not self._stop.is_set():
                    # A short timeout, so that close() is heard within half a second.
                    for note in listener.notifies(timeout=0.5):
                        try:
                            receive(json.loads(note.payload))
                        except Exception:  # one bad message must not stop the listening
                            log.exception("cluster message %r", note.payload[:100])
            except Exception:
                if not self._stop.is_set():
                    log.exception("the cluster's listener stopped")
            finally:
                listener.close()

        self._thread = threading.Thread(target=run, name="cluster-listen", daemon=True)
        self._thread.start()

    def send(self, message: dict[str, Any]) -> None:
        import psycopg

        with self._send_lock:
            if self._sender is None or self._sender.closed:
                self._sender = psycopg.connect(self.conninfo, autocommit=True)
            self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, json.dumps(message)))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        with self._send_lock:
            if self._sender is not None:
                self._sender.close()


class Cluster:
    """This process's part in a cluster: its ``name``, the ``leases`` and the ``bus``.

    The web app sets :attr:`give_up`: called (in the event loop) with a table id when
    another process wants that table or this process lost its lease; it drops the table
    from memory, if held, and returns what the taker should know (the bot speed).

    ``beat_every``: seconds between this process's signs of life; ``dead_after``: a
    process not seen for this long has lost its leases; ``clock``: the time (seconds
    since the epoch, the same on every process: they share a machine or NTP).
    """

    def __init__(
        self,
        name: str,
        leases: Leases,
        bus: Bus,
        *,
        beat_every: float = 1.0,
        dead_after: float = 5.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.name = check_name(name)
        self.leases = leases
        self.bus = bus
        self.beat_every = beat_every
        self.dead_after = dead_after
        self.clock = clock
        self.give_up: Callable[[str], Awaitable[dict[str, Any]]] | None = None
        self.held: Callable[[], set[str]] = set
        self._loop: asyncio.AbstractEventLoop | None = None
        self._freed: dict[str, asyncio.Event] = {}
        self._handed: dict[str, dict[str, Any]] = {}
        self._taking: dict[str, asyncio.Task[bool]] = {}
        self._beat_task: asyncio.Task[None] | None = None
        self._claimed: dict[str, float] = {}  # table -> when this process claimed it

    # -- life ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Say this process is alive, listen on the bus, and keep saying it."""
        self._loop = asyncio.get_running_loop()
        await asyncio.to_thread(self.leases.beat, self.name, self.clock())
        self.bus.start(self._receive)
        self._beat_task = self._loop.create_task(self._beat())

    async def stop(self) -> None:
        """Stop cleanly: every lease goes at once (the others need not wait for it to lapse)."""
        if self._beat_task is not None:
            self._beat_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat_task
        await asyncio.to_thread(self.leases.leave, self.name)
        await asyncio.to_thread(self.bus.close)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.beat_every)
            # What is held in memory is read before the leases: a table made or taken
            # meanwhile has its lease by then (a claim comes before the table is held).
            before = self.held()
            try:
                await asyncio.to_thread(self.leases.beat, self.name, self.clock())
                mine = await asyncio.to_thread(self.leases.held, self.name)
            except Exception:  # the database away for a moment: try again next beat
                log.exception("cluster %s: no heartbeat", self.name)
                continue
            # A table held in memory whose lease another process took (this one looked
            # dead, a long pause, say): it is that one's now, so this one lets it go.
            for table_id in before - mine:
                log.warning("cluster %s: lost table %s to another process", self.name, table_id)
                if self.give_up is not None:
                    await self.give_up(table_id)
            # A lease of a table no longer held in play here (finished, abandoned) goes, but
            # not one claimed a moment ago: its table may be on its way into memory.
            recent = time.monotonic() - 2 * self.beat_every
            done = {t for t in mine - self.held() if self._claimed.get(t, 0.0) < recent}
            for table_id in done:
                self._claimed.pop(table_id, None)
                await asyncio.to_thread(self.leases.release, table_id, self.name)

    # -- tables -------------------------------------------------------------------------

    @property
    def _patience(self) -> float:
        """How long a take waits: long enough for a dead holder's lease to lapse."""
        return self.dead_after + 2

    def claim_new(self, table_id: str) -> None:
        """A table this process just made: its lease is this process's. Blocking, and
        called in the event loop right after the table is made, on purpose: no heartbeat
        may see the table held before its lease is written (it would give it up)."""
        self._claimed[table_id] = time.monotonic()
        self.leases.claim(table_id, self.name, self.clock())

    async def take(self, table_id: str, wait: float | None = None) -> dict[str, Any] | None:
        """Make ``table_id`` this process's: what its last holder handed over (``{}`` when
        nobody held it), or None when it could not be had within ``wait`` seconds (default
        ``dead_after`` and 2 more: long enough for a dead holder's lease to lapse)."""
        task = self._taking.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._take(table_id))
            self._taking[table_id] = task
            task.add_done_callback(lambda _done: self._taking.pop(table_id, None))
        try:
            won = await asyncio.wait_for(asyncio.shield(task), wait or self._patience)
        except TimeoutError:
            return None
        if not won:
            return None
        return self._handed.pop(table_id, {})

    async def _take(self, table_id: str) -> bool:
        freed = self._freed.setdefault(table_id, asyncio.Event())
        asked = False
        deadline = time.monotonic() + self._patience
        try:
            while True:
                # Cleared before the claim, so that an answer that comes during it counts.
                freed.clear()
                alive_since = self.clock() - self.dead_after
                self._claimed[table_id] = time.monotonic()  # before: see _beat
                holder = await asyncio.to_thread(
                    self.leases.claim, table_id, self.name, alive_since
                )
                if holder == self.name:
                    return True
                if time.monotonic() > deadline:
                    return False
                if holder is not None and not asked:
                    message = {"op": "want", "table": table_id, "by": self.name}
                    await asyncio.to_thread(self.bus.send, message)
                    asked = True
                # Claimed again after the holder's answer, or every half second: a
                # holder that was killed never answers, and its lease lapses instead.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(freed.wait(), 0.5)
        finally:
            self._freed.pop(table_id, None)

    async def give(self, table_id: str, to: str, handed: dict[str, Any]) -> None:
        """Release this process's lease of ``table_id`` and tell ``to`` it may take it."""
        self._claimed.pop(table_id, None)
        await asyncio.to_thread(self.leases.release, table_id, self.name)
        message = {"op": "free", "table": table_id, "by": self.name, "to": to, **handed}
        await asyncio.to_thread(self.bus.send, message)

    # -- the bus ------------------------------------------------------------------------

    def _receive(self, message: dict[str, Any]) -> None:
        """A message (in the bus's thread): handled in the event loop."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._handle, message)

    def _handle(self, message: dict[str, Any]) -> None:
        op, table_id = message.get("op"), message.get("table")
        if not isinstance(table_id, str) or message.get("by") == self.name:
            return
        if op == "want" and isinstance(message.get("by"), str):
            asyncio.get_running_loop().create_task(self._hand_over(table_id, message["by"]))
        elif op == "free" and message.get("to") == self.name:
            event = self._freed.get(table_id)
            if event is not None:  # a take is waiting (else it gave up, or never asked)
                self._handed[table_id] = {k: v for k, v in message.items() if k == "speed"}
                event.set()

    async def _hand_over(self, table_id: str, to: str) -> None:
        holder = await asyncio.to_thread(self.leases.holder, table_id)
        if holder != self.name:
            return  # another process holds it, or nobody: the asker's claim settles it
        handed: dict[str, Any] = {}
        if self.give_up is not None:
            handed = await self.give_up(table_id)
        await self.give(table_id, to, handed)
        log.info("cluster %s: table %s handed to %s", self.name, table_id, to)
