"""The table service, transport-free: lobby, versions, typed errors, timers, takeover, restore."""

from __future__ import annotations

from typing import Any

import pytest

from threethirteen.actions import parse_action
from threethirteen.bots import make_bot
from threethirteen.records import replay
from threethirteen.server.protocol import (
    ActionMessage,
    AddBotMessage,
    ClearSeatMessage,
    PingMessage,
    ProtocolError,
    ReadyMessage,
    StartMessage,
)
from threethirteen.server.service import Status, TableService
from threethirteen.state import Phase
from threethirteen.store import ActionRow, MemoryStore

from .driving import drive, finish

SHORT = ["hand_sizes=3,4"]  # two rounds: whole matches in milliseconds


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def service(store: MemoryStore | None = None, clock: Clock | None = None) -> TableService:
    return TableService(store or MemoryStore(), clock=clock or Clock(), bot_delay=0, round_pause=0)


def code_of(excinfo: pytest.ExceptionInfo[ProtocolError]) -> str:
    return excinfo.value.code


def lobby(svc: TableService, seats: int = 3, **options: Any) -> tuple[str, str]:
    ticket = svc.create_table("Ada", "classic", SHORT, seats, **options)
    return ticket.table_id, ticket.token


# -- lobby ------------------------------------------------------------------------------


def test_create_join_fill_and_start() -> None:
    svc = service()
    table_id, _ = lobby(svc)
    bob = svc.join(table_id, "Bob")
    assert bob.seat == 1
    table = svc.table(table_id)
    with pytest.raises(ProtocolError) as excinfo:
        svc.handle(table_id, 0, StartMessage(table.version))
    assert code_of(excinfo) == "bad-request" and "[2]" in str(excinfo.value)
    svc.handle(table_id, 0, AddBotMessage(table.version, 2, "easy"))
    assert table.seats[2].bot == "simple" and table.seats[2].name == "easy"
    with pytest.raises(ProtocolError) as excinfo:
        svc.join(table_id, "Cy")
    assert code_of(excinfo) == "table-full"
    svc.handle(table_id, 0, StartMessage(table.version))
    assert table.status is Status.PLAYING and table.state is not None
    with pytest.raises(ProtocolError) as excinfo:
        svc.join(table_id, "Cy")
    assert code_of(excinfo) == "already-started"


@pytest.mark.parametrize(
    ("seat", "message", "code"),
    [
        (1, lambda v: StartMessage(v), "not-host"),
        (None, lambda v: StartMessage(v), "not-seated"),
        (0, lambda v: AddBotMessage(v, 7, "easy"), "bad-request"),
        (0, lambda v: AddBotMessage(v, 0, "easy"), "bad-request"),
        (0, lambda v: AddBotMessage(v, 2, "clever"), "unknown-bot"),
        (0, lambda v: ClearSeatMessage(v, 0), "bad-request"),
        (0, lambda v: ReadyMessage(v), "bad-request"),
        (0, lambda v: ActionMessage(v, parse_action("draw stock")), "bad-request"),
    ],
)
def test_lobby_errors_change_nothing(seat: int | None, message: Any, code: str) -> None:
    svc = service()
    table_id, _ = lobby(svc)
    svc.join(table_id, "Bob")
    table = svc.table(table_id)
    before = (table.version, svc.public_table(table_id))
    with pytest.raises(ProtocolError) as excinfo:
        svc.handle(table_id, seat, message(table.version))
    assert code_of(excinfo) == code
    assert (table.version, svc.public_table(table_id)) == before


def test_expert_difficulty_missing_is_a_clear_error() -> None:
    svc = service()
    try:
        make_bot("expert")
    except ValueError:
        with pytest.raises(ProtocolError) as excinfo:
            svc.create_solo("Ada", "classic", [], ["expert"])
        assert code_of(excinfo) == "unknown-bot"
        assert "'expert'" in str(excinfo.value)
    else:  # the expert bot exists now: it must seat
        ticket = svc.create_solo("Ada", "classic", [], ["expert"])
        assert svc.table(ticket.table_id).seats[1].name == "expert"


@pytest.mark.parametrize(
    ("kwargs", "code", "quoted"),
    [
        ({"preset": "clasic"}, "unknown-preset", "clasic"),
        ({"house": ["wild_penalty=lots"]}, "bad-rules", "wild_penalty=lots"),
        ({"name": ""}, "bad-name", ""),
        ({"name": "x" * 30}, "bad-name", "x" * 30),
        ({"seats": 9}, "bad-request", 9),
        ({"turn_seconds": 1}, "bad-request", 1),
    ],
)
def test_create_table_rejects_bad_input_quoting_it(
    kwargs: dict[str, Any], code: str, quoted: object
) -> None:
    args: dict[str, Any] = {"name": "Ada", "preset": "classic", "house": [], "seats": 4}
    args.update(kwargs)
    svc = service()
    with pytest.raises(ProtocolError) as excinfo:
        svc.create_table(
            args["name"],
            args["preset"],
            args["house"],
            args["seats"],
            turn_seconds=args.get("turn_seconds"),
        )
    assert code_of(excinfo) == code
    assert excinfo.value.input == quoted
    assert svc.tables() == []


