"""What a newcomer meets first: the README's set-up, ``--help``, the terminal game's
messages, ``serve``'s start-up, option errors, Ctrl-C, and the docs' examples."""

from __future__ import annotations

import json
import os
import re
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from command_line import COMMAND, cli
from threethirteen.cli.play import interpret
from threethirteen.errors import NotationError, RulesError
from threethirteen.rules import get_rules
from threethirteen.state import MatchState

ROOT = Path(__file__).resolve().parent.parent


def _play(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "120", "PYTHONIOENCODING": "utf-8"},
    )


# -- the terminal game speaks the player's language --------------------------------------------


def test_refused_moves_are_told_in_the_screens_cards_not_the_engines() -> None:
    # Seed 2, two players: seat 0 moves first holding QS 2H 8C; it draws, then tries to
    # discard a card it does not hold, and to draw again.
    done = _play("--players", "2", "--seed", "2", stdin="s\nx 7H\ns\nq\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "You have no 7♥" in out
    assert "You have drawn already" in out
    for engine_words in ("seat 0", "(hand:", "7H (", "holds no"):
        assert engine_words not in out


def test_you_deal_first_not_you_deals() -> None:
    assert MatchState.new(get_rules("classic"), 2, 0).dealer == 0
    done = _play("--players", "2", "--seed", "0", stdin="q\n")
    assert done.returncode == 0, done.stderr
    assert "You deal first." in done.stdout
    assert "You deals" not in done.stdout


def test_one_player_is_singular() -> None:
    with pytest.raises(RulesError) as refused:
        get_rules("classic").check_players(1)
    assert "1 player cannot play 'classic'" in str(refused.value)
    assert "players cannot" not in str(refused.value)


def test_bare_discard_after_drawing_asks_which_card() -> None:
    state = MatchState.new(get_rules("classic").with_options(first_dealer="first-seat"), 2, 1)
    state.apply(interpret("s", state.view(state.current), ()))  # type: ignore[arg-type]
    view = state.view(state.current)
    for word in ("discard", "x"):
        with pytest.raises(NotationError, match="which card"):
            interpret(word, view, view.hand)


# -- serve announces only a port it holds --------------------------------------------------------


def test_serve_on_a_taken_port_fails_clearly_without_announcing() -> None:
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = cli("serve", "--port", str(port), "--db", "memory://")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "serving on" not in done.stdout
    assert f"port {port} is in use" in done.stderr
    assert "Traceback" not in done.stderr


# -- which commands take --rules and --house, as the README says ---------------------------------


def test_the_readme_names_exactly_the_commands_that_take_rules() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"`--rules` and `--house` work with (.*?)\.", readme, re.S)
    assert found, "the README says which commands take --rules and --house"
    named = set(re.findall(r"`(\w+)`", found.group(1)))
    commands = ("play", "solve", "legal", "tournament", "replay", "engine", "compare", "merge")
    taking = set()
    for command in (*commands, "serve"):
        text = cli(command, "--help").stdout
        if "--rules" in text and "--house" in text:
            taking.add(command)
    assert named == taking
    assert "engine" in taking


def test_engine_takes_rules_for_a_choose_that_carries_none() -> None:
    state = MatchState.new(get_rules("classic").with_options(aces="high"), 2, seed=4)
    from threethirteen.games.three_thirteen.view_json import encode_view

    view = state.view(state.current)
    lines = [
        {"type": "hello", "protocol": 1, "bot": "h", "seed": 1, "options": {}},
        {"type": "choose", "id": 1, "view": encode_view(view)},
        {"type": "quit"},
    ]
    done = subprocess.run(
        [*COMMAND, "engine", "simple", "--rules", "classic", "--house", "aces=high"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers[-1]["type"] == "action" and answers[-1]["id"] == 1
    bad = cli("engine", "simple", "--house", "aces=diagonal")
    assert bad.returncode == 2 and "'diagonal'" in bad.stderr


# -- make serve installs what serving needs, make test everything --------------------------------


def _make_dry_run(target: str) -> str:
    done = subprocess.run(
        ["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_serve_installs_only_the_server_extra() -> None:
    serve = _make_dry_run("serve")
    assert "pip install" in serve
    assert ".[server]" in serve
    assert ".[dev]" not in serve
    assert ".[dev]" in _make_dry_run("test")


# -- errors that say what would be right ---------------------------------------------------------


def test_a_bad_option_value_lists_the_valid_ones() -> None:
    done = cli("solve", "--house", "aces=diagonal", "2H", "3H", "4H")
    assert done.returncode == 2
    assert "'diagonal'" in done.stderr
    for value in ("low", "high", "either", "wrap"):
        assert value in done.stderr


def test_solve_refuses_a_hand_of_the_wrong_size_for_its_round() -> None:
    done = cli("solve", "--round", "6", "2H")
    assert done.returncode == 2, done.stdout
    assert "round 6" in done.stderr and "8 cards" in done.stderr and "9" in done.stderr
    assert "Traceback" not in done.stderr
    # The round's own size and one more (just drew) are still solved.
    hand = ["2H", "2C", "7C", "8H", "8S", "10C", "JC", "JS"]
    assert cli("solve", "--round", "6", *hand).returncode == 0
    assert cli("solve", "--round", "6", *hand, "9C").returncode == 0


# -- Ctrl-C in make play, and --help ---------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_ctrl_c_in_make_play_ends_quietly() -> None:
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(ROOT)
        os.execvp("make", ["make", "-s", "-o", ".venv/.installed-server", "play"])
    out = b""
    deadline = time.monotonic() + 60
    while b"> " not in out and time.monotonic() < deadline:
        try:
            out += os.read(fd, 4096)
        except OSError:
            break
    os.write(fd, b"\x03")
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert "> " in text, text
    assert "make:" not in text and "Error" not in text and "Traceback" not in text, text


def test_help_names_the_web_app_and_how_to_start_it() -> None:
    text = cli("--help").stdout
    assert "web app" in text
    assert "threethirteen serve" in text and "http://localhost:8000/" in text
    assert "threethirteen play" in text


# -- the docs' examples are the commands' real output ----------------------------------------------


def _console_examples() -> list[tuple[str, str, str]]:
    """Every ``console`` block of the README and docs/: (page, command, its output)."""
    examples = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"```console\n(.*?)```", text, re.S):
            for part in re.split(r"^\$ ", block, flags=re.M)[1:]:
                command, _, output = part.partition("\n")
                examples.append((page.name, command, output))
    return examples


def test_the_docs_examples_are_the_commands_real_output() -> None:
    examples = _console_examples()
    assert any("solve" in command and "--json" in command for _, command, _ in examples)
    for page, command, shown in examples:
        words = shlex.split(command)
        assert words[0] == "threethirteen", (page, command)
        done = cli(*words[1:])
        assert done.returncode == 0, (page, command, done.stderr)
        assert done.stdout.strip() == shown.strip(), (page, command)
