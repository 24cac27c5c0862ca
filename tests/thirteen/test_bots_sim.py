"""The search's integer world and rollout policy agree with the core rules.

:class:`~threethirteen.games.thirteen.bots.sim.World` re-implements who acts next and
when a trick or a round ends, on masks, for speed; these tests play rounds in it and
in :class:`~threethirteen.games.thirteen.state.ThirteenState` side by side (every
action applied checked by the core) and compare them after every action, under
every house rule that changes the flow of play.
"""

from __future__ import annotations

import random

import pytest

from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.bots.hands import cards_of, mask_of, move_of
from threethirteen.games.thirteen.bots.sim import beating_moves, rollout_move, world_of
from threethirteen.games.thirteen.cards import deck, strength
from threethirteen.games.thirteen.combos import Kind
from threethirteen.games.thirteen.moves import legal_plays
from threethirteen.games.thirteen.rules import Rules
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase

RULES = [
    Rules(),
    Rules(bomb_after_pass=True),
    Rules(four_on_pair_of_twos=True, bomb_after_pass=True),
]


def _action(move: tuple[int, int, int, int] | None) -> Action:
    return Pass() if move is None else Play(cards_of(move[3]))


@pytest.mark.parametrize("rules", RULES, ids=["default", "bomb-after-pass", "both"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rollouts_follow_the_core_rules(rules: Rules, players: int) -> None:
    for seed in range(12):
        state = ThirteenState.new(rules, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 25)):  # a random start, passes and all
            if state.phase not in (Phase.LEAD, Phase.FOLLOW):
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.phase not in (Phase.LEAD, Phase.FOLLOW):
            continue
        world = world_of(state.view(state.current), [mask_of(h) for h in state.hands])
        while state.phase in (Phase.LEAD, Phase.FOLLOW):
            assert world.current == state.current
            assert world.table == (None if state.table is None else move_of(state.table))
            move = rollout_move(world)
            state.apply(_action(move))  # checked: the policy plays legal moves
            world.apply(move)
            assert world.hands == [mask_of(h) for h in state.hands]
        assert world.over
        assert tuple(world.finished) == state.results[-1].order


def test_beating_moves_are_legal_and_hold_the_lowest_answer() -> None:
    rng = random.Random(7)
    cards = list(deck())
    for _ in range(300):
        rng.shuffle(cards)
        mine, theirs = cards[:13], cards[13:26]
        table = rng.choice(legal_plays(theirs, None))
        for four_on_pair in (False, True):
            legal = legal_plays(mine, table, four_on_pair_of_twos=four_on_pair)
            moves = beating_moves(mask_of(mine), move_of(table), four_on_pair)
            legal_moves = {move_of(p) for p in legal}
            assert set(moves) <= legal_moves
            same = [p for p in legal if p.kind is table.kind and len(p.cards) == len(table.cards)]
            if same:
                lowest = min(strength(p.high) >> 2 for p in same)
                assert moves and moves[0][2] >> 2 == lowest
            bombs = {p.kind for p in legal if p.kind is not table.kind}
            assert bombs <= {Kind.FOUR, Kind.DOUBLE_SEQUENCE}
            if bombs:
                assert any(m[0] in (3, 5) for m in moves)
