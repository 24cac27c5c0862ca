"""Client messages: decoding, typed errors quoting the input; views as JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from threethirteen.actions import parse_action
from threethirteen.rules import get_rules
from threethirteen.server.protocol import (
    ActionMessage,
    AddBotMessage,
    ClearSeatMessage,
    PingMessage,
    ProtocolError,
    ReadyMessage,
    StartMessage,
    decode_message,
    encode_view,
)
from threethirteen.server.service import TableService
from threethirteen.state import MatchState
from threethirteen.store import MemoryStore


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"type": "action", "version": 4, "action": "draw stock"}',
            ActionMessage(4, "draw stock"),
        ),
        (
            '{"type": "action", "version": 4, "action": "out 10h"}',
            ActionMessage(4, "out 10h"),
        ),
        ('{"type": "ready", "version": 9}', ReadyMessage(9)),
        (
            '{"type": "add_bot", "version": 1, "seat": 2, "bot": "hard"}',
            AddBotMessage(1, 2, "hard"),
        ),
        ('{"type": "clear_seat", "version": 1, "seat": 2}', ClearSeatMessage(1, 2)),
        ('{"type": "start", "version": 3}', StartMessage(3)),
        ('{"type": "ping"}', PingMessage()),
    ],
)
def test_decode(text: str, message: object) -> None:
    assert decode_message(text) == message


@pytest.mark.parametrize(
    ("text", "code", "quoted"),
    [
        ("not json", "malformed", "not json"),
        ("[1, 2]", "malformed", [1, 2]),
        ('{"type": "dance"}', "malformed", "dance"),
        ('{"version": 1}', "malformed", None),
        ('{"type": "action", "action": "draw stock"}', "malformed", None),
        ('{"type": "action", "version": "4", "action": "draw stock"}', "malformed", "4"),
        ('{"type": "action", "version": true, "action": "draw stock"}', "malformed", True),
        ('{"type": "action", "version": 4, "action": "' + "x" * 161 + '"}', "bad-notation", None),
        ('{"type": "add_bot", "version": 4, "seat": "2", "bot": "easy"}', "malformed", "2"),
    ],
)
def test_bad_messages_are_typed_errors_quoting_the_input(
    text: str, code: str, quoted: object
) -> None:
    with pytest.raises(ProtocolError) as excinfo:
        decode_message(text)
    assert excinfo.value.code == code
    if quoted is not None:
        assert excinfo.value.input == quoted
        assert repr(quoted) in str(excinfo.value) or str(quoted) in str(excinfo.value)


@pytest.mark.parametrize("game", ["three-thirteen", "thirteen", "rummy"])
@pytest.mark.parametrize("text", ["discard 1X", "fly", "play 3S 3S 3S 3S 3S 3S 3S 3S 3S 3S 3S"])
def test_the_table_s_game_reads_the_notation(game: str, text: str) -> None:
    """An action message carries notation; the table's game reads it, and what it
    cannot read is ``bad-notation`` quoting the text, the table unchanged."""
    service = TableService(MemoryStore(), bot_delay=0)
    ticket = service.create_solo("Ada", None, [], ["easy"], game=game)
    table = service.table(ticket.table_id)
    before = table.version
    message = decode_message(json.dumps({"type": "action", "version": before, "action": text}))
    with pytest.raises(ProtocolError) as excinfo:
        service.handle(ticket.table_id, 0, message)
    if text.startswith("play"):  # Thirteen's notation, but eleven times one card
        assert excinfo.value.code in ("bad-notation", "illegal-action")
    else:
        assert excinfo.value.code == "bad-notation"
    assert excinfo.value.input == text and text[:10] in str(excinfo.value)
    assert table.version == before


def test_an_over_long_message_is_refused() -> None:
    with pytest.raises(ProtocolError, match="at most"):
        decode_message('{"type": "ping", "pad": "' + "x" * 5000 + '"}')


def _state() -> MatchState:
    rules = get_rules("classic").with_options(first_dealer="first-seat")
    return MatchState.new(rules, 3, seed=11)


def test_own_view_has_hand_arrangement_and_legal_actions() -> None:
    state = _state()
    view = encode_view(state.view(1))
    assert view["seat"] == 1 and view["current"] == 1 and view["phase"] == "draw"
    assert view["hand"] == [str(c) for c in state.hand(1)]
    assert view["legal_actions"] == ["draw stock", "draw discard"]
    arranged = view["arrangement"]
    laid = [c for m in arranged["melds"] for c in m["cards"]] + arranged["unmelded"]
    assert sorted(laid) == sorted(view["hand"])
    assert view["can_go_out"] is None
    state.apply(parse_action("draw stock"))
    view = encode_view(state.view(1))
    assert view["drawn"] is not None and view["drawn_from"] == "stock"
    assert isinstance(view["can_go_out"], bool)
    assert view["best_discard"] in view["hand"]
    assert f"discard {view['best_discard']}" in view["legal_actions"] or view["can_go_out"]
    json.dumps(view)  # JSON-ready


def test_spectator_view_has_no_hand_and_no_hints() -> None:
    state = _state()
    state.apply(parse_action("draw stock"))
    view = encode_view(state.view(1), own=False)
    for key in ("seat", "hand", "drawn", "drawn_from", "arrangement", "can_go_out", "best_discard"):
        assert view[key] is None, key
    assert view["legal_actions"] == []
    assert view["hand_sizes"] == [3, 4, 3]
    shown = json.dumps(view)
    for card in state.hand(1):
        # a card of the hand may only appear where it is public (the pile)
        assert shown.count(f'"{card}"') <= view["discard_pile"].count(str(card))


def test_the_log_hides_stock_draws_even_from_the_drawer() -> None:
    state = _state()
    state.apply(parse_action("draw stock"))
    drawn = state.drawn
    entry: dict[str, Any] = encode_view(state.view(1))["log"][0]
    assert entry == {"kind": "draw-stock", "seat": 1, "card": None}
    assert drawn is not None
