"""The bot runner: makes the moves nobody sends (bots, turn timers, takeovers, next rounds).

One asyncio task a playing table. It asks the service what is due next
(:meth:`~threethirteen.server.service.TableService.pending`), sleeps until then or
until the table changes (:meth:`Driver.wake`), lets the bot choose in the server's
:class:`BotPool` (a search bot may think for a while; the table stays unlocked
meanwhile, and at most the pool's ``workers`` bots think at once, over all tables),
and hands the move back with the version it was chosen at: if the table moved on
in between, the move is dropped and the task plans again.

An engine seat's failure (:class:`~threethirteen.engines.EngineError`) is handed to
:meth:`~threethirteen.server.service.TableService.engine_failed`, which seats the
stand-in; and while a table waits on a person longer than the service's
``engine_rest``, its engines' processes are stopped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Awaitable, Callable

from threethirteen.bots import Bot
from threethirteen.engines import EngineError
from threethirteen.games.three_thirteen.actions import Action
from threethirteen.games.three_thirteen.views import PlayerView
from threethirteen.server.engines import SeatEngine
from threethirteen.server.protocol import ProtocolError
from threethirteen.server.service import Status, TableService

__all__ = ["BotPool", "Driver"]

log = logging.getLogger(__name__)


def _choose(bot: Bot, view: PlayerView) -> Action:
    """What a worker process runs: the bot's choice (the bot arrives pickled, and what it
    learns while choosing stays there: the bots here read only the view)."""
    return bot.choose(view)


def _watch_server(server: int) -> None:
    """A worker's initializer: end the worker once the server process ``server`` is gone.

    A server killed outright (kill -9) cannot stop its pool, and a worker waiting on its
    queue never sees the queue close (it holds both ends itself): without this watch it
    would wait forever, with the forkserver that made it.
    """

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # the pid is another user's now: the server is gone
                os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


class BotPool:
    """Where bots think: at most ``workers`` at once over every table of the server.

    With ``processes`` (what ``threethirteen serve`` runs), in that many worker
    processes: a bot's thinking is pure Python, and in a thread of the server's process
    it would hold the interpreter lock, so that pages and people's moves would wait for
    it (the event loop's thread gets the lock back only every few milliseconds, and
    once per thread that thinks). The bot and its view are sent to the worker pickled;
    a bot that cannot be (none of this project's) thinks in a thread instead. Without
    ``processes``, in ``workers`` threads (tests, and a server of cheap bots).

    An engine's seat (:class:`~threethirteen.server.engines.SeatEngine`) mostly waits
    on its program, which runs in its own process anyway: it always decides in a
    thread of its own, bounded by the server's ``--max-engines``.
    """

    def __init__(self, workers: int = 2, *, processes: bool = False) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"the bot pool needs 1 or more workers, got {workers!r}")
        self.workers = workers
        self.processes = processes
        self._threads = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="bot")
        self._procs: concurrent.futures.ProcessPoolExecutor | None = None
        if processes:
            # forkserver: the workers start from a clean process, not a fork of a server
            # that runs threads.
            context = multiprocessing.get_context("forkserver")
            self._procs = concurrent.futures.ProcessPoolExecutor(
                workers, mp_context=context, initializer=_watch_server, initargs=(os.getpid(),)
            )

    async def choose(self, bot: Bot, view: PlayerView) -> Action:
        """The bot's action for ``view``, chosen in the pool (it raises what ``choose`` does)."""
        loop = asyncio.get_running_loop()
        if isinstance(bot, SeatEngine):
            return await asyncio.to_thread(bot.choose, view)
        if self._procs is not None:
            try:
                return await loop.run_in_executor(self._procs, _choose, bot, view)
            except (pickle.PicklingError, TypeError, AttributeError) as error:
                log.debug("bot %r thinks in a thread: %s", bot, error)
        return await loop.run_in_executor(self._threads, bot.choose, view)

    def close(self) -> None:
        """Stop the workers (the server is stopping); thinking in progress is dropped."""
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._procs is not None:
            self._procs.shutdown(wait=False, cancel_futures=True)


class Driver:
    """Runs the automatic moves of every playing table; ``notify(table_id)`` after each.

    Bots think in ``pool`` (by default a :class:`BotPool` of 2 threads, closed by
    :meth:`stop`; a pool passed in is the caller's to close).
    """

    def __init__(
        self,
        service: TableService,
        notify: Callable[[str], Awaitable[None]],
        *,
        pool: BotPool | None = None,
    ) -> None:
        self.service = service
        self.notify = notify
        self._own_pool = pool is None
        self.pool = pool if pool is not None else BotPool()
        self._events: dict[str, asyncio.Event] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def wake(self, table_id: str) -> None:
        """The table changed: plan again (and start its task if it has none)."""
        event = self._events.setdefault(table_id, asyncio.Event())
        event.set()
        task = self._tasks.get(table_id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._run(table_id))
            task.add_done_callback(self._finished)
            self._tasks[table_id] = task

    def _finished(self, task: asyncio.Task[None]) -> None:
        if task.cancelled():
            return
        error = task.exception()
        if isinstance(error, ProtocolError) and error.code == "no-such-table":
            return  # the table was abandoned while its task ran
        if error is not None:
            log.error("table driver stopped", exc_info=error)

    def forget(self, table_id: str) -> None:
        """The table is gone (abandoned): stop its task."""
        task = self._tasks.pop(table_id, None)
        self._events.pop(table_id, None)
        if task is not None:
            task.cancel()

    async def stop(self) -> None:
        """Cancel every task (server shutdown)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
        if self._own_pool:
            self.pool.close()

    async def _run(self, table_id: str) -> None:
        service = self.service
        event = self._events[table_id]
        while service.table(table_id).status is not Status.FINISHED:
            event.clear()  # before planning, so that a change while planning is not missed
            auto = service.pending(table_id)
            if auto is None:  # waiting for a person
                await self._wait_for_person(table_id, event)
                continue
            delay = auto.at - service.clock()
            if delay > 0:
                try:
                    await asyncio.wait_for(event.wait(), delay)
                    continue  # the table changed: plan again
                except TimeoutError:
                    pass
            action: Action | None = None
            if auto.kind != "advance":
                view = service.auto_view(table_id, auto)
                if view is None:
                    continue
                bot = service.auto_bot(table_id, auto)
                try:
                    action = await self.pool.choose(bot, view)
                except EngineError as error:
                    if service.engine_failed(table_id, auto, bot, error):
                        await self.notify(table_id)
                    continue
            if service.play_auto(table_id, auto, action):
                await self.notify(table_id)
            else:
                await asyncio.sleep(0.01)  # not due after all (a clock edge): do not spin

    async def _wait_for_person(self, table_id: str, event: asyncio.Event) -> None:
        """Wait for the table to change; stop its engines if that takes a while."""
        service = self.service
        if not service.running_engines(table_id):
            await event.wait()
            return
        try:
            await asyncio.wait_for(event.wait(), service.engine_rest)
        except TimeoutError:
            await asyncio.to_thread(service.rest_engines, table_id)
