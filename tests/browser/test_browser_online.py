"""Online tables with two browsers (and a spectator), reconnecting, the history and the replay."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from browser_helpers import (
    create_online_table,
    get_json,
    hand,
    play_one_turn,
    play_until_round_over,
    post_json,
    start_solo,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def quiet_state(page: Any) -> tuple[str, str, str]:
    return (
        page.locator("#round-info").inner_text(),
        str(page.locator("#discard-pile").get_attribute("data-top")),
        page.locator("#stock .pile-count").inner_text(),
    )


def test_two_players_at_one_online_table(pages: Any) -> None:
    ada, invite, table_id = create_online_table(pages, seats=3, timer=120)
    assert invite.endswith(f"/t/{table_id}")
    assert ada.locator("#start-match").is_disabled()

    bob = pages.new(width=390, height=844)
    bob.goto(invite)
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector(".lobby .waiting")
    ada.wait_for_selector('li.lobby-seat[data-seat="1"].human')
    assert "Bob" in ada.locator('li.lobby-seat[data-seat="1"]').inner_text()
    # Bob's page connecting reaches Ada as a presence message, not a snapshot.
    ada.wait_for_function(
        "document.querySelector('li.lobby-seat[data-seat=\"1\"] .muted')?.textContent === 'online'"
    )

    # The host fills the last seat with a bot and starts.
    ada.locator('li.lobby-seat[data-seat="2"] select').select_option("easy")
    ada.click('li.lobby-seat[data-seat="2"] .add-bot')
    ada.wait_for_selector('li.lobby-seat[data-seat="2"].bot')
    pages.shot(ada, "lobby")
    ada.click("#start-match")
    for page in (ada, bob):
        page.wait_for_selector("#hand .card")
        assert len(hand(page)) == 3
        # The turn timer counts down for the seat to act.
        timer = page.locator(".status #turn-timer")
        timer.wait_for()
        assert re.fullmatch(r"\d+ s", timer.inner_text())
        assert 0 < int(timer.inner_text().split()[0]) <= 120
    # From Ada's seat Bob sits on her left; from Bob's, the bot.
    assert ada.locator(".area-left .seat-title").inner_text() == "Bob"

    # A spectator sees the table but no hand; the players see Bob connected.
    watcher = pages.new()
    watcher.goto(invite)
    watcher.wait_for_selector(".felt")
    assert watcher.locator(".badge.watching").count() == 1
    assert watcher.locator('.seat[data-seat="1"] .badge.offline').count() == 0
    assert watcher.locator("#hand").count() == 0
    assert watcher.locator(".seat").count() == 3

    # Play human turns on whichever page it is; the other page shows the same table.
    played = 0
    for _ in range(12):
        mover = None
        for _wait in range(100):
            for page in (ada, bob):
                if page.locator("#stock:not([disabled])").count():
                    mover = page
                    break
            if mover or ada.locator("#round-over").count():
                break
            ada.wait_for_timeout(100)
        if mover is None:
            break
        other = bob if mover is ada else ada
        other.wait_for_function(
            "([top, stock]) => document.querySelector('#discard-pile')?.dataset.top === top"
            " && document.querySelector('#stock .pile-count')?.textContent === stock",
            arg=[
                mover.locator("#discard-pile").get_attribute("data-top"),
                mover.locator("#stock .pile-count").inner_text(),
            ],
        )
        assert quiet_state(other) == quiet_state(mover)
        assert other.locator("#stock").is_disabled()
        play_one_turn(mover)
        played += 1
        if played == 3:
            break
    assert played >= 1
    pages.shot(ada, "ada")
    pages.shot(bob, "bob")
    pages.shot(watcher, "watcher")

    # A refresh returns Bob to his seat (the token is kept): his hand, not a spectator's.
    # (His hand may be empty: he may have gone out.)
    bob.wait_for_function("document.querySelector('.me-head') !== null")
    held = len(hand(bob))
    bob.reload()
    bob.wait_for_selector(".me-head")
    # Ada's page saw him leave and come back (presence messages): not shown offline.
    ada.wait_for_selector('.seat[data-seat="1"] .badge.offline', state="detached")
    assert len(hand(bob)) == held
    assert bob.locator(".badge.watching").count() == 0
    assert bob.locator(".me-head .seat-sub").first.inner_text() == "Bob"
    table = get_json(f"{pages.base}/api/tables/{table_id}")
    assert [s["name"] for s in table["seats"][:2]] == ["Ada", "Bob"]
    assert table["seats"][1]["connected"] is True


def test_what_a_player_types_survives_a_snapshot(pages: Any) -> None:
    """Someone joining redraws every page of the table; a name being typed and a bot
    level being chosen must stay as the player left them."""
    ada, invite, table_id = create_online_table(pages, seats=4)
    ada.locator('li.lobby-seat[data-seat="3"] select').select_option("easy")

    bob = pages.new()
    bob.goto(invite)
    bob.fill("#join-name", "Bo")
    bob.locator("#join-name").press("b")  # the caret is in the field, as when typing

    post_json(f"{pages.base}/api/tables/{table_id}/join", {"name": "Cy"})
    for page in (ada, bob):
        page.wait_for_selector('li.lobby-seat[data-seat="1"].human')
    assert bob.locator("#join-name").input_value() == "Bob"
    assert bob.evaluate("document.activeElement.id") == "join-name"
    assert ada.locator('li.lobby-seat[data-seat="3"] select').input_value() == "easy"

    bob.click("#join-button")
    bob.wait_for_selector(".lobby .waiting")
    ada.wait_for_selector('li.lobby-seat[data-seat="2"].human')
    ada.click('li.lobby-seat[data-seat="3"] .add-bot')
    ada.wait_for_selector('li.lobby-seat[data-seat="3"].bot')
    table = get_json(f"{pages.base}/api/tables/{table_id}")
    assert [s.get("name") for s in table["seats"]][:3] == ["Ada", "Cy", "Bob"]
    levels = get_json(pages.base + "/api/options")["difficulties"]
    chosen = next(d["bot"] for d in levels if d["name"] == "easy")
    assert table["seats"][3]["bot"] == chosen


def test_history_and_replay_of_a_finished_match(pages: Any) -> None:
    page = pages.new()
    table_id = start_solo(
        page, pages.base, preset="classic", opponents=2, difficulty="easy", options="hand_sizes=3"
    )
    assert page.locator("#round-info").inner_text() == "Round 1 of 1"
    play_until_round_over(page)
    page.wait_for_selector("#winner")
    assert page.locator("#round-over h2").inner_text() == "The match is over"
    pages.shot(page, "match-over")

    # The history lists it; its replay steps through the match with every hand shown.
    page.goto(pages.base + "/#/history")
    row = page.locator(f'tr[data-match="{table_id}"]')
    row.wait_for()
    pages.shot(page, "history")
    row.locator("a.replay-link").click()
    page.wait_for_selector("#replay")
    record = get_json(f"{pages.base}/api/matches/{table_id}/record")
    actions = record["rounds"][0]["actions"]
    steps = 1 + len(actions)
    assert page.locator("#replay-step").inner_text() == f"Step 1 of {steps}"
    assert page.locator("#replay-action").inner_text() == "Round 1 dealt"
    dealt = [h.split() for h in record["rounds"][0]["hands"]]
    shown = page.locator(".replay-seat .card-row").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.dataset.card))"
    )
    assert [sorted(h) for h in shown] == [sorted(h) for h in dealt]
    page.click("#replay-next")
    page.wait_for_function(
        "document.querySelector('#replay-step').textContent.startsWith('Step 2 ')"
    )
    seat, action = actions[0]
    # One name a seat everywhere: the player by the record's name (a solo started with no
    # name is "You"), the bots numbered ("Bot 1 (easy)").
    name = record["seats"][0] if seat == 0 else f"Bot {seat} (easy)"
    assert name != ""
    assert page.locator("#replay-action").inner_text().startswith(f"{name}: ")
    page.keyboard.press("End")
    page.wait_for_function(
        f"document.querySelector('#replay-step').textContent === 'Step {steps} of {steps}'"
    )
    assert page.locator("#replay table.score-sheet tbody tr").count() == 1
    pages.shot(page, "replay")
    del action


def test_a_player_who_leaves_on_their_turn_gets_the_seat_back_by_their_rejoin_link(
    pages: Any,
) -> None:
    """Bob closes his page on his turn; a bot steps in after the table's takeover time and
    the table says so; Bob opens his rejoin link in a fresh browser and, at his next turn,
    plays his seat again (issue 42, part 1)."""
    ticket = post_json(
        f"{pages.base}/api/tables", {"name": "Ada", "seats": 3, "takeover_seconds": 2}
    )
    table_id = ticket["table_id"]
    ada = pages.new()
    ada.goto(pages.base + ticket["rejoin"])  # Ada's own rejoin link claims the host's seat
    ada.wait_for_selector("#start-match")
    assert ada.locator("#rejoin-link").input_value().endswith(ticket["rejoin"])
    bob = pages.new()
    bob.goto(f"{pages.base}/t/{table_id}")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector(".lobby .waiting")
    link = bob.locator("#rejoin-link").input_value()
    assert f"/t/{table_id}#rejoin=" in link
    ada.locator('li.lobby-seat[data-seat="2"] select').select_option("easy")
    ada.click('li.lobby-seat[data-seat="2"] .add-bot')
    ada.wait_for_selector("#start-match:not([disabled])")
    ada.click("#start-match")

    def ada_plays_until(done: Callable[[], bool]) -> None:
        for _ in range(300):
            if done():
                return
            if ada.locator("#next-round:not([disabled])").count():
                # The next round may be dealt between the look and the click (the others
                # ready): then there is nothing to click, and the loop goes on.
                with contextlib.suppress(PlaywrightTimeout):
                    ada.click("#next-round:not([disabled])", timeout=3000)
            elif ada.locator("#stock:not([disabled])").count():
                play_one_turn(ada)
            else:
                ada.wait_for_timeout(100)
        raise AssertionError("it never came")

    bob.wait_for_selector("#hand .card")
    ada_plays_until(lambda: bob.locator("#stock:not([disabled])").count() > 0)
    bob.context.close()  # on his turn
    ada.wait_for_selector('#stand-in-notices li[data-seat="1"]', timeout=15_000)
    notice = ada.locator('#stand-in-notices li[data-seat="1"]').inner_text()
    assert notice == "A bot is playing for Bob (disconnected) until they are back.", notice
    assert ada.locator('.seat[data-seat="1"] .badge.stand-in').inner_text() == "a bot plays"
    # The table goes on: the bot ends Bob's turn, and Ada's comes round again.
    ada.wait_for_selector("#stock:not([disabled]), #next-round:not([disabled])")
    pages.shot(ada, "ada-bot-plays-for-bob")

    again = pages.new(width=390, height=844)
    again.goto(link)
    again.wait_for_selector(".me-head")  # his seat, not a spectator's
    assert again.locator(".badge.watching").count() == 0
    assert "#rejoin" not in again.url  # the token does not stay in the address bar
    ada_plays_until(lambda: again.locator("#stock:not([disabled])").count() > 0)
    assert again.locator("#stand-in-notices").count() == 0
    ada.wait_for_selector("#stand-in-notices", state="detached")
    again.locator("details.rejoin-panel summary").click()
    pages.shot(again, "bob-back-in-his-seat")
    play_one_turn(again)
    table = get_json(f"{pages.base}/api/tables/{table_id}")
    assert table["seats"][1]["name"] == "Bob" and table["seats"][1]["stand_in"] is None
