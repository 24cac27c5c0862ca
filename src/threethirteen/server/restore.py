"""Tables back after a restart, or taken from another process: each match replayed from the store.

The part of :class:`~threethirteen.server.service.TableService` that rebuilds tables
from their rows and logged actions, every action checked; a mixin it inherits. In a
cluster (:mod:`threethirteen.server.cluster`) a table moves between processes through
:meth:`TableRestore.drop` on its old holder and :meth:`TableRestore.adopt` on the new one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

from threethirteen.bots import Bot
from threethirteen.bots.base import close_bot
from threethirteen.errors import ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.server.games import table_game
from threethirteen.server.protocol import BOT_SPEEDS
from threethirteen.server.tables import Seat, SeatKind, Status, Table
from threethirteen.store.base import NEXT_ROUND, Store, TableRow

__all__ = ["ABANDONED", "TableRestore", "close_bots"]

log = logging.getLogger("threethirteen.server.service")

ABANDONED = "abandoned"
"""The stored status of a solo table its player abandoned (:meth:`TableService.expire_abandoned`):
kept in the store, never restored, listed or shown in the history."""


class TableRestore:
    """The restart methods of the table service (see its docstring)."""

    store: Store
    clock: Callable[[], float]
    _tables: dict[str, Table]
    _lock: threading.Lock
    _speeds: dict[str, str]

    def table(self, table_id: str) -> Table:
        raise NotImplementedError

    def _register(self, table: Table) -> None:
        raise NotImplementedError

    def _make_bots(self, table: Table) -> None:
        raise NotImplementedError

    def _finish(self, table: Table) -> None:
        raise NotImplementedError

    def restore(self) -> list[str]:
        """Rebuild every unfinished table from the store; returns their ids.

        Each match is replayed from its rules, seed and logged actions, every action
        checked; a log the engine refuses raises :class:`ThreeThirteenError`.
        """
        restored: list[str] = []
        for row in self.store.unfinished():
            if row.status == ABANDONED:
                continue
            try:
                table = self._rebuild(row)
            except ThreeThirteenError as exc:
                # One corrupt log must not keep every other table from resuming.
                log.error("table %r cannot be restored: %s", row.id, exc)
                continue
            self._register(table)
            restored.append(table.id)
        return restored

    def held_ids(self) -> set[str]:
        """The ids of the unfinished tables held in memory (what a cluster leases)."""
        with self._lock:
            return {i for i, t in self._tables.items() if t.status is not Status.FINISHED}

    def holds_table(self, table_id: str) -> bool:
        """Whether ``table_id`` is held in memory."""
        with self._lock:
            return table_id in self._tables

    def adopt(self, table_id: str, speed: object = None) -> bool:
        """Hold ``table_id`` from now on, rebuilt from the store (its lease was just taken);
        ``speed``: the bot speed its last holder handed over. False when the table is
        not in the store, is finished or abandoned (nothing to hold), or cannot be rebuilt."""
        if self.holds_table(table_id):
            return True
        row = self.store.get(table_id)
        if row is None or row.status in (Status.FINISHED.value, ABANDONED):
            return False
        try:
            table = self._rebuild(row)
        except ThreeThirteenError as exc:
            log.error("table %r cannot be taken over: %s", table_id, exc)
            return False
        with self._lock:
            held = self._tables.setdefault(table_id, table)
            if speed in BOT_SPEEDS and speed != "normal":  # a known one only: it came by wire
                self._speeds[table_id] = speed
        if held is not table:
            close_bots(table.bots.values())
        return True

    def drop(self, table_id: str) -> dict[str, Any]:
        """Stop holding ``table_id`` (another process takes it): what the taker should know
        (``{"speed": ...}`` for a solo table's bot speed). Every accepted action is in the
        store already; what lives in memory only (who is away, votes, stand-ins) is lost.

        The dropped object's status becomes finished, so that what still holds it (its
        driver) stops; the caller stops the driver and closes the table's connections.
        """
        with self._lock:
            table = self._tables.pop(table_id, None)
            speed = self._speeds.pop(table_id, None)
        if table is None:
            return {}
        with table.lock:
            table.status = Status.FINISHED
            bots = list(table.bots.values())
        close_bots(bots)
        return {} if speed is None else {"speed": speed}

    def peek(self, row: TableRow) -> Table | None:
        """A table another process holds, as its row says, to be shown (the tables list),
        not held: its log is not replayed (the list shows no hand) and it has no bots; who
        is connected is unknown (nobody). None when its row names rules it cannot read."""
        try:
            return self._rebuild(row, replay=False)
        except ThreeThirteenError:
            return None

    def _rebuild(self, row: TableRow, *, replay: bool = True) -> Table:
        """The table of ``row``, its match replayed from the log unless ``replay`` is off
        (then it has no match state and no bots)."""
        game = table_game(row.game)
        rules = game.rules_from_options(row.rules)
        now = self.clock()
        seats = [
            Seat(
                kind=SeatKind(s.kind),
                name=s.name,
                bot=s.bot,
                token_hash=s.token_hash,
                player=s.player,
                disconnected_since=now if s.kind == SeatKind.HUMAN.value else None,
                # The stand-in goes on playing a person's seat it played; its player takes
                # it back as before (connected again, at the start of their turn).
                stand_in=s.stand_in if row.status == Status.PLAYING.value else None,
            )
            for s in row.seats
        ]
        table = Table(
            id=row.id,
            game=game,
            preset=row.preset,
            house=row.house,
            rules=rules,
            seats=seats,
            turn_seconds=row.turn_seconds,
            takeover_seconds=row.takeover_seconds,
            seed=row.seed,
            created_at=row.created_at,
            status=Status(row.status),
            version=row.version,
            phase_since=now,
        )
        if table.status is Status.LOBBY:
            return table
        if row.solo is None:
            # A row from before migration 0002: one person against bots plays as a solo
            # table (and is abandoned like one).
            table.solo = seats[0].kind is SeatKind.HUMAN and all(
                s.kind is SeatKind.BOT for s in seats[1:]
            )
        else:
            table.solo = row.solo
        table.watchable = row.watchable or not table.solo
        if not replay:
            return table
        state = game.new_match(rules, len(seats), row.seed)
        entries = self.store.actions(row.id)
        for entry in entries:
            if entry.action == NEXT_ROUND:
                state.next_round()
                continue
            if entry.seat != state.current:
                raise ThreeThirteenError(
                    f"table {row.id!r}, action {entry.seq} ({entry.action!r}): by seat "
                    f"{entry.seat}, but seat {state.current} was to act"
                )
            state.apply(game.parse_action(entry.action))
        table.state = state
        table.actions = len(entries)
        self._make_bots(table)
        if state.stage is Stage.ROUND_OVER and game.decided(state):
            if table.status is Status.FINISHED:
                state.next_round()
                table.finished_at, table.record = row.finished_at, row.record
            else:
                self._finish(table)  # killed between the last move and the end of the match
        return table

    def record(self, table_id: str) -> Any:
        """The record of a finished table held in memory (Three-Thirteen's a
        :class:`~threethirteen.records.GameRecord`, another game's its JSON-ready data,
        ``docs/record-format.md``), or None."""
        table = self.table(table_id)
        with table.lock:
            return None if table.record is None else table.game.load_record(table.record)


def close_bots(bots: Iterable[Bot]) -> None:
    """Let each of ``bots`` release what it holds (an engine its process; a
    :class:`~threethirteen.server.engines.SeatEngine` can still play after); a failure to
    is logged, not raised."""
    for bot in list(bots):
        try:
            close_bot(bot)
        except Exception:
            log.exception("bot %r did not close cleanly", bot)
