"""Three-Thirteen's Game object: presets, rules, matches, and records through the interface."""

from __future__ import annotations

import json

import pytest

import threethirteen.game as interface
from threethirteen.errors import RecordError, RulesError
from threethirteen.games import get_game
from threethirteen.games.three_thirteen.actions import Draw, Source
from threethirteen.games.three_thirteen.game import GAME
from threethirteen.games.three_thirteen.rules import apply_house_rule, get_rules
from threethirteen.games.three_thirteen.state import MatchState, Phase


def test_the_registry_finds_it_by_name_and_alias() -> None:
    assert get_game("three-thirteen") is GAME
    assert get_game("3-13") is GAME


def test_its_metadata() -> None:
    assert (GAME.name, GAME.title) == ("three-thirteen", "Three-Thirteen")
    assert GAME.presets == ("classic", "bga", "app") and GAME.default_preset == "classic"
    assert GAME.higher_wins is False
    assert GAME.player_counts == tuple(range(2, 9))


def test_rules_are_a_preset_with_house_rules_in_order() -> None:
    assert GAME.rules() is get_rules("classic")
    expected = apply_house_rule(apply_house_rule(get_rules("bga"), "lay-off"), "jokers=2")
    assert GAME.rules("bga", ["lay-off", "jokers=2"]) == expected
    assert GAME.rules_from_options(GAME.rules_options(expected)) == expected
    with pytest.raises(RulesError, match="chess"):
        GAME.rules("chess")


def test_a_match_is_a_platform_match_state() -> None:
    state = GAME.new_match(GAME.rules(None, ["hand_sizes=3,4"]), 3, seed=2)
    assert isinstance(state, MatchState) and isinstance(state, interface.MatchState)
    assert state.totals == (0, 0, 0)
    assert GAME.parse_action("draw stock") == Draw(Source.STOCK)
    stages = {state.phase: state.stage}
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            assert state.totals == state.scores.totals
            state.next_round()
        else:
            state.apply(state.legal_actions()[-1])
        stages[state.phase] = state.stage
    assert stages == {
        Phase.DRAW: interface.Stage.PLAY,
        Phase.DISCARD: interface.Stage.PLAY,
        Phase.ROUND_OVER: interface.Stage.ROUND_OVER,
        Phase.MATCH_OVER: interface.Stage.MATCH_OVER,
    }


def test_records_name_the_game_and_replay() -> None:
    state = GAME.new_match(GAME.rules(None, ["hand_sizes=3"]), 2, seed=4)
    while state.phase is not Phase.ROUND_OVER:
        state.apply(state.legal_actions()[0])
    data = GAME.record(state, ["ann", "bob"])
    assert list(data)[:3] == ["format", "version", "game"]
    assert (data["version"], data["game"]) == (3, "three-thirteen")
    rebuilt = GAME.replay(json.loads(json.dumps(data)))
    assert GAME.record(rebuilt, ["ann", "bob"]) == data
    with pytest.raises(RecordError, match="this is a thirteen record"):
        GAME.replay({**data, "game": "thirteen"})
    with pytest.raises(RecordError, match="expected a JSON object"):
        GAME.replay([])  # type: ignore[arg-type]
