#!/usr/bin/env python3
"""An engine for threethirteen's lab, written against the protocol alone (docs/engines.md).

It imports nothing from threethirteen, to show what an engine in any language
must do: read one JSON object a line on stdin, answer ``hello`` with ``ready``
and every ``choose`` with an ``action`` of the same ``id``, and exit on ``quit``
(or at the end of its input).

It plays two games, and says so in its ``ready`` (``"games"``). Its play is
deliberately plain. At Three-Thirteen (a ``hello`` that names no game) it goes
out whenever a legal action does; it takes the discard when the card is wild
or pairs a rank it holds, and otherwise draws from the stock; it throws the
highest card that is neither wild nor paired. At Thirteen (``"game":
"thirteen"``) it makes the first play listed, which is the lowest (the fewest
cards, then the lowest), and passes only when it must. Run it in a tournament
from the repository root:

    threethirteen tournament --engine pile="python3 examples/engines/pile_engine.py" \\
        --bots pile,simple --matches 20 --seed 1

or play Thirteen against it:

    threethirteen play --game thirteen \\
        --engine pile="python3 examples/engines/pile_engine.py" --bots pile

With the bot option ``verbose`` (``--bots pile:verbose=1,simple``) it logs
each decision on stderr, which the lab keeps and quotes if the engine fails.
"""

import json
import sys
from typing import Any

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
GAMES = ["three-thirteen", "thirteen"]


def rank(card: str) -> str:
    """'10H' -> '10', 'QS' -> 'Q', 'JK' -> 'JK' (a joker)."""
    return "JK" if card == "JK" else card[:-1]


def height(card: str) -> int:
    """How high a card is for throwing away: jokers never, then K down to A."""
    return -1 if card == "JK" else RANKS.index(rank(card))


def choose(view: dict[str, Any]) -> str:
    """The action, in notation, for one decision: one of view["legal_actions"]."""
    legal: list[str] = view["legal_actions"]
    wild = view["wild_rank"]
    hand = view["hand"]
    for action in legal:
        if action.startswith("out "):
            return action
    if "draw stock" in legal:
        top = view["top_discard"]
        held = [rank(card) for card in hand]
        wanted = top is not None and (top == "JK" or rank(top) in (wild, *held))
        if "draw discard" in legal and wanted:
            return "draw discard"
        return "draw stock"
    counts: dict[str, int] = {}
    for card in hand:
        counts[rank(card)] = counts.get(rank(card), 0) + 1
    discards = [a for a in legal if a.startswith("discard ")]

    def keep(action: str) -> tuple[bool, int]:
        card = action.split()[1]
        lone = card != "JK" and rank(card) != wild and counts.get(rank(card), 0) < 2
        return (lone, height(card))

    return max(discards, key=keep) if discards else legal[0]


def choose_thirteen(view: dict[str, Any]) -> str:
    """A Thirteen action: the first play of view["legal_actions"] (they are listed
    lowest first, after "pass"), or "pass" when there is no play."""
    legal: list[str] = view["legal_actions"]
    for action in legal:
        if action != "pass":
            return action
    return "pass"


def main() -> None:
    verbose = False
    game = "three-thirteen"
    for line in sys.stdin:
        message: dict[str, Any] = json.loads(line)
        kind = message.get("type")
        reply: dict[str, Any]
        if kind == "hello":
            verbose = bool(message.get("options", {}).get("verbose"))
            game = message.get("game", "three-thirteen")  # no game: Three-Thirteen
            reply = {"type": "ready", "protocol": 1, "name": "pile engine 1.0", "games": GAMES}
        elif kind == "choose":
            view = message["view"]
            action = choose_thirteen(view) if game == "thirteen" else choose(view)
            if verbose:
                print(f"decision {message['id']}: {action}", file=sys.stderr)
            reply = {"type": "action", "id": message["id"], "action": action}
        elif kind == "quit":
            return
        else:
            continue  # a message this engine does not know: newer lab, ignore it
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
