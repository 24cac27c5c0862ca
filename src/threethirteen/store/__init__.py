"""Persistence of tables and matches behind a small interface, chosen by URL.

:class:`Store` is what the table service writes to and restores from;
:class:`MemoryStore` keeps everything in memory (tests, throwaway servers) and
:class:`~threethirteen.store.sql.SqlStore` (SQLAlchemy 2, Alembic migrations) keeps
it in SQLite or PostgreSQL. :func:`~threethirteen.store.url.open_store` picks one by URL.
"""

from __future__ import annotations

from threethirteen.store.base import (
    ActionRow,
    MemoryStore,
    SeatRow,
    Store,
    StoreError,
    TableRow,
)
from threethirteen.store.url import open_store

__all__ = ["ActionRow", "MemoryStore", "SeatRow", "Store", "StoreError", "TableRow", "open_store"]
