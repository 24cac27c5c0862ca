"""What the browser tests do on the page, by clicking like a player, and the server they
do it on."""

from __future__ import annotations

import contextlib
import json
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from threethirteen.server.launch import (
    ROOMY_LIMITS,
    ServerStartError,
    free_port,
    serve_command,
    start,
    stop,
)


@contextlib.contextmanager
def serving(folder: Path, **options: Any) -> Iterator[str]:
    """The base URL of `threethirteen serve` started on a free port, with a throw-away
    SQLite database and its log in ``folder``, and short bot pauses so that a round
    takes seconds; ``options`` go to :func:`serve_command` (engines, the engine cap).
    Stopped on leaving. Fails the test when it does not start."""
    port = free_port()
    options.setdefault("extra", ROOMY_LIMITS)  # one browser plays many tables
    command = serve_command(
        port, f"sqlite:///{folder / 'tables.db'}", bot_delay=0.05, round_pause=0.5, **options
    )
    try:
        proc = start(command, port, folder / "server.log", cwd=folder)
    except ServerStartError as error:
        pytest.fail(str(error))
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


# Cards in a hand overlap (on a phone, 13 cards share 390 px): click where a player
# would, on the card's uncovered left edge.
VISIBLE_STRIP = {"x": 7, "y": 40}


def table_id_of(url: str) -> str:
    """The table id at the end of a table page's address (``.../t/ID``)."""
    return url.rstrip("/").rsplit("/", 1)[1]


def start_solo(
    page: Any,
    base: str,
    *,
    preset: str = "classic",
    opponents: int = 3,
    difficulty: str = "easy",
    each: list[str] | None = None,
    options: str = "",
    name: str = "",
) -> str:
    """Open the start page, choose the rules and play solo; returns the table id."""
    page.goto(base + "/")
    page.locator(f'#solo-form input[name="solo-preset"][value="{preset}"]').check()
    if options:
        page.locator("#solo-form details.house-rules summary").click()
        page.fill("#solo-options", options)
    if page.locator("#solo-opponents").is_enabled():
        page.select_option("#solo-opponents", str(opponents))
    assert page.locator("#solo-opponents").input_value() == str(opponents)
    if each:
        page.select_option("#solo-difficulty", "each")
        for i, level in enumerate(each):
            page.select_option(f"#solo-difficulty-{i}", level)
    else:
        page.select_option("#solo-difficulty", difficulty)
    if name:
        page.fill("#solo-name", name)
    page.click("#solo-play")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand .card")
    return table_id_of(page.url)


def create_online_table(
    pages: Any, seats: int, timer: int | None = None, game: str | None = None
) -> tuple[Any, str, str]:
    """Ada creates an online table (of ``game``, chosen on the start page; default the
    page's) from the home page: her page, the invite, the table id."""
    ada = pages.new()
    ada.goto(pages.base + "/")
    if game is not None:
        ada.locator(f'input[name="game"][value="{game}"]').check()
    ada.fill("#online-name", "Ada")
    ada.select_option("#online-seats", str(seats))
    if timer is not None:
        ada.select_option("#online-timer", str(timer))
    ada.click("#online-create")
    ada.wait_for_url("**/t/*")
    invite = ada.locator("#invite-link").input_value()
    return ada, invite, table_id_of(invite)


def hand(page: Any) -> list[str]:
    return [
        str(c)
        for c in page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    ]


def server_view(page: Any, base: str) -> dict[str, Any]:
    """What the server says our seat sees now: a snapshot over our own websocket, with
    the seat token the page keeps in localStorage."""
    table_id = table_id_of(page.url)
    seat = json.loads(page.evaluate(f"localStorage.getItem('tt.seat.{table_id}')"))
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={seat['token']}"
    with connect(url, open_timeout=5) as socket:
        message = json.loads(socket.recv(timeout=5))
    assert message["type"] == "snapshot", message
    return dict(message["view"])


def play_one_turn(
    page: Any,
    *,
    use_hint: bool = True,
    check: Callable[[Any], None] | None = None,
    source: str = "stock",
) -> str:
    """On our turn: draw (click the stock, or the discard pile), then go out if we may,
    else discard.

    ``check(page)`` runs after the draw. Returns "out" or the card discarded.
    """
    if source == "discard":
        top = page.locator("#discard-pile").get_attribute("data-top")
        before = hand(page)
        page.click("#discard-pile")
        page.wait_for_selector("#hand .card.playable")
        assert sorted(hand(page)) == sorted([*before, top])
        assert page.locator("#hand .card.new").get_attribute("data-card") == top
    else:
        page.click("#stock")
        page.wait_for_selector("#hand .card.playable")
    if check is not None:
        check(page)
    if page.locator("#go-out").count():
        page.click("#go-out")
        choices = page.locator("#hand .card.out-choice")
        if choices.count():
            choices.first.click(position=VISIBLE_STRIP)
        page.wait_for_selector("#hand .card.playable", state="detached")
        return "out"
    target = page.locator("#hand .card.new")
    if use_hint and page.locator("#hint").count():
        page.click("#hint")
        target = page.locator("#hand .card.hinted")
    card = str(target.first.get_attribute("data-card"))
    target.first.click(position=VISIBLE_STRIP)
    page.wait_for_selector("#hand .card.playable", state="detached")
    return card


def play_until_round_over(
    page: Any,
    max_turns: int = 60,
    check: Callable[[Any], None] | None = None,
    first_from_discard: bool = False,
) -> list[str]:
    """Play our turns by clicking until the round-end reveal shows; returns our moves."""
    moves: list[str] = []
    for turn in range(max_turns):
        page.wait_for_selector("#stock:not([disabled]), #round-over", timeout=20_000)
        if page.locator("#round-over").count():
            return moves
        source = "discard" if first_from_discard and turn == 0 else "stock"
        moves.append(play_one_turn(page, check=check, source=source))
    raise AssertionError(f"the round did not end within {max_turns} of our turns: {moves}")


def score_rows(page: Any, scope: str = "#round-over") -> list[list[str]]:
    rows = page.locator(f"{scope} table.score-sheet tbody tr")
    return [
        [str(x) for x in row]
        for row in rows.evaluate_all(
            "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))"
        )
    ]


def score_totals(page: Any, scope: str = "#round-over") -> list[str]:
    cells = page.locator(f"{scope} table.score-sheet tfoot td")
    return [str(x) for x in cells.all_text_contents()]


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def post_json(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


def open_solo(
    pages: Any,
    game: str,
    opponents: int,
    ready: str,
    *,
    width: int = 1280,
    height: int = 860,
    locale: str = "en-US",
) -> tuple[Any, str]:
    """A solo table of ``game`` against easy bots, made through ``POST /api/solo`` and
    opened in a new page as its player (the seat stored the way js/api.js ``saveSeat``
    does), once ``ready`` (a selector) shows; the page and the table id."""
    answer = post_json(
        pages.base + "/api/solo",
        {"name": "Ada", "game": game, "opponents": opponents, "difficulty": "easy"},
    )
    table_id = answer["table_id"]
    seat = {"seat": answer["seat"], "token": answer["token"], "name": "Ada"}
    page = pages.new(width=width, height=height, locale=locale)
    key = json.dumps("tt.seat." + table_id)
    page.context.add_init_script(f"localStorage.setItem({key}, {json.dumps(json.dumps(seat))})")
    page.goto(f"{pages.base}/t/{table_id}")
    page.wait_for_selector(ready)
    return page, table_id
