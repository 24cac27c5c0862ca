"""A table of the web app as values: its seats, tickets, planned moves and caches.

:class:`Table` is one table (seats, options, match, version, lock); a :class:`Seat`
is empty, a person (known by the hash of its token) or a bot; a :class:`Ticket` is
what a player holds after taking a seat; :class:`Outcome` what a handled message
did; :class:`AutoMove` a move the server makes by itself; :class:`StandIn` why the
stand-in bot plays a seat. The service that changes them is
:mod:`threethirteen.server.service`.

>>> check_name("  Ada ")
'Ada'
>>> hash_token("abc") == hash_token("abc") != hash_token("abd")
True
"""

from __future__ import annotations

import enum
import hashlib
import re
import threading
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from threethirteen.bots import Bot
from threethirteen.server.games import TableGame
from threethirteen.server.protocol import (
    Arrangements,
    JsonList,
    ProtocolError,
    encode_event,
    encode_result,
    quote,
)
from threethirteen.store.base import SeatRow, TableRow

__all__ = [
    "NAME_LIMIT",
    "NAME_REFUSED",
    "STAND_IN_REASONS",
    "AutoMove",
    "Outcome",
    "Seat",
    "SeatKind",
    "SnapshotTexts",
    "StandIn",
    "Status",
    "Table",
    "Ticket",
    "check_name",
    "check_player",
    "hash_token",
    "now_iso",
]

NAME_LIMIT = 24

STAND_IN_REASONS = ("away", "timer", "host", "vote")
"""Why the stand-in plays a human seat: its player was disconnected for the table's
``takeover_seconds`` (``away``), let the turn timer run out on two turns in a row
(``timer``), the host handed the seat over (``host``), or a majority of the other
connected people voted so (``vote``)."""


@dataclass(frozen=True)
class StandIn:
    """Why the stand-in bot (the service's ``TIMER_BOT``) plays a bot seat to the end of the match.

    ``reason`` is what the players are told (the table's ``stand_in_reason``):

    - ``"failed"``: the engine broke the protocol, timed out or died;
    - ``"busy"``: it could not start because the server's cap on engine processes
      (``--max-engines``) stayed full (:class:`~threethirteen.server.engines.EngineBusyError`);
    - ``"missing"``: a restored table names a bot or engine this server does not run.

    ``detail`` is the host's text, for the log; it may quote the engine's command or
    output, so it never reaches the players.
    """

    reason: Literal["failed", "busy", "missing"]
    detail: str