def test_tokens_authenticate_only_their_seat() -> None:
    svc = service()
    table_id, token = lobby(svc)
    bob = svc.join(table_id, "Bob")
    assert svc.authenticate(table_id, token) == 0
    assert svc.authenticate(table_id, bob.token) == 1
    assert svc.authenticate(table_id, None) is None
    with pytest.raises(ProtocolError) as excinfo:
        svc.authenticate(table_id, token + "x")
    assert code_of(excinfo) == "bad-token"
    with pytest.raises(ProtocolError) as excinfo:
        svc.authenticate("nope", token)
    assert code_of(excinfo) == "no-such-table"
    # only hashes are stored
    assert token not in repr(svc.store.get(table_id))


# -- playing ------------------------------------------------------------------------------


def solo(svc: TableService, bots: int = 2) -> tuple[str, str]:
    ticket = svc.create_solo("Ada", "classic", SHORT, ["easy"] * bots)
    return ticket.table_id, ticket.token


def test_stale_and_duplicate_messages_change_nothing() -> None:
    svc = service()
    table_id, _ = solo(svc)
    drive(svc, table_id)
    table = svc.table(table_id)
    state = table.state
    assert state is not None and state.current == 0
    version = table.version
    move = state.legal_actions()[0]
    assert svc.handle(table_id, 0, ActionMessage(version, move)).changed
    assert svc.handle(table_id, 0, ActionMessage(version, move)).stale  # the duplicate
    assert svc.handle(table_id, 0, ActionMessage(version - 5, move)).stale
    assert table.version == version + 1
    assert len(svc.store.actions(table_id)) == table.actions
    assert svc.handle(table_id, None, PingMessage()).pong


def test_illegal_and_out_of_turn_moves_are_typed_errors_quoting_the_move() -> None:
    svc = service()
    table_id, _ = solo(svc)
    drive(svc, table_id)
    table = svc.table(table_id)
    assert table.state is not None
    version, log = table.version, svc.store.actions(table_id)
    with pytest.raises(ProtocolError) as excinfo:
        svc.handle(table_id, 0, ActionMessage(version, parse_action("discard 7H")))
    assert code_of(excinfo) == "illegal-action" and excinfo.value.input == "discard 7H"
    with pytest.raises(ProtocolError) as excinfo:
        svc.handle(table_id, 1, ActionMessage(version, parse_action("draw stock")))
    assert code_of(excinfo) == "not-your-turn" and excinfo.value.input == "draw stock"
    with pytest.raises(ProtocolError) as excinfo:
        svc.handle(table_id, None, ActionMessage(version, parse_action("draw stock")))
    assert code_of(excinfo) == "not-your-turn"
    assert table.version == version and svc.store.actions(table_id) == log


def test_a_solo_match_ends_with_a_record_that_replays_and_reveals_the_seed() -> None:
    svc = service()
    table_id, _ = solo(svc)
    table = svc.table(table_id)
    assert svc.public_table(table_id)["seed"] is None
    svc.connect(table_id, 0)
    finish(svc, table_id)
    public = svc.public_table(table_id)
    assert public["status"] == "finished" and public["seed"] == table.seed
    record = svc.record(table_id)
    assert record is not None and record.finished and record.seed == table.seed
    assert replay(record).scores.totals == record.totals
    assert list(record.names) == ["Ada", "easy", "easy"]
    row = svc.store.get(table_id)
    assert row is not None and row.status == "finished" and row.record is not None


def test_round_over_waits_for_connected_players_to_say_ready() -> None:
    svc = service()
    table_id, _ = solo(svc, bots=1)
    svc.connect(table_id, 0)
    table = svc.table(table_id)
    bot = make_bot("simple")
    while table.state is not None and table.state.phase is not Phase.ROUND_OVER:
        drive(svc, table_id)
        if table.state.phase in (Phase.DRAW, Phase.DISCARD) and table.state.current == 0:
            svc.handle(table_id, 0, ActionMessage(table.version, bot.choose(table.state.view(0))))
    assert svc.pending(table_id) is None  # no timer: waits for Ada
    with pytest.raises(ProtocolError):
        svc.handle(table_id, None, ReadyMessage(table.version))
    svc.handle(table_id, 0, ReadyMessage(table.version))
    assert table.state is not None
    assert table.state.phase is not Phase.ROUND_OVER and table.state.round_number == 2
    assert svc.store.actions(table_id)[-1].action == "next-round"


def started_against_a_bot(clock: Clock, **options: Any) -> tuple[TableService, str]:
    """A started two-seat table: the connected host against an easy bot, host to move."""
    svc = service(clock=clock)
    table_id, _ = lobby(svc, seats=2, **options)
    table = svc.table(table_id)
    svc.connect(table_id, 0)
    svc.handle(table_id, 0, AddBotMessage(table.version, 1, "easy"))
    svc.handle(table_id, 0, StartMessage(table.version))
    drive(svc, table_id)
    return svc, table_id


