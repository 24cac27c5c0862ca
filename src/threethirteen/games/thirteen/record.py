"""Thirteen's game records: versioned JSON data, and replaying them into a match.

A record is event-sourced: the rules, the seed, the number of players and every
action rebuild the match. Each round's deal, leader and points, and the totals
and winners, are stored too, so that :func:`replay` checks the rebuilt match
against them and a person can read the file::

    {"format": "threethirteen-record", "version": 3, "game": "thirteen",
     "rules": {...}, "seed": 7, "players": 4, "seats": ["ann", "bo", "cy", "di"],
     "rounds": [{"round": 1, "leader": 2, "hands": ["3S 5C ...", ...],
                 "actions": [[2, "play 3S"], [3, "pass"], ...], "points": [0, 3, 1, 2]}],
     "totals": [0, 3, 1, 2], "winners": null}

``points`` is null for a round still being played; ``winners`` is null until
the match is over. Version 3 is the platform's record with a ``game`` field
(Three-Thirteen's own files are versions 1 and 2).

Every problem (not an object, a foreign format, another game, an unknown
version, a missing or mistyped field, bad notation, an illegal action, a deal,
leader, score or winner that the seed and actions do not reproduce) raises
:class:`~threethirteen.errors.RecordError` saying where.

>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.new(None, 2, seed=3)
>>> while not state.winners():
...     if state.legal_actions():
...         _ = state.apply(state.legal_actions()[-1])
...     else:
...         state.next_round()
>>> state.next_round()
>>> data = record_of(state, ["ann", "bo"])
>>> replay(data).totals == state.totals
True
>>> replay({**data, "game": "three-thirteen"})
Traceback (most recent call last):
...
threethirteen.errors.RecordError: record: game is 'three-thirteen', expected 'thirteen'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from threethirteen.cards import format_cards
from threethirteen.errors import IllegalActionError, RecordError, ThreeThirteenError
from threethirteen.games.thirteen.actions import parse_action
from threethirteen.games.thirteen.cards import parse_hand
from threethirteen.games.thirteen.rules import Rules
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase
from threethirteen.jsonfields import (
    FORMAT,
    check_head,
    get_field,
    get_list,
    is_int,
    kind_of,
)
from threethirteen.jsonfields import parse_record as read_record_json
from threethirteen.jsonfields import record_text as record_to_json
from threethirteen.replaying import match_fields, replay_rounds

__all__ = [
    "FORMAT",
    "GAME_NAME",
    "VERSION",
    "read_record_json",
    "record_of",
    "record_to_json",
    "replay",
]

VERSION = 3
GAME_NAME = "thirteen"

_MISSING = object()


def record_of(state: ThirteenState, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of ``state`` so far as JSON-ready data; ``names`` labels the seats.

    Raises :class:`~threethirteen.errors.RecordError` unless there is one text name a
    seat (default ``seat 0`` ...).
    """
    if names is None:
        names = [f"seat {seat}" for seat in range(state.players)]
    seats = list(names)
    if len(seats) != state.players or not all(isinstance(name, str) for name in seats):
        raise RecordError(f"a record needs {state.players} seat names (text), got {seats!r}")
    results = state.results
    rounds = []
    for index, log in enumerate(state.history):
        points = list(results[index].points) if index < len(results) else None
        rounds.append(
            {
                "round": log.number,
                "leader": log.leader,
                "hands": [format_cards(hand) for hand in log.hands],
                "actions": [[seat, str(action)] for seat, action in log.actions],
                "points": points,
            }
        )
    over = state.phase is Phase.MATCH_OVER
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME_NAME,
        "rules": state.rules.options(),
        "seed": state.seed,
        "players": state.players,
        "seats": seats,
        "rounds": rounds,
        "totals": list(state.totals),
        "winners": list(state.winners()) if over else None,
    }


def replay(data: Any) -> ThirteenState:
    """Rebuild the match a record describes from its rules, seed and actions, checking it.

    Returns the state after the last recorded action (``MATCH_OVER`` when the record
    names winners). Raises :class:`~threethirteen.errors.RecordError` saying where
    the record is malformed or differs from the replayed match.
    """
    data = check_head(data, GAME_NAME, VERSION, "Thirteen")
    fields = match_fields(data, Rules.from_options, "round")
    state = ThirteenState.new(fields.rules, fields.players, fields.seed)
    replay_rounds(state, fields, _replay_round, "round")
    return state


def _replay_round(state: ThirteenState, raw: Any, index: int, is_last: bool) -> None:
    where = f"record: round entry {index}"
    if not isinstance(raw, Mapping):
        raise RecordError(f"{where}: expected an object, got {kind_of(raw)}")
    number = get_field(raw, "round", int, where)
    if number != state.round_number:
        raise RecordError(f"{where}: numbered {number}, expected round {state.round_number}")
    where = f"record: round {number}"
    leader = get_field(raw, "leader", int, where)
    hand_texts = get_list(raw, "hands", str, where)
    if len(hand_texts) != state.players:
        raise RecordError(f"{where}: {len(hand_texts)} hands for {state.players} players")
    for seat, text in enumerate(hand_texts):
        try:
            hand = parse_hand(text)
        except ThreeThirteenError as exc:
            raise RecordError(f"{where}: seat {seat}'s hand: {exc}") from exc
        dealt = state.dealt[seat]
        if hand != dealt:
            raise RecordError(
                f"{where}: seat {seat} was dealt {format_cards(dealt)!r} by the seed, but the "
                f"record says {format_cards(hand)!r}"
            )
    if leader != state.leader:
        raise RecordError(
            f"{where}: the record's leader is seat {leader}, the replayed match's seat "
            f"{state.leader}"
        )
    entries = get_field(raw, "actions", list, where)
    for count, entry in enumerate(entries, start=1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not is_int(entry[0])
            or not isinstance(entry[1], str)
        ):
            raise RecordError(f'{where}, action {count}: expected [seat, "action"], got {entry!r}')
        seat, text = entry
        try:
            action = parse_action(text)
        except ThreeThirteenError as exc:
            raise RecordError(f"{where}, action {count}: {exc}") from exc
        if state.phase not in (Phase.LEAD, Phase.FOLLOW):
            raise RecordError(
                f"{where}, action {count} (seat {seat}: {text!r}): the round is already over"
            )
        if seat != state.current:
            raise RecordError(
                f"{where}, action {count} (seat {seat}: {text!r}): seat {state.current} is to act"
            )
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{where}, action {count}: {exc}") from exc
    raw_points = raw.get("points", _MISSING)
    if raw_points is _MISSING:
        raise RecordError(f"{where}: missing field 'points'")
    over = state.phase is Phase.ROUND_OVER
    if raw_points is None:
        if over:
            raise RecordError(f"{where}: the round ends after its actions, but its points are null")
        if not is_last:
            raise RecordError(f"{where}: the round is unfinished, but more rounds follow")
        return
    points = tuple(get_list(raw, "points", int, where))
    if len(points) != state.players:
        raise RecordError(f"{where}: {len(points)} points for {state.players} players")
    if not over:
        raise RecordError(
            f"{where}: the record scores the round, but after its {len(entries)} actions it "
            f"is not over (phase {state.phase}, seat {state.current} to act)"
        )
    replayed = state.results[-1].points
    if points != replayed:
        raise RecordError(
            f"{where}: the record's points {list(points)} differ from the replayed {list(replayed)}"
        )
