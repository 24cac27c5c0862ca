"""Rummy in the browser: a solo table against the easy bot, played by clicking cards, the
Meld and Discard buttons and the table's melds, by dragging, on a phone and from the
keyboard alone; the score sheet after a hand; a spectator; the board of a replay."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from browser_helpers import VISIBLE_STRIP, hand, open_solo, server_view
from websockets.sync.client import connect

MAX_TURNS = 60  # our turns in one hand before the test gives up


def points(code: str) -> int:
    """A card's penalty points: face cards 10, the ace 1, the others their face value."""
    rank = code[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def keepers(cards: list[str]) -> set[str]:
    """Cards that pair with another card of the hand, or sit next to one of their suit."""
    kept = set()
    for a in cards:
        for b in cards:
            if a == b:
                continue
            same_rank = a[:-1] == b[:-1]
            near = a[-1] == b[-1] and abs(RANKS.index(a[:-1]) - RANKS.index(b[:-1])) == 1
            if same_rank or near:
                kept.add(a)
    return kept


def choose_discard(view: dict[str, Any]) -> str:
    """The highest card no pair or neighbour holds, else the highest legal discard."""
    legal = [str(a).split()[1] for a in view["legal_actions"] if str(a).startswith("discard ")]
    assert legal, view["legal_actions"]
    kept = keepers(view["hand"])
    loose = [c for c in legal if c not in kept]
    return max(loose or legal, key=points)


def open_rummy(
    pages: Any, *, width: int = 1280, height: int = 860, locale: str = "en-US"
) -> tuple[Any, str]:
    """A solo Rummy table against the easy bot, opened in a new page as its player (the
    seat stored the way js/api.js saveSeat does); the page and the table id."""
    return open_solo(
        pages, "rummy", 1, ".game.rummy-game #hand .card", width=width, height=height, locale=locale
    )


def open_to_spectators(page: Any, base: str, table_id: str) -> None:
    """As the table's player, open the solo table to spectators (a solo match is private
    until its player opens it): the ``spectators`` message over our own websocket."""
    seat = json.loads(page.evaluate(f"localStorage.getItem('tt.seat.{table_id}')"))
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={seat['token']}"
    with connect(url, open_timeout=5) as socket:
        snapshot = json.loads(socket.recv(timeout=5))
        message = {"type": "spectators", "version": snapshot["version"], "open": True}
        socket.send(json.dumps(message))
        answer = json.loads(socket.recv(timeout=5))
    assert answer["type"] in ("snapshot", "presence"), answer


def moves_shown(page: Any) -> tuple[int, int]:
    """The hand and the number of moves in its log that the board shows."""
    game = page.locator(".game.rummy-game")
    return int(game.get_attribute("data-round") or 0), int(game.get_attribute("data-moves") or 0)


def wait_my_turn(page: Any) -> bool:
    """Wait for our turn (True) or the end of the hand (False)."""
    page.wait_for_selector(".game.rummy-game.my-turn, #round-over", timeout=30_000)
    return bool(page.locator("#round-over").count() == 0)


def wait_moved(page: Any, before: tuple[int, int]) -> None:
    """Wait until the board shows a move after ``before`` (or the hand's end)."""
    page.wait_for_function(
        """([round, moves]) => {
            if (document.querySelector('#round-over')) return true;
            const g = document.querySelector('.game.rummy-game');
            return g && (Number(g.dataset.round) !== round || Number(g.dataset.moves) > moves);
        }""",
        arg=list(before),
    )


def card(page: Any, code: str) -> Any:
    return page.locator(f'#hand .card[data-card="{code}"]')


def select(page: Any, codes: list[str]) -> None:
    """Click cards of the hand (on their uncovered strip) until exactly ``codes`` are selected."""
    for code in codes:
        card(page, code).click(position=VISIBLE_STRIP)
        assert card(page, code).get_attribute("aria-pressed") == "true", code
    chosen = page.locator("#hand .card.selected").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(chosen) == sorted(codes), chosen


def drag(page: Any, source: Any, target: Any, across: float = 0.5) -> None:
    """Drag ``source`` by its uncovered strip onto ``target`` with the mouse: to its middle
    height, ``across`` its width from the left."""
    for _ in range(20):  # a redraw (another connection's presence) may replace an element
        box = source.bounding_box()
        goal = target.bounding_box()
        if box and goal:
            break
        page.wait_for_timeout(50)
    assert box and goal, (box, goal)
    page.mouse.move(box["x"] + VISIBLE_STRIP["x"], box["y"] + VISIBLE_STRIP["y"])
    page.mouse.down()
    x = goal["x"] + goal["width"] * across
    page.mouse.move(x, goal["y"] + goal["height"] / 2, steps=12)
    page.mouse.up()


def play_our_turn(
    page: Any, base: str, *, by_drag: bool = False, dragged: list[str] | None = None
) -> list[str]:
    """Draw from the stock, meld and lay off while we can, then discard; by clicking (the
    discard by dragging the card to the pile with ``by_drag``; the first lay-off of all,
    while ``dragged`` is an empty list, by dragging the card onto the meld, noted there).
    Returns the moves made."""
    before = moves_shown(page)
    page.click("#stock")
    wait_moved(page, before)
    page.wait_for_selector(".game.rummy-game.phase-meld.my-turn, #round-over")
    moves = ["draw"]
    while page.locator("#round-over").count() == 0:
        view = server_view(page, base)
        legal = view["legal_actions"]
        melds = [a for a in legal if a.startswith("meld ")]
        layoffs = [a for a in legal if a.startswith("layoff ")]
        before = moves_shown(page)
        if melds:
            action = max(melds, key=lambda a: len(a.split()))
            select(page, action.split()[1:])
            assert page.locator("#meld-button").is_enabled(), action
            page.click("#meld-button")
        elif layoffs:
            action = layoffs[0]
            _, code, _, number = action.split()
            if dragged is not None and not dragged:
                drag(page, card(page, code), page.locator(f"#table-meld-{number}"))
                dragged.append(action)
            else:
                select(page, [code])
                target = page.locator(f"button#table-meld-{number}.can-layoff")
                assert target.count() == 1, action
                target.click()
        else:
            code = choose_discard(view)
            action = f"discard {code}"
            if by_drag:
                drag(page, card(page, code), page.locator("#discard-pile"))
            else:
                select(page, [code])
                assert page.locator("#discard-button").is_enabled()
                page.click("#discard-button")
        wait_moved(page, before)
        moves.append(action)
        if action.startswith("discard"):
            break
    return moves


def check_round_over(page: Any, base: str) -> dict[str, Any]:
    """The hand's points and the totals shown are the server's; returns the view."""
    page.wait_for_selector("#round-over")
    view = server_view(page, base)
    result = view["results"][-1]
    for seat, value in enumerate(result["points"]):
        row = page.locator(f'#hand-result li[data-seat="{seat}"]')
        assert row.get_attribute("data-points") == str(value)
        assert row.locator(".penalty").inner_text().split()[0] == str(value)
    sheet = page.locator("#round-over #rummy-sheet")
    totals = sheet.locator("tfoot td").all_inner_texts()
    assert totals == [str(v) for v in view["totals"]], (totals, view["totals"])
    assert sheet.locator("tbody tr").count() == len(view["results"])
    how = page.locator("#hand-how").inner_text()
    if result["void"]:
        assert "no score" in how
    else:
        assert "went" in how and sum(result["points"]) >= 0
    return view


def test_rummy_hand_played_by_clicking(pages: Any) -> None:
    page, _ = open_rummy(pages)
    assert page.locator(".rummy-seat").count() == 1  # the bot; our own seat is the hand
    assert page.locator("#target-info").inner_text() == "Play to 100"
    pages.shot(page, "start")

    # Drag the first card to the end of the hand: our own order, kept across snapshots.
    assert wait_my_turn(page)
    order = hand(page)
    cards = page.locator("#hand .card")
    drag(page, cards.first, cards.last, across=0.9)
    assert hand(page) == [*order[1:], order[0]]
    assert page.locator("#sort-suit").get_attribute("aria-pressed") == "false"

    turns: list[list[str]] = []
    dragged: list[str] = []  # the lay-off made by dragging, once one was possible
    shot_melds = False
    for turn in range(MAX_TURNS):
        if not wait_my_turn(page):
            break
        before = hand(page)
        turns.append(play_our_turn(page, pages.base, by_drag=turn == 1, dragged=dragged))
        if turn == 0:
            # The custom order held: the cards we kept are in the order we left them.
            kept = [c for c in before if c in hand(page)]
            assert hand(page)[: len(kept)] == kept
        if (
            not shot_melds
            and page.locator(".table-meld").count()
            and not page.locator("#round-over").count()
        ):
            pages.shot(page, "melds-on-table")
            shot_melds = True
    else:
        raise AssertionError(f"the hand did not end within {MAX_TURNS} of our turns: {turns}")
    assert any(len(t) > 1 for t in turns)

    view = check_round_over(page, pages.base)
    pages.shot(page, "round-over")
    ours = [e["action"] for e in view["log"] if e["seat"] == view["seat"]]
    assert all(action in ours for action in dragged), (dragged, ours)  # the drag laid off
    assert view["phase"] in ("round-over", "match-over")
    # The next hand: the bot is ready at once, so the hand is dealt.
    page.click("#next-round")
    page.wait_for_selector('.game.rummy-game[data-round="2"]')
    assert page.locator("#round-over").count() == 0


def test_rummy_on_a_phone(pages: Any) -> None:
    page, table_id = open_rummy(pages, width=390, height=844)
    assert wait_my_turn(page)
    open_to_spectators(page, pages.base, table_id)
    page.click("#stock")
    page.wait_for_selector(".game.rummy-game.phase-meld.my-turn")
    assert len(hand(page)) == 11
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    # Every card shows its strip, inside the screen, and a click there reaches that card.
    reached = page.locator("#hand .card").evaluate_all(
        """els => els.map(e => {
            const r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + 7, r.top + 40)?.closest('.card');
            return [r.left >= 0 && r.right <= 390, hit === e];
        })"""
    )
    assert all(inside and hit for inside, hit in reached), reached
    pages.shot(page, "phone")
    view = server_view(page, pages.base)
    code = choose_discard(view)
    select(page, [code])
    before = moves_shown(page)
    page.click("#discard-button")
    wait_moved(page, before)
    assert code not in hand(page)

    # A spectator sees the table and both seats, and no hand.
    watcher = pages.new(width=390, height=844)
    watcher.goto(f"{pages.base}/t/{table_id}")
    watcher.wait_for_selector(".game.rummy-game .rummy-seat")
    assert watcher.locator("#hand").count() == 0
    assert watcher.locator(".rummy-seat").count() == 2
    assert watcher.locator(".badge.watching").count() == 1
    pages.shot(watcher, "phone-spectator")


def _render_board(page: Any, view: dict[str, Any], table: dict[str, Any]) -> None:
    """Draw the board for ``view`` in the page's main area, as the replay viewer would
    (a page with no seat)."""
    page.evaluate(
        """async ([view, table]) => {
            const m = await import('/static/js/rummy.js');
            const board = m.createBoard({ mySeat: null, nameOf: (s) => table.seats[s].name });
            document.querySelector('#main').replaceChildren(board.render(view, table));
        }""",
        [view, table],
    )


def _view(**fields: Any) -> dict[str, Any]:
    view = {
        "seat": None,
        "players": 2,
        "round": 3,
        "phase": "meld",
        "current": 1,
        "dealer": 0,
        "hand": [],
        "legal_actions": [],
        "hand_sizes": [3, 2],
        "table": [],
        "pile": ["KD", "3C"],
        "stock_size": 12,
        "rebuilds": 0,
        "taken": None,
        "laid": [0, 1],
        "totals": [34, 61],
        "target": 100,
        "log": [{"seat": 1, "action": "draw", "taken": None, "went_out": False, "rebuilt": False}],
        "results": [
            {"round": 1, "out": 0, "points": [0, 27], "rummy": False, "void": False},
            {"round": 2, "out": 1, "points": [34, 0], "rummy": True, "void": False},
        ],
        "winners": [],
        "hint": None,
    }
    view.update(fields)
    return view


TABLE = {"id": "x", "game": "rummy", "seats": [{"name": "Ada"}, {"name": "Bob"}]}


def test_rummy_table_melds_fit_a_phone_and_a_replay_shows_every_hand(pages: Any) -> None:
    page = pages.new(width=390, height=844)
    page.goto(pages.base + "/")
    page.wait_for_selector("#main h2")
    melds = [
        {"cards": ["AH", "2H", "3H", "4H", "5H"], "kind": "run", "owner": 0},
        {"cards": ["7S", "7D", "7C"], "kind": "set", "owner": 1},
        {"cards": ["9C", "10C", "JC", "QC"], "kind": "run", "owner": 0},
        {"cards": ["KS", "KH", "KD", "KC"], "kind": "set", "owner": 1},
        {"cards": ["2S", "3S", "4S"], "kind": "run", "owner": 1},
        {"cards": ["5D", "6D", "7D", "8D", "9D"], "kind": "run", "owner": 0},
        {"cards": ["QS", "QH", "QD"], "kind": "set", "owner": 0},
        {"cards": ["6C", "7C", "8C"], "kind": "run", "owner": 1},
    ]
    hands = [["4C", "8H", "JD"], ["10S", "JS"]]
    _render_board(page, _view(table=melds, hands=hands), TABLE)
    # The melds are grouped by who laid them, numbered in the order laid down.
    for owner in (0, 1):
        numbers = page.locator(f'.meld-group[data-owner="{owner}"] .table-meld').evaluate_all(
            "els => els.map(e => Number(e.dataset.meld))"
        )
        assert numbers == [i + 1 for i, m in enumerate(melds) if m["owner"] == owner]
    assert page.locator("#table-meld-4").get_attribute("aria-label") == (
        "Meld 4, set: King of spades, King of hearts, King of diamonds, King of clubs"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    right = page.locator(".table-meld").evaluate_all(
        "els => Math.max(...els.map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 390, right
    # A replay's view carries every hand: each seat's cards face up, and no hand to play.
    for seat, cards in enumerate(hands):
        shown = page.locator(f'.rummy-seat[data-seat="{seat}"] .open-hand .card').evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert sorted(shown) == sorted(cards)
    assert page.locator("#hand").count() == 0
    pages.shot(page, "phone-melds-replay")

    # The end of the match: the lowest total wins, the first to 100 is named.
    over = _view(
        phase="match-over",
        totals=[34, 103],
        winners=[0],
        results=[
            *_view()["results"],
            {"round": 3, "out": 0, "points": [0, 42], "rummy": False, "void": False},
        ],
    )
    page.set_viewport_size({"width": 1280, "height": 860})
    page.evaluate(
        """async ([view, table]) => {
            const m = await import('/static/js/rummy.js');
            const nameOf = (s) => (s === 0 ? 'You' : table.seats[s].name);
            const board = m.createBoard({ mySeat: 0, nameOf });
            document.querySelector('#main').replaceChildren(board.render(view, table));
        }""",
        [over, TABLE],
    )
    assert page.locator("#winner").inner_text() == "You won!"
    assert "Bob reached 100 points" in page.locator("#reached").inner_text()
    assert page.locator("#new-match").get_attribute("href") == "/"
    assert page.locator("#rummy-sheet tfoot td").all_inner_texts() == ["34", "103"]
    pages.shot(page, "match-over")


def test_rummy_turn_by_keyboard(pages: Any) -> None:
    page, _ = open_rummy(pages)
    assert wait_my_turn(page)
    # Tab reaches the hand: one card of it is in the tab order.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#hand')"):
            break
    else:
        raise AssertionError("Tab never reached the hand")

    # H shows the hint (the stock or the pile, with its reason); S draws from the stock.
    page.keyboard.press("h")
    page.wait_for_selector("#hint-reason")
    assert page.locator("#stock.hinted, #discard-pile.hinted").count() == 1
    before = moves_shown(page)
    page.keyboard.press("s")
    wait_moved(page, before)
    page.wait_for_selector(".game.rummy-game.phase-meld.my-turn")
    assert page.evaluate("!!document.activeElement.closest('#hand')")

    # Arrows move the focus; Shift+Arrow and Alt+Arrow move the focused card.
    order = hand(page)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == order[1]
    page.keyboard.press("Shift+ArrowRight")
    assert hand(page) == [order[0], order[2], order[1], *order[3:]]
    assert page.evaluate("document.activeElement.dataset.card") == order[1]
    page.keyboard.press("Alt+ArrowLeft")
    assert hand(page) == order

    # ? opens the keys; Escape closes it.
    page.keyboard.press("?")
    page.wait_for_selector("#dialog-help")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog-help", state="detached")

    def focus(code: str) -> None:
        page.locator('#hand .card[tabindex="0"]').focus()
        page.keyboard.press("Home")
        for _ in range(hand(page).index(code)):
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.card") == code

    # Meld from the keyboard when we can: Space selects each card, M melds.
    view = server_view(page, pages.base)
    melds = [a for a in view["legal_actions"] if a.startswith("meld ")]
    if melds:
        action = melds[0]
        for code in action.split()[1:]:
            focus(code)
            page.keyboard.press("Space")
        before = moves_shown(page)
        page.keyboard.press("m")
        wait_moved(page, before)
        view = server_view(page, pages.base)
        assert action in [e["action"] for e in view["log"]]
    if page.locator("#round-over").count():
        return
    # Escape clears a selection.
    focus(hand(page)[0])
    page.keyboard.press("Space")
    assert page.locator("#hand .card.selected").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#hand .card.selected").count() == 0
    # Space selects the card to discard, X discards it.
    code = choose_discard(view)
    focus(code)
    page.keyboard.press("Space")
    assert card(page, code).get_attribute("aria-pressed") == "true"
    pages.shot(page, "keyboard")
    before = moves_shown(page)
    page.keyboard.press("x")
    wait_moved(page, before)
    assert code not in hand(page)
    # The bot's moves are announced to screen readers.
    page.wait_for_function("document.querySelector('#live').textContent.includes('Bot 1 (easy)')")
    view = server_view(page, pages.base)
    assert any(e["seat"] == view["seat"] and e["action"] == f"discard {code}" for e in view["log"])


STATIC = Path(__file__).resolve().parents[2] / "src/threethirteen/server/static"


def test_rummy_catalogs_are_complete() -> None:
    """English and Polish have the same keys, all ``rummy.*``, with the same placeholders,
    and every key rummy.js (and rummy-*.js) names is in them."""
    en = json.loads((STATIC / "i18n/rummy.en.json").read_text(encoding="utf-8"))
    pl = json.loads((STATIC / "i18n/rummy.pl.json").read_text(encoding="utf-8"))
    assert set(en) == set(pl)
    assert all(key.startswith("rummy.") for key in en)

    def placeholders(value: Any) -> set[str]:
        texts = value.values() if isinstance(value, dict) else [value]
        return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}

    for key in en:
        assert placeholders(en[key]) == placeholders(pl[key]), key
    # The board and the modules its methods are grouped in (rummy-*.js).
    script = "\n".join(
        path.read_text(encoding="utf-8") for path in sorted((STATIC / "js").glob("rummy*.js"))
    )
    used = set(re.findall(r"""["'](rummy\.[\w.?]+)["']""", script))
    used |= {f"rummy.sort.{m}" for m in ("suit", "rank")}
    used |= {f"rummy.sort.done.{m}" for m in ("suit", "rank", "custom")}
    keys = re.search(r"const keys = \[([^\]]*)\]", script)
    assert keys
    used |= {f"rummy.help.key.{k}" for k in re.findall(r'"([^"]+)"', keys.group(1))}
    assert used - set(en) == set()
