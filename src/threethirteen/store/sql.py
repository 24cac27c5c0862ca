"""The SQLAlchemy 2 store: SQLite by default, PostgreSQL by URL; schema by Alembic.

Two tables (``migrations/versions/``: 0001 made them, 0002 added ``tables.game``):
``tables``, one row a table, and ``actions``, the append-only log, keyed by ``(table_id, seq)`` so a
duplicate or out-of-order append fails in the database too. Two more (0003), ``servers``
and ``leases``, say which process of a cluster holds which table
(:mod:`~threethirteen.store.leases`). Opening a store upgrades its schema to the latest
migration.

>>> store = SqlStore("sqlite://")  # in memory
>>> store.unfinished()
[]
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    false,
    insert,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

from threethirteen.store.base import ActionRow, SeatRow, StoreError, TableRow

__all__ = ["MIGRATIONS", "SqlStore", "leases", "metadata", "servers", "upgrade"]

log = logging.getLogger(__name__)

ACTION_LENGTH = 160
"""The longest action text stored (migration 0002): far above any game's longest move."""

MIGRATIONS = Path(__file__).with_name("migrations")
"""The Alembic script folder, shipped inside the package."""

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("status", String(16), nullable=False, index=True),
    Column("preset", String(64), nullable=False),
    Column("house", Text, nullable=False),
    Column("rules", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("turn_seconds", Float, nullable=True),
    Column("takeover_seconds", Float, nullable=True),
    Column("seed", BigInteger, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("finished_at", String(32), nullable=True, index=True),
    Column("record", Text, nullable=True),
    Column("game", String(32), nullable=False, server_default="three-thirteen"),
    Column("solo", Boolean, nullable=True),
    Column("watchable", Boolean, nullable=False, server_default=false()),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(ACTION_LENGTH), nullable=False),
)

servers = Table(
    "servers",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("seen_at", Float, nullable=False),
)
"""The server processes of a cluster and when each was last alive (migration 0003)."""

leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("server", String(64), nullable=False, index=True),
)
"""Which server process holds which table (migration 0003, :mod:`threethirteen.store.leases`)."""


def upgrade(engine: Engine) -> None:
    """Bring the database's schema to the latest migration (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: readers do not block the writer; synchronous=NORMAL is still safe against
    # a killed process (the OS keeps what was written), which is what restarts need.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    # No checkpoint inside a commit: it copies the log into the database and syncs the
    # disk, stalling the committing (event loop) thread for up to tens of milliseconds
    # every thousand pages. The store's checkpointer thread does it instead.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


class _Checkpointer:
    """Checkpoints a SQLite file's write-ahead log from a thread of its own.

    Every ``every`` seconds, if anything was written since the last time, a PASSIVE
    checkpoint (it waits for no reader or writer) copies the log into the database,
    so the log stays small while no commit ever pays for it. Durability does not
    depend on it: a committed transaction is in the log, which SQLite replays when
    the file is opened again (after a kill -9, say).
    """

    def __init__(self, engine: Engine, every: float = 1.0) -> None:
        self.engine = engine
        self.every = every
        self.dirty = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            if self.dirty:
                self.dirty = False
                self.checkpoint("PASSIVE")

    def checkpoint(self, mode: str) -> None:
        try:
            with self.engine.connect() as conn:
                conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")
        except SQLAlchemyError as exc:  # the next one will try again
            log.warning("SQLite checkpoint failed: %s", exc)

    def close(self) -> None:
        """Stop the thread. The store's last connection to close checkpoints the rest."""
        self._stop.set()
        self._thread.join()


