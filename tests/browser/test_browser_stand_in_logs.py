"""Thirteen and Rummy at an online table: a move the stand-in made for a person reads
"Bob (played by the bot)" in the other player's log, as at a Three-Thirteen table.

Bob takes a seat over the HTTP API and never opens the table; Ada, the host, starts the
match on her page and hands his seat to the bot (*Let a bot play*). Ada's own moves go
over a websocket of her seat (the server's hint), so that the test needs no knowledge of
each board's controls; her page's log is what is checked.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from browser_helpers import post_json
from websockets.sync.client import connect

BOARD = {"thirteen": ".game.thirteen", "rummy": ".game.rummy-game"}
PLAYING = {"lead", "follow", "draw", "meld"}
BY_BOT = "Bob (played by the bot)"


def next_snapshot(socket: Any, deadline: float) -> dict[str, Any]:
    """The next snapshot on ``socket`` (pongs and the like skipped)."""
    while True:
        message = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message.get("type") == "snapshot":
            return dict(message)


@pytest.mark.parametrize("game", ["thirteen", "rummy"])
def test_a_move_the_stand_in_made_says_the_bot_played_it(pages: Any, game: str) -> None:
    # A takeover time far beyond the test: the host's hand-over is what brings the bot.
    answer = post_json(
        pages.base + "/api/tables",
        {"name": "Ada", "game": game, "seats": 2, "takeover_seconds": 600},
    )
    table_id = answer["table_id"]
    post_json(f"{pages.base}/api/tables/{table_id}/join", {"name": "Bob"})
    seat = {"seat": answer["seat"], "token": answer["token"], "name": "Ada"}
    ada = pages.new()
    key = json.dumps("tt.seat." + table_id)
    ada.context.add_init_script(f"localStorage.setItem({key}, {json.dumps(json.dumps(seat))})")
    ada.goto(f"{pages.base}/t/{table_id}")
    ada.click("#start-match:not([disabled])")
    board = BOARD[game]
    ada.wait_for_selector(f"{board} #hand .card")
    # Bob never connected: the host's button hands his seat to the bot at once.
    ada.click('[data-key="stand-in-1"]')

    url = pages.base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={seat['token']}"
    deadline = time.monotonic() + 20
    with connect(url, open_timeout=5) as socket:
        snapshot = next_snapshot(socket, deadline)
        while True:
            view = snapshot["view"]
            assert view["phase"] in PLAYING, view["phase"]
            if view["current"] == answer["seat"]:
                # Ada's turn: once her page shows every move so far, Bob's last moves are
                # among its recent ones (when he has moved yet).
                ada.wait_for_function(
                    """([selector, round, moves]) => {
                        const g = document.querySelector(selector);
                        return g && Number(g.dataset.round) === round
                            && Number(g.dataset.moves) === moves;
                    }""",
                    arg=[board, view["round"], len(view["log"])],
                )
                lines = ada.locator("#recent-moves li").all_inner_texts()
                if any("Bob" in line for line in lines):
                    break
                hint = view.get("hint") or {}
                action = hint.get("action") or view["legal_actions"][0]
                socket.send(
                    json.dumps({"type": "action", "version": snapshot["version"], "action": action})
                )
            assert time.monotonic() < deadline, "Bob's seat made no move in Ada's log"
            snapshot = next_snapshot(socket, deadline)

    # Every move of Bob's seat was the bot's (he never came), and none of Ada's.
    assert any(BY_BOT in line for line in lines), lines
    for line in lines:
        assert "Bob" not in line.replace(BY_BOT, ""), lines
        assert "You (played by the bot)" not in line, lines
    pages.shot(ada, f"{game}-stand-in-log")
