"""The table service: authoritative tables, knowing nothing of sockets or storage engines.

Each :class:`Table` has one lock and a state version. Every change (a move, a new
round, a seat filled or emptied, the start) happens under the table's lock, is
written to the :class:`~threethirteen.store.base.Store` (an interface: memory or
SQL, the service does not care), and only then bumps the version the clients
see. A client message names the version it saw; one naming another version
changes nothing and is answered with a fresh snapshot (:attr:`Outcome.stale`).

Messages are dispatched through a table of handlers (:data:`_HANDLERS`), one per
message type; each raises :class:`~threethirteen.server.protocol.ProtocolError`
(quoting the bad input) and changes nothing when the message cannot be taken.

What happens without a message (bots' moves, turn timers, absent players taken
over by a bot, the pause before the next round) is planned by :meth:`TableService.pending`
and carried out by :meth:`TableService.play_auto`; the driver
(:mod:`threethirteen.server.driver`) waits for the planned time and asks the bot.

A bot seat may hold an engine the host named (``engines``, see
:mod:`threethirteen.server.engines`): an engine that breaks the protocol is
replaced for the rest of the match by the stand-in bot :data:`TIMER_BOT`
(:meth:`TableService.engine_failed`), and the table says so.

>>> from threethirteen.store import MemoryStore
>>> service = TableService(MemoryStore(), bot_delay=0)
>>> ticket = service.create_solo("Ada", "classic", [], ["easy"])
>>> table = service.table(ticket.table_id)
>>> table.status, table.state.players, ticket.seat
(<Status.PLAYING: 'playing'>, 2, 0)
"""

from __future__ import annotations

import dataclasses
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from threethirteen.bots import DIFFICULTIES, Bot
from threethirteen.engines import EngineSpec, engine_table
from threethirteen.errors import IllegalActionError, ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.server.engines import (
    DEFAULT_MAX_ENGINES,
    SLOT_WAIT,
    EngineBusyError,
    EngineSlots,
    SeatEngine,
)
from threethirteen.server.games import DEFAULT_GAME, TableGame, table_game
from threethirteen.server.protocol import (
    BOT_SPEEDS,
    ActionMessage,
    AddBotMessage,
    BackMessage,
    BotSpeedMessage,
    ClearSeatMessage,
    ClientMessage,
    PingMessage,
    ProtocolError,
    ReadyMessage,
    SpectatorsMessage,
    StandInMessage,
    StartMessage,
    check_bot_speed,
    quote,
)
from threethirteen.server.restore import ABANDONED, TableRestore
from threethirteen.server.restore import close_bots as _close
from threethirteen.server.snapshots import TableSnapshots
from threethirteen.server.tables import (
    AutoMove,
    Outcome,
    Seat,
    SeatKind,
    StandIn,
    Status,
    Table,
    Ticket,
    check_name,
    check_player,
    hash_token,
    now_iso,
)
from threethirteen.store.base import NEXT_ROUND, ActionRow, Store

__all__ = [
    "ABANDONED",
    "TAKEOVER_DEFAULT",
    "TIMEOUTS",
    "AutoMove",
    "Outcome",
    "Seat",
    "SeatKind",
    "StandIn",
    "Status",
    "Table",
    "TableService",
    "Ticket",
    "difficulties",
    "hash_token",
]

log = logging.getLogger(__name__)

TURN_SECONDS = (5.0, 600.0)
TAKEOVER_SECONDS = (0.0, 3600.0)
TAKEOVER_DEFAULT = 60.0
"""An online table's ``takeover_seconds`` when its creator names none: the stand-in plays
a seat whose player has been disconnected this long (``null`` asks for never)."""
TIMEOUTS = 2
"""A seat whose player let the turn timer end this many turns in a row gets the stand-in."""
TIMER_BOT = DIFFICULTIES["medium"]
"""The stand-in: the bot whose move a turn timer or a takeover plays for a human seat,
and the bot that plays for an engine that failed (or one this server does not run).

It is the game's ``medium`` bot (``heuristic``): a stand-in plays the seat as a fair
player would, so it never throws away a wild unless every other choice scores worse or
the discard goes out (the frozen ``easy`` baseline took a wild from the pile and, its
deadwood no lower, threw it straight back). It reads only the seat's view, so a fresh
one for each move plays as one kept for the match would."""
ENGINE_REST = 120.0
"""Seconds a table waits on a person before its engines' processes are stopped."""


Handler = Callable[["TableService", Table, "int | None", Any], Outcome]


