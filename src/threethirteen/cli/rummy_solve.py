"""``threethirteen solve --game rummy``: the exact analysis of a Rummy hand and the table.

``threethirteen solve --game rummy --hand 4H 5H 6H 9S 9D 9C KC --table "7H 8H 9H"
"JS JD JC"`` prints the count of the hand before the discard (the points of the
cards left after its best melds and lay-offs onto the table's melds), one
arrangement reaching it, the best discard, the count after it, and whether the hand
can go out this turn. ``--taken CARD`` names the card taken from the discard pile
this turn (it may not be discarded unless ``--house discard-taken-card``);
``--house`` takes Rummy's house rules (``ace-high``, ``must-discard``, ...).
With ``--json`` it prints one JSON object::

    {"deadwood": 10, "melds": [["9S", "9D", "9C"], ["4H", "5H", "6H"]], "layoffs": [],
     "unmelded": ["KC"], "discard": "KC", "deadwood_after_discard": 0,
     "after_discard": {...}, "discards": [["KC", 0], ...], "can_go_out": true}

``layoffs`` are ``[card, table meld number]`` pairs in playing order (numbers count
from 1 in the order of ``--table``). Every card string parses back as input.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from threethirteen.cards import Card, parse_cards
from threethirteen.cli.common import make_console
from threethirteen.cli.render import cards_text
from threethirteen.errors import NotationError, RulesError, ThreeThirteenError
from threethirteen.games.rummy.analysis import Arrangement, HandAnalysis, analyse
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.rules import Rules, apply_house_rule, get_rules

__all__ = ["MAX_CARDS", "answer_json", "read_position", "run"]

MAX_CARDS = 26
"""The largest hand the command takes: 25 dealt (the most ``cards_dealt`` allows) plus a draw."""


def run(args: argparse.Namespace, hand: Sequence[str]) -> int:
    """Analyse the hand of ``hand`` (card texts) against ``--table``; print the answer."""
    rules = get_rules(args.rules or "cardgames")
    for spec in args.house:
        rules = apply_house_rule(rules, spec)
    if args.round is not None:
        raise RulesError("--round is for three-thirteen: a Rummy hand has no round to give")
    if list(hand) == ["-"]:
        raise RulesError(
            "reading hands from standard input ('-') is for three-thirteen; "
            "give the Rummy hand with --hand"
        )
    cards, table, taken = read_position(hand, args.table or (), args.taken, rules)
    result = analyse(cards, table, rules, taken)
    if args.json:
        # Plain print: rich would wrap or style the JSON.
        print(json.dumps(answer_json(result)), flush=True)
    else:
        _print_answer(result, rules, make_console())
    return 0


def read_position(
    hand: Sequence[str], table: Sequence[str], taken: str | None, rules: Rules
) -> tuple[tuple[Card, ...], tuple[Meld, ...], Card | None]:
    """The hand, the table's melds and the card taken, read from their notation.

    Raises :class:`~threethirteen.errors.ThreeThirteenError` quoting a malformed card
    (saying which table meld holds it), a table meld that is no meld, or a hand that
    is empty or too large; the analysis itself refuses a card twice or a card both in
    the hand and on the table.
    """
    cards = parse_cards(hand)
    if not cards:
        raise RulesError("no cards given: write the hand like '--hand 4H 5H 6H KC'")
    if len(cards) > MAX_CARDS:
        raise RulesError(f"{len(cards)} cards given: a Rummy hand holds at most {MAX_CARDS}")
    melds = []
    for number, text in enumerate(table, 1):
        try:
            melds.append(Meld.parse(text, ace_high=rules.ace_high))
        except NotationError as exc:
            raise NotationError(f"table meld {number} {text[:60]!r}: {exc}") from None
        except ThreeThirteenError as exc:
            raise type(exc)(f"table meld {number}: {exc}") from None
    card = Card.parse(taken) if taken is not None else None
    return cards, tuple(melds), card


def _arrangement_json(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [[str(card) for card in meld.cards] for meld in arrangement.melds],
        "layoffs": [[str(card), number] for card, number in arrangement.layoffs],
        "unmelded": [str(card) for card in arrangement.left],
    }


def answer_json(result: HandAnalysis) -> dict[str, Any]:
    """The JSON object the command prints."""
    after = result.after
    return {
        "deadwood": result.count,
        **_arrangement_json(result.arrangement),
        "discard": None if result.discard is None else str(result.discard),
        "deadwood_after_discard": None if after is None else after.count,
        "after_discard": None if after is None else _arrangement_json(after),
        "discards": [[str(card), count] for card, count in result.discards],
        "can_go_out": result.can_go_out,
    }


def _print_answer(result: HandAnalysis, rules: Rules, console: Console) -> None:
    unicode = console.encoding.lower().startswith("utf")

    def show(cards: Sequence[Card]) -> Text:
        return cards_text(cards, None, unicode=unicode)

    console.print(Text(f"Rummy, {rules.summary()}", style="bold"))
    console.print(Text.assemble(("hand: ", "dim"), show(result.hand)))
    if result.table:
        parts: list[Text | str] = [Text("table: ", style="dim")]
        for number, meld in enumerate(result.table, 1):
            parts += [f"{'   ' if number > 1 else ''}{number}) ", show(meld.cards)]
        console.print(Text.assemble(*parts))
    if result.taken is not None:
        may = "may" if rules.discard_taken_card else "may not"
        console.print(
            Text.assemble(
                ("taken from the pile: ", "dim"), show([result.taken]), f" ({may} be discarded)"
            )
        )
    console.print(Text(f"count before the discard: {result.count}", style="bold"))
    _print_arrangement(result.arrangement, show, console)
    if result.discard is None or result.after is None:
        console.print(Text("best discard: none (no card may be discarded)", style="bold"))
    else:
        console.print(
            Text.assemble(
                ("best discard: ", "bold"),
                show([result.discard]),
                f" (count after it: {result.after.count})",
            )
        )
        _print_arrangement(result.after, show, console)
    verdict = "yes" if result.can_go_out else "no"
    console.print(Text(f"can go out: {verdict}", style="bold green" if result.can_go_out else ""))


def _print_arrangement(
    arrangement: Arrangement, show: Callable[[Sequence[Card]], Text], console: Console
) -> None:
    for meld in arrangement.melds:
        console.print(Text.assemble(f"  {meld.kind}: ", show(meld.cards)))
    for card, number in arrangement.layoffs:
        console.print(Text.assemble("  lay off: ", show([card]), f" on {number}"))
    if arrangement.left:
        console.print(Text.assemble("  left: ", show(arrangement.left)))
