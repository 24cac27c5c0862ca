"""The ``simple`` bot is the frozen baseline: its rule, pinned by hand-worked situations.

Each row sets up a table with ``MatchState.stack`` (classic, seat 0 deals, so seat 1
plays first), plays the moves given, and names the move the rule demands of the seat
to act. The expected moves were worked out by hand from the rule in
``threethirteen.bots.simple`` (the reasoning is in each row's note, in notation, with
classic penalties: A=1, 2-10 face value, J/Q/K=10, a wild left in hand 15). A change to
the bot that changes any of them fails here: the baseline must stay fixed, so that
measured strengths stay comparable.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from threethirteen.actions import parse_action
from threethirteen.bots import SimpleBot, make_bot
from threethirteen.rules import Rules, get_rules
from threethirteen.state import MatchState, Phase

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")


@dataclass(frozen=True)
class Situation:
    note: str  # the hand-worked reasoning
    hands: tuple[str, ...]  # seat 0 first; seat 1 moves first
    up: str
    expected: str  # the move the rule demands, in notation
    stock_top: str = ""
    moves: tuple[str, ...] = ()  # played before the bot is asked
    rules: Rules = CLASSIC


ROUND_4 = CLASSIC.with_options(hand_sizes=(4,))  # 4 cards, 4s wild
ROUND_4_ONE_WILD = ROUND_4.with_options(max_wilds_per_meld=1)

SITUATIONS = [
    # -- drawing --------------------------------------------------------------------
    Situation(
        "7H 8H KD = 25; with 9H, discarding KD leaves the run 7H 8H 9H = 0 < 25: take",
        ("KS QD 10H", "7H 8H KD"),
        up="9H",
        expected="draw discard",
    ),
    Situation(
        "7H 8H KD = 25; with KC the best discard (a king) leaves 25, not lower: stock",
        ("KS QD 10H", "7H 8H KD"),
        up="KC",
        expected="draw stock",
    ),
    Situation(
        "7H 8H KD = 25; with 2C, discarding KD leaves 7H 8H 2C = 17 < 25: take (no meld needed)",
        ("KS QD 10H", "7H 8H KD"),
        up="2C",
        expected="draw discard",
    ),
    Situation(
        "2H 2D 2S is melded (0); KC cannot lower 0, and it is not wild: stock, "
        "although taking it would let the hand go out (greedy takes it)",
        ("KS QD 10H", "2H 2D 2S"),
        up="KC",
        expected="draw stock",
    ),
    Situation(
        "3s are wild in the 3-card round: 3C on the pile is taken for being wild",
        ("KS QD 10H", "2H 2D 2S"),
        up="3C",
        expected="draw discard",
    ),
    Situation(
        "one wild a meld, 4s wild: KS KD 4H is a set, 9C left = 9; with 4C the best is "
        "still 9 (4C 4H cannot share the kings' set) - yet a wild is always taken",
        ("2S 5D 7H JC", "KS KD 4H 9C"),
        up="4C",
        expected="draw discard",
        rules=ROUND_4_ONE_WILD,
    ),
    Situation(
        "the same hand and KH: discarding 9C leaves KS KD KH 4H, a set of four "
        "with one wild = 0 < 9: take",
        ("2S 5D 7H JC", "KS KD 4H 9C"),
        up="KH",
        expected="draw discard",
        rules=ROUND_4_ONE_WILD,
    ),
    # -- discarding ------------------------------------------------------------------
    Situation(
        "7H 8H 9S + KD: discarding KD leaves 24, 9S 25, 8H 26, 7H 27: discard KD",
        ("KS QD 10H", "7H 8H 9S"),
        up="4C",
        stock_top="KD",
        moves=("draw stock",),
        expected="discard KD",
    ),
    Situation(
        "5C KS QD + 5H: discarding KS or QD leaves 20, a 5 leaves 25; KS and QD both cost "
        "10, and spades come before diamonds: discard KS",
        ("2S 6D 9H", "5C KS QD"),
        up="4C",
        stock_top="5H",
        moves=("draw stock",),
        expected="discard KS",
    ),
    Situation(
        "AC 2D KH + QS: discarding KH or QS leaves 13; both cost 10; spades first: QS",
        ("2S 6D 9H", "AC 2D KH"),
        up="4C",
        stock_top="QS",
        moves=("draw stock",),
        expected="discard QS",
    ),
    Situation(
        "7H 8H KD + 9H: discarding KD leaves the run 7H 8H 9H: go out with KD",
        ("KS QD 10H", "7H 8H KD"),
        up="4C",
        stock_top="9H",
        moves=("draw stock",),
        expected="out KD",
    ),
    Situation(
        "4s wild: 5H 6H 7H 8H + 9H goes out with 5H or 9H; 9H costs more: out 9H",
        ("2S 6D 9C JC", "5H 6H 7H 8H"),
        up="2C",
        stock_top="9H",
        moves=("draw stock",),
        expected="out 9H",
        rules=ROUND_4,
    ),
    Situation(
        "4s wild: KS KD 4H 9C + 2C: discarding 9C leaves 2 (the kings' set takes 4H), "
        "2C leaves 9, any other card more: discard 9C",
        ("2S 6D 7H JC", "KS KD 4H 9C"),
        up="3C",
        stock_top="2C",
        moves=("draw stock",),
        expected="discard 9C",
        rules=ROUND_4,
    ),
    Situation(
        "seat 1 went out with KD; seat 2's final turn: 5H 6H 7H 8H + 9H may not go out; "
        "discarding 5H or 9H leaves a run (0): the higher penalty, 9H",
        ("KS QD 10D 2C", "7C 8C 9C KD", "5H 6H 7H 8H"),
        up="2S",
        stock_top="10C 9H",
        moves=("draw stock", "out KD", "draw stock"),
        expected="discard 9H",
        rules=ROUND_4,
    ),
    Situation(
        "final turn without lay-off: 10H 9C 2C + 4D, discarding 10H leaves 15 (the least)",
        ("10H 9C 2C", "7H 8H KD", "2S 2D JC"),
        up="4C",
        stock_top="9H 2H 4D",
        moves=("draw stock", "out KD", "draw stock", "discard JC", "draw stock"),
        expected="discard 10H",
    ),
    Situation(
        "final turn with lay-off onto 7H 8H 9H: 10H is laid off, so discarding 9C leaves "
        "2C 4D = 6 (10H would leave 15): discard 9C",
        ("10H 9C 2C", "7H 8H KD", "2S 2D JC"),
        up="4C",
        stock_top="9H 2H 4D",
        moves=("draw stock", "out KD", "draw stock", "discard JC", "draw stock"),
        expected="discard 9C",
        rules=CLASSIC.with_options(lay_off=True),
    ),
    Situation(
        "final turn with lay-off, drawing: 10H 9C 2C scores 11 (10H laid off); JC on the "
        "pile cannot lower that: stock",
        ("10H 9C 2C", "7H 8H KD", "2S 2D JC"),
        up="4C",
        stock_top="9H 2H 4D",
        moves=("draw stock", "out KD", "draw stock", "discard JC"),
        expected="draw stock",
        rules=CLASSIC.with_options(lay_off=True),
    ),
    Situation(
        "no-discard-taken: 7H 8H KD takes 2C (KD out leaves 17 < 25); then 2C may not go "
        "back: KD leaves 17, the least",
        ("KS QD 10H", "7H 8H KD"),
        up="2C",
        moves=("draw discard",),
        expected="discard KD",
        rules=CLASSIC.with_options(discard_taken_card=False),
    ),
]


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.note[:50])
def test_simple_plays_the_hand_worked_move(situation: Situation) -> None:
    state = MatchState.new(situation.rules, len(situation.hands), seed=5)
    state.stack(list(situation.hands), up=situation.up, stock_top=situation.stock_top)
    for move in situation.moves:
        state.apply(parse_action(move))
    view = state.view(state.current)
    expected = parse_action(situation.expected)
    assert expected in view.legal_actions
    assert SimpleBot().choose(view) == expected
    assert make_bot("easy").choose(view) == expected


def test_simple_is_deterministic_and_ignores_its_seed() -> None:
    state = MatchState.new(get_rules("bga"), 3, seed=12)
    bots = [SimpleBot(seed=1), SimpleBot(seed=2), SimpleBot()]
    for _ in range(40):
        view = state.view(state.current)
        actions = {bot.choose(view) for bot in bots}
        assert len(actions) == 1
        state.apply(actions.pop())
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
