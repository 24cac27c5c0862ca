"""The websocket protocol: typed client messages, their decoding, and JSON of views.

The reference for clients is ``docs/protocol.md``; this module is its code. A
client message is decoded into one of the frozen dataclasses below (or a
:class:`ProtocolError` quoting the bad input); the server's messages are plain
JSON-ready dicts built by the ``encode_*`` functions, from a
:class:`~threethirteen.games.three_thirteen.views.PlayerView` only, so a client can never receive
what its seat may not see.

>>> decode_message('{"type": "action", "version": 3, "action": "discard 7H"}')
ActionMessage(version=3, action='discard 7H')
>>> decode_message('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.server.protocol.ProtocolError: unknown message type 'dance'; known: action, ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from threethirteen.bots.hints import encode_hint
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.scoring import RoundResult
from threethirteen.games.three_thirteen.view_json import (
    Arrangements,
    encode_arrangement,
    encode_event,
    encode_result,
    encode_scores,
    encode_view,
    view_fields,
)
from threethirteen.games.three_thirteen.views import Event, PlayerView

# The view encoders live in threethirteen.games.three_thirteen.view_json (the lab's engines
# use them too); they are re-exported here as part of the protocol's API.
__all__ = [
    "BOT_SPEEDS",
    "MAX_BODY_BYTES",
    "MAX_DEPTH",
    "MAX_FRAME_BYTES",
    "MAX_MESSAGE",
    "QUOTE_LIMIT",
    "ActionMessage",
    "AddBotMessage",
    "Arrangements",
    "BackMessage",
    "BotSpeedMessage",
    "ClearSeatMessage",
    "ClientMessage",
    "JsonList",
    "PingMessage",
    "ProtocolError",
    "ReadyMessage",
    "SpectatorsMessage",
    "StandInMessage",
    "StartMessage",
    "check_bot_speed",
    "decode_message",
    "encode_arrangement",
    "encode_error",
    "encode_event",
    "encode_result",
    "encode_scores",
    "encode_table_view",
    "encode_view",
    "encode_view_json",
    "load_json",
    "quote",
    "shorten",
]

MAX_MESSAGE = 4096
"""The longest client message accepted, in characters."""

MAX_FRAME_BYTES = 4 * MAX_MESSAGE
"""The transport's cap on one websocket message, in bytes (16 KiB): every message of at
most :data:`MAX_MESSAGE` characters fits (UTF-8 takes at most 4 bytes a character), and
the server (``threethirteen serve``: uvicorn's ``ws_max_size``) refuses a larger one, the
decompressed size of a compressed one included, before reading it, closing the socket
with 1009 (message too big)."""

MAX_BODY_BYTES = 16 * 1024
"""The largest HTTP request body the endpoints read, in bytes: larger is a 413 ``too-large``."""

MAX_DEPTH = 32
"""How deeply arrays and objects may nest in a client's JSON (every message and body of
the protocol needs 3 levels at most): deeper is ``malformed``."""

QUOTE_LIMIT = 60
"""The most characters of a client's input that an error message quotes."""


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, the cut marked by an ellipsis.

    >>> shorten("x" * 100)[-3:], len(shorten("x" * 100)), shorten("Ada")
    ('xx…', 60, 'Ada')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters.

    >>> quote("clasic"), quote("x" * 500)[-4:]
    ("'clasic'", 'xxx…')
    """
    return shorten(repr(value), limit)


def _short_input(value: object) -> object:
    """The ``input`` an error quotes: ``value`` itself when its JSON is short, else the
    start of its text (or of its JSON) cut to :data:`QUOTE_LIMIT` characters."""
    if value is None or isinstance(value, bool | float):
        return value
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        return shorten(value)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return quote(value)
    return value if len(text) <= QUOTE_LIMIT else shorten(text)


class ProtocolError(ThreeThirteenError):
    """A message the server cannot take, with a code from ``docs/protocol.md``.

    ``input`` quotes the offending part (the text when it is not JSON), at most
    :data:`QUOTE_LIMIT` characters of it: a longer text is cut (and a list or object
    whose JSON is longer becomes the start of that JSON). Where ``message`` quotes the
    whole of a long ``input`` (a message from the rules or notation code, say), the
    quote is cut the same way; the raisers quote with :func:`quote`.

    >>> error = ProtocolError("bad-name", f"no name {'x' * 100!r}", "x" * 100)
    >>> len(error.input), len(error.message) < 80
    (60, True)
    """

    def __init__(self, code: str, message: str, input: object = None) -> None:
        message = _cut_quotes(message, input)
        super().__init__(message)
        self.code = code
        self.message = message
        self.input = _short_input(input)


def _cut_quotes(message: str, value: object) -> str:
    """``message`` with every quote longer than :data:`QUOTE_LIMIT` characters of a
    stretch of ``value`` (of its text, or of that text's repr) cut to that length.

    A quote is a piece of the message between quotation marks: the rules' and the
    notation's own messages quote the offending part (or all) of what they were given.
    """
    if len(message) <= QUOTE_LIMIT:
        return message
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        source = value
    else:
        try:
            source = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            source = repr(value)
    if len(source) <= QUOTE_LIMIT:
        return message
    escaped = repr(source)
    pieces = _QUOTE_MARK.split(message)
    for i, piece in enumerate(pieces):
        if len(piece) > QUOTE_LIMIT and (piece in source or piece in escaped):
            pieces[i] = shorten(piece)
    return "".join(pieces)


_QUOTE_MARK = re.compile(r"""(['"])""")


def load_json(text: str | bytes, what: str) -> Any:
    """``json.loads(text)``, or ``ProtocolError('malformed')`` quoting the start of ``text``.

    ``what`` names it in the error (``"message"``, ``"the body"``). Refused besides
    what is not JSON: text that is not UTF-8, arrays and objects nested deeper than
    :data:`MAX_DEPTH` (checked before parsing: the parser recurses, and deep enough
    input would raise ``RecursionError``), and numbers too long to convert.

    >>> load_json('{"a": [1]}', "message")
    {'a': [1]}
    >>> load_json("[" * 40 + "]" * 40, "message")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.server.protocol.ProtocolError: message nested more than 32 deep: '[[[[...
    """
    if isinstance(text, bytes):
        raw = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            shown = raw.decode("utf-8", "replace")
            raise ProtocolError("malformed", f"{what} is not UTF-8: {quote(shown)}", shown) from exc
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise ProtocolError(
            "malformed", f"{what} nested more than {MAX_DEPTH} deep: {quote(text)}", text
        )
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        if isinstance(exc, json.JSONDecodeError):
            reason = f"{exc.msg} at character {exc.pos}"
        else:  # a number past Python's 4,300 digits; RecursionError: not reached (above)
            reason = str(exc).split(":")[0]
        raise ProtocolError(
            "malformed", f"{what} is not JSON: {quote(text)} ({shorten(str(reason))})", text
        ) from exc


def _depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets inside strings not
    counted); the scan stops once past :data:`MAX_DEPTH`."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "[" or char == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        elif char == "]" or char == "}":
            depth -= 1
    return deepest


@dataclass(frozen=True, slots=True)
class ActionMessage:
    """``action``: the seat to act moves (draws, discards, goes out, plays, passes, melds...).

    ``action`` is the move's notation as the client sent it, read by the table's game
    (the service knows which); in-process callers may hand over an action object.
    """

    version: int
    action: object


@dataclass(frozen=True, slots=True)
class ReadyMessage:
    """``ready``: in ``round-over``, the player is ready for the next round."""

    version: int


@dataclass(frozen=True, slots=True)
class AddBotMessage:
    """``add_bot``: the host seats a bot (a difficulty or bot name) in an empty seat."""

    version: int
    seat: int
    bot: str


@dataclass(frozen=True, slots=True)
class ClearSeatMessage:
    """``clear_seat``: the host empties a seat; during play it reopens it (its token stops
    working, the stand-in plays it until somebody joins)."""

    version: int
    seat: int


@dataclass(frozen=True, slots=True)
class StartMessage:
    """``start``: the host starts the match."""

    version: int


@dataclass(frozen=True, slots=True)
class StandInMessage:
    """``stand_in``: during play, let the stand-in bot play another person's seat: the
    host's message does it at once, anyone else's is a vote (a majority of the other
    connected people does it)."""

    version: int
    seat: int


@dataclass(frozen=True, slots=True)
class BackMessage:
    """``back``: a player a stand-in plays for takes the seat back at their next turn."""

    version: int


@dataclass(frozen=True, slots=True)
class SpectatorsMessage:
    """``spectators``: the player of a solo table opens it to spectators (``open`` true)
    or makes it private again (those watching are disconnected)."""

    version: int
    open: bool


BOT_SPEEDS: dict[str, float] = {"slow": 3.0, "normal": 1.0, "fast": 0.2}
"""A solo table's bot speeds: each multiplies the server's pause before a bot's move
(``--bot-delay``, which is ``normal``)."""


def check_bot_speed(value: object) -> str:
    """A bot speed of :data:`BOT_SPEEDS`; raises ``ProtocolError('bad-request')`` quoting
    anything else."""
    if not isinstance(value, str) or value not in BOT_SPEEDS:
        known = ", ".join(BOT_SPEEDS)
        raise ProtocolError(
            "bad-request", f"unknown bot speed {quote(value)}; known: {known}", value
        )
    return value


@dataclass(frozen=True, slots=True)
class BotSpeedMessage:
    """``bot_speed``: the player of a solo table sets how long its bots pause before a
    move (``slow``, ``normal`` or ``fast``). A setting, not a move: taken whatever the
    ``version``."""

    version: int
    speed: str


@dataclass(frozen=True, slots=True)
class PingMessage:
    """``ping``: answered by ``pong``; changes nothing."""


ClientMessage = (
    ActionMessage
    | ReadyMessage
    | AddBotMessage
    | ClearSeatMessage
    | StartMessage
    | StandInMessage
    | BackMessage
    | SpectatorsMessage
    | BotSpeedMessage
    | PingMessage
)


def _field(data: Mapping[str, Any], key: str, kind: type, mtype: str) -> Any:
    if key not in data:
        raise ProtocolError("malformed", f"message {mtype!r} needs the field {key!r}", dict(data))
    value = data[key]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise ProtocolError(
            "malformed",
            f"message {mtype!r}: field {key!r} must be {kind.__name__}, got {quote(value)}",
            value,
        )
    return value


def _version(data: Mapping[str, Any], mtype: str) -> int:
    value: int = _field(data, "version", int, mtype)
    return value


ACTION_LIMIT = 160
"""The longest action notation accepted (Rummy's thirteen-card run is 45 characters)."""


def _decode_action(data: Mapping[str, Any]) -> ClientMessage:
    text: str = _field(data, "action", str, "action")
    if len(text) > ACTION_LIMIT:  # no action's notation is that long
        raise ProtocolError("bad-notation", f"not an action: {quote(text)}", text)
    return ActionMessage(_version(data, "action"), text)


def _decode_ready(data: Mapping[str, Any]) -> ClientMessage:
    return ReadyMessage(_version(data, "ready"))


def _decode_add_bot(data: Mapping[str, Any]) -> ClientMessage:
    return AddBotMessage(
        _version(data, "add_bot"),
        _field(data, "seat", int, "add_bot"),
        _field(data, "bot", str, "add_bot"),
    )


def _decode_clear_seat(data: Mapping[str, Any]) -> ClientMessage:
    return ClearSeatMessage(_version(data, "clear_seat"), _field(data, "seat", int, "clear_seat"))


def _decode_start(data: Mapping[str, Any]) -> ClientMessage:
    return StartMessage(_version(data, "start"))


def _decode_stand_in(data: Mapping[str, Any]) -> ClientMessage:
    return StandInMessage(_version(data, "stand_in"), _field(data, "seat", int, "stand_in"))


def _decode_back(data: Mapping[str, Any]) -> ClientMessage:
    return BackMessage(_version(data, "back"))


def _decode_spectators(data: Mapping[str, Any]) -> ClientMessage:
    return SpectatorsMessage(_version(data, "spectators"), _field(data, "open", bool, "spectators"))


def _decode_bot_speed(data: Mapping[str, Any]) -> ClientMessage:
    speed = check_bot_speed(_field(data, "speed", str, "bot_speed"))
    return BotSpeedMessage(_version(data, "bot_speed"), speed)


def _decode_ping(data: Mapping[str, Any]) -> ClientMessage:
    return PingMessage()


_DECODERS: dict[str, Callable[[Mapping[str, Any]], ClientMessage]] = {
    "action": _decode_action,
    "ready": _decode_ready,
    "add_bot": _decode_add_bot,
    "clear_seat": _decode_clear_seat,
    "start": _decode_start,
    "stand_in": _decode_stand_in,
    "back": _decode_back,
    "spectators": _decode_spectators,
    "bot_speed": _decode_bot_speed,
    "ping": _decode_ping,
}


def decode_message(text: str | bytes) -> ClientMessage:
    """Decode one client message; raises :class:`ProtocolError` quoting what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(
            "malformed", f"message of {len(text)} characters; at most {MAX_MESSAGE}", text
        )
    data = load_json(text, "message")
    if not isinstance(data, dict):
        raise ProtocolError("malformed", f"message must be a JSON object, got {quote(data)}", data)
    mtype = data.get("type")
    decoder = _DECODERS.get(mtype) if isinstance(mtype, str) else None
    if decoder is None:
        known = ", ".join(sorted(_DECODERS))
        raise ProtocolError(
            "malformed", f"unknown message type {quote(mtype)}; known: {known}", mtype
        )
    return decoder(data)


# -- server to client ---------------------------------------------------------------------


def encode_error(code: str, message: str, input: object, version: int | None) -> dict[str, Any]:
    """The ``error`` message."""
    return {"type": "error", "code": code, "message": message, "input": input, "version": version}


T = TypeVar("T")


class JsonList(Generic[T]):
    """The JSON text of a list, each item encoded once, for a list that only grows.

    A table keeps one for its finished rounds (a scored round's reveal never
    changes) and one for the current round's public log (appended to only), and
    every snapshot splices in the text instead of encoding every item again:
    ``json(items)`` equals ``json.dumps([encode(i) for i in items])``. Items are
    matched by identity, else equality; the text of the first that differs and
    of every one after it is made afresh (a new round's log, say).
    """

    __slots__ = ("_encode", "_joined", "_parts")

    def __init__(self, encode: Callable[[T], Any]) -> None:
        self._encode = encode
        self._parts: list[tuple[T, str]] = []
        self._joined: tuple[int, str] = (0, "[]")

    def json(self, items: Sequence[T]) -> str:
        parts = self._parts
        same = 0
        for item, (cached, _text) in zip(items, parts, strict=False):
            if item is not cached and item != cached:
                break
            same += 1
        if same < len(parts):
            del parts[same:]
            self._joined = (-1, "")
        encode = self._encode
        for item in items[same:]:
            parts.append((item, json.dumps(encode(item))))
        count, joined = self._joined
        if count != len(items):
            joined = "[" + ", ".join(text for _, text in parts) + "]"
            self._joined = (len(items), joined)
        return joined


def encode_view_json(
    view: PlayerView,
    results: JsonList[RoundResult],
    log: JsonList[Event],
    *,
    own: bool = True,
    arrangements: Arrangements | None = None,
) -> str:
    """``json.dumps(encode_table_view(view, own=own))``, the past rounds' and the log's text
    from the table's ``results`` (made with ``encode_result``) and ``log`` (``encode_event``).

    ``arrangements`` (kept by the table) saves solving a hand again when it has not
    changed since the seat's last view: most moves change one seat's hand only.
    """
    head = json.dumps(view_fields(view, own, past=False, arrangements=arrangements))
    hint = json.dumps(encode_hint(view) if own else None)
    return (
        f'{head[:-1]}, "results": {results.json(view.results)}, "log": {log.json(view.log)}, '
        f'"hint": {hint}}}'
    )


def encode_table_view(view: PlayerView, *, own: bool = True) -> dict[str, Any]:
    """The web table's view: ``encode_view(view, own=own)`` and, last, ``hint``: the
    ``medium`` bot's move for the seat to act, with its reason
    (:func:`threethirteen.bots.hints.encode_hint`; null for a spectator or off turn)."""
    data = encode_view(view, own=own)
    data["hint"] = encode_hint(view) if own else None
    return data