class Status(enum.Enum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"


class SeatKind(enum.Enum):
    EMPTY = "empty"
    HUMAN = "human"
    BOT = "bot"


def hash_token(token: str) -> str:
    """The stored form of a seat token: its SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def now_iso() -> str:
    """The time now, UTC, as the store writes it (``2026-12-07T09:00:00Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


NAME_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories a name may not hold: control characters (``Cc``), invisible
formatting ones (``Cf``: among them the bidirectional overrides and isolates U+202A to
U+202E and U+2066 to U+2069, which let a name pretend to read otherwise, and zero-width
characters), lone surrogates (``Cs``) and line or paragraph separators (``Zl``, ``Zp``)."""


def check_name(name: object) -> str:
    r"""A player's name, stripped; raises ``ProtocolError('bad-name')`` quoting a bad one.

    A name is text of 1 to :data:`NAME_LIMIT` characters once stripped, none of them in
    the categories of :data:`NAME_REFUSED`; the error names the first such character.

    >>> check_name("\u202eevil")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.server.protocol.ProtocolError: ... '\u202eevil' holds U+202E (RIGHT-TO-LEFT ...)
    """
    if not isinstance(name, str):
        raise ProtocolError("bad-name", f"a name must be text, got {quote(name)}", name)
    stripped = name.strip()
    if not stripped or len(stripped) > NAME_LIMIT:
        raise ProtocolError(
            "bad-name",
            f"a name must be 1 to {NAME_LIMIT} characters, got {len(stripped)}: {quote(name)}",
            name,
        )
    for char in stripped:
        if unicodedata.category(char) in NAME_REFUSED:
            what = unicodedata.name(char, "a control character")
            raise ProtocolError(
                "bad-name",
                "a name may not hold control or invisible formatting characters; "
                f"{quote(name)} holds U+{ord(char):04X} ({what})",
                name,
            )
    return stripped


@dataclass
class Seat:
    """One seat of a table: empty, a human (known by the hash of its token) or a bot.

    During play the stand-in bot may play a human seat: ``stand_in`` says why (stored
    with the seat; see :data:`STAND_IN_REASONS`), until its player, ``returning`` (they connected
    again, or said ``back``), takes it back at the start of their next turn. An empty
    seat during play was reopened by the host: the stand-in plays it until somebody
    joins. ``timeouts`` counts the player's turns in a row that the turn timer ended
    (``timer_drew``: the timer drew this turn, so its discard is not counted again).
    """

    kind: SeatKind = SeatKind.EMPTY
    name: str = ""
    bot: str | None = None  # registry name, for a bot seat
    token_hash: str | None = None
    connections: int = 0
    disconnected_since: float | None = None
    stand_in: str | None = None
    returning: bool = False
    timeouts: int = 0
    timer_drew: bool = False
    player: str | None = None  # the hash of the player key of the browser that took it

    def row(self) -> SeatRow:
        return SeatRow(
            self.kind.value, self.name, self.bot, self.token_hash, self.player, self.stand_in
        )


@dataclass(frozen=True, slots=True)
class Ticket:
    """What a player gets on taking a seat: the table, the seat and the secret token."""

    table_id: str
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a handled message did: changed the table, was stale, or asked for a pong."""

    changed: bool = False
    stale: bool = False
    pong: bool = False


@dataclass(frozen=True, slots=True)
class AutoMove:
    """A move the server makes by itself, due at clock time ``at``.

    ``kind``: ``bot`` (a bot seat), ``timer`` (a human's turn timer ran out),
    ``takeover`` (an absent human's seat), ``advance`` (deal the next round).
    ``bot`` is the registry name of the bot that chooses (None for ``advance``).
    """

    kind: str
    seat: int
    version: int
    at: float
    bot: str | None


@dataclass
class Table:
    """One table: its seats, options, match and version, guarded by :attr:`lock`."""

    id: str
    game: TableGame
    preset: str
    house: tuple[str, ...]
    rules: Any  # the game's Rules
    seats: list[Seat]
    turn_seconds: float | None
    takeover_seconds: float | None
    seed: int
    created_at: str
    status: Status = Status.LOBBY
    version: int = 0
    state: Any = None  # the game's match state (threethirteen.game.MatchState), once started
    ready: set[int] = field(default_factory=set)
    phase_since: float = 0.0  # clock time of the last change of move (turn timers)
    actions: int = 0  # actions in the stored log
    finished_at: str | None = None
    record: str | None = None
    spectators: int = 0
    bots: dict[int, Bot] = field(default_factory=dict)
    stand_ins: dict[int, StandIn] = field(default_factory=dict)  # seat -> why the stand-in plays it
    votes: dict[int, set[int]] = field(default_factory=dict)  # seat -> who voted for a stand-in
    seats_changed: bool = False  # a stand-in came or went since the row was last saved
    lock: threading.RLock = field(default_factory=threading.RLock)
    owner: str | None = None  # the address of the client that created it (memory only)
    solo: bool = False  # one person against bots: made by POST /api/solo (or restored as one)
    # A solo table is private: spectators may watch only once its player opens it
    # (memory only: a restart makes it private again). Other tables are always open.
    watchable: bool = False
    texts: SnapshotTexts = field(default_factory=lambda: SnapshotTexts())

    @property
    def host(self) -> int:
        return 0

    @property
    def names(self) -> list[str]:
        return [seat.name or f"seat {i}" for i, seat in enumerate(self.seats)]

    def row(self) -> TableRow:
        return TableRow(
            id=self.id,
            status=self.status.value,
            preset=self.preset,
            house=self.house,
            rules=self.game.rules_options(self.rules),
            seats=tuple(s.row() for s in self.seats),
            turn_seconds=self.turn_seconds,
            takeover_seconds=self.takeover_seconds,
            seed=self.seed,
            version=self.version,
            created_at=self.created_at,
            finished_at=self.finished_at,
            record=self.record,
            game=self.game.name,
            solo=self.solo,
            watchable=self.watchable,
        )

    def away(self, seat: int, now: float) -> bool:
        """True when a bot plays for this human seat: all its connections gone long enough."""
        s = self.seats[seat]
        return (
            s.kind is SeatKind.HUMAN
            and s.connections == 0
            and self.takeover_seconds is not None
            and s.disconnected_since is not None
            and now >= s.disconnected_since + self.takeover_seconds
        )


class SnapshotTexts:
    """A table's cache of encoded snapshot parts (memory only; never stored).

    ``views`` holds the view JSON of each seat (None: the spectators') for the
    version ``version`` only: a view changes only with the version, so a new
    version empties it. ``results`` holds every finished round's reveal, encoded
    once (a scored round never changes), ``log`` the current round's public log,
    each event encoded once; ``rules`` the table's rules object,
    encoded once (they never change either); ``arrangements`` each seat's last
    solved arrangement, reused while its hand (and the table's melds) stay the same.
    """

    __slots__ = ("arrangements", "log", "results", "rules", "version", "views")

    def __init__(self) -> None:
        self.version = -1
        self.views: dict[int | None, str] = {}
        self.results = JsonList(encode_result)
        self.log = JsonList(encode_event)
        self.rules: str | None = None
        self.arrangements: Arrangements = {}


PLAYER_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def check_player(key: object) -> str:
    """A browser's player key: 16 to 64 letters, digits, ``-`` or ``_`` (the browser makes
    one at random and keeps it; the server keeps only its hash). Anything else is
    ``ProtocolError('bad-player')`` quoting its start.

    >>> check_player("x" * 20) == "x" * 20
    True
    >>> check_player("short")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.server.protocol.ProtocolError: a player key is 16 to 64 letters, ...
    """
    if not isinstance(key, str) or not PLAYER_KEY.fullmatch(key):
        raise ProtocolError(
            "bad-player",
            f"a player key is 16 to 64 letters, digits, '-' or '_', got {quote(key)}",
            key,
        )
    return key
