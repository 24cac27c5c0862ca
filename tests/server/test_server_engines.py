"""Engines at web tables: seated by the names the host gave, started and stopped as the
table needs them, replaced by a stand-in when they break the protocol, and restored."""

from __future__ import annotations

import logging
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
from websockets.sync.client import connect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from threethirteen.bots import make_bot
from threethirteen.engines import EngineError, EngineSpec, python_engine
from threethirteen.records import GameRecord, replay
from threethirteen.server.app import create_app
from threethirteen.server.engines import (
    DEFAULT_MAX_ENGINES,
    SLOT_WAIT,
    EngineBusyError,
    EngineSlots,
    SeatEngine,
)
from threethirteen.server.protocol import (
    ActionMessage,
    AddBotMessage,
    ProtocolError,
    StartMessage,
)
from threethirteen.server.service import TIMER_BOT, AutoMove, Status, TableService
from threethirteen.store import MemoryStore
from threethirteen.views import PlayerView

from .clients import play, play_to_the_end
from .driving import finish

ROOT = Path(__file__).resolve().parents[2]
PILE = ROOT / "examples" / "engines" / "pile_engine.py"
FAULTS = ROOT / "tests" / "engine_faults.py"
SHORT = ["hand_sizes=3,4"]
# For the cap's tests no match may end (and stop its engine) while they set up. Seat 1
# acts in every round, and rounds follow without a pause: the engine's first decisions
# may end round 1 and open round 2 in one go, and its next ones come by round 3. So four.
FOUR_ROUNDS = ["hand_sizes=3,4,5,6"]

pile = EngineSpec("pile", python_engine(str(PILE)))
slow = EngineSpec("slow", python_engine(str(FAULTS), "slow"), move_timeout=120)  # sleeps 30 s


def broken(mode: str, name: str = "broken") -> EngineSpec:
    return EngineSpec(name, python_engine(str(FAULTS), mode), move_timeout=5)


def service(
    *engines: EngineSpec, store: MemoryStore | None = None, max_engines: int | None = None
) -> TableService:
    return TableService(
        store or MemoryStore(),
        bot_delay=0,
        round_pause=0,
        engines=engines,
        max_engines=max_engines,
    )


def until_played(svc: TableService, table_id: str, engine: SeatEngine) -> None:
    """Seat 0 plays, one move at a time, until ``engine`` has made a decision."""
    while not engine.starts:
        finish(svc, table_id, moves=1)


def engines_turn(svc: TableService, table_id: str) -> tuple[AutoMove, PlayerView]:
    """Seat 0 plays until seat 1's bot is due: that move, and the view it decides on."""
    table = svc.table(table_id)
    human = make_bot("simple")
    while (auto := svc.pending(table_id)) is None or auto.seat != 1:
        assert table.state is not None and table.state.current == 0
        svc.handle(table_id, 0, ActionMessage(table.version, human.choose(table.state.view(0))))
    view = svc.auto_view(table_id, auto)
    assert view is not None
    return auto, view


def engine_of(svc: TableService, table_id: str, seat: int) -> SeatEngine:
    bot = svc.table(table_id).bots[seat]
    assert isinstance(bot, SeatEngine)
    return bot


