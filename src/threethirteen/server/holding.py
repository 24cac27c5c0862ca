"""The web app's side of a cluster: a table is held here before a request for it is served.

:class:`Holding` joins the table service, the bot driver and the open connections to a
:class:`~threethirteen.server.cluster.Cluster`. Every request that names a table
(``GET /api/tables/ID``, a join, a rejoin, a websocket) first awaits
:meth:`Holding.hold`: a table held in memory is served at once; one in play that
another process holds is taken from it (rebuilt from the store here); a finished one
is read from the store by any process. Without a cluster (one process) every table is
held already and :meth:`Holding.hold` does nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from threethirteen.server.cluster import Cluster
from threethirteen.server.driver import Driver
from threethirteen.server.protocol import ProtocolError, quote
from threethirteen.server.restore import ABANDONED
from threethirteen.server.service import Status, Table, TableService

__all__ = ["MOVED", "Holding"]

MOVED = 1012
"""The websocket close code of a connection whose table moved to another process (the
standard "service restart"): the client connects again, and the proxy sends it there."""


class Holding:
    """What this process holds (see the module). ``close_table(table_id)`` closes every
    connection of a table with :data:`MOVED`."""

    def __init__(
        self,
        service: TableService,
        driver: Driver,
        cluster: Cluster | None,
        close_table: Callable[[str], None],
    ) -> None:
        self.service = service
        self.driver = driver
        self.cluster = cluster
        self.close_table = close_table
        if cluster is not None:
            cluster.held = service.held_ids
            cluster.give_up = self.give_up

    async def hold(self, table_id: str) -> None:
        """Hold ``table_id`` here if it is in play; raises ``ProtocolError('table-moving')``
        (HTTP 503) when its holder neither hands it over nor lapses in time. A table not in
        the store is left to the caller, whose own look raises ``no-such-table``."""
        cluster = self.cluster
        if cluster is None or self.service.holds_table(table_id):
            return
        row = await asyncio.to_thread(self.service.store.get, table_id)
        if row is None or row.status in (Status.FINISHED.value, ABANDONED):
            return
        handed = await cluster.take(table_id)
        if handed is None:
            raise ProtocolError(
                "table-moving",
                f"table {quote(table_id)} is moving between server processes; try again",
                table_id,
            )
        if self.service.adopt(table_id, handed.get("speed")):
            self.driver.wake(table_id)

    def made(self, table_id: str) -> None:
        """A table this process just made: its lease (blocking; see ``Cluster.claim_new``)."""
        if self.cluster is not None:
            self.cluster.claim_new(table_id)

    async def give_up(self, table_id: str) -> dict[str, Any]:
        """Stop holding ``table_id`` (another process takes it); what the taker should know."""
        self.driver.forget(table_id)
        handed = self.service.drop(table_id)
        self.close_table(table_id)
        return handed

    def listed(self, rows: list[Any]) -> list[Table]:
        """The tables of ``rows`` (unfinished, not abandoned) to list: each held here as
        it is, each held elsewhere as its row and log say (:meth:`TableService.peek`)."""
        shown: list[Table] = []
        for row in rows:
            if self.service.holds_table(row.id):
                try:
                    shown.append(self.service.table(row.id))
                except ProtocolError:  # dropped meanwhile
                    continue
            else:
                table = self.service.peek(row)
                if table is not None:
                    shown.append(table)
        return shown