class SqlStore:
    """A :class:`~threethirteen.store.base.Store` in a SQL database, by SQLAlchemy URL."""

    def __init__(self, url: str) -> None:
        """Open (and migrate) the database; raises :class:`StoreError` quoting a bad URL."""
        self.url = url
        self._checkpointer: _Checkpointer | None = None
        try:
            self._open(url)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open database {url!r}: {exc}") from exc

    def _open(self, url: str) -> None:
        if url.startswith("sqlite"):
            in_memory = url in ("sqlite://", "sqlite:///:memory:")
            self.engine = create_engine(
                url,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if in_memory else None,
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
            if not in_memory:
                self._checkpointer = _Checkpointer(self.engine)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        upgrade(self.engine)
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self._append_sql = (
            f"UPDATE tables SET version = {mark} WHERE id = {mark}",
            "INSERT INTO actions (table_id, seq, seat, action) "
            f"SELECT {mark}, {mark}, {mark}, {mark} "
            f"WHERE (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = {mark}) = {mark}",
            f"SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = {mark}",
        )

    def save_table(self, row: TableRow) -> None:
        values = _row_values(row)
        with self.engine.begin() as conn:
            found = conn.execute(select(tables.c.id).where(tables.c.id == row.id)).first()
            if found is None:
                conn.execute(insert(tables).values(**values))
            else:
                conn.execute(update(tables).where(tables.c.id == row.id).values(**values))
        if self._checkpointer is not None:
            self._checkpointer.dirty = True

    def append_action(self, table_id: str, action: ActionRow, version: int) -> None:
        """One transaction of two statements, straight on the driver's connection.

        The table's new version, then the action, inserted only if its ``seq`` is
        the next of the log (the ``(table_id, seq)`` key refuses a duplicate too).
        This is the one write a move makes, so it skips SQLAlchemy's statement
        building: plain SQL on a pooled DBAPI connection, committed before return.
        """
        update_sql, insert_sql, last_sql = self._append_sql
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                cursor.execute(update_sql, (version, table_id))
                if cursor.rowcount != 1:
                    raise StoreError(f"no table {table_id!r} to append {action.action!r} to")
                cursor.execute(
                    insert_sql,
                    (table_id, action.seq, action.seat, action.action, table_id, action.seq - 1),
                )
                if cursor.rowcount != 1:
                    cursor.execute(last_sql, (table_id,))
                    found = cursor.fetchone()
                    last = found[0] if found is not None else 0
                    raise StoreError(
                        f"table {table_id!r}: action {action.seq} appended after {last}"
                    )
            finally:
                cursor.close()
            raw.commit()
            if self._checkpointer is not None:
                self._checkpointer.dirty = True
        except BaseException as exc:
            with contextlib.suppress(Exception):
                raw.rollback()
            if isinstance(exc, self.engine.dialect.loaded_dbapi.IntegrityError):
                raise StoreError(
                    f"table {table_id!r}: action {action.seq} not appended: {exc}"
                ) from exc
            raise
        finally:
            raw.close()  # back to the pool

    def get(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        return None if found is None else _to_row(found)

    def actions(self, table_id: str) -> list[ActionRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.seq, actions.c.seat, actions.c.action)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.seq)
            ).all()
        return [ActionRow(seq=r.seq, seat=r.seat, action=r.action) for r in rows]

    def unfinished(self) -> list[TableRow]:
        with self.engine.connect() as conn:
            rows = (
                conn.execute(
                    select(tables)
                    .where(tables.c.status != "finished")
                    .order_by(tables.c.created_at, tables.c.id)
                )
                .mappings()
                .all()
            )
        return [_to_row(r) for r in rows]

    def finished(self, limit: int, offset: int, player: str | None = None) -> list[TableRow]:
        query = select(tables).where(tables.c.status == "finished")
        if player is not None:
            # The seats column is JSON text; a player hash is 64 hex digits, found whole.
            query = query.where(tables.c.seats.contains(f'"player": "{_hex(player)}"'))
        with self.engine.connect() as conn:
            rows = (
                conn.execute(
                    query.order_by(tables.c.finished_at.desc(), tables.c.id.desc())
                    .limit(limit)
                    .offset(offset)
                )
                .mappings()
                .all()
            )
        return [_to_row(r) for r in rows]

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None
        self.engine.dispose()


def _hex(text: str) -> str:
    """``text`` when it is lowercase hex (a hash), else ``StoreError``: it goes into a pattern."""
    if not text or any(c not in "0123456789abcdef" for c in text):
        raise StoreError(f"a player hash is lowercase hex, got {text[:20]!r}")
    return text


def _row_values(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "status": row.status,
        "preset": row.preset,
        "house": json.dumps(list(row.house)),
        "rules": json.dumps(row.rules),
        "seats": json.dumps([s.to_dict() for s in row.seats]),
        "turn_seconds": row.turn_seconds,
        "takeover_seconds": row.takeover_seconds,
        "seed": row.seed,
        "version": row.version,
        "created_at": row.created_at,
        "finished_at": row.finished_at,
        "record": row.record,
        "game": row.game,
        "solo": row.solo,
        "watchable": row.watchable,
    }


def _to_row(data: Any) -> TableRow:
    return TableRow(
        id=data["id"],
        status=data["status"],
        preset=data["preset"],
        house=tuple(json.loads(data["house"])),
        rules=json.loads(data["rules"]),
        seats=tuple(SeatRow.from_dict(s) for s in json.loads(data["seats"])),
        turn_seconds=data["turn_seconds"],
        takeover_seconds=data["takeover_seconds"],
        seed=int(data["seed"]),
        version=int(data["version"]),
        created_at=data["created_at"],
        finished_at=data["finished_at"],
        record=data["record"],
        game=data["game"],
        solo=None if data["solo"] is None else bool(data["solo"]),
        watchable=bool(data["watchable"]),
    )
