"""Thirteen (Tiến lên) in the browser: a solo table against bots, played by clicking cards
and the Play and Pass buttons, on a desktop, on a phone and from the keyboard alone."""

from __future__ import annotations

from typing import Any

from browser_helpers import VISIBLE_STRIP, hand, open_solo, server_view

from threethirteen.games import get_game
from threethirteen.games.thirteen.actions import parse_action
from threethirteen.games.thirteen.state import ThirteenState

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUITS = "SCDH"


def strength(code: str) -> int:
    """A card's place in Thirteen's order: 3♠ lowest, 2♥ highest."""
    return RANKS.index(code[:-1]) * 4 + SUITS.index(code[-1])


def open_thirteen(
    pages: Any, *, width: int = 1280, height: int = 860, locale: str = "en-US"
) -> tuple[Any, str]:
    """A solo Thirteen table against three easy bots, opened in a new page as its player
    (the seat stored the way js/api.js saveSeat does); the page and the table id."""
    return open_solo(
        pages,
        "thirteen",
        3,
        ".game.thirteen #hand .card",
        width=width,
        height=height,
        locale=locale,
    )


def moves_shown(page: Any) -> tuple[int, int]:
    """The round and the number of moves in its log the board shows."""
    game = page.locator(".game.thirteen")
    return int(game.get_attribute("data-round") or 0), int(game.get_attribute("data-moves") or 0)


def wait_my_turn(page: Any) -> bool:
    """Wait for our turn (True) or the end of the round (False)."""
    page.wait_for_selector(".game.thirteen.my-turn, #round-over", timeout=30_000)
    return bool(page.locator("#round-over").count() == 0)


def wait_moved(page: Any, before: tuple[int, int]) -> None:
    """Wait until the board shows a move after ``before`` (or the round's end)."""
    try:
        page.wait_for_function(
            """([round, moves]) => {
                if (document.querySelector('#round-over')) return true;
                const g = document.querySelector('.game.thirteen');
                return g && (Number(g.dataset.round) !== round || Number(g.dataset.moves) > moves);
            }""",
            arg=list(before),
        )
    except Exception as error:
        state = page.evaluate(
            """() => ({
                toast: document.getElementById('toast')?.textContent,
                picked: [...document.querySelectorAll('#hand .selected')].map(e => e.dataset.card),
                note: document.getElementById('pick-note')?.textContent,
                status: document.getElementById('turn-text')?.textContent,
                classes: document.querySelector('.game')?.className,
            })"""
        )
        raise AssertionError(f"no move after {before}: {state}") from error


def card_top(page: Any, code: str) -> float:
    """Where a card of the hand is drawn now (read at once: the page redraws often)."""
    return float(
        page.evaluate(
            "code => document.querySelector(`#hand .card[data-card='${code}']`)"
            ".getBoundingClientRect().top",
            code,
        )
    )


def grows(action: str, legal: list[str]) -> bool:
    """Could a legal play hold the cards of ``action`` and more?"""
    cards = set(action.split()[1:])
    return any(
        len(other.split()) > len(action.split()) and cards <= set(other.split()[1:])
        for other in legal
        if other.startswith("play ")
    )


def play_by_clicking(page: Any, action: str, legal: list[str]) -> None:
    """Pick the cards of ``action`` one by one, then press Play unless the pick went at once."""
    before = moves_shown(page)
    cards = action.split()[1:]
    for i, code in enumerate(cards):
        card = page.locator(f'#hand .card[data-card="{code}"]')
        card.click(position=VISIBLE_STRIP)
        if i < len(cards) - 1:
            assert card.get_attribute("aria-pressed") == "true", code
    if grows(action, legal):
        # A pick that could still grow waits for the Play button.
        assert page.locator("#play").is_enabled(), action
        assert page.locator("#hand .card.selected").count() == len(cards)
        page.click("#play")
    wait_moved(page, before)


