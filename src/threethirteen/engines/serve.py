"""The other side of the engine protocol: any bot of ours, served as an engine.

:func:`serve_engine` reads the lab's messages from a stream and answers them
with a bot's moves, so ``threethirteen engine heuristic`` is an engine that any
harness speaking the protocol can start, in this project's lab or another's.
Each ``choose`` is decoded back into the
:class:`~threethirteen.games.three_thirteen.views.PlayerView` it was written from
(:func:`threethirteen.games.three_thirteen.view_json.decode_view`), so a bot served this
way decides exactly as it does in process, seed for seed. ``game="thirteen"``
serves a Thirteen bot the same way, its views read back by
:func:`threethirteen.games.thirteen.view_json.decode_view`.

>>> import io
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> from threethirteen.engines.protocol import choose_message, hello_message, quit_message
>>> view = MatchState.new(get_rules("classic"), 2, seed=4).view(0)
>>> lines = [hello_message("h", 1, {}), choose_message(1, view), quit_message()]
>>> out = io.StringIO()
>>> serve_engine("heuristic", io.StringIO("\\n".join(lines) + "\\n"), out)
>>> print(out.getvalue().strip())
{"type":"ready","protocol":1,"name":"threethirteen heuristic","games":["three-thirteen"]}
{"type":"action","id":1,"action":"draw stock"}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TextIO

from threethirteen.bots import make_bot
from threethirteen.bots.match import GameBot
from threethirteen.engines.protocol import PROTOCOL, EngineError, codec, quote
from threethirteen.errors import ThreeThirteenError
from threethirteen.games import DEFAULT_GAME, get_game

__all__ = ["serve_engine"]


def _reply(out: TextIO, message: Mapping[str, Any]) -> None:
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()


def _asked_game(message: Mapping[str, Any], line: str) -> str:
    """The game a ``hello`` asks for (Three-Thirteen when it names none), by registry name."""
    asked = message.get("game", DEFAULT_GAME)
    if not isinstance(asked, str):
        raise EngineError(f"message {quote(line)}: 'game' must be a game's name, got {asked!r}")
    try:
        return get_game(asked).name
    except ThreeThirteenError:
        return asked


def serve_engine(
    bot: str, stdin: TextIO, stdout: TextIO, game: str = DEFAULT_GAME, rules_in_force: Any = None
) -> None:
    """Play ``bot`` (a registry name of ``game``'s bots, options allowed:
    ``montecarlo:samples=16``) as an engine: answer ``hello`` and every ``choose``
    on ``stdout`` until ``quit`` or the end of ``stdin``.

    The bot is made at each ``hello``, with the seed it carries and its options
    added to the name's; ``ready`` lists ``game`` as the one game it plays.
    Raises :class:`~threethirteen.engines.protocol.EngineError` quoting the line
    for a message it cannot take, a ``hello`` for another game included (the lab
    then sees the engine exit, with the error on its stderr); an unknown game or
    a bad bot name fails before anything is read. ``rules_in_force`` (the game's
    rules object, from ``--rules``/``--house``) serves a ``choose`` that carries no
    ``rules``; one that carries them is decided under its own.
    """
    served = codec(game)  # an unknown game: fail now
    make_bot(bot, 0, game=served.name)  # an unknown bot or bad options: fail now, not at hello
    player: GameBot | None = None
    rules: tuple[dict[str, Any], Any] | None = None
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            raise EngineError(f"message {quote(line)} is not JSON ({error.msg})") from None
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "quit":
            return
        if kind == "hello":
            if message.get("protocol") != PROTOCOL:
                raise EngineError(
                    f"message {quote(line)}: the lab speaks protocol "
                    f"{message.get('protocol')!r}, this engine speaks {PROTOCOL}"
                )
            asked = _asked_game(message, line)
            if asked != served.name:
                raise EngineError(
                    f"message {quote(line)}: the lab asks for the game {asked!r}; this engine "
                    f"plays {served.name} (serve {asked!r} with: threethirteen engine "
                    f"{bot} --game {asked})"
                )
            options = message.get("options") or {}
            seed = message.get("seed")
            if not isinstance(options, dict) or not (seed is None or isinstance(seed, int)):
                raise EngineError(f"message {quote(line)}: bad 'seed' or 'options'")
            player = make_bot(bot, seed, game=served.name, **options)
            ready = {
                "type": "ready",
                "protocol": PROTOCOL,
                "name": f"threethirteen {bot}",
                "games": [served.name],
            }
            _reply(stdout, ready)
        elif kind == "choose":
            if player is None:
                raise EngineError(f"message {quote(line)} came before 'hello'")
            try:
                if "rules" in message or rules_in_force is None:
                    data = message["rules"]
                    if rules is None or rules[0] != data:
                        rules = (data, served.game.rules_from_options(data))
                    in_force = rules[1]
                else:
                    in_force = rules_in_force
                view = served.decode(message["view"], in_force)
                decision = message["id"]
            except KeyError as error:
                raise EngineError(f"message {quote(line)} has no {error}") from None
            except ThreeThirteenError as error:
                raise EngineError(f"message {quote(line)}: {error}") from None
            action = player.choose(view)
            _reply(stdout, {"type": "action", "id": decision, "action": str(action)})
        else:
            # A message type this engine does not know: a newer lab. The protocol lets
            # an engine ignore it, and expects no answer.
            continue
