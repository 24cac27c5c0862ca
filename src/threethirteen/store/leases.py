"""Which server process of a cluster holds which table: leases in the database.

Several ``threethirteen serve --cluster NAME`` processes share one database. A table in
play lives in the memory of one of them at a time, its *holder*: only the holder moves
it, so two processes never append to its log at once. The holder is written down as a
lease (table ``leases``), and every process says it is alive every second or so
(table ``servers``, :meth:`Leases.beat`). A lease is taken (:meth:`Leases.claim`) when
nobody holds the table, when the claimer already does, or when its holder has not been
seen since ``alive_since`` (killed, say): the claim is one atomic statement, so of two
processes claiming at once exactly one wins. A holder gives a table up with
:meth:`Leases.release`; a process that stops cleanly gives up all of them
(:meth:`Leases.leave`).

>>> leases = MemoryLeases()
>>> leases.beat("a", now=100.0); leases.beat("b", now=100.0)
>>> leases.claim("T1", "a", alive_since=95.0), leases.claim("T1", "b", alive_since=95.0)
('a', 'a')
>>> leases.beat("b", now=110.0)  # "a" says nothing more: after a while T1 is b's to take
>>> leases.claim("T1", "b", alive_since=105.0), leases.held("a"), leases.held("b")
('b', set(), {'T1'})
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol

from sqlalchemy import Engine, delete, select, text

from threethirteen.store.sql import leases as lease_rows
from threethirteen.store.sql import servers as server_rows

__all__ = ["Leases", "MemoryLeases", "SqlLeases"]


class Leases(Protocol):
    """The leases of a cluster's tables; every method is atomic."""

    def beat(self, server: str, now: float) -> None:
        """``server`` is alive at ``now`` (seconds since the epoch)."""

    def claim(self, table_id: str, server: str, alive_since: float) -> str | None:
        """Take the lease of ``table_id`` for ``server`` if nobody holds it, ``server``
        does, or its holder was last seen before ``alive_since``; returns the holder
        after the attempt (``server`` when it won; None only if the lease went
        between the attempt and the look)."""

    def release(self, table_id: str, server: str) -> bool:
        """Give up ``server``'s lease of ``table_id``; False when it held none."""

    def holder(self, table_id: str) -> str | None:
        """Who holds ``table_id`` (alive or not), or None."""

    def held(self, server: str) -> set[str]:
        """The tables ``server`` holds."""

    def leave(self, server: str) -> None:
        """``server`` stops: its leases and its row go, so others take its tables at once."""


@dataclass
class MemoryLeases:
    """:class:`Leases` in memory: for tests of several services in one process."""

    _seen: dict[str, float] = field(default_factory=dict)
    _leases: dict[str, str] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def beat(self, server: str, now: float) -> None:
        with self._lock:
            self._seen[server] = now

    def claim(self, table_id: str, server: str, alive_since: float) -> str | None:
        with self._lock:
            holder = self._leases.get(table_id)
            if holder is None or holder == server or self._seen.get(holder, -1.0) < alive_since:
                self._leases[table_id] = server
                return server
            return holder

    def release(self, table_id: str, server: str) -> bool:
        with self._lock:
            if self._leases.get(table_id) != server:
                return False
            del self._leases[table_id]
            return True

    def holder(self, table_id: str) -> str | None:
        with self._lock:
            return self._leases.get(table_id)

    def held(self, server: str) -> set[str]:
        with self._lock:
            return {t for t, s in self._leases.items() if s == server}

    def leave(self, server: str) -> None:
        with self._lock:
            self._seen.pop(server, None)
            for table_id in [t for t, s in self._leases.items() if s == server]:
                del self._leases[table_id]


# One statement, so that the database decides a race: of two claims at once, the second
# waits for the first's row and then sees its holder, who is alive. PostgreSQL and
# SQLite (3.35 and later) both take INSERT ... ON CONFLICT ... WHERE ... RETURNING.
_CLAIM = text(
    "INSERT INTO leases (table_id, server) VALUES (:table_id, :server) "
    "ON CONFLICT (table_id) DO UPDATE SET server = excluded.server "
    "WHERE leases.server = excluded.server OR NOT EXISTS ("
    "SELECT 1 FROM servers WHERE servers.name = leases.server "
    "AND servers.seen_at >= :alive_since) "
    "RETURNING server"
)
_BEAT = text(
    "INSERT INTO servers (name, seen_at) VALUES (:server, :now) "
    "ON CONFLICT (name) DO UPDATE SET seen_at = excluded.seen_at"
)


class SqlLeases:
    """:class:`Leases` in the store's database (an :class:`~threethirteen.store.sql.SqlStore`'s
    ``engine``; migration 0003 made the tables)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def beat(self, server: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(_BEAT, {"server": server, "now": now})

    def claim(self, table_id: str, server: str, alive_since: float) -> str | None:
        with self.engine.begin() as conn:
            won = conn.execute(
                _CLAIM, {"table_id": table_id, "server": server, "alive_since": alive_since}
            ).first()
        return server if won is not None else self.holder(table_id)

    def release(self, table_id: str, server: str) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(
                delete(lease_rows).where(
                    lease_rows.c.table_id == table_id, lease_rows.c.server == server
                )
            )
        return bool(gone.rowcount)

    def holder(self, table_id: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                select(lease_rows.c.server).where(lease_rows.c.table_id == table_id)
            ).first()
        return None if found is None else str(found[0])

    def held(self, server: str) -> set[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(lease_rows.c.table_id).where(lease_rows.c.server == server)
            ).all()
        return {str(r[0]) for r in rows}

    def leave(self, server: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(lease_rows).where(lease_rows.c.server == server))
            conn.execute(delete(server_rows).where(server_rows.c.name == server))
