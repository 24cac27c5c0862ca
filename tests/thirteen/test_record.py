"""Thirteen records: round trips through JSON and replay, and every kind of bad record.

A corrupt record must raise RecordError with a message that names the problem and
where it is; a record that replays must rebuild the very match it came from.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from threethirteen.errors import RecordError
from threethirteen.game import Game, MatchState
from threethirteen.games import get_game
from threethirteen.games.thirteen.game import GAME
from threethirteen.games.thirteen.record import (
    read_record_json,
    record_of,
    record_to_json,
    replay,
)
from threethirteen.games.thirteen.rules import Rules
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase

NAMES4 = ["ann", "bo", "cy", "di"]


def play_match(players: int, seed: int, rules: Rules | None = None) -> ThirteenState:
    """A whole match of random legal actions, to MATCH_OVER."""
    state = ThirteenState.new(rules, players, seed=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def finished() -> tuple[ThirteenState, dict[str, Any]]:
    state = play_match(4, 21)
    return state, record_of(state, NAMES4)


def fresh(finished: tuple[ThirteenState, dict[str, Any]]) -> dict[str, Any]:
    return copy.deepcopy(finished[1])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_a_played_match_round_trips(players: int, seed: int) -> None:
    state = play_match(players, seed, Rules(bomb_after_pass=True, instant_wins=True))
    data = record_of(state, [f"p{i}" for i in range(players)])
    text = record_to_json(data)
    again = read_record_json(text)
    assert again == data
    rebuilt = replay(again)
    assert rebuilt.phase is Phase.MATCH_OVER
    assert rebuilt.totals == state.totals and rebuilt.winners() == state.winners()
    assert rebuilt.history == state.history and rebuilt.results == state.results
    assert record_of(rebuilt, [f"p{i}" for i in range(players)]) == data
    assert len(data["rounds"]) == state.round_number


def test_the_record_layout(finished: tuple[ThirteenState, dict[str, Any]]) -> None:
    state, data = finished
    assert list(data) == [
        "format",
        "version",
        "game",
        "rules",
        "seed",
        "players",
        "seats",
        "rounds",
        "totals",
        "winners",
    ]
    assert (data["format"], data["version"], data["game"]) == (
        "threethirteen-record",
        3,
        "thirteen",
    )
    assert data["seed"] == 21 and data["players"] == 4 and data["seats"] == NAMES4
    assert data["rules"] == Rules().options()
    first = data["rounds"][0]
    assert list(first) == ["round", "leader", "hands", "actions", "points"]
    assert first["round"] == 1 and "3S" in first["hands"][first["leader"]].split()
    assert first["actions"][0][0] == first["leader"]
    assert all(isinstance(a[1], str) for a in first["actions"])
    assert sorted(first["points"]) == [0, 1, 2, 3]
    assert data["winners"] == list(state.winners())
    assert max(data["totals"]) >= 10
    # one round a line
    text = record_to_json(data)
    assert sum(line.lstrip().startswith('{"round"') for line in text.splitlines()) == len(
        data["rounds"]
    )
    json.loads(text)


def test_a_match_in_progress_round_trips() -> None:
    state = ThirteenState.new(None, 3, seed=8)
    rng = random.Random(8)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    data = record_of(state)
    assert data["seats"] == ["seat 0", "seat 1", "seat 2"]
    assert data["rounds"][-1]["points"] is None and data["winners"] is None
    rebuilt = replay(data)
    assert (rebuilt.phase, rebuilt.current, rebuilt.hands) == (
        state.phase,
        state.current,
        state.hands,
    )


def test_a_decided_match_before_next_round_has_no_winners_yet() -> None:
    state = ThirteenState.new(None, 2, seed=5)
    rng = random.Random(5)
    while not state.winners():
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
        else:
            state.apply(rng.choice(state.legal_actions()))
    data = record_of(state)
    assert data["winners"] is None and data["rounds"][-1]["points"] is not None
    assert replay(data).phase is Phase.ROUND_OVER


def test_record_names_must_fit_the_seats() -> None:
    state = ThirteenState.new(None, 2, seed=5)
    with pytest.raises(RecordError, match="a record needs 2 seat names"):
        record_of(state, ["only one"])


# -- corrupt records ------------------------------------------------------------------------------


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], Any]:
    def change(data: dict[str, Any]) -> Any:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], Any]:
    def change(data: dict[str, Any]) -> Any:
        del data[key]
        return data

    return change


def _swap_deal(data: dict[str, Any]) -> Any:
    hands = data["rounds"][0]["hands"]
    a, b = hands[0].split(), hands[1].split()
    a[-1], b[-1] = b[-1], a[-1]
    hands[0], hands[1] = " ".join(a), " ".join(b)
    return data


def _illegal_first(data: dict[str, Any]) -> Any:
    data["rounds"][0]["actions"][0][1] = "pass"  # the leader may not pass
    return data


def _wrong_seat(data: dict[str, Any]) -> Any:
    entry = data["rounds"][0]["actions"][0]
    entry[0] = (entry[0] + 1) % 4
    return data


def _tamper_points(data: dict[str, Any]) -> Any:
    points = data["rounds"][0]["points"]
    points[0], points[1] = points[1], points[0]
    return data


def _unfinished_round_scored(data: dict[str, Any]) -> Any:
    data["rounds"][-1]["actions"].pop()
    return data


def _extra_action(data: dict[str, Any]) -> Any:
    data["rounds"][0]["actions"].append([0, "pass"])
    return data


def _points_null(data: dict[str, Any]) -> Any:
    data["rounds"][0]["points"] = None
    return data


def _round_after_the_end(data: dict[str, Any]) -> Any:
    data["rounds"].append(copy.deepcopy(data["rounds"][-1]))
    data["rounds"][-1]["round"] += 1
    return data


# (what is wrong, the change, the words the message must hold)
CORRUPT: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("a list", lambda d: [d], "expected a JSON object, got a list"),
    ("null", lambda d: None, "expected a JSON object, got null"),
    ("foreign format", _set(["format"], "chess-pgn"), "format is 'chess-pgn', expected"),
    ("no format", _drop("format"), "format is missing"),
    ("old version", _set(["version"], 2), "unsupported record version 2"),
    ("future version", _set(["version"], 4), "unsupported record version 4"),
    ("text version", _set(["version"], "3"), "unsupported record version '3'"),
    ("boolean version", _set(["version"], True), "unsupported record version True"),
    ("other game", _set(["game"], "three-thirteen"), "game is 'three-thirteen', expected"),
    ("no game", _drop("game"), "record: missing field 'game'"),
    (
        "another game's older record",
        lambda d: {**d, "game": "three-thirteen", "version": 2},
        "game is 'three-thirteen', expected 'thirteen'",
    ),
    ("no rules", _drop("rules"), "missing field 'rules'"),
    ("bad rules", _set(["rules", "target"], 0), "bad rules: invalid rules"),
    ("unknown rule", _set(["rules", "jokers"], 2), "bad rules: unknown rules option 'jokers'"),
    ("rules a list", _set(["rules"], []), "field 'rules' must be an object, got a list"),
    ("no seed", _drop("seed"), "missing field 'seed'"),
    ("text seed", _set(["seed"], "21"), "field 'seed' must be an integer, got text '21'"),
    ("float seed", _set(["seed"], 2.5), "field 'seed' must be an integer, got a number 2.5"),
    ("five players", _set(["players"], 5), "Thirteen is played by 2 to 4 players, got 5"),
    ("no seats", _drop("seats"), "missing field 'seats'"),
    ("seat count", _set(["seats"], ["a", "b"]), "2 seat names for 4 players"),
    ("seat not text", _set(["seats"], [1, 2, 3, 4]), "every entry of 'seats' must be text"),
    ("no rounds", _drop("rounds"), "missing field 'rounds'"),
    ("empty rounds", _set(["rounds"], []), "field 'rounds' is empty"),
    ("round not an object", _set(["rounds", 0], "r1"), "round entry 1: expected an object"),
    ("round number", _set(["rounds", 0, "round"], 2), "numbered 2, expected round 1"),
    ("no leader", _set(["rounds", 0], {"round": 1}), "round 1: missing field 'leader'"),
    ("hand count", _set(["rounds", 0, "hands"], ["3S"]), "round 1: 1 hands for 4 players"),
    ("bad card", _set(["rounds", 0, "hands", 0], "3S ZZ"), "seat 0's hand: malformed card 'ZZ'"),
    ("tampered deal", _swap_deal, "round 1: seat 0 was dealt"),
    ("tampered leader", _set(["rounds", 0, "leader"], 9), "the record's leader is seat 9"),
    ("action shape", _set(["rounds", 0, "actions", 0], ["play 3S"]), "action 1: expected [seat"),
    ("action text", _set(["rounds", 0, "actions", 0, 1], "fold"), "action 1: malformed action"),
    ("illegal action", _illegal_first, "action 1: illegal action 'pass' by seat"),
    ("wrong seat", _wrong_seat, "is to act"),
    ("extra action", _extra_action, "the round is already over"),
    ("no points", _set(["rounds", 0], None), "round entry 1: expected an object, got null"),
    ("tampered points", _tamper_points, "the record's points"),
    ("points null", _points_null, "the round ends after its actions, but its points are null"),
    ("unfinished scored", _unfinished_round_scored, "it is not over"),
    ("round after the end", _round_after_the_end, "the match was decided after round"),
    ("tampered totals", _set(["totals", 0], 99), "totals [99"),
    ("totals count", _set(["totals"], [1]), "1 totals for 4 players"),
    ("no winners", _drop("winners"), "missing field 'winners'"),
    ("tampered winners", _set(["winners"], [3, 2]), "the replayed match's winners are"),
    ("winners text", _set(["winners"], ["ann"]), "every entry of 'winners' must be an integer"),
]


@pytest.mark.parametrize(("what", "change", "message"), CORRUPT, ids=[c[0] for c in CORRUPT])
def test_corrupt_records_raise_record_error(
    finished: tuple[ThirteenState, dict[str, Any]],
    what: str,
    change: Callable[[dict[str, Any]], Any],
    message: str,
) -> None:
    data = change(fresh(finished))
    with pytest.raises(RecordError) as info:
        replay(data)
    assert message in str(info.value), what


def test_winners_on_an_unfinished_match_are_refused() -> None:
    state = ThirteenState.new(None, 2, seed=3)
    state.apply(state.legal_actions()[0])
    data = record_of(state)
    data["winners"] = [0]
    with pytest.raises(RecordError, match=r"names winners \[0\], but the replayed match is not"):
        replay(data)


def test_an_unfinished_round_followed_by_another_is_refused(
    finished: tuple[ThirteenState, dict[str, Any]],
) -> None:
    data = fresh(finished)
    data["rounds"][0]["points"] = None
    data["rounds"][0]["actions"].pop()
    with pytest.raises(
        RecordError, match="round 1: the round is unfinished, but more rounds follow"
    ):
        replay(data)


def test_bad_json_text_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="invalid JSON at line 1"):
        read_record_json("{not json")
    with pytest.raises(RecordError, match="not UTF-8"):
        read_record_json(b"\xff\xfe\x00")


def test_a_stacked_deal_does_not_replay() -> None:
    state = ThirteenState.stack(None, ["3S 4S", "5S 6S"], seed=1)
    with pytest.raises(RecordError, match="seat 0 was dealt"):
        replay(record_of(state))


# -- the game object -----------------------------------------------------------------------------


def test_the_registry_finds_the_game_object() -> None:
    assert get_game("thirteen") is GAME
    assert get_game("tien-len") is GAME
    game: Game = GAME
    assert (game.name, game.title, game.default_preset, game.higher_wins) == (
        "thirteen",
        "Thirteen",
        "cardgames",
        True,
    )
    assert game.presets == ("cardgames",) and game.player_counts == (2, 3, 4)


def test_the_game_object_plays_and_replays() -> None:
    rules = GAME.rules("cardgames", ["target=4"])
    assert rules == Rules(target=4)
    assert GAME.rules_from_options(GAME.rules_options(rules)) == rules
    state: MatchState = GAME.new_match(rules, 3, seed=12)
    assert isinstance(state, MatchState)
    rng = random.Random(12)
    while state.stage.value != "match-over":
        if state.stage.value == "round-over":
            state.next_round()
        else:
            action = rng.choice(state.legal_actions())
            assert GAME.parse_action(str(action)) == action
            state.apply(action)
    assert max(state.totals) >= 4 and len(state.winners()) == 1
    data = GAME.record(state, ["a", "b", "c"])
    assert GAME.replay(json.loads(json.dumps(data))).totals == state.totals


def test_the_game_object_lists_plays_in_notation() -> None:
    assert GAME.legal_plays_text(Rules(), ["3S", "3H", "9D"], ["3C"]) == ("pass", "3H", "9D")
