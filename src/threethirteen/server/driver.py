"""The bot runner: makes the moves nobody sends (bots, turn timers, takeovers, next rounds).

One asyncio task a playing table. It asks the service what is due next
(:meth:`~threethirteen.server.service.TableService.pending`), sleeps until then or
until the table changes (:meth:`Driver.wake`), lets the bot choose in a worker
thread (a search bot may think for a while; the table stays unlocked meanwhile),
and hands the move back with the version it was chosen at: if the table moved on
in between, the move is dropped and the task plans again.

An engine seat's failure (:class:`~threethirteen.engines.EngineError`) is handed to
:meth:`~threethirteen.server.service.TableService.engine_failed`, which seats the
stand-in; and while a table waits on a person longer than the service's
``engine_rest``, its engines' processes are stopped.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from threethirteen.engines import EngineError
from threethirteen.games.three_thirteen.actions import Action
from threethirteen.server.service import Status, TableService

__all__ = ["Driver"]

log = logging.getLogger(__name__)


class Driver:
    """Runs the automatic moves of every playing table; ``notify(table_id)`` after each."""

    def __init__(self, service: TableService, notify: Callable[[str], Awaitable[None]]) -> None:
        self.service = service
        self.notify = notify
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
        if not task.cancelled() and task.exception() is not None:
            log.error("table driver stopped", exc_info=task.exception())

    async def stop(self) -> None:
        """Cancel every task (server shutdown)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()

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
                    action = await asyncio.to_thread(bot.choose, view)
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
