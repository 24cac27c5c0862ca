"""Engines: bots that are other programs, spoken to in JSON lines over a pipe.

- :mod:`~threethirteen.engines.protocol`: the messages, and the checks on every reply.
- :mod:`~threethirteen.engines.process`: :class:`EngineBot` (starts the program and asks
  it for each decision) and :class:`EngineSpec` (``NAME=COMMAND``).

This is how bots this project does not hold, written in any language, meet ours
in the lab on the same duplicate deals: ``threethirteen tournament --engine
NAME=COMMAND --bots NAME,heuristic``. The protocol is documented for engine
authors in ``docs/engines.md``; ``examples/engines/`` holds engines to start from.
"""

from threethirteen.engines.process import EngineBot, EngineSpec, engine_table, python_engine
from threethirteen.engines.protocol import PROTOCOL, EngineError

__all__ = [
    "PROTOCOL",
    "EngineBot",
    "EngineError",
    "EngineSpec",
    "engine_table",
    "python_engine",
]