def test_thirteen_round_played_by_clicking(pages: Any) -> None:
    page, _ = open_thirteen(pages)

    # The hand: 13 cards, Thirteen's order (3 low ... 2 high, spades to hearts).
    cards = hand(page)
    assert len(cards) == 13
    assert cards == sorted(cards, key=strength)
    # Three opponents around the table, each with 13 card backs at the start.
    assert page.locator(".thirteen-seat").count() == 3
    assert page.locator(".area-left .seat-title").inner_text() == "Bot 1 (easy)"
    assert page.locator(".area-top .seat-title").inner_text() == "Bot 2 (easy)"
    assert page.locator(".area-right .seat-title").inner_text() == "Bot 3 (easy)"
    assert page.locator(".area-left .seat-sub").inner_text().startswith("Left")
    view = server_view(page, pages.base)
    assert view["first_lead_card"] == "3S"
    if not view["log"]:
        assert "3♠" in page.locator("#turn-text").inner_text()
    pages.shot(page, "start")

    turns = 0
    passed = played = 0
    shot_trick = False
    while wait_my_turn(page):
        turns += 1
        assert turns < 60, "the round does not end"
        view = server_view(page, pages.base)
        legal = view["legal_actions"]
        assert sorted(hand(page)) == sorted(view["hand"])
        # The combination to beat is shown with who played it.
        if view["table"]:
            trick = page.locator("#trick")
            shown = trick.locator(".card").evaluate_all("els => els.map(e => e.dataset.card)")
            assert sorted(shown) == sorted(view["table"]["cards"])
            assert trick.get_attribute("data-owner") == str(view["table_owner"])
            assert trick.get_attribute("data-kind") == view["table"]["kind"]
            if not shot_trick:
                pages.shot(page, "trick")
                shot_trick = True
        for seat in view["passed"]:
            assert page.locator(f'.thirteen-seat[data-seat="{seat}"] .passed-badge').count() == 1
        assert page.locator("#pass").is_enabled() == ("pass" in legal)
        # Pass every other time we may (so both buttons are used), else play the lowest play.
        plays = [a for a in legal if a.startswith("play ")]
        if not plays or ("pass" in legal and turns % 2 == 0):
            before = moves_shown(page)
            page.click("#pass")
            wait_moved(page, before)
            passed += 1
            continue
        play_by_clicking(page, plays[0], legal)
        played += 1

    assert played, "we never played"
    pages.shot(page, "round-over")
    view = server_view(page, pages.base)
    assert view["phase"] in ("round-over", "match-over")
    result = view["results"][-1]
    rows = page.locator("#round-results tbody tr")
    seats = [int(s) for s in rows.evaluate_all("rs => rs.map(r => r.dataset.seat)")]
    assert seats == result["order"]
    points = rows.locator("td.points").all_text_contents()
    assert [int(p) for p in points] == [result["points"][s] for s in seats]
    assert sorted(int(p) for p in points) == [0, 1, 2, 3]
    totals = page.locator("#totals tfoot td").all_text_contents()
    assert [int(v) for v in totals] == view["totals"]
    assert "10" in page.locator("#totals caption").inner_text()

    # Next round: the button sends ready, and a new round is dealt.
    page.click("#next-round")
    page.wait_for_function(
        "() => document.querySelector('.game.thirteen')?.dataset.round === '2'", timeout=20_000
    )
    assert page.locator("#round-over").count() == 0
    assert len(hand(page)) == 13


def test_thirteen_on_a_phone(pages: Any) -> None:
    page, _ = open_thirteen(pages, width=390, height=844)
    # Every card is on screen, and a click on its uncovered edge reaches it (measured in
    # one go: the bots' moves redraw the board meanwhile).
    found = page.evaluate(
        """([dx, dy]) => [...document.querySelectorAll('#hand .card')].map((card) => {
            const r = card.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + dx, r.top + dy)?.closest('.card');
            return {code: card.dataset.card, left: r.left, right: r.right, hit: hit?.dataset.card};
        })""",
        [VISIBLE_STRIP["x"], VISIBLE_STRIP["y"]],
    )
    assert len(found) == 13
    for card in found:
        assert card["left"] >= 0 and card["right"] <= 390, card
        assert card["hit"] == card["code"], card
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    pages.shot(page, "phone")

    # On our turn, pick and put back cards whose pick would not be played at once; a
    # card that is a whole play by itself (a single that nothing can grow) goes at once.
    tried = auto = 0
    while not tried and wait_my_turn(page):
        view = server_view(page, pages.base)
        legal = view["legal_actions"]
        lone = [c for c in view["hand"] if f"play {c}" in legal and not grows(f"play {c}", legal)]
        for code in [c for c in view["hand"] if c not in lone][:3]:
            card = page.locator(f'#hand .card[data-card="{code}"]')
            y = card_top(page, code)
            card.click(position=VISIBLE_STRIP)
            assert card.get_attribute("aria-pressed") == "true"
            page.wait_for_timeout(250)  # the card rises (a short transition)
            assert card_top(page, code) < y - 8
            if tried == 0:
                pages.shot(page, "phone-picked")
            card.click(position=VISIBLE_STRIP)
            assert card.get_attribute("aria-pressed") == "false"
            tried += 1
        if not tried:
            assert lone, legal
            before = moves_shown(page)
            page.locator(f'#hand .card[data-card="{lone[0]}"]').click(position=VISIBLE_STRIP)
            wait_moved(page, before)
            assert lone[0] not in hand(page)
            auto += 1
    assert tried or auto
    assert page.locator("#hand .card.selected").count() == 0


