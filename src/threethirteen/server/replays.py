"""Stepping through a finished match: the position after any step, every hand shown.

Steps run over the whole match: step 0 is round 1 as dealt, each action is one
step, and the deal of each later round is one step. Only finished matches are
replayed for clients (every card is public by then).

>>> from threethirteen.bots import make_bot, play_match
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> rules = get_rules("classic").with_options(hand_sizes=(3, 4))
>>> record = play_match(rules, [make_bot("simple"), make_bot("simple")], seed=3).record
>>> total = step_count(record)
>>> total == 2 + sum(len(r.actions) for r in record.rounds)
True
>>> replay_step(record, 0)["action"] is None
True
>>> replay_step(record, total)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.server.protocol.ProtocolError: step ... is not a step of this match: 0 to ...
"""

from __future__ import annotations

from typing import Any

from threethirteen.games.three_thirteen.records import GameRecord
from threethirteen.games.three_thirteen.state import MatchState, Phase
from threethirteen.server.protocol import ProtocolError, encode_result, encode_scores

__all__ = ["replay_step", "step_count"]


def step_count(record: GameRecord) -> int:
    """How many steps the match has: one deal a round plus every action."""
    return sum(1 + len(r.actions) for r in record.rounds)


def replay_step(record: GameRecord, step: int) -> dict[str, Any]:
    """The replay message of ``step`` (see ``docs/protocol.md``).

    Raises :class:`~threethirteen.server.protocol.ProtocolError` for a step out of range.
    """
    total = step_count(record)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < total:
        raise ProtocolError(
            "bad-request", f"step {step!r} is not a step of this match: 0 to {total - 1}", step
        )
    state = MatchState.new(record.rules, record.players, record.seed)
    action = _advance(state, record, step)
    return {
        "step": step,
        "steps": total,
        "round": state.round_number,
        "action": action,
        "names": list(record.names),
        "state": _omniscient(state),
    }


def _advance(state: MatchState, record: GameRecord, step: int) -> dict[str, Any] | None:
    """Play ``state`` forward to ``step``; the action of that step (None for a deal)."""
    position = 0
    for index, rnd in enumerate(record.rounds):
        if index > 0:
            state.next_round()
            position += 1
        if position == step:
            return None
        for seat, act in rnd.actions:
            state.apply(act)
            position += 1
            if position == step:
                return {"seat": seat, "action": str(act)}
    return None


def _omniscient(state: MatchState) -> dict[str, Any]:
    return {
        "round": state.round_number,
        "rounds": state.rules.rounds,
        "hand_size": state.spec.hand_size,
        "wild_rank": str(state.wild_rank),
        "phase": state.phase.value,
        "current": state.current,
        "dealer": state.dealer,
        "hands": [[str(c) for c in hand] for hand in state.hands],
        "discard_pile": [str(c) for c in state.discard_pile],
        "stock_size": state.stock_size,
        "table_melds": [
            {"kind": m.kind.value, "cards": [str(c) for c in m.cards]} for m in state.table
        ],
        "out_seat": state.out_seat,
        "scores": encode_scores(state.scores),
        "results": [encode_result(r) for r in state.results],
        "over": state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER),
    }
