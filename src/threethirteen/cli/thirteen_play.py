"""``threethirteen play --game thirteen``: Thirteen (Tiến lên) in the terminal, you against bots.

You are seat 0; the other seats are bots (``--bots``, by default the ``medium``
difficulty when it is registered, else ``simple``). ``--watch`` seats bots
everywhere and prints the match as a spectator, who sees every hand as dealt.
As in the Three-Thirteen game (:mod:`threethirteen.cli.play`), the human seat is
driven through its :class:`~threethirteen.games.thirteen.views.ThirteenView`
only: the screen, the hint and the checks of what you type are built from the
view; the match state only applies moves and hands out views.

Input at the prompt (see ``help``): cards by notation (``7H 8C 9D``, ``10H`` or
``TH``, suit symbols) or by their positions in the hand shown (``1 2 3``),
optionally after ``play``; ``pass`` (``p``); ``hint``; ``help``; ``q``/``quit``.
Bad input re-prompts with a message in plain words; the end of input stops the
game cleanly (status 0) and Ctrl-C with status 130, saving the record first
with ``--save``.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from threethirteen.bots import bot_name, game_bots, make_bot
from threethirteen.bots.match import GameBot
from threethirteen.bots.thirteen_hints import reason
from threethirteen.cards import Card, Rank
from threethirteen.cli.common import (
    QuitError,
    check_writable,
    engine_specs,
    make_console,
    pause_between_rounds,
    read_move,
)
from threethirteen.cli.games import game_and_rules
from threethirteen.cli.thirteen_render import (
    Narrator,
    cards_label,
    cards_text,
    count,
    hand_table,
    kind_label,
    leader_line,
    plain,
    players_table,
    result_heading,
    result_table,
    score_sheet_table,
    seat_name,
    totals_line,
    winner_line,
)
from threethirteen.engines import EngineBot, EngineSpec, engine_table
from threethirteen.errors import IllegalActionError, NotationError, RulesError, ThreeThirteenError
from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.cards import strength
from threethirteen.games.thirteen.combos import Combo, Kind, beats, classify
from threethirteen.games.thirteen.game import GAME
from threethirteen.games.thirteen.record import record_to_json
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase, ThirteenView

__all__ = [
    "HELP",
    "Hint",
    "default_level",
    "hint_for",
    "hint_reason",
    "interpret",
    "run",
    "why_not",
]

GAME_NAME = "thirteen"
DEFAULT_PLAYERS = 4  # cardgames.io always seats four

HELP = """\
Commands:
  7H 8C 9D      play these cards, in any order ('play 7H 8C 9D' too);
                ten is 10 or T, suits S C D H (or ♠ ♣ ♦ ♥), any case
  1 2 3         play the cards at these positions of your hand as shown
  p, pass       pass: you stay out of this trick until the table clears
  h, hint       a suggested move from the bots, and why
  help          this list
  q, quit       stop the game (the record is saved first with --save)
A play is the table's kind and size with a higher top card (ranks 3 up
to A, then 2; suits ♠ ♣ ♦ ♥ low to high); bombs also beat 2s."""


def run(args: argparse.Namespace) -> int:
    """Play a Thirteen match from the ``play`` command's options; the exit status."""
    game, rules = game_and_rules(args)
    if game.name != GAME_NAME:
        raise RulesError(f"the Thirteen terminal game cannot play {game.title}")
    # Engines (--engine NAME=COMMAND) are seated by name in --bots, as in Three-Thirteen.
    engines = engine_table(engine_specs(args)) if getattr(args, "engine", None) else {}
    players = DEFAULT_PLAYERS if args.players is None else args.players
    rules.check_players(players)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    human = None if args.watch else 0
    bot_seats = [seat for seat in range(players) if seat != human]
    levels = _bot_levels(args.bots, len(bot_seats), engines)
    save = Path(args.save) if args.save else None
    if save is not None:
        check_writable(save)
    state = GAME.new_match(rules, players, seed)
    names: list[str] = []
    bots: dict[int, GameBot] = {}
    try:
        for seat in range(players):
            if seat == human:
                names.append(args.name.strip() or "You")
                continue
            level = levels[bot_seats.index(seat)]
            # Each bot's generator derives from the match seed, so --seed replays the bots too.
            engine = engines.get(level)
            bot_seed = seed * 101 + seat
            bots[seat] = (
                make_bot(level, seed=bot_seed, game=GAME_NAME)
                if engine is None
                else engine.bot(bot_seed, game=GAME_NAME)
            )
            names.append(f"{level.split(':')[0].capitalize()} {seat}")
        terminal = ThirteenTerminal(state, names, bots, human, make_console(), sys.stdin, save)
        return terminal.run()
    finally:
        for bot in bots.values():
            if isinstance(bot, EngineBot):
                bot.close()  # its process quits with the match


