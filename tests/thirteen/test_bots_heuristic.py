"""The ``heuristic`` bot: its plan of combinations, its card counting, and known answers.

The known-answer rows are positions where the right move is clear to a player (the
note says why); the bot must find it. The other tests pin the pieces it is built on:
the split of a hand into combinations (:mod:`~threethirteen.games.thirteen.bots.hands`)
and what nobody can beat (:mod:`~threethirteen.games.thirteen.bots.reading`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from threethirteen.games.thirteen.actions import parse_action
from threethirteen.games.thirteen.bots import HeuristicBot
from threethirteen.games.thirteen.bots.hands import (
    PAIR,
    SEQUENCE,
    SINGLE,
    beats_move,
    best_split,
    cards_of,
    describe,
    mask_of,
    move_of,
    move_of_cards,
    split_cost,
)
from threethirteen.games.thirteen.bots.reading import Reading, beatable
from threethirteen.games.thirteen.cards import deck, parse_hand, strength
from threethirteen.games.thirteen.combos import Combo, beats, classify
from threethirteen.games.thirteen.moves import legal_plays
from threethirteen.games.thirteen.state import ThirteenState


@dataclass(frozen=True)
class Position:
    note: str  # why the move is right
    hands: tuple[str, ...]
    expected: str
    moves: tuple[str, ...] = ()
    leader: int | None = 0  # None: the lowest card dealt leads with it


POSITIONS = [
    # -- going out ----------------------------------------------------------------------
    Position(
        "its hand is one sequence: lead it and go out",
        ("6S 7D 8C", "9S 9H 10D 2C"),
        "play 6S 7D 8C",
    ),
    Position(
        "its hand is one pair: lead it and go out",
        ("9S 9H", "3S 4D 10D 2C"),
        "play 9S 9H",
    ),
    Position(
        "2H cannot be beaten (seat 1 holds three cards: no bomb fits): lead it, then 5S",
        ("5S 2H", "3S 4D 6C"),
        "play 2H",
    ),
    Position(
        "a play that empties the hand is made, even a 2",
        ("KS 3D", "2C"),
        "play 2C",
        moves=("KS",),
    ),
    Position(
        "bombs the 2: the four of 9s cannot be beaten by a hand of two, and it leaves 4C, "
        "which it then leads to go out",
        ("2S 5D 6D", "9S 9C 9D 9H 4C"),
        "play 9S 9C 9D 9H",
        moves=("2S",),
        leader=0,
    ),
    Position(
        "bombs the 2 with a double sequence: seat 0, left with three cards, is close to "
        "going out, and no hand of three answers a bomb of six cards",
        ("2S 7D 8D 10C", "5S 5C 6S 6C 7S 7C KD KH 4C"),
        "play 5S 5C 6S 6C 7S 7C",
        moves=("2S",),
    ),
    # -- keeping the plan ---------------------------------------------------------------
    Position(
        "on 4S: 9H is a free single; 5S would break the sequence 5S 6D 7C",
        ("4S 3H 3C 10S 10H JC", "5S 6D 7C 9H QD KS KH"),
        "play 9H",
        moves=("4S",),
    ),
    Position(
        "leads the sequence before its singles of the same rank (sheds three cards)",
        ("5S 6D 7C JH", "3C 9S 9H 10D 2C"),
        "play 5S 6D 7C",
    ),
    Position(
        "keeps its 2 while it has other plays: leads the low single",
        ("4S 9D 2C", "3C 5S 10D KC"),
        "play 4S",
    ),
    # -- the seat with one card ---------------------------------------------------------
    Position(
        "seat 1 holds one card: it leads the pair, not its lowest single 3S",
        ("3S 8D 8H QC", "JD"),
        "play 8D 8H",
    ),
    Position(
        "seat 1 holds one card and it holds only singles: its highest, KD",
        ("3S 8D KD", "JD"),
        "play KD",
    ),
    # -- the first lead -----------------------------------------------------------------
    Position(
        "the first play must hold 3S: the sequence that holds it",
        ("3S 4D 5C 9H 9D", "6S 7S 8S 10C"),
        "play 3S 4D 5C",
        leader=None,
    ),
]


def _position(p: Position) -> ThirteenState:
    state = ThirteenState.stack(None, list(p.hands), leader=p.leader)
    for move in p.moves:
        state.apply(parse_action(move))
    return state


@pytest.mark.parametrize("position", POSITIONS, ids=[p.note[:50] for p in POSITIONS])
def test_heuristic_known_answers(position: Position) -> None:
    state = _position(position)
    view = state.view(state.current)
    action = HeuristicBot().choose(view)
    assert action in view.legal_actions
    assert str(action) == str(parse_action(position.expected)), position.note


def test_it_spends_a_2_to_stop_a_seat_about_to_go_out() -> None:
    # Four players. Seat 1 leads KH; seat 2, holding one card, and seat 3 pass. Seat 0
    # can beat only with its 2: it keeps its 2s while nothing presses, but a seat one
    # card from going out presses (it will go out if it gets to lead a single).
    state = ThirteenState.stack(
        None, ["3S 4C 6D 8H 10S 2S", "KH 5D 7D 9D", "JH", "4S 9C QS 2C"], leader=1
    )
    for move in ("KH", "pass", "pass"):
        state.apply(parse_action(move))
    view = state.view(0)
    assert str(HeuristicBot().choose(view)) == "play 2S"


# -- the split ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "split"),
    [
        ("3S 4D 5C 9H 9S KD 2H", ["3S 4D 5C", "9S 9H", "KD", "2H"]),
        ("3S 3H 4S 4H 5S 5H 6C 7C 8C", ["3S 3H 4S 4H 5S 5H", "6C 7C 8C"]),
        ("7S 7C 7D 7H 3D", ["3D", "7S 7C 7D 7H"]),
        ("5S 6S 7S 7H 8S 9S", ["7H", "5S 6S 7S 8S 9S"]),
        ("JS QD KC AH 2S 2H", ["JS QD KC AH", "2S 2H"]),
    ],
)
def test_best_split(hand: str, split: list[str]) -> None:
    moves = best_split(mask_of(parse_hand(hand)))
    assert [describe(m) for m in moves] == split


def test_every_split_is_made_of_legal_combinations() -> None:
    rng = random.Random(3)
    cards = list(deck())
    for _ in range(300):
        hand = rng.sample(cards, rng.randrange(1, 14))
        mask = mask_of(hand)
        moves = best_split(mask)
        union = 0
        for move in moves:
            assert union & move[3] == 0
            union |= move[3]
            combo = classify(cards_of(move[3]))
            assert move_of(combo) == move == move_of_cards(combo.cards)
        assert union == mask
        # Taking out a play of the best split never makes the rest's split dearer.
        for move in moves:
            assert split_cost(mask & ~move[3]) <= split_cost(mask) + 1e-9


def test_beats_move_agrees_with_the_core() -> None:
    rng = random.Random(4)
    cards = list(deck())
    for _ in range(200):
        plays = legal_plays(rng.sample(cards, 13), None)
        for a, b in zip(rng.choices(plays, k=20), rng.choices(plays, k=20), strict=True):
            for four_on_pair in (False, True):
                assert beats_move(move_of(a), move_of(b), four_on_pair) == beats(
                    a, b, four_on_pair_of_twos=four_on_pair
                )


# -- what nobody can beat -----------------------------------------------------------------


def test_beatable_agrees_with_the_move_generator() -> None:
    rng = random.Random(5)
    cards = list(deck())
    for _ in range(300):
        rng.shuffle(cards)
        pool, mine = cards[:12], cards[12:25]
        for play in rng.sample(list(legal_plays(mine, None)), 5):
            for most in (1, 3, 13):
                answers = [p for p in legal_plays(pool, play) if len(p.cards) <= most]
                assert beatable(mask_of(pool), move_of(play), most) == bool(answers)


def test_reading_leaves_out_cards_never_dealt() -> None:
    # Two players, no 3S or 3C dealt: the first play holds 3D, so 3S 3C stayed out.
    state = ThirteenState.stack(None, ["3D 9S", "5S 6S"])
    reading = Reading.of(state.view(1))
    assert not reading.pool & mask_of(parse_hand("3S 3C"))
    assert reading.pool & mask_of(parse_hand("3H 3D"))


def test_kinds_are_told_apart() -> None:
    assert move_of_cards(parse_hand("9S"))[0] == SINGLE
    assert move_of_cards(parse_hand("9S 9D"))[0] == PAIR
    assert move_of_cards(parse_hand("3S 4S 5S 6S 7S 8S"))[0] == SEQUENCE
    assert move_of(Combo.parse("2H"))[2] == strength(parse_hand("2H")[0])


def test_weights_are_options() -> None:
    from threethirteen.bots import make_bot
    from threethirteen.errors import ThreeThirteenError

    bot = make_bot("heuristic:danger=2+save_cost=1", game="thirteen")
    assert isinstance(bot, HeuristicBot)
    assert (bot.weights.danger, bot.weights.save_cost) == (2, 1.0)
    with pytest.raises(ThreeThirteenError, match="unknown heuristic weight 'dangr'"):
        HeuristicBot(dangr=2)
