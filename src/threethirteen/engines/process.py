"""Bots that run as another program: :class:`EngineBot` and the :class:`EngineSpec` naming one.

An engine is any program, in any language, that reads the lab's JSON lines on
its standard input and answers on its standard output
(:mod:`threethirteen.engines.protocol`, ``docs/engines.md``). An
:class:`EngineBot` starts it, says ``hello``, and then asks it for every
decision, so it plays wherever a :class:`~threethirteen.bots.Bot` plays: in
:func:`~threethirteen.bots.play_match` and in the lab's tournaments
(``threethirteen tournament --engine NAME=COMMAND --bots NAME,heuristic``).
An engine bot plays one game, Three-Thirteen unless it is made with
``game=`` (``spec.bot(seed, game="thirteen")``): a seat of
:func:`~threethirteen.bots.match.play_game` for that game.

The engine sees only its seat's view. What it writes on stderr goes to a
temporary file whose last lines are quoted when it fails. Each reply must come
within ``move_timeout`` seconds; a dead, silent or confused engine raises
:class:`~threethirteen.engines.protocol.EngineError` naming its command and
quoting what it said, and is stopped. :meth:`EngineBot.close` (or leaving a
``with`` block) asks it to quit, then stops it if it does not.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import shlex
import subprocess
import sys
import tempfile
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, overload

from threethirteen.bots import bot_name
from threethirteen.engines.protocol import (
    EngineError,
    choose_message,
    codec,
    hello_message,
    quit_message,
    read_action,
    read_ready,
)
from threethirteen.errors import ThreeThirteenError
from threethirteen.games import DEFAULT_GAME
from threethirteen.games.three_thirteen.actions import Action
from threethirteen.games.three_thirteen.views import PlayerView

if TYPE_CHECKING:  # for the types of choose() only: Three-Thirteen runs never load the others
    from threethirteen.games.rummy.actions import Action as RummyAction
    from threethirteen.games.rummy.views import RummyView
    from threethirteen.games.thirteen.actions import Action as ThirteenAction
    from threethirteen.games.thirteen.views import ThirteenView

__all__ = [
    "MOVE_TIMEOUT",
    "START_TIMEOUT",
    "EngineBot",
    "EngineSpec",
    "engine_table",
    "python_engine",
]

_STDERR_TAIL = 400
"""How many characters of an engine's stderr an error quotes (its last words)."""

MOVE_TIMEOUT = 30.0
"""Seconds an engine has for each decision, unless its spec says otherwise."""

START_TIMEOUT = 10.0
"""Seconds an engine has to answer ``hello``."""

_QUIT_GRACE = 2.0
"""Seconds an engine has to exit after ``quit`` before it is terminated, then killed."""


