"""A record's match rebuilt round by round and checked: what Thirteen's and Rummy's records share.

A game's ``replay(data)`` reads the fields every record has with :func:`match_fields`
(its rules through the game's ``from_options``), starts its match from the rules, seed
and player count, and hands each round's entry to :func:`replay_rounds` with its own
``replay_round``; :func:`replay_rounds` plays them in turn and checks the record's
winners and totals against the replayed match. Every refusal is a
:class:`~threethirteen.errors.RecordError` saying where.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from threethirteen.errors import RecordError, ThreeThirteenError
from threethirteen.game import MatchState, Stage
from threethirteen.jsonfields import get_field, get_list

__all__ = ["MatchFields", "match_fields", "replay_rounds"]

_MISSING = object()


@dataclass(frozen=True)
class MatchFields:
    """The fields every game's record holds, read and checked against each other."""

    rules: Any
    seed: int
    players: int
    seats: tuple[str, ...]
    rounds: list[Any]
    totals: tuple[int, ...]
    winners: tuple[int, ...] | None


def match_fields(
    data: Mapping[str, Any], from_options: Callable[[Mapping[str, Any]], Any], unit: str
) -> MatchFields:
    """The record's rules (``from_options`` of its ``rules``; the rules object has
    ``check_players``), seed, players, seat names, rounds (``unit`` names one: "round",
    "hand"), totals and winners; raises :class:`RecordError`."""
    try:
        rules = from_options(get_field(data, "rules", Mapping, "record"))
    except RecordError:
        raise
    except ThreeThirteenError as exc:
        raise RecordError(f"record: bad rules: {exc}") from exc
    seed = get_field(data, "seed", int, "record")
    players = get_field(data, "players", int, "record")
    try:
        rules.check_players(players)
    except ThreeThirteenError as exc:
        raise RecordError(f"record: field 'players': {exc}") from exc
    seats = get_list(data, "seats", str, "record")
    if len(seats) != players:
        raise RecordError(f"record: {len(seats)} seat names for {players} players")
    rounds = get_field(data, "rounds", list, "record")
    if not rounds:
        raise RecordError(f"record: field 'rounds' is empty; a match has at least one {unit}")
    totals = tuple(get_list(data, "totals", int, "record"))
    if len(totals) != players:
        raise RecordError(f"record: {len(totals)} totals for {players} players")
    if data.get("winners", _MISSING) is _MISSING:
        raise RecordError("record: missing field 'winners'")
    winners = None if data["winners"] is None else get_list(data, "winners", int, "record")
    return MatchFields(
        rules,
        seed,
        players,
        tuple(seats),
        rounds,
        totals,
        None if winners is None else tuple(winners),
    )


def replay_rounds(
    state: MatchState,
    fields: MatchFields,
    replay_round: Callable[[Any, Any, int, bool], None],
    unit: str,
) -> None:
    """Play every round entry of ``fields`` on ``state`` (a new match):
    ``replay_round(state, entry, index, is_last)`` plays one and checks that it ended
    as recorded; then the winners and totals are checked. Raises :class:`RecordError`."""
    last = len(fields.rounds)
    for index, raw in enumerate(fields.rounds, start=1):
        if index > 1:
            # (replay_round has checked that the one before is over: it has points)
            if state.winners():
                raise RecordError(
                    f"record: round entry {index}: the match was decided after {unit} "
                    f"{state.round_number} (winners {list(state.winners())}), but more "
                    f"{unit}s follow"
                )
            state.next_round()
        replay_round(state, raw, index, index == last)
    winners = fields.winners
    if winners is not None:
        if state.stage is not Stage.ROUND_OVER or not state.winners():
            raise RecordError(
                f"record names winners {list(winners)[:8]}, but the replayed match is not over "
                f"({unit} {state.round_number}, stage {state.stage}, totals "
                f"{list(state.totals)})"
            )
        state.next_round()
        if state.winners() != winners:
            raise RecordError(
                f"record names winners {list(winners)[:8]}, but the replayed match's winners "
                f"are {list(state.winners())}"
            )
    if state.totals != fields.totals:
        raise RecordError(
            f"record: totals {list(fields.totals)} differ from the replayed totals "
            f"{list(state.totals)}"
        )
