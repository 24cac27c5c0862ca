"""An online table never stalls, and a seat is never lost (issue 42, part 1): a rejoin link
per seat, the host's hand-off and reopening at any time, the stand-in after 60 s away or
two turn timers run out, a vote of the others, and the seat back at its player's next turn."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's deprecation note on httpx
    from fastapi.testclient import TestClient

from threethirteen.bots import make_bot
from threethirteen.server.app import create_app
from threethirteen.server.protocol import (
    ActionMessage,
    AddBotMessage,
    BackMessage,
    ClearSeatMessage,
    ProtocolError,
    ReadyMessage,
    StandInMessage,
    StartMessage,
)
from threethirteen.server.service import TAKEOVER_DEFAULT, TIMER_BOT, Status, TableService
from threethirteen.state import Phase
from threethirteen.store import MemoryStore

from .driving import drive

SHORT = ["hand_sizes=3,4,5,6"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def three_at_a_table(
    clock: Clock, humans: int = 2, **options: Any
) -> tuple[TableService, str, list[str]]:
    """A started table of ``humans`` people (Ada hosts at seat 0; all connected) and one
    easy bot; the seat tokens."""
    svc = TableService(MemoryStore(), clock=clock, bot_delay=0, round_pause=0)
    host = svc.create_table("Ada", "classic", SHORT, humans + 1, **options)
    table_id = host.table_id
    tokens = [host.token] + [
        svc.join(table_id, n).token for n in ["Bob", "Cy", "Dee"][: humans - 1]
    ]
    for seat in range(humans):
        svc.connect(table_id, seat)
    table = svc.table(table_id)
    svc.handle(table_id, 0, AddBotMessage(table.version, humans, "easy"))
    svc.handle(table_id, 0, StartMessage(table.version))
    return svc, table_id, tokens


def until_turn(svc: TableService, table_id: str, seat: int, phase: Phase = Phase.DRAW) -> None:
    """Play on (the others by ``simple`` or the server, everyone ready) until ``seat`` is
    to act in ``phase``."""
    table = svc.table(table_id)
    human = make_bot("simple")
    for _ in range(500):
        drive(svc, table_id)
        state = table.state
        assert state is not None and table.status is Status.PLAYING
        if state.current == seat and state.phase is phase:
            return
        if state.phase is Phase.ROUND_OVER:
            for s in range(len(table.seats)):
                if table.seats[s].connections and s not in table.ready:
                    svc.handle(table_id, s, ReadyMessage(table.version))
                    break
            continue
        mover = state.current
        svc.handle(table_id, mover, ActionMessage(table.version, human.choose(state.view(mover))))
    raise AssertionError(f"seat {seat} never came to {phase}")


def seat_entry(svc: TableService, table_id: str, seat: int) -> dict[str, Any]:
    entry: dict[str, Any] = svc.public_table(table_id)["seats"][seat]
    return entry


def played_by_server(svc: TableService, table_id: str, seat: int) -> int:
    """How many of ``seat``'s moves are stored (the server's and the player's)."""
    return sum(1 for a in svc.store.actions(table_id) if a.seat == seat)


# -- a rejoin link per seat ------------------------------------------------------------------


def test_every_seat_has_a_rejoin_link_that_claims_it_from_another_device() -> None:
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as client:
        ada = client.post("/api/tables", json={"name": "Ada", "seats": 2}).json()
        table_id = ada["table_id"]
        bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
        assert bob["rejoin"] == f"/t/{table_id}#rejoin={bob['token']}"
        # Another device: it has the link only. Claiming it names the seat.
        token = bob["rejoin"].split("#rejoin=", 1)[1]
        claim = client.post(f"/api/tables/{table_id}/rejoin", json={"token": token})
        assert claim.status_code == 200, claim.text
        body = claim.json()
        assert (body["seat"], body["name"], body["token"]) == (1, "Bob", token)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            snapshot = ws.receive_json()
            assert snapshot["you"] == {"seat": 1, "name": "Bob", "host": False}
        wrong = client.post(f"/api/tables/{table_id}/rejoin", json={"token": "nope"})
        assert wrong.status_code == 403 and wrong.json()["error"] == "bad-token"


# -- the host, at any time -------------------------------------------------------------------