def _split(command: str | Sequence[str]) -> tuple[str, ...]:
    if isinstance(command, str):
        try:
            args = shlex.split(command, posix=os.name != "nt")
        except ValueError as error:
            raise EngineError(f"engine command {command!r}: {error}") from None
    else:
        args = [str(part) for part in command]
    if not args:
        raise EngineError(f"engine command {command!r} is empty")
    return tuple(args)


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """A name for an engine program, and how long it may take.

    ``str()`` is the command-line notation ``NAME=COMMAND``, which :meth:`parse`
    reads back; the command is split like a shell would (quotes group words).

    >>> spec = EngineSpec.parse("rummy = python3 engines/rummy.py --level 2")
    >>> spec
    EngineSpec.parse('rummy=python3 engines/rummy.py --level 2')
    >>> spec.command
    ('python3', 'engines/rummy.py', '--level', '2')
    >>> EngineSpec.parse("python3 rummy.py")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.engines.protocol.EngineError: engine 'python3 rummy.py': expected NAME=COMMAND...
    """

    name: str
    command: tuple[str, ...]
    move_timeout: float = MOVE_TIMEOUT
    start_timeout: float = START_TIMEOUT

    def __post_init__(self) -> None:
        name = self.name.strip().lower()
        if not name or any(ch in name for ch in ":,+= ") or not name.isprintable():
            raise EngineError(
                f"engine name {self.name!r}: use letters, digits, '-', '_' or '.' "
                "(no spaces, ':', ',', '+' or '=')"
            )
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "command", _split(self.command))
        for field in ("move_timeout", "start_timeout"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise EngineError(
                    f"engine {name!r}: {field} must be a positive number, got {value!r}"
                )
            if not math.isfinite(value):
                raise EngineError(f"engine {name!r}: {field} must be finite, got {value!r}")

    @classmethod
    def parse(cls, text: str, *, move_timeout: float = MOVE_TIMEOUT) -> EngineSpec:
        """``NAME=COMMAND`` as a spec; raises :class:`EngineError` quoting ``text``."""
        name, sep, command = text.partition("=")
        if not sep or not name.strip() or not command.strip():
            raise EngineError(
                f"engine {text!r}: expected NAME=COMMAND, such as "
                "'mybot=python3 mybot.py' (the name is what --bots calls it)"
            )
        try:
            words = _split(command)
        except EngineError as error:
            raise EngineError(f"engine {text!r}: {error}") from None
        return cls(name, words, move_timeout=move_timeout)

    @property
    def command_line(self) -> str:
        """The command as one line of shell words."""
        return shlex.join(self.command)

    def __str__(self) -> str:
        return f"{self.name}={self.command_line}"

    def __repr__(self) -> str:
        extra = "".join(
            f", {field}={getattr(self, field)!r}"
            for field, default in (("move_timeout", MOVE_TIMEOUT), ("start_timeout", START_TIMEOUT))
            if getattr(self, field) != default
        )
        return f"EngineSpec.parse({str(self)!r}{extra})"

    def bot(
        self, seed: int | None = None, *, game: str = DEFAULT_GAME, **options: object
    ) -> EngineBot:
        """A started :class:`EngineBot` of this engine playing ``game`` (a registry name;
        ``options`` go in its ``hello``)."""
        return EngineBot(self, seed, game=game, **options)


def _stop(process: subprocess.Popen[str], grace: float) -> None:
    """Ask ``process`` to quit, then terminate it, then kill it; safe to call twice."""
    if process.poll() is None:
        try:
            assert process.stdin is not None
            process.stdin.write(quit_message() + "\n")
            process.stdin.flush()
        except (OSError, ValueError):
            pass  # it closed its input or died: either way it is on its way out
    try:
        if process.stdin is not None:
            process.stdin.close()
    except OSError:
        pass
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Move ``stream``'s lines into ``lines`` (then ``None`` at its end): a reader
    thread, so that a reply can be awaited with a timeout on every platform."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass  # the pipe was closed under us by close()
    finally:
        lines.put(None)


class EngineBot:
    """A bot played by another program (see the module docstring).

    ``engine`` is an :class:`EngineSpec`, or a command (text or words) for an
    engine named ``engine``. The program is started here and answers ``hello``
    within ``start_timeout`` seconds, or this raises
    :class:`~threethirteen.engines.protocol.EngineError`. ``seed`` and ``options``
    go to it in ``hello``; ``name`` is the spec's. ``game`` (a registry name or
    alias, Three-Thirteen by default) is the game it plays: its ``hello`` names
    it, its views and replies are that game's, and an engine whose ``ready``
    lists the games it plays without this one is refused at once.

    Decision times of an engine are wall-clock (the lab's bots are timed in the
    CPU time of their thread, which here would count only the pipe): ``wall_clock``
    tells the lab so.
    """

    wall_clock = True

    def __init__(
        self,
        engine: EngineSpec | str | Sequence[str],
        seed: int | None = None,
        *,
        game: str = DEFAULT_GAME,
        **options: object,
    ) -> None:
        if not isinstance(engine, EngineSpec):
            engine = EngineSpec("engine", _split(engine))
        self.spec = engine
        self.name = self.spec.name
        self.game = codec(game).name  # an unknown game fails here, before a process starts
        self.seed = seed
        self.options = dict(options)
        self.engine_name: str | None = None
        self._decisions = 0
        self._output_ended = False
        # A seat's process may be closed from one thread (a server resting it) while
        # its decision fails in another: the files are read and closed under this lock.
        self._files = threading.Lock()
        # Kept open for the engine's life (closed by close()): its stderr goes here.
        self._stderr = tempfile.TemporaryFile(  # noqa: SIM115
            mode="w+", encoding="utf-8", errors="replace"
        )
        try:
            self._process = subprocess.Popen(
                self.spec.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            self._stderr.close()
            raise EngineError(
                f"engine {self.name!r}: cannot start {self.spec.command_line!r}: {error}"
            ) from None
        self._closer = weakref.finalize(self, _stop, self._process, _QUIT_GRACE)
        self._lines: queue.Queue[str | None] = queue.Queue()
        assert self._process.stdout is not None
        self._reader = threading.Thread(
            target=_pump, args=(self._process.stdout, self._lines), daemon=True
        )
        self._reader.start()
        try:
            hello = hello_message(self.name, seed, self.options, self.game)
            line = self._exchange(hello, self.spec.start_timeout)
            self.engine_name = read_ready(line, self.game)
        except EngineError as error:
            raise self._failed(error) from None

    @overload
    def choose(self, view: PlayerView) -> Action: ...

    @overload
    def choose(self, view: ThirteenView) -> ThirteenAction: ...

    @overload
    def choose(self, view: RummyView) -> RummyAction: ...

    def choose(self, view: Any) -> Any:
        """Send ``view`` (a view of the bot's game) to the engine and return its action,
        checked legal.

        Raises :class:`~threethirteen.engines.protocol.EngineError` (and stops the
        engine) for a late, malformed or illegal reply, or a dead engine.
        """
        self._decisions += 1
        try:
            message = choose_message(self._decisions, view, self.game)
            line = self._exchange(message, self.spec.move_timeout)
            return read_action(line, self._decisions, view, self.game)
        except EngineError as error:
            raise self._failed(error) from None

    def close(self) -> None:
        """Ask the engine to quit and wait for it (terminating it if it lingers)."""
        self._closer()
        # The engine has exited, so its output pipe ends and the reader thread with it
        # (unless a child of the engine still holds the pipe: then leave it to the GC).
        self._reader.join(_QUIT_GRACE)
        with self._files:
            if not self._reader.is_alive() and self._process.stdout is not None:
                self._process.stdout.close()
            if not self._stderr.closed:
                self._stderr.close()

    def __enter__(self) -> EngineBot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        game = "" if self.game == DEFAULT_GAME else f", game={self.game!r}"
        return f"EngineBot({self.spec!r}, seed={self.seed!r}{game})"

    def _exchange(self, message: str, timeout: float) -> str:
        """Write ``message``, then wait up to ``timeout`` seconds for one line."""
        if not self._closer.alive:
            raise EngineError("it was stopped (closed, or it failed before) and plays no more")
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(message + "\n")
            stdin.flush()
        except (OSError, ValueError):
            raise EngineError("it closed its input (it may have exited)") from None
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineError(f"no reply within {timeout:g} s") from None
        if line is None:
            self._output_ended = True
            raise EngineError("it closed its output (it may have exited)")
        if not line.strip():
            raise EngineError(f"reply {line!r} is an empty line")
        return line

    def _failed(self, error: EngineError) -> EngineError:
        """``error`` with the engine's name, command, exit status and last stderr
        lines; the engine is stopped first (it can no longer be trusted)."""
        # Before stopping it: did it exit on its own? An engine whose output ended is
        # exiting; give it a moment to be reaped, so that its status can be told.
        status = self._process.poll()
        if status is None and self._output_ended:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self._process.wait(_QUIT_GRACE)
        self._closer()
        exited = "" if status is None else f"; it exited with status {status}"
        said = ""
        with self._files:
            if not self._stderr.closed:
                self._stderr.flush()
                self._stderr.seek(0)
                tail = self._stderr.read()[-_STDERR_TAIL:].strip()
                if tail:
                    said = f"; its stderr ended with: {tail!r}"
        self.close()
        at = f" at decision {self._decisions}" if self._decisions else " at hello"
        return EngineError(
            f"engine {self.name!r} ({self.spec.command_line}){at}: {error}{exited}{said}"
        )


def engine_table(engines: Sequence[EngineSpec]) -> dict[str, EngineSpec]:
    """``engines`` by name, checked: no name given twice, and none that already names a
    bot of the registry (or a difficulty), so that a name always means one bot.

    >>> engine_table([EngineSpec.parse("heuristic=./h")])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.engines.protocol.EngineError: engine 'heuristic=./h': 'heuristic' already names...
    """
    table: dict[str, EngineSpec] = {}
    for spec in engines:
        if spec.name in table:
            raise EngineError(
                f"engine name {spec.name!r} given twice: {table[spec.name]} and {spec}"
            )
        try:
            bot_name(spec.name)
        except ThreeThirteenError:
            table[spec.name] = spec
        else:
            raise EngineError(
                f"engine {str(spec)!r}: {spec.name!r} already names a bot of this project; "
                "give the engine another name"
            )
    return table


def python_engine(path: str, *args: str) -> tuple[str, ...]:
    """The command that runs the Python script ``path`` with this interpreter.

    >>> python_engine("rummy.py", "--fast")[1:]
    ('rummy.py', '--fast')
    """
    return (sys.executable, path, *args)
