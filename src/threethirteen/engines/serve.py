"""The other side of the engine protocol: any bot of ours, served as an engine.

:func:`serve_engine` reads the lab's messages from a stream and answers them
with a bot's moves, so ``threethirteen engine heuristic`` is an engine that any
harness speaking the protocol can start, in this project's lab or another's.
Each ``choose`` is decoded back into the
:class:`~threethirteen.games.three_thirteen.views.PlayerView` it was written from
(:func:`threethirteen.games.three_thirteen.view_json.decode_view`), so a bot served this
way decides exactly as it does in process, seed for seed.

>>> import io
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> from threethirteen.engines.protocol import choose_message, hello_message, quit_message
>>> view = MatchState.new(get_rules("classic"), 2, seed=4).view(0)
>>> lines = [hello_message("h", 1, {}), choose_message(1, view), quit_message()]
>>> out = io.StringIO()
>>> serve_engine("heuristic", io.StringIO("\\n".join(lines) + "\\n"), out)
>>> print(out.getvalue().strip())
{"type":"ready","protocol":1,"name":"threethirteen heuristic"}
{"type":"action","id":1,"action":"draw stock"}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TextIO

from threethirteen.bots import Bot, make_bot
from threethirteen.engines.protocol import PROTOCOL, EngineError, quote
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.rules import Rules
from threethirteen.games.three_thirteen.view_json import decode_view

__all__ = ["serve_engine"]


def _reply(out: TextIO, message: Mapping[str, Any]) -> None:
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()


def serve_engine(bot: str, stdin: TextIO, stdout: TextIO) -> None:
    """Play ``bot`` (a registry name, options allowed: ``montecarlo:samples=16``)
    as an engine: answer ``hello`` and every ``choose`` on ``stdout`` until
    ``quit`` or the end of ``stdin``.

    The bot is made at each ``hello``, with the seed it carries and its options
    added to the name's. Raises :class:`~threethirteen.engines.protocol.EngineError`
    quoting the line for a message it cannot take (the lab then sees the engine
    exit, with the error on its stderr); a bad bot name fails before anything is read.
    """
    make_bot(bot, 0)  # an unknown bot or bad options: fail now, not at the first hello
    player: Bot | None = None
    rules: tuple[dict[str, Any], Rules] | None = None
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
            options = message.get("options") or {}
            seed = message.get("seed")
            if not isinstance(options, dict) or not (seed is None or isinstance(seed, int)):
                raise EngineError(f"message {quote(line)}: bad 'seed' or 'options'")
            player = make_bot(bot, seed, **options)
            _reply(stdout, {"type": "ready", "protocol": PROTOCOL, "name": f"threethirteen {bot}"})
        elif kind == "choose":
            if player is None:
                raise EngineError(f"message {quote(line)} came before 'hello'")
            try:
                data = message["rules"]
                if rules is None or rules[0] != data:
                    rules = (data, Rules.from_options(data))
                view = decode_view(rules[1], message["view"])
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