def test_the_host_hands_an_absent_seat_to_a_bot_during_play() -> None:
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock, takeover_seconds=None)
    until_turn(svc, table_id, 1)
    svc.disconnect(table_id, 1)  # Bob left, and no takeover: the table waits on him
    assert svc.pending(table_id) is None
    table = svc.table(table_id)
    with pytest.raises(ProtocolError) as excinfo:  # the host's own seat is no other's
        svc.handle(table_id, 0, StandInMessage(table.version, 0))
    assert excinfo.value.code == "bad-request"
    svc.handle(table_id, 0, StandInMessage(table.version, 1))
    entry = seat_entry(svc, table_id, 1)
    assert (entry["stand_in"], entry["stand_in_reason"]) == (TIMER_BOT, "host")
    before = played_by_server(svc, table_id, 1)
    drive(svc, table_id)
    assert played_by_server(svc, table_id, 1) == before + 2  # the stand-in drew and discarded


def test_the_host_reopens_a_seat_during_play_for_someone_to_join() -> None:
    clock = Clock()
    svc, table_id, tokens = three_at_a_table(clock, takeover_seconds=None)
    until_turn(svc, table_id, 1)
    table = svc.table(table_id)
    svc.handle(table_id, 0, ClearSeatMessage(table.version, 1))
    entry = seat_entry(svc, table_id, 1)
    assert entry["kind"] == "empty" and entry["stand_in_reason"] == "open"
    assert not svc.holds(table_id, 1, tokens[1])  # Bob's old token holds nothing now
    before = played_by_server(svc, table_id, 1)
    drive(svc, table_id)  # meanwhile the stand-in plays the open seat
    assert played_by_server(svc, table_id, 1) == before + 2
    dee = svc.join(table_id, "Dee")
    assert dee.seat == 1 and svc.authenticate(table_id, dee.token) == 1
    entry = seat_entry(svc, table_id, 1)
    assert (entry["kind"], entry["name"], entry["stand_in"]) == ("human", "Dee", None)
    with pytest.raises(ProtocolError) as excinfo:  # no open seat is left
        svc.join(table_id, "Eve")
    assert excinfo.value.code == "already-started"


# -- the stand-in, by default ----------------------------------------------------------------


def test_online_tables_default_to_a_stand_in_after_60_seconds_disconnected() -> None:
    assert TAKEOVER_DEFAULT == 60
    app = create_app(MemoryStore(), bot_delay=0, round_pause=0)
    with TestClient(app) as client:
        table = client.post("/api/tables", json={"name": "Ada", "seats": 2}).json()
        assert client.get(f"/api/tables/{table['table_id']}").json()["takeover_seconds"] == 60
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock)
    until_turn(svc, table_id, 1)
    svc.disconnect(table_id, 1)
    clock.now += 59
    before = played_by_server(svc, table_id, 1)
    drive(svc, table_id)
    assert played_by_server(svc, table_id, 1) == before
    clock.now += 1
    drive(svc, table_id)
    assert played_by_server(svc, table_id, 1) == before + 2
    entry = seat_entry(svc, table_id, 1)  # announced at the table
    assert (entry["stand_in"], entry["stand_in_reason"]) == (TIMER_BOT, "away")


def test_a_stand_in_plays_for_a_seat_whose_turn_timer_ran_out_twice() -> None:
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock, turn_seconds=30)
    for turn in range(2):  # Bob is connected but does not play: the timer moves, twice
        until_turn(svc, table_id, 1)
        assert seat_entry(svc, table_id, 1)["stand_in"] is None, turn
        clock.now += 30
        drive(svc, table_id)  # the draw
        clock.now += 30
        drive(svc, table_id)  # the discard
    entry = seat_entry(svc, table_id, 1)
    assert (entry["stand_in"], entry["stand_in_reason"]) == (TIMER_BOT, "timer")
    before = played_by_server(svc, table_id, 1)
    for _ in range(3):  # Ada plays on, the clock stands still: Bob's turns need no timer
        until_turn(svc, table_id, 0)
        state = svc.table(table_id).state
        assert state is not None
        move = make_bot("simple").choose(state.view(0))
        svc.handle(table_id, 0, ActionMessage(svc.table(table_id).version, move))
    assert played_by_server(svc, table_id, 1) > before


# -- a vote ----------------------------------------------------------------------------------


def test_a_majority_of_the_other_connected_people_lets_a_bot_play_for_someone_away() -> None:
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock, humans=4, takeover_seconds=None)
    until_turn(svc, table_id, 3)  # Dee's turn; Dee is connected but away from the keyboard
    table = svc.table(table_id)
    with pytest.raises(ProtocolError):
        svc.handle(table_id, None, StandInMessage(table.version, 3))  # a spectator
    svc.handle(table_id, 1, StandInMessage(table.version, 3))  # Bob votes: 1 of 3
    entry = seat_entry(svc, table_id, 3)
    assert entry["stand_in"] is None and entry["votes"] == [1]
    assert svc.pending(table_id) is None
    svc.handle(table_id, 2, StandInMessage(table.version, 3))  # Cy too: 2 of 3
    entry = seat_entry(svc, table_id, 3)
    assert (entry["stand_in_reason"], entry["votes"]) == ("vote", [])
    before = played_by_server(svc, table_id, 3)
    drive(svc, table_id)
    assert played_by_server(svc, table_id, 3) == before + 2


