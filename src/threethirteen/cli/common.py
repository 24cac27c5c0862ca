"""What every command shares: the ``--rules``/``--house`` options and the console; and
what the terminal games share to read a player's line (:func:`read_move`, a card in it
with :func:`read_card`, :data:`COMMAND_WORDS`) and to answer it (:func:`not_allowed`,
:class:`Hint`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TextIO, TypeVar

from rich.console import Console
from rich.text import Text

from threethirteen.cards import Card
from threethirteen.engines import EngineSpec
from threethirteen.engines.process import MOVE_TIMEOUT
from threethirteen.errors import IllegalActionError, NotationError, RulesError
from threethirteen.games.three_thirteen.rules import (
    HOUSE_RULES,
    PRESETS,
    Rules,
    apply_house_rule,
    get_rules,
)

__all__ = [
    "COMMAND_WORDS",
    "Hint",
    "QuitError",
    "add_engine_option",
    "add_rules_options",
    "check_writable",
    "engine_specs",
    "listed",
    "make_console",
    "not_allowed",
    "pause_between_rounds",
    "read_card",
    "read_move",
    "reads_as_card",
    "rules_from_args",
]

A = TypeVar("A")


def add_rules_options(parser: argparse.ArgumentParser, *, default: str | None = "classic") -> None:
    """Add ``--rules PRESET`` and the repeatable ``--house RULE`` to ``parser``."""
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        default=default,
        help=f"rules preset: {', '.join(sorted(PRESETS))}"
        + (f" (default {default})" if default else ""),
    )
    parser.add_argument(
        "--house",
        metavar="RULE",
        action="append",
        default=[],
        help="a house rule on top of the preset, repeatable: a bundle "
        f"({', '.join(sorted(HOUSE_RULES))}) or option=value (see docs/rules.md)",
    )


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    """``--engine NAME=COMMAND`` (repeatable): programs that play as bots (docs/engines.md),
    and ``--engine-timeout SECONDS``, how long each may take a decision; read them
    with :func:`engine_specs`."""
    parser.add_argument(
        "--engine",
        metavar="NAME=COMMAND",
        action="append",
        default=[],
        help="a bot that is another program, speaking the engine protocol (docs/engines.md) "
        "on its stdin and stdout, then named like a bot (in --bots, or on the web app's "
        "pickers). Repeat for more engines",
    )
    parser.add_argument(
        "--engine-timeout",
        metavar="SECONDS",
        type=_seconds,
        default=MOVE_TIMEOUT,
        help=f"how long an engine may take to answer a decision (default {MOVE_TIMEOUT:g})",
    )


def engine_specs(args: argparse.Namespace) -> list[EngineSpec]:
    """The engines of :func:`add_engine_option`'s options; raises
    :class:`~threethirteen.engines.EngineError` quoting a malformed ``--engine``."""
    return [EngineSpec.parse(text, move_timeout=args.engine_timeout) for text in args.engine]


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def rules_from_args(preset: str, house: list[str]) -> Rules:
    """The preset with every house rule applied in order.

    Raises :class:`~threethirteen.errors.RulesError` quoting an unknown preset,
    house rule, option or value.
    """
    rules = get_rules(preset)
    for spec in house:
        rules = apply_house_rule(rules, spec)
    return rules


def check_writable(path: Path) -> None:
    """Fail before the match, not after it, when the record could not be saved there."""
    if path.is_dir():
        raise RulesError(f"--save {str(path)!r} is a directory; give a file name")
    if not path.parent.exists():
        raise RulesError(f"--save {str(path)!r}: the folder {str(path.parent)!r} does not exist")


class QuitError(Exception):
    """The player asked to stop, or the input ended (the terminal games)."""


def read_move(console: Console, stdin: TextIO, prompt: str, *, echo: bool) -> str:
    """Prompt and read one line of a terminal game; ``echo`` prints scripted input back.

    Raises :class:`QuitError` when the input has ended.
    """
    console.print(Text(f"{prompt}> ", style="bold cyan"), end="")
    console.file.flush()
    line = stdin.readline()
    if not line:
        console.print()
        raise QuitError("Input ended; the game stops here.")
    line = line.strip()
    if echo:
        console.print(line)  # echo scripted input, so transcripts read well
    return line


def pause_between_rounds(console: Console, stdin: TextIO) -> None:
    """Wait for Enter before the next round; ``q`` or the end of input stops the game."""
    console.print("Press Enter for the next round (q to quit).", end="")
    line = stdin.readline()
    if not line or line.strip().lower() in ("q", "quit"):
        raise QuitError("You stopped the game between rounds.")


COMMAND_WORDS: Mapping[str, str] = {
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "h": "hint",
    "hint": "hint",
    "help": "help",
    "?": "help",
}
"""The words every terminal game reads as a command, and the command each means."""


def reads_as_card(word: str) -> bool:
    """Whether ``word`` is a card's notation (``7H``, ``10S``, ``TH``, ``7♥``)."""
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def read_card(word: str, hand: Sequence[Card], *, game_title: str) -> Card:
    """The card ``word`` names: its notation, or its position 1..n in ``hand`` (as shown).

    Raises :class:`~threethirteen.errors.NotationError` in plain words for a position
    outside the hand, a word that is no card, or a joker (``game_title``'s games have
    none).

    >>> from threethirteen.cards import parse_cards
    >>> hand = parse_cards("4H 9S KC")
    >>> read_card("3", hand, game_title="Rummy"), read_card("7h", hand, game_title="Rummy")
    (Card.parse('KC'), Card.parse('7H'))
    >>> read_card("4", hand, game_title="Rummy")
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: there is no card at position 4: your hand has 3 cards \
(positions 1 to 3)
    """
    if word.isdecimal():
        position = int(word)
        if not 1 <= position <= len(hand):
            cards = f"{len(hand)} card" if len(hand) == 1 else f"{len(hand)} cards"
            raise NotationError(
                f"there is no card at position {word}: your hand has "
                f"{cards} (positions 1 to {len(hand)})"
            )
        return hand[position - 1]
    try:
        card = Card.parse(word)
    except NotationError:
        raise NotationError(
            f"{word[:20]!r} is not a card: write cards like 7H, 10S or TH, or their "
            f"positions 1 to {len(hand)} in your hand"
        ) from None
    if card.is_joker:
        raise NotationError(f"{word[:20]!r}: {game_title} is played without jokers")
    return card


def listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``.

    >>> listed(["7♥"]), listed(["7♥", "8♥", "9♥"])
    ('7♥', '7♥, 8♥ and 9♥')
    """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def not_allowed(exc: IllegalActionError, *, you: int | None = None) -> str:
    """The match's refusal for the player: its message without the technical prefix
    (action, seat, phase), and with ``seat <you>`` said as ``you``.

    >>> not_allowed(IllegalActionError("draw by seat 0 in discard: seat 0 must discard"), you=0)
    'Not allowed: you must discard'
    """
    text = str(exc)
    _, sep, reason = text.partition(": ")
    if you is not None:
        reason = reason.replace(f"seat {you} ", "you ")
    return f"Not allowed: {reason}" if sep else text


@dataclass(frozen=True, slots=True)
class Hint(Generic[A]):
    """A suggested move: the action, the one-line reason, and the bot that chose it."""

    action: A
    reason: str
    bot: str


class _Console(Console):
    """A rich console that leaves a closed pipe to the entry point.

    Rich's own answer to a reader that stops reading (``| head``) is to exit with
    status 1; the ``threethirteen`` entry point treats it as a normal end (status 0),
    as for the commands that print without rich.
    """

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


def make_console(file: TextIO | None = None) -> Console:
    """A console for the commands' output.

    Highlighting is off: rich would otherwise colour every number, and the
    numbers here are cards and scores that already carry their own styles.
    Soft wrapping is off so long plain lines (JSON, logs) stay one line.
    """
    return _Console(file=file or sys.stdout, highlight=False, soft_wrap=False)