def test_thirteen_by_keyboard(pages: Any) -> None:
    page, _ = open_thirteen(pages, locale="pl-PL")
    assert page.locator("html").get_attribute("lang") == "pl"
    assert "thirteen." not in page.locator("main").inner_text()
    # "?" lists the keys; Escape closes the list.
    page.keyboard.press("?")
    page.wait_for_selector("#thirteen-help")
    assert page.locator("#thirteen-help dt").count() == 8
    pages.shot(page, "keyboard-help")
    page.keyboard.press("Escape")
    page.wait_for_selector("#thirteen-help", state="detached")
    moves = 0
    while moves < 3 and wait_my_turn(page):
        view = server_view(page, pages.base)
        legal = view["legal_actions"]
        order = hand(page)
        # Into the hand with Tab, as a keyboard player would.
        for _ in range(40):
            if page.evaluate("!!document.activeElement?.closest('#hand')"):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reaches the hand")
        page.keyboard.press("Home")
        if moves == 0:
            # The hint names the medium bot's move and highlights its cards.
            page.keyboard.press("h")
            page.wait_for_selector("#hint-reason")
            hinted = page.locator("#hand .card.hinted").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
            assert sorted(hinted) == sorted(view["hint"]["action"].split()[1:])
            pages.shot(page, "keyboard-hint")
        before = moves_shown(page)
        if "pass" in legal and moves == 1:
            page.keyboard.press("x")
        else:
            action = next(a for a in legal if a.startswith("play "))
            cards = action.split()[1:]
            at = 0
            for code in cards:
                target = order.index(code)
                for _ in range(target - at):
                    page.keyboard.press("ArrowRight")
                at = target
                focused = page.evaluate("document.activeElement?.dataset.card")
                assert focused == code
                page.keyboard.press("Space")
            if grows(action, legal):
                page.keyboard.press("p")
        wait_moved(page, before)
        moves += 1
        if page.locator("#round-over").count():
            break
        # The focus stays in the hand (or on a control) after the move.
        page.wait_for_timeout(100)
        assert page.evaluate("document.activeElement !== document.body")
    assert moves == 3 or page.locator("#round-over").count()
    assert "thirteen." not in page.locator("main").inner_text()
    pages.shot(page, "keyboard")


MOUNT = """async ([view, table, seat, previous]) => {
    // The board alone, on a stand-in for table.js's page: what the replay viewer does.
    const { createBoard } = await import('/static/js/thirteen.js');
    const main = document.getElementById('main');
    const page = {
        mySeat: seat, pending: false, snap: null,
        act: () => true, send: () => {},
        render() { main.replaceChildren(board.render(this.snap.view, this.snap.table)); },
    };
    const board = createBoard(page);
    if (previous) {
        page.snap = { table, view: previous };
        board.onSnapshot(null, page.snap);
    }
    const before = page.snap;
    page.snap = { table, view };
    board.onSnapshot(before, page.snap);
    page.render();
}"""


def mount(
    pages: Any,
    view: dict[str, Any],
    seat: int | None,
    previous: Any = None,
    *,
    ready: tuple[int, ...] = (),
    width: int = 1280,
) -> Any:
    """A page showing the board of ``view`` (names A, B, C, D) seen from ``seat``;
    ``ready``: the seats that asked for the next round."""
    table = {
        "id": "x",
        "game": "thirteen",
        "status": "playing",
        "rules": {"name": "cardgames"},
        "seats": [{"seat": i, "kind": "bot", "name": n} for i, n in enumerate("ABCD")],
        "ready": list(ready),
    }
    page = pages.new(width=width, height=844 if width < 500 else 860)
    page.goto(pages.base + "/")
    page.wait_for_selector("#main :is(form, section, .panel)")
    page.evaluate(MOUNT, [view, table, seat, previous])
    return page


