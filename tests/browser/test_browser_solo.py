"""A solo match in the browser: start it in one click, play a round by clicking, read the scores."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from browser_helpers import (
    hand,
    play_one_turn,
    play_until_round_over,
    score_rows,
    score_totals,
    server_view,
    start_solo,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from threethirteen.cards import parse_cards


def test_solo_round_played_by_clicking(pages: Any) -> None:
    page = pages.new()
    # Each opponent's level chosen on its own (all easy: quick bots).
    start_solo(page, pages.base, preset="classic", opponents=3, each=["easy", "easy", "easy"])

    # Three computer players, each its own name, sit Left, Top and Right, as in the app.
    assert page.locator(".area-left .seat-title").inner_text() == "Bot 1 (easy)"
    assert page.locator(".area-top .seat-title").inner_text() == "Bot 2 (easy)"
    assert page.locator(".area-right .seat-title").inner_text() == "Bot 3 (easy)"
    subs = [page.locator(f".area-{a} .seat-sub").inner_text() for a in ("left", "top", "right")]
    assert [sub.split(" ·")[0] for sub in subs] == ["Left", "Top", "Right"], subs
    assert page.locator("#round-info").inner_text() == "Round 1 of 11"
    assert page.locator("#wild-info").inner_text() == "Wild: 3s"
    cards = hand(page)
    assert len(cards) == 3
    parse_cards(" ".join(cards))  # the page's cards are real cards
    # Every card is labelled for screen readers, wild cards say so.
    labels = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    for code, label in zip(cards, labels, strict=True):
        assert label and re.search(r"(of (spades|hearts|diamonds|clubs))|Joker", label), label
        assert ("wild" in label) == code.startswith("3"), (code, label)
    assert "stock" in (page.locator("#stock").get_attribute("aria-label") or "")
    pages.shot(page, "table")

    checked: list[bool] = []

    def agrees_with_server(page: Any) -> None:
        # The page shows what the server says: our hand, the go-out button exactly when
        # going out is legal, the final-turn warning on a final turn.
        view = server_view(page, pages.base)
        assert sorted(hand(page)) == sorted(view["hand"])
        assert page.locator("#go-out").count() == int(bool(view["can_go_out"])), view
        assert page.locator("#final-warning").count() == int(bool(view["final_turn"])), view
        if view["final_turn"]:
            assert "final turn" in page.locator("#final-warning").inner_text()
        checked.append(bool(view["can_go_out"]))

    moves = play_until_round_over(page, check=agrees_with_server, first_from_discard=True)
    assert moves, "we never got a turn"
    assert len(checked) == len(moves)
    pages.shot(page, "round-over")

    rows = score_rows(page)
    assert len(rows) == 1
    label, *points = rows[0]
    assert label.startswith("1")
    assert len(points) == 4 and all(p.isdigit() for p in points)
    assert score_totals(page) == points
    # The reveal shows every hand with its penalty, the same as the sheet's row.
    reveal = page.locator("#round-over .reveal-seat")
    assert reveal.count() == 4
    shown = [re.sub(r"\D", "", t) for t in reveal.locator(".penalty").all_text_contents()]
    assert shown == points
    zero = [i for i, p in enumerate(points) if p == "0"]
    assert zero, "somebody went out or melded everything"
    if moves[-1] == "out":
        assert points[0] == "0"
        assert page.locator("#round-over .reveal-seat.mine.out").count() == 1

    # On to round 2: one card more, 4s wild, the sheet keeps round 1.
    # The reveal takes the focus on its "Next round" button: Enter goes on.
    page.wait_for_function("document.activeElement?.id === 'next-round'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#round-over", state="detached")
    assert page.locator("#round-info").inner_text() == "Round 2 of 11"
    assert page.locator("#wild-info").inner_text() == "Wild: 4s"
    page.wait_for_function("document.querySelectorAll('#hand .card').length >= 4")
    page.keyboard.press("c")
    dialog = page.locator("#dialog-scores")
    dialog.wait_for()
    assert score_rows(page, "#dialog-scores") == rows
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")


def test_phone_layout_fits_thirteen_cards(pages: Any) -> None:
    page = pages.new(width=390, height=844)
    start_solo(
        page, pages.base, preset="app", opponents=3, difficulty="easy", options="hand_sizes=13"
    )
    assert len(hand(page)) == 13
    assert page.locator("#wild-info").inner_text() == "Wild: Kings"

    def fits() -> None:
        # Cards in flight may stick out for a moment; a loaded machine animates slowly. A
        # page still too wide after the wait fails below, naming what sticks out.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function("document.documentElement.scrollWidth <= 390", timeout=10_000)
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate(
            "() => [...document.querySelectorAll('body *')]"
            ".filter(e => e.getBoundingClientRect().right > 391)"
            ".slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id)"
        )
        assert width <= 390, f"the page scrolls sideways: {width}px, {wide}"
        # Measured in one go: the hand is drawn anew with every move at the table.
        boxes = page.evaluate(
            "[...document.querySelectorAll('#hand .card')]"
            ".map(c => c.getBoundingClientRect().toJSON())"
        )
        assert len(boxes) >= 13
        for box in boxes:
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
            assert box["width"] >= 44  # big enough to read and to tap

    fits()
    for area in ("left", "top", "right"):
        assert page.locator(f".area-{area} .seat").is_visible()
    pages.shot(page, "phone-table")
    page.wait_for_selector("#stock:not([disabled]), #round-over", timeout=20_000)
    if page.locator("#stock:not([disabled])").count():
        play_one_turn(page)
        # The opponents play on: one may go out (this match is a single 13-card round),
        # and the reveal then takes the hand's place; otherwise measure again.
        page.wait_for_function(
            "document.querySelectorAll('#hand .card').length >= 13"
            " || document.querySelector('#round-over') !== null",
            timeout=20_000,
        )
        if not page.locator("#round-over").count():
            fits()
    pages.shot(page, "phone-after-turn")


def test_an_engine_the_host_runs_is_picked_like_a_difficulty(pages: Any) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.wait_for_selector("#solo-difficulty option", state="attached")
    labels = page.locator("#solo-difficulty option").all_inner_texts()
    assert "pile (engine)" in labels and labels.index("pile (engine)") > labels.index("Easy")
    start_solo(page, pages.base, preset="classic", opponents=1, difficulty="pile")
    assert page.locator(".seat .seat-title").first.inner_text() == "Bot 1 (pile)"
    assert page.locator(".badge.stand-in").count() == 0
    assert play_until_round_over(page)
    # The engine answered every turn of the round: no stand-in took its seat.
    assert server_view(page, pages.base)["phase"] == "round-over"
    assert page.locator(".badge.stand-in").count() == 0


def test_a_broken_engine_shows_its_stand_in(pages: Any) -> None:
    page = pages.new()
    start_solo(page, pages.base, preset="classic", opponents=1, difficulty="broken")
    assert page.locator(".seat .seat-title").first.inner_text() == "Bot 1 (broken)"
    # Its first move is illegal: the server seats `simple` and the page says so.
    assert play_until_round_over(page)
    assert page.locator(".badge.stand-in").first.inner_text() == "engine unavailable: Medium plays"
