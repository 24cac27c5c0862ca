"""``threethirteen replay FILE``: print a recorded match round by round.

The record is first replayed through the engine
(:func:`threethirteen.games.three_thirteen.replay.replay`), which checks every deal, action and
score against the seed; only a record that passes is printed. A record
holds full information, so the replay shows every hand and every card drawn.
A file that is not a record, or one the engine cannot reproduce, is an error
(exit 2) saying what is wrong and where. A Thirteen record (``"game": "thirteen"``)
is printed by :mod:`threethirteen.cli.thirteen_replay`, a Rummy record (``"game":
"rummy"``) by :mod:`threethirteen.cli.rummy_replay`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from threethirteen.cli.common import add_rules_options, make_console, rules_from_args
from threethirteen.cli.render import (
    card_text,
    cards_text,
    result_heading,
    result_table,
    round_title,
    score_sheet_table,
    seat_label,
    totals_line,
    winner_line,
)
from threethirteen.errors import RecordError
from threethirteen.games.three_thirteen.records import GameRecord
from threethirteen.games.three_thirteen.replay import replay
from threethirteen.games.three_thirteen.scoring import ScoreSheet
from threethirteen.games.three_thirteen.state import Deal, MatchState
from threethirteen.games.three_thirteen.views import Event, EventKind

__all__ = ["add_parser", "print_match", "run"]


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "replay",
        help="print a recorded match round by round",
        description="Check a game record (from 'play --save') against its seed and print it: "
        "every deal, every move, each round's revealed hands and scores, and the winner.",
    )
    # A record carries its own rules; given here, they must match it (a check, not a change).
    add_rules_options(parser, default=None)
    parser.add_argument("file", metavar="FILE", help="a game record (JSON)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if path.is_dir():
        raise RecordError(f"{args.file!r} is a directory, not a game record")
    data = path.read_bytes()
    # Imported here, as play does: the Thirteen printer imports this module's neighbours.
    from threethirteen.cli import thirteen_replay

    # Each game's records are printed by its own module, chosen by the record's game.
    game = thirteen_replay.record_game(data)
    if game == "thirteen":
        return thirteen_replay.run(args, data)
    if game == "rummy":
        from threethirteen.cli import rummy_replay

        return rummy_replay.run(args, data)
    try:
        record = GameRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(f"{args.file!r}: {exc}") from exc
    if args.rules is not None or args.house:
        expected = rules_from_args(args.rules or "classic", args.house)
        if expected != record.rules:
            raise RecordError(
                f"{args.file!r} was played under {record.rules.summary()!r}, "
                f"not {expected.summary()!r}"
            )
    try:
        state = replay(record)
    except RecordError as exc:
        raise RecordError(f"{args.file!r}: {exc}") from exc
    print_match(record, state, make_console())
    return 0


def print_match(record: GameRecord, state: MatchState, console: Console) -> None:
    """Print a replayed match: header, each round's deal, moves and reveal, then the result."""
    unicode = console.encoding.lower().startswith("utf")
    rules = record.rules
    names = list(record.names)
    status = "finished" if record.finished else "unfinished"
    console.print(Rule(Text("Three-Thirteen replay", style="bold")))
    console.print(rules.summary())
    console.print(f"Players: {', '.join(names)}; seed {record.seed}; {status} match")
    results = state.results
    sheet = ScoreSheet.empty(record.players)
    for index, (deal, events) in enumerate(state.history):
        spec = rules.round_spec(deal.number)
        console.print()
        console.print(Rule(Text(round_title(spec, rules), style="bold")))
        _print_deal(deal, names, spec.wild_rank, console, unicode=unicode)
        _print_moves(events, names, spec.wild_rank, console, unicode=unicode)
        if index < len(results):
            result = results[index]
            sheet = sheet.add(result.penalties)
            console.print(Text(result_heading(result, names), style="bold"))
            console.print(result_table(result, names, unicode=unicode))
            console.print(totals_line(sheet, names))
        else:
            console.print(
                Text("The record stops here, in the middle of the round.", style="yellow")
            )
    console.print()
    console.print(Rule(Text("Score sheet", style="bold")))
    console.print(score_sheet_table(state.scores, names))
    console.print(totals_line(state.scores, names))
    if record.winners is not None:
        console.print(Text(winner_line(rules, state.scores, record.winners, names), style="bold"))
    else:
        console.print(f"Unfinished: {len(results)} of {rules.rounds} rounds scored.")


def _print_deal(
    deal: Deal, names: Sequence[str], wild: Any, console: Console, *, unicode: bool
) -> None:
    console.print(
        Text.assemble(
            f"{seat_label(names, deal.dealer)} deals. Up card: ",
            card_text(deal.up, wild, unicode=unicode),
        )
    )
    for seat, hand in enumerate(deal.hands):
        console.print(
            Text.assemble(f"  {seat_label(names, seat)}: ", cards_text(hand, wild, unicode=unicode))
        )


def _print_moves(
    events: Sequence[Event], names: Sequence[str], wild: Any, console: Console, *, unicode: bool
) -> None:
    """One line a turn: the draw and the discard (or going out)."""
    turn = 0
    parts: list[str | Text | tuple[str, str]] = []
    for event in events:
        if event.kind is EventKind.RESHUFFLE:
            console.print(
                Text(f"  (the discard pile's {event.count} cards under its top become the stock)")
            )
            continue
        card = card_text(event.card, wild, unicode=unicode) if event.card is not None else Text("?")
        if event.kind in (EventKind.DRAW_STOCK, EventKind.DRAW_DISCARD):
            turn += 1
            stock = event.kind is EventKind.DRAW_STOCK
            verb, where = ("drew", "the stock") if stock else ("took", "the pile")
            who = seat_label(names, event.seat)
            parts = [f"  {turn:>3}. {who}: {verb} ", card, f" from {where}, "]
            continue
        if event.kind is EventKind.GO_OUT:
            parts += [("went out", "bold green"), " discarding ", card]
        else:
            parts += ["discarded ", card]
        console.print(Text.assemble(*parts))
        parts = []
    if parts:  # a draw with no discard yet: an unfinished record
        console.print(Text.assemble(*parts, ("(no discard yet)", "dim")))
