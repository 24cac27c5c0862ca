"""Starting ``threethirteen serve`` as a child process: for tests and benchmarks.

The browser tests, the server's process tests and ``benchmarks/server_bench.py``
all run the real server the way a host does, on a free local port, and wait
until it answers before they talk to it. Standard library only, so it works
without the server's extra installed in the caller's process (the child needs it).

>>> serve_command(8123, "sqlite:///t.db", bot_delay=0.05)[-9:]
['serve', '--port', '8123', '--db', 'sqlite:///t.db', '--bot-delay', '0.05', '--round-pause', '0']

Several server processes on one database (cluster mode) sit behind nginx, which sends
every request for one table to one process: :func:`nginx_config` writes its
configuration and :func:`proxied` runs it (Debian's ``nginx`` package, which
``scripts/install-tools.sh`` installs), on a folder of its own, never ``/etc/nginx``.
"""

from __future__ import annotations

import contextlib
import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

__all__ = [
    "ROOMY_LIMITS",
    "ServerStartError",
    "free_port",
    "nginx_command",
    "nginx_config",
    "proxied",
    "serve_command",
    "served",
    "start",
    "start_nginx",
    "stop",
    "stop_nginx",
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
    _wait_until_up(proc, port, log, timeout, "the server", stop)
    return proc


def _wait_until_up(
    proc: subprocess.Popen[bytes],
    port: int,
    log: Path,
    timeout: float,
    what: str,
    stopper: Callable[[subprocess.Popen[bytes]], None],
) -> None:
    """Return once ``/api/options`` on ``port`` answers 200; else stop ``proc`` with
    ``stopper`` if it still runs and raise :class:`ServerStartError` quoting ``log``."""
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}/api/options"
    while True:
        if proc.poll() is not None:
            raise ServerStartError(
                f"{what} exited with {proc.returncode}:\n{log.read_text(errors='replace')}"
            )
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as response:
            if response.status == 200:
                return
        if time.monotonic() > deadline:
            stopper(proc)
            raise ServerStartError(
                f"{what} did not answer within {timeout:g} s:\n{log.read_text(errors='replace')}"
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


# -- nginx in front of several processes -------------------------------------------------------

TABLE_PATH = r"^/(?:ws/tables|api/tables|t)/([A-Za-z0-9_-]+)(?:/|$)"
"""The paths that name a table (``/ws/tables/ID``, ``/api/tables/ID...``, ``/t/ID``): the
proxy sends each to the process its first group (the table id) hashes to."""

NGINX = "/usr/sbin/nginx"
"""Where Debian's package puts nginx, which is not on every user's ``PATH``."""


def _quoted(path: Path) -> str:
    text = str(path)
    if any(c in text for c in '"\\$;{}') or not path.is_absolute():
        raise ValueError(f"nginx needs a plain absolute folder, not {text!r}")
    return f'"{text}"'


def nginx_config(
    port: int,
    upstreams: Sequence[int],
    folder: Path,
    *,
    as_caller: bool = True,
    host: str = "127.0.0.1",
) -> str:
    """A complete nginx.conf: nginx on 127.0.0.1:``port`` in front of the server processes on
    127.0.0.1:``upstreams``, its pid and temporary files in ``folder`` (absolute), its
    errors on its stderr, no access log, nothing read from ``/etc/nginx``.

    Every request naming a table (:data:`TABLE_PATH`) goes to the process its id hashes
    to (a consistent hash, so a process that goes away moves only its own tables); any
    other request goes to a process picked at random (``$request_id``). A process that
    refuses connections, times out or answers 502 or 503 is skipped (the next one on the
    ring gets the request) and left out for 5 s. Websockets are passed through and may be
    idle for an hour; ``X-Forwarded-For`` names the client (run the processes with
    ``--trusted-proxy 127.0.0.1``); a request body is at most 64 KiB. ``as_caller``: run
    as root, nginx's workers run as the caller too (tests and benchmarks, whose folders
    are private), else as nginx's default user (a host's proxy). ``host``: the address
    nginx listens on (``0.0.0.0``: every interface).

    >>> conf = nginx_config(8080, [8101, 8102], Path("/tmp/tt-nginx"))
    >>> "listen 127.0.0.1:8080;" in conf and "hash $tt_table consistent;" in conf
    True
    >>> [line.strip() for line in conf.splitlines() if line.strip().startswith("server 127")]
    ['server 127.0.0.1:8101 max_fails=1 fail_timeout=5s;', \
'server 127.0.0.1:8102 max_fails=1 fail_timeout=5s;']
    >>> print(conf[conf.index("map $uri"):].split("}")[0].strip())
    map $uri $tt_table {
            "~^/(?:ws/tables|api/tables|t)/([A-Za-z0-9_-]+)(?:/|$)" $1;
            default $request_id;
    >>> "/etc/nginx" in conf or "include" in conf
    False
    >>> nginx_config(8080, [], Path("/tmp/tt-nginx"))
    Traceback (most recent call last):
    ...
    ValueError: nginx needs at least one upstream port
    """
    if not upstreams:
        raise ValueError("nginx needs at least one upstream port")
    if not host or any(c.isspace() or c in ";{}\"'$#" for c in host):
        raise ValueError(f"nginx needs a plain address to listen on, not {host[:40]!r}")
    where = _quoted(folder)[1:-1]
    # As root the master hands its workers to an unprivileged user ("nobody"), who could
    # not reach temporary files in a private folder (pytest's, mktemp's); keep them ours.
    user = ""
    if as_caller and os.geteuid() == 0:
        names = pwd.getpwuid(os.geteuid()).pw_name, grp.getgrgid(os.getegid()).gr_name
        user = f"user {names[0]} {names[1]};\n"
    servers = "".join(
        f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in upstreams
    )
    temp = "".join(
        f'    {kind}_temp_path "{where}/temp/{kind}";\n'
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""# Written by threethirteen.server.launch.nginx_config; run with
#   nginx -e stderr -p {where} -c {where}/nginx.conf
daemon off;
master_process on;
worker_processes 1;
{user}pid "{where}/nginx.pid";
error_log stderr warn;
# Each websocket holds two connections (the client's and the process's).
worker_rlimit_nofile 20000;

events {{
    worker_connections 8192;
}}

http {{
    access_log off;
{temp}
    map $uri $tt_table {{
        "~{TABLE_PATH}" $1;
        default $request_id;
    }}

    map $http_upgrade $connection_upgrade {{
        default upgrade;
        "" close;
    }}

    upstream threethirteen {{
        hash $tt_table consistent;
{servers}    }}

    server {{
        listen {host}:{port};
        client_max_body_size 64k;

        location / {{
            proxy_pass http://threethirteen;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_connect_timeout 5s;
            proxy_read_timeout 3600s;
            proxy_send_timeout 3600s;
            # A POST that reached a process is not sent again (nginx's default for
            # non-idempotent requests), so a table is never created twice.
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
}}
"""


def nginx_command(folder: Path) -> list[str]:
    """The command line that runs nginx in the foreground on ``folder``/nginx.conf.

    Raises :class:`ServerStartError` when there is no nginx (on ``PATH`` or in /usr/sbin).
    """
    binary = shutil.which("nginx") or NGINX
    if not os.access(binary, os.X_OK):
        raise ServerStartError(
            "nginx is not installed: run scripts/install-tools.sh (apt-get install nginx)"
        )
    # -e: the errors nginx logs before it has read the config go to stderr too, not to the
    # compiled-in /var/log/nginx/error.log (which may not be writable).
    return [binary, "-e", "stderr", "-p", str(folder), "-c", str(folder / "nginx.conf")]


def start_nginx(
    port: int, upstreams: Sequence[int], folder: Path, *, timeout: float = 30.0
) -> subprocess.Popen[bytes]:
    """Write :func:`nginx_config` to ``folder``/nginx.conf and run nginx on it (its output
    appended to ``folder``/nginx.log) until ``/api/options`` answers through it, which
    needs a process of ``upstreams`` running.

    Raises :class:`ServerStartError`, quoting nginx's log, when nginx is missing, exits
    first or no answer comes within ``timeout`` seconds (it is stopped then).
    """
    folder = folder.absolute()
    (folder / "temp").mkdir(parents=True, exist_ok=True)
    (folder / "nginx.conf").write_text(nginx_config(port, upstreams, folder))
    command = nginx_command(folder)
    log = folder / "nginx.log"
    with log.open("ab") as out:
        # A session of its own: if the master must be killed, its worker goes with it.
        proc = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, cwd=folder, start_new_session=True
        )
    _wait_until_up(proc, port, log, timeout, "nginx", stop_nginx)
    return proc


def stop_nginx(proc: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    """Stop nginx (TERM: the master closes every connection and stops its worker), kill its
    process group after ``grace`` seconds, and reap it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            pass
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # the master's group: its worker too
    proc.wait()


@contextlib.contextmanager
def proxied(
    port: int, upstreams: Sequence[int], folder: Path, *, timeout: float = 30.0
) -> Iterator[subprocess.Popen[bytes]]:
    """nginx on 127.0.0.1:``port`` in front of ``upstreams`` (see :func:`start_nginx`),
    stopped on the way out."""
    proc = start_nginx(port, upstreams, folder, timeout=timeout)
    try:
        yield proc
    finally:
        stop_nginx(proc)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m threethirteen.server.launch nginx --port P --upstream Q [--upstream R ...]
    --folder DIR``: print :func:`nginx_config` (a host's proxy for ``serve --cluster``
    processes, ``docs/server.md``). Exit status 2, saying why, for bad arguments."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m threethirteen.server.launch",
        description="print the nginx config for server processes started with --cluster",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    nginx = commands.add_parser("nginx", help="print nginx.conf")
    nginx.add_argument("--port", type=int, required=True, help="the port players connect to")
    nginx.add_argument(
        "--upstream", type=int, action="append", required=True, help="a process's port"
    )
    nginx.add_argument("--folder", type=Path, required=True, help="nginx's folder (absolute)")
    nginx.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default %(default)s)"
    )
    args = parser.parse_args(argv)
    try:
        conf = nginx_config(args.port, args.upstream, args.folder, as_caller=False, host=args.host)
        print(conf, end="")
    except ValueError as exc:
        parser.error(str(exc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
