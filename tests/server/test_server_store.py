"""Both stores against one contract: rows, append-only logs, ordering, migrations."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import create_engine, inspect

from threethirteen.store import (
    ActionRow,
    MemoryStore,
    SeatRow,
    Store,
    StoreError,
    TableRow,
    open_store,
)
from threethirteen.store.sql import SqlStore


def row(table_id: str, status: str = "playing", **changes: object) -> TableRow:
    base = TableRow(
        id=table_id,
        status=status,
        preset="bga",
        house=("lay-off",),
        rules={"name": "bga", "lay_off": True},
        seats=(SeatRow("human", "Ada", None, "ab" * 32), SeatRow("bot", "easy", "simple")),
        turn_seconds=30.0,
        takeover_seconds=None,
        seed=2**62 + 12345,  # a 63-bit seed survives the round trip
        version=1,
        created_at=f"2026-11-30T10:00:0{table_id[-1]}Z",
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_rows_round_trip(store: Store) -> None:
    store.save_table(row("t1"))
    assert store.get("t1") == row("t1")
    store.save_table(row("t1", version=5, status="lobby"))
    assert store.get("t1") == row("t1", version=5, status="lobby")
    assert store.get("nope") is None


def test_actions_append_in_order_with_the_version(store: Store) -> None:
    store.save_table(row("t1"))
    store.append_action("t1", ActionRow(1, 0, "draw stock"), version=2)
    store.append_action("t1", ActionRow(2, 0, "discard 7H"), version=3)
    store.append_action("t1", ActionRow(3, -1, "next-round"), version=4)
    assert store.actions("t1") == [
        ActionRow(1, 0, "draw stock"),
        ActionRow(2, 0, "discard 7H"),
        ActionRow(3, -1, "next-round"),
    ]
    found = store.get("t1")
    assert found is not None and found.version == 4


@pytest.mark.parametrize("seq", [1, 3])
def test_a_gap_or_a_duplicate_in_the_log_is_refused(store: Store, seq: int) -> None:
    store.save_table(row("t1"))
    store.append_action("t1", ActionRow(1, 0, "draw stock"), version=2)
    with pytest.raises(StoreError, match="'t1'"):
        store.append_action("t1", ActionRow(seq, 0, "discard 7H"), version=3)
    assert len(store.actions("t1")) == 1
    found = store.get("t1")
    assert found is not None and found.version == 2


def test_appending_to_a_missing_table_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="'ghost'"):
        store.append_action("ghost", ActionRow(1, 0, "draw stock"), version=2)


def test_unfinished_oldest_first_and_history_newest_first(store: Store) -> None:
    store.save_table(row("t2"))
    store.save_table(row("t1", status="lobby"))
    store.save_table(row("t3", status="finished", finished_at="2026-11-30T11:00:00Z", record="{}"))
    store.save_table(row("t4", status="finished", finished_at="2026-11-30T12:00:00Z", record="{}"))
    assert [r.id for r in store.unfinished()] == ["t1", "t2"]
    assert [r.id for r in store.finished(10, 0)] == ["t4", "t3"]
    assert [r.id for r in store.finished(1, 1)] == ["t3"]


def test_database_survives_reopening_and_migrations_are_idempotent(db_url: str) -> None:
    url = db_url
    first = SqlStore(url)
    first.save_table(row("t1"))
    first.append_action("t1", ActionRow(1, 0, "draw stock"), version=2)
    first.close()
    second = open_store(url)
    assert second.actions("t1") == [ActionRow(1, 0, "draw stock")]
    second.close()
    names = set(inspect(create_engine(url)).get_table_names())
    assert {"tables", "actions", "alembic_version"} <= names


@pytest.mark.parametrize("url", ["mysql://x", "redis://y", ""])
def test_unknown_urls_are_refused_quoting_them(url: str) -> None:
    with pytest.raises(StoreError) as excinfo:
        open_store(url)
    assert repr(url) in str(excinfo.value)


def test_memory_url() -> None:
    assert isinstance(open_store("memory://"), MemoryStore)


def test_the_migrations_build_the_schema_the_code_uses(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from threethirteen.store.sql import metadata

    store = SqlStore(db_url)
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    store.close()


def test_a_table_of_another_game_and_a_long_action_round_trip(store: Store) -> None:
    """Rows name their game; a move of 45 cards' worth of notation (Rummy's longest run is
    13 cards) is kept whole: PostgreSQL refused more than 32 characters before 0002."""
    store.save_table(row("t1", game="rummy", preset="cardgames"))
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    longest = "meld " + " ".join(f"{r}H" for r in ranks)
    store.append_action("t1", ActionRow(1, 0, longest), version=2)
    assert store.actions("t1") == [ActionRow(1, 0, longest)]
    found = store.get("t1")
    assert found is not None and found.game == "rummy" and found.version == 2


def test_migration_0002_keeps_every_table_and_action_of_0001(db_url: str) -> None:
    """A database made by the first schema, with a table and its log, upgrades to the
    newest: the rows are all there and the table is Three-Thirteen's."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from threethirteen.store.sql import MIGRATIONS

    engine = create_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, status, preset, house, rules, seats, turn_seconds, "
                "takeover_seconds, seed, version, created_at) VALUES ('old', 'playing', "
                "'classic', '[]', '{\"name\": \"classic\"}', '[]', NULL, NULL, 7, 3, "
                "'2026-12-01T10:00:00Z')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO actions (table_id, seq, seat, action) "
                "VALUES ('old', 1, 0, 'draw stock')"
            )
        )
    engine.dispose()
    store = SqlStore(db_url)  # upgrades to head
    found = store.get("old")
    assert found is not None and found.game == "three-thirteen" and found.version == 3
    assert store.actions("old") == [ActionRow(1, 0, "draw stock")]
    store.close()
