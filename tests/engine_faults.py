"""A test engine that breaks the engine protocol in one chosen way (``argv[1]``).

Run by ``tests/test_engines.py``; each mode is a fault the lab must report,
quoting what the engine said, without playing on.
"""

from __future__ import annotations

import json
import sys
import time


def reply(message: dict[str, object] | str) -> None:
    print(message if isinstance(message, str) else json.dumps(message), flush=True)


def main(mode: str) -> None:
    if mode == "exit":
        print("engine panic: no model file", file=sys.stderr, flush=True)
        sys.exit(3)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            reply({"type": "ready", "protocol": 2 if mode == "protocol" else 1})
            continue
        if message["type"] == "quit":
            if mode == "stubborn":
                time.sleep(60)
            return
        view = message["view"]
        if mode == "garbage":
            reply("discard the seven, please")
        elif mode == "slow":
            time.sleep(30)
        elif mode == "wrong-id":
            reply({"type": "action", "id": message["id"] + 1, "action": view["legal_actions"][0]})
        elif mode == "illegal":
            reply({"type": "action", "id": message["id"], "action": "out JK"})
        elif mode == "die":
            print("segmentation fault (pretend)", file=sys.stderr, flush=True)
            sys.exit(11)
        elif mode == "stubborn":
            # Plays legally but ignores quit: the lab must stop it anyway.
            reply({"type": "action", "id": message["id"], "action": view["legal_actions"][0]})


if __name__ == "__main__":
    main(sys.argv[1])
