"""The search bot's integer world plays by the real rules: each rollout turn, replayed on a
``RummyState`` (every action checked), leaves the same hands, and the hand ends with the
same points; the bit-mask count is the analysis's count."""

from __future__ import annotations

import random

import pytest

from threethirteen.game import Stage
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.analysis import deadwood, read_table
from threethirteen.games.rummy.bots.masks import BIT, cards_of, counter, mask_of
from threethirteen.games.rummy.bots.sim import World, policy_turn
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.state import RummyState

VARIANTS = [
    Rules(),
    Rules(must_discard=True),
    Rules(discard_taken_card=True),
    Rules(ace_high=True),
    Rules(rummy_doubles=True, stock_turns=0),
    Rules(ace_high=True, cards_dealt=13),
]


def _action(kind: str, card: int, number: int) -> Action:
    if kind == "take":
        return Take()
    if kind == "draw":
        return Draw()
    if kind == "layoff":
        return LayOff(cards_of(card)[0], number + 1)
    if kind == "meld":
        return NewMeld(tuple(cards_of(card)))
    return Discard(cards_of(card)[0])


@pytest.mark.parametrize("index", range(len(VARIANTS)))
def test_rollout_turns_are_legal_and_score_as_the_state(index: int) -> None:
    rules = VARIANTS[index]
    for seed in range(5):
        players = 2 if rules.cards_dealt == 13 else 2 + seed % 3
        state = RummyState.new(rules, players, seed)
        world = None
        while state.stage is Stage.PLAY:
            view = state.view(state.current)
            hands = [mask_of(state.hand(s)) for s in range(players)]
            world = World.of(view, hands, [BIT[c] for c in state.stock])
            world.trace = []
            assert world.start_turn()
            policy_turn(world)
            for kind, card, number in world.trace:
                state.apply(_action(kind, card, number))  # checked
            if state.stage is Stage.PLAY:
                assert [mask_of(state.hand(s)) for s in range(players)] == world.hands
                assert world.result is None
        assert world is not None
        result = state.results[-1]
        if result.void:
            assert world.result is None or not any(world.result)
        else:
            assert world.result == result.points


def test_play_out_ends_every_hand() -> None:
    for seed in range(10):
        state = RummyState.new(None, 2 + seed % 3, seed)
        view = state.view(state.current)
        hands = [mask_of(state.hand(s)) for s in range(state.players)]
        world = World.of(view, hands, [BIT[c] for c in state.stock])
        points = world.copy().play_out()
        assert points is None or (points.count(0) >= 1 and len(points) == state.players)


def test_the_mask_count_is_the_analysis_count() -> None:
    rng = random.Random(1)
    table = read_table(["4H 5H 6H", "9S 9D 9C"])
    on_table = {card for meld in table for card in meld.cards}
    free = [c for c in BIT if c not in on_table]
    count = counter(table, False)
    for _ in range(200):
        hand = rng.sample(free, rng.randint(1, 11))
        assert count(mask_of(hand)) == deadwood(hand, table)
