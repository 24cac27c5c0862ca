"""A browser's own matches and statistics, and private solo matches, as a player meets them."""

from __future__ import annotations

import json
import urllib.error
from typing import Any

import pytest
from browser_helpers import get_json, post_json, start_solo, table_id_of
from websockets.sync.client import connect


def finish_by_hints(base: str, ticket: dict[str, Any]) -> None:
    """Play seat 0 of a solo match to its end over a websocket: the view's hints."""
    url = base.replace("http://", "ws://") + f"{ticket['ws']}?token={ticket['token']}"
    with connect(url, open_timeout=5) as socket:
        while True:
            message = json.loads(socket.recv(timeout=30))
            if message["type"] != "snapshot":
                continue
            view, version = message["view"], message["version"]
            if message["table"]["status"] == "finished":
                return
            if view["phase"] == "round-over" and 0 not in message["table"]["ready"]:
                socket.send(json.dumps({"type": "ready", "version": version}))
            elif view["legal_actions"]:
                move = view["hint"]["action"]
                socket.send(json.dumps({"type": "action", "version": version, "action": move}))


def test_history_shows_my_matches_first_and_my_statistics(pages: Any) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.wait_for_selector("#solo-form")
    key = page.evaluate("localStorage.getItem('tt.player')")
    assert key and len(key) >= 16  # made by the start page's first request
    body = {"name": "Ada", "game": "thirteen", "rules": {"house": ["target=1"]}, "player": key}
    mine = post_json(pages.base + "/api/solo", body)
    finish_by_hints(pages.base, mine)
    someone = post_json(pages.base + "/api/solo", {**body, "name": "Zed", "player": "z" * 20})
    finish_by_hints(pages.base, someone)

    page.goto(pages.base + "/#/history")
    row = page.locator(f'#history-mine-table tr[data-match="{mine["table_id"]}"]')
    row.wait_for()
    assert "Ada (You)" in row.inner_text() and row.get_attribute("data-game") == "thirteen"
    assert page.locator("#history-mine-table tbody tr").count() == 1
    assert page.locator(f'#history-all-table tr[data-match="{someone["table_id"]}"]').count() == 1
    pages.shot(page, "history-mine")

    page.click("#to-stats")
    page.wait_for_selector('table.stats-table[data-game="thirteen"]')
    cells = page.locator('table.stats-table[data-game="thirteen"] tbody tr').first.locator("td")
    with pytest.raises(urllib.error.HTTPError) as refused:  # no key: the page sends its own
        get_json(pages.base + "/api/stats")
    assert refused.value.code == 400
    record = get_json(pages.base + f"/api/matches/{mine['table_id']}/record")
    won = 0 in record["winners"]
    assert cells.nth(0).inner_text() == "1" and cells.nth(1).inner_text() == str(int(won))
    assert cells.nth(4).inner_text() == str(record["totals"][0])
    pages.shot(page, "stats")


def test_a_solo_match_is_private_until_its_player_lets_others_watch(pages: Any) -> None:
    ada = pages.new()
    table_id = start_solo(ada, pages.base, opponents=1)
    watcher = pages.new(width=390, height=844)
    watcher.goto(f"{pages.base}/t/{table_id}")
    watcher.wait_for_selector("#table-closed")
    assert "private" in watcher.locator("#table-closed").inner_text()
    assert not any(t["id"] == table_id for t in get_json(pages.base + "/api/tables")["tables"])
    pages.shot(watcher, "private")

    ada.locator(".watch-panel summary").click()
    ada.click("#watch-toggle")
    ada.wait_for_selector("#watch-link")
    assert ada.locator("#watch-link").input_value().endswith(f"/t/{table_id}")
    watcher.goto(f"{pages.base}/t/{table_id}")
    watcher.wait_for_selector(".felt")
    assert watcher.locator("#hand").count() == 0 and watcher.locator(".badge.watching").count() == 1
    assert any(t["id"] == table_id for t in get_json(pages.base + "/api/tables")["tables"])
    pages.shot(ada, "opened")

    ada.locator(".watch-panel summary").click() if not ada.locator(
        "#watch-toggle"
    ).is_visible() else None
    ada.click("#watch-toggle")  # private again: the watcher is shown the door
    watcher.wait_for_selector("#table-closed")
    assert table_id_of(ada.url) == table_id


def test_the_start_page_sets_the_bots_speed_and_remembers_it(pages: Any) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.select_option("#solo-speed", "slow")
    page.click("#solo-play")
    page.wait_for_url("**/t/*")
    table = get_json(f"{pages.base}/api/tables/{table_id_of(page.url)}")
    assert table["bot_speed"] == "slow"
    page.goto(pages.base + "/")
    assert page.locator("#solo-speed").input_value() == "slow"
