"""The engine protocol's messages: JSON lines between the lab and a bot in another process.

One JSON object a line, UTF-8, in each direction; ``docs/engines.md`` is the
reference for engine authors. This module builds the lab's messages and reads
the engine's replies; it does no I/O (:mod:`threethirteen.engines.process`
does). A reply is checked before it is believed: a line that is not JSON, an
object of another type or decision, or an action that is malformed or not
legal in the view raises :class:`EngineError` quoting the line.

The protocol is the same for every game: ``hello`` names the game (left out
for Three-Thirteen, so that the first engines see the messages they always
saw), ``choose`` carries the game's rules options and its view's JSON object
(:func:`codec`), and ``action`` is read with the game's ``parse_action``.

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

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from threethirteen.errors import NotationError, ThreeThirteenError
from threethirteen.game import Game
from threethirteen.games import DEFAULT_GAME, get_game

__all__ = [
    "PROTOCOL",
    "EngineError",
    "GameCodec",
    "choose_message",
    "codec",
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


@dataclass(frozen=True, slots=True)
class GameCodec:
    """How the protocol writes one game's views and reads them back.

    ``encode(view)`` is the view's JSON-ready object, built from the seat's view
    alone; ``decode(data, rules)`` reads it back equal to the view. The rules
    travel beside the view as the game's ``rules_options``.
    """

    game: Game
    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[[Any, Any], Any]

    @property
    def name(self) -> str:
        """The game's registry name, as ``hello`` sends it."""
        return self.game.name

    def rules_options(self, view: Any) -> dict[str, Any]:
        """The options of the rules ``view`` is played under (``choose``'s ``rules``)."""
        return self.game.rules_options(view.rules)


@functools.cache
def codec(game: str = DEFAULT_GAME) -> GameCodec:
    """The protocol's codec for ``game`` (a registry name or alias).

    Each game writes its views with its ``Game.view_to_json`` and reads them back
    with ``Game.decode_view(data, rules)``: for Three-Thirteen the web protocol's
    ``view`` object (``docs/protocol.md``) without the solver's hints. Raises
    :class:`EngineError` for an unknown game.

    >>> codec("tien-len").name
    'thirteen'
    >>> codec("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.engines.protocol.EngineError: unknown game 'chess'; known: three-thirteen, ...
    """
    try:
        found = get_game(game)
    except ThreeThirteenError as error:
        raise EngineError(str(error)) from None
    return GameCodec(found, found.view_to_json, found.decode_view)


def hello_message(
    bot: str, seed: int | None, options: Mapping[str, object], game: str = DEFAULT_GAME
) -> str:
    """The first line to an engine: the protocol, the game, the bot's name, its seed and options.

    ``game`` is left out for Three-Thirteen, so that the engines written before
    other games joined get the very line they always got.

    >>> hello_message("mybot", 3, {"depth": 2})
    '{"type":"hello","protocol":1,"bot":"mybot","seed":3,"options":{"depth":2}}'
    >>> hello_message("mybot", 3, {}, game="thirteen")
    '{"type":"hello","protocol":1,"game":"thirteen","bot":"mybot","seed":3,"options":{}}'
    """
    message: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL}
    name = codec(game).name
    if name != DEFAULT_GAME:
        message["game"] = name
    message.update(bot=bot, seed=seed, options=dict(options))
    return _dump(message)


def choose_message(decision: int, view: Any, game: str = DEFAULT_GAME) -> str:
    """A request for one decision: its number, the rules, and the seat's view of ``game``.

    The view is the game's JSON object (:func:`codec`) built from ``view`` alone,
    so it holds nothing the seat may not see. For Three-Thirteen it is the web
    protocol's ``view`` object (``docs/protocol.md``) without the solver's hints
    (``arrangement``, ``can_go_out``, ``best_discard`` are null): an engine is
    measured on its own reading of the hand.
    """
    found = codec(game)
    return _dump(
        {
            "type": "choose",
            "id": decision,
            "rules": found.rules_options(view),
            "view": found.encode(view),
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


def _same_game(listed: str, game: str) -> bool:
    """Whether the name an engine listed is ``game`` (aliases allowed; a game unknown
    here is some other game)."""
    try:
        return get_game(listed).name == game
    except ThreeThirteenError:
        return False


def read_ready(line: str, game: str = DEFAULT_GAME) -> str | None:
    """Check the engine's answer to ``hello`` for ``game``; its ``name``, if it gives one.

    ``games`` (optional) lists the games the engine plays; when it is given,
    ``game`` must be among them. An engine that lists none is taken to play what
    it is asked.

    >>> read_ready('{"type": "ready", "protocol": 1, "name": "Deep Rummy 0.1"}')
    'Deep Rummy 0.1'
    >>> read_ready('{"type": "ready", "protocol": 1, "games": ["three-thirteen"]}', "thirteen")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.engines.protocol.EngineError: reply '...': the engine plays three-thirteen, \
not thirteen
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
    games = data.get("games")
    if games is not None:
        if not isinstance(games, list) or not all(isinstance(g, str) for g in games):
            raise EngineError(
                f"reply {quote(line)}: 'games' must be a list of game names, got {games!r}"
            )
        wanted = codec(game).name
        if not any(_same_game(listed, wanted) for listed in games):
            plays = ", ".join(games) if games else "no game"
            raise EngineError(f"reply {quote(line)}: the engine plays {plays}, not {wanted}")
    return name


def read_action(line: str, decision: int, view: Any, game: str = DEFAULT_GAME) -> Any:
    """The action of the engine's reply to decision ``decision``, checked legal in ``view``.

    The action is read with ``game``'s ``parse_action``, so any spelling its
    notation reads is accepted. Raises :class:`EngineError` quoting the line for
    anything else: not JSON, not an ``action`` message, another decision's
    ``id``, an ``action`` that is not the game's action notation
    (``docs/notation.md``) or not one of ``view.legal_actions``.
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
        action = codec(game).game.parse_action(text)
    except NotationError as error:
        said = str(error) if len(str(error)) <= _QUOTE else "not action notation"
        raise EngineError(f"reply {quote(line)}: {said}") from None
    if action not in view.legal_actions:
        legal = ", ".join(str(a) for a in view.legal_actions)
        phase = getattr(view.phase, "value", view.phase)
        raise EngineError(
            f"reply {quote(line)}: {str(action)!r} is not legal for seat {view.seat} "
            f"in phase {phase}; legal: {legal}"
        )
    return action
