"""The bot that moves for a person (a takeover, a turn timer) plays well: it is the
game's ``medium`` bot, which keeps a wild it takes from the pile (issue 42, part 2)."""

from __future__ import annotations

from typing import Any

import pytest

from threethirteen.bots import DIFFICULTIES, make_bot
from threethirteen.cards import Card
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.solver import HandSolver
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.server.protocol import AddBotMessage, StartMessage
from threethirteen.server.service import TIMER_BOT, TableService
from threethirteen.store import MemoryStore

from .driving import drive

# Round 1 of classic (3 cards, threes wild), seat 0 to act: a wild on the pile that
# does not lower the hand's deadwood. The frozen `simple` bot takes it (it takes every
# wild) and, every discard leaving the same deadwood, throws the highest penalty: the
# wild, straight back.
HANDS = ["7S AH 6C", "KS KD 2C"]
UP = "3H"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def stacked_table(clock: Clock, **options: Any) -> tuple[TableService, str]:
    """A started two-seat table, the host (seat 0, connected) to move first in a stacked
    round 1, against an easy bot."""
    svc = TableService(MemoryStore(), clock=clock, bot_delay=0, round_pause=0)
    ticket = svc.create_table("Ada", "classic", [], 2, **options)
    table_id = ticket.table_id
    table = svc.table(table_id)
    # A seed whose first round seat 0 begins (the first dealer comes from the seed).
    table.seed = next(s for s in range(100) if MatchState.new(table.rules, 2, s).current == 0)
    svc.connect(table_id, 0)
    svc.handle(table_id, 0, AddBotMessage(table.version, 1, "easy"))
    svc.handle(table_id, 0, StartMessage(table.version))
    state = table.state
    assert state is not None and state.current == 0
    state.stack(HANDS, up=UP)
    return svc, table_id


def stand_in_moves(svc: TableService, table_id: str) -> list[str]:
    """The first two moves the server made for seat 0 (the host, who moves first)."""
    drive(svc, table_id)
    return [a.action for a in svc.store.actions(table_id) if a.seat == 0][:2]


def is_wild(card: str) -> bool:
    return HandSolver.for_round(get_rules("classic"), 1).is_wild(Card.parse(card))


def test_the_fault_is_real_the_simple_bot_throws_the_wild_straight_back() -> None:
    """The reported fault, by the bot the server used for a person: take, throw back."""
    clock = Clock()
    svc, table_id = stacked_table(clock)
    state = svc.table(table_id).state
    assert state is not None
    simple = make_bot("simple")
    take = simple.choose(state.view(0))
    after = state.copy()
    after.apply(take)
    assert (str(take), str(simple.choose(after.view(0)))) == ("draw discard", f"discard {UP}")


def test_the_stand_in_is_the_medium_bot() -> None:
    assert DIFFICULTIES["medium"] == TIMER_BOT


def test_the_bot_that_takes_over_an_absent_player_keeps_the_wild_it_takes() -> None:
    clock = Clock()
    svc, table_id = stacked_table(clock, takeover_seconds=20)
    svc.disconnect(table_id, 0)
    clock.now += 20
    moves = stand_in_moves(svc, table_id)
    assert len(moves) == 2 and moves[0] == "draw discard", moves
    thrown = moves[1].split()[-1]
    assert not is_wild(thrown) and moves[1] != f"discard {UP}", moves


@pytest.mark.parametrize("connected", [True, False])
def test_the_turn_timer_keeps_the_wild_it_takes(connected: bool) -> None:
    clock = Clock()
    svc, table_id = stacked_table(clock, turn_seconds=30)
    if not connected:
        svc.disconnect(table_id, 0)  # no takeover: the timer alone plays for the seat
    clock.now += 30
    drive(svc, table_id)  # the draw; the discard gets a turn timer of its own
    clock.now += 30
    moves = stand_in_moves(svc, table_id)
    assert len(moves) == 2 and moves[0] == "draw discard", moves
    assert not is_wild(moves[1].split()[-1]), moves
