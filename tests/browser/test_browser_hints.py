"""The hint with its reason (for the draw and the discard), and a click that goes out."""

from __future__ import annotations

from typing import Any

from browser_helpers import VISIBLE_STRIP, hand, server_view, start_solo


def _our_turn(page: Any) -> bool:
    """Wait for our draw, or the round's end; True on our draw."""
    page.wait_for_selector("#stock:not([disabled]), #round-over", timeout=20_000)
    return bool(page.locator("#round-over").count() == 0)


def test_the_hint_shows_the_move_and_its_reason(pages: Any) -> None:
    page = pages.new()
    start_solo(page, pages.base, preset="classic", opponents=1, options="hand_sizes=7")
    assert _our_turn(page)

    # Before drawing: the hint marks the stock or the pile, and says why.
    page.click("#hint")
    view = server_view(page, pages.base)
    hint = view["hint"]
    assert hint["action"] in ("draw stock", "draw discard"), hint
    pile = "#stock" if hint["action"] == "draw stock" else "#discard-pile"
    assert page.locator(f"{pile}.hinted").count() == 1
    reason = page.locator("#hint-reason").inner_text()
    assert reason.startswith(("Take the", "Draw from the stock")), reason
    assert "{" not in reason
    pages.shot(page, "hint-draw")

    # After drawing (the hinted draw): the hinted card and its reason.
    page.click(pile)
    page.wait_for_selector("#hand .card.playable")
    assert page.locator("#hint-reason").count() == 0  # a new step: the hint is off again
    page.click("#hint")
    view = server_view(page, pages.base)
    hint = view["hint"]
    card = hint["action"].split()[1]
    hinted = page.locator("#hand .card.hinted")
    assert hinted.count() >= 1 and hinted.first.get_attribute("data-card") == card
    assert "suggested discard" in (hinted.first.get_attribute("aria-label") or "")
    reason = page.locator("#hint-reason").inner_text()
    assert reason.startswith(("Discard the", "Go out with the")), reason
    pages.shot(page, "hint-discard")


def test_clicking_a_card_that_goes_out_goes_out(pages: Any) -> None:
    for _ in range(12):  # one-round matches of 3 cards until a turn may go out
        page = pages.new()
        start_solo(page, pages.base, preset="classic", opponents=1, options="hand_sizes=3")
        while _our_turn(page):
            # Play as the hint says (it takes a pile card that goes out), to go out soon.
            hint = server_view(page, pages.base).get("hint") or {"action": "draw stock"}
            page.click("#discard-pile" if hint["action"] == "draw discard" else "#stock")
            page.wait_for_selector("#hand .card.playable")
            view = server_view(page, pages.base)
            outs = [a.split()[1] for a in view["legal_actions"] if a.startswith("out ")]
            card = next((c for c in outs if f"discard {c}" in view["legal_actions"]), None)
            if card is not None:
                assert page.locator("#go-out").count() == 1
                pages.shot(page, "go-out-offered")
                # A plain click on the card, not the "Go out!" button: it goes out.
                index = hand(page).index(card)
                page.locator("#hand .card").nth(index).click(position=VISIBLE_STRIP)
                page.wait_for_selector("#round-over", timeout=20_000)
                pages.shot(page, "went-out-by-click")
                view = server_view(page, pages.base)
                assert view["results"][-1]["out_seat"] == view["seat"], view["results"][-1]
                return
            move = (view.get("hint") or {}).get("action", f"discard {view['best_discard']}")
            index = hand(page).index(move.split()[1])
            page.locator("#hand .card").nth(index).click(position=VISIBLE_STRIP)
            page.wait_for_selector("#hand .card.playable", state="detached")
    raise AssertionError("no turn in twelve matches could go out")