def default_level() -> str:
    """The bots' default: the ``medium`` difficulty once its bot is registered, else ``simple``."""
    try:
        bot_name("medium", GAME_NAME)
    except ThreeThirteenError:
        return "simple"
    return "medium"


def _bot_levels(
    spec: str | None, seats: int, engines: Mapping[str, EngineSpec] | None = None
) -> list[str]:
    """One bot name a bot seat, from ``medium`` or ``simple,random,...`` (or an engine's
    name); checked."""
    try:
        game_bots(GAME_NAME)
    except ImportError:
        raise RulesError("Thirteen's bots are not installed in this threethirteen") from None
    names = [part.strip().lower() for part in (spec or default_level()).split(",")]
    for name in names:
        if engines and name in engines:
            continue
        bot_name(name.split(":")[0], GAME_NAME)  # its message names the known bots
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise RulesError(f"--bots {spec!r} names {len(names)} bots for {seats} bot seats")
    return names


# -- reading the player's input -------------------------------------------------------------


_COMMANDS = {
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "h": "hint",
    "hint": "hint",
    "help": "help",
    "?": "help",
}


def interpret(text: str, view: ThirteenView, *, unicode: bool = True) -> Action | str:
    """One line of input as an action, or a command word (``hint``, ``help``, ``quit``, ``""``).

    Cards are read by notation or by position in ``view.hand`` (ascending, as shown),
    optionally after ``play``. Raises :class:`~threethirteen.errors.NotationError` in
    plain words quoting what does not read; whether the play is legal is
    :func:`why_not`'s business.

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> view = ThirteenState.stack(None, ["3S 4D 5C 9H", "6H 7H"]).view(0)
    >>> interpret("1 2 3", view), interpret("play 9h", view), interpret("p", view)
    (Play.parse('play 3S 4D 5C'), Play.parse('play 9H'), Pass())
    >>> interpret("7Q", view)
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: '7Q' is not a card: write cards like 7H, 10S or TH, or \
their positions 1 to 4 in your hand
    """
    words = text.replace(",", " ").split()
    if not words:
        return ""
    head = words[0].lower()
    if len(words) == 1 and head in _COMMANDS:
        return _COMMANDS[head]
    if len(words) == 1 and head in ("p", "pass"):
        return Pass()
    if head == "play":
        words = words[1:]
        if not words:
            raise NotationError("'play' needs cards: 'play 7H 8C 9D' or 'play 1 2 3'")
    elif len(words) == 1 and not _reads_as_card(head) and not head.isdigit() and len(head) > 3:
        # A short word is taken for a card (its message says how to write one).
        raise NotationError(f"{text.strip()[:40]!r} is neither a play nor a command; type 'help'")
    hand = view.hand
    cards: list[Card] = []
    for word in words:
        if word.isdigit():
            position = int(word)
            if not 1 <= position <= len(hand):
                raise NotationError(
                    f"there is no card at position {word}: your hand has "
                    f"{count('card', len(hand))} (positions 1 to {len(hand)})"
                )
            card = hand[position - 1]
        else:
            try:
                card = Card.parse(word)
            except NotationError:
                raise NotationError(
                    f"{word[:20]!r} is not a card: write cards like 7H, 10S or TH, or their "
                    f"positions 1 to {len(hand)} in your hand"
                ) from None
            if card.is_joker:
                raise NotationError(f"{word[:20]!r}: Thirteen is played without jokers")
        if card in cards:
            raise NotationError(f"{_label(card, unicode)} is given twice in {text.strip()[:40]!r}")
        cards.append(card)
    return Play(tuple(cards))


