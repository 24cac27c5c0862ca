"""No message to a seat or a spectator shows a card of another hidden hand or of the stock.

Whole matches are played through the table service, every seat a person (played
by a bot through messages) and one spectator; after every change each seat's and
the spectator's snapshot is checked against the cards hidden from it at that moment.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from threethirteen.bots import make_bot
from threethirteen.cards import Card, make_shoe
from threethirteen.server.protocol import ActionMessage, AddBotMessage, ReadyMessage, StartMessage
from threethirteen.server.service import Status, TableService
from threethirteen.state import MatchState, Phase
from threethirteen.store import MemoryStore

# A card as the JSON writes it: a whole string ("7H") or a word of one ("discard 7H").
# (Not any two matching characters: a random table id may contain "KD".)
CARD = re.compile(r'(?<=[" ])(?:JK|(?:10|[2-9AJQK])[SHDC])(?=[" ])')

VIEW_KEYS = {
    "seat", "players", "round", "rounds", "hand_size", "wild_rank", "wild_name", "multiplier",
    "contract", "phase", "current", "dealer", "turn", "final_turn", "out_seat", "hand", "drawn",
    "drawn_from", "arrangement", "legal_actions", "can_go_out", "best_discard", "hand_sizes",
    "discard_pile", "top_discard", "stock_size", "table_melds", "scores", "results", "log",
    "hint",
}  # fmt: skip


def cards_in(data: Any) -> set[Card]:
    return {Card.parse(text) for text in CARD.findall(json.dumps(data))}


def hidden_from(state: MatchState, seat: int | None) -> set[Card]:
    """Cards this viewer may not see anywhere now, less any equal card it may see."""
    shoe = Counter(make_shoe(state.rules.decks_for(state.players), state.rules.jokers))
    public = Counter(state.discard_pile) + Counter(c for m in state.table for c in m.cards)
    held = Counter(c for hand in state.hands for c in hand)
    stock = shoe - held - public
    hidden = Counter(stock)
    for other in range(state.players):
        if other != seat:
            hidden.update(state.hand(other))
    visible = set(public)
    visible.update(e.card for e in state.view(0).log if e.card is not None)
    if seat is not None:
        visible.update(state.hand(seat))
    return set(hidden) - visible


def check(svc: TableService, table_id: str, seats: int) -> int:
    table = svc.table(table_id)
    state = table.state
    assert state is not None
    checked = 0
    for seat in [*range(seats), None]:
        message = svc.snapshot(table_id, seat, "update")
        view = message["view"]
        assert set(view) == VIEW_KEYS
        live = {k: v for k, v in message.items() if k != "view"}
        live["view"] = {k: v for k, v in view.items() if k != "results"}  # results: public
        leaked = cards_in(live) & hidden_from(state, seat)
        assert not leaked, f"seat {seat} was shown {sorted(map(str, leaked))}"
        if seat is None:
            assert view["hand"] is None and view["legal_actions"] == []
        else:
            assert view["hand"] == [str(c) for c in state.view(seat).hand]
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("preset", "house", "seats"),
    [
        ("classic", [], 2),
        ("bga", ["hand_sizes=3,4,5,6,7"], 4),
        ("classic", ["lay-off", "hand_sizes=8,9,10"], 3),
    ],
)
def test_no_message_leaks_a_hidden_card_across_a_whole_match(
    preset: str, house: list[str], seats: int
) -> None:
    svc = TableService(MemoryStore(), bot_delay=0, round_pause=0)
    host = svc.create_table("p0", preset, house, seats)
    table_id = host.table_id
    for n in range(1, seats):
        svc.join(table_id, f"p{n}")
    table = svc.table(table_id)
    svc.handle(table_id, 0, StartMessage(table.version))
    for seat in range(seats):
        svc.connect(table_id, seat)
    svc.connect(table_id, None)
    bots = [make_bot("simple") for _ in range(seats)]
    checked = 0
    while table.status is not Status.FINISHED:
        checked += check(svc, table_id, seats)
        state = table.state
        assert state is not None
        if state.phase is Phase.ROUND_OVER:
            for seat in range(seats):
                if table.status is Status.PLAYING and state.phase is Phase.ROUND_OVER:
                    svc.handle(table_id, seat, ReadyMessage(table.version))
            continue
        seat = state.current
        svc.handle(
            table_id, seat, ActionMessage(table.version, bots[seat].choose(state.view(seat)))
        )
    assert checked > 100


def test_the_card_pattern_finds_cards_and_only_cards() -> None:
    found = cards_in({"id": "xKD-10Hq", "hand": ["10H", "JK"], "legal": ["discard 7C"]})
    assert found == {Card.parse("10H"), Card.parse("JK"), Card.parse("7C")}


def test_the_check_catches_a_leak() -> None:
    """The test above must be able to fail: a snapshot with another hand is caught."""
    svc = TableService(MemoryStore(), bot_delay=0)
    ticket = svc.create_table("p0", "classic", [], 2)
    table = svc.table(ticket.table_id)
    svc.handle(ticket.table_id, 0, AddBotMessage(table.version, 1, "easy"))
    svc.handle(ticket.table_id, 0, StartMessage(table.version))
    state = table.state
    assert state is not None
    leaky = {"view": {"hand": [str(c) for c in state.hand(1)]}}
    assert cards_in(leaky) & hidden_from(state, 0)
