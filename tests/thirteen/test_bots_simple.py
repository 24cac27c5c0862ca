"""The ``simple`` bot is Thirteen's frozen baseline: its rule, pinned by hand-worked positions.

Each row deals chosen hands with ``ThirteenState.stack`` (seat 0 leads with any play
unless the row is a first lead), plays the moves given, and names the move the rule
in ``threethirteen.games.thirteen.bots.simple`` demands of the seat to act. The
expected moves were worked out by hand (the reasoning is each row's note). A change
to the bot that changes any of them fails here: the baseline must stay fixed, so
that measured strengths stay comparable.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from threethirteen.games.thirteen.actions import parse_action
from threethirteen.games.thirteen.bots import SimpleBot
from threethirteen.games.thirteen.state import ThirteenState


@dataclass(frozen=True)
class Position:
    note: str  # the hand-worked reasoning
    hands: tuple[str, ...]
    expected: str  # the move the rule demands, in notation
    moves: tuple[str, ...] = ()  # played before the bot is asked
    first_lead: bool = False  # the lowest card dealt leads with it (else seat 0, free)


POSITIONS = [
    # -- leading ------------------------------------------------------------------------
    Position(
        "leads its lowest single, even out of a pair, not the pair or the sequence",
        ("5S 5H 6D 7C KD", "9S 9H"),
        "play 5S",
    ),
    Position(
        "leads its lowest single even when that is its only low card and a 2 is in hand",
        ("QS 2H", "3S 3C"),
        "play QS",
    ),
    Position(
        "the first lead must hold 3S: 3S alone, not the sequence 3S 4D 5C",
        ("3S 4D 5C 9H", "6S 7S 8S"),
        "play 3S",
        first_lead=True,
    ),
    Position(
        "two players and no 3S dealt: the lowest card dealt, 4C, alone",
        ("4C 4H 5D 6S", "7S 8S 9S"),
        "play 4C",
        first_lead=True,
    ),
    Position(
        "a hand of one card leads it",
        ("2H", "3S 4S"),
        "play 2H",
    ),
    # -- following singles --------------------------------------------------------------
    Position(
        "on 7D: the lowest single above it is 8C (breaking the pair 8C 8H is no concern)",
        ("7D 3S", "5S 8C 8H 2S"),
        "play 8C",
        moves=("7D",),
    ),
    Position(
        "on 7D: 7H beats 7D (hearts over diamonds) and is lower than 8S",
        ("7D 3S", "7S 7H 8S"),
        "play 7H",
        moves=("7D",),
    ),
    Position(
        "on AH: only the 2 beats it, and the rule plays it",
        ("AH 3S", "4S 2C"),
        "play 2C",
        moves=("AH",),
    ),
    Position(
        "on 2C: 2H beats it as a single, never the four of 9s",
        ("2C 3S", "9S 9C 9D 9H 2H"),
        "play 2H",
        moves=("2C",),
    ),
    Position(
        "on 2H: no single beats it and it never bombs: pass, holding four 9s",
        ("2H 3S", "9S 9C 9D 9H 4D"),
        "pass",
        moves=("2H",),
    ),
    Position(
        "on 2S: it never plays a double sequence either",
        ("2S 3S", "5S 5C 6S 6C 7S 7C"),
        "pass",
        moves=("2S",),
    ),
    Position(
        "nothing beats KD: pass",
        ("KD 3S", "4S 5C 6D QH"),
        "pass",
        moves=("KD",),
    ),
    # -- following pairs and triples ----------------------------------------------------
    Position(
        "on 6S 6C: 6D 6H (top 6H) is lower than 9C 9D",
        ("6S 6C 3H", "4S 4H 6D 6H 9C 9D"),
        "play 6D 6H",
        moves=("6S 6C",),
    ),
    Position(
        "on 5S 5C with 7S 7C 7H: 7S 7C has the lowest highest card (7C)",
        ("5S 5C 3H", "7S 7C 7H"),
        "play 7S 7C",
        moves=("5S 5C",),
    ),
    Position(
        "on 8S 8C: single cards never answer a pair; no pair beats it: pass",
        ("8S 8C 3H", "9S 10H 2D"),
        "pass",
        moves=("8S 8C",),
    ),
    Position(
        "on 4S 4C 4D: the triple 9C 9D 9H, not a pair or a single",
        ("4S 4C 4D 3H", "5S 5D 9C 9D 9H"),
        "play 9C 9D 9H",
        moves=("4S 4C 4D",),
    ),
    # -- following sequences ------------------------------------------------------------
    Position(
        "on 4S 5S 6S: 5C 6C 7C tops at 7C, lower than 6C 7C 8H and 7C 8H 9D",
        ("4S 5S 6S 3H", "5C 6C 7C 8H 9D"),
        "play 5C 6C 7C",
        moves=("4S 5S 6S",),
    ),
    Position(
        "same highest card 6D: the lower lowest card decides, 4C before 4H",
        ("3S 4S 5C 3H", "4C 4H 5S 6D"),
        "play 4C 5S 6D",
        moves=("3S 4S 5C",),
    ),
    Position(
        "on a sequence of four, a sequence of three never answers: pass",
        ("3S 4S 5C 6D 3H", "7S 8S 9S"),
        "pass",
        moves=("3S 4S 5C 6D",),
    ),
    Position(
        "on a sequence of four: the lowest sequence of four, 5D 6H 7D 8D (top 8D)",
        ("3S 4S 5C 6D 3H", "5D 6H 7D 8D 9D"),
        "play 5D 6H 7D 8D",
        moves=("3S 4S 5C 6D",),
    ),
    # -- bombs on the table -------------------------------------------------------------
    Position(
        "on four 5s it holds four 9s, but it never plays a four: pass",
        ("5S 5C 5D 5H 3H", "9S 9C 9D 9H"),
        "pass",
        moves=("5S 5C 5D 5H",),
    ),
    Position(
        "on a double sequence it holds a higher one, but never plays one: pass",
        ("3S 3C 4S 4C 5S 5C 9H", "6S 6C 7S 7C 8S 8C"),
        "pass",
        moves=("3S 3C 4S 4C 5S 5C",),
    ),
]


def _position(p: Position) -> ThirteenState:
    state = ThirteenState.stack(None, list(p.hands), leader=None if p.first_lead else 0)
    for move in p.moves:
        state.apply(parse_action(move))
    return state


@pytest.mark.parametrize("position", POSITIONS, ids=[p.note[:50] for p in POSITIONS])
def test_simple_plays_its_rule(position: Position) -> None:
    state = _position(position)
    view = state.view(state.current)
    action = SimpleBot().choose(view)
    assert action in view.legal_actions
    assert str(action) == str(parse_action(position.expected)), position.note


def test_simple_is_deterministic_whatever_the_seed() -> None:
    state = ThirteenState.new(None, 4, seed=8)
    view = state.view(state.current)
    assert {str(SimpleBot(seed=s).choose(view)) for s in range(5)} == {"play 3S"}
