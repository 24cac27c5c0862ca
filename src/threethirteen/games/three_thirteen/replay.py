"""Replaying a Three-Thirteen record into a :class:`~.state.MatchState`, checking it.

The record (:mod:`.records`) is data and JSON; the match (:mod:`.state`) writes
its own record. Replaying needs both, so it lives here, above them: neither
imports the other's module back.

>>> from threethirteen.games.three_thirteen.records import GameRecord
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> state = MatchState.new(get_rules("classic").with_options(hand_sizes=(3, 4)), 2, seed=5)
>>> while state.phase is not Phase.MATCH_OVER:
...     if state.phase is Phase.ROUND_OVER:
...         state.next_round()
...     else:
...         _ = state.apply(state.legal_actions()[-1])
>>> text = state.record(["ann", "bob"]).to_json()
>>> replay(GameRecord.from_json(text)).scores == state.scores
True
"""

from __future__ import annotations

from threethirteen.cards import Card, format_cards
from threethirteen.errors import IllegalActionError, RecordError, ThreeThirteenError
from threethirteen.games.three_thirteen.records import REPLAYABLE_VERSIONS, GameRecord, RoundRecord
from threethirteen.games.three_thirteen.state import MatchState, Phase

__all__ = ["replay"]


def replay(record: GameRecord) -> MatchState:
    """Rebuild the match of ``record`` from its rules, seed and actions, checking it.

    Returns the state after the last recorded action (``MATCH_OVER`` for a
    finished match). Raises :class:`RecordError` quoting the first difference:
    a deal, a dealer or a score the seed does not reproduce, an action by the
    wrong seat or an illegal one, wrong totals or winners; and for a version 1
    record, whose deals this engine does not make.
    """
    if record.version not in REPLAYABLE_VERSIONS:
        raise RecordError(
            f"record version {record.version} cannot be replayed: its seed dealt every "
            f"round from one generator for the whole match, and this threethirteen deals "
            f"each round from its own (versions {REPLAYABLE_VERSIONS[0]} on); the record "
            f"can still be read"
        )
    try:
        state = MatchState.new(record.rules, record.players, record.seed)
    except ThreeThirteenError as exc:
        raise RecordError(f"record cannot start its match: {exc}") from exc
    if not record.rounds:
        raise RecordError("record has no rounds")
    if len(record.rounds) > record.rules.rounds:
        raise RecordError(
            f"record has {len(record.rounds)} rounds, but its rules play {record.rules.rounds}"
        )
    last = len(record.rounds) - 1
    for index, rnd in enumerate(record.rounds):
        if index > 0:
            state.next_round()
        _replay_round(state, rnd, is_last=index == last)
    if record.winners is not None:
        if state.phase is not Phase.ROUND_OVER or state.round_number != record.rules.rounds:
            raise RecordError(
                f"record names winners {list(record.winners)}, but its match is not over "
                f"(round {state.round_number} of {record.rules.rounds}, phase {state.phase})"
            )
        state.next_round()
        if state.winners() != record.winners:
            raise RecordError(
                f"record names winners {list(record.winners)}, but the replayed match's "
                f"winners are {list(state.winners())}"
            )
    if state.scores.totals != record.totals:
        raise RecordError(
            f"record totals {list(record.totals)} differ from the replayed totals "
            f"{list(state.scores.totals)}"
        )
    return state


def _replay_round(state: MatchState, rnd: RoundRecord, *, is_last: bool) -> None:
    where = f"record round {rnd.number}"
    if rnd.number != state.round_number:
        raise RecordError(f"{where}: expected round {state.round_number} here")
    deal = state.deal
    if rnd.dealer != deal.dealer:
        raise RecordError(
            f"{where}: the record's dealer is seat {rnd.dealer}, the seed's {deal.dealer}"
        )
    for seat, (recorded, dealt) in enumerate(zip(rnd.hands, deal.hands, strict=True)):
        if tuple(sorted(recorded, key=Card.sort_key)) != dealt:
            raise RecordError(
                f"{where}: seat {seat} was dealt {format_cards(dealt)!r} by the seed, "
                f"but the record says {format_cards(recorded)!r}"
            )
    if rnd.up != deal.up:
        raise RecordError(
            f"{where}: the up card is {deal.up} by the seed, the record says {rnd.up}"
        )
    for number, (seat, action) in enumerate(rnd.actions, start=1):
        if state.phase not in (Phase.DRAW, Phase.DISCARD):
            raise RecordError(
                f"{where}, action {number} (seat {seat}: {str(action)!r}): "
                "the round is already over"
            )
        if seat != state.current:
            raise RecordError(
                f"{where}, action {number} (seat {seat}: {str(action)!r}): seat "
                f"{state.current} is to act"
            )
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{where}, action {number}: {exc}") from exc
    over = state.phase is Phase.ROUND_OVER
    if rnd.scores is None:
        if over:
            raise RecordError(f"{where}: the round ends after its actions, but it has no scores")
        if not is_last:
            raise RecordError(f"{where}: the round is unfinished, but more rounds follow")
        return
    if not over:
        raise RecordError(
            f"{where}: the record scores the round, but after its {len(rnd.actions)} actions "
            f"it is not over (phase {state.phase}, seat {state.current} to act)"
        )
    replayed = state.results[-1].penalties
    if replayed != rnd.scores:
        raise RecordError(
            f"{where}: the record's scores {list(rnd.scores)} differ from the replayed "
            f"{list(replayed)}"
        )