def _reads_as_card(word: str) -> bool:
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def _label(card: Card, unicode: bool) -> str:
    return cards_label([card], unicode=unicode)


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def why_not(view: ThirteenView, action: Action, *, unicode: bool = True) -> str | None:
    """Why ``action`` may not be played from ``view``, in plain words; None when it may.

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> state = ThirteenState.stack(None, ["3S 4D 8C 9H", "6H 7H 9D"], leader=1)
    >>> _ = state.apply(Play.of("9D"))
    >>> view = state.view(0)
    >>> why_not(view, Play.of("8C"))
    '8♣ does not beat 9♦ (a higher single is needed)'
    >>> why_not(view, Play.of("7H")), why_not(view, Play.of("3S 8C")), why_not(view, Play.of("9H"))
    ('7♥ is not in your hand', '3♠ 8♣ is not a combination: a play is one rank, or 3 or more \
consecutive ranks (one or two cards of each)', None)
    """
    if isinstance(action, Pass):
        if view.phase is Phase.LEAD:
            return "you lead: you cannot pass"
        return None
    missing = [card for card in action.cards if card not in view.hand]
    if missing:
        labels = [_label(card, unicode) for card in missing]
        verb = "is" if len(labels) == 1 else "are"
        return f"{_and(labels)} {verb} not in your hand"
    shown = cards_label(action.cards, unicode=unicode)
    try:
        combo = classify(action.cards)
    except IllegalActionError:
        values = sorted({strength(card) // 4 for card in action.cards})  # rank places
        consecutive = values == list(range(values[0], values[0] + len(values)))
        if any(card.rank is Rank.TWO for card in action.cards) and len(values) > 1:
            why = "a 2 cannot be part of a sequence"
        elif consecutive and len(values) < 3:
            why = "a sequence needs 3 or more consecutive ranks"
        else:
            why = "a play is one rank, or 3 or more consecutive ranks (one or two cards of each)"
        return f"{shown} is not a combination: {why}"
    if view.phase is Phase.LEAD:
        must = view.first_lead_card if not view.log else None
        if must is not None and must not in action.cards:
            return f"the round's first play must hold {_label(must, unicode)}"
        return None
    table = view.table
    if table is None:  # not your turn at all (a round over): the state says why
        return None
    if view.seat in view.passed and not combo.is_bomb:
        return "you passed in this trick: only a bomb on the 2s brings you back in (or pass again)"
    four = view.rules.four_on_pair_of_twos
    if not beats(combo, table, four_on_pair_of_twos=four):
        needed = _needed(table, four_on_pair_of_twos=four)
        return f"{shown} does not beat {cards_label(table.cards, unicode=unicode)} ({needed})"
    return None


def _needed(table: Combo, *, four_on_pair_of_twos: bool) -> str:
    """What would beat ``table``, in words: ``a higher single is needed``."""
    shape = kind_label(table)
    if table.kind is Kind.SEQUENCE:
        shape += f" of {table.size} cards"
    elif table.kind is Kind.DOUBLE_SEQUENCE:
        shape += f" of {table.pairs} pairs"
    needed = f"a higher {shape}"
    if table.high.rank is Rank.TWO and table.kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE):
        bombs = {
            Kind.SINGLE: "four of a kind or a double sequence of 3 pairs",
            Kind.PAIR: "a double sequence of 4 pairs"
            + (" or four of a kind" if four_on_pair_of_twos else ""),
            Kind.TRIPLE: "a double sequence of 5 pairs",
        }[table.kind]
        return f"{needed} is needed, or a bomb: {bombs}"
    return f"{needed} is needed"


# -- the hint --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move: the action, the one-line reason, and the bot that chose it."""

    action: Action
    reason: str
    bot: str


def hint_for(view: ThirteenView, bot: GameBot, level: str, *, unicode: bool = True) -> Hint:
    """``bot``'s move on ``view`` (the player's own view), with a reason in plain words."""
    action: Action = bot.choose(view)
    return Hint(action, hint_reason(view, action, unicode=unicode), level)


def hint_reason(view: ThirteenView, action: Action, *, unicode: bool = True) -> str:
    """Why the move makes sense, in one line: ``leads your lowest sequence``
    (:func:`threethirteen.bots.thirteen_hints.reason`, in English).

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> view = ThirteenState.stack(None, ["3S 4D 5C 9H 9S", "6H 7H"]).view(0)
    >>> hint_reason(view, Play.of("3S 4D 5C"))
    'leads your lowest sequence (the first play must hold 3♠)'
    """
    return reason(view, action).text(unicode=unicode)


# -- the game loop ---------------------------------------------------------------------------


class ThirteenTerminal:
    """One Thirteen match in the terminal: renders views, reads the human, runs the bots."""

    def __init__(
        self,
        state: ThirteenState,
        names: Sequence[str],
        bots: dict[int, GameBot],
        human: int | None,
        console: Console,
        stdin: TextIO,
        save: Path | None,
    ) -> None:
        self.state = state
        self.names = list(names)
        self.bots = bots
        self.human = human
        self.console = console
        self.stdin = stdin
        self.save = save
        self.unicode = (console.encoding or "").lower().startswith("utf")
        self.interactive = stdin.isatty()
        self.narrator = Narrator(self.names, state.players, human, unicode=self.unicode)
        self._shown_events = 0  # events of this round already printed
        self._hint_bot: tuple[GameBot, str] | None = None

    # -- driving the match ---------------------------------------------------------------------

    def run(self) -> int:
        state = self.state
        try:
            self._intro()
            while state.phase is not Phase.MATCH_OVER:
                if state.phase is Phase.ROUND_OVER:
                    self._flush_events()
                    self._round_over()
                    state.next_round()
                    self._round_start()
                    continue
                seat = state.current
                if seat == self.human:
                    self._human_turn(seat)
                else:
                    self._bot_turn(seat)
                self._flush_events()
        except QuitError as stop:
            self._flush_events()
            self.console.print(Text(str(stop), style="yellow"))
            self._save()
            return 0
        except KeyboardInterrupt:
            self.console.print(Text("\nInterrupted.", style="yellow"))
            self._save()
            return 130
        self._match_over()
        self._save()
        return 0

    def _viewer(self) -> ThirteenView:
        """The view the screen is drawn from: the human's, or seat 0's when watching."""
        return self.state.view(self.human if self.human is not None else 0)

    def _intro(self) -> None:
        state = self.state
        console = self.console
        console.print(Rule(Text(plain("Thirteen (Tiến lên)", unicode=self.unicode), style="bold")))
        console.print(plain(state.rules.summary(), unicode=self.unicode))
        seats = ", ".join(
            f"{name}{' (you)' if seat == self.human and name.lower() != 'you' else ''}"
            for seat, name in enumerate(self.names)
        )
        console.print(f"Players: {seats}")
        console.print(f"Seed {state.seed} (play the same deals again with --seed {state.seed})")
        if self.human is not None:
            console.print("Type 'help' at the prompt for the commands.")
        self._round_start()

    def _round_start(self) -> None:
        state = self.state
        if state.phase is Phase.MATCH_OVER:
            return
        self._shown_events = 0
        self.narrator.start_round()
        view = self._viewer()
        console = self.console
        console.print()
        console.print(Rule(Text(f"Round {view.round_number}", style="bold")))
        previous = view.results[-1].number if view.results else None
        if view.phase is not Phase.ROUND_OVER:  # (an instant win ends the round at the deal)
            console.print(leader_line(self.narrator, view.leader, view.first_lead_card, previous))
        if self.human is None:
            # A spectator of bots may see every hand.
            for seat in range(state.players):
                console.print(
                    Text.assemble(
                        f"  {seat_name(self.names, seat)}: ",
                        cards_text(state.hand(seat), unicode=self.unicode),
                    )
                )

    def _bot_turn(self, seat: int) -> None:
        action = self.bots[seat].choose(self.state.view(seat))
        self.state.apply(action)

    def _flush_events(self) -> None:
        """Print this round's moves not printed yet, one line each, as they happened."""
        log = self._viewer().log
        for event in log[self._shown_events :]:
            for line in self.narrator.lines(event):
                self.console.print(Text("  ") + line)
        self._shown_events = len(log)

    # -- the human's turn --------------------------------------------------------------------

    def _human_turn(self, seat: int) -> None:
        view = self.state.view(seat)
        self._show_turn(view)
        while True:
            text = self._read(view)
            try:
                command = interpret(text, view, unicode=self.unicode)
            except NotationError as exc:
                self.console.print(Text(str(exc), style="red"))
                continue
            if command == "":
                continue
            if command == "quit":
                raise QuitError("You stopped the game.")
            if command == "help":
                self.console.print(plain(HELP, unicode=self.unicode))
                continue
            if command == "hint":
                self._show_hint(view)
                continue
            assert not isinstance(command, str)
            reason = why_not(view, command, unicode=self.unicode)
            if reason is not None:
                self.console.print(Text(reason, style="red"))
                continue
            try:
                self.state.apply(command)
            except IllegalActionError as exc:
                self.console.print(Text(_reason(exc), style="red"))
                continue
            return

    def _read(self, view: ThirteenView) -> str:
        if view.phase is Phase.LEAD:
            prompt = "Lead"
        elif view.seat in view.passed:
            prompt = "Bomb or pass"
        else:
            prompt = "Play or pass"
        return read_move(self.console, self.stdin, prompt, echo=not self.interactive)

    def _show_turn(self, view: ThirteenView) -> None:
        console = self.console
        console.print()
        console.print(
            Text(
                plain(
                    f"Round {view.round_number} · race to {view.rules.target} · your turn",
                    unicode=self.unicode,
                ),
                style="bold",
            )
        )
        console.print(players_table(view, self.names))
        table = view.table
        if table is None:
            line = Text("Table empty: you lead")
            must = view.first_lead_card if not view.log else None
            if must is not None:
                line.append("; your play must hold ")
                line.append_text(cards_text([must], unicode=self.unicode))
            console.print(line)
        else:
            owner = seat_name(self.names, table_owner(view))
            console.print(
                Text.assemble(
                    "Table: ",
                    cards_text(table.cards, unicode=self.unicode),
                    f" ({kind_label(table)}), played by {owner}",
                )
            )
            if view.seat in view.passed:
                console.print(
                    Text(
                        "You passed in this trick, but the table holds 2s: "
                        "you may come back with a bomb, or pass again.",
                        style="yellow",
                    )
                )
        console.print(Text(f"Your hand ({count('card', len(view.hand))}):", style="bold"))
        console.print(hand_table(view.hand, unicode=self.unicode))

    def _show_hint(self, view: ThirteenView) -> None:
        bot, level = self._hinter()
        hint = hint_for(view, bot, level, unicode=self.unicode)
        action = hint.action
        if isinstance(action, Play):
            shown = f"play {cards_label(action.cards, unicode=self.unicode)}"
            positions = " ".join(str(view.hand.index(card) + 1) for card in action.cards)
            typed = (
                f"{' '.join(str(card) for card in action.cards)}   (or by position: {positions})"
            )
        else:
            shown = typed = "pass"
        self.console.print(Text(f"Hint ({hint.bot} bot): {shown}: {hint.reason}", style="cyan"))
        self.console.print(Text(f"  to play it, type: {typed}", style="dim"))

    def _hinter(self) -> tuple[GameBot, str]:
        """The bot that hints: ``medium`` when registered, else ``simple`` (said in the hint)."""
        if self._hint_bot is None:
            level = default_level()
            seat = self.human if self.human is not None else 0
            bot = make_bot(level, seed=self.state.seed * 101 + seat, game=GAME_NAME)
            self._hint_bot = (bot, level)
        return self._hint_bot

    # -- round and match ends ----------------------------------------------------------------

    def _round_over(self) -> None:
        view = self._viewer()
        result = view.results[-1]
        console = self.console
        console.print()
        console.print(Text(result_heading(result, self.names), style="bold"))
        console.print(result_table(result, self.names, view.totals))
        console.print(totals_line(view.totals, self.names, view.rules))
        if self.interactive and self.human is not None and not view.winners:
            pause_between_rounds(console, self.stdin)

    def _match_over(self) -> None:
        state = self.state
        console = self.console
        console.print()
        console.print(Rule(Text("Match over", style="bold")))
        console.print(score_sheet_table(state.results, self.names))
        console.print(totals_line(state.totals, self.names, state.rules))
        console.print(Text(winner_line(state.winners(), state.totals, self.names), style="bold"))

    def _save(self) -> None:
        if self.save is None:
            return
        record = GAME.record(self.state, self.names)
        self.save.write_text(record_to_json(record), encoding="utf-8")
        self.console.print(f"Game record saved to {self.save}")


def table_owner(view: ThirteenView) -> int:
    """The seat that played the table (the view's own seat if unknown)."""
    return view.table_owner if view.table_owner is not None else view.seat


def _reason(exc: IllegalActionError) -> str:
    """The state's message without its technical prefix (action, seat, phase)."""
    text = str(exc)
    _, sep, reason = text.partition(": ")
    return f"Not allowed: {reason}" if sep else text
