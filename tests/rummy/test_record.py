"""Rummy records: round trips through JSON and replay, every kind of corrupt record, and
golden transcripts of seeded matches.

A corrupt record must raise RecordError with a message that names the problem and
where it is; a record that replays must rebuild the very match it came from. The
golden transcripts in ``golden/`` were written once from the game's own output (a
regression check): replaying their actions must end with their stored totals.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from threethirteen.errors import RecordError
from threethirteen.games import get_game
from threethirteen.games.rummy.actions import LayOff, NewMeld, parse_action
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.record import (
    read_record_json,
    record_of,
    record_to_json,
    replay,
)
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.views import Phase

GOLDEN = Path(__file__).parent / "golden"
NAMES3 = ["ann", "bo", "cy"]


def play_match(
    players: int, seed: int, rules: Rules | None = None, *, stop_after: int | None = None
) -> RummyState:
    """A match of random legal actions (a meld or lay-off most of the time), to
    MATCH_OVER or ``stop_after`` actions."""
    state = RummyState.new(rules or Rules(target=40), players, seed=seed)
    rng = random.Random(seed)
    done = 0
    while state.phase is not Phase.MATCH_OVER and done != stop_after:
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
            continue
        legal = state.legal_actions()
        laying = [a for a in legal if isinstance(a, NewMeld | LayOff)]
        state.apply(rng.choice(laying if laying and rng.random() < 0.7 else legal))
        done += 1
    return state


@pytest.fixture(scope="module")
def finished() -> tuple[RummyState, dict[str, Any]]:
    state = play_match(3, 21, Rules(target=40, rummy_doubles=True))
    return state, record_of(state, NAMES3)


def fresh(finished: tuple[RummyState, dict[str, Any]]) -> dict[str, Any]:
    return copy.deepcopy(finished[1])


def same_match(a: RummyState, b: RummyState) -> None:
    assert str(a) == str(b)
    assert (a.phase, a.round_number, a.totals, a.winners()) == (
        b.phase,
        b.round_number,
        b.totals,
        b.winners(),
    )
    assert a.history == b.history and a.results == b.results and a.log == b.log
    assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize(
    ("players", "seed", "rules"),
    [
        (2, 1, Rules(target=40)),
        (3, 2, Rules(target=40, ace_high=True, must_discard=True)),
        (4, 3, Rules(target=30, shuffle_stock=True, stock_turns=2)),
        (6, 4, Rules(target=30, discard_taken_card=True, turn_limit=20)),
    ],
)
def test_a_played_match_round_trips(players: int, seed: int, rules: Rules) -> None:
    state = play_match(players, seed, rules)
    data = record_of(state, [f"p{i}" for i in range(players)])
    text = record_to_json(data)
    assert read_record_json(text) == data
    again = replay(json.loads(text))
    same_match(again, state)
    assert record_of(again, [f"p{i}" for i in range(players)]) == data
    assert data["winners"] == list(state.winners())


@pytest.mark.parametrize("stop_after", [0, 1, 2, 37, 150])
def test_an_unfinished_match_replays_to_the_same_position(stop_after: int) -> None:
    state = play_match(2, 9, Rules(target=500), stop_after=stop_after)
    data = record_of(state)
    assert data["winners"] is None and data["seats"] == ["seat 0", "seat 1"]
    if state.phase is not Phase.ROUND_OVER:
        assert data["rounds"][-1]["points"] is None
    same_match(replay(data), state)


def test_the_record_layout(finished: tuple[RummyState, dict[str, Any]]) -> None:
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
    assert (data["format"], data["version"], data["game"]) == ("threethirteen-record", 3, "rummy")
    assert Rules.from_options(data["rules"]) == state.rules
    first = data["rounds"][0]
    assert list(first) == [
        "round",
        "dealer",
        "hands",
        "up",
        "actions",
        "points",
        "out",
        "rummy",
        "void",
    ]
    assert (first["round"], first["dealer"]) == (1, 2)
    assert first["actions"][0] == [0, str(state.history[0].actions[0][1])]
    assert len(data["rounds"]) == len(state.results)
    for entry, result in zip(data["rounds"], state.results, strict=True):
        assert entry["points"] == list(result.points)
        assert (entry["out"], entry["rummy"], entry["void"]) == (
            result.out,
            result.rummy,
            result.void,
        )
    text = record_to_json(data)
    assert text.count("\n") == len(data) + len(data["rounds"]) + 3  # one hand a line


def test_the_game_object_records_and_replays(finished: tuple[RummyState, dict[str, Any]]) -> None:
    state, data = finished
    game = get_game("rummy")
    assert game.record(state, NAMES3) == data
    same_match(game.replay(data), state)


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(path: list[Any]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def _action(index: int, text: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["rounds"][0]["actions"][index][1] = text

    return change


CORRUPT: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("format", _set(["format"], "chess-pgn"), "format is 'chess-pgn'"),
    ("no format", _drop(["format"]), "format is missing"),
    ("game", _set(["game"], "thirteen"), "record: game is 'thirteen', expected 'rummy'"),
    ("no game", _drop(["game"]), "missing field 'game'"),
    ("version", _set(["version"], 2), "unsupported record version 2"),
    ("rules", _set(["rules", "target"], "lots"), "bad rules: bad value 'lots'"),
    ("rules kind", _set(["rules"], [1]), "field 'rules' must be an object"),
    ("seed", _set(["seed"], "7"), "field 'seed' must be an integer"),
    ("players", _set(["players"], 9), "Rummy is played by 2 to 6 players, got 9"),
    ("seats", _set(["seats"], ["a"]), "1 seat names for 3 players"),
    ("no rounds", _set(["rounds"], []), "field 'rounds' is empty"),
    ("round entry", _set(["rounds", 0], "hand"), "round entry 1: expected an object, got text"),
    ("round number", _set(["rounds", 0, "round"], 2), "round entry 1: numbered 2, expected hand 1"),
    ("dealer", _set(["rounds", 0, "dealer"], 0), "hand 1: the record's dealer is seat 0"),
    ("hands", _set(["rounds", 0, "hands", 1], "AS 2S 3S"), "hand 1: seat 1 was dealt"),
    ("bad card", _set(["rounds", 0, "hands", 0], "AS 1Z"), "seat 0's hand: malformed card '1Z'"),
    ("up", _set(["rounds", 0, "up"], "ZZ"), "hand 1: field 'up': malformed card 'ZZ'"),
    ("action text", _action(0, "dance"), "hand 1, action 1: malformed action 'dance'"),
    ("illegal", _action(0, "discard AS"), "hand 1, action 1: illegal action 'discard AS'"),
    ("action shape", _set(["rounds", 0, "actions", 0], ["draw"]), 'expected [seat, "action"]'),
    ("wrong seat", _set(["rounds", 0, "actions", 0, 0], 1), "action 1 (seat 1: 'draw'"),
    ("points", _set(["rounds", 0, "points"], [1, 2, 3]), "the record's points [1, 2, 3] differ"),
    ("no points", _drop(["rounds", 0, "points"]), "hand 1: missing field 'points'"),
    ("null points", _set(["rounds", 0, "points"], None), "ends after its actions, but its points"),
    ("out", _set(["rounds", 0, "out"], 2), "the record says seat 2 went out"),
    ("void", _set(["rounds", 0, "void"], "no"), "field 'void' must be true or false"),
    ("totals", _set(["totals"], [0, 0, 0]), "totals [0, 0, 0] differ from the replayed totals"),
    ("winners", _set(["winners"], [0]), "record names winners [0], but the replayed match's"),
    ("no winners", _drop(["winners"]), "missing field 'winners'"),
]


@pytest.mark.parametrize(("name", "change", "message"), CORRUPT, ids=[c[0] for c in CORRUPT])
def test_a_corrupt_record_says_where(
    finished: tuple[RummyState, dict[str, Any]],
    name: str,
    change: Callable[[dict[str, Any]], None],
    message: str,
) -> None:
    data = fresh(finished)
    first = data["rounds"][0]
    if name in ("illegal", "wrong seat", "action text"):
        assert first["actions"][0][0] == 0  # seat 0 draws first in hand 1
    change(data)
    with pytest.raises(RecordError) as caught:
        replay(data)
    assert message in str(caught.value), str(caught.value)


def test_not_an_object_or_not_json() -> None:
    with pytest.raises(RecordError, match="expected a JSON object, got a list"):
        replay([1, 2])
    with pytest.raises(RecordError, match="invalid JSON at line 1"):
        read_record_json("{oops")


def test_more_hands_after_the_match_was_decided(
    finished: tuple[RummyState, dict[str, Any]],
) -> None:
    data = fresh(finished)
    data["rounds"].append(copy.deepcopy(data["rounds"][-1]))
    data["winners"] = None
    with pytest.raises(RecordError, match="the match was decided after hand"):
        replay(data)


def test_an_unfinished_hand_before_the_last() -> None:
    state = play_match(2, 5, Rules(target=500), stop_after=400)
    data = record_of(state)
    assert len(data["rounds"]) >= 2
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:3]
    data["rounds"][0]["points"] = None
    data["rounds"][0].update(out=None, rummy=False, void=False)
    with pytest.raises(RecordError, match="hand 1: the hand is unfinished, but more hands follow"):
        replay(data)


def test_a_stacked_hand_does_not_replay() -> None:
    state = RummyState.stack(None, ["4H 5H 6H", "2C 3D 8C 9C"], pile="9S", stock="KD 7H")
    state.apply(parse_action("draw"))
    with pytest.raises(RecordError):
        replay(record_of(state))


# -- golden transcripts --------------------------------------------------------------------------


def read_transcript(path: Path) -> dict[str, Any]:
    """A transcript's settings, hands of ``(seat, action text)``, totals and winners."""
    players = seed = 0
    house: list[str] = []
    hands: list[list[tuple[int, str]]] = []
    totals: list[int] = []
    winners: list[int] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "players":
            players = int(rest)
        elif word == "seed":
            seed = int(rest)
        elif word == "house":
            house.append(rest)
        elif word == "hand":
            assert int(rest) == len(hands) + 1, line
            hands.append([])
        elif word == "totals":
            totals = [int(t) for t in rest.split()]
        elif word == "winners":
            winners = [int(w) for w in rest.split()]
        else:
            hands[-1].append((int(word), rest))
    return {
        "players": players,
        "seed": seed,
        "house": house,
        "hands": hands,
        "totals": totals,
        "winners": winners,
    }


GOLDEN_FILES = sorted(GOLDEN.glob("*.txt"))


def test_there_are_golden_transcripts() -> None:
    assert len(GOLDEN_FILES) >= 3


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def test_a_golden_transcript_replays_to_its_totals(path: Path) -> None:
    script = read_transcript(path)
    rules = GAME.rules(None, script["house"])
    state = RummyState.new(rules, script["players"], script["seed"])
    for number, hand in enumerate(script["hands"], start=1):
        if number > 1:
            state.next_round()
        assert state.round_number == number
        for seat, text in hand:
            assert seat == state.current, (number, seat, text)
            state.apply(parse_action(text))
        assert state.phase is Phase.ROUND_OVER
    state.next_round()
    assert state.phase is Phase.MATCH_OVER
    assert list(state.totals) == script["totals"]
    assert list(state.winners()) == script["winners"]
    # ... and the match survives its own record
    data = record_of(state)
    same_match(replay(json.loads(record_to_json(data))), state)
