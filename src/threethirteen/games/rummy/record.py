"""Rummy's game records: versioned JSON data, and replaying them into a match.

A record is event-sourced: the rules, the seed, the number of players and every
action rebuild the match. Each hand's dealer, deal, card turned up and result,
and the totals and winners, are stored too, so that :func:`replay` checks the
rebuilt match against them and a person can read the file::

    {"format": "threethirteen-record", "version": 3, "game": "rummy",
     "rules": {...}, "seed": 7, "players": 2, "seats": ["ann", "bo"],
     "rounds": [{"round": 1, "dealer": 1, "hands": ["AS 2S ...", "..."], "up": "7H",
                 "actions": [[0, "take"], [0, "meld 5H 6H 7H"], [0, "discard KC"], ...],
                 "points": [0, 23], "out": 0, "rummy": false, "void": false}],
     "totals": [0, 23], "winners": null}

``hands`` are as dealt, by rank then suit. ``points`` is null for a hand still
being played (then ``out`` is null and ``rummy`` and ``void`` false); ``out`` is
the seat that went out (null for a void hand). ``winners`` is null until the
match is over. The cards drawn from the stock and the stock's rebuilds are not
stored: the seed and the actions decide them.

Every problem (not an object, a foreign format, another game, an unknown
version, a missing or mistyped field, bad notation, an illegal action, a deal,
result or winner that the seed and actions do not reproduce) raises
:class:`~threethirteen.errors.RecordError` saying where.

>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.new(Rules(target=10), 2, seed=3)
>>> while not state.winners():
...     if state.legal_actions():
...         _ = state.apply(state.legal_actions()[0])
...     else:
...         state.next_round()
>>> state.next_round()
>>> data = record_of(state, ["ann", "bo"])
>>> replay(data).totals == state.totals
True
>>> replay({**data, "game": "thirteen"})
Traceback (most recent call last):
...
threethirteen.errors.RecordError: record: game is 'thirteen', expected 'rummy'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from threethirteen.cards import Card, format_cards, parse_cards
from threethirteen.errors import IllegalActionError, RecordError, ThreeThirteenError
from threethirteen.games.rummy.actions import parse_action, sort_cards
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.views import Phase
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
"""The version of the shared record format (docs/record-format.md) Rummy writes: the
first with a ``game`` field, so Rummy's records start at it as Thirteen's do."""
GAME_NAME = "rummy"


def record_of(state: RummyState, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of ``state`` so far as JSON-ready data; ``names`` labels the seats.

    Raises :class:`~threethirteen.errors.RecordError` unless there is one text name a
    seat (default ``seat 0`` ...).
    """
    if names is None:
        names = [f"seat {seat}" for seat in range(state.players)]
    seats = list(names)
    if len(seats) != state.players or not all(isinstance(name, str) for name in seats):
        raise RecordError(f"a record needs {state.players} seat names (text), got {seats!r}"[:160])
    results = state.results
    rounds = []
    for index, log in enumerate(state.history):
        result = results[index] if index < len(results) else None
        rounds.append(
            {
                "round": log.number,
                "dealer": log.dealer,
                "hands": [format_cards(hand) for hand in log.hands],
                "up": None if log.upcard is None else str(log.upcard),
                "actions": [[seat, str(action)] for seat, action in log.actions],
                "points": None if result is None else list(result.points),
                "out": None if result is None else result.out,
                "rummy": result is not None and result.rummy,
                "void": result is not None and result.void,
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


def replay(data: Any) -> RummyState:
    """Rebuild the match a record describes from its rules, seed and actions, checking it.

    Returns the state after the last recorded action (``MATCH_OVER`` when the record
    names winners). Raises :class:`~threethirteen.errors.RecordError` saying where
    the record is malformed or differs from the replayed match.
    """
    data = check_head(data, GAME_NAME, VERSION, "Rummy")
    fields = match_fields(data, Rules.from_options, "hand")
    state = RummyState.new(fields.rules, fields.players, fields.seed)
    replay_rounds(state, fields, _replay_round, "hand")
    return state


def _hand(text: str, where: str) -> tuple[Card, ...]:
    try:
        return sort_cards(parse_cards(text))
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}: {exc}") from exc


def _check_deal(state: RummyState, raw: Mapping[str, Any], where: str) -> None:
    dealer = get_field(raw, "dealer", int, where)
    if dealer != state.dealer:
        raise RecordError(
            f"{where}: the record's dealer is seat {dealer}, the replayed match's seat "
            f"{state.dealer}"
        )
    hand_texts = get_list(raw, "hands", str, where)
    if len(hand_texts) != state.players:
        raise RecordError(f"{where}: {len(hand_texts)} hands for {state.players} players")
    for seat, text in enumerate(hand_texts):
        hand = _hand(text, f"{where}: seat {seat}'s hand")
        dealt = state.dealt[seat]
        if hand != dealt:
            raise RecordError(
                f"{where}: seat {seat} was dealt {format_cards(dealt)!r} by the seed, but the "
                f"record says {text[:60]!r}"
            )
    up = get_field(raw, "up", str, where)
    upcard = _hand(up, f"{where}: field 'up'")
    if upcard != (state.upcard,):
        raise RecordError(
            f"{where}: the seed turned up {state.upcard}, but the record says {up[:20]!r}"
        )


def _replay_round(state: RummyState, raw: Any, index: int, is_last: bool) -> None:
    where = f"record: round entry {index}"
    if not isinstance(raw, Mapping):
        raise RecordError(f"{where}: expected an object, got {kind_of(raw)}")
    number = get_field(raw, "round", int, where)
    if number != state.round_number:
        raise RecordError(f"{where}: numbered {number}, expected hand {state.round_number}")
    where = f"record: hand {number}"
    _check_deal(state, raw, where)
    entries = get_field(raw, "actions", list, where)
    for count, entry in enumerate(entries, start=1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not is_int(entry[0])
            or not isinstance(entry[1], str)
        ):
            raise RecordError(
                f'{where}, action {count}: expected [seat, "action"], got {entry!r:.60}'
            )
        seat, text = entry
        try:
            action = parse_action(text)
        except ThreeThirteenError as exc:
            raise RecordError(f"{where}, action {count}: {exc}") from exc
        if state.phase not in (Phase.DRAW, Phase.MELD):
            raise RecordError(
                f"{where}, action {count} (seat {seat}: {text[:60]!r}): the hand is already over"
            )
        if seat != state.current:
            raise RecordError(
                f"{where}, action {count} (seat {seat}: {text[:60]!r}): seat {state.current} "
                f"is to act"
            )
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{where}, action {count}: {exc}") from exc
    _check_result(state, raw, where, len(entries), is_last=is_last)


def _check_result(
    state: RummyState, raw: Mapping[str, Any], where: str, count: int, *, is_last: bool
) -> None:
    for key in ("points", "out", "rummy", "void"):
        if key not in raw:
            raise RecordError(f"{where}: missing field {key!r}")
    over = state.phase is Phase.ROUND_OVER
    if raw["points"] is None:
        if over:
            raise RecordError(f"{where}: the hand ends after its actions, but its points are null")
        if not is_last:
            raise RecordError(f"{where}: the hand is unfinished, but more hands follow")
        if raw["out"] is not None or raw["rummy"] is not False or raw["void"] is not False:
            raise RecordError(
                f"{where}: an unfinished hand has out null, rummy and void false, got "
                f"{raw['out']!r:.20}, {raw['rummy']!r:.20}, {raw['void']!r:.20}"
            )
        return
    points = tuple(get_list(raw, "points", int, where))
    if len(points) != state.players:
        raise RecordError(f"{where}: {len(points)} points for {state.players} players")
    if not over:
        raise RecordError(
            f"{where}: the record scores the hand, but after its {count} actions it "
            f"is not over (phase {state.phase}, seat {state.current} to act)"
        )
    result = state.results[-1]
    if points != result.points:
        raise RecordError(
            f"{where}: the record's points {list(points)} differ from the replayed "
            f"{list(result.points)}"
        )
    out = raw["out"]
    if out is not None and not is_int(out):
        raise RecordError(f"{where}: field 'out' must be a seat or null, got {out!r:.40}")
    if out != result.out:
        raise RecordError(
            f"{where}: the record says seat {out} went out, the replayed hand says {result.out}"
        )
    for key, value in (("rummy", result.rummy), ("void", result.void)):
        if not isinstance(raw[key], bool):
            raise RecordError(f"{where}: field {key!r} must be true or false, got {raw[key]!r:.40}")
        if raw[key] != value:
            raise RecordError(
                f"{where}: the record's {key} is {str(raw[key]).lower()}, the replayed hand's "
                f"{str(value).lower()}"
            )
