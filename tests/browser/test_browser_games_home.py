"""The start page offers the three games, the how-to-play pages teach them, the history
lists each match's game and replays it on the game's own board."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from browser_helpers import get_json, post_json, table_id_of
from websockets.sync.client import connect

GAMES = ["three-thirteen", "thirteen", "rummy"]
TITLES = {
    "en": {"three-thirteen": "Three-Thirteen", "thirteen": "Thirteen", "rummy": "Rummy"},
    "pl": {
        "three-thirteen": "Three-Thirteen",
        "thirteen": "Trzynastka (Tiến lên)",
        "rummy": "Remik",
    },
}
HOWTO_H1 = {"en": "How to play {game}", "pl": "Jak grać: {game}"}


def options(base: str) -> dict[str, Any]:
    return {g["name"]: g for g in get_json(base + "/api/options")["games"]}


def choose(page: Any, game: str) -> None:
    """Pick ``game`` on the start page and wait for its forms."""
    page.locator(f'input[name="game"][value="{game}"]').check()
    page.wait_for_selector(f'#solo-form[data-game="{game}"]')
    page.wait_for_selector(f'#online-form[data-game="{game}"]')


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def heading_levels(page: Any, scope: str) -> list[int]:
    return [
        int(tag[1])
        for tag in page.locator(f"{scope} :is(h1, h2, h3, h4)").evaluate_all(
            "els => els.map(e => e.tagName.toLowerCase())"
        )
    ]


def play_by_hints(base: str, ticket: dict[str, Any], limit: int = 600) -> dict[str, Any]:
    """Play our seat by the view's hints (the medium bot's moves) over the websocket to the
    end of the match; the last snapshot."""
    url = base.replace("http://", "ws://") + f"{ticket['ws']}?token={ticket['token']}"
    seat = ticket["seat"]
    with connect(url, open_timeout=5) as socket:
        for _ in range(limit * 4):
            message = json.loads(socket.recv(timeout=30))
            if message["type"] != "snapshot":
                continue
            view, table = message["view"], message["table"]
            if table["status"] == "finished":
                return dict(message)
            if view and view["phase"] == "round-over" and seat not in table.get("ready", []):
                socket.send(json.dumps({"type": "ready", "version": message["version"]}))
            elif view and view["legal_actions"]:
                action = view["hint"]["action"]
                socket.send(
                    json.dumps({"type": "action", "version": message["version"], "action": action})
                )
    raise AssertionError("the match did not finish")


def test_each_game_is_chosen_then_played_solo_and_the_choice_is_remembered(pages: Any) -> None:
    games = options(pages.base)
    page = pages.new()
    page.goto(pages.base + "/")
    page.wait_for_selector("#games .game-card")
    # Three-Thirteen is the default; each game is a card with its picture and how-to link.
    assert page.locator('input[name="game"]:checked').get_attribute("value") == "three-thirteen"
    assert page.locator(".game-card").evaluate_all("els => els.map(e => e.dataset.game)") == GAMES
    for game in GAMES:
        card = page.locator(f'.game-card[data-game="{game}"]')
        assert card.locator(".game-title").inner_text() == TITLES["en"][game]
        assert card.locator(".game-pic > svg").count() == 1
        assert card.locator(".game-desc").inner_text().strip()
        assert card.locator("a.howto-link").get_attribute("href") == f"/#/rules/{game}"
    for game in GAMES:
        page.goto(pages.base + "/")
        choose(page, game)
        info = games[game]
        presets = page.locator('#solo-form input[name="solo-preset"]').evaluate_all(
            "els => els.map(e => e.value)"
        )
        assert presets == [p["name"] for p in info["presets"]]
        house = page.locator('#solo-form input[name="solo-house"]').evaluate_all(
            "els => els.map(e => e.value)"
        )
        assert house == [h["name"] for h in info["house_rules"]]
        assert page.locator("#solo-opponents").input_value() == str(info["default_opponents"])
        assert page.locator("#online-seats").input_value() == str(info["default_seats"])
        levels = page.locator("#solo-difficulty option").evaluate_all(
            "els => els.map(e => e.value)"
        )
        available = [d["name"] for d in info["difficulties"] if d["available"]]
        assert levels[: len(available)] == available and levels[-1] == "each"
        if game == "thirteen":
            pages.shot(page, "start-thirteen")
        page.select_option("#solo-difficulty", "easy")
        page.click("#solo-play")
        page.wait_for_url("**/t/*")
        table = get_json(f"{pages.base}/api/tables/{table_id_of(page.url)}")
        assert table["game"] == game
        assert len(table["seats"]) == info["default_opponents"] + 1
        assert table["rules"]["preset"] == info["default_preset"]
        # The table page shows the match (Three-Thirteen's table or the game's board).
        page.wait_for_selector("#hand .card, .game")
    # The last game chosen is the start page's choice after a reload.
    page.goto(pages.base + "/")
    page.wait_for_selector('#solo-form[data-game="rummy"]')
    assert page.locator('input[name="game"]:checked').get_attribute("value") == "rummy"
    page.reload()
    page.wait_for_selector('#solo-form[data-game="rummy"]')
    assert page.locator('input[name="game"]:checked').get_attribute("value") == "rummy"
    assert "Rummy" in page.locator("#solo-play").inner_text()


def test_an_online_table_names_its_game_in_the_open_tables(pages: Any) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    choose(page, "thirteen")
    page.fill("#online-name", "Ada")
    page.select_option("#online-seats", "3")
    page.click("#online-create")
    page.wait_for_url("**/t/*")
    table_id = table_id_of(page.url)
    table = get_json(f"{pages.base}/api/tables/{table_id}")
    assert table["game"] == "thirteen" and len(table["seats"]) == 3
    other = pages.new()
    other.goto(pages.base + "/")
    entry = other.locator(f'#open-tables li[data-table="{table_id}"]')
    entry.wait_for()
    assert entry.get_attribute("data-game") == "thirteen"
    assert entry.locator(".table-game").inner_text() == "Thirteen"
    # A new visitor's start page is Three-Thirteen's, with the old ids.
    assert other.locator('#solo-form input[name="solo-preset"][value="classic"]').is_checked()


def test_how_to_play_pages_in_english_and_polish_and_their_play_button(pages: Any) -> None:
    games = options(pages.base)
    page = pages.new()
    for game in GAMES:
        page.goto(f"{pages.base}/#/rules/{game}")
        page.wait_for_selector(f'#howto[data-game="{game}"]')
        assert page.locator("#howto h1").inner_text() == HOWTO_H1["en"].format(
            game=TITLES["en"][game]
        )
        levels = heading_levels(page, "#howto")
        assert levels[0] == 1 and levels.count(1) == 1
        assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), levels
        sections = page.locator("#howto .howto-section").evaluate_all(
            "els => els.map(e => e.dataset.section)"
        )
        assert {"goal", "deal", "turn", "out", "scoring", "end", "server"} <= set(sections)
        assert page.locator("#howto .howto-example .card[data-card]").count() >= 3
        # The presets and house rules are the server's.
        info = games[game]
        listed = page.locator("#howto li.howto-house").evaluate_all(
            "els => els.map(e => e.dataset.house)"
        )
        assert listed == [h["name"] for h in info["house_rules"]]
        first = info["house_rules"][0]
        shown = page.locator(f'#howto li.howto-house[data-house="{first["name"]}"]').inner_text()
        assert all(f"{k}=" in shown for k in first["options"]), shown
        presets = page.locator("#howto li.howto-preset").evaluate_all(
            "els => els.map(e => e.dataset.preset)"
        )
        assert presets == [p["name"] for p in info["presets"]]
        text = page.locator("#howto").inner_text()
        assert "howto." not in text and "game." not in text, text[:200]
    pages.shot(page, "howto-rummy")
    # Polish: the same pages, translated.
    page.click("#lang-switch")
    page.wait_for_function("document.documentElement.lang === 'pl'")
    for game in GAMES:
        page.goto(f"{pages.base}/#/rules/{game}")
        page.wait_for_selector(f'#howto[data-game="{game}"]')
        expected = HOWTO_H1["pl"].format(game=TITLES["pl"][game])
        page.wait_for_function(
            "t => document.querySelector('#howto h1')?.textContent === t", arg=expected
        )
        text = page.locator("#howto").inner_text()
        assert "howto." not in text and "Cel gry" in text, text[:200]
    # On a phone: readable, nothing wider than the screen.
    phone = pages.new(width=390, height=844, locale="pl-PL")
    phone.goto(f"{pages.base}/#/rules/thirteen")
    phone.wait_for_selector('#howto[data-game="thirteen"]')
    no_sideways_scroll(phone)
    pages.shot(phone, "howto-thirteen-phone-pl")
    # "Play" starts a solo match of that game with the defaults.
    for game in GAMES:
        page.goto(f"{pages.base}/#/rules/{game}")
        page.wait_for_selector(f'#howto[data-game="{game}"]')
        page.click("#howto-play")
        page.wait_for_url("**/t/*")
        table = get_json(f"{pages.base}/api/tables/{table_id_of(page.url)}")
        assert table["game"] == game
        assert len(table["seats"]) == games[game]["default_opponents"] + 1


def test_history_lists_each_game_and_replays_it_on_its_board(pages: Any) -> None:
    finished = {}
    for game in ["thirteen", "rummy"]:
        ticket = post_json(
            pages.base + "/api/solo",
            {
                "name": "Ada",
                "game": game,
                "opponents": 1,
                "difficulty": "easy",
                "rules": {"house": ["target=1"]},
            },
        )
        last = play_by_hints(pages.base, ticket)
        assert last["table"]["status"] == "finished"
        finished[game] = ticket["table_id"]
    page = pages.new()
    page.goto(pages.base + "/#/history")
    for game, match in finished.items():
        row = page.locator(f'tr[data-match="{match}"]')
        row.wait_for()
        assert row.get_attribute("data-game") == game
        assert row.locator("td.game-cell").inner_text() == TITLES["en"][game]
    pages.shot(page, "history")
    for game, match in finished.items():
        page.goto(f"{pages.base}/#/history")
        page.locator(f'tr[data-match="{match}"] a.replay-link').click()
        page.wait_for_selector(f'#replay[data-game="{game}"]')
        first = get_json(f"{pages.base}/api/matches/{match}/replay?step=0")
        steps = first["steps"]
        assert page.locator("#replay-step").inner_text() == f"Step 1 of {steps}"
        dealt = {"thirteen": "Round 1 dealt", "rummy": "Hand 1 dealt"}[game]
        assert page.locator("#replay-action").inner_text() == dealt
        # The game's board, every hand face up.
        page.wait_for_selector("#replay .replay-game-board > :not(p.loading)")
        assert page.locator("#replay-board-error").count() == 0, page.locator(
            "#replay-board-error"
        ).inner_text()
        shown = page.locator("#replay .replay-game-board [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        for hand in first["view"]["hands"]:
            assert set(hand) <= set(shown), (hand, shown)
        pages.shot(page, f"replay-{game}")
        # The step controls and keys of Three-Thirteen's viewer.
        page.click("#replay-next")
        page.wait_for_function(
            "document.querySelector('#replay-step').textContent.startsWith('Step 2 ')"
        )
        second = get_json(f"{pages.base}/api/matches/{match}/replay?step=1")
        # The seat named as at the table: a bot as "Bot 1 (easy)" (the server's `seats`).
        seat = second["action"]["seat"]
        name = second["names"][seat]
        if second["seats"][seat]["kind"] == "bot":
            number = sum(s["kind"] == "bot" for s in second["seats"][: seat + 1])
            name = f"Bot {number} ({name})"
        assert page.locator("#replay-action").inner_text().startswith(f"{name}: ")
        page.keyboard.press("End")
        page.wait_for_function(
            f"document.querySelector('#replay-step').textContent === 'Step {steps} of {steps}'"
        )
        assert page.locator("#replay-next").is_disabled()
        page.keyboard.press("Home")
        page.wait_for_function(
            "document.querySelector('#replay-step').textContent.startsWith('Step 1 ')"
        )


def test_start_page_on_a_phone_in_polish(pages: Any) -> None:
    page = pages.new(width=390, height=844, locale="pl-PL")
    page.goto(pages.base + "/")
    page.wait_for_selector("#games .game-card")
    assert page.locator("#games h1").inner_text() == "Wybierz grę"
    titles = page.locator(".game-card .game-title").all_inner_texts()
    assert titles == [TITLES["pl"][g] for g in GAMES]
    no_sideways_scroll(page)
    # The three games are on the first screen, one tap apart.
    for game in GAMES:
        box = page.locator(f'.game-card[data-game="{game}"]').bounding_box()
        assert box["y"] + box["height"] <= 844 and box["width"] <= 390, (game, box)
    pages.shot(page, "start-phone-pl")
    page.locator('.game-card[data-game="thirteen"] .game-title').click()
    page.wait_for_selector('#solo-form[data-game="thirteen"]')
    assert re.search("Trzynastka", page.locator("#solo-play").inner_text())
    no_sideways_scroll(page)
    pages.shot(page, "start-phone-pl-thirteen")