class TableService(TableSnapshots, TableRestore):
    """Every table of the server, authoritative, with storage behind ``store``.

    ``clock`` gives the time (seconds; tests drive it by hand), ``bot_delay`` the
    pause before a bot moves, ``round_pause`` the pause before dealing the next
    round when no human has to say ``ready``. ``engines`` are the programs the
    host lets players seat as bots, by name (checked by
    :func:`~threethirteen.engines.engine_table`: raises
    :class:`~threethirteen.engines.EngineError` for a name given twice or one of a
    bot's); ``engine_rest`` is how many seconds a table waits on a person before
    its engines' processes are stopped (they start again at their next decision);
    ``max_engines`` is how many engine processes the whole server runs at once
    (``None``: no limit; see :class:`~threethirteen.server.engines.EngineSlots`,
    ``engine_slots``), and ``engine_wait`` how many seconds a seat waits for one of
    them while all are deciding. Raises ``ValueError`` quoting a ``max_engines``
    below 1 or an ``engine_wait`` that is not positive.
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        bot_delay: float = 0.5,
        round_pause: float = 3.0,
        engines: Sequence[EngineSpec] = (),
        engine_rest: float = ENGINE_REST,
        max_engines: int | None = DEFAULT_MAX_ENGINES,
        engine_wait: float = SLOT_WAIT,
    ) -> None:
        self.store = store
        self.clock = clock
        self.bot_delay = bot_delay
        self.round_pause = round_pause
        self.engines = engine_table(engines)
        self.engine_rest = engine_rest
        self.engine_slots = EngineSlots(max_engines, wait=engine_wait)
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        # A solo table's bot speed (BOT_SPEEDS), by table id; kept in memory only: a
        # restart brings its tables back at "normal".
        self._speeds: dict[str, str] = {}

    # -- tables -------------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        """The table; raises ``ProtocolError('no-such-table')`` quoting the id.

        A finished table not held in memory (finished before a restart) is
        rebuilt from the store on first use.
        """
        with self._lock:
            table = self._tables.get(table_id)
        if table is None:
            row = self.store.get(table_id) if isinstance(table_id, str) else None
            if row is None or row.status != Status.FINISHED.value:
                raise ProtocolError("no-such-table", f"no table {quote(table_id)}", table_id)
            table = self._rebuild(row)
            with self._lock:
                table = self._tables.setdefault(table_id, table)
        return table

    def tables(self) -> list[Table]:
        """Every table held (lobby, playing, and those finished since the start)."""
        with self._lock:
            return list(self._tables.values())

    def live_tables(self, owner: str | None = None) -> int:
        """How many tables are in lobby or playing: all of them, or those ``owner`` made."""
        with self._lock:
            return sum(
                1
                for t in self._tables.values()
                if t.status is not Status.FINISHED and (owner is None or t.owner == owner)
            )

    def expire_abandoned(self, after: float) -> list[str]:
        """Abandon every solo table whose player has had no connection for ``after``
        seconds (counted from the last disconnect, or from the table's making when the
        player never connected, or from the restart that restored it); returns their ids.

        An abandoned table is dropped from memory (a request for it is then
        ``no-such-table``), its row is saved with the status ``abandoned`` (kept, but
        never restored nor listed in the history), and its bots are closed. The caller
        stops its driver and closes its spectators' connections.
        """
        now = self.clock()
        gone: list[str] = []
        for table in self.tables():
            if not table.solo or table.status is not Status.PLAYING:
                continue
            with table.lock:
                player = table.seats[0]
                since = player.disconnected_since
                if player.connections or since is None or now < since + after:
                    continue
                row = table.row()
                self.store.save_table(dataclasses.replace(row, status=ABANDONED))
                table.status = Status.FINISHED  # what still holds it (its driver) stops
                bots = list(table.bots.values())
            with self._lock:
                self._tables.pop(table.id, None)
                self._speeds.pop(table.id, None)
            _close(bots)
            gone.append(table.id)
        return gone

    def _new_table(
        self,
        game: TableGame,
        preset: str | None,
        house: list[str],
        seats: int,
        turn_seconds: float | None,
        takeover_seconds: float | None,
    ) -> Table:
        rules = game.rules(preset, house)
        seats = game.check_players(rules, seats)
        turn_seconds = _seconds("turn_seconds", turn_seconds, TURN_SECONDS)
        takeover_seconds = _seconds("takeover_seconds", takeover_seconds, TAKEOVER_SECONDS)
        table = Table(
            id=secrets.token_urlsafe(6),
            game=game,
            preset=rules.name if preset is None else preset,
            house=tuple(house),
            rules=rules,
            seats=[Seat() for _ in range(seats)],
            turn_seconds=turn_seconds,
            takeover_seconds=takeover_seconds,
            # Online shuffles: a cryptographically secure seed, revealed when the match ends.
            seed=secrets.randbits(63),
            created_at=now_iso(),
        )
        return table

    def _seat_human(self, table: Table, seat: int, name: str, player: str | None) -> Ticket:
        token = secrets.token_urlsafe(24)
        table.seats[seat] = Seat(
            SeatKind.HUMAN,
            name,
            None,
            hash_token(token),
            disconnected_since=self.clock(),
            player=None if player is None else hash_token(check_player(player)),
        )
        table.votes.pop(seat, None)
        return Ticket(table.id, seat, token)

    def resolve_bot(self, requested: str, game: TableGame | None = None) -> str:
        """The name a seat's bot is stored by: an engine of this server's (at a table of
        any game: an engine that does not play the table's game fails at its
        first decision, and the stand-in plays its seat), or the registry name of a
        difficulty or bot of ``game`` (default Three-Thirteen); raises
        ``ProtocolError('unknown-bot')``."""
        game = game or table_game(DEFAULT_GAME)
        if isinstance(requested, str) and requested.strip().lower() in self.engines:
            return requested.strip().lower()
        try:
            return game.resolve_bot(requested)
        except ProtocolError as exc:
            if not self.engines:
                raise
            names = ", ".join(sorted(self.engines))
            raise ProtocolError(
                "unknown-bot", f"{exc.message}; this server's engines: {names}", requested
            ) from exc

    def _seat_bot(self, table: Table, seat: int, requested: str) -> None:
        registry = self.resolve_bot(requested, table.game)
        s = table.seats[seat]
        label = requested.strip().lower()
        s.kind, s.name, s.bot, s.token_hash = SeatKind.BOT, label, registry, None
        s.connections, s.disconnected_since = 0, None

    def _register(self, table: Table) -> None:
        with self._lock:
            self._tables[table.id] = table

    def create_table(
        self,
        name: str,
        preset: str | None,
        house: list[str],
        seats: int | None,
        *,
        turn_seconds: float | None = None,
        takeover_seconds: float | None = TAKEOVER_DEFAULT,
        owner: str | None = None,
        game: str = DEFAULT_GAME,
        player: str | None = None,
    ) -> Ticket:
        """A table of ``game`` in the lobby, its creator (at address ``owner``) at seat 0
        as host. ``preset`` None is the game's default preset, ``seats`` None its default
        seat count; ``player`` the player key of the creator's browser (:func:`check_player`),
        by which its matches are found again.

        The stand-in plays a seat whose player has been disconnected ``takeover_seconds``
        (:data:`TAKEOVER_DEFAULT`; None: never) or let the turn timer (``turn_seconds``;
        None: none) end :data:`TIMEOUTS` turns in a row.

        Raises :class:`ProtocolError` quoting a bad name, game, preset, house rule, seat
        count or timer.
        """
        name = check_name(name)
        kind = table_game(game)
        if seats is None:
            seats = kind.default_seats
        table = self._new_table(kind, preset, house, seats, turn_seconds, takeover_seconds)
        table.owner, table.watchable = owner, True
        ticket = self._seat_human(table, 0, name, player)
        table.version = 1
        self.store.save_table(table.row())
        self._register(table)
        return ticket

    def create_solo(
        self,
        name: str,
        preset: str | None,
        house: list[str],
        bots: list[str],
        *,
        owner: str | None = None,
        game: str = DEFAULT_GAME,
        player: str | None = None,
        bot_speed: str = "normal",
    ) -> Ticket:
        """A started match of ``game``: the player (at address ``owner``, with the player
        key ``player``) at seat 0, one bot (difficulty or name) a seat after. ``preset``
        None is the game's default. The table is private: spectators may not watch until
        its player opens it (the ``spectators`` message). ``bot_speed`` (of
        :data:`~threethirteen.server.protocol.BOT_SPEEDS`) sets its bots' pause; the
        player changes it with the ``bot_speed`` message.

        Raises :class:`ProtocolError` for a bad name, game, rules, opponent count or
        bot (``unknown-bot``: a difficulty whose bot does not exist yet, say).
        """
        name = check_name(name)
        kind = table_game(game)
        bot_speed = check_bot_speed(bot_speed)
        if not 1 <= len(bots) <= 7:
            raise ProtocolError("bad-request", f"1 to 7 opponents, got {len(bots)}", len(bots))
        for requested in bots:
            self.resolve_bot(requested, kind)
        table = self._new_table(kind, preset, house, len(bots) + 1, None, None)
        table.owner, table.solo = owner, True
        ticket = self._seat_human(table, 0, name, player)
        for seat, requested in enumerate(bots, start=1):
            self._seat_bot(table, seat, requested)
        self._start(table)
        if bot_speed != "normal":
            self._speeds[table.id] = bot_speed
        self._register(table)
        return ticket

    def join(self, table_id: str, name: str, player: str | None = None) -> Ticket:
        """Take the lowest empty seat of a table in the lobby, or during play a seat the
        host reopened (the stand-in played it meanwhile).

        Raises :class:`ProtocolError`: ``bad-name``, ``already-started`` (playing with no
        open seat, or finished), ``table-full``.
        """
        name = check_name(name)
        table = self.table(table_id)
        with table.lock:
            open_seat = table.status is Status.PLAYING and any(
                s.kind is SeatKind.EMPTY for s in table.seats
            )
            if table.status is not Status.LOBBY and not open_seat:
                raise ProtocolError(
                    "already-started", f"table {table_id!r} has already started", table_id
                )
            empty = [i for i, s in enumerate(table.seats) if s.kind is SeatKind.EMPTY]
            if not empty:
                raise ProtocolError("table-full", f"table {table_id!r} is full", table_id)
            ticket = self._seat_human(table, empty[0], name, player)
            self._bump(table)
            return ticket

    def authenticate(self, table_id: str, token: str | None) -> int | None:
        """The seat a token holds (None, no token: a spectator).

        Raises ``ProtocolError``: ``no-such-table``, ``bad-token``, ``private-table`` (a
        spectator of a solo table its player has not opened).
        """
        table = self.table(table_id)
        if token is None:
            if table.solo and not table.watchable and table.status is not Status.FINISHED:
                raise ProtocolError(
                    "private-table",
                    f"table {table_id!r} is a private solo match: its player has not opened "
                    "it to spectators",
                    table_id,
                )
            return None
        wanted = hash_token(token)
        with table.lock:
            for seat, s in enumerate(table.seats):
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, wanted):
                    return seat
        raise ProtocolError("bad-token", f"no seat of table {table_id!r} has that token", None)

    def claim(self, table_id: str, token: object) -> tuple[Ticket, str]:
        """A seat's rejoin link opened on any device: the ticket its token holds, and the
        seat's name. Raises ``ProtocolError``: ``no-such-table``, ``bad-token``."""
        if not isinstance(token, str) or not token:
            raise ProtocolError("bad-token", f"a seat token must be text, got {quote(token)}", None)
        seat = self.authenticate(table_id, token)
        assert seat is not None
        table = self.table(table_id)
        with table.lock:
            return Ticket(table_id, seat, token), table.seats[seat].name

    def holds(self, table_id: str, seat: int | None, token: str | None) -> bool:
        """Whether ``token`` still holds ``seat`` (a spectator's None always holds None)."""
        try:
            return self.authenticate(table_id, token) == seat
        except ProtocolError:
            return False

    # -- presence -----------------------------------------------------------------------

    def connect(self, table_id: str, seat: int | None) -> bool:
        """A connection opened for ``seat`` (None: a spectator).

        Returns whether the table changed (its version bumped): a player the stand-in
        plays for is back, and takes the seat at the start of their next turn (at once
        if it is their turn and the stand-in has not drawn yet).
        """
        table = self.table(table_id)
        with table.lock:
            if seat is None:
                table.spectators += 1
                return False
            s = table.seats[seat]
            if s.kind is not SeatKind.HUMAN:
                return False
            if table.away(seat, self.clock()) and table.status is Status.PLAYING:
                # Back from a takeover: the player gets a fresh turn timer.
                table.phase_since = self.clock()
            s.connections += 1
            s.disconnected_since = None
            if s.stand_in is None or s.returning or table.status is not Status.PLAYING:
                return False
            s.returning = True
            self._hand_back(table)
            self._bump(table)
            return True

    def disconnect(self, table_id: str, seat: int | None) -> None:
        """A connection closed; a seat with none left starts its takeover grace period."""
        table = self.table(table_id)
        with table.lock:
            if seat is None:
                table.spectators = max(0, table.spectators - 1)
                return
            s = table.seats[seat]
            if s.kind is not SeatKind.HUMAN:
                return
            s.connections = max(0, s.connections - 1)
            if s.connections == 0:
                s.disconnected_since = self.clock()

    # -- messages -----------------------------------------------------------------------

    def handle(self, table_id: str, seat: int | None, message: ClientMessage) -> Outcome:
        """Take one client message from ``seat`` (None: a spectator).

        Returns what it did; raises :class:`ProtocolError` (quoting the bad input)
        when it cannot be taken, having changed nothing.
        """
        if isinstance(message, PingMessage):
            return Outcome(pong=True)
        table = self.table(table_id)
        with table.lock:
            if message.version != table.version and not isinstance(message, BotSpeedMessage):
                return Outcome(stale=True)
            handler = _HANDLERS[type(message)]
            return handler(self, table, seat, message)

    def _on_action(self, table: Table, seat: int | None, message: ActionMessage) -> Outcome:
        state = table.state
        # A client's action is notation, read by the table's game; the service's own
        # callers (tests, in-process clients) may hand over an action object.
        action = message.action
        if isinstance(action, str):
            action = table.game.parse_action(action)
        text = str(action)
        if state is None or table.status is not Status.PLAYING:
            raise ProtocolError("bad-request", f"table {table.id!r} is not playing", text)
        if seat is None or seat != state.current or state.stage is not Stage.PLAY:
            who = "a spectator" if seat is None else f"seat {seat}"
            raise ProtocolError(
                "not-your-turn",
                f"{text!r} from {who}, but seat {state.current} is to act "
                f"(phase {getattr(state, 'phase', state.stage)})",
                text,
            )
        s = table.seats[seat]
        s.timeouts, s.timer_drew = 0, False  # the player is here
        table.votes.pop(seat, None)
        self._apply(table, seat, action)
        return Outcome(changed=True)

    def _on_ready(self, table: Table, seat: int | None, message: ReadyMessage) -> Outcome:
        if seat is None:
            raise ProtocolError("not-seated", "spectators cannot say ready", "ready")
        state = table.state
        if state is None or state.stage is not Stage.ROUND_OVER:
            phase = "lobby" if state is None else str(getattr(state, "phase", state.stage))
            raise ProtocolError("bad-request", f"'ready' outside round-over (now {phase})", "ready")
        table.ready.add(seat)
        if not self._awaited(table, self.clock()):
            self._next_round(table)
        return Outcome(changed=True)

    def _host_check(self, table: Table, seat: int | None, what: str, *, play: bool = False) -> None:
        """Raise unless ``seat`` is the host's and the table in lobby (or, with ``play``,
        in lobby or playing)."""
        if seat is None:
            raise ProtocolError("not-seated", f"spectators cannot {what}", what)
        if seat != table.host:
            raise ProtocolError("not-host", f"only the host (seat {table.host}) may {what}", what)
        if play and table.status is Status.PLAYING:
            return
        if table.status is not Status.LOBBY:
            raise ProtocolError("bad-request", f"{what}: the table is no longer in lobby", what)

    def _seat_index(self, table: Table, seat: int) -> int:
        if not 0 <= seat < len(table.seats):
            raise ProtocolError(
                "bad-request", f"seat {seat} is not a seat of {len(table.seats)}", seat
            )
        return seat

    def _on_add_bot(self, table: Table, seat: int | None, message: AddBotMessage) -> Outcome:
        self._host_check(table, seat, "add a bot")
        target = self._seat_index(table, message.seat)
        if table.seats[target].kind is not SeatKind.EMPTY:
            raise ProtocolError("bad-request", f"seat {target} is not empty", message.seat)
        self._seat_bot(table, target, message.bot)
        self._bump(table)
        return Outcome(changed=True)

    def _on_clear_seat(self, table: Table, seat: int | None, message: ClearSeatMessage) -> Outcome:
        self._host_check(table, seat, "clear a seat", play=True)
        target = self._seat_index(table, message.seat)
        if target == table.host:
            raise ProtocolError("bad-request", "the host's seat cannot be cleared", target)
        old = table.seats[target]
        if table.status is Status.PLAYING:
            # Reopened: the token stops working; the stand-in plays until somebody joins.
            if old.kind is SeatKind.EMPTY:
                raise ProtocolError("bad-request", f"seat {target} is open already", target)
            bot = table.bots.pop(target, None)
            table.stand_ins.pop(target, None)
            if bot is not None:
                _close([bot])
            table.seats[target] = Seat(name=old.name)  # the record keeps the name
        else:
            table.seats[target] = Seat()
        table.votes.pop(target, None)
        self._bump(table)
        return Outcome(changed=True)

    def _on_stand_in(self, table: Table, seat: int | None, message: StandInMessage) -> Outcome:
        """The host hands a seat to the stand-in; anyone else seated votes for it."""
        if seat is None:
            raise ProtocolError("not-seated", "spectators cannot vote", "stand_in")
        if table.status is not Status.PLAYING:
            raise ProtocolError("bad-request", "stand_in: the table is not playing", "stand_in")
        target = self._seat_index(table, message.seat)
        s = table.seats[target]
        if target == seat or s.kind is not SeatKind.HUMAN:
            raise ProtocolError(
                "bad-request", f"seat {target} is not another person's seat", message.seat
            )
        if s.stand_in is not None:
            raise ProtocolError(
                "bad-request", f"the stand-in plays seat {target} already", message.seat
            )
        if seat == table.host:
            self._stand_in(table, target, "host")
        else:
            votes = table.votes.setdefault(target, set())
            votes.add(seat)
            others = {
                i
                for i, o in enumerate(table.seats)
                if i != target and o.kind is SeatKind.HUMAN and o.connections > 0
            }
            if 2 * len(votes & others) > len(others):
                self._stand_in(table, target, "vote")
        self._bump(table)
        return Outcome(changed=True)

    def _on_back(self, table: Table, seat: int | None, message: BackMessage) -> Outcome:
        if seat is None:
            raise ProtocolError("not-seated", "spectators have no seat to take back", "back")
        s = table.seats[seat]
        if s.stand_in is None or table.status is not Status.PLAYING:
            raise ProtocolError("bad-request", "no stand-in plays your seat", "back")
        s.returning = True
        self._hand_back(table)
        self._bump(table)
        return Outcome(changed=True)

    def _on_spectators(self, table: Table, seat: int | None, message: SpectatorsMessage) -> Outcome:
        """The player of a solo table opens it to spectators, or closes it again."""
        if seat is None or not table.solo or seat != table.host:
            raise ProtocolError(
                "bad-request", "only the player of a solo table opens it to spectators", seat
            )
        if table.watchable is not message.open:
            table.watchable = message.open
            self._bump(table)  # stored with the next version
        return Outcome(changed=True)

    def _on_bot_speed(self, table: Table, seat: int | None, message: BotSpeedMessage) -> Outcome:
        """The player of a solo table sets how long its bots pause before a move."""
        if seat is None or not table.solo or seat != table.host:
            raise ProtocolError(
                "bad-request", "only the player of a solo table sets its bots' speed", seat
            )
        if self.bot_speed(table.id) != message.speed:
            self._speeds[table.id] = message.speed
            self._bump(table)  # a new snapshot shows it
        return Outcome(changed=True)

    def bot_speed(self, table_id: str) -> str:
        """A table's bot speed: ``normal`` unless its solo player chose another."""
        return self._speeds.get(table_id, "normal")

    def _bot_delay(self, table: Table) -> float:
        """The pause before a bot's (or a stand-in's) move at ``table``."""
        return self.bot_delay * BOT_SPEEDS[self.bot_speed(table.id)]

    def _stand_in(self, table: Table, seat: int, reason: str) -> None:
        """The stand-in plays the human ``seat`` from now on, for ``reason``."""
        s = table.seats[seat]
        s.stand_in, s.returning, s.timeouts, s.timer_drew = reason, False, 0, False
        table.votes.pop(seat, None)
        table.seats_changed = True
        log.info("table %r, seat %d: %s plays it (%s)", table.id, seat, table.game.stand_in, reason)

    def _hand_back(self, table: Table) -> None:
        """At the start of a turn (the draw), the seat to act goes back to its player if
        they are back (connected, and ``returning``)."""
        state = table.state
        if state is None or table.status is not Status.PLAYING:
            return
        if state.stage is not Stage.PLAY or not table.game.turn_start(state):
            return
        s = table.seats[state.current]
        if s.kind is SeatKind.HUMAN and s.stand_in and s.returning and s.connections > 0:
            s.stand_in, s.returning, s.timeouts, s.timer_drew = None, False, 0, False
            table.phase_since = self.clock()  # a fresh turn timer
            table.seats_changed = True

    def _save_seats(self, table: Table) -> None:
        """Store the row when a stand-in came or went (a restart, or another process, goes
        on with it); the move that came with it is stored already, so the row's version
        is the table's."""
        if table.seats_changed:
            table.seats_changed = False
            self.store.save_table(table.row())

    def _on_start(self, table: Table, seat: int | None, message: StartMessage) -> Outcome:
        self._host_check(table, seat, "start")
        empty = [i for i, s in enumerate(table.seats) if s.kind is SeatKind.EMPTY]
        if empty:
            raise ProtocolError("bad-request", f"seats {empty} are empty: fill them first", empty)
        self._start(table)
        return Outcome(changed=True)

    # -- changes ------------------------------------------------------------------------

    def _bump(self, table: Table) -> None:
        """A lobby change: save the row with the next version."""
        table.version += 1
        table.seats_changed = False
        self.store.save_table(table.row())

    def _start(self, table: Table) -> None:
        table.state = table.game.new_match(table.rules, len(table.seats), table.seed)
        table.status = Status.PLAYING
        table.phase_since = self.clock()
        table.version += 1
        self._make_bots(table)
        self.store.save_table(table.row())

    def _make_bots(self, table: Table) -> None:
        for seat, s in enumerate(table.seats):
            if s.kind is not SeatKind.BOT or s.bot is None or seat in table.bots:
                continue
            seed = secrets.randbits(32)
            spec = self.engines.get(s.bot)
            if spec is not None:
                table.bots[seat] = SeatEngine(
                    spec, seed, slots=self.engine_slots, game=table.game.name
                )
                continue
            try:
                table.bots[seat] = table.game.make_bot(s.bot, seed)
            except ThreeThirteenError as exc:
                # A table restored by a server that no longer runs this engine (or bot):
                # the match goes on, the stand-in playing the seat.
                why = f"{s.bot!r} is not a bot or engine of this server ({exc})"
                stand_in = table.game.stand_in
                log.warning("table %r, seat %d: %s; %s plays it", table.id, seat, why, stand_in)
                table.bots[seat] = table.game.make_bot(stand_in, seed)
                table.stand_ins[seat] = StandIn("missing", why)

    # -- engines ------------------------------------------------------------------------

    def engine_failed(self, table_id: str, auto: AutoMove, bot: Bot, error: Exception) -> bool:
        """The engine ``bot`` failed choosing for ``auto``: :data:`TIMER_BOT` plays its
        seat for the rest of the match, and the table (its version bumped) says so.

        Returns whether the table changed (not when the seat's bot had already been
        replaced). The error is logged for the host; the players see that the seat
        has a stand-in and why in one word (:class:`StandIn`), not the engine's
        command or output.
        """
        table = self.table(table_id)
        with table.lock:
            if table.bots.get(auto.seat) is not bot or table.status is not Status.PLAYING:
                return False
            stand_in = table.game.stand_in
            log.error("table %r, seat %d: %s; %s plays it", table_id, auto.seat, error, stand_in)
            table.bots[auto.seat] = table.game.make_bot(stand_in, secrets.randbits(32))
            name = table.seats[auto.seat].bot
            busy = isinstance(error, EngineBusyError)
            detail = f"engine {name!r}: {error}"
            table.stand_ins[auto.seat] = StandIn("busy" if busy else "failed", detail)
            self._bump(table)
            return True

    def running_engines(self, table_id: str) -> bool:
        """Whether any seat of the table holds an engine's process now."""
        table = self.table(table_id)
        with table.lock:
            return bool(_running_engines(table))

    def rest_engines(self, table_id: str) -> int:
        """Stop the processes of the table's engines (they restart when next asked);
        returns how many were running. Blocking: call it off the event loop."""
        table = self.table(table_id)
        with table.lock:
            engines = _running_engines(table)
        _close(engines)
        return len(engines)

    def close(self) -> None:
        """Stop every engine process (the server is stopping). Blocking."""
        with self._lock:
            tables = list(self._tables.values())
        _close(b for table in tables for b in list(table.bots.values()))

    def _append(self, table: Table, seat: int, text: str) -> None:
        """Store one action; the table's counters move only once it is stored."""
        seq, version = table.actions + 1, table.version + 1
        self.store.append_action(table.id, ActionRow(seq, seat, text), version)
        table.actions, table.version = seq, version

    def _apply(self, table: Table, seat: int, action: Any) -> None:
        """Apply a move: checked on the match, stored, then the version moves on."""
        state = table.state
        assert state is not None
        before = state.copy()
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise ProtocolError("illegal-action", str(exc), str(action)) from exc
        try:
            self._append(table, seat, str(action))
        except BaseException:
            # Not stored, so not accepted: the match goes back to where it was.
            table.state = before
            raise
        table.phase_since = self.clock()
        if state.stage is Stage.ROUND_OVER:
            table.ready.clear()
            if table.game.decided(state):
                self._finish(table)
        self._hand_back(table)
        self._save_seats(table)

    def _next_round(self, table: Table) -> None:
        state = table.state
        assert state is not None and state.stage is Stage.ROUND_OVER
        self._append(table, -1, NEXT_ROUND)  # stored first: a failure changes nothing
        state.next_round()
        table.ready.clear()
        table.phase_since = self.clock()
        self._hand_back(table)
        self._save_seats(table)

    def _finish(self, table: Table) -> None:
        """The last round is scored: end the match, keep its record, reveal the seed."""
        state = table.state
        assert state is not None
        state.next_round()  # MATCH_OVER; not logged: the replay does it after the last round
        table.status = Status.FINISHED
        table.finished_at = now_iso()
        table.record = table.game.record_text(state, table.names)
        self.store.save_table(table.row())
        engines = _running_engines(table)
        if engines:
            # Off the caller's thread (often the event loop's): an engine may take
            # seconds to quit.
            threading.Thread(target=_close, args=(engines,), daemon=True).start()

    # -- what the server does by itself ---------------------------------------------------

    def pending(self, table_id: str) -> AutoMove | None:
        """The next move the server will make by itself at this table, and when; or None."""
        table = self.table(table_id)
        with table.lock:
            state = table.state
            if state is None or table.status is not Status.PLAYING:
                return None
            now = self.clock()
            since = table.phase_since
            if state.stage is Stage.ROUND_OVER:
                # Disconnected players are never awaited, so only the timer is left to wait for.
                if not self._awaited(table, now):
                    return AutoMove("advance", -1, table.version, since + self.round_pause, None)
                if table.turn_seconds is None:
                    return None
                return AutoMove("advance", -1, table.version, since + table.turn_seconds, None)
            seat = state.current
            s = table.seats[seat]
            delay = self._bot_delay(table)
            if s.kind is SeatKind.BOT:
                return AutoMove("bot", seat, table.version, since + delay, s.bot)
            stand_in = table.game.stand_in
            if s.kind is SeatKind.EMPTY or s.stand_in is not None:
                at = since + delay
                return AutoMove("stand_in", seat, table.version, at, stand_in)
            moves: list[AutoMove] = []
            if table.takeover_seconds is not None and s.disconnected_since is not None:
                at = max(s.disconnected_since + table.takeover_seconds, since + delay)
                moves.append(AutoMove("takeover", seat, table.version, at, stand_in))
            if table.turn_seconds is not None:
                at = since + table.turn_seconds
                moves.append(AutoMove("timer", seat, table.version, at, stand_in))
            return min(moves, key=lambda m: m.at) if moves else None

    def auto_view(self, table_id: str, auto: AutoMove) -> Any:
        """The view the bot of ``auto`` decides on; None when the table has moved on."""
        table = self.table(table_id)
        with table.lock:
            if table.version != auto.version or table.state is None or auto.seat < 0:
                return None
            return table.state.view(auto.seat)

    def auto_bot(self, table_id: str, auto: AutoMove) -> Bot:
        """The bot that chooses for ``auto``: the seat's own, or a fresh stand-in (the
        game's ``medium``, :data:`TIMER_BOT` for Three-Thirteen)."""
        table = self.table(table_id)
        with table.lock:
            bot = table.bots.get(auto.seat) if auto.kind == "bot" else None
        return (
            bot if bot is not None else table.game.make_bot(auto.bot or table.game.stand_in, None)
        )

    def play_auto(self, table_id: str, auto: AutoMove, action: Any) -> bool:
        """Carry out ``auto`` with ``action`` (None for ``advance``) if still due and current.

        Returns whether the table changed. The bot's action is checked like a
        player's; an illegal one raises ``ProtocolError`` (a bug in the bot).
        """
        table = self.table(table_id)
        with table.lock:
            state = table.state
            now = self.clock()
            if table.version != auto.version or state is None or table.status is not Status.PLAYING:
                return False
            if auto.kind == "advance":
                if state.stage is not Stage.ROUND_OVER:
                    return False
                timed_out = (
                    table.turn_seconds is not None and now >= table.phase_since + table.turn_seconds
                )
                if self._awaited(table, now) and not timed_out:
                    return False
                if now < auto.at:
                    return False
                self._next_round(table)
                return True
            if action is None or now < auto.at or state.current != auto.seat:
                return False
            s = table.seats[auto.seat]
            if auto.kind == "takeover":
                if not table.away(auto.seat, now):
                    return False
                if s.stand_in is None:
                    self._stand_in(table, auto.seat, "away")  # until they are back
            elif auto.kind == "stand_in":
                if s.kind is not SeatKind.EMPTY and s.stand_in is None:
                    return False
            elif auto.kind == "timer" and s.stand_in is None:
                start = table.game.turn_start(state)
                counted = start or not s.timer_drew
                s.timer_drew = start
                s.timeouts += counted
                if s.timeouts >= TIMEOUTS:
                    self._stand_in(table, auto.seat, "timer")
            self._apply(table, auto.seat, action)
            return True


_HANDLERS: dict[type, Handler] = {
    ActionMessage: TableService._on_action,
    ReadyMessage: TableService._on_ready,
    AddBotMessage: TableService._on_add_bot,
    ClearSeatMessage: TableService._on_clear_seat,
    StartMessage: TableService._on_start,
    StandInMessage: TableService._on_stand_in,
    BackMessage: TableService._on_back,
    SpectatorsMessage: TableService._on_spectators,
    BotSpeedMessage: TableService._on_bot_speed,
}
"""One handler a message type (``ping`` is answered before the table is looked at)."""


def _running_engines(table: Table) -> list[SeatEngine]:
    """The table's engine seats that hold a process now (call under its lock)."""
    return [b for b in table.bots.values() if isinstance(b, SeatEngine) and b.running]


def _seconds(name: str, value: object, bounds: tuple[float, float]) -> float | None:
    if value is None:
        return None
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ProtocolError(
            "bad-request",
            f"{name} must be null or {low:g} to {high:g} seconds, got {quote(value)}",
            value,
        )
    return float(value)


def difficulties(game: str = DEFAULT_GAME) -> list[dict[str, Any]]:
    """The difficulty names of ``game``, the bot each maps to, and whether that bot exists."""
    return table_game(game).difficulties()
