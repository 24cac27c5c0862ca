"""What a table tells everyone: the table object, presence, and each seat's snapshot.

The part of :class:`~threethirteen.server.service.TableService` that encodes, apart from
the part that changes tables: a mixin it inherits, which reads a table under its lock
and never changes it. Snapshot texts are cached a version at a time
(:class:`~threethirteen.server.tables.SnapshotTexts`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from threethirteen.engines import EngineSpec
from threethirteen.game import Stage
from threethirteen.server.tables import SeatKind, Status, Table

__all__ = ["TableSnapshots"]


class TableSnapshots:
    """The snapshot methods of the table service (see its docstring)."""

    clock: Callable[[], float]
    engines: dict[str, EngineSpec]

    def table(self, table_id: str) -> Table:
        """The table; the service looks it up."""
        raise NotImplementedError

    def bot_speed(self, table_id: str) -> str:
        """A solo table's bot speed; the service keeps it."""
        raise NotImplementedError

    def _awaited(self, table: Table, now: float) -> list[int]:
        """In round-over: the human seats that still have to say ready."""
        return [
            seat
            for seat, s in enumerate(table.seats)
            if s.kind is SeatKind.HUMAN
            and seat not in table.ready
            and s.stand_in is None
            and s.connections > 0
            and not table.away(seat, now)
        ]

    # -- snapshots ----------------------------------------------------------------------

    def public_table(self, table_id: str) -> dict[str, Any]:
        """The table object of ``docs/protocol.md`` (what everyone may see)."""
        return self.public_of(self.table(table_id))

    def public_of(self, table: Table) -> dict[str, Any]:
        """:meth:`public_table` of a table object (one held here or only peeked at)."""
        with table.lock:
            return self._public(table)

    def _public(self, table: Table) -> dict[str, Any]:
        return {
            "id": table.id,
            "game": table.game.name,
            "status": table.status.value,
            "rules": _rules_object(table),
            **self._public_rest(table),
        }

    def _public_json(self, table: Table) -> str:
        """``json.dumps(self._public(table))``, the rules object encoded once a table."""
        texts = table.texts
        if texts.rules is None:
            texts.rules = json.dumps(_rules_object(table))
        head = json.dumps({"id": table.id, "game": table.game.name, "status": table.status.value})
        return f'{head[:-1]}, "rules": {texts.rules}, {json.dumps(self._public_rest(table))[1:]}'

    def _public_rest(self, table: Table) -> dict[str, Any]:
        """The table object's fields after ``rules``, in wire order."""
        now = self.clock()
        seats: list[dict[str, Any]] = []
        for i, s in enumerate(table.seats):
            entry: dict[str, Any] = {"seat": i, "kind": s.kind.value}
            if s.kind is SeatKind.HUMAN:
                entry.update(
                    name=s.name,
                    host=i == table.host,
                    connected=s.connections > 0,
                    away=table.away(i, now),
                    stand_in=table.game.stand_in if s.stand_in else None,
                    stand_in_reason=s.stand_in,
                    returning=s.returning,
                    votes=sorted(table.votes.get(i, ())),
                )
            elif s.kind is SeatKind.BOT:
                stand_in = table.stand_ins.get(i)
                entry.update(
                    name=s.name,
                    bot=s.bot,
                    host=False,
                    engine=s.bot in self.engines,
                    stand_in=table.game.stand_in if stand_in else None,
                    stand_in_reason=stand_in.reason if stand_in else None,
                )
            elif table.status is Status.PLAYING:  # reopened: the stand-in plays it
                entry.update(stand_in=table.game.stand_in, stand_in_reason="open")
            seats.append(entry)
        state = table.state
        finished = table.status is Status.FINISHED and state is not None
        return {
            "seats": seats,
            "turn_seconds": table.turn_seconds,
            "takeover_seconds": table.takeover_seconds,
            "solo": table.solo,
            "watchable": table.watchable or not table.solo,
            "bot_speed": self.bot_speed(table.id) if table.solo else None,
            "turn_deadline": self._deadline(table, now),
            "ready": sorted(table.ready),
            "spectators": table.spectators,
            "winners": list(state.winners()) if finished and state is not None else None,
            "seed": table.seed if finished else None,
            "created_at": table.created_at,
            "version": table.version,
        }

    def _deadline(self, table: Table, now: float) -> float | None:
        """The table object's ``turn_deadline``: when the timer plays for the awaited human."""
        state = table.state
        if table.status is not Status.PLAYING or table.turn_seconds is None or state is None:
            return None
        awaited = (
            bool(self._awaited(table, now))
            if state.stage is Stage.ROUND_OVER
            else table.seats[state.current].kind is SeatKind.HUMAN
            and table.seats[state.current].stand_in is None
            and not table.away(state.current, now)
        )
        return table.phase_since + table.turn_seconds if awaited else None

    def presence_text(self, table_id: str) -> str:
        """The ``presence`` message (JSON text): who is connected, now.

        What of the table object a connection or disconnection changes, without the
        rest: each human seat's ``connected`` and ``away``, ``spectators`` and
        ``turn_deadline`` (a player back from a takeover gets a fresh turn timer), at
        the table's ``version``, which connections do not change.
        """
        table = self.table(table_id)
        with table.lock:
            now = self.clock()
            seats = [
                {"seat": i, "connected": s.connections > 0, "away": table.away(i, now)}
                for i, s in enumerate(table.seats)
                if s.kind is SeatKind.HUMAN
            ]
            return json.dumps(
                {
                    "type": "presence",
                    "version": table.version,
                    "server_time": now,
                    "seats": seats,
                    "spectators": table.spectators,
                    "turn_deadline": self._deadline(table, now),
                }
            )

    def snapshot(self, table_id: str, seat: int | None, reason: str) -> dict[str, Any]:
        """The ``snapshot`` message for ``seat`` (None: a spectator), built from its view."""
        table = self.table(table_id)
        with table.lock:
            view: dict[str, Any] | None = None
            if table.state is not None:
                view = table.game.view_data(table.state, seat)
            you: dict[str, Any] = {"seat": seat, "name": None, "host": False}
            if seat is not None:
                you.update(name=table.seats[seat].name, host=seat == table.host)
            return {
                "type": "snapshot",
                "version": table.version,
                "reason": reason,
                "server_time": self.clock(),
                "you": you,
                "table": self._public(table),
                "view": view,
            }

    def snapshot_text(self, table_id: str, seat: int | None, reason: str) -> str:
        """``json.dumps(self.snapshot(table_id, seat, reason))``, from cached parts.

        What every websocket is sent. The view of each seat (and the spectators')
        is encoded once a version and reused by every snapshot of that version;
        past rounds and the rules are encoded once a table. The text is the same,
        byte for byte, as encoding :meth:`snapshot` (``tests/server`` checks it over
        whole matches).
        """
        table = self.table(table_id)
        with table.lock:
            texts = table.texts
            if texts.version != table.version:
                texts.version = table.version
                texts.views.clear()
            view = texts.views.get(seat)
            if view is None:
                state = table.state
                view = "null" if state is None else table.game.view_text(state, seat, texts)
                texts.views[seat] = view
            you: dict[str, Any] = {"seat": seat, "name": None, "host": False}
            if seat is not None:
                you.update(name=table.seats[seat].name, host=seat == table.host)
            return (
                f'{{"type": "snapshot", "version": {json.dumps(table.version)}, '
                f'"reason": {json.dumps(reason)}, "server_time": {json.dumps(self.clock())}, '
                f'"you": {json.dumps(you)}, "table": {self._public_json(table)}, '
                f'"view": {view}}}'
            )


def _rules_object(table: Table) -> dict[str, Any]:
    """The ``rules`` of the table object (they never change once the table exists)."""
    return table.game.rules_object(table.preset, table.house, table.rules)
