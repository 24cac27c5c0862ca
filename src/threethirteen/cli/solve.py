"""``threethirteen solve``: the exact solver on one hand, or on many from standard input.

``--game`` picks the game (default three-thirteen); ``--game rummy`` is answered by
:mod:`threethirteen.cli.rummy_solve` (the hand with ``--hand``, the table's melds with
``--table``). The hand may be given with ``--hand`` in every game; Three-Thirteen
also takes it as the cards after the options.

``threethirteen solve --rules classic --round 6 --json 2H 2C 7C 8H 8S 10C JC JS``
prints one JSON object::

    {"deadwood": 14, "melds": [["7C", "8S", "8H", "10C", "JC"]], "unmelded": ["JS", "2H", "2C"]}

A hand given with ``--round`` holds that round's cards, or one more.

and, when the hand holds one card more than the round deals (it just drew),
also ``discard``, ``deadwood_after_discard`` and ``can_go_out``. Every card
string in the output parses back as input. With ``-`` in place of the cards,
each line of standard input is a hand and each answer is one line; a line
that cannot be solved answers ``{"input": ..., "error": ...}`` (or an
``error:`` line without ``--json``) and the command then exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.text import Text

from threethirteen.cards import Card, format_cards, parse_cards
from threethirteen.cli.common import make_console, rules_from_args
from threethirteen.cli.games import add_game_options
from threethirteen.cli.render import arrangement_lines, cards_text, round_title
from threethirteen.errors import RulesError, ThreeThirteenError
from threethirteen.games import get_game
from threethirteen.games.three_thirteen.rules import Rules
from threethirteen.games.three_thirteen.solver import Arrangement, HandSolver

__all__ = ["MAX_CARDS", "add_parser", "analyse", "answer_json", "run"]

MAX_CARDS = 15
"""The largest hand the command accepts: 14 dealt in Six-Fourteen plus the drawn card."""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "solve",
        help="the best arrangement (and best discard) of a hand",
        description="Find the lowest penalty of a hand and one arrangement reaching it; for a "
        "hand that just drew (round size + 1 cards) also the best discard and whether it "
        "goes out. With --game rummy: the count of a hand after the draw against the melds "
        "on the table (--table), the best discard, the count after it and whether the hand "
        "goes out. Cards are written like 7H 10S QD JK (see docs/notation.md).",
    )
    add_game_options(parser)
    parser.add_argument(
        "--round",
        type=int,
        metavar="N",
        help="the round (1-based); default: the round dealing this many cards, or one fewer",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per hand")
    parser.add_argument(
        "--hand", nargs="+", metavar="CARD", help="the hand (every game; or the cards below)"
    )
    parser.add_argument(
        "--table",
        nargs="+",
        metavar="MELD",
        help='rummy: the melds on the table, each quoted: "7H 8H 9H" "JS JD JC"',
    )
    parser.add_argument(
        "--taken", metavar="CARD", help="rummy: the card taken from the discard pile this turn"
    )
    parser.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help="the hand, or '-' to read hands from standard input, one a line",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.hand and args.cards:
        raise RulesError("give the hand once: with --hand or as the cards after the options")
    hand: list[str] = args.hand or args.cards
    game = _game_name(args.game)
    if game == "rummy":
        # Imported here so that a Three-Thirteen hand never loads Rummy's modules.
        from threethirteen.cli import rummy_solve

        return rummy_solve.run(args, hand)
    if game == "thirteen":
        raise RulesError(
            "Thirteen has no melds to solve: its hands are played, not melded "
            "(see 'threethirteen legal --game thirteen' for a hand's plays)"
        )
    if args.table or args.taken:
        raise RulesError("--table and --taken are for --game rummy")
    if not hand:
        raise RulesError("no cards given: write the hand like '--hand 7H 8H 9H JK'")
    rules = rules_from_args(args.rules or "classic", args.house)
    console = make_console()
    if hand == ["-"]:
        return _run_batch(rules, args.round, args.json, console)
    cards = parse_cards(hand)
    result = analyse(rules, args.round, cards)
    _print_answer(result, args.json, console)
    return 0


def _game_name(text: str) -> str:
    """The registry name of ``--game`` (rummy is known without loading its game module)."""
    if text.strip().lower() == "rummy":
        return "rummy"
    return get_game(text).name


@dataclass(frozen=True, slots=True)
class Analysis:
    """The solver's answer for one hand, with what is needed to print it.

    ``discard``, ``after_discard`` and ``can_go_out`` are set only for a hand
    holding one card more than the round deals.
    """

    rules: Rules
    round_number: int
    cards: tuple[Card, ...]
    arrangement: Arrangement
    discard: Card | None = None
    after_discard: Arrangement | None = None
    can_go_out: bool | None = None


def analyse(rules: Rules, round_number: int | None, cards: Sequence[Card]) -> Analysis:
    """Solve ``cards`` in the given round (default: the round for the hand's size).

    Raises :class:`RulesError` for a round that does not exist, an empty or
    oversized hand, a hand of neither the round's size nor one card more, or a
    hand the rules' shoe cannot hold.
    """
    hand = tuple(cards)
    if not hand:
        raise RulesError("no cards given: write the hand like '7H 8H 9H JK'")
    if len(hand) > MAX_CARDS:
        raise RulesError(
            f"{len(hand)} cards given: a hand holds at most {MAX_CARDS} "
            f"(14 dealt plus the card just drawn)"
        )
    _check_shoe(rules, hand)
    number = rules.round_for_hand(len(hand)) if round_number is None else round_number
    spec = rules.round_spec(number)
    if len(hand) not in (spec.hand_size, spec.hand_size + 1):
        raise RulesError(
            f"{len(hand)} card{'' if len(hand) == 1 else 's'} given, but round {number} deals "
            f"{spec.hand_size} cards: give {spec.hand_size} cards, or {spec.hand_size + 1} "
            "for a hand that has just drawn"
        )
    solver = HandSolver.for_round(rules, number)
    arrangement = solver.solve(hand)
    if len(hand) != spec.hand_size + 1:
        return Analysis(rules, number, hand, arrangement)
    choice = solver.best_discard(hand)
    return Analysis(
        rules, number, hand, arrangement, choice.discard, choice.arrangement, choice.can_go_out
    )


def _check_shoe(rules: Rules, hand: tuple[Card, ...]) -> None:
    """Refuse a hand that no deal under ``rules`` can produce."""
    decks = rules.decks_for(rules.max_players)
    for card, count in Counter(hand).items():
        if card.is_joker:
            if count > rules.jokers:
                where = f"only {rules.jokers}" if rules.jokers else "no"
                raise RulesError(
                    f"the hand holds {count} x 'JK' but {rules.name!r} shuffles {where} jokers "
                    f"(add jokers with --house jokers or --house jokers=N)"
                )
        elif count > decks:
            raise RulesError(
                f"the hand holds {count} x {str(card)!r} but {rules.name!r} shuffles "
                f"at most {decks} decks"
            )


def answer_json(result: Analysis) -> dict[str, Any]:
    """The JSON object the command prints for one hand."""
    out: dict[str, Any] = {
        "deadwood": result.arrangement.deadwood,
        "melds": [[str(c) for c in m.cards] for m in result.arrangement.melds],
        "unmelded": [str(c) for c in result.arrangement.unmelded],
    }
    if result.discard is not None and result.after_discard is not None:
        out["discard"] = str(result.discard)
        out["deadwood_after_discard"] = result.after_discard.deadwood
        out["can_go_out"] = bool(result.can_go_out)
    return out


def _print_answer(result: Analysis, as_json: bool, console: Console) -> None:
    if as_json:
        # Plain print: rich would wrap or style the JSON.
        print(json.dumps(answer_json(result)), flush=True)
        return
    rules = result.rules
    spec = rules.round_spec(result.round_number)
    unicode = console.encoding.lower().startswith("utf")
    wild = spec.wild_rank
    console.print(Text(f"{rules.name} rules, {round_title(spec, rules)}", style="bold"))
    console.print(Text.assemble(("hand: ", "dim"), cards_text(result.cards, wild, unicode=unicode)))
    for line in arrangement_lines(result.arrangement, wild, unicode=unicode):
        console.print(Text("  ") + line)
    if result.discard is not None and result.after_discard is not None:
        console.print(
            Text.assemble(
                ("best discard: ", "bold"),
                cards_text([result.discard], wild, unicode=unicode),
                f" (deadwood after it: {result.after_discard.deadwood})",
            )
        )
        for line in arrangement_lines(result.after_discard, wild, unicode=unicode):
            console.print(Text("  ") + line)
        verdict = "yes" if result.can_go_out else "no"
        console.print(
            Text(f"can go out: {verdict}", style="bold green" if result.can_go_out else "")
        )


def _run_batch(rules: Rules, round_number: int | None, as_json: bool, console: Console) -> int:
    """One answer a line for every non-blank line of standard input; '#' starts a comment."""
    status = 0
    for raw in sys.stdin:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            result = analyse(rules, round_number, parse_cards(line))
        except ThreeThirteenError as exc:
            status = 2
            if as_json:
                print(json.dumps({"input": line, "error": str(exc)}), flush=True)
            else:
                print(f"error: {exc}", flush=True)
            continue
        if as_json:
            _print_answer(result, True, console)
        else:
            _print_compact(result, console)
    return status


def _print_compact(result: Analysis, console: Console) -> None:
    """One readable line per hand for batch mode without ``--json``."""
    arrangement = result.arrangement
    melds = " | ".join(str(m) for m in arrangement.melds) or "no melds"
    unmelded = format_cards(arrangement.unmelded) or "-"
    line = f"deadwood {arrangement.deadwood}: {melds}; unmelded {unmelded}"
    if result.discard is not None and result.after_discard is not None:
        line += (
            f"; discard {result.discard} -> {result.after_discard.deadwood}"
            f"{', goes out' if result.can_go_out else ''}"
        )
    print(line, flush=True)
