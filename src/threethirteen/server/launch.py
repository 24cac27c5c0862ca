"""Starting ``threethirteen serve`` as a child process: for tests and benchmarks.

The browser tests, the server's process tests and ``benchmarks/server_bench.py``
all run the real server the way a host does, on a free local port, and wait
until it answers before they talk to it. Standard library only, so it works
without the server's extra installed in the caller's process (the child needs it).

>>> serve_command(8123, "sqlite:///t.db", bot_delay=0.05)[-9:]
['serve', '--port', '8123', '--db', 'sqlite:///t.db', '--bot-delay', '0.05', '--round-pause', '0']
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

__all__ = [
    "ROOMY_LIMITS",
    "ServerStartError",
    "free_port",
    "serve_command",
    "served",
    "start",
    "stop",
]

ROOMY_LIMITS = (
    "--tables-per-minute",
    "100000",
    "--connects-per-minute",
    "1000000",
    "--tables-per-client",
    "100000",
    "--max-tables",
    "100000",
)
"""``threethirteen serve`` flags that lift the per-client limits: for the tests and
benchmarks whose one client (127.0.0.1) plays hundreds of tables."""


class ServerStartError(RuntimeError):
    """The server exited, or did not answer in time; the message quotes its log."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve_command(
    port: int,
    db: str,
    *,
    bot_delay: float = 0.0,
    round_pause: float = 0.0,
    engines: Sequence[str] = (),
    max_engines: int | None = None,
    engine_wait: float | None = None,
    extra: Sequence[str] = (),
) -> list[str]:
    """The command line of ``threethirteen serve`` on ``port`` with the database URL ``db``,
    an ``--engine`` for each ``NAME=COMMAND`` of ``engines``, and ``--max-engines`` and
    ``--engine-wait`` when given (else the server's defaults), then the flags ``extra``
    (:data:`ROOMY_LIMITS`, say).

    The installed ``threethirteen`` script beside this interpreter when there is
    one (as a host runs it), else ``python -m threethirteen``.
    """
    script = Path(sys.executable).with_name("threethirteen")
    head = [str(script)] if script.exists() else [sys.executable, "-m", "threethirteen"]
    return [
        *head,
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        f"{bot_delay:g}",
        "--round-pause",
        f"{round_pause:g}",
        *[word for engine in engines for word in ("--engine", engine)],
        *(["--max-engines", str(max_engines)] if max_engines is not None else []),
        *(["--engine-wait", f"{engine_wait:g}"] if engine_wait is not None else []),
        *extra,
    ]


def start(
    command: Sequence[str], port: int, log: Path, *, timeout: float = 30.0, cwd: Path | None = None
) -> subprocess.Popen[bytes]:
    """Run ``command`` (its output appended to ``log``) until ``/api/options`` answers.

    Raises :class:`ServerStartError`, quoting the log, when the process exits
    first or does not answer within ``timeout`` seconds (it is killed then).
    """
    with log.open("ab") as out:
        proc = subprocess.Popen(
            list(command),
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},  # the log is read on failure
        )
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}/api/options"
    while True:
        if proc.poll() is not None:
            raise ServerStartError(
                f"the server exited with {proc.returncode}:\n{log.read_text(errors='replace')}"
            )
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as response:
            if response.status == 200:
                return proc
        if time.monotonic() > deadline:
            stop(proc)
            raise ServerStartError(
                f"the server did not answer within {timeout:g} s:\n"
                f"{log.read_text(errors='replace')}"
            )
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    """Ask the server to stop, kill it after ``grace`` seconds, and reap it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def served(
    command: Sequence[str], port: int, log: Path, *, timeout: float = 30.0, cwd: Path | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """The server running (see :func:`start`), stopped and reaped on the way out."""
    proc = start(command, port, log, timeout=timeout, cwd=cwd)
    try:
        yield proc
    finally:
        stop(proc)
