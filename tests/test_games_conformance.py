"""The conformance run every registered game passes, through the game interface alone.

Each game is played to the end at random from several seeds and player counts,
and at every step: the stage and the seat to act agree with the legal actions;
every legal action reads back from its notation; the acting seat's view offers
the same actions; an action that is not legal raises ``IllegalActionError``
quoting it and changes nothing; a copy is independent of its original. At the
end: the winners, and the record, which survives JSON and replays to the same
record. The same seed and the same choices give the same match.

A new game joins :data:`QUICK` (a short match of its rules) and passes this file
before anything is built on it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from threethirteen.errors import IllegalActionError, RecordError, RulesError
from threethirteen.game import Game, MatchState, Stage
from threethirteen.games import GAME_NAMES, get_game

# A short match of each game, so that a random playthrough takes well under a second.
QUICK: dict[str, tuple[str, ...]] = {
    "three-thirteen": ("hand_sizes=3,4",),
    "thirteen": ("target=4",),
    "rummy": ("target=10", "cards_dealt=3"),
}

MAX_STEPS = 20_000


def test_every_registered_game_has_a_quick_match() -> None:
    assert set(QUICK) == set(GAME_NAMES)


def _fingerprint(game: Game, state: MatchState) -> str:
    return json.dumps(game.record(state, _names(state)), sort_keys=True)


def _names(state: MatchState) -> list[str]:
    return [f"seat {seat}" for seat in range(state.players)]


def _play(game: Game, players: int, seed: int, *, checks: bool) -> tuple[MatchState, list[str]]:
    """Play a match at random; returns the final state and the actions in notation."""
    rules = game.rules(None, QUICK[game.name])
    state = game.new_match(rules, players, seed)
    rng = random.Random(seed)
    seen: dict[str, Any] = {}
    played: list[str] = []
    for _ in range(MAX_STEPS):
        if state.stage is Stage.MATCH_OVER:
            return state, played
        if state.stage is Stage.ROUND_OVER:
            if checks:
                assert state.legal_actions() == ()
            state.next_round()
            continue
        legal = state.legal_actions()
        assert legal, f"{game.name}: stage PLAY with no legal action"
        if checks:
            _check_position(game, state, legal, seen)
        action = rng.choice(legal)
        state.apply(action)
        played.append(str(action))
    raise AssertionError(f"{game.name}: no end after {MAX_STEPS} steps (seed {seed})")


def _check_position(
    game: Game, state: MatchState, legal: tuple[Any, ...], seen: dict[str, Any]
) -> None:
    assert 0 <= state.current < state.players
    assert len(set(legal)) == len(legal), "legal actions repeat"
    for action in legal:
        text = str(action)
        assert game.parse_action(text) == action, text
        seen.setdefault(text, action)
    view = state.view(state.current)
    assert tuple(view.legal_actions) == tuple(legal)
    assert view.seat == state.current
    # An action legal somewhere earlier but not here: refused, quoted, nothing changed.
    illegal = [a for t, a in seen.items() if a not in legal]
    if illegal:
        before = _fingerprint(game, state)
        action = illegal[len(seen) % len(illegal)]
        with pytest.raises(IllegalActionError) as caught:
            state.apply(action)
        assert str(action)[:20] in str(caught.value)
        assert _fingerprint(game, state) == before
    # A copy moves on alone.
    twin = state.copy()
    before = _fingerprint(game, state)
    twin.apply(legal[0])
    assert _fingerprint(game, state) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_matches_keep_every_contract(name: str) -> None:
    game = get_game(name)
    for players in game.player_counts[:3]:
        for seed in (1, 2):
            state, _ = _play(game, players, seed, checks=True)
            winners = state.winners()
            assert winners and set(winners) <= set(range(players))
            totals = state.totals
            best = max(totals) if game.higher_wins else min(totals)
            assert all(totals[w] == best for w in winners)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_record_survives_json_and_replays(name: str) -> None:
    game = get_game(name)
    players = game.player_counts[-1]
    state, _ = _play(game, players, 11, checks=False)
    data = game.record(state, _names(state))
    assert data["game"] == name
    assert isinstance(data["version"], int)
    again = json.loads(json.dumps(data))
    rebuilt = game.replay(again)
    assert game.record(rebuilt, _names(rebuilt)) == data
    assert rebuilt.winners() == state.winners()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_record_of_another_game_is_refused(name: str) -> None:
    game = get_game(name)
    other = get_game(next(n for n in GAME_NAMES if n != name))
    state, _ = _play(other, other.player_counts[0], 3, checks=False)
    with pytest.raises(RecordError, match=other.name):
        game.replay(other.record(state, _names(state)))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_same_seed_and_choices_give_the_same_match(name: str) -> None:
    game = get_game(name)
    players = game.player_counts[0]
    first_state, first = _play(game, players, 5, checks=False)
    second_state, second = _play(game, players, 5, checks=False)
    assert first == second
    assert _fingerprint(game, first_state) == _fingerprint(game, second_state)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_unknown_presets_and_house_rules_are_quoted(name: str) -> None:
    game = get_game(name)
    assert game.default_preset == game.presets[0]
    with pytest.raises(RulesError, match="no-such-preset"):
        game.rules("no-such-preset")
    with pytest.raises(RulesError, match="no_such_option"):
        game.rules(None, ("no_such_option=1",))
    with pytest.raises(RulesError):
        game.new_match(game.rules(), max(game.player_counts) + 1, 1)
