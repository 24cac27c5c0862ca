"""What the games' terminal front ends share: seating a match, its loop, and the replay's frame.

``threethirteen play`` runs one :class:`TerminalMatch` a game (Three-Thirteen's in
:mod:`threethirteen.cli.play`, Thirteen's in :mod:`threethirteen.cli.thirteen_play`,
Rummy's in :mod:`threethirteen.cli.rummy_play`): the match loop, the human's
read-refuse-apply turn, the bots' turns, the end of the match and the saving of its
record are written here once, and each game fills in its screen, its input and its
narration. Before it, :func:`seated` turns the command's options into the seats (the
human, the bots by ``--bots``, the seed, the ``--save`` file), and
:func:`play_in_terminal` does the whole setup for a game of the registry. For
``threethirteen replay``, :func:`read_replay` reads and checks a record against the
command's rules, and the printers below draw the frame of a replayed match.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TextIO, TypeVar

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from threethirteen.bots import bot_name, game_bots, make_bot
from threethirteen.bots.base import GameBot, close_bot
from threethirteen.cli.common import (
    QuitError,
    check_writable,
    engine_specs,
    make_console,
    not_allowed,
    pause_between_rounds,
    read_move,
)
from threethirteen.cli.games import game_and_rules
from threethirteen.engines import EngineError, EngineSpec, engine_table
from threethirteen.errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    RulesError,
    ThreeThirteenError,
)
from threethirteen.game import Game, MatchState, Stage
from threethirteen.jsonfields import parse_record, record_text

__all__ = [
    "Seats",
    "TerminalMatch",
    "bot_levels",
    "bot_title",
    "default_level",
    "play_in_terminal",
    "print_final_scores",
    "print_numbered",
    "print_replay_heading",
    "read_replay",
    "seated",
]

S = TypeVar("S", bound=MatchState)
V = TypeVar("V")
A = TypeVar("A")


# -- the seats ---------------------------------------------------------------------------------


def default_level(game: str) -> str:
    """The bots' default for ``game``: the ``medium`` difficulty once its bot is registered,
    else ``simple``."""
    try:
        bot_name("medium", game)
    except ThreeThirteenError:
        return "simple"
    return "medium"


def bot_levels(
    spec: str, seats: int, engines: Mapping[str, EngineSpec], check: Callable[[str], object]
) -> list[str]:
    """One bot name a bot seat, from ``--bots``: one name for every seat (``medium``) or
    one a seat (``simple,random,...``).

    A name is an engine's or else is checked by ``check``, which raises saying why it
    names no bot; a list of the wrong length is a
    :class:`~threethirteen.errors.RulesError`.

    >>> bot_levels("Simple", 3, {}, lambda name: None)
    ['simple', 'simple', 'simple']
    """
    names = [part.strip().lower() for part in spec.split(",")]
    for name in names:
        if name not in engines:
            check(name)
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise RulesError(f"--bots {spec!r} names {len(names)} bots for {seats} bot seats")
    return names


def bot_title(level: str) -> str:
    """A bot seat's name from its level, without the bot's options.

    >>> bot_title("montecarlo:0.2")
    'Montecarlo'
    """
    return level.split(":")[0].capitalize()


@dataclass(frozen=True, slots=True)
class Seats:
    """Who plays a terminal match: a name a seat, the bots by seat, the human's seat
    (None when bots play every seat), the match seed, and the file the record goes to
    (None without ``--save``)."""

    names: list[str]
    bots: dict[int, GameBot]
    human: int | None
    seed: int
    save: Path | None


@contextmanager
def seated(
    args: argparse.Namespace,
    players: int,
    levels: Sequence[str],
    engines: Mapping[str, EngineSpec],
    *,
    game: str,
    title: Callable[[str], str] = bot_title,
) -> Iterator[Seats]:
    """The seats of a match of ``game`` from the ``play`` command's options, its bots closed
    when the block ends.

    The human sits at seat 0 (nobody with ``--watch``) under ``--name``; every other seat
    is a bot of ``levels`` (one a bot seat, in seat order; an engine's name starts that
    engine), named by ``title`` of its level and its seat. The seed is ``--seed`` or a
    random one; a ``--save`` file that could not be written is a
    :class:`~threethirteen.errors.RulesError` before any bot starts.
    """
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    human = None if args.watch else 0
    save = Path(args.save) if args.save else None
    if save is not None:
        check_writable(save)
    level_of = dict(zip([seat for seat in range(players) if seat != human], levels, strict=True))
    names: list[str] = []
    bots: dict[int, GameBot] = {}
    try:
        for seat in range(players):
            level = level_of.get(seat)
            if level is None:
                names.append(args.name.strip() or "You")
                continue
            # Each bot's generator derives from the match seed, so --seed replays the bots too.
            engine = engines.get(level)
            bot_seed = seed * 101 + seat
            bots[seat] = (
                make_bot(level, seed=bot_seed, game=game)
                if engine is None
                else engine.bot(bot_seed, game=game)
            )
            names.append(f"{title(level)} {seat}")
        yield Seats(names, bots, human, seed, save)
    finally:
        for bot in bots.values():
            close_bot(bot)  # an engine's process quits with the match


def play_in_terminal(
    args: argparse.Namespace,
    game: Game,
    default_players: int,
    terminal: Callable[..., TerminalMatch[Any, Any, Any]],
) -> int:
    """Play a match of ``game`` from the ``play`` command's options; the exit status.

    ``terminal`` is the game's :class:`TerminalMatch`; the table seats
    ``default_players`` unless ``--players`` says otherwise, and the bots default to
    :func:`default_level`. Raises :class:`~threethirteen.errors.RulesError` for options
    of another game or that do not fit its rules.
    """
    chosen, rules = game_and_rules(args)
    if chosen.name != game.name:
        raise RulesError(f"the {game.title} terminal game cannot play {chosen.title}")
    # Engines (--engine NAME=COMMAND) are seated by name in --bots, as in the other games.
    engines = engine_table(engine_specs(args)) if getattr(args, "engine", None) else {}
    players = default_players if args.players is None else args.players
    rules.check_players(players)
    try:
        game_bots(game.name)
    except ImportError:
        raise RulesError(f"{game.title}'s bots are not installed in this threethirteen") from None

    def check(level: str) -> None:
        bot_name(level.split(":")[0], game.name)  # its message names the known bots

    spec = args.bots or default_level(game.name)
    levels = bot_levels(spec, players if args.watch else players - 1, engines, check)
    with seated(args, players, levels, engines, game=game.name) as seats:
        state = game.new_match(rules, players, seats.seed)
        match = terminal(
            state, seats.names, seats.bots, seats.human, make_console(), sys.stdin, seats.save
        )
        return match.run()


# -- the match in the terminal ------------------------------------------------------------


class TerminalMatch(ABC, Generic[S, V, A]):
    """One match in the terminal: renders views, reads the human, runs the bots.

    ``S`` is the game's match state, ``V`` a seat's view and ``A`` an action. The human
    seat (``human``; None when bots play every seat) is driven through its view only:
    the screen, the hint and the checks of what is typed are built from it, and the
    state only applies moves and hands out views. A subclass names its :attr:`game` and
    writes the game's screens and input (the abstract methods); :meth:`run` plays the
    match out.
    """

    game: ClassVar[Game]
    """The game played (its bots hint; its records are saved)."""

    saves_on_engine_error: ClassVar[bool] = True
    """Whether the record is saved when an engine breaks the protocol and ends the match."""

    def __init__(
        self,
        state: S,
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
        self._shown_events = 0  # events of this round already printed
        self._hint_bot: tuple[GameBot, str] | None = None
        self._setup()

    def _setup(self) -> None:
        """Set up the game's own state of the screen (a narrator, a hand's order); called
        last in ``__init__``."""

    # -- driving the match ---------------------------------------------------------------------

    def run(self) -> int:
        """Play the match to its end; the exit status: 0, or 130 after Ctrl-C.

        The player's ``quit`` and the end of the input stop the match cleanly; the
        record is saved (with ``--save``) however the match ends, and an engine that
        broke the protocol is re-raised after it.
        """
        state = self.state
        try:
            self._intro()
            while state.stage is not Stage.MATCH_OVER:
                if state.stage is Stage.ROUND_OVER:
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
        except EngineError:
            if self.saves_on_engine_error:
                # An engine that broke the protocol ends the match, but not the record of it.
                self._flush_events()
                self._save()
            raise
        self._match_over()
        self._save()
        return 0

    def _viewer(self) -> V:
        """The view the screen is drawn from: the human's, or seat 0's when watching."""
        view: V = self.state.view(self.human if self.human is not None else 0)
        return view

    def _introduce(self, title: str, summary: str, *notes: str) -> None:
        """Open the match: its title and rules, the players, the seed, ``notes``, then
        the first deal."""
        state = self.state
        console = self.console
        console.print(Rule(Text(title, style="bold")))
        console.print(summary)
        console.print(f"Players: {self._players_line()}")
        console.print(f"Seed {state.seed} (play the same deals again with --seed {state.seed})")
        for note in notes:
            console.print(note)
        if self.human is not None:
            console.print("Type 'help' at the prompt for the commands.")
        self._round_start()

    def _players_line(self) -> str:
        """The names in seat order, the human's marked ``(you)`` unless it says so already."""
        return ", ".join(
            f"{name}{' (you)' if seat == self.human and name.lower() != 'you' else ''}"
            for seat, name in enumerate(self.names)
        )

    def _round_start(self) -> None:
        """Announce the round just dealt (a spectator also sees every hand); nothing once
        the match is over."""
        if self.state.stage is Stage.MATCH_OVER:
            return
        self._shown_events = 0
        self._announce_round(self._viewer())
        if self.human is None:
            # A spectator of bots may see every hand.
            for seat, name in enumerate(self.names):
                self.console.print(Text.assemble(f"  {name}: ", self._hand_text(seat)))

    def _bot_turn(self, seat: int) -> None:
        self._play(seat, self.bots[seat].choose(self.state.view(seat)))

    def _play(self, seat: int, action: A) -> None:
        """Apply ``seat``'s ``action`` (a bot's or the human's); raises
        :class:`~threethirteen.errors.IllegalActionError` when the match refuses it."""
        self.state.apply(action)

    # -- the human's turn --------------------------------------------------------------------

    def _human_turn(self, seat: int) -> None:
        """Show the turn, then read lines until one is a move the match takes."""
        view: V = self.state.view(seat)
        self._show_turn(view)
        while True:
            text = read_move(
                self.console, self.stdin, self._prompt(view), echo=not self.interactive
            )
            try:
                command = self._interpret(text, view)
            except NotationError as exc:
                self._refuse(str(exc))
                continue
            if command == "quit":
                raise QuitError("You stopped the game.")
            if isinstance(command, str):
                self._command(command, view)
                continue
            reason = self._why_not(view, command)
            if reason is not None:
                self._refuse(reason)
                continue
            try:
                self._play(seat, command)
            except IllegalActionError as exc:
                self._refuse(self._not_allowed(exc))
                continue
            return

    def _command(self, command: str, view: V) -> None:
        """Carry out a command word of :meth:`_interpret` other than ``quit``: ``help``,
        ``hint`` (a game adds its own); ``""`` (nothing typed) does nothing."""
        if command == "help":
            self.console.print(self._help(view))
        elif command == "hint":
            self._show_hint(view)

    def _refuse(self, reason: str) -> None:
        """Say in red why the input was not taken."""
        self.console.print(Text(reason, style="red"))

    def _not_allowed(self, exc: IllegalActionError) -> str:
        """What the player reads when the match refuses a move :meth:`_why_not` let through."""
        return not_allowed(exc)

    def _hinter(self) -> tuple[GameBot, str]:
        """The bot that hints, made on first use: ``medium`` when registered, else
        ``simple`` (said in the hint)."""
        if self._hint_bot is None:
            game = self.game.name
            level = default_level(game)
            seat = self.human if self.human is not None else 0
            bot = make_bot(level, seed=self.state.seed * 101 + seat, game=game)
            self._hint_bot = (bot, level)
        return self._hint_bot

    # -- round and match ends ----------------------------------------------------------------

    def _pause(self) -> None:
        """Wait for Enter before the next round, when a person plays at a terminal."""
        if self.interactive and self.human is not None:
            pause_between_rounds(self.console, self.stdin)

    def _save(self) -> None:
        if self.save is None:
            return
        self.save.write_text(self._record_text(), encoding="utf-8")
        self.console.print(f"Game record saved to {self.save}")

    def _record_text(self) -> str:
        """The match's record so far, as the text of a record file."""
        return record_text(self.game.record(self.state, self.names))

    # -- what each game writes -------------------------------------------------------------

    @abstractmethod
    def _intro(self) -> None:
        """Open the match (:meth:`_introduce`, with the game's title and notes)."""

    @abstractmethod
    def _announce_round(self, view: V) -> None:
        """Print a new round's heading and deal, as ``view`` shows it."""

    @abstractmethod
    def _hand_text(self, seat: int) -> Text:
        """``seat``'s hand, for a spectator."""

    @abstractmethod
    def _flush_events(self) -> None:
        """Print this round's moves not printed yet, as the screen's viewer saw them."""

    @abstractmethod
    def _show_turn(self, view: V) -> None:
        """Draw the screen the human plays from."""

    @abstractmethod
    def _prompt(self, view: V) -> str:
        """The prompt for the human's next line."""

    @abstractmethod
    def _interpret(self, text: str, view: V) -> A | str:
        """One line of input as an action, or a command word (``quit``, ``help``,
        ``hint``, ``""``, or the game's own); raises
        :class:`~threethirteen.errors.NotationError` saying what does not read."""

    @abstractmethod
    def _why_not(self, view: V, action: A) -> str | None:
        """Why the human may not play ``action``, in plain words; None when the match
        should be asked."""

    @abstractmethod
    def _help(self, view: V) -> str:
        """The ``help`` text."""

    @abstractmethod
    def _show_hint(self, view: V) -> None:
        """Print a suggested move for ``view``."""

    @abstractmethod
    def _round_over(self) -> None:
        """Print the round's result (and wait, with :meth:`_pause`, before the next)."""

    @abstractmethod
    def _match_over(self) -> None:
        """Print the match's end (:func:`print_final_scores`)."""


