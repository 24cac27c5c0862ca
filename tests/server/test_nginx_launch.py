"""nginx in front of ``threethirteen serve`` (``threethirteen.server.launch.proxied``): what
a cluster of processes sits behind.

nginx comes from Debian (``scripts/install-tools.sh``). Without it these tests are skipped
on a developer's machine but FAIL when ``CI=true``, so CI cannot pass without them.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from threethirteen.server.launch import (
    NGINX,
    ROOMY_LIMITS,
    free_port,
    proxied,
    serve_command,
    served,
    stop,
)

PROXIED = [*ROOMY_LIMITS, "--trusted-proxy", "127.0.0.1"]


@pytest.fixture(autouse=True)
def nginx_installed() -> None:
    if shutil.which("nginx") or os.access(NGINX, os.X_OK):
        return
    reason = "nginx is not installed (run scripts/install-tools.sh)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the nginx tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


def test_a_solo_table_through_the_proxy(tmp_path: Path, db_url: str) -> None:
    port, proxy = free_port(), free_port()
    command = serve_command(port, db_url, extra=PROXIED)
    with (
        served(command, port, tmp_path / "server.log"),
        proxied(proxy, [port], tmp_path / "nginx"),
        httpx.Client(base_url=f"http://127.0.0.1:{proxy}", timeout=10) as http,
    ):
        assert http.get("/api/options").status_code == 200
        made = http.post("/api/solo", json={"name": "Ada", "opponents": 1})
        assert made.status_code == 201, made.text
        ticket = made.json()
        table = http.get(f"/api/tables/{ticket['table_id']}")
        assert table.status_code == 200 and table.json()["id"] == ticket["table_id"]
        with connect(f"ws://127.0.0.1:{proxy}{ticket['ws']}?token={ticket['token']}") as ws:
            first = json.loads(ws.recv(timeout=20))
        assert first["type"] == "snapshot" and first["you"]["seat"] == 0
    assert not list((tmp_path / "nginx").glob("*.pid"))  # nginx stopped and cleaned up


def test_a_table_id_picks_one_process_and_a_dead_one_is_skipped(tmp_path: Path) -> None:
    # Two processes that share nothing: a table made on the first one is found through the
    # proxy only when its id routes there, so the answers show the routing.
    ports, proxy = [free_port(), free_port()], free_port()
    with contextlib.ExitStack() as stack:
        procs = [
            stack.enter_context(
                served(
                    serve_command(p, f"sqlite:///{tmp_path / f'{p}.db'}", extra=PROXIED),
                    p,
                    tmp_path / f"server-{p}.log",
                )
            )
            for p in ports
        ]
        stack.enter_context(proxied(proxy, ports, tmp_path / "nginx"))
        direct = stack.enter_context(httpx.Client(base_url=f"http://127.0.0.1:{ports[0]}"))
        http = stack.enter_context(httpx.Client(base_url=f"http://127.0.0.1:{proxy}", timeout=10))
        tickets = [
            direct.post("/api/tables", json={"name": f"host{n}", "seats": 2}).json()
            for n in range(24)
        ]
        found: dict[str, int] = {}
        for ticket in tickets:
            statuses = {http.get(f"/api/tables/{ticket['table_id']}").status_code for _ in range(3)}
            assert len(statuses) == 1 and statuses <= {200, 404}, statuses  # always one process
            found[ticket["table_id"]] = statuses.pop()
        assert set(found.values()) == {200, 404}, found  # the tables spread over both
        here = next(t for t in tickets if found[t["table_id"]] == 200)
        with connect(f"ws://127.0.0.1:{proxy}{here['ws']}?token={here['token']}") as ws:
            assert json.loads(ws.recv(timeout=20))["type"] == "snapshot"  # the same process

        stop(procs[1])
        for ticket in tickets:  # the second one's tables now reach the first one
            assert http.get(f"/api/tables/{ticket['table_id']}").status_code == 200
        assert all(http.get("/api/options").status_code == 200 for _ in range(10))


def test_a_host_prints_the_config_of_its_proxy(capsys: pytest.CaptureFixture[str]) -> None:
    from threethirteen.server.launch import main

    assert (
        main(
            [
                "nginx",
                "--port",
                "8000",
                "--upstream",
                "8001",
                "--upstream",
                "8002",
                "--folder",
                "/srv/tt-nginx",
            ]
        )
        == 0
    )
    conf = capsys.readouterr().out
    assert "listen 127.0.0.1:8000;" in conf and "server 127.0.0.1:8002 " in conf
    assert "\nuser " not in conf  # nginx's own unprivileged user, even when printed as root
    with pytest.raises(SystemExit) as exit_:
        main(["nginx", "--port", "8000", "--upstream", "8001", "--folder", "relative"])
    assert exit_.value.code == 2
    assert "'relative'" in capsys.readouterr().err