def eventually(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def thinking(engine: SeatEngine, view: PlayerView) -> tuple[threading.Thread, list[BaseException]]:
    """``engine`` deciding ``view`` in a thread; the errors it raises."""
    errors: list[BaseException] = []

    def decide() -> None:
        try:
            engine.choose(view)
        except EngineError as error:
            errors.append(error)

    thread = threading.Thread(target=decide)
    thread.start()
    return thread, errors


def test_a_solo_match_against_an_engine_plays_out_and_stops_it() -> None:
    svc = service(pile)
    ticket = svc.create_solo("Ada", "classic", SHORT, ["Pile"])
    table_id = ticket.table_id
    seat = svc.public_table(table_id)["seats"][1]
    assert (seat["bot"], seat["engine"], seat["stand_in"], seat["stand_in_reason"]) == (
        "pile",
        True,
        None,
        None,
    )
    engine = engine_of(svc, table_id, 1)
    assert not engine.running  # started at its first decision, not before
    until_played(svc, table_id, engine)
    assert engine.running and engine.starts == 1
    process = engine._bot._process if engine._bot is not None else None
    assert process is not None and process.poll() is None
    assert finish(svc, table_id) == []
    assert svc.table(table_id).status is Status.FINISHED and engine.starts == 1
    assert eventually(lambda: not engine.running and process.poll() is not None)
    record = svc.record(table_id)
    assert record is not None and replay(record).scores.totals == record.totals
    played = [action for rnd in record.rounds for s, action in rnd.actions if s == 1]
    assert played  # the engine's own moves are in the record


def test_an_engine_at_an_online_table_is_added_by_the_host() -> None:
    svc = service(pile)
    ticket = svc.create_table("Ada", "classic", SHORT, 2)
    table = svc.table(ticket.table_id)
    svc.handle(ticket.table_id, 0, AddBotMessage(table.version, 1, "pile"))
    svc.handle(ticket.table_id, 0, StartMessage(table.version))
    assert isinstance(table.bots[1], SeatEngine)
    assert finish(svc, ticket.table_id) == []
    assert table.status is Status.FINISHED


def test_only_the_hosts_engines_can_be_seated_and_the_error_lists_them() -> None:
    svc = service(pile)
    with pytest.raises(ProtocolError) as excinfo:
        svc.create_solo("Ada", "classic", SHORT, ["python3 evil.py"])
    assert excinfo.value.code == "unknown-bot"
    assert "'python3 evil.py'" in str(excinfo.value) and "engines: pile" in str(excinfo.value)
    assert svc.tables() == []
    with pytest.raises(ProtocolError) as excinfo:
        service().create_solo("Ada", "classic", SHORT, ["pile"])
    assert excinfo.value.code == "unknown-bot" and "engines" not in str(excinfo.value)


def test_engine_names_are_checked_when_the_server_starts() -> None:
    with pytest.raises(EngineError, match="'heuristic' already names a bot"):
        service(EngineSpec("heuristic", ("x",)))
    with pytest.raises(EngineError, match="given twice"):
        service(pile, EngineSpec("pile", ("y",)))


@pytest.mark.parametrize(("mode", "quoted"), [("illegal", "out JK"), ("die", "status 11")])
def test_a_broken_engine_is_replaced_by_the_stand_in_and_the_match_goes_on(
    mode: str, quoted: str, caplog: pytest.LogCaptureFixture
) -> None:
    svc = service(broken(mode))
    table_id = svc.create_solo("Ada", "classic", SHORT, ["broken"]).table_id
    table = svc.table(table_id)
    failed = engine_of(svc, table_id, 1)
    with caplog.at_level(logging.ERROR, logger="threethirteen.server.service"):
        failures = finish(svc, table_id)
    assert len(failures) == 1 and quoted in str(failures[0])
    assert quoted in caplog.text and f"{TIMER_BOT} plays it" in caplog.text
    assert not failed.running
    assert table.status is Status.FINISHED
    assert list(table.stand_ins) == [1] and table.stand_ins[1].reason == "failed"
    assert quoted in table.stand_ins[1].detail
    seat = svc.public_table(table_id)["seats"][1]
    assert (seat["bot"], seat["engine"], seat["stand_in"], seat["stand_in_reason"]) == (
        "broken",
        True,
        TIMER_BOT,
        "failed",
    )
    assert quoted not in str(svc.public_table(table_id))  # the host's log only
    record = svc.record(table_id)
    assert record is not None and replay(record).scores.totals == record.totals


def test_a_second_report_of_the_same_failure_changes_nothing() -> None:
    svc = service(broken("illegal"))
    table_id = svc.create_solo("Ada", "classic", SHORT, ["broken"]).table_id
    table = svc.table(table_id)
    engine = engine_of(svc, table_id, 1)
    auto, view = engines_turn(svc, table_id)
    with pytest.raises(EngineError) as excinfo:
        engine.choose(view)
    version = table.version
    assert svc.engine_failed(table_id, auto, engine, excinfo.value)
    assert table.version == version + 1 and svc.store.get(table_id).version == version + 1  # type: ignore[union-attr]
    assert not svc.engine_failed(table_id, auto, engine, excinfo.value)
    assert table.version == version + 1


def test_a_resting_engine_is_stopped_and_starts_again_when_asked() -> None:
    svc = service(pile)
    table_id = svc.create_solo("Ada", "classic", SHORT, ["pile"]).table_id
    engine = engine_of(svc, table_id, 1)
    until_played(svc, table_id, engine)
    assert svc.running_engines(table_id)
    assert svc.rest_engines(table_id) == 1
    assert not svc.running_engines(table_id) and svc.rest_engines(table_id) == 0
    assert finish(svc, table_id) == []
    assert engine.starts == 2 and svc.table(table_id).status is Status.FINISHED


def test_rest_does_not_wait_for_a_decision_in_progress() -> None:
    svc = service(slow)
    table_id = svc.create_solo("Ada", "classic", SHORT, ["slow"]).table_id
    engine = engine_of(svc, table_id, 1)
    _, view = engines_turn(svc, table_id)
    thread, errors = thinking(engine, view)
    assert eventually(lambda: engine.running)
    svc.close()  # the server stops while the engine thinks (it sleeps 30 s)
    thread.join(60)
    assert not thread.is_alive() and not engine.running
    assert len(errors) == 1 and "no reply within" not in str(errors[0]), errors


def test_a_restored_table_gets_its_engine_back_or_the_stand_in(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = MemoryStore()
    first = service(pile, store=store)
    table_id = first.create_solo("Ada", "classic", SHORT, ["pile"]).table_id
    until_played(first, table_id, engine_of(first, table_id, 1))
    assert first.running_engines(table_id)
    first.close()
    assert not first.running_engines(table_id)

    again = service(pile, store=store)
    assert again.restore() == [table_id]
    assert isinstance(again.table(table_id).bots[1], SeatEngine)
    again.close()

    with caplog.at_level(logging.WARNING, logger="threethirteen.server.service"):
        without = service(store=store)
        assert without.restore() == [table_id]
    table = without.table(table_id)
    assert not isinstance(table.bots[1], SeatEngine) and 1 in table.stand_ins
    assert "'pile' is not a bot or engine of this server" in caplog.text
    assert table.stand_ins[1].reason == "missing"
    seat = without.public_table(table_id)["seats"][1]
    assert (seat["stand_in"], seat["stand_in_reason"]) == (TIMER_BOT, "missing")
    assert finish(without, table_id) == [] and table.status is Status.FINISHED


# -- the server-wide cap on engine processes ----------------------------------------------


def test_the_engine_limit_is_checked_and_quoted() -> None:
    for bad in (0, -2, True, 1.5, "3"):
        with pytest.raises(ValueError, match="1 or more, got " + repr(bad).replace(".", r"\.")):
            EngineSlots(bad)  # type: ignore[arg-type]
    for bad_wait in (0, -1.0, float("nan"), "5"):
        with pytest.raises(ValueError, match="positive seconds"):
            EngineSlots(2, wait=bad_wait)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="got 0"):
        service(pile, max_engines=0)
    assert TableService(MemoryStore()).engine_slots.limit == DEFAULT_MAX_ENGINES
    assert TableService(MemoryStore()).engine_slots.wait == SLOT_WAIT
    assert TableService(MemoryStore(), engine_wait=2).engine_slots.wait == 2.0
    with pytest.raises(ValueError, match="positive seconds, got -1"):
        TableService(MemoryStore(), engine_wait=-1)
    assert service(pile).engine_slots.limit is None


def solo_tables(svc: TableService, count: int) -> list[tuple[str, SeatEngine]]:
    made = []
    for n in range(count):
        table_id = svc.create_solo(f"P{n}", "classic", FOUR_ROUNDS, ["pile"]).table_id
        made.append((table_id, engine_of(svc, table_id, 1)))
    return made


def test_at_the_limit_the_engine_idle_the_longest_is_stopped_and_comes_back() -> None:
    svc = service(pile, max_engines=2)
    (a_id, a), (b_id, b), (c_id, c) = solo_tables(svc, 3)
    assert all(e.slots is svc.engine_slots for e in (a, b, c))
    until_played(svc, a_id, a)
    until_played(svc, b_id, b)
    last = a._last_used
    while a._last_used == last:  # a decides again: now b has been idle the longest
        finish(svc, a_id, moves=1)
    assert all(svc.table(t).status is Status.PLAYING for t in (a_id, b_id, c_id))
    process_b = b._bot._process if b._bot is not None else None
    assert process_b is not None and svc.engine_slots.running == 2
    until_played(svc, c_id, c)
    assert (a.running, b.running, c.running) == (True, False, True)
    assert process_b.poll() is not None  # stopped before c's process started
    assert svc.engine_slots.evictions == 1 and svc.engine_slots.running == 2
    # Every match still plays out, each stopped seat starting again when asked,
    # and never more than two processes at once.
    for table_id in (b_id, a_id, c_id):
        while svc.table(table_id).status is not Status.FINISHED:
            assert finish(svc, table_id, moves=1) == []
            assert svc.engine_slots.running <= 2
            assert sum(e.running for e in (a, b, c)) == svc.engine_slots.running
    assert b.starts >= 2 and svc.engine_slots.evictions >= 2
    for table_id in (a_id, b_id, c_id):
        record = svc.record(table_id)
        assert record is not None and replay(record).scores.totals == record.totals
    svc.close()
    assert eventually(lambda: svc.engine_slots.running == 0)


def test_without_a_limit_every_seat_keeps_its_process() -> None:
    svc = service(pile, max_engines=None)
    tables = solo_tables(svc, 3)
    for table_id, engine in tables:
        until_played(svc, table_id, engine)
    assert all(engine.running for _, engine in tables)
    assert svc.engine_slots.running == 3 and svc.engine_slots.evictions == 0
    svc.close()
    assert svc.engine_slots.running == 0 and not any(e.running for _, e in tables)


class OneSlotBusy(NamedTuple):
    """A server with room for one engine process, held by ``deciding`` (the slow table's
    engine, deciding in ``thread``), and a pile table whose engine is due to play."""

    svc: TableService
    deciding: SeatEngine
    thread: threading.Thread
    errors: list[BaseException]
    pile_id: str
    waiting: SeatEngine
    auto: AutoMove
    view: PlayerView


def one_slot_busy() -> OneSlotBusy:
    svc = service(slow, pile, max_engines=1)
    slow_id = svc.create_solo("Ada", "classic", SHORT, ["slow"]).table_id
    pile_id = svc.create_solo("Bob", "classic", SHORT, ["pile"]).table_id
    deciding = engine_of(svc, slow_id, 1)
    _, view = engines_turn(svc, slow_id)
    thread, errors = thinking(deciding, view)
    assert eventually(lambda: deciding.running)
    auto, pile_view = engines_turn(svc, pile_id)
    waiting = engine_of(svc, pile_id, 1)
    return OneSlotBusy(svc, deciding, thread, errors, pile_id, waiting, auto, pile_view)


def test_a_deciding_engine_is_never_stopped_to_make_room(
    caplog: pytest.LogCaptureFixture,
) -> None:
    busy = one_slot_busy()
    svc, waiting = busy.svc, busy.waiting
    svc.engine_slots.wait = 0.5
    started = time.monotonic()
    with pytest.raises(EngineBusyError) as excinfo:
        waiting.choose(busy.view)
    assert time.monotonic() - started >= 0.5
    assert "'pile' could not start" in str(excinfo.value)
    assert "at most 1 engine processes" in str(excinfo.value)
    assert busy.deciding.running and not waiting.running and waiting.starts == 0
    assert svc.engine_slots.evictions == 0 and svc.engine_slots.running == 1
    # The table answers it as any engine failure: the stand-in plays on.
    with caplog.at_level(logging.ERROR, logger="threethirteen.server.service"):
        assert svc.engine_failed(busy.pile_id, busy.auto, waiting, excinfo.value)
    assert "could not start" in caplog.text
    # The players are told the server was busy (not that the engine broke), and no more.
    stand_in = svc.table(busy.pile_id).stand_ins[1]
    assert stand_in.reason == "busy" and "at most 1 engine processes" in stand_in.detail
    seat = svc.public_table(busy.pile_id)["seats"][1]
    assert (seat["stand_in"], seat["stand_in_reason"]) == (TIMER_BOT, "busy")
    assert "could not start" not in str(svc.public_table(busy.pile_id))
    assert finish(svc, busy.pile_id) == []
    assert svc.table(busy.pile_id).status is Status.FINISHED
    svc.close()
    busy.thread.join(60)
    assert not busy.thread.is_alive() and len(busy.errors) == 1
    assert svc.engine_slots.running == 0


def test_a_waiting_seat_starts_as_soon_as_a_slot_is_freed() -> None:
    busy = one_slot_busy()
    svc, waiting = busy.svc, busy.waiting
    pile_thread, pile_errors = thinking(waiting, busy.view)
    time.sleep(0.3)
    assert pile_thread.is_alive() and waiting.starts == 0  # it waits: the one slot is busy
    busy.deciding.rest()  # the slow table rests its engine, mid-decision
    pile_thread.join(30)
    busy.thread.join(30)
    assert not pile_thread.is_alive() and pile_errors == [] and waiting.starts == 1
    assert len(busy.errors) == 1 and waiting.running and not busy.deciding.running
    assert svc.engine_slots.running == 1 and svc.engine_slots.evictions == 0
    svc.close()


# -- through the web app and its driver ---------------------------------------------------


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0, engines=[pile, broken("illegal")])
    app.state.service.engine_rest = 0.2
    with TestClient(app) as made:
        yield made


