"""Every game of the registry at the web tables: whole matches through the table service.

Each match is an online table of people (each played by the game's ``simple`` bot,
sending notation as a browser does) and a spectator. After every change the snapshot
of every seat and of the spectator is checked: no card of another hidden hand, of the
stock or of the cards not dealt, except cards that were public earlier in the round
(Rummy's pile and melds). At the end the record replays, the history lists the match
under its game, every step of the replay rebuilds, and a restarted service restores
a match halfway through to the same position.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from threethirteen.bots import make_bot
from threethirteen.engines import EngineError, EngineSpec, python_engine
from threethirteen.game import Stage
from threethirteen.games import get_game
from threethirteen.server.engines import SeatEngine
from threethirteen.server.games import table_game
from threethirteen.server.protocol import (
    ActionMessage,
    AddBotMessage,
    BackMessage,
    ProtocolError,
    ReadyMessage,
    StartMessage,
)
from threethirteen.server.service import Status, TableService
from threethirteen.store import MemoryStore

CARD = re.compile(r'(?<=[" ])(?:10|[2-9AJQK])[SHDC](?=[" ])')
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = {rank + suit for rank in RANKS for suit in "SHDC"}

# Short matches: Thirteen to 3 points, Rummy to 30.
GAMES = [
    ("thirteen", 3, ["target=3"]),
    ("thirteen", 4, ["target=2"]),
    ("rummy", 2, ["target=30"]),
    ("rummy", 3, ["target=30"]),
]


def public_now(game: str, view: dict[str, Any]) -> set[str]:
    """The cards everyone sees now: Thirteen's cards played this round and the card the
    first lead must hold (its holder leads: the rules make it public); Rummy's pile and
    table melds."""
    if game == "thirteen":
        return set(view["played"]) | ({view["first_lead_card"]} - {None})
    return set(view["pile"]) | {c for meld in view["table"] for c in meld["cards"]}


def snapshot_view(svc: TableService, table_id: str, seat: int | None) -> tuple[str, Any]:
    text = svc.snapshot_text(table_id, seat, "test")
    return text, json.loads(text)["view"]


def check_no_leak(
    svc: TableService, game: str, table_id: str, players: int, public: set[str]
) -> None:
    """Each viewer's snapshot shows no card hidden from it (``public``: cards seen
    earlier this round, grown here)."""
    state = svc.table(table_id).state
    hands = [set(get_game(game).view_to_json(state.view(s))["hand"]) for s in range(players)]
    _, spectator = snapshot_view(svc, table_id, None)
    public |= public_now(game, spectator)
    pool = DECK - set().union(*hands) - public  # the stock, or the cards not dealt
    for viewer in [None, *range(players)]:
        text, view = snapshot_view(svc, table_id, viewer)
        hidden = set(pool)
        for seat in range(players):
            if seat != viewer:
                hidden |= hands[seat] - public
        shown = set(CARD.findall(text))
        assert not shown & hidden, (viewer, sorted(shown & hidden), view["phase"])
        if viewer is not None:
            assert set(view["hand"]) == hands[viewer]


def play(
    game: str, players: int, house: list[str], *, stop_after: int | None = None
) -> tuple[TableService, str, int]:
    """An online match of ``game`` played through messages to its end (or to
    ``stop_after`` moves); returns the service, the table and the moves played."""
    svc = TableService(MemoryStore(), bot_delay=0, round_pause=0)
    host = svc.create_table("p0", None, house, players, game=game)
    table_id = host.table_id
    for i in range(1, players):
        svc.join(table_id, f"p{i}")
    svc.connect(table_id, None)
    svc.handle(table_id, 0, StartMessage(svc.table(table_id).version))
    bots = [make_bot("simple", seed=i, game=game) for i in range(players)]
    public: set[str] = set()
    round_number, moves = 1, 0
    while svc.table(table_id).status is Status.PLAYING:
        table = svc.table(table_id)
        state = table.state
        if state.round_number != round_number:
            round_number, public = state.round_number, set()
        check_no_leak(svc, game, table_id, players, public)
        if stop_after is not None and moves == stop_after:
            break
        if state.stage is Stage.ROUND_OVER:
            for seat in range(players):
                if svc.table(table_id).state.stage is Stage.ROUND_OVER:
                    svc.handle(table_id, seat, ReadyMessage(svc.table(table_id).version))
            continue
        seat = state.current
        action = str(bots[seat].choose(state.view(seat)))
        assert svc.handle(table_id, seat, ActionMessage(table.version, action)).changed
        moves += 1
        assert moves < 20_000
    return svc, table_id, moves


@pytest.mark.parametrize(("game", "players", "house"), GAMES)
def test_a_whole_match_shows_no_hidden_card_and_leaves_a_record(
    game: str, players: int, house: list[str]
) -> None:
    svc, table_id, _ = play(game, players, house)
    table = svc.table(table_id)
    assert table.status is Status.FINISHED and table.state.stage is Stage.MATCH_OVER
    data = svc.record(table_id)
    assert data["game"] == game and data["seats"] == [f"p{i}" for i in range(players)]
    replayed = get_game(game).replay(data)
    assert replayed.totals == table.state.totals and replayed.winners() == table.state.winners()
    row = svc.store.get(table_id)
    assert row is not None and row.game == game and row.status == "finished"
    kind = table_game(game)
    summary = kind.record_summary(row.record or "")
    assert summary["totals"] == list(table.state.totals)
    last = sum(1 + len(r["actions"]) for r in data["rounds"]) - 1
    for step in (0, 1, last):
        reply = kind.replay_step(row.record or "", step)
        assert reply["game"] == game and reply["steps"] == last + 1
        assert len(reply["view"]["hands"]) == players
    final = kind.replay_step(row.record or "", last)["view"]
    assert final["totals"] == list(table.state.totals)
    with pytest.raises(ProtocolError, match="not a step"):
        kind.replay_step(row.record or "", last + 1)


@pytest.mark.parametrize(("game", "players"), [("thirteen", 4), ("rummy", 2)])
def test_a_restarted_service_restores_a_match_halfway(game: str, players: int) -> None:
    svc, table_id, moves = play(game, players, [], stop_after=40)
    assert moves == 40
    before = svc.table(table_id).state
    again = TableService(svc.store, bot_delay=0)
    assert table_id in again.restore()
    after = again.table(table_id)
    assert after.game.name == game and after.status is Status.PLAYING
    for seat in range(players):
        assert after.state.view(seat) == before.view(seat)
    for viewer in (None, 1):
        assert snapshot_view(again, table_id, viewer)[1] == snapshot_view(svc, table_id, viewer)[1]


@pytest.mark.parametrize("game", ["thirteen", "rummy"])
def test_solo_tables_take_the_game_s_defaults_and_refuse_another_game_s_bots(game: str) -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    kind = table_game(game)
    ticket = svc.create_solo("Ada", None, [], ["easy"] * kind.default_opponents, game=game)
    table = svc.table(ticket.table_id)
    assert table.preset == get_game(game).default_preset
    assert len(table.seats) == kind.default_seats
    public = svc.public_table(ticket.table_id)
    assert public["game"] == game and public["rules"]["preset"] == table.preset
    with pytest.raises(ProtocolError) as excinfo:
        svc.create_solo("Ada", None, [], ["greedy"], game=game)  # a Three-Thirteen bot only
    assert excinfo.value.code == "unknown-bot" and excinfo.value.input == "greedy"
    with pytest.raises(ProtocolError) as excinfo:
        svc.create_solo("Ada", "classic", [], ["easy"], game=game)
    assert excinfo.value.code == "unknown-preset" and "'classic'" in str(excinfo.value)
    with pytest.raises(ProtocolError) as excinfo:
        svc.create_table("Ada", None, [], 9, game=game)
    assert excinfo.value.code == "bad-request"


def test_an_unknown_game_is_refused_quoting_it() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    for bad in ("chess", ["thirteen"], "x" * 500):
        with pytest.raises(ProtocolError) as excinfo:
            svc.create_solo("Ada", None, [], ["easy"], game=bad)  # type: ignore[arg-type]
        assert excinfo.value.code == "unknown-game"
        assert len(str(excinfo.value)) < 200
    assert not svc.tables()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def due(svc: TableService, table_id: str) -> None:
    """Every automatic move now due (a bot's, the timer's), as the driver makes them,
    until the stand-in has seat 0 (then the test looks before it plays on)."""
    table = svc.table(table_id)
    while (auto := svc.pending(table_id)) is not None and auto.at <= svc.clock():
        if auto.kind == "stand_in" and auto.seat == 0 and table.seats[0].stand_in == "timer":
            return
        action = None
        if auto.kind != "advance":
            view = svc.auto_view(table_id, auto)
            action = svc.auto_bot(table_id, auto).choose(view)
        assert svc.play_auto(table_id, auto, action)


@pytest.mark.parametrize(("game", "moves_a_turn"), [("rummy", 2), ("thirteen", 1)])
def test_two_timed_out_turns_hand_the_seat_to_the_stand_in(game: str, moves_a_turn: int) -> None:
    """The turn timer plays the stand-in's move for a player who does not move; a Rummy
    turn (draw, then meld or discard: each its own timer) counts once, a Thirteen play or
    pass is a turn. Two such turns in a row and the stand-in keeps the seat; the
    player's ``back`` takes it again at the start of a turn."""
    clock = Clock()
    svc = TableService(MemoryStore(), clock=clock, bot_delay=0, round_pause=0)
    host = svc.create_table("Ada", None, [], 2 if game == "rummy" else 3, game=game)
    table_id = host.table_id
    table = svc.table(table_id)
    svc.connect(table_id, 0)
    for seat in range(1, len(table.seats)):
        svc.handle(table_id, 0, AddBotMessage(table.version, seat, "easy"))
    svc.handle(table_id, 0, StartMessage(table.version))
    table.turn_seconds = 30.0
    turns = 0
    for _ in range(200):
        due(svc, table_id)
        state = table.state
        if table.seats[0].stand_in is not None or table.status is not Status.PLAYING:
            break
        if state.stage is Stage.ROUND_OVER:
            clock.now += 31
            continue
        assert state.current == 0
        before = state.round_number, len(state.view(0).log)
        clock.now += 30  # Ada lets the timer run out
        auto = svc.pending(table_id)
        assert auto is not None and auto.kind == "timer" and auto.bot == "heuristic"
        if table.game.turn_start(state):
            turns += 1
        due(svc, table_id)
        assert (state.round_number, len(state.view(0).log)) != before
    assert table.seats[0].stand_in == "timer" and turns == 2
    public = svc.public_table(table_id)["seats"][0]
    assert public["stand_in"] == "heuristic" and public["stand_in_reason"] == "timer"
    svc.handle(table_id, 0, BackMessage(table.version))
    # Back at once when it is the start of Ada's turn (each Thirteen move is one), else
    # at the start of her next.
    assert table.seats[0].returning or table.seats[0].stand_in is None
    while table.seats[0].stand_in is not None:  # the stand-in ends the turn it is in
        auto = svc.pending(table_id)
        assert auto is not None and auto.kind in ("stand_in", "bot", "advance")
        view = svc.auto_view(table_id, auto) if auto.kind != "advance" else None
        action = svc.auto_bot(table_id, auto).choose(view) if view is not None else None
        clock.now = max(clock.now, auto.at)
        assert svc.play_auto(table_id, auto, action)
    assert table.state.current == 0 and table.status is Status.PLAYING
    assert table.game.turn_start(table.state)


