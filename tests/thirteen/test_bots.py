"""Every Thirteen bot: registered, legal in whole matches, repeatable, and blind to hidden cards.

* Each registered bot plays whole matches (2, 3 and 4 players, a low target) through
  the shared match runner, every action applied checked, and a bot given the same
  seed and the same views plays the same actions.
* The view-only check: positions that differ only in cards the bot cannot see (other
  seats' unplayed cards shuffled among them, and with two or three players the cards
  left out of the deal) give equal views, and each bot the same choice.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from threethirteen.bots import game_bots, make_bot
from threethirteen.bots.match import play_game
from threethirteen.cards import Card
from threethirteen.games import get_game
from threethirteen.games.thirteen.actions import Action, Pass
from threethirteen.games.thirteen.bots import DIFFICULTIES, REGISTRY
from threethirteen.games.thirteen.cards import deck, strength
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase

GAME = get_game("thirteen")
LOW_TARGET = GAME.rules(None, ["target=3"])
# The search bot on a small fixed budget, so that the tests are quick and repeatable.
FAST_OPTIONS: dict[str, dict[str, Any]] = {"montecarlo": {"samples": 3, "candidates": 3}}


def bot(name: str, seed: int) -> Any:
    return make_bot(name, seed=seed, game="thirteen", **FAST_OPTIONS.get(name, {}))


def test_the_registry_and_the_difficulties() -> None:
    assert list(REGISTRY) == ["random", "simple", "heuristic", "montecarlo"]
    assert DIFFICULTIES == {
        "easy": "simple",
        "medium": "heuristic",
        "hard": "montecarlo",
        "expert": "expert",
    }
    registry, levels = game_bots("thirteen")
    assert registry is REGISTRY and levels is DIFFICULTIES
    assert make_bot("Medium", game="thirteen").name == "heuristic"
    assert make_bot("hard", game="thirteen").name == "montecarlo"
    for name, factory in REGISTRY.items():
        assert factory().name == name
        assert factory(seed=3).name == name


def test_expert_is_not_registered() -> None:
    with pytest.raises(ValueError, match="expert"):
        make_bot("expert", game="thirteen")


@pytest.mark.parametrize("name", list(REGISTRY))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_matches_are_legal_and_repeatable(name: str, players: int) -> None:
    seeds = (1, 2) if name != "montecarlo" else (1,)
    for seed in seeds:
        # The bot at every seat: every action is applied checked by the runner.
        bots = [bot(name, seed * 10 + seat) for seat in range(players)]
        played = play_game(GAME, LOW_TARGET, bots, seed=seed)
        assert played.state.stage.value == "match-over"
        again = play_game(
            GAME, LOW_TARGET, [bot(name, seed * 10 + s) for s in range(players)], seed
        )
        assert again.record == played.record


HOUSE = ["bomb-after-pass", "four-on-pair-of-twos", "three-of-spades-leads", "share-ties"]


@pytest.mark.parametrize("name", list(REGISTRY))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_house_rules_matches_are_legal(name: str, players: int) -> None:
    rules = GAME.rules(None, ["target=5", "instant-wins", *HOUSE])
    bots = [bot(name, 7 + seat) for seat in range(players)]
    played = play_game(GAME, rules, bots, seed=players)
    assert played.state.stage.value == "match-over"


@pytest.mark.parametrize("name", list(REGISTRY))
def test_mixed_tables_finish(name: str) -> None:
    others = [n for n in REGISTRY if n != name and n != "montecarlo"]
    bots = [bot(name, 1), *(bot(n, 2 + i) for i, n in enumerate(others))][:4]
    played = play_game(GAME, LOW_TARGET, bots, seed=9)
    assert played.state.stage.value == "match-over"


# -- the view-only check ------------------------------------------------------------------


def _play_some(players: int, seed: int, steps: int) -> tuple[list[list[Card]], list[Action]]:
    """A round-1 deal and ``steps`` actions of heuristic play in it (fewer if it ends)."""
    state = ThirteenState.new(None, players, seed=seed)
    deal = [list(hand) for hand in state.hands]
    players_bots = [make_bot("heuristic", game="thirteen") for _ in range(players)]
    rng = random.Random(seed)
    done: list[Action] = []
    while len(done) < steps and state.phase in (Phase.LEAD, Phase.FOLLOW):
        # Half heuristic, half random: varied positions, tricks with passes.
        legal = state.legal_actions()
        if rng.random() < 0.5:
            action = players_bots[state.current].choose(state.view(state.current))
        else:
            action = rng.choice(legal)
        state.apply(action)
        done.append(action)
    return deal, done


def _hidden_swap(
    deal: list[list[Card]], actions: list[Action], viewer: int, seed: int
) -> list[list[Card]]:
    """The deal with the cards ``viewer`` cannot see shuffled among the other seats (and
    the cards left out of it), the played ones and the first lead's card kept."""
    played = {card for a in actions if not isinstance(a, Pass) for card in a.cards}
    first = ThirteenState.stack(None, deal).first_lead_card
    assert first is not None
    dealt = {card for hand in deal for card in hand}
    others = [seat for seat in range(len(deal)) if seat != viewer]
    pool = [c for s in others for c in deal[s] if c not in played and c != first]
    pool += [c for c in deck() if c not in dealt and strength(c) > strength(first)]
    random.Random(seed).shuffle(pool)
    hands = [list(hand) for hand in deal]
    for seat in others:
        fixed = [c for c in deal[seat] if c in played or c == first]
        hands[seat] = fixed + [pool.pop() for _ in range(len(deal[seat]) - len(fixed))]
    return hands


def _replay(deal: list[list[Card]], actions: list[Action]) -> ThirteenState:
    state = ThirteenState.stack(None, deal)
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_choices_do_not_depend_on_hidden_cards(players: int, seed: int) -> None:
    deal, actions = _play_some(players, seed, steps=4 + 8 * seed)
    one = _replay(deal, actions)
    while one.phase not in (Phase.LEAD, Phase.FOLLOW):  # the round ended: step back
        actions.pop()
        one = _replay(deal, actions)
    viewer = one.current
    other = _hidden_swap(deal, actions, viewer, seed)
    assert [set(h) for h in other] != [set(h) for h in deal]
    two = _replay(other, actions)
    assert one.view(viewer) == two.view(viewer)
    for name in REGISTRY:
        first = bot(name, 5).choose(one.view(viewer))
        second = bot(name, 5).choose(two.view(viewer))
        assert first == second, name
    # The search bot with a larger fixed budget.
    searching = make_bot("montecarlo", seed=2, game="thirteen", samples=6)
    assert searching.choose(one.view(viewer)) == searching.choose(two.view(viewer))
