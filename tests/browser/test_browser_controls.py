"""Keyboard play, reordering the hand (keys and dragging), ARIA names, both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from browser_helpers import hand, start_solo

from threethirteen.cards import Card

CATALOGS = Path(__file__).resolve().parents[2] / "src/threethirteen/server/static/i18n"


def suit_order(cards: list[str]) -> list[str]:
    """The project's suit order (S H D C, then rank), as the page sorts "by suit"."""
    suits = "SHDC"
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return sorted(
        cards, key=lambda c: (9, 0) if c == "JK" else (suits.index(c[-1]), ranks.index(c[:-1]))
    )


def test_keyboard_play_reorder_and_labels(pages: Any) -> None:
    page = pages.new()
    start_solo(
        page, pages.base, preset="classic", opponents=1, difficulty="easy", options="hand_sizes=7"
    )
    page.locator("#sort-suit").click()
    page.wait_for_selector("#stock:not([disabled])", timeout=20_000)
    before = hand(page)
    assert len(before) == 7 and before == suit_order(before)

    # S draws from the stock (no mouse), and the drawn card is marked.
    page.locator("body").press("s")
    page.wait_for_selector("#hand .card.playable")
    assert len(hand(page)) == 8
    assert page.locator("#hand .card.new").count() == 1
    assert "just drawn" in (page.locator("#hand .card.new").get_attribute("aria-label") or "")

    # Shift+ArrowRight moves the focused card one place right.
    cards = hand(page)
    first = page.locator("#hand .card").first
    first.focus()
    page.keyboard.press("Shift+ArrowRight")
    moved = hand(page)
    assert moved[:2] == [cards[1], cards[0]] and moved[2:] == cards[2:]
    assert page.evaluate("document.activeElement.dataset.index") == "1"
    assert page.locator("#sort-suit").get_attribute("aria-pressed") == "false"

    # Dragging a card to the right end of the hand.
    box = page.locator("#hand .card").first.bounding_box()
    last = page.locator("#hand .card").last.bounding_box()
    assert box and last
    page.mouse.move(box["x"] + 10, box["y"] + 40)
    page.mouse.down()
    page.mouse.move(box["x"] + 60, box["y"] + 40, steps=4)
    page.mouse.move(last["x"] + last["width"] - 5, last["y"] + 40, steps=6)
    page.mouse.up()
    dragged = hand(page)
    assert dragged[-1] == moved[0] and dragged[:-1] == moved[1:], (moved, dragged)
    assert len(hand(page)) == 8, "a drag must not discard"

    # U sorts by suit again; arrange melds groups the hand (same cards).
    page.locator("body").press("u")
    assert hand(page) == suit_order(hand(page))
    page.locator("body").press("a")
    assert page.locator("#sort-melds").get_attribute("aria-pressed") == "true"
    assert sorted(hand(page)) == sorted(cards)

    # Every button on the table has an accessible name; every card is labelled.
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button, a, input, select')]
              .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim()
                             || (e.id && document.querySelector(`label[for="${e.id}"]`))))
              .map(e => e.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []
    for label in page.locator(".card[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    ):
        assert label.strip()

    # Arrow keys walk the hand, Enter discards the focused card.
    page.locator("#hand .card").first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == hand(page)[1]
    Card.parse(focused)
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand .card.playable", state="detached")
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 7")
    # The card went to the discard pile (unless the bot took it back already).
    pages.shot(page, "after-keyboard")

    # The help dialog lists the keys and closes with Escape.
    page.locator("body").press("?")
    page.locator("#dialog-help").wait_for()
    assert page.locator("#dialog-help kbd").count() >= 8
    page.keyboard.press("Escape")
    page.locator("#dialog-help").wait_for(state="detached")


def test_english_and_polish(pages: Any) -> None:
    page = pages.new(locale="en-GB")
    page.goto(pages.base + "/")
    assert page.locator("#solo-title").inner_text() == "Play solo"
    page.click("#lang-switch")
    page.wait_for_function("document.querySelector('#solo-title').textContent === 'Graj sam'")
    assert page.locator("html").get_attribute("lang") == "pl"
    page.reload()
    assert page.locator("#solo-title").inner_text() == "Graj sam"  # the choice is kept
    page.click("#solo-play")
    page.wait_for_selector("#hand .card")
    assert re.fullmatch(r"Runda 1 z 11", page.locator("#round-info").inner_text())
    assert re.fullmatch(
        r"Bot 1 \((łatwy|średni|trudny)\)", page.locator(".area-left .seat-title").inner_text()
    )
    assert page.locator(".area-left .seat-sub").inner_text().startswith("Lewy")
    labels = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert all(re.search(r"\b(pik|kier|karo|trefl)\b|Joker", label) for label in labels), labels
    pages.shot(page, "polish")
    page.click("#lang-switch")
    page.wait_for_function("document.querySelector('#round-info').textContent === 'Round 1 of 11'")
    assert page.locator(".area-left .seat-sub").inner_text().startswith("Left")
    assert re.fullmatch(
        r"Bot 1 \((easy|medium|hard)\)", page.locator(".area-left .seat-title").inner_text()
    )


def catalog(lang: str) -> dict[str, Any]:
    """The language's catalog as the page loads it: ``<lang>.json`` and each game's
    ``<game>.<lang>.json`` (js/i18n.js merges them), no key defined twice."""
    merged: dict[str, Any] = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    for path in sorted(CATALOGS.glob(f"*.{lang}.json")):
        part = json.loads(path.read_text(encoding="utf-8"))
        game = path.name.split(".")[0]
        assert all(key.startswith(f"{game}.") for key in part), path.name
        assert not set(part) & set(merged), path.name
        merged.update(part)
    return merged


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    en = catalog("en")
    pl = catalog("pl")
    assert set(en) == set(pl)

    def placeholders(value: Any) -> set[str]:
        texts = value.values() if isinstance(value, dict) else [value]
        return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}

    for key in en:
        assert placeholders(en[key]) == placeholders(pl[key]), key
    # Every key the scripts use with a literal name exists.
    used: set[str] = set()
    for script in (CATALOGS.parent / "js").glob("*.js"):
        used |= set(
            re.findall(r"""\bt\(\s*["']([\w.?-]+)["']""", script.read_text(encoding="utf-8"))
        )
    used |= set(re.findall(r'data-i18n="([\w.-]+)"', (CATALOGS.parent / "index.html").read_text()))
    assert used - set(en) == set()
    # Keys built from what the server sends: every error code (docs/protocol.md's HTTP errors
    # and websocket error table, and every code the server raises) has `error.<code>`, and
    # every difficulty has `difficulty.<name>`, in both catalogs.
    codes = error_codes()
    assert {"illegal-action", "not-your-turn", "not-finished", "too-many"} <= codes
    built = {f"error.{code}" for code in codes}
    built |= {f"difficulty.{name}" for name in ("easy", "medium", "hard", "expert")}
    assert built - set(en) == set()
    assert built - set(pl) == set()


def error_codes() -> set[str]:
    """The error codes the server may send: those docs/protocol.md lists (the HTTP errors'
    paragraph, the websocket `error` table) and those the server's code raises."""
    root = CATALOGS.parents[4]
    doc = (root / "docs" / "protocol.md").read_text(encoding="utf-8")
    http = doc[doc.index("Errors are JSON with an HTTP status") :]
    http = http[: http.index("\n\n")]
    codes = set(re.findall(r"`([a-z]+(?:-[a-z]+)+)`", http))
    table = doc[doc.index("| code | when |") :]
    table = table[: table.index("\n\n")]
    codes |= set(re.findall(r"^\| `([a-z-]+)` \|", table, flags=re.MULTILINE))
    for source in (root / "src" / "threethirteen" / "server").glob("*.py"):
        text = source.read_text(encoding="utf-8")
        codes |= set(re.findall(r'(?:Error|encode_error)\(\s*"([a-z]+(?:-[a-z]+)*)"', text))
    return codes