def test_an_engine_plays_a_rummy_seat_and_one_that_cannot_gets_the_stand_in() -> None:
    """The host's engines sit at any game's table: this project's own Rummy bot served as
    an engine plays a whole match; an engine that plays only Three-Thirteen fails at its
    first decision and the stand-in plays its seat, the table saying so."""
    root = Path(__file__).resolve().parents[2]
    served = EngineSpec(
        "served", (sys.executable, "-m", "threethirteen", "engine", "--game", "rummy", "simple")
    )
    pile = EngineSpec("pile", python_engine(str(root / "examples" / "engines" / "pile_engine.py")))
    svc = TableService(MemoryStore(), bot_delay=0, round_pause=0, engines=[served, pile])
    try:
        ticket = svc.create_solo("Ada", None, ["target=20"], ["served"], game="rummy")
        table = svc.table(ticket.table_id)
        assert isinstance(table.bots[1], SeatEngine) and table.bots[1].game == "rummy"
        bot = make_bot("simple", seed=1, game="rummy")
        for _ in range(3000):
            due(svc, ticket.table_id)
            if table.status is Status.FINISHED:
                break
            state = table.state
            if state.stage is Stage.ROUND_OVER:
                svc.handle(ticket.table_id, 0, ReadyMessage(table.version))
                continue
            svc.handle(ticket.table_id, 0, ActionMessage(table.version, bot.choose(state.view(0))))
        assert table.status is Status.FINISHED and 1 not in table.stand_ins
        assert table.bots[1].starts == 1

        other = svc.create_solo("Ada", None, [], ["pile"], game="rummy")
        table = svc.table(other.table_id)
        while table.state.current != 1:  # Ada plays first; the engine's turn next
            view = table.state.view(0)
            svc.handle(other.table_id, 0, ActionMessage(table.version, bot.choose(view)))
        auto = svc.pending(other.table_id)
        assert auto is not None and auto.kind == "bot" and auto.seat == 1
        engine = svc.auto_bot(other.table_id, auto)
        with pytest.raises(EngineError) as failed:
            engine.choose(svc.auto_view(other.table_id, auto))
        assert svc.engine_failed(other.table_id, auto, engine, failed.value)
        seat = svc.public_table(other.table_id)["seats"][1]
        assert seat["stand_in"] == "heuristic" and seat["stand_in_reason"] == "failed"
    finally:
        svc.close()
