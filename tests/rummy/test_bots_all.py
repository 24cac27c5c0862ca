"""Every Rummy bot: registered, legal in whole matches, repeatable, and blind to hidden cards.

* Each registered bot plays whole matches (2, 3 and 4 players, a low target, several
  house rules) through the shared match runner, every action applied checked, and a bot
  given the same seed plays the same actions again.
* The view-only check: two positions that differ only in cards seat 0 cannot see (the
  other hands and the stock below its top card, shuffled among them) give each bot the
  same choices for the whole of seat 0's turn.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from threethirteen.bots import game_bots, make_bot
from threethirteen.bots.match import play_game
from threethirteen.cards import Card, standard_deck
from threethirteen.errors import ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.games import get_game
from threethirteen.games.rummy.bots import DIFFICULTIES, REGISTRY, MonteCarloBot
from threethirteen.games.rummy.state import RummyState

GAME = get_game("rummy")
# The search bot on a small fixed budget, so that the tests are quick and repeatable.
FAST_OPTIONS: dict[str, dict[str, Any]] = {"montecarlo": {"samples": 2, "candidates": 2}}
HOUSE = [
    [],
    ["must-discard", "ace-high"],
    ["discard-taken-card", "rummy-doubles", "shuffle-stock"],
    ["stock-turns=0", "cards-dealt=4"],
]


def bot(name: str, seed: int) -> Any:
    return make_bot(name, seed=seed, game="rummy", **FAST_OPTIONS.get(name, {}))


def test_the_registry_and_the_difficulties() -> None:
    assert list(REGISTRY) == ["random", "simple", "heuristic", "montecarlo"]
    assert DIFFICULTIES == {
        "easy": "simple",
        "medium": "heuristic",
        "hard": "montecarlo",
        "expert": "expert",
    }
    registry, levels = game_bots("rummy")
    assert registry is REGISTRY and levels is DIFFICULTIES
    assert make_bot("Easy", game="rummy").name == "simple"
    assert make_bot("medium", game="rummy").name == "heuristic"
    assert make_bot("hard", game="rummy").name == "montecarlo"
    search = make_bot("montecarlo:samples=3", game="rummy")
    assert isinstance(search, MonteCarloBot) and search.samples == 3
    for name, factory in REGISTRY.items():
        assert factory().name == name
        assert factory(seed=3).name == name
    with pytest.raises(ThreeThirteenError, match="expert"):
        make_bot("expert", game="rummy")


@pytest.mark.parametrize("name", list(REGISTRY))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_matches_are_legal_and_repeatable(name: str, players: int) -> None:
    house = HOUSE[players - 1] if name != "montecarlo" else HOUSE[players - 2]
    rules = GAME.rules(None, ["target=25", *house])
    seed = players
    played = play_game(GAME, rules, [bot(name, 10 * seed + s) for s in range(players)], seed)
    assert played.state.stage is Stage.MATCH_OVER
    again = play_game(GAME, rules, [bot(name, 10 * seed + s) for s in range(players)], seed)
    assert again.record == played.record


def test_mixed_tables_finish() -> None:
    names = list(REGISTRY)
    rules = GAME.rules(None, ["target=20"])
    played = play_game(GAME, rules, [bot(n, i) for i, n in enumerate(names)], seed=5)
    assert played.state.stage is Stage.MATCH_OVER


# -- the view-only check ------------------------------------------------------------------


def _positions(seed: int) -> tuple[RummyState, RummyState]:
    """A deal and its twin: the same hand for seat 0, pile and stock top; the other
    cards shuffled among the other hands and the rest of the stock."""
    rng = random.Random(seed)
    deck = list(standard_deck())
    rng.shuffle(deck)
    mine, pile, top = deck[:10], deck[10:13], deck[13]
    hidden = deck[14:]
    twins = []
    for shuffle in (False, True):
        cards: list[Card] = list(hidden)
        if shuffle:
            rng.shuffle(cards)
        other, stock = cards[:10], [*cards[10:], top]
        twins.append(RummyState.stack(None, [mine, other], pile=pile, stock=stock))
    return twins[0], twins[1]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_cards_it_cannot_see_never_change_its_choice(name: str) -> None:
    for seed in range(4):
        a, b = _positions(seed)
        bot_a, bot_b = bot(name, 7), bot(name, 7)
        while a.stage is Stage.PLAY and a.current == 0:
            view = a.view(0)
            assert view == b.view(0)
            action = bot_a.choose(view)
            assert bot_b.choose(b.view(0)) == action
            a.apply(action)
            b.apply(action)
