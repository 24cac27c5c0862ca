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
from threethirteen.errors import RecordError, ThreeThirteenError
from threethirteen.games.rummy.actions import Discard, Draw, LayOff, NewMeld
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.record import read_record_json
from threethirteen.games.rummy.state import RummyState

__all__ = ["print_match", "run"]


def run(args: argparse.Namespace, data: bytes) -> int:
    """Check the Rummy record ``data`` (from ``args.file``) and print it; the exit status.

    Raises :class:`~threethirteen.errors.RecordError` quoting the file for a record
    that does not read or replay, or whose rules differ from ``--rules``/``--house``.
    """
    try:
        raw = read_record_json(data)
        state = GAME.replay(raw)
    except RecordError as exc:
        raise RecordError(f"{args.file!r}: {exc}") from exc
    if args.rules is not None or args.house:
        try:
            expected = GAME.rules(args.rules, tuple(args.house))
        except ThreeThirteenError as exc:
            raise RecordError(f"{args.file!r} is a Rummy record: {exc}") from exc
        if expected != state.rules:
            raise RecordError(
                f"{args.file!r} was played under {state.rules.summary()!r}, "
                f"not {expected.summary()!r}"
            )
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
    console.print(Rule(Text("Rummy replay", style="bold")))
    console.print(rules.summary())
    status = "finished" if finished else "unfinished"
    console.print(f"Players: {', '.join(names)}; seed {state.seed}; {status} match")
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
            lines = narrator.lines(event, drawn)
            console.print(Text(f"  {number:>3}. ") + lines[0])
            for line in lines[1:]:
                console.print(Text("       ") + line)
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
    console.print()
    console.print(Rule(Text("Score sheet", style="bold")))
    console.print(score_sheet_table(results, names))
    console.print(totals_line(state.totals, names, rules))
    if finished:
        console.print(Text(winner_line(state.winners(), state.totals, names), style="bold"))
    else:
        scored = count("hand", len(results))
        console.print(plain(f"Unfinished: {scored} played, no winner yet.", unicode=unicode))
