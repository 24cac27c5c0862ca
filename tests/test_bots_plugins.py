"""Bots from other packages: the ``threethirteen.bots`` entry-point group."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from outside_packages import installed_package
from threethirteen.bots import bot_name, make_bot, play_match, plugin_bots
from threethirteen.errors import ThreeThirteenError
from threethirteen.rules import get_rules

# An outside package: a module with a bot, and an installed distribution's metadata
# naming it (as pip writes it) in the entry-point group.
MODULE = '''
from threethirteen.actions import Draw, Source
from threethirteen.views import Phase


class FirstCardBot:
    """Draws from the stock and throws its first legal discard; counts its decisions."""

    name = "first-card"

    def __init__(self, seed=None, *, label="plain"):
        self.label = label
        self.decisions = 0

    def choose(self, view):
        self.decisions += 1
        stock = Draw(Source.STOCK)
        if view.phase is Phase.DRAW and stock in view.legal_actions:
            return stock
        return view.legal_actions[-1]


NOT_A_BOT = 42
'''

ENTRY_POINTS = """
[threethirteen.bots]
first-card = outside_bots:FirstCardBot
heuristic = outside_bots:FirstCardBot
broken = outside_bots:Missing
constant = outside_bots:NOT_A_BOT
"""


@pytest.fixture
def outside_package(tmp_path: Path) -> Iterator[Path]:
    with installed_package(tmp_path, "outside_bots", MODULE, ENTRY_POINTS) as folder:
        yield folder


def test_an_installed_plugin_bot_plays_through_the_registry(outside_package: Path) -> None:
    assert "first-card" in plugin_bots()
    assert bot_name("First-Card") == "first-card"
    bot = make_bot("first-card:label=7", seed=3)
    assert type(bot).__name__ == "FirstCardBot" and bot.label == 7  # type: ignore[attr-defined]
    rules = get_rules("classic").with_options(hand_sizes="3,4")
    played = play_match(rules, [bot, make_bot("simple")], seed=5)
    assert played.state.phase.name == "MATCH_OVER"
    assert bot.decisions > 0  # type: ignore[attr-defined]


def test_a_registered_name_wins_over_a_plugin(outside_package: Path) -> None:
    assert "heuristic" not in plugin_bots()
    assert type(make_bot("heuristic")).__name__ == "HeuristicBot"


def test_broken_plugins_are_refused_with_their_entry_point(outside_package: Path) -> None:
    with pytest.raises(ThreeThirteenError, match=r"cannot load 'outside_bots:Missing'"):
        make_bot("broken")
    with pytest.raises(ThreeThirteenError, match=r"'outside_bots:NOT_A_BOT' is not a bot"):
        make_bot("constant")


def test_without_the_package_the_name_is_unknown() -> None:
    assert "first-card" not in plugin_bots()
    with pytest.raises(ThreeThirteenError, match="unknown bot 'first-card'"):
        make_bot("first-card")
