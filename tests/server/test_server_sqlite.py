"""The SQLite store checkpoints its write-ahead log in a thread, never inside a commit."""

from __future__ import annotations

import time
from pathlib import Path

from threethirteen.store import ActionRow, TableRow
from threethirteen.store.sql import SqlStore


def row(table_id: str) -> TableRow:
    return TableRow(
        id=table_id,
        status="playing",
        preset="classic",
        house=(),
        rules={},
        seats=(),
        turn_seconds=None,
        takeover_seconds=None,
        seed=7,
        version=1,
        created_at="2026-11-30T00:00:00Z",
    )


def test_commits_never_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "tt.db"
    store = SqlStore(f"sqlite:///{path}")
    try:
        checkpointer = store._checkpointer
        assert checkpointer is not None
        checkpointer.close()  # no thread: only the commits could checkpoint now
        raw = store.engine.raw_connection()
        try:
            cursor = raw.cursor()
            assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert cursor.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
            assert cursor.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
            page = cursor.execute("PRAGMA page_size").fetchone()[0]
        finally:
            raw.close()
        store.save_table(row("t1"))
        for seq in range(1, 1501):
            store.append_action("t1", ActionRow(seq, seq % 4, "draw stock"), version=seq + 1)
        # SQLite's automatic checkpoint would have copied the log back at 1,000 pages and
        # started it again from the top; here it only grew.
        wal = path.with_name(path.name + "-wal")
        assert wal.stat().st_size > 1100 * page
    finally:
        store.close()
    again = SqlStore(f"sqlite:///{path}")  # and nothing written is lost
    try:
        assert [a.seq for a in again.actions("t1")] == list(range(1, 1501))
        assert (got := again.get("t1")) is not None and got.version == 1501
    finally:
        again.close()


def test_the_checkpointer_thread_checkpoints_what_was_written(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'tt.db'}")
    try:
        checkpointer = store._checkpointer
        assert checkpointer is not None
        checkpointer.every = 0.02
        done: list[str] = []
        original = checkpointer.checkpoint

        def counted(mode: str) -> None:
            original(mode)
            done.append(mode)

        checkpointer.checkpoint = counted  # type: ignore[method-assign]
        time.sleep(0.1)
        assert done == []  # nothing written, nothing to do
        store.save_table(row("t1"))
        store.append_action("t1", ActionRow(1, 0, "draw stock"), version=2)
        deadline = time.monotonic() + 10
        while not done and time.monotonic() < deadline:
            time.sleep(0.01)
        assert done[:1] == ["PASSIVE"]
    finally:
        store.close()
    assert not checkpointer._thread.is_alive()
