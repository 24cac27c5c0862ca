"""Engines at web tables: :class:`SeatEngine`, an engine program playing one seat, and
:class:`EngineSlots`, the server-wide cap on how many of their processes run at once.

A host names the programs it trusts when it starts the server
(``threethirteen serve --engine NAME=COMMAND``); players then pick an engine by
its name wherever they pick a bot. Nobody else can start a program: a name the
host did not give is an unknown bot.

A web table lives much longer than a lab match, and mostly waits for people, so
an engine's process is not held for the whole match: :class:`SeatEngine` starts
it at the seat's first decision, and :meth:`SeatEngine.rest` stops it when the
table has waited on a person for a while (the driver's
:attr:`~threethirteen.server.service.TableService.engine_rest`), when the match
ends and when the server stops. The next decision starts it again, with a new
``hello``: the view it is sent holds everything its seat has seen, so an engine
that keeps no memory of its own loses nothing.

Every seat engine of a server shares one :class:`EngineSlots`
(``threethirteen serve --max-engines N``): a seat that must start a process when
the cap is reached first stops the process idle the longest, which, for the same
reason, loses nothing either.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from threethirteen.engines import EngineBot, EngineError, EngineSpec
from threethirteen.games import DEFAULT_GAME

__all__ = ["DEFAULT_MAX_ENGINES", "SLOT_WAIT", "EngineBusyError", "EngineSlots", "SeatEngine"]

log = logging.getLogger(__name__)

DEFAULT_MAX_ENGINES = 16
"""Engine processes a server runs at once unless its host says otherwise."""

SLOT_WAIT = 60.0
"""Seconds a seat waits for a slot while every running engine is deciding (twice
an engine's default time for a move, so that one of them is done by then)."""


class EngineBusyError(EngineError):
    """A seat's engine could not start because every slot of the server's cap stayed
    busy deciding for :attr:`EngineSlots.wait` seconds. The engine itself did nothing
    wrong; the table says so to its players (``stand_in_reason`` ``"busy"``)."""


class EngineSlots:
    """At most ``limit`` engine processes at once for every :class:`SeatEngine` sharing
    this object (``None``: no limit).

    A seat that must start its process when ``limit`` are running makes room:

    - it stops the running engine that has been idle (not deciding) the longest; that
      seat starts its process again at its next decision, like one stopped by
      :meth:`SeatEngine.rest`;
    - when every running engine is deciding, it waits for one to finish, up to
      ``wait`` seconds, and then fails with :class:`EngineBusyError` (an
      :class:`~threethirteen.engines.EngineError`), which the table answers as it
      does any engine failure (the stand-in plays the seat).

    ``running`` is how many processes are held (or starting) now; ``evictions``
    counts the idle ones stopped to make room. Raises ``ValueError`` quoting a
    ``limit`` that is not a positive whole number, or a ``wait`` that is not
    positive.
    """

    def __init__(
        self,
        limit: int | None = DEFAULT_MAX_ENGINES,
        *,
        wait: float = SLOT_WAIT,
    ) -> None:
        whole = isinstance(limit, int) and not isinstance(limit, bool)
        if limit is not None and (not whole or limit < 1):
            raise ValueError(f"the engine limit must be a whole number, 1 or more, got {limit!r}")
        if isinstance(wait, bool) or not isinstance(wait, (int, float)) or not wait > 0:
            raise ValueError(f"the wait for an engine slot must be positive seconds, got {wait!r}")
        self.limit = limit
        self.wait = float(wait)
        self.evictions = 0
        self._cond = threading.Condition()
        # Seats holding a slot: their process runs, or is starting. Every SeatEngine
        # field below is read and written under _cond.
        self._holders: set[SeatEngine] = set()

    @property
    def running(self) -> int:
        """Processes held or starting now."""
        with self._cond:
            return len(self._holders)

    def __repr__(self) -> str:
        return f"EngineSlots({self.limit!r}, wait={self.wait!r})"

    # -- what SeatEngine calls --------------------------------------------------------

    def _begin(self, engine: SeatEngine) -> EngineBot | None:
        """``engine`` is about to decide: its running process, or ``None`` once a slot
        is reserved for it to start one (stopping the longest-idle process first, or
        waiting for a deciding one to finish)."""
        evicted: list[tuple[SeatEngine, EngineBot]] = []
        try:
            with self._cond:
                engine._deciding = True
                if engine._bot is not None:
                    return engine._bot
                try:
                    self._make_room(engine, evicted)
                except BaseException:
                    engine._deciding = False
                    raise
                self._holders.add(engine)
                return None
        finally:
            # Stopped before the new process starts, so that no more than `limit` run.
            for victim, bot in evicted:
                log.info(
                    "engine %r stopped to make room (at most %s processes); it starts "
                    "again at its seat's next decision",
                    victim.name,
                    self.limit,
                )
                bot.close()

    def _make_room(self, engine: SeatEngine, evicted: list[tuple[SeatEngine, EngineBot]]) -> None:
        """Under the lock: until a slot is free, take the longest-idle process (into
        ``evicted``, to be stopped by the caller) or wait for a decision to end."""
        deadline = time.monotonic() + self.wait
        while self.limit is not None and len(self._holders) >= self.limit:
            idle = [e for e in self._holders if e._bot is not None and not e._deciding]
            if idle:
                victim = min(idle, key=lambda e: e._last_used)
                assert victim._bot is not None
                evicted.append((victim, victim._bot))
                victim._bot = None
                self._holders.discard(victim)
                self.evictions += 1
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineBusyError(
                    f"engine {engine.name!r} could not start: the server runs at most "
                    f"{self.limit} engine processes and all {self.limit} were deciding "
                    f"for {self.wait:g} s"
                )
            self._cond.wait(left)

    def _attach(self, engine: SeatEngine, bot: EngineBot) -> None:
        with self._cond:
            engine._bot = bot

    def _end(self, engine: SeatEngine) -> None:
        with self._cond:
            engine._deciding = False
            engine._last_used = time.monotonic()
            self._cond.notify_all()

    def _release(self, engine: SeatEngine, bot: EngineBot | None) -> EngineBot | None:
        """Free ``engine``'s slot if it still holds ``bot`` (``None``: whatever it holds,
        or its reservation); returns the process taken from it, for the caller to stop."""
        with self._cond:
            held = engine._bot
            if bot is not None and held is not bot:
                return None
            engine._bot = None
            if engine in self._holders:
                self._holders.discard(engine)
                self._cond.notify_all()
            return held


class SeatEngine:
    """The bot of a seat played by the engine ``spec``; its process runs only when needed.

    :meth:`choose` raises :class:`~threethirteen.engines.EngineError` like
    :meth:`EngineBot.choose <threethirteen.engines.EngineBot.choose>` (the process
    is stopped then; a later call would start a fresh one), or when ``slots``, the
    server's cap on engine processes, has no room for it in time. ``starts``
    counts the processes started. Without ``slots`` the seat has no cap.
    """

    wall_clock = True

    def __init__(
        self,
        spec: EngineSpec,
        seed: int | None = None,
        *,
        slots: EngineSlots | None = None,
        game: str = DEFAULT_GAME,
    ) -> None:
        self.spec = spec
        self.game = game  # the game its process is started for (its hello names it)
        self.name = spec.name
        self.seed = seed
        self.slots = slots if slots is not None else EngineSlots(None)
        self.starts = 0
        self._turn = threading.Lock()  # one decision at a time
        # Guarded by the slots' lock:
        self._bot: EngineBot | None = None
        self._deciding = False
        self._last_used = 0.0

    @property
    def running(self) -> bool:
        """Whether a process is held for this seat now."""
        return self._bot is not None

    def choose(self, view: Any) -> Any:
        """The engine's action for ``view`` (of the seat's game), checked legal; starts the
        process if need be."""
        with self._turn:
            bot = self.slots._begin(self)
            try:
                if bot is None:
                    self.starts += 1
                    bot = self.spec.bot(self.seed, game=self.game)
                    self.slots._attach(self, bot)
                return bot.choose(view)
            except BaseException:
                # An engine that failed once is not asked again (it was stopped, and
                # closing twice is harmless); the next decision would start a fresh one.
                self.slots._release(self, bot)  # bot None: the start failed, free its slot
                if bot is not None:
                    bot.close()
                raise
            finally:
                self.slots._end(self)

    def rest(self) -> None:
        """Stop the process, if one runs (asks it to quit first); the seat keeps playing.

        It does not wait for a decision in progress: that one fails (its engine
        gone) with :class:`~threethirteen.engines.EngineError`, so a server that
        stops is not held up by an engine that thinks.
        """
        # Only a running process: a seat still starting one keeps its reserved slot.
        bot = self.slots._release(self, None) if self._bot is not None else None
        if bot is not None:
            bot.close()

    close = rest

    def __repr__(self) -> str:
        game = "" if self.game == DEFAULT_GAME else f", game={self.game!r}"
        return f"SeatEngine({self.spec!r}, seed={self.seed!r}{game})"
