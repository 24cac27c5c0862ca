"""What the scripted clients of the server tests share."""

from __future__ import annotations

from typing import Any


def pick(view: dict[str, Any]) -> str:
    """A reasonable move from a snapshot's view: go out, else the hinted discard, else the first."""
    legal: list[str] = view["legal_actions"]
    outs = [a for a in legal if a.startswith("out ")]
    if outs:
        return outs[0]
    best = view["best_discard"]
    return f"discard {best}" if best and f"discard {best}" in legal else legal[0]
