"""``threethirteen replay FILE`` for a Thirteen record: the match round by round.

:mod:`threethirteen.cli.replay` hands a file over here when its ``game`` field is
``thirteen``. The record is first replayed through the game
(:meth:`~threethirteen.games.thirteen.game.ThirteenGame.replay`), which checks
every deal, action and score against the seed; only a record that passes is
printed: each round's dealt hands, every play and pass in order with who made it
and when the table cleared, the finishing order and points, the running totals,
and the winners. A record that does not read or does not reproduce is a
:class:`~threethirteen.errors.RecordError` quoting the file and the problem
(the command exits 2).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from threethirteen.cli.common import make_console
from threethirteen.cli.terminal import (
    print_final_scores,
    print_numbered,
    print_replay_heading,
    read_replay,
)
from threethirteen.cli.thirteen_render import (
    Narrator,
    cards_text,
    count,
    leader_line,
    plain,
    result_heading,
    result_table,
    score_sheet_table,
    seat_name,
    totals_line,
    winner_line,
)
from threethirteen.games.thirteen.game import GAME
from threethirteen.games.thirteen.state import ThirteenState

__all__ = ["print_match", "record_game", "run"]


def record_game(data: bytes | str) -> str | None:
    """The ``game`` field of record text, or None when it has none or is no JSON object.

    >>> record_game(b'{"format": "threethirteen-record", "game": "thirteen"}')
    'thirteen'
    >>> record_game(b"{not json") is None, record_game(b"[1]") is None
    (True, True)
    """
    try:
        raw = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        return None
    game = raw.get("game") if isinstance(raw, dict) else None
    return game if isinstance(game, str) else None


def run(args: argparse.Namespace, data: bytes) -> int:
    """Check the Thirteen record ``data`` (from ``args.file``) with
    :func:`~threethirteen.cli.terminal.read_replay`, and print it; the exit status."""
    raw, state = read_replay(args, data, GAME)
    print_match(raw, state, make_console())
    return 0


def print_match(data: Mapping[str, Any], state: ThirteenState, console: Console) -> None:
    """Print a replayed Thirteen match: each round's deal, moves and result, then the totals.

    ``data`` is the record (checked: ``state`` is what :meth:`GAME.replay` made of it).
    """
    unicode = (console.encoding or "").lower().startswith("utf")
    names: Sequence[str] = list(data["seats"])
    rules = state.rules
    finished = data.get("winners") is not None
    summary = plain(rules.summary(), unicode=unicode)
    print_replay_heading(console, GAME.title, summary, names, state.seed, finished)
    narrator = Narrator(names, state.players, None, unicode=unicode)
    # The record's actions are played again on a fresh match, so that each event says
    # what it did to the trick (the table clearing, a seat going out).
    again = ThirteenState.new(rules, state.players, state.seed)
    results = state.results
    totals = [0] * state.players
    for index, log in enumerate(state.history):
        if index:
            again.next_round()
        console.print()
        console.print(Rule(Text(f"Round {log.number}", style="bold")))
        previous = results[index - 1].number if index else None
        if not (index < len(results) and results[index].instant):
            console.print(leader_line(narrator, log.leader, log.first_lead_card, previous))
        for seat, hand in enumerate(log.hands):
            console.print(
                Text.assemble(f"  {seat_name(names, seat)}: ", cards_text(hand, unicode=unicode))
            )
        narrator.start_round()
        for number, (_, action) in enumerate(log.actions, start=1):
            print_numbered(console, number, narrator.lines(again.apply(action)))
        if index < len(results):
            result = results[index]
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            console.print(Text(result_heading(result, names), style="bold"))
            console.print(result_table(result, names, totals))
            console.print(totals_line(totals, names, rules))
        else:
            console.print(
                Text("The record stops here, in the middle of the round.", style="yellow")
            )
    verdict: Text | str
    if finished:
        verdict = Text(winner_line(state.winners(), state.totals, names), style="bold")
    else:
        verdict = f"Unfinished: {count('round', len(results))} scored, no winner yet."
    sheet = score_sheet_table(results, names)
    print_final_scores(
        console, "Score sheet", sheet, totals_line(state.totals, names, rules), verdict
    )
