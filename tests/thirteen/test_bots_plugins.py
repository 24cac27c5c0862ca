"""Thirteen bots from other packages: the ``threethirteen.bots.thirteen`` entry-point group.

An outside package names a bot in the group; ``make_bot(name, game="thirteen")``,
the lab's ``--bots`` and the terminal's ``--bots`` then find it by that name, and a
Three-Thirteen lookup of the same name does not.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from outside_packages import installed_package
from threethirteen.bots import bot_name, make_bot, plugin_bots
from threethirteen.bots.match import play_game
from threethirteen.errors import ThreeThirteenError
from threethirteen.games import get_game

# An outside package: a Thirteen bot that always plays its last legal action (its
# highest play, or pass when that is all), and the metadata pip would write for it.
MODULE = """
class LastPlayBot:
    name = "last-play"

    def __init__(self, seed=None, *, label="plain"):
        self.label = label
        self.decisions = 0

    def choose(self, view):
        self.decisions += 1
        return view.legal_actions[-1]
"""

ENTRY_POINTS = """
[threethirteen.bots.thirteen]
last-play = outside_thirteen_bots:LastPlayBot
simple = outside_thirteen_bots:LastPlayBot
"""


@pytest.fixture
def outside_package(tmp_path: Path) -> Iterator[Path]:
    with installed_package(tmp_path, "outside_thirteen_bots", MODULE, ENTRY_POINTS) as folder:
        yield folder


def test_a_plugin_thirteen_bot_plays_whole_matches(outside_package: Path) -> None:
    assert "last-play" in plugin_bots("thirteen")
    assert bot_name("Last-Play", "thirteen") == "last-play"
    bot = make_bot("last-play:label=5", seed=1, game="thirteen")
    assert bot.label == 5  # type: ignore[attr-defined]
    game = get_game("thirteen")
    played = play_game(
        game, game.rules(None, ["target=3"]), [bot, make_bot("simple", 2, game="thirteen")], 3
    )
    assert played.state.winners()
    assert bot.decisions > 0  # type: ignore[attr-defined]


def test_the_plugin_belongs_to_its_game_and_registered_names_win(outside_package: Path) -> None:
    assert "last-play" not in plugin_bots()
    with pytest.raises(ThreeThirteenError, match="unknown bot 'last-play'"):
        make_bot("last-play")
    assert "simple" not in plugin_bots("thirteen")
    assert type(make_bot("simple", game="thirteen")).__name__ != "LastPlayBot"


def test_a_game_without_bots_is_named() -> None:
    with pytest.raises(ThreeThirteenError, match="no bots for the game 'chess'"):
        make_bot("simple", game="chess")
