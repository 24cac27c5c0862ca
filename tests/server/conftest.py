"""Fixtures for tests that run ``threethirteen serve`` as a real process."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from threethirteen.server.launch import ROOMY_LIMITS, free_port, serve_command, start, stop
from threethirteen.store import MemoryStore, Store
from threethirteen.store.sql import SqlStore


class Served:
    """A running server: its process and its port."""

    def __init__(self, proc: subprocess.Popen[bytes], port: int) -> None:
        self.proc = proc
        self.port = port
        self.http = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"


POSTGRES_ENV = "THREETHIRTEEN_TEST_DB"
"""Set to a PostgreSQL URL (``scripts/ci-postgres.sh`` does) to run the database tests there."""


def reset_database(url: str) -> None:
    """Drop this project's tables from ``url``: every test starts on an empty schema."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        for name in ("actions", "tables", "leases", "servers", "alembic_version"):
            conn.execute(text(f"DROP TABLE IF EXISTS {name}"))
    engine.dispose()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh database: a SQLite file, or the PostgreSQL database of ``$THREETHIRTEEN_TEST_DB``."""
    url = os.environ.get(POSTGRES_ENV)
    if url:
        reset_database(url)
        return url
    return f"sqlite:///{tmp_path / 'tt.db'}"


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """``serve(db_url)`` starts a server on a free port; every one started is killed at the end.

    ``serve(db_url, bot_delay=0.05)`` gives it a pause before each bot move (default none);
    ``engines=["NAME=COMMAND"]`` lets its players seat those programs.
    """
    started: list[subprocess.Popen[bytes]] = []

    def start_one(db: str, bot_delay: float = 0.0, engines: Sequence[str] = ()) -> Served:
        port = free_port()
        command = serve_command(port, db, bot_delay=bot_delay, engines=engines, extra=ROOMY_LIMITS)
        proc = start(command, port, tmp_path / "server.log")
        started.append(proc)
        return Served(proc, port)

    yield start_one
    for proc in started:
        stop(proc)


KINDS = ["memory", "sqlite-file"] + (["postgres"] if os.environ.get(POSTGRES_ENV) else [])


@pytest.fixture(params=KINDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """Each store the contract tests run on: memory, a SQLite file, and PostgreSQL if set."""
    made: Store
    if request.param == "memory":
        made = MemoryStore()
    elif request.param == "postgres":
        url = os.environ[POSTGRES_ENV]
        reset_database(url)
        made = SqlStore(url)
    else:
        made = SqlStore(f"sqlite:///{tmp_path / 'tt.db'}")
    yield made
    made.close()
