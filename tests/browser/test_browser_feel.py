"""The table fits and feels alive; keyboard play keeps its place (issue 41, items 4 and 5).

A final turn comes quickly with two short rounds (``hand_sizes=3,4``): the test plays the
player's seat over its own websocket without ever going out, so a bot goes out and the
page waits on the player's final turn."""

from __future__ import annotations

import json
from typing import Any

from browser_helpers import post_json
from conftest import ARTIFACTS
from websockets.sync.client import connect

SHORT = {"preset": "classic", "house": ["hand_sizes=3,4"]}


def solo_page(
    pages: Any,
    *,
    width: int = 1280,
    height: int = 800,
    reduced_motion: str = "no-preference",
    **body: Any,
) -> tuple[Any, dict[str, Any]]:
    """A solo table of two short rounds against three easy bots (``body`` adds to the
    request), opened as its player; the page and the ticket."""
    request = {"name": "Ada", "rules": SHORT, "opponents": 3, "difficulty": "easy", **body}
    ticket = post_json(pages.base + "/api/solo", request)
    context = pages.browser.new_context(
        viewport={"width": width, "height": height}, locale="en-US", reduced_motion=reduced_motion
    )
    context.set_default_timeout(15_000)
    pages.contexts.append(context)
    seat = {"seat": ticket["seat"], "token": ticket["token"], "name": "Ada"}
    key = json.dumps("tt.seat." + ticket["table_id"])
    context.add_init_script(f"localStorage.setItem({key}, {json.dumps(json.dumps(seat))})")
    page = context.new_page()
    page.on("pageerror", lambda exc: pages.errors.append(f"page error: {exc}"))
    pages.pages.append(page)
    page.goto(f"{pages.base}/t/{ticket['table_id']}")
    page.wait_for_selector("#hand .card")
    return page, ticket


def play_to_my_final_turn(base: str, ticket: dict[str, Any]) -> dict[str, Any]:
    """Play the player's seat over a websocket of its own, drawing from the stock and
    discarding without going out, until a bot has gone out and it is the player's final
    turn; that snapshot's view."""
    url = base.replace("http://", "ws://") + f"{ticket['ws']}?token={ticket['token']}"
    with connect(url, open_timeout=5) as ws:
        for _ in range(400):
            message = json.loads(ws.recv(timeout=20))
            if message["type"] != "snapshot" or message["view"] is None:
                continue
            view = message["view"]
            if view["current"] != ticket["seat"] or view["phase"] not in ("draw", "discard"):
                continue
            if view["final_turn"] and view["out_seat"] not in (None, ticket["seat"]):
                return dict(view)
            legal = view["legal_actions"]
            discards = [a for a in legal if a.startswith("discard ")]
            action = "draw stock" if view["phase"] == "draw" else (discards or legal)[0]
            ws.send(json.dumps({"type": "action", "version": message["version"], "action": action}))
    raise AssertionError("no final turn came")


def hand_in_viewport(page: Any) -> None:
    page.wait_for_timeout(150)  # the resize handler fits the hand
    box = page.locator("#hand").bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (box, size)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (box, size)
    scroll = page.evaluate("[document.scrollingElement.scrollTop, window.scrollY]")
    assert scroll == [0, 0], scroll


def shot(page: Any, label: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"feel-{label}.png"))