def print_final_scores(
    console: Console, heading: str, sheet: RenderableType, totals: str, verdict: RenderableType
) -> None:
    """The end of a match or of its replay: a rule headed ``heading``, the score sheet,
    the totals line, and the verdict (the winners, or why there are none yet)."""
    console.print()
    console.print(Rule(Text(heading, style="bold")))
    console.print(sheet)
    console.print(totals)
    console.print(verdict)


# -- the replay --------------------------------------------------------------------------------


def read_replay(args: argparse.Namespace, data: bytes, game: Game) -> tuple[Any, Any]:
    """The record ``data`` of ``game`` (from ``args.file``) and the match it replays to.

    The game's replay checks every deal, action and score against the seed. Raises
    :class:`~threethirteen.errors.RecordError` quoting the file for a record that does
    not read or replay, or whose rules differ from ``--rules``/``--house``.
    """
    try:
        raw = parse_record(data)
        state = game.replay(raw)
    except RecordError as exc:
        raise RecordError(f"{args.file!r}: {exc}") from exc
    if args.rules is not None or args.house:
        try:
            expected = game.rules(args.rules, tuple(args.house))
        except ThreeThirteenError as exc:
            raise RecordError(f"{args.file!r} is a {game.title} record: {exc}") from exc
        if expected != state.rules:
            raise RecordError(
                f"{args.file!r} was played under {state.rules.summary()!r}, "
                f"not {expected.summary()!r}"
            )
    return raw, state


def print_replay_heading(
    console: Console, title: str, summary: str, names: Sequence[str], seed: int, finished: bool
) -> None:
    """A replay's first lines: ``title`` (the game's), the rules' ``summary``, the players,
    the seed, and whether the match was finished."""
    console.print(Rule(Text(f"{title} replay", style="bold")))
    console.print(summary)
    status = "finished" if finished else "unfinished"
    console.print(f"Players: {', '.join(names)}; seed {seed}; {status} match")


def print_numbered(console: Console, number: int, lines: Sequence[Text]) -> None:
    """One move of a replay: its number before its first line, the others under it."""
    console.print(Text(f"  {number:>3}. ") + lines[0])
    for line in lines[1:]:
        console.print(Text("       ") + line)