def test_turn_timer_plays_the_simple_move_for_a_slow_player() -> None:
    clock = Clock()
    svc, table_id = started_against_a_bot(clock, turn_seconds=30)
    table = svc.table(table_id)
    state = table.state
    assert state is not None and state.current == 0
    auto = svc.pending(table_id)
    assert auto is not None and auto.kind == "timer" and auto.at == clock.now + 30
    assert svc.public_table(table_id)["turn_deadline"] == clock.now + 30
    assert svc.snapshot(table_id, 0, "update")["server_time"] == clock.now
    expected = make_bot("simple").choose(state.view(0))
    assert not svc.play_auto(table_id, auto, expected)  # not due yet
    clock.now += 30
    version = table.version
    assert svc.play_auto(table_id, auto, expected)
    assert table.version == version + 1
    assert svc.store.actions(table_id)[-1].action == str(expected)


def test_a_bot_takes_over_an_absent_player_after_the_grace_period_until_they_return() -> None:
    clock = Clock()
    svc, table_id = started_against_a_bot(clock, takeover_seconds=20)
    table = svc.table(table_id)
    assert svc.pending(table_id) is None  # connected, no timer: wait for the player
    svc.disconnect(table_id, 0)
    auto = svc.pending(table_id)
    assert auto is not None and auto.kind == "takeover" and auto.at == clock.now + 20
    clock.now += 19
    assert not svc.public_table(table_id)["seats"][0]["away"]
    clock.now += 1
    assert svc.public_table(table_id)["seats"][0]["away"]
    version = table.version
    drive(svc, table_id)
    assert table.version > version  # the takeover bot played for seat 0
    svc.connect(table_id, 0)
    assert not svc.public_table(table_id)["seats"][0]["away"]
    if table.status is Status.PLAYING:
        drive(svc, table_id)
        assert svc.pending(table_id) is None


def test_restore_rebuilds_every_unfinished_table_where_it_was() -> None:
    store = MemoryStore()
    svc = service(store)
    ticket = svc.create_solo("Ada", "classic", [], ["easy", "easy"])  # 11 rounds: not over soon
    table_id, token = ticket.table_id, ticket.token
    lobby_id, _ = lobby(svc)
    bot = make_bot("simple")
    table = svc.table(table_id)
    for _ in range(12):
        drive(svc, table_id)
        assert table.state is not None
        if table.state.phase is Phase.ROUND_OVER:
            svc.handle(table_id, 0, ReadyMessage(table.version))
        else:
            svc.handle(table_id, 0, ActionMessage(table.version, bot.choose(table.state.view(0))))
    assert table.status is Status.PLAYING
    again = service(store)
    assert sorted(again.restore()) == sorted([table_id, lobby_id])
    copy = again.table(table_id)
    assert copy.state is not None and table.state is not None
    assert copy.version == table.version
    assert copy.state.record(copy.names) == table.state.record(table.names)
    assert copy.state.view(0) == table.state.view(0)
    assert again.authenticate(table_id, token) == 0
    assert again.table(lobby_id).status is Status.LOBBY
    finish(again, table_id)
    record = again.record(table_id)
    assert record is not None and replay(record).scores.totals == record.totals


def test_a_store_failure_leaves_the_match_unchanged() -> None:
    class FailingStore(MemoryStore):
        fail = False

        def append_action(self, table_id: str, action: Any, version: int) -> None:
            if self.fail:
                raise OSError("disk full")
            super().append_action(table_id, action, version)

    store = FailingStore()
    svc = service(store)
    table_id, _ = solo(svc)
    drive(svc, table_id)
    table = svc.table(table_id)
    assert table.state is not None
    before = (table.version, table.state.view(0))
    store.fail = True
    with pytest.raises(OSError):
        svc.handle(table_id, 0, ActionMessage(table.version, table.state.legal_actions()[0]))
    assert (table.version, table.state.view(0)) == before


def test_a_finished_table_is_served_from_the_store_after_a_restart() -> None:
    store = MemoryStore()
    svc = service(store)
    table_id, token = solo(svc)
    finish(svc, table_id)
    record = svc.record(table_id)
    again = service(store)
    assert again.restore() == []  # nothing unfinished
    assert again.public_table(table_id)["status"] == "finished"
    assert again.record(table_id) == record
    assert again.authenticate(table_id, token) == 0
    assert again.public_table(table_id)["seed"] == svc.table(table_id).seed


def test_a_corrupt_log_skips_that_table_only() -> None:
    store = MemoryStore()
    svc = service(store)
    good, _ = solo(svc)
    bad, _ = solo(svc)
    drive(svc, bad)
    state = svc.table(bad).state
    assert state is not None
    wrong_seat = (state.current + 1) % state.players
    store._actions[bad].append(ActionRow(len(store._actions[bad]) + 1, wrong_seat, "draw stock"))
    assert service(store).restore() == [good]
