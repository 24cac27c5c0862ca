"""The cached snapshot text equals, byte for byte, the encoding of the uncached snapshot.

``TableService.snapshot_text`` (what the websockets are sent) splices cached parts:
each seat's view once a version, each event of the round's log and each finished
round's reveal once, each seat's arrangement while its hand stays the same, and the
rules once a table. These tests play whole classic matches (11 rounds) and compare,
at every version and for every seat and a spectator, the cached text with
``json.dumps(TableService.snapshot(...))``, which encodes everything afresh.
"""

from __future__ import annotations

import json

from threethirteen.bots import make_bot
from threethirteen.server.protocol import (
    ActionMessage,
    AddBotMessage,
    JsonList,
    ReadyMessage,
    StartMessage,
    encode_table_view,
)
from threethirteen.server.service import Status, TableService
from threethirteen.state import Phase
from threethirteen.store import MemoryStore


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


SEATS: list[int | None] = [0, 1, 2, 3, None]


def check_every_seat(svc: TableService, table_id: str, clock: Clock) -> int:
    """Compare the cached and uncached snapshots of every seat, twice (the second from
    the cache, at a later clock); returns how many were compared."""
    compared = 0
    for reason in ("update", "stale"):
        for seat in SEATS:
            cached = svc.snapshot_text(table_id, seat, reason)
            assert cached == json.dumps(svc.snapshot(table_id, seat, reason)), (seat, reason)
            compared += 1
        clock.now += 0.25
    return compared


def test_snapshot_text_equals_the_uncached_encoding_over_a_whole_match() -> None:
    clock = Clock()
    store = MemoryStore()
    svc = TableService(store, clock=clock, bot_delay=0, round_pause=0)
    # Two people (one with a name JSON escapes), two bots; the second person is absent
    # with a takeover of 10 s, so the "away" flag and the turn deadline move with the clock.
    host = svc.create_table('Åsa "the" host', "classic", [], 4, turn_seconds=60.0)
    table_id = host.table_id
    guest = svc.join(table_id, "Bo")
    table = svc.table(table_id)
    table.takeover_seconds = 10.0
    svc.connect(table_id, host.seat)
    svc.connect(table_id, None)
    svc.connect(table_id, None)
    for seat in (2, 3):
        svc.handle(table_id, 0, AddBotMessage(table.version, seat, "easy"))
    check_every_seat(svc, table_id, clock)
    svc.handle(table_id, 0, StartMessage(table.version))
    chooser = make_bot("easy", seed=3)
    versions: set[int] = set()
    compared = 0
    rounds_seen: set[int] = set()
    while table.status is Status.PLAYING:
        compared += check_every_seat(svc, table_id, clock)
        versions.add(table.version)
        state = table.state
        assert state is not None
        rounds_seen.add(state.round_number)
        if state.phase is Phase.ROUND_OVER:
            if host.seat not in table.ready:
                svc.handle(table_id, host.seat, ReadyMessage(table.version))
                continue
        elif state.current == host.seat:
            move = chooser.choose(state.view(host.seat))
            svc.handle(table_id, host.seat, ActionMessage(table.version, move))
            continue
        auto = svc.pending(table_id)
        assert auto is not None
        clock.now = max(clock.now, auto.at)
        action = None
        if auto.kind != "advance":
            view = svc.auto_view(table_id, auto)
            assert view is not None
            action = svc.auto_bot(table_id, auto).choose(view)
        assert svc.play_auto(table_id, auto, action), auto
    compared += check_every_seat(svc, table_id, clock)
    assert table.status is Status.FINISHED and len(rounds_seen) == 11
    assert len(versions) > 200 and compared > 2000
    # The last snapshot reveals all eleven rounds, from the cache.
    view = json.loads(svc.snapshot_text(table_id, None, "update"))["view"]
    assert len(view["results"]) == 11
    assert guest.seat == 1


def test_snapshot_text_of_a_restored_table_equals_the_uncached_encoding() -> None:
    clock = Clock()
    store = MemoryStore()
    svc = TableService(store, clock=clock, bot_delay=0, round_pause=0)
    table_id = svc.create_solo("Ada", "classic", [], ["easy", "easy"]).table_id
    table = svc.table(table_id)
    chooser = make_bot("easy", seed=5)
    while table.state is not None and table.state.round_number < 4:
        state = table.state
        if state.phase is Phase.ROUND_OVER or state.current != 0:
            auto = svc.pending(table_id)
            assert auto is not None
            clock.now = max(clock.now, auto.at)
            view = svc.auto_view(table_id, auto) if auto.kind != "advance" else None
            action = None if view is None else svc.auto_bot(table_id, auto).choose(view)
            assert svc.play_auto(table_id, auto, action)
        else:
            action = chooser.choose(state.view(0))
            svc.handle(table_id, 0, ActionMessage(table.version, action))
        # The cache is filled at every version of the first server ...
        svc.snapshot_text(table_id, None, "update")
    again = TableService(store, clock=clock, bot_delay=0, round_pause=0)
    assert again.restore() == [table_id]
    # ... and the restored table, a fresh cache, encodes the same past rounds.
    for seat in (0, 1, 2, None):
        text = again.snapshot_text(table_id, seat, "connect")
        assert text == json.dumps(again.snapshot(table_id, seat, "connect"))
        assert text == svc.snapshot_text(table_id, seat, "connect")
        restored = again.table(table_id).state
        assert restored is not None
        view = restored.view(0 if seat is None else seat)
        expected = json.dumps(encode_table_view(view, own=seat is not None))
        assert json.dumps(json.loads(text)["view"]) == expected


def test_json_list_encodes_each_item_once_and_again_from_the_first_that_differs() -> None:
    calls: list[str] = []

    def encode(item: str) -> dict[str, str]:
        calls.append(item)
        return {"card": item}

    def plain(items: list[str]) -> str:
        return json.dumps([{"card": i} for i in items])

    texts = JsonList(encode)
    for items in (["7H"], ["7H", "8H"], ["7H", "8H", "9H"], ["7H", "8H", "9H"]):
        assert texts.json(items) == plain(items)
    assert calls == ["7H", "8H", "9H"]
    calls.clear()
    for items in (["7H", "QS"], ["KD"], [], ["KD", "AC"]):  # another list: a new round's log
        assert texts.json(items) == plain(items)
    assert calls == ["QS", "KD", "KD", "AC"]
