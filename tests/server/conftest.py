"""Fixtures for tests that run ``threethirteen serve`` as a real process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from threethirteen.store import MemoryStore, Store
from threethirteen.store.sql import SqlStore


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: str, port: int, log: Path, bot_delay: float = 0.0) -> subprocess.Popen[bytes]:
    """Start the server on the database URL ``db``; wait until it answers (at most 30 s)."""
    out = log.open("ab")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "threethirteen",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            str(bot_delay),
            "--round-pause",
            "0",
        ],
        stdout=out,
        stderr=subprocess.STDOUT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode}: {log.read_text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the server did not start: {log.read_text()}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=10)


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
        for name in ("actions", "tables", "alembic_version"):
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

    ``serve(db_url, bot_delay=0.05)`` gives it a pause before each bot move (default none).
    """
    started: list[subprocess.Popen[bytes]] = []

    def start(db: str, bot_delay: float = 0.0) -> Served:
        port = free_port()
        proc = start_server(db, port, tmp_path / "server.log", bot_delay)
        started.append(proc)
        return Served(proc, port)

    yield start
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
