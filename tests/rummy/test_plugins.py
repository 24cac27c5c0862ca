"""Rummy bots from other packages: the ``threethirteen.bots.rummy`` entry-point group.

An outside package names a bot in the group; ``make_bot(name, game="rummy")``, the
lab's ``--bots`` and the terminal's ``--bots`` then find it by that name, and another
game's lookup of the same name does not. A registered name wins over a plug-in's.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from outside_packages import installed_package
from threethirteen.bots import bot_name, make_bot, plugin_bots
from threethirteen.bots.match import play_game
from threethirteen.cli.main import main
from threethirteen.errors import ThreeThirteenError
from threethirteen.games import get_game

# An outside package: a Rummy bot that always makes the first legal action (it draws
# from the stock, lays down the first meld or lay-off listed, else discards the lowest
# card), and the metadata pip would write for it.
MODULE = """
class FirstLegalBot:
    name = "first-legal"

    def __init__(self, seed=None, *, label="plain"):
        self.label = label
        self.decisions = 0

    def choose(self, view):
        self.decisions += 1
        return view.legal_actions[0]
"""

ENTRY_POINTS = """
[threethirteen.bots.rummy]
first-legal = outside_rummy_bots:FirstLegalBot
simple = outside_rummy_bots:FirstLegalBot
"""


@pytest.fixture
def outside_package(tmp_path: Path) -> Iterator[Path]:
    with installed_package(tmp_path, "outside_rummy_bots", MODULE, ENTRY_POINTS) as folder:
        yield folder


def test_a_plugin_rummy_bot_plays_whole_matches(outside_package: Path) -> None:
    assert "first-legal" in plugin_bots("rummy")
    assert bot_name("First-Legal", "rummy") == "first-legal"
    bot = make_bot("first-legal:label=5", seed=1, game="rummy")
    assert bot.label == 5  # type: ignore[attr-defined]
    game = get_game("rummy")
    rules = game.rules(None, ["target=20"])
    played = play_game(game, rules, [bot, make_bot("simple", 2, game="rummy")], seed=3)
    assert played.state.winners()
    assert bot.decisions > 20  # type: ignore[attr-defined]
    assert game.replay(played.record).totals == played.state.totals


def test_the_plugin_plays_in_the_terminal(
    outside_package: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    args = ["play", "--game", "rummy", "--watch", "--seed", "2", "--bots", "first-legal,simple",
            "--house", "target=20"]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Players: First-legal 0, Simple 1" in out
    assert "First-legal 0 draws " in out and "Winner" in out


def test_the_plugin_belongs_to_its_game_and_registered_names_win(outside_package: Path) -> None:
    assert "first-legal" not in plugin_bots() and "first-legal" not in plugin_bots("thirteen")
    with pytest.raises(ThreeThirteenError, match="unknown bot 'first-legal'"):
        make_bot("first-legal", game="thirteen")
    assert "simple" not in plugin_bots("rummy")
    assert type(make_bot("simple", game="rummy")).__name__ != "FirstLegalBot"


def test_an_unknown_rummy_bot_names_the_known_ones() -> None:
    with pytest.raises(ThreeThirteenError, match=r"unknown bot 'clever'; known: .*heuristic"):
        make_bot("clever", game="rummy")
