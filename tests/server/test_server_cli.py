"""``threethirteen serve``: bad options are refused with exit status 2, quoting them."""

from __future__ import annotations

import pytest

from threethirteen.cli.main import build_parser, main


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