def test_thirteen_bomb_is_announced(pages: Any) -> None:
    """A four of a kind on a 2 is a bomb: a banner at the table, and said aloud."""
    game = get_game("thirteen")
    state = ThirteenState.stack(None, ["3S 2H 9D 9H", "4S 5S 5C 5D 5H", "6D 7D 8C"])
    for action in ["play 3S", "play 4S", "play 6D", "play 2H"]:
        state.apply(parse_action(action))
    previous = game.view_to_json(state.view(0))
    state.apply(parse_action("play 5S 5C 5D 5H"))
    view = game.view_to_json(state.view(0))
    page = mount(pages, view, 0, previous)
    assert page.locator("#bomb-banner").text_content() == "Bomb!"
    assert "a bomb" in (page.locator("#trick").get_attribute("aria-label") or "")
    page.wait_for_function("document.getElementById('live').textContent.includes('Bomb!')")
    said = page.locator("#live").inner_text()
    assert "four of a kind" in said and "5 of hearts" in said, said
    # Seat 1 is out of cards: first.
    assert page.locator('.thirteen-seat[data-seat="1"] .finish-badge').inner_text() == "1st"
    pages.shot(page, "bomb")


def test_thirteen_replay_board_shows_every_hand(pages: Any) -> None:
    """The replay viewer's use of the board: ``view.hands`` present, nobody's seat."""
    game = get_game("thirteen")
    state = ThirteenState.new(None, 4, seed=5)
    for _ in range(3):
        state.apply(state.legal_actions()[-1])
    view = game.view_to_json(state.view(state.current))
    view.update(seat=None, hand=[], legal_actions=[], hint=None)
    view["hands"] = [[str(c) for c in state.hand(seat)] for seat in range(4)]
    page = mount(pages, view, None)
    for seat in range(4):
        shown = page.locator(f'.thirteen-seat[data-seat="{seat}"] .seat-cards .card')
        codes = shown.evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(codes) == sorted(view["hands"][seat])
    assert page.locator("#hand").count() == 0
    assert "empty" not in page.locator("main").inner_text().lower()
    pages.shot(page, "replay")


def test_thirteen_match_over_panel(pages: Any) -> None:
    """At the match's end: who won, every round's points, the way home; no Next round."""
    game = get_game("thirteen")
    state = ThirteenState.new(None, 4, seed=5)
    while str(state.phase) != "match-over":
        if str(state.phase) == "round-over":
            state.next_round()
        else:
            state.apply(state.legal_actions()[0])
    view = game.view_to_json(state.view(0))
    (winner,) = view["winners"]
    page = mount(pages, view, 0)
    # The seats are bots named A to D: each one's name says so ("Bot 3 (C)").
    assert page.locator("#winner").inner_text() == f"Winner: Bot {winner + 1} ({'ABCD'[winner]})"
    assert page.locator("#next-round").count() == 0
    assert page.locator("#new-match").get_attribute("href") == "/"
    rows = page.locator("#totals tbody tr")
    assert rows.count() == len(view["results"])
    totals = page.locator("#totals tfoot td").all_text_contents()
    assert [int(v) for v in totals] == view["totals"]
    assert page.locator("#totals tfoot td.leader").count() == 1
    pages.shot(page, "match-over")


def test_thirteen_round_over_on_a_phone(pages: Any) -> None:
    """The round's end on a phone: the order and points, and Next round until we are ready."""
    state = ThirteenState.new(None, 4, seed=7)
    while str(state.phase) != "round-over":
        state.apply(state.legal_actions()[-1])
    view = get_game("thirteen").view_to_json(state.view(0))
    page = mount(pages, view, 0, width=390)
    assert page.locator("#next-round").is_enabled()
    rows = page.locator("#round-results tbody tr")
    seats = [int(s) for s in rows.evaluate_all("rs => rs.map(r => r.dataset.seat)")]
    assert seats == view["results"][-1]["order"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    pages.shot(page, "round-over-phone")
    page = mount(pages, view, 0, ready=(0,), width=390)
    assert page.locator("#next-round").is_disabled()
    assert page.locator("#next-round").inner_text() == "Waiting for the others…"


def test_thirteen_spectator_sees_no_hand(pages: Any) -> None:
    """A spectator's view (seat 0's, without its hand): every seat, backs only, no moves."""
    state = ThirteenState.new(None, 4, seed=5)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    view = get_game("thirteen").view_to_json(state.view(0))
    view.update(seat=None, hand=[], legal_actions=[], hint=None)
    page = mount(pages, view, None)
    assert page.locator(".thirteen-seat").count() == 4
    assert page.locator(".area-me .thirteen-seat .backs .card").count() == view["hand_sizes"][0]
    assert page.locator("#hand, #play, #pass, #hint").count() == 0
    assert page.locator(".infobar .watching").inner_text() == "Watching"
    assert page.locator("#trick").count() == 1
