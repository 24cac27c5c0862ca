"""``threethirteen replay FILE`` for a Rummy record: the match hand by hand.

:mod:`threethirteen.cli.replay` hands a file over here when its ``game`` field is
``rummy``. The record is first replayed through the game
(:func:`threethirteen.games.rummy.record.replay`), which checks every deal, action
and score against the seed; only a record that passes is printed: each hand's
dealt hands and the card turned up, every action in order with who made it (a
record holds full information, so the cards drawn from the stock are named too),
the table after each turn that changed it, the stock's rebuilds, the cards left in
every hand and what they cost, the running totals, and the winners. A record that
does not read or does not reproduce is a :class:`~threethirteen.errors.RecordError`
quoting the file and the problem (the command exits 2).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from threethirteen.cli.common import make_console
from threethirteen.cli.rummy_render import (
    Narrator,
    cards_text,
    count,
    plain,
    result_heading,
    result_table,
    score_sheet_table,
    seat_name,
    table_lines,
    totals_line,
    winner_line,
)
from threethirteen.cli.terminal import (
    print_final_scores,
    print_numbered,
    print_replay_heading,
    read_replay,
)
from threethirteen.games.rummy.actions import Discard, Draw, LayOff, NewMeld
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.state import RummyState

__all__ = ["print_match", "run"]


def run(args: argparse.Namespace, data: bytes) -> int:
    """Check the Rummy record ``data`` (from ``args.file``) with
    :func:`~threethirteen.cli.terminal.read_replay`, and print it; the exit status."""
    raw, state = read_replay(args, data, GAME)
    print_match(raw, state, make_console())
    return 0


def print_match(data: Mapping[str, Any], state: RummyState, console: Console) -> None:
    """Print a replayed Rummy match: each hand's deal, actions and result, then the totals.

    ``data`` is the record (checked: ``state`` is what ``GAME.replay`` made of it).
    """
    unicode = (console.encoding or "").lower().startswith("utf")
    names: Sequence[str] = list(data["seats"])
    rules = state.rules
    finished = data.get("winners") is not None
    print_replay_heading(console, GAME.title, rules.summary(), names, state.seed, finished)
    narrator = Narrator(names, None, unicode=unicode, rules=rules)
    # The record's actions are played again on a fresh match, so that each line can name
    # the card drawn from the stock, and the cards left in every hand at its end are known.
    again = RummyState.new(rules, state.players, state.seed)
    results = state.results
    totals = [0] * state.players
    for index, log in enumerate(state.history):
        if index:
            again.next_round()
        console.print()
        console.print(Rule(Text(f"Hand {log.number}", style="bold")))
        first = (log.dealer + 1) % state.players
        up = cards_text([log.upcard] if log.upcard is not None else [], unicode=unicode)
        console.print(
            Text.assemble(
                f"{seat_name(names, log.dealer)} deals; {seat_name(names, first)} plays first. "
                "Up card: ",
                up,
            )
        )
        for seat, hand in enumerate(log.hands):
            console.print(
                Text.assemble(f"  {seat_name(names, seat)}: ", cards_text(hand, unicode=unicode))
            )
        narrator.start_hand(1 if log.upcard is not None else 0)
        changed = False
        for number, (seat, action) in enumerate(log.actions, start=1):
            before = again.hand(seat)
            event = again.apply(action)
            drawn = None
            if isinstance(action, Draw):
                (drawn,) = set(again.hand(seat)) - set(before)
            print_numbered(console, number, narrator.lines(event, drawn))
            changed = changed or isinstance(action, NewMeld | LayOff)
            if changed and (isinstance(action, Discard) or event.went_out):
                for line in table_lines(again.table, again.table_owners, names, unicode=unicode):
                    console.print(Text("       ") + line)
                changed = False
        if index < len(results):
            result = results[index]
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            console.print(Text(result_heading(result, names, rules, again.turns), style="bold"))
            hands = [again.hand(seat) for seat in range(state.players)]
            console.print(result_table(result, hands, names, totals, unicode=unicode))
            console.print(totals_line(totals, names, rules))
        else:
            console.print(Text("The record stops here, in the middle of the hand.", style="yellow"))
    verdict: Text | str
    if finished:
        verdict = Text(winner_line(state.winners(), state.totals, names), style="bold")
    else:
        scored = count("hand", len(results))
        verdict = plain(f"Unfinished: {scored} played, no winner yet.", unicode=unicode)
    sheet = score_sheet_table(results, names)
    print_final_scores(
        console, "Score sheet", sheet, totals_line(state.totals, names, rules), verdict
    )
