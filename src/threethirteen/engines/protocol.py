"""The engine protocol's messages: JSON lines between the lab and a bot in another process.

One JSON object a line, UTF-8, in each direction; ``docs/engines.md`` is the
reference for engine authors. This module builds the lab's messages and reads
the engine's replies; it does no I/O (:mod:`threethirteen.engines.process`
does). A reply is checked before it is believed: a line that is not JSON, an
object of another type or decision, or an action that is malformed or not
legal in the view raises :class:`EngineError` quoting the line.

>>> from threethirteen.bots import make_bot
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic"), 2, seed=4)
>>> view = state.view(state.current)
>>> read_action('{"type": "action", "id": 7, "action": "draw stock"}', 7, view)
Draw(Source.STOCK)
>>> read_action('{"type": "action", "id": 7, "action": "x 9Z"}', 7, view)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.engines.protocol.EngineError: reply '...': malformed action 'x 9Z': ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from threethirteen.errors import NotationError, ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Action, parse_action
from threethirteen.games.three_thirteen.view_json import encode_view
from threethirteen.games.three_thirteen.views import PlayerView

__all__ = [
    "PROTOCOL",
    "EngineError",
    "choose_message",
    "hello_message",
    "quit_message",
    "read_action",
    "read_ready",
]

PROTOCOL = 1
"""The protocol version the lab speaks; ``hello`` sends it and ``ready`` must echo it."""

_QUOTE = 300
"""How much of a bad line an error quotes: enough to see what went wrong, not a whole view."""


class EngineError(ThreeThirteenError):
    """An engine that did not keep to the protocol: it would not start, answered
    out of turn or with a line that is not a legal action, took too long, or died.
    The message quotes the engine's command and what it sent (or its last words
    on stderr)."""


def quote(line: str) -> str:
    """``line`` as an error quotes it: stripped, and cut after a few hundred characters.

    >>> print(quote(' {"type": "ready"} '))
    '{"type": "ready"}'
    """
    text = line.strip()
    if len(text) <= _QUOTE:
        return repr(text)
    return f"{text[:_QUOTE]!r}... ({len(text)} characters)"


def _dump(message: Mapping[str, Any]) -> str:
    # ensure_ascii: an engine that reads bytes as ASCII still parses every line.
    return json.dumps(message, separators=(",", ":"))


def hello_message(bot: str, seed: int | None, options: Mapping[str, object]) -> str:
    """The first line to an engine: the protocol, the bot's name, its seed and options.

    >>> hello_message("mybot", 3, {"depth": 2})
    '{"type":"hello","protocol":1,"bot":"mybot","seed":3,"options":{"depth":2}}'
    """
    return _dump(
        {"type": "hello", "protocol": PROTOCOL, "bot": bot, "seed": seed, "options": dict(options)}
    )


def choose_message(decision: int, view: PlayerView) -> str:
    """A request for one decision: its number, the rules, and the seat's view.

    The view is the web protocol's ``view`` object (``docs/protocol.md``) built
    from ``view`` alone, so it holds nothing the seat may not see, and without
    the solver's hints (``arrangement``, ``can_go_out``, ``best_discard`` are
    null): an engine is measured on its own reading of the hand.
    """
    return _dump(
        {
            "type": "choose",
            "id": decision,
            "rules": view.rules.options(),
            "view": encode_view(view, hints=False),
        }
    )


def quit_message() -> str:
    """The last line to an engine: it should exit."""
    return _dump({"type": "quit"})


def _object(line: str, kind: str) -> dict[str, Any]:
    """``line`` decoded as a JSON object of type ``kind``, or :class:`EngineError`."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise EngineError(f"reply {quote(line)} is not JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise EngineError(f"reply {quote(line)} is not a JSON object")
    if data.get("type") != kind:
        raise EngineError(
            f"reply {quote(line)}: expected a message of type {kind!r}, "
            f"got type {data.get('type')!r}"
        )
    return data


def read_ready(line: str) -> str | None:
    """Check the engine's answer to ``hello``; its ``name``, if it gives one.

    >>> read_ready('{"type": "ready", "protocol": 1, "name": "Deep Rummy 0.1"}')
    'Deep Rummy 0.1'
    >>> read_ready('{"type": "ready", "protocol": 2}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.engines.protocol.EngineError: reply '...': the engine speaks protocol 2, ...
    """
    data = _object(line, "ready")
    version = data.get("protocol")
    if version != PROTOCOL:
        raise EngineError(
            f"reply {quote(line)}: the engine speaks protocol {version!r}, "
            f"the lab speaks {PROTOCOL}"
        )
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise EngineError(f"reply {quote(line)}: 'name' must be text, got {name!r}")
    return name


def read_action(line: str, decision: int, view: PlayerView) -> Action:
    """The action of the engine's reply to decision ``decision``, checked legal in ``view``.

    Raises :class:`EngineError` quoting the line for anything else: not JSON,
    not an ``action`` message, another decision's ``id``, an ``action`` that is
    not action notation (``docs/notation.md``) or not one of ``view.legal_actions``.
    """
    data = _object(line, "action")
    if data.get("id") != decision:
        raise EngineError(
            f"reply {quote(line)} answers decision {data.get('id')!r}; "
            f"the lab asked for decision {decision}"
        )
    text = data.get("action")
    if not isinstance(text, str):
        raise EngineError(f"reply {quote(line)}: 'action' must be action notation, got {text!r}")
    try:
        action = parse_action(text)
    except NotationError as error:
        said = str(error) if len(str(error)) <= _QUOTE else "not action notation"
        raise EngineError(f"reply {quote(line)}: {said}") from None
    if action not in view.legal_actions:
        legal = ", ".join(str(a) for a in view.legal_actions)
        raise EngineError(
            f"reply {quote(line)}: {str(action)!r} is not legal for seat {view.seat} "
            f"in phase {view.phase.value}; legal: {legal}"
        )
    return action
