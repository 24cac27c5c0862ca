"""Choosing a store by URL: :func:`open_store`.

Apart from :mod:`.base` (the interface and the memory store) because it imports
:mod:`.sql` (SQLAlchemy, only when a database URL asks for it), which imports
:mod:`.base`: kept in ``base``, the two modules would import each other.

>>> open_store("memory://")  # doctest: +ELLIPSIS
MemoryStore(...)
"""

from __future__ import annotations

from threethirteen.store.base import MemoryStore, Store, StoreError

__all__ = ["open_store"]


def open_store(url: str) -> Store:
    """The store for ``url``: ``memory://``, or a SQLAlchemy URL (``sqlite:///file.db``,
    ``postgresql+psycopg://...``), migrated to the latest schema.

    Raises :class:`~threethirteen.store.base.StoreError` quoting a URL that is neither.
    """
    if url.strip() == "memory://":
        return MemoryStore()
    if not url.startswith(("sqlite", "postgresql", "postgres")):
        raise StoreError(
            f"unknown database URL {url!r}: expected sqlite:///FILE, postgresql+psycopg://... "
            "or memory://"
        )
    from threethirteen.store.sql import SqlStore  # SQLAlchemy only when asked for

    return SqlStore(url)
