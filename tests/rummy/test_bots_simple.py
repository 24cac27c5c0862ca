"""The ``simple`` bot is Rummy's frozen baseline: its rule, pinned by hand-worked positions.

Each row stacks a position with ``RummyState.stack`` (seat 0 to draw), plays the moves
given, and names every action the rule in ``threethirteen.games.rummy.bots.simple``
demands of seat 0 until its turn ends. The expected actions were worked out by hand
(the reasoning is each row's note). A change to the bot that changes any of them fails
here: the baseline must stay fixed, so that measured strengths stay comparable.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from threethirteen.game import Stage
from threethirteen.games.rummy.actions import Discard, parse_action
from threethirteen.games.rummy.analysis import deadwood
from threethirteen.games.rummy.bots import RandomBot, SimpleBot
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.scoring import hand_points
from threethirteen.games.rummy.state import RummyState


@dataclass(frozen=True)
class Position:
    note: str  # the hand-worked reasoning
    hands: tuple[str, ...]
    pile: str
    stock: str  # its top last
    expected: tuple[str, ...]  # seat 0's actions, in notation, to the end of its turn
    table: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()  # played first (from seat `first`)
    first: int = 0


POSITIONS = [
    # -- the draw -------------------------------------------------------------------------
    Position(
        "7H makes a set with 7S 7D: it takes it, melds the set, discards KH (10 points)",
        ("7S 7D 2C KH", "3C 4D 9S"),
        "7H",
        "QD",
        ("take", "meld 7S 7H 7D", "discard KH"),
    ),
    Position(
        "5H fills 4H _ 6H: it takes it and melds the run; 9S is the highest left",
        ("4H 6H 9S 2C", "3C 4D 10S"),
        "5H",
        "QD",
        ("take", "meld 4H 5H 6H", "discard 9S"),
    ),
    Position(
        "7H with 7S alone is only a pair: it draws (QD) and discards QD, its highest",
        ("7S 2C 3D 5C", "3C 4D 10S"),
        "7H",
        "QD",
        ("draw", "discard QD"),
    ),
    Position(
        "7H only fits the table's run, it makes no meld with the hand: it draws",
        ("2C 3D 8S", "3C 4D 10S"),
        "7H",
        "5C",
        ("draw", "discard 8S"),
        table=("4H 5H 6H",),
    ),
    Position(
        "an ace on the pile would lower the count, but it makes no meld: it draws",
        ("KS QD 2C", "3C 4D 10S"),
        "AS",
        "9H",
        ("draw", "discard KS"),
    ),
    # -- melds and lay-offs --------------------------------------------------------------
    Position(
        "the best arrangement's melds, one at a time, then its highest card left, KC",
        ("4H 5H 6H 9S 9D 9C KC 2D", "3C 4D 10S"),
        "QS",
        "7H",
        ("draw", "meld 9S 9D 9C", "meld 4H 5H 6H 7H", "discard KC"),
    ),
    Position(
        "it lays off 7H and 8H onto the table's run, then discards QS",
        ("7H 8H QS 2C", "3C 4D 10S"),
        "KD",
        "3D",
        ("draw", "layoff 7H on 1", "layoff 8H on 1", "discard QS"),
        table=("4H 5H 6H",),
    ),
    Position(
        "it melds the three kings rather than discard one; 9H is then its highest",
        ("KS KD KC 9H 2C", "3C 4D 10S"),
        "QH",
        "4S",
        ("draw", "meld KS KD KC", "discard 9H"),
    ),
    Position(
        "it melds and lays off its last cards: out, no discard needed",
        ("4H 5H 6H", "3C 4D 10S"),
        "QH",
        "9D",
        ("draw", "meld 4H 5H 6H", "layoff 9D on 1"),
        table=("9C 9H 9S",),
    ),
    # -- the discard ---------------------------------------------------------------------
    Position(
        "highest points first, then highest rank: KC before QH and JD (all 10)",
        ("QH JD 2C 5S", "3C 4D 10S"),
        "9S",
        "KC",
        ("draw", "discard KC"),
    ),
    Position(
        "the same rank: the suit order S H D C decides, KS before KD",
        ("KD 2C 5S", "3C 4D 10S"),
        "9S",
        "KS",
        ("draw", "discard KS"),
    ),
    Position(
        "9H in its run is matched; the unmatched 8C (8) goes before 5S",
        ("7H 8H 9H 8C 5S", "3C 4D 10S"),
        "KS",
        "2D",
        ("draw", "meld 7H 8H 9H", "discard 8C"),
    ),
]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.note[:50])
def test_the_rule(position: Position) -> None:
    state = RummyState.stack(
        None,
        list(position.hands),
        pile=position.pile,
        stock=position.stock,
        table=list(position.table),
        table_owners=[1] * len(position.table),
        first=position.first,
    )
    for text in position.moves:
        state.apply(parse_action(text))
    bot = SimpleBot()
    played = []
    while state.stage is Stage.PLAY and state.current == 0:
        action = bot.choose(state.view(0))
        played.append(str(action))
        state.apply(action)
    assert tuple(played) == position.expected


def test_it_never_discards_the_card_it_took() -> None:
    # 7H makes the set; under the default rules it may not go back on the pile, even if
    # it were the highest card left.
    state = RummyState.stack(None, ["7S 7D 2C", "3C 4D"], pile="7H", stock="QD")
    bot = SimpleBot()
    state.apply(bot.choose(state.view(0)))
    assert state.taken is not None
    for action in state.view(0).legal_actions:
        assert not (isinstance(action, Discard) and action.card == state.taken)


def test_after_its_turn_nothing_more_melds_or_lays_off() -> None:
    """Over whole hands against random play: after each discard of `simple`, its hand holds
    no meld and no card that fits the table (it melded and laid off everything)."""
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        rules = Rules(ace_high=seed % 2 == 1)
        state = RummyState.new(rules, 2 + seed % 3, seed)
        bots: list[SimpleBot | RandomBot] = [SimpleBot()]
        bots += [RandomBot(seed=rng.randrange(99)) for _ in range(state.players)]
        while state.stage is Stage.PLAY:
            seat = state.current
            action = bots[0 if seat == 0 else seat].choose(state.view(seat))
            state.apply(action)
            if seat == 0 and isinstance(action, Discard) and state.stage is Stage.PLAY:
                hand = state.hand(0)
                assert deadwood(hand, state.table, rules.ace_high) == hand_points(hand)
                checked += 1
    assert checked > 50


def test_deterministic_whatever_the_seed() -> None:
    state = RummyState.new(None, 2, seed=8)
    view = state.view(state.current)
    assert (
        SimpleBot(seed=1).choose(view) == SimpleBot(seed=2).choose(view) == SimpleBot().choose(view)
    )
