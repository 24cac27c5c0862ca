"""The storage interface: table rows and the append-only log of each table's actions.

A table's row holds what changes rarely (rules, seats, options, the secret seed,
the status, the state version, and the record once finished); its actions are
appended one by one, each with the version it produced, in one transaction with
the row's new version. Rebuilding a table is replaying its rules, seed and
actions through :class:`~threethirteen.games.three_thirteen.state.MatchState` (the table
service does it); the store only keeps what it is given.

>>> store = MemoryStore()
>>> row = TableRow(id="t1", status="playing", preset="classic", house=(), rules={}, seats=(),
...                turn_seconds=None, takeover_seconds=None, seed=7, version=1,
...                created_at="2026-01-01T00:00:00Z")
>>> store.save_table(row)
>>> store.append_action("t1", ActionRow(seq=1, seat=0, action="draw stock"), version=2)
>>> store.get("t1").version, [a.action for a in store.actions("t1")]
(2, ['draw stock'])
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from threethirteen.errors import ThreeThirteenError

__all__ = [
    "NEXT_ROUND",
    "ActionRow",
    "MemoryStore",
    "SeatRow",
    "Store",
    "StoreError",
    "TableRow",
]

NEXT_ROUND = "next-round"
"""The action text logged when a table deals its next round (seat ``-1``)."""


class StoreError(ThreeThirteenError):
    """A storage problem: an unknown URL scheme, a duplicate or missing row, a gap in a log."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as stored: ``kind`` is ``empty``, ``human`` or ``bot``.

    ``bot`` is the registry name of a bot seat; ``token_hash`` the SHA-256 (hex)
    of a human seat's secret token (the token itself is never stored); ``player`` the
    SHA-256 (hex) of the player key of the browser that took the seat, when it sent one
    (its matches and statistics are found by it); ``stand_in`` why the stand-in plays a
    person's seat during play (``away``, ``timer``, ``host``, ``vote``), so that a restart or
    another process goes on with it (absent from the JSON when None, as in older rows).
    """

    kind: str
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    player: str | None = None
    stand_in: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        if data["stand_in"] is None:
            del data["stand_in"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatRow:
        return cls(
            kind=str(data["kind"]),
            name=str(data.get("name", "")),
            bot=data.get("bot"),
            token_hash=data.get("token_hash"),
            player=data.get("player"),
            stand_in=data.get("stand_in"),
        )


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored. ``rules`` is :meth:`Rules.options` output; times are ISO 8601 UTC."""

    id: str
    status: str  # lobby | playing | finished
    preset: str
    house: tuple[str, ...]
    rules: dict[str, Any]
    seats: tuple[SeatRow, ...]
    turn_seconds: float | None
    takeover_seconds: float | None
    seed: int
    version: int
    created_at: str
    finished_at: str | None = None
    record: str | None = None  # the game's record JSON, once finished
    game: str = "three-thirteen"  # the registry name of the game the table plays
    solo: bool | None = None  # a solo match (None: a row from before 0002; inferred)
    watchable: bool = False  # a solo match its player opened to spectators


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action: its place in the table's log (1, 2, ...), its seat and notation.

    ``action`` is action notation (``draw stock``), or :data:`NEXT_ROUND` with seat -1.
    """

    seq: int
    seat: int
    action: str


class Store(Protocol):
    """What the table service needs from storage. Every method is atomic."""

    def save_table(self, row: TableRow) -> None:
        """Insert or replace a table's row."""

    def append_action(self, table_id: str, action: ActionRow, version: int) -> None:
        """Append one action and set the table's version, in one transaction.

        Raises :class:`StoreError` when ``action.seq`` is not the next in the log.
        """

    def get(self, table_id: str) -> TableRow | None:
        """The table's row, or None."""

    def actions(self, table_id: str) -> list[ActionRow]:
        """The table's actions in order."""

    def unfinished(self) -> list[TableRow]:
        """Tables in lobby or playing, oldest first: what a restart restores."""

    def finished(self, limit: int, offset: int, player: str | None = None) -> list[TableRow]:
        """Finished tables, newest first; with ``player`` (a seat's ``player`` hash) only
        those where a seat holds it."""

    def close(self) -> None:
        """Release connections."""


@dataclass
class MemoryStore:
    """A :class:`Store` in memory: for tests and servers that keep nothing."""

    _tables: dict[str, TableRow] = field(default_factory=dict)
    _actions: dict[str, list[ActionRow]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def save_table(self, row: TableRow) -> None:
        with self._lock:
            self._tables[row.id] = row
            self._actions.setdefault(row.id, [])

    def append_action(self, table_id: str, action: ActionRow, version: int) -> None:
        with self._lock:
            row = self._tables.get(table_id)
            if row is None:
                raise StoreError(f"no table {table_id!r} to append {action.action!r} to")
            log = self._actions[table_id]
            if action.seq != len(log) + 1:
                raise StoreError(
                    f"table {table_id!r}: action {action.seq} appended after {len(log)} actions"
                )
            log.append(action)
            self._tables[table_id] = dataclasses.replace(row, version=version)

    def get(self, table_id: str) -> TableRow | None:
        with self._lock:
            return self._tables.get(table_id)

    def actions(self, table_id: str) -> list[ActionRow]:
        with self._lock:
            return list(self._actions.get(table_id, ()))

    def unfinished(self) -> list[TableRow]:
        with self._lock:
            rows = [r for r in self._tables.values() if r.status != "finished"]
        return sorted(rows, key=lambda r: r.created_at)

    def finished(self, limit: int, offset: int, player: str | None = None) -> list[TableRow]:
        with self._lock:
            rows = [
                r
                for r in self._tables.values()
                if r.status == "finished"
                and (player is None or any(s.player == player for s in r.seats))
            ]
        rows.sort(key=lambda r: (r.finished_at or "", r.id), reverse=True)
        return rows[offset : offset + limit]

    def close(self) -> None:
        pass


def seats_to_json(seats: Sequence[SeatRow]) -> list[dict[str, Any]]:
    """The seats as JSON-ready data."""
    return [s.to_dict() for s in seats]
