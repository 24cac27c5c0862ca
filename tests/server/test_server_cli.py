"""``threethirteen serve``: bad options are refused with exit status 2, quoting them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from threethirteen.cli.main import build_parser, main
from threethirteen.server.engines import DEFAULT_MAX_ENGINES, SLOT_WAIT


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["serve", "--db", "foo://x"], "'foo://x'"),
        (["serve", "--port", "70000"], "70000"),
        (["serve", "--bot-delay", "-1"], "-1"),
        (["serve", "--db", "sqlite:////no/such/folder/x.db"], "'sqlite:////no/such/folder/x.db'"),
        (["serve", "--engine", "python3 bot.py"], "'python3 bot.py'"),
        (["serve", "--engine", "medium=./bot"], "'medium'"),
        (["serve", "--engine", "a=./one", "--engine", "A=./two"], "'a' given twice"),
        (["serve", "--max-engines", "-1"], "--max-engines must be 0 (no limit) or more, got -1"),
        (["serve", "--engine-wait", "0"], "--engine-wait must be more than 0 and at most 600"),
        (["serve", "--engine-wait", "-2.5"], "got -2.5"),
        (["serve", "--engine-wait", "nan"], "got nan"),
        (["serve", "--engine-wait", "601"], "got 601.0"),
        (["serve", "--cluster", "web 1"], "--cluster: a cluster process name is 1 to 64"),
        (["serve", "--cluster", "w1", "--db", "sqlite:///x.db"], "needs PostgreSQL"),
        (["serve", "--cluster", "w1", "--db", "memory://"], "'memory://'"),
    ],
)
def test_bad_options_exit_2_quoting_them(
    argv: list[str], quoted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("threethirteen: error: ") and quoted in err


def test_serve_is_a_command_with_its_defaults() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, "sqlite:///threethirteen.db")
    assert args.max_engines == DEFAULT_MAX_ENGINES and args.engine_wait == SLOT_WAIT


@pytest.mark.parametrize(
    ("flags", "limit", "wait"),
    [
        ([], DEFAULT_MAX_ENGINES, SLOT_WAIT),
        (["--max-engines", "3"], 3, SLOT_WAIT),
        (["--max-engines", "0"], None, SLOT_WAIT),
        (["--engine-wait", "2.5"], DEFAULT_MAX_ENGINES, 2.5),
        (["--max-engines", "1", "--engine-wait", "600"], 1, 600.0),
    ],
)
def test_the_engine_cap_options_reach_the_served_app(
    flags: list[str],
    limit: int | None,
    wait: float,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import uvicorn

    served: list[Any] = []

    def run(server: uvicorn.Server, sockets: list[Any]) -> None:
        served.append(server.config.app)
        server.started = True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", "0", *flags]) == 0
    assert [
        (app.state.service.engine_slots.limit, app.state.service.engine_slots.wait)
        for app in served
    ] == [(limit, wait)]


def test_the_flood_limits_reach_the_served_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    from threethirteen.server.limits import Limits

    served: list[tuple[Any, uvicorn.Config]] = []

    def run(server: uvicorn.Server, sockets: list[Any]) -> None:
        served.append((server.config.app, server.config))
        server.started = True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    flags = [
        "--tables-per-minute", "4", "--connects-per-minute", "30", "--tables-per-client", "2",
        "--max-tables", "50", "--solo-expiry", "120", "--trusted-proxy", "10.0.0.0/8",
        "--trusted-proxy", "::1", "--bot-workers", "3", "--bot-threads",
    ]  # fmt: skip
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", "0", *flags]) == 0
    [(app, options)] = served
    assert app.state.limits == Limits(
        tables_per_minute=4,
        connects_per_minute=30,
        tables_per_client=2,
        max_tables=50,
        solo_expiry=120.0,
        trusted_proxies=("10.0.0.0/8", "::1"),
        bot_workers=3,
        bot_processes=False,
    )
    # uvicorn's own X-Forwarded-For reading (which trusts 127.0.0.1) is off: ours decides.
    assert options.proxy_headers is False
    args = build_parser().parse_args(["serve"])
    assert (args.trusted_proxy, args.bot_threads) == ([], False)  # no proxy trusted


def test_bad_limits_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--trusted-proxy", "example.org"]) == 2
    assert "'example.org'" in capsys.readouterr().err
    assert main(["serve", "--max-tables", "0"]) == 2
    assert "max_tables" in capsys.readouterr().err