def test_the_options_list_the_engines_by_name_only(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert options["engines"] == [{"name": "pile"}, {"name": "broken"}]
    assert str(PILE) not in str(options) and "pile" not in options["bots"]


def test_the_driver_plays_an_engine_and_a_stand_in_for_a_broken_one(client: TestClient) -> None:
    reply = client.post(
        "/api/solo",
        json={"rules": {"preset": "classic", "house": SHORT}, "difficulties": ["pile", "broken"]},
    )
    assert reply.status_code == 201, reply.text
    ticket = reply.json()
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        _, last = play_to_the_end(ws)
    seats = last["table"]["seats"]
    assert [(s.get("engine"), s.get("stand_in")) for s in seats[1:]] == [
        (True, None),
        (True, TIMER_BOT),
    ]
    record = GameRecord.from_json(client.get(f"/api/matches/{ticket['table_id']}/record").text)
    assert replay(record).scores.totals == record.totals
    assert {s for rnd in record.rounds for s, _ in rnd.actions} == {0, 1, 2}


def test_the_driver_rests_the_engines_of_a_table_waiting_on_a_person(
    client: TestClient,
) -> None:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    ticket = client.post(
        "/api/solo", json={"rules": {"preset": "classic", "house": SHORT}, "difficulty": "pile"}
    ).json()
    engine = engine_of(service, ticket["table_id"], 1)
    with client.websocket_connect(f"{ticket['ws']}?token={ticket['token']}") as ws:
        # Seat 0 plays until the engine has played and the table waits on seat 0.
        while True:
            message = ws.receive_json()
            view = message["view"]
            assert message["table"]["status"] == "playing", message["table"]
            if view["phase"] == "round-over" and 0 not in message["table"]["ready"]:
                # Seat 0 went out and the engine played its final turn: on to round 2.
                ws.send_json({"type": "ready", "version": message["version"]})
                continue
            legal = view["legal_actions"]
            if engine.starts and legal:
                break
            if legal:
                ws.send_json({"type": "action", "version": message["version"], "action": legal[0]})
        assert eventually(lambda: not engine.running)  # rested after 0.2 s of waiting
        ws.send_json({"type": "action", "version": message["version"], "action": legal[0]})
        ws.receive_json()
    assert engine.starts == 1


# -- the real server -----------------------------------------------------------------------


def test_serve_with_an_engine_then_restart_without_it(
    serve: Callable[..., Any], db_url: str
) -> None:
    engine = f"pile={sys.executable} {PILE}"
    server = serve(db_url, engines=[engine])
    assert httpx.get(f"{server.http}/api/options").json()["engines"] == [{"name": "pile"}]
    ticket = httpx.post(
        f"{server.http}/api/solo",
        json={"rules": {"preset": "classic", "house": ["hand_sizes=3,4,5"]}, "difficulty": "pile"},
    ).json()
    path = f"{ticket['ws']}?token={ticket['token']}"
    sent: list[str] = []
    with connect(server.ws + path) as ws:
        before = play(ws, sent, limit=4)
    assert before["table"]["seats"][1]["engine"] is True
    server.proc.kill()
    server.proc.wait(timeout=10)

    server = serve(db_url)  # the host dropped the engine: the stand-in plays its seat
    with connect(server.ws + path) as ws:
        last = play(ws, sent, limit=None)
    assert last["table"]["status"] == "finished"
    assert last["table"]["seats"][1]["stand_in"] == TIMER_BOT
    record = GameRecord.from_json(
        httpx.get(f"{server.http}/api/matches/{ticket['table_id']}/record").text
    )
    assert replay(record).scores.totals == record.totals
