"""Thirteen and Rummy at an online table: two players' pages, a spectator, a reload mid-hand.

The start page makes the table (the game chosen there), Bob joins by the invite link, a
spectator opens it too. The players move by clicking (each game's own controls, the move
the server's hint names); after each move every page shows it; Bob's page is reloaded
mid-hand and comes back to his seat with the same cards; the spectator never sees a hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import VISIBLE_STRIP, create_online_table, server_view


def board(game: str) -> str:
    return ".game.thirteen" if game == "thirteen" else ".game.rummy-game"


def shown(page: Any, game: str) -> tuple[int, int]:
    """The round and the number of moves of its log a page's board shows."""
    element = page.locator(board(game))
    return int(element.get_attribute("data-round") or 0), int(
        element.get_attribute("data-moves") or 0
    )


def wait_shown(page: Any, game: str, after: tuple[int, int]) -> None:
    page.wait_for_function(
        """([selector, round, moves]) => {
            const g = document.querySelector(selector);
            return Boolean(document.querySelector('#round-over')) ||
                (g && (Number(g.dataset.round) !== round || Number(g.dataset.moves) > moves));
        }""",
        arg=[board(game), *after],
    )


def hand_of(page: Any) -> list[str]:
    return sorted(page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))


def click_move(page: Any, game: str, action: str, legal: list[str]) -> None:
    """Make ``action`` with the board's own controls."""
    words = action.split()
    if game == "thirteen":
        if action == "pass":
            page.click("#pass")
            return
        for code in words[1:]:
            page.locator(f'#hand .card[data-card="{code}"]').click(position=VISIBLE_STRIP)
        grows = any(
            len(other.split()) > len(words) and set(words[1:]) <= set(other.split()[1:])
            for other in legal
        )
        if grows:
            page.click("#play")
        return
    if action == "draw":
        page.click("#stock")
    elif action == "take":
        page.click("#discard-pile")
    elif words[0] == "meld":
        for code in words[1:]:
            page.locator(f'#hand .card[data-card="{code}"]').click(position=VISIBLE_STRIP)
        page.click("#meld-button")
    elif words[0] == "layoff":
        page.locator(f'#hand .card[data-card="{words[1]}"]').click(position=VISIBLE_STRIP)
        page.click(f"button#table-meld-{words[3]}.can-layoff")
    else:
        page.locator(f'#hand .card[data-card="{words[1]}"]').click(position=VISIBLE_STRIP)
        page.click("#discard-button")


@pytest.mark.parametrize("game", ["thirteen", "rummy"])
def test_an_online_table_with_two_players_a_spectator_and_a_reload(pages: Any, game: str) -> None:
    ada, invite, _ = create_online_table(pages, seats=2, game=game)

    bob = pages.new(width=390, height=844)
    bob.goto(invite)
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    ada.wait_for_selector('li.lobby-seat[data-seat="1"].human')
    ada.click("#start-match")
    for page in (ada, bob):
        page.wait_for_selector(f"{board(game)} #hand .card")
    watcher = pages.new()
    watcher.goto(invite)
    watcher.wait_for_selector(board(game))
    assert watcher.locator("#hand").count() == 0

    players = {0: ada, 1: bob}
    reloaded = False
    for turn in range(8):
        view = server_view(ada, pages.base)
        if view["phase"] not in ("lead", "follow", "draw", "meld"):
            break
        mover = players[view["current"]]
        mine = server_view(mover, pages.base)
        before = shown(watcher, game)
        click_move(mover, game, mine["hint"]["action"], mine["legal_actions"])
        for page in (ada, bob, watcher):
            wait_shown(page, game, before)
        assert shown(ada, game) == shown(bob, game) == shown(watcher, game)
        if turn == 3 and not reloaded:
            cards = hand_of(bob)
            bob.reload()
            bob.wait_for_selector(f"{board(game)} #hand .card")
            assert hand_of(bob) == cards == sorted(server_view(bob, pages.base)["hand"])
            reloaded = True
    assert reloaded
    assert watcher.locator("#hand").count() == 0
    for code in server_view(bob, pages.base)["hand"]:  # no card of a hand on the watcher's page
        assert watcher.locator(f'.card[data-card="{code}"]').count() == 0, code
    pages.shot(ada, f"{game}-ada")
    pages.shot(bob, f"{game}-bob-phone")
    pages.shot(watcher, f"{game}-spectator")