def test_the_hand_stays_on_screen_in_a_final_turn_at_both_sizes(pages: Any) -> None:
    page, ticket = solo_page(pages)
    view = play_to_my_final_turn(pages.base, ticket)
    assert view["final_turn"]
    page.wait_for_selector("#final-warning")
    page.wait_for_selector("#stock:not([disabled])")
    hand_in_viewport(page)
    shot(page, "final-turn-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    hand_in_viewport(page)
    shot(page, "final-turn-390x844")


FEEL = "() => window.ttFeel"


def test_cards_fly_sounds_play_and_the_title_says_your_turn(pages: Any) -> None:
    # Longer hands: the round goes on while the test clicks.
    page, ticket = solo_page(pages, rules={"preset": "classic", "house": ["hand_sizes=10,11"]})
    page.wait_for_selector("#stock:not([disabled])", timeout=20_000)
    assert page.title() == "● Your turn — Three-Thirteen"
    page.click("#stock")
    page.wait_for_selector("#hand .card.playable")
    page.locator("#hand .card.new").click(position={"x": 7, "y": 40})
    page.wait_for_selector("#hand .card.playable", state="detached")
    # Every seat's draw and discard flies: the bots' (seats 1 to 3) and the player's own.
    page.wait_for_function(
        "() => [1, 2, 3].every(s => ['draw', 'discard'].every(k => window.ttFeel.flights"
        ".some(f => f.seat === s && f.kind.startsWith(k === 'draw' ? 'draw' : 'discard')"
        " || (k === 'discard' && f.seat === s && f.kind === 'go-out'))))"
        " || document.querySelector('#round-over')",
        timeout=20_000,
    )
    feel = page.evaluate(FEEL)
    kinds = {(f["seat"], f["kind"]) for f in feel["flights"]}
    assert (0, "draw-stock") in kinds and (0, "discard") in kinds, kinds
    assert {"draw", "discard"} <= set(feel["sounds"]), feel["sounds"]
    # Muted: no sound, and the choice outlives a reload.
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    page.click("#sound-toggle")
    assert page.evaluate("localStorage.getItem('tt.sound')") == "off"
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    page.wait_for_timeout(600)
    assert page.evaluate(FEEL)["sounds"] == []
    # The bot speed: the solo player changes it during play; the server keeps it.
    page.click("#table-settings summary")
    page.select_option("#bot-speed", "slow")
    table = f"{pages.base}/api/tables/{ticket['table_id']}"
    page.wait_for_function(
        f"async () => (await (await fetch({json.dumps(table)})).json()).bot_speed === 'slow'"
    )
    page.reload()
    page.click("#table-settings summary")
    assert page.locator("#bot-speed").input_value() == "slow"
    shot(page, "settings-1280x800")
    # Notifications: asked for only when turned on; shown when the tab is hidden.
    page.context.grant_permissions(["notifications"])
    page.check("#notify-toggle")
    page.wait_for_function("localStorage.getItem('tt.notify') === 'on'")
    page.evaluate(
        "() => { window.ttHidden = true;"
        " Object.defineProperty(document, 'hidden', {get: () => window.ttHidden}); }"
    )
    page.select_option("#bot-speed", "fast")
    # One turn of ours, and the next one begins while the tab is hidden.
    page.wait_for_selector("#stock:not([disabled])", timeout=20_000)
    page.click("#stock")
    page.wait_for_selector("#hand .card.playable")
    page.locator("#hand .card.new").click(position={"x": 7, "y": 40})
    page.wait_for_function(
        "() => window.ttFeel.notifications.length > 0 || document.querySelector('#round-over')",
        timeout=20_000,
    )
    if not page.locator("#round-over").count():
        assert page.evaluate(FEEL)["notifications"] == ["It is your turn at the table."]


def test_no_flights_under_reduced_motion(pages: Any) -> None:
    page, _ = solo_page(pages, reduced_motion="reduce")
    page.wait_for_selector("#stock:not([disabled])", timeout=20_000)
    page.click("#stock")
    page.wait_for_selector("#hand .card.playable")
    page.locator("#hand .card.new").click(position={"x": 7, "y": 40})
    page.wait_for_selector("#stock:not([disabled]), #round-over", timeout=20_000)
    assert page.evaluate(FEEL)["flights"] == []
    assert page.locator(".flying-card").count() == 0


def active(page: Any) -> str:
    """Where the focus is: '#hand', '.dialog', or the focused element's id."""
    return str(
        page.evaluate(
            "() => { const a = document.activeElement;"
            " return a.closest('#hand') ? '#hand' : a.closest('.dialog') ? '.dialog'"
            " : a.id || a.tagName; }"
        )
    )


def contrast(page: Any, selector: str) -> float:
    """The contrast ratio of an element's computed colour against its computed background."""
    ratio: float = page.evaluate(
        """sel => {
          const s = getComputedStyle(document.querySelector(sel));
          const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
          const bg = s.backgroundColor.match(/[\\d.]+/g);
          if (bg.length > 3 && Number(bg[3]) < 1) return 0;  // not opaque: no answer
          const [a, b] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))].sort((x, y) => y - x);
          return (a + 0.05) / (b + 0.05);
        }""",
        selector,
    )
    return ratio


def redraw(base: str, ticket: dict[str, Any]) -> None:
    """Make the server send every page of the table a new snapshot (a bot speed message
    from the player's seat bumps the version)."""
    url = base.replace("http://", "ws://") + f"{ticket['ws']}?token={ticket['token']}"
    with connect(url, open_timeout=5) as ws:
        version = json.loads(ws.recv(timeout=10))["version"]
        ws.send(json.dumps({"type": "bot_speed", "version": version, "speed": "fast"}))
        ws.send(json.dumps({"type": "bot_speed", "version": version, "speed": "normal"}))
        ws.recv(timeout=10)


def test_keyboard_play_keeps_its_place(pages: Any) -> None:
    page, ticket = solo_page(pages)
    # Headings: one h1 for the table, an h2 for each area.
    assert page.locator("h1").count() == 1
    assert page.locator("h1").text_content() == "Three-Thirteen table, round 1 of 2"
    h2 = page.locator(".game h2").all_text_contents()
    assert {"The other players", "Stock and discard pile", "Your hand"} <= set(h2), h2
    for label in page.locator(".pile-label").all():
        assert label.is_visible()
    assert contrast(page, "#stock + .pile-label") >= 4.5
    assert contrast(page, "#discard-pile + .pile-label") >= 4.5
    # The keys dialog lists J; it keeps the focus while the bots move and redraw the page.
    # Checked before the first move: a short round may end at the player's first discard.
    page.wait_for_selector("#stock:not([disabled])", timeout=20_000)
    page.keyboard.press("?")
    page.wait_for_selector("#dialog-help")
    assert "jump to your hand" in page.locator("#dialog-help").inner_text()
    page.evaluate("document.querySelector('#dialog-help').dataset.old = 'yes'")
    redraw(pages.base, ticket)  # a snapshot comes, as a bot's move brings one
    page.wait_for_function("!document.querySelector('#dialog-help').dataset.old", timeout=20_000)
    assert active(page) == ".dialog"
    shot(page, "keys-dialog")
    page.keyboard.press("Escape")
    assert active(page) == "show-help"
    page.keyboard.press("j")
    assert active(page) == "#hand"
    # Then the round is played from the keyboard alone: S draws, Enter discards the card
    # that has the focus, which stays in the hand between turns.
    moves = 0
    for _ in range(30):
        page.wait_for_selector("#stock:not([disabled]), #round-over", timeout=20_000)
        if page.locator("#round-over").count():
            break
        page.keyboard.press("s")
        page.wait_for_selector("#hand .card.playable")
        page.wait_for_function("document.activeElement.matches('#hand .card.new')")
        page.keyboard.press("Enter")
        page.wait_for_selector("#hand .card.playable", state="detached")
        moves += 1
        page.wait_for_function(
            "document.activeElement.closest('#hand') || document.querySelector('#round-over')"
        )
    assert moves >= 1
    page.wait_for_selector("#round-over")
    # (The reveal takes the focus when the round ends, unless the keys dialog was open then.)
    page.keyboard.press("n")
    page.wait_for_selector("#round-over", state="detached", timeout=20_000)
    page.wait_for_function("document.activeElement.closest('#hand')")
