"""Engines at web tables: :class:`SeatEngine`, an engine program playing one seat.

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
"""

from __future__ import annotations

import threading

from threethirteen.actions import Action
from threethirteen.engines import EngineBot, EngineSpec
from threethirteen.views import PlayerView

__all__ = ["SeatEngine"]


class SeatEngine:
    """The bot of a seat played by the engine ``spec``; its process runs only when needed.

    :meth:`choose` raises :class:`~threethirteen.engines.EngineError` like
    :meth:`EngineBot.choose <threethirteen.engines.EngineBot.choose>` (the process
    is stopped then; a later call would start a fresh one). ``starts`` counts the
    processes started.
    """

    wall_clock = True

    def __init__(self, spec: EngineSpec, seed: int | None = None) -> None:
        self.spec = spec
        self.name = spec.name
        self.seed = seed
        self.starts = 0
        self._bot: EngineBot | None = None
        self._turn = threading.Lock()  # one decision at a time
        self._held = threading.Lock()  # guards _bot only, never held while waiting on it

    @property
    def running(self) -> bool:
        """Whether a process is held for this seat now."""
        return self._bot is not None

    def choose(self, view: PlayerView) -> Action:
        """The engine's action for ``view``, checked legal; starts the process if need be."""
        with self._turn:
            with self._held:
                bot = self._bot
            if bot is None:
                self.starts += 1
                bot = self.spec.bot(self.seed)
                with self._held:
                    self._bot = bot
            try:
                return bot.choose(view)
            except BaseException:
                # An engine that failed once is not asked again (it was stopped, and
                # closing twice is harmless); the next decision would start a fresh one.
                with self._held:
                    if self._bot is bot:
                        self._bot = None
                bot.close()
                raise

    def rest(self) -> None:
        """Stop the process, if one runs (asks it to quit first); the seat keeps playing.

        It does not wait for a decision in progress: that one fails (its engine
        gone) with :class:`~threethirteen.engines.EngineError`, so a server that
        stops is not held up by an engine that thinks.
        """
        with self._held:
            bot, self._bot = self._bot, None
        if bot is not None:
            bot.close()

    close = rest

    def __repr__(self) -> str:
        return f"SeatEngine({self.spec!r}, seed={self.seed!r})"
