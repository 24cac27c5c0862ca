"""What the scripted clients of the server tests share."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection


def pick(view: dict[str, Any]) -> str:
    """A reasonable move from a snapshot's view: go out, else the hinted discard, else the first."""
    legal: list[str] = view["legal_actions"]
    outs = [a for a in legal if a.startswith("out ")]
    if outs:
        return outs[0]
    best = view["best_discard"]
    return f"discard {best}" if best and f"discard {best}" in legal else legal[0]


def receive(ws: ClientConnection) -> dict[str, Any]:
    """The next snapshot (``presence`` messages, about who is connected, skipped)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] != "presence":
            assert message["type"] == "snapshot", message
            return message


def play(
    ws: ClientConnection, sent: list[str], limit: int | None, first: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play seat 0 until ``limit`` moves are acknowledged (or the end); the last snapshot.

    ``first``: a snapshot already received, to act on before waiting for the next (a
    connect sends one snapshot only).
    """
    waiting: int | None = None  # the version our last move was sent at
    while True:
        message, first = (receive(ws), None) if first is None else (first, None)
        if waiting is not None and message["version"] <= waiting:
            continue
        waiting = None
        if message["table"]["status"] == "finished":
            return message
        if limit is not None and len(sent) >= limit:
            return message  # every move sent is acknowledged by this snapshot
        view = message["view"]
        if view["phase"] == "round-over" and 0 not in message["table"]["ready"]:
            ws.send(json.dumps({"type": "ready", "version": message["version"]}))
            waiting = message["version"]
        elif view["legal_actions"]:
            move = pick(view)
            ws.send(json.dumps({"type": "action", "version": message["version"], "action": move}))
            sent.append(move)
            waiting = message["version"]


def by_hint(view: dict[str, Any]) -> str:
    """The view's hint: the ``medium`` bot's move (Thirteen's and Rummy's tables), with
    its reason's key (``hint.``...) and English text."""
    hint = view["hint"]
    assert hint["action"] in view["legal_actions"], hint
    assert hint["key"].startswith("hint.") and hint["text"], hint
    return str(hint["action"])


def play_to_the_end(
    ws: Any, seat: int = 0, choose: Callable[[dict[str, Any]], str] | None = None
) -> tuple[int, dict[str, Any]]:
    """Play ``seat`` over a TestClient websocket until the match ends, each move by
    ``choose`` (default :func:`pick`, Three-Thirteen's): the moves made and the last
    snapshot."""
    choose = choose or pick
    moves = 0
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "presence":
            continue
        assert message["type"] == "snapshot", message
        view = message["view"]
        if message["table"]["status"] == "finished":
            return moves, message
        if view["phase"] == "round-over" and seat not in message["table"]["ready"]:
            ws.send_json({"type": "ready", "version": message["version"]})
        elif view["legal_actions"]:
            action = choose(view)
            ws.send_json({"type": "action", "version": message["version"], "action": action})
            moves += 1
