"""One name per player on every screen, and the server's refusals in the page's language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from browser_helpers import get_json, play_until_round_over, post_json, start_solo

CATALOGS = Path(__file__).resolve().parents[2] / "src/threethirteen/server/static/i18n"
BOTS = ["Bot 1 (medium)", "Bot 2 (medium)", "Bot 3 (medium)"]
LOG_WHO = re.compile(r"^(.*?) (?:drew|took|discarded|went out)\b")


def test_three_medium_bots_have_three_names_everywhere(pages: Any) -> None:
    page = pages.new()
    table_id = start_solo(
        page,
        pages.base,
        preset="classic",
        opponents=3,
        difficulty="medium",
        options="hand_sizes=3",
        name="Ada",
    )
    # The table: each bot its own name, where it sits on the sub-line.
    titles = [page.locator(f".area-{a} .seat-title").inner_text() for a in ("left", "top", "right")]
    assert titles == BOTS
    assert page.locator(".area-left .seat-sub").inner_text().startswith("Left")
    assert page.locator(".area-me .seat-title").inner_text() == "You"

    # The log: every line names a seat by its one name.
    said: set[str] = set()

    def read_log(page: Any) -> None:
        for line in page.locator("#recent-moves li").all_inner_texts():
            match = LOG_WHO.match(line)
            assert match, line
            said.add(match.group(1))

    play_until_round_over(page, check=read_log)
    assert said and said <= {"You", *BOTS}, said

    # The reveal, the score sheet and the winner (one round: the match is over).
    panel = page.locator("#round-over")
    assert panel.locator(".reveal-seat .name").all_inner_texts() == ["You", *BOTS]
    heads = panel.locator("table.score-sheet thead th").all_inner_texts()[1:]
    assert heads == ["You", *BOTS]
    winner = panel.locator("#winner").inner_text()
    assert "medium" not in winner or re.search(r"Bot \d \(medium\)", winner), winner
    pages.shot(page, "reveal")

    # History: the server says which seats are bots; the page names them the same way.
    entry = next(m for m in get_json(pages.base + "/api/matches")["matches"] if m["id"] == table_id)
    assert [s["kind"] for s in entry["seats"]] == ["human", "bot", "bot", "bot"]
    page.goto(pages.base + "/#/history")
    row = page.locator(f'tr[data-match="{table_id}"]')
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    for name in BOTS:
        assert name in cells[3], cells
    assert "Ada (You)" in cells[3], cells
    names = {i: n for i, n in enumerate(["Ada", *BOTS])}
    expected_winners = ", ".join(names[w] for w in entry["winners"])
    assert cells[4] == expected_winners, (cells, entry)
    pages.shot(page, "history")

    # The replay viewer, at its last step (the reveal).
    page.goto(pages.base + f"/#/replay/{table_id}")
    page.wait_for_selector("#replay .replay-seat")
    assert page.locator(".replay-seat .name").all_inner_texts() == ["Ada", *BOTS]
    page.click("#replay-last")
    page.wait_for_selector("#replay .reveal-seat")
    assert page.locator("#replay .reveal-seat .name").all_inner_texts() == ["Ada", *BOTS]
    action = page.locator("#replay-action").inner_text()
    assert any(action.startswith(n) for n in ["Ada", *BOTS]), action
    pages.shot(page, "replay")


# A page that keeps its websocket where a test can send on it (window.__ws) and the table's
# latest version (window.__version).
SOCKET_SPY = """
const Original = window.WebSocket;
window.WebSocket = class extends Original {
  constructor(...args) {
    super(...args);
    window.__ws = this;
    this.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "snapshot") window.__version = msg.version;
    });
  }
};
"""


def test_polish_page_translates_refusals_and_the_rules_line(pages: Any) -> None:
    pl = json.loads((CATALOGS / "pl.json").read_text(encoding="utf-8"))
    answer = post_json(
        pages.base + "/api/solo",
        {"name": "Ada", "opponents": 2, "difficulty": "easy", "rules": {"preset": "classic"}},
    )
    table_id = answer["table_id"]
    seat = {"seat": answer["seat"], "token": answer["token"], "name": "Ada"}
    page = pages.new(locale="pl-PL")
    key = json.dumps("tt.seat." + table_id)
    page.context.add_init_script(f"localStorage.setItem({key}, {json.dumps(json.dumps(seat))})")
    page.context.add_init_script(SOCKET_SPY)
    page.goto(f"{pages.base}/t/{table_id}")
    page.wait_for_selector("#hand .card")
    assert page.locator(".area-left .seat-title").inner_text() == "Bot 1 (łatwy)"

    # A move the server refuses (not legal now, or not this seat's turn): said in Polish,
    # what was sent quoted, never the server's English message.
    page.wait_for_function("window.__ws && window.__version !== undefined")
    page.evaluate(
        "window.__ws.send(JSON.stringify({type: 'action', version: window.__version,"
        " action: 'discard 9S'}))"
    )
    page.wait_for_function("document.getElementById('toast').textContent.includes('discard 9S')")
    text = page.locator("#toast").inner_text()
    refusals = [pl["error.illegal-action"], pl["error.not-your-turn"]]
    assert text in [f"{r}: „discard 9S”" for r in refusals], text
    pages.shot(page, "refusal-pl")

    # A lobby's rules line: the preset and house rules as the catalog names them.
    table = post_json(
        pages.base + "/api/tables",
        {"name": "Bob", "seats": 3, "rules": {"preset": "classic", "house": ["lay-off"]}},
    )
    lobby = pages.new(locale="pl-PL")
    lobby.goto(f"{pages.base}/t/{table['table_id']}")
    line = lobby.locator("#rules-summary").inner_text()
    assert line == " · ".join(
        [pl["preset.classic"], "11 rozdań po 3–13 kart", pl["house.lay-off"]]
    ), line
    assert lobby.locator(".lobby-seat .seat-name").first.inner_text() == "Bob"
    pages.shot(lobby, "lobby-pl")

    # The replay of a match still played: the 409 not-finished in Polish.
    lobby.goto(f"{pages.base}/#/replay/{table_id}")
    lobby.wait_for_selector("#replay-error")
    assert lobby.locator("#replay-error").inner_text().startswith(pl["error.not-finished"])


def test_a_move_the_turn_timer_made_says_the_bot_played_it(pages: Any) -> None:
    answer = post_json(
        pages.base + "/api/tables",
        {"name": "Ada", "seats": 2, "turn_seconds": 5, "rules": {"house": ["hand_sizes=7"]}},
    )
    table_id = answer["table_id"]
    seat = {"seat": answer["seat"], "token": answer["token"], "name": "Ada"}
    page = pages.new()
    key = json.dumps("tt.seat." + table_id)
    page.context.add_init_script(f"localStorage.setItem({key}, {json.dumps(json.dumps(seat))})")
    page.goto(f"{pages.base}/t/{table_id}")
    page.wait_for_selector(".lobby")
    pages.shot(page, "timer-lobby")
    page.select_option('[data-key="bot-select-1"]', "easy")
    page.click('[data-key="add-bot-1"]')
    page.wait_for_selector("#start-match:not([disabled])")
    page.click("#start-match")
    page.wait_for_selector("#hand .card")
    # Ada lets the timer run out: the stand-in moves for her, and the log says so.
    page.wait_for_function(
        "[...document.querySelectorAll('#recent-moves li')]"
        ".some(li => li.textContent.startsWith('You (played by the bot)'))",
        timeout=20_000,
    )
    lines = page.locator("#recent-moves li").all_inner_texts()
    assert all(line.startswith(("You (played by the bot) ", "Bot 1 (easy) ")) for line in lines), (
        lines
    )
    pages.shot(page, "timer-move")
