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


@pytest.mark.parametrize(("given", "limit"), [([], DEFAULT_MAX_ENGINES), (["3"], 3), (["0"], None)])
def test_the_engine_limit_reaches_the_served_app(
    given: list[str], limit: int | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.append(app))
    flag = ["--max-engines", *given] if given else []
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", "0", *flag]) == 0
    assert [app.state.service.engine_slots.limit for app in served] == [limit]


@pytest.mark.parametrize(("given", "wait"), [([], SLOT_WAIT), (["2.5"], 2.5), (["600"], 600.0)])
def test_the_engine_wait_reaches_the_served_app(
    given: list[str], wait: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.append(app))
    flag = ["--engine-wait", *given] if given else []
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", "0", *flag]) == 0
    assert [app.state.service.engine_slots.wait for app in served] == [wait]
