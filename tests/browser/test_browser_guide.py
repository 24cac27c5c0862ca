"""A newcomer's first game (issue 41, item 3): the guided first round of a solo match,
and the quick game (the last three rounds) chosen on the start page."""

from __future__ import annotations

import json
from typing import Any

from browser_helpers import hand, play_until_round_over, server_view, start_solo


def guide_state(page: Any) -> dict[str, Any]:
    raw = page.evaluate("localStorage.getItem('tt.guide')")
    return dict(json.loads(raw)) if raw else {}


def my_turn_to_draw(page: Any) -> None:
    page.wait_for_selector("#stock:not([disabled])", timeout=20_000)


def test_guided_first_round_draw_discard_skip(pages: Any) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    # A first match: the guide is offered, checked.
    assert page.locator("#solo-guide").is_checked()
    assert page.locator("label[for=solo-guide]").inner_text() == "Guide me through my first round"
    start_solo(page, pages.base, opponents=1)
    assert guide_state(page)["table"] in page.url

    guide = page.locator("#guide")
    assert guide.get_attribute("role") == "status"
    assert guide.get_attribute("aria-live") == "polite"
    goal = guide.locator(".guide-goal").inner_text()
    assert "3 cards" in goal and "3s are wild" in goal, goal
    assert "set" in guide.locator(".guide-melds").inner_text()

    my_turn_to_draw(page)
    step = guide.locator(".guide-step")
    page.wait_for_function(
        "() => document.querySelector('#guide .guide-step')?.textContent.startsWith('Draw')"
    )
    assert "stock" in step.inner_text()
    assert "guide-focus" in (page.locator("#stock").get_attribute("class") or "")
    assert not page.locator("#hint.guide-focus, #go-out.guide-focus").count()
    # The panel sits beside the piles, off the hand; the hand stays on the screen.
    panel, cards = guide.bounding_box(), page.locator("#hand").bounding_box()
    assert panel and cards and panel["y"] + panel["height"] <= cards["y"], (panel, cards)
    assert cards["y"] + cards["height"] <= 860, cards
    pages.shot(page, "draw")

    page.click("#stock")
    page.wait_for_selector("#hand .card.playable")
    page.wait_for_function(
        "() => !document.querySelector('#guide .guide-step')?.textContent.startsWith('Draw')"
    )
    view = server_view(page, pages.base)
    assert view["phase"] == "discard" and len(hand(page)) == 4
    if any(a.startswith("out ") for a in view["legal_actions"]):
        assert "go out" in step.inner_text()
        assert page.locator("#go-out.guide-focus").count() == 1
    else:
        assert step.inner_text().startswith("Now discard the card that fits nothing")
        assert page.locator("#hint.guide-focus").count() == 1
    assert "guide-focus" not in (page.locator("#stock").get_attribute("class") or "")
    pages.shot(page, "discard")

    # Skipped for good: gone now, after a reload, and unchecked on the start page.
    page.click("#guide-skip")
    assert guide.count() == 0 and page.locator(".guide-focus").count() == 0
    assert guide_state(page)["done"] is True
    page.reload()
    page.wait_for_selector("#hand .card")
    page.wait_for_selector("#round-info")
    assert page.locator("#guide").count() == 0
    page.goto(pages.base + "/")
    assert not page.locator("#solo-guide").is_checked()


def test_guide_after_round_one_and_on_a_phone(pages: Any) -> None:
    page = pages.new(width=390, height=844)
    start_solo(page, pages.base, opponents=1)
    page.wait_for_selector("#guide")
    # On a phone the panel keeps off the hand, and the hand stays on the screen.
    panel, cards = page.locator("#guide").bounding_box(), page.locator("#hand").bounding_box()
    assert panel and cards
    assert panel["y"] + panel["height"] <= cards["y"], (panel, cards)
    assert cards["y"] + cards["height"] <= 844, cards
    pages.shot(page, "phone")

    # Round 1 played to its end: the reveal explains the penalty points.
    play_until_round_over(page)
    text = page.locator("#round-over #guide").inner_text()
    assert "The points are penalties" in text, text
    pages.shot(page, "phone-round-over")
    page.click("#next-round")
    # Round 2: goodbye, once; the guide has ended (a reload shows nothing).
    page.wait_for_selector("#round-info:has-text('Round 2')", timeout=20_000)
    assert "the guide done" in page.locator("#guide .guide-step").inner_text()
    assert guide_state(page)["done"] is True
    pages.shot(page, "phone-goodbye")
    page.click("#guide-close")
    assert page.locator("#guide").count() == 0
    page.reload()
    page.wait_for_selector("#round-info")
    page.wait_for_selector("#hand .card")
    assert page.locator("#guide").count() == 0


def test_quick_game_deals_eleven_cards(pages: Any) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    quick = page.locator("#solo-quick")
    assert not quick.is_checked()
    assert (
        page.locator("label[for=solo-quick]").inner_text()
        == "Quick game (the last 3 rounds: 11, 12 and 13 cards)"
    )
    quick.check()
    page.locator("#solo-guide").uncheck()
    page.select_option("#solo-opponents", "1")
    page.select_option("#solo-difficulty", "easy")
    pages.shot(page, "home")
    page.click("#solo-play")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand .card")
    assert page.locator("#round-info").inner_text() == "Round 1 of 3"
    assert page.locator("#guide").count() == 0
    assert len(hand(page)) in (11, 12)  # 12 while we hold a drawn card
    view = server_view(page, pages.base)
    assert view["hand_size"] == 11 and view["rounds"] == 3, view
    assert view["wild_rank"] == "J"  # the rank of the hand size
    pages.shot(page, "quick")
    # The choice is remembered.
    page.goto(pages.base + "/")
    assert page.locator("#solo-quick").is_checked()


def test_a_final_turn_on_a_phone_keeps_the_hand_and_the_width(pages: Any) -> None:
    """Round 1 on a phone, the bot out first: the guide, the final-turn warning and the out
    player's melds all fit, the hand stays on the screen and nothing scrolls sideways (the
    guide in the piles' column once left the melds a column a few pixels wide)."""
    from test_browser_feel import play_to_my_final_turn

    page = pages.new(width=390, height=844)
    table_id = start_solo(page, pages.base, opponents=1)
    page.wait_for_selector("#guide")
    seat = json.loads(page.evaluate(f"localStorage.getItem('tt.seat.{table_id}')"))
    ticket = {"ws": f"/ws/tables/{table_id}", "token": seat["token"], "seat": seat["seat"]}
    view = play_to_my_final_turn(pages.base, ticket)
    assert view["round"] == 1, view["round"]  # only the bot goes out: round 1 ends so
    page.wait_for_selector("#final-warning")
    page.wait_for_selector("#guide .guide-final", state="attached")
    page.wait_for_timeout(300)  # the resize handler fits the hand
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    side = page.locator(".centre-side").bounding_box()
    assert side is not None and side["width"] >= 100, side  # room for the warning and melds
    cards = page.locator("#hand").bounding_box()
    assert cards is not None and cards["y"] + cards["height"] <= 844, cards
    pages.shot(page, "phone-final-turn")
