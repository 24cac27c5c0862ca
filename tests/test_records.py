"""Game records: JSON round trip, replay, and clear errors for corrupt or foreign files."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from threethirteen.actions import parse_action
from threethirteen.bots import make_bot, play_match
from threethirteen.errors import RecordError
from threethirteen.records import FORMAT, VERSION, GameRecord, replay
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.views import EventKind

SHORT = get_rules("classic").with_options(hand_sizes=(3, 4, 5))


@pytest.fixture(scope="module")
def finished() -> tuple[MatchState, GameRecord]:
    bots = [make_bot("greedy"), make_bot("random", seed=2), make_bot("greedy")]
    played = play_match(SHORT, bots, seed=17, names=["ann", "rnd", "bob"])
    return played.state, played.record


@pytest.fixture(scope="module")
def data(finished: tuple[MatchState, GameRecord]) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(finished[1].to_json())
    return parsed


def same_position(a: MatchState, b: MatchState) -> bool:
    return (
        a.phase,
        a.current,
        a.round_number,
        a.hands,
        a._stock,
        a.discard_pile,
        a.table,
        a.log,
        a.results,
        a.scores,
    ) == (
        b.phase,
        b.current,
        b.round_number,
        b.hands,
        b._stock,
        b.discard_pile,
        b.table,
        b.log,
        b.results,
        b.scores,
    )


def test_record_round_trips_through_json(finished: tuple[MatchState, GameRecord]) -> None:
    state, record = finished
    assert record.names == ("ann", "rnd", "bob")
    assert record.finished and record.winners == state.winners()
    assert record.totals == state.scores.totals
    assert [r.scores for r in record.rounds] == [r.penalties for r in state.results]
    text = record.to_json()
    assert GameRecord.from_json(text) == record
    assert GameRecord.from_json(text.encode()) == record
    assert GameRecord.from_json(text).to_json() == text


def test_record_holds_the_documented_fields(data: dict[str, Any]) -> None:
    assert data["format"] == FORMAT == "threethirteen-record"
    assert data["version"] == VERSION == 3
    assert data["game"] == "three-thirteen"
    assert list(data)[:3] == ["format", "version", "game"]
    assert set(data) == {
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
    }
    first = data["rounds"][0]
    assert set(first) == {"round", "dealer", "hands", "up", "actions", "scores"}
    assert first["actions"][0][1] in ("draw stock", "draw discard")


def test_replay_rebuilds_the_finished_match(finished: tuple[MatchState, GameRecord]) -> None:
    state, record = finished
    again = replay(GameRecord.from_json(record.to_json()))
    assert again.phase is Phase.MATCH_OVER
    assert same_position(again, state)
    assert again.winners() == state.winners()


@pytest.mark.parametrize("actions", [0, 1, 7, 8])
def test_replay_rebuilds_a_match_in_progress(actions: int) -> None:
    state = MatchState.new(get_rules("bga"), 4, seed=23)
    bots = [make_bot("greedy") for _ in range(4)]
    while state.phase is not Phase.ROUND_OVER:  # play round 1 out
        state.apply(bots[state.current].choose(state.view(state.current)))
    mid_round_over = state.copy()
    state.next_round()
    for _ in range(actions):
        state.apply(bots[state.current].choose(state.view(state.current)))
    for position in (mid_round_over, state):
        record = position.record()
        assert not record.finished
        assert same_position(replay(GameRecord.from_json(record.to_json())), position)


def test_default_and_bad_seat_names(finished: tuple[MatchState, GameRecord]) -> None:
    state, _ = finished
    assert state.record().names == ("seat 0", "seat 1", "seat 2")
    with pytest.raises(RecordError, match="3 seat names"):
        state.record(["only", "two"])


def test_stacked_rounds_do_not_replay() -> None:
    state = MatchState.new(SHORT, 2, seed=1)
    state.stack(["3H 4H 5H", "KS KD KC"], up="2C")
    with pytest.raises(RecordError, match="was dealt"):
        replay(state.record())


# -- corrupt and foreign files ------------------------------------------------------

Mutation = Callable[[dict[str, Any]], Any]


def _set(path: list[Any], value: Any) -> Mutation:
    def mutate(d: dict[str, Any]) -> Any:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return d

    return mutate


def _delete(path: list[Any]) -> Mutation:
    def mutate(d: dict[str, Any]) -> Any:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return d

    return mutate


def _first_discard(d: dict[str, Any]) -> int:
    return next(i for i, (_, a) in enumerate(d["rounds"][0]["actions"]) if "discard " in a)


def _discard_foreign_card(d: dict[str, Any]) -> Any:
    i = _first_discard(d)
    seat = d["rounds"][0]["actions"][i][0]
    # a card the seat cannot hold: not in its deal, not the up card, not drawn
    held = " ".join([*d["rounds"][0]["hands"][seat].split(), d["rounds"][0]["up"]])
    card = next(c for c in ("AS", "AH", "AD", "AC", "2S") if c not in held)
    d["rounds"][0]["actions"][i] = [seat, f"discard {card}"]
    d["rounds"][0]["actions"] = d["rounds"][0]["actions"][: i + 1]
    return d


def _swap_dealt_card(d: dict[str, Any]) -> Any:
    hand = d["rounds"][0]["hands"][0].split()
    hand[0] = "KS" if hand[0] != "KS" else "QS"
    d["rounds"][0]["hands"][0] = " ".join(hand)
    return d


def _wrong_seat(d: dict[str, Any]) -> Any:
    seat, action = d["rounds"][0]["actions"][0]
    d["rounds"][0]["actions"][0] = [(seat + 1) % d["players"], action]
    return d


def _bump_score(d: dict[str, Any]) -> Any:
    d["rounds"][0]["scores"][0] += 1
    return d


def _drop_last_action(d: dict[str, Any]) -> Any:
    d["rounds"][0]["actions"].pop()
    return d


def _extra_action(d: dict[str, Any]) -> Any:
    seat = d["rounds"][0]["actions"][-1][0]
    d["rounds"][0]["actions"].append([seat, "draw stock"])
    return d


def _extra_round(d: dict[str, Any]) -> Any:
    d["rounds"].append(copy.deepcopy(d["rounds"][-1]))
    return d


def _unscore_middle_round(d: dict[str, Any]) -> Any:
    d["rounds"][0]["scores"] = None
    return d


CORRUPT: list[tuple[str, Mutation, str]] = [
    ("format", _set(["format"], "chess-pgn"), "not a threethirteen record: format is 'chess-pgn'"),
    ("no format", _delete(["format"]), "not a threethirteen record: format is None"),
    ("version", _set(["version"], 4), "unsupported record version 4: .* reads versions 1, 2 and 3"),
    ("no game", _delete(["game"]), "missing field 'game' \\(a version 3 record names its game"),
    ("game", _set(["game"], "thirteen"), "this is a thirteen record, not a three-thirteen one"),
    ("version text", _set(["version"], "2"), "unsupported record version '2'"),
    ("version bool", _set(["version"], True), "unsupported record version True"),
    ("no seed", _delete(["seed"]), "missing field 'seed'"),
    ("seed text", _set(["seed"], "abc"), "field 'seed' must be an integer, got text 'abc'"),
    ("seed bool", _set(["seed"], True), "field 'seed' must be an integer"),
    ("no rules", _delete(["rules"]), "missing field 'rules'"),
    ("bad rules", _set(["rules", "jokers"], -3), "bad rules: .*jokers"),
    ("unknown option", _set(["rules", "colour"], "red"), "bad rules: unknown rules option"),
    ("rules list", _set(["rules"], [1, 2]), "field 'rules' must be an object"),
    ("seats", _set(["seats"], ["a"]), "1 seat names for 3 players"),
    ("rounds", _set(["rounds"], {"round": 1}), "field 'rounds' must be a list"),
    ("no rounds", _set(["rounds"], []), "record has no rounds"),
    ("round text", _set(["rounds", 0], "round one"), "round entry 1: expected an object"),
    ("no actions", _delete(["rounds", 0, "actions"]), "round 1: missing field 'actions'"),
    ("no scores", _delete(["rounds", 0, "scores"]), "round 1: missing field 'scores'"),
    ("bad card", _set(["rounds", 0, "up"], "7X"), "round 1: bad deal: malformed card '7X'"),
    ("hands", _set(["rounds", 0, "hands"], ["2S 3S 4S"]), "round 1: 1 hands for 3 players"),
    ("bad action", _set(["rounds", 0, "actions", 0], [1, "fly away"]), "action 1: malformed"),
    ("action shape", _set(["rounds", 0, "actions", 0], "draw stock"), r"expected \[seat"),
    ("wrong seat", _wrong_seat, r"round 1, action 1 .* is to act"),
    ("illegal", _discard_foreign_card, r"round 1, action \d+: illegal action 'discard"),
    ("deal", _swap_dealt_card, "round 1: seat 0 was dealt"),
    ("up card", _set(["rounds", 0, "up"], "JK"), "round 1: the up card is"),
    (
        "dealer",
        lambda d: _set(["rounds", 0, "dealer"], (d["rounds"][0]["dealer"] + 1) % 3)(d),
        "round 1: the record's dealer is seat",
    ),
    ("score", _bump_score, "round 1: the record's scores"),
    ("short round", _drop_last_action, "round 1: the record scores the round, but after"),
    ("long round", _extra_action, "the round is already over"),
    ("unscored", _unscore_middle_round, "round 1: the round ends after its actions, but"),
    ("extra round", _extra_round, "record has 4 rounds, but its rules play 3"),
    ("totals", _set(["totals"], [0, 0, 0]), "record totals \\[0, 0, 0\\] differ"),
    ("winners", lambda d: _set(["winners"], [(d["winners"][0] + 1) % 3])(d), "names winners"),
    ("no winners", _delete(["winners"]), "missing field 'winners'"),
    ("scores width", _set(["rounds", 0, "scores"], [1, 2]), "2 scores for 3 players"),
    ("players", _set(["players"], 1), "1 players|3 seat names for 1 players"),
]


@pytest.mark.parametrize(("name", "mutate", "message"), CORRUPT, ids=[c[0] for c in CORRUPT])
def test_corrupt_record_is_a_clear_error(
    data: dict[str, Any], name: str, mutate: Mutation, message: str
) -> None:
    text = json.dumps(mutate(copy.deepcopy(data)))
    with pytest.raises(RecordError, match=message):
        replay(GameRecord.from_json(text))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "invalid JSON at line 1 column 2"),
        ("", "invalid JSON"),
        ("[1, 2]", "expected a JSON object, got a list"),
        ('"a record"', "expected a JSON object, got text"),
        (b"\xff\xfe\x00garbage", "invalid JSON|not UTF-8"),
    ],
)
def test_foreign_file_is_a_clear_error(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_a_replayed_illegal_action_keeps_the_original_reason(data: dict[str, Any]) -> None:
    bad = copy.deepcopy(data)
    seat = bad["rounds"][0]["actions"][0][0]
    bad["rounds"][0]["actions"][0] = [seat, str(parse_action("x AS"))]
    with pytest.raises(RecordError, match="phase draw: a turn starts with a draw"):
        replay(GameRecord.from_json(json.dumps(bad)))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:4]):
            out += _paths(v, (*prefix, i))
    return out


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_fuzzed_records_fail_only_with_record_error(
    data: dict[str, Any], fuzz: st.DataObject
) -> None:
    mutated = copy.deepcopy(data)
    paths = [p for p in _paths(mutated) if p]
    for _ in range(fuzz.draw(st.integers(1, 3))):
        path = fuzz.draw(st.sampled_from(paths))
        target: Any = mutated
        try:
            for key in path[:-1]:
                target = target[key]
            if fuzz.draw(st.booleans()) and isinstance(target, dict):
                del target[path[-1]]
            else:
                target[path[-1]] = fuzz.draw(json_values)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced this path
    with contextlib.suppress(RecordError):
        replay(GameRecord.from_json(json.dumps(mutated)))


def test_the_documented_example_replays() -> None:
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text("utf-8")
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    record = GameRecord.from_json(example)
    state = replay(record)
    assert state.phase is Phase.MATCH_OVER
    assert state.scores.totals == record.totals
    assert record.to_json() == example


def test_a_version_1_record_is_read_but_not_replayed(data: dict[str, Any]) -> None:
    # Version 1 dealt every round from one generator for the whole match; the same
    # seed deals other cards now, so replaying would only report a wrong deal.
    old = copy.deepcopy(data)
    old["version"] = 1
    del old["game"]  # versions 1 and 2 do not name their game
    text = json.dumps(old)
    record = GameRecord.from_json(text)
    assert record.version == 1 and record.seed == data["seed"]
    assert json.loads(record.to_json()) == old  # written back as it was
    with pytest.raises(RecordError, match="record version 1 cannot be replayed"):
        replay(record)


def test_a_version_2_record_is_read_replayed_and_written_back_as_it_was(
    finished: tuple[MatchState, GameRecord], data: dict[str, Any]
) -> None:
    # Version 2 is version 3 without the "game" field: every record written before
    # games had names still loads and replays.
    old = copy.deepcopy(data)
    old["version"] = 2
    del old["game"]
    record = GameRecord.from_json(json.dumps(old))
    assert record.version == 2
    assert json.loads(record.to_json()) == old
    state, _ = finished
    assert same_position(replay(record), state)


def test_a_record_of_another_game_is_refused_whatever_its_version(
    data: dict[str, Any],
) -> None:
    for version in (1, 2, 3, 7):
        other = {**data, "version": version, "game": "thirteen"}
        with pytest.raises(RecordError, match="this is a thirteen record"):
            GameRecord.from_json(json.dumps(other))


def test_records_replay_matches_whose_rounds_reshuffled_the_pile() -> None:
    rules = get_rules("classic").with_options(hand_sizes=(3, 4, 5))
    bots = [make_bot("random", 3), make_bot("random", 4)]
    played = play_match(rules, bots, seed=8)
    assert any(
        event.kind is EventKind.RESHUFFLE for _, events in played.state.history for event in events
    )
    rebuilt = replay(GameRecord.from_json(played.record.to_json()))
    assert same_position(rebuilt, played.state)
    assert [deal for deal, _ in rebuilt.history] == [deal for deal, _ in played.state.history]