def test_one_other_connected_person_is_a_majority_of_one() -> None:
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock, humans=3, takeover_seconds=None)
    until_turn(svc, table_id, 2)
    svc.disconnect(table_id, 0)  # the host is gone: Bob alone is the others connected
    table = svc.table(table_id)
    svc.handle(table_id, 1, StandInMessage(table.version, 2))
    assert seat_entry(svc, table_id, 2)["stand_in_reason"] == "vote"


# -- back at the next turn -------------------------------------------------------------------


def test_the_player_who_comes_back_takes_the_seat_back_at_their_next_turn() -> None:
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock, takeover_seconds=10)
    until_turn(svc, table_id, 1)
    svc.disconnect(table_id, 1)
    clock.now += 10
    auto = svc.pending(table_id)
    assert auto is not None and auto.seat == 1
    view = svc.auto_view(table_id, auto)
    assert view is not None
    assert svc.play_auto(table_id, auto, svc.auto_bot(table_id, auto).choose(view))  # the draw
    svc.connect(table_id, 1)  # Bob is back in the middle of the turn the stand-in began
    entry = seat_entry(svc, table_id, 1)
    assert entry["stand_in_reason"] == "away" and entry["returning"] is True
    before = played_by_server(svc, table_id, 1)
    drive(svc, table_id)  # the stand-in ends the turn it began
    assert played_by_server(svc, table_id, 1) == before + 1
    until_turn(svc, table_id, 1)
    assert seat_entry(svc, table_id, 1)["stand_in"] is None  # his turn: his seat again
    assert svc.pending(table_id) is None  # the table waits on Bob


def test_a_player_at_the_table_says_back_to_take_the_seat_at_their_next_turn() -> None:
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock, takeover_seconds=None)
    until_turn(svc, table_id, 1)
    table = svc.table(table_id)
    svc.handle(table_id, 0, StandInMessage(table.version, 1))  # the host hands Bob's seat over
    drive(svc, table_id)
    assert seat_entry(svc, table_id, 1)["stand_in_reason"] == "host"
    svc.handle(table_id, 1, BackMessage(table.version))
    assert seat_entry(svc, table_id, 1)["returning"] is True
    until_turn(svc, table_id, 1)
    assert seat_entry(svc, table_id, 1)["stand_in"] is None
    assert svc.pending(table_id) is None


# -- a restart (or another process of a cluster) goes on with the stand-in ------------------


@pytest.mark.parametrize("reason", ["away", "host"])
def test_the_stand_in_survives_a_restart_until_its_player_takes_the_seat_back(
    reason: str,
) -> None:
    clock = Clock()
    svc, table_id, _ = three_at_a_table(clock, takeover_seconds=10)
    until_turn(svc, table_id, 1)
    if reason == "away":
        svc.disconnect(table_id, 1)
        clock.now += 10
        drive(svc, table_id)  # the stand-in plays Bob's turn
    else:
        svc.handle(table_id, 0, StandInMessage(svc.table(table_id).version, 1))
        svc.disconnect(table_id, 1)
    assert seat_entry(svc, table_id, 1)["stand_in_reason"] == reason

    again = TableService(svc.store, clock=clock, bot_delay=0, round_pause=0)
    assert table_id in again.restore()
    assert again.table(table_id).version == svc.table(table_id).version
    entry = seat_entry(again, table_id, 1)
    assert (entry["stand_in"], entry["stand_in_reason"]) == (TIMER_BOT, reason)
    before = played_by_server(again, table_id, 1)
    for _ in range(2):  # Ada plays two turns; Bob is still away: the stand-in plays his
        until_turn(again, table_id, 0)
        for _move in range(2):
            state = again.table(table_id).state
            assert state is not None
            move = make_bot("simple").choose(state.view(0))
            again.handle(table_id, 0, ActionMessage(again.table(table_id).version, move))
    until_turn(again, table_id, 0)
    assert played_by_server(again, table_id, 1) >= before + 2

    again.connect(table_id, 1)  # Bob is back: his seat again at his next turn, stored so
    until_turn(again, table_id, 1)
    assert seat_entry(again, table_id, 1)["stand_in"] is None
    third = TableService(svc.store, clock=clock, bot_delay=0, round_pause=0)
    third.restore()
    assert seat_entry(third, table_id, 1)["stand_in"] is None
