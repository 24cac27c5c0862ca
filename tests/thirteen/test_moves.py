"""The move generator: hand-counted examples, and the naive all-subsets oracle over random deals."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from threethirteen.cards import JOKER, Card, format_cards
from threethirteen.errors import NotationError
from threethirteen.games.thirteen.cards import THREE_OF_SPADES, deck, parse_hand, rank_value
from threethirteen.games.thirteen.combos import Combo, Kind, classify
from threethirteen.games.thirteen.moves import legal_plays
from threethirteen.games.thirteen.moves_reference import naive_legal_plays

from .test_combos import combos


def plays(hand: str, table: str | None, **options: object) -> list[str]:
    found = legal_plays(
        parse_hand(hand),
        None if table is None else Combo.parse(table),
        **options,  # type: ignore[arg-type]
    )
    return [str(play) for play in found]


# -- hand-checked examples ------------------------------------------------------------------


def test_leading_lists_every_single_pair_and_sequence() -> None:
    # 7 singles; the pairs of 5s and 9s; 3-4-5 with either 5.
    assert plays("3S 4S 5S 5H 9D 9C 2H", None) == [
        "3S",
        "4S",
        "5S",
        "5H",
        "9C",
        "9D",
        "2H",
        "5S 5H",
        "9C 9D",
        "3S 4S 5S",
        "3S 4S 5H",
    ]


def test_following_a_pair_takes_only_higher_pairs() -> None:
    assert plays("3S 4S 5S 5H 9D 9C 2H", "4D 4C") == ["5S 5H", "9C 9D"]


def test_following_a_single_takes_higher_singles_by_strength() -> None:
    assert plays("3S 4S 5S 5H 9D 9C 2H", "5C") == ["5H", "9C", "9D", "2H"]


def test_following_a_sequence_takes_the_same_length_topped_higher() -> None:
    # Topped by 6C or 6H (above the table's 6S), by 7D, or by 8S; never 4 cards long.
    assert plays("4H 5H 6C 6H 7D 8S", "4S 5S 6S") == [
        "4H 5H 6C",
        "4H 5H 6H",
        "5H 6C 7D",
        "5H 6H 7D",
        "6C 7D 8S",
        "6H 7D 8S",
    ]


def test_a_four_and_higher_2s_on_a_single_2() -> None:
    assert plays("3S 7S 7C 7D 7H 2C 2H", "2S") == ["2C", "2H", "7S 7C 7D 7H"]


def test_a_four_on_a_pair_of_2s_only_with_the_house_rule() -> None:
    hand = "3S 7S 7C 7D 7H 2C 2H"
    assert plays(hand, "2S 2D") == ["2C 2H"]
    assert plays(hand, "2S 2D", four_on_pair_of_twos=True) == ["2C 2H", "7S 7C 7D 7H"]
    assert plays(hand, "2S 2C 2D", four_on_pair_of_twos=True) == []


def test_double_sequences_on_2s_by_their_number_of_pairs() -> None:
    hand = "3S 3C 4S 4C 5D 5H 6S 6H"
    three_and_four = ["3S 3C 4S 4C 5D 5H", "4S 4C 5D 5H 6S 6H", "3S 3C 4S 4C 5D 5H 6S 6H"]
    assert plays(hand, "2S") == three_and_four
    assert plays(hand, "2S 2C") == three_and_four[2:]
    assert plays(hand, "2S 2C 2D") == []
    assert plays(hand, "AS") == []


def test_a_bomb_follows_its_own_kind_higher_only() -> None:
    assert plays("3S 3C 4S 4C 5D 5H 6S 6H 8S 8C 8D 8H", "7S 7C 7D 7H") == ["8S 8C 8D 8H"]
    assert plays("3S 3C 4S 4C 5D 5H 6S 6H", "3D 3H 4D 4H 5S 5C") == [
        "3S 3C 4S 4C 5D 5H",  # 5H tops 5C
        "4S 4C 5D 5H 6S 6H",
    ]


def test_the_first_lead_holds_the_required_card() -> None:
    assert plays("3S 3H 4D 5C 5S", None, must_contain=THREE_OF_SPADES) == [
        "3S",
        "3S 3H",
        "3S 4D 5S",
        "3S 4D 5C",
    ]
    assert plays("4D 5C 5S", None, must_contain=THREE_OF_SPADES) == []


def test_a_required_card_at_the_top_of_a_double_sequence() -> None:
    assert plays("3S 3C 4S 4C 5S 5C 5D", None, must_contain=Card.parse("5D")) == [
        "5D",
        "5S 5D",
        "5C 5D",
        "5S 5C 5D",
        "3S 4S 5D",
        "3S 4C 5D",
        "3C 4S 5D",
        "3C 4C 5D",
        "3S 3C 4S 4C 5S 5D",
        "3S 3C 4S 4C 5C 5D",
    ]


@pytest.mark.parametrize(
    ("hand", "table", "expected"),
    [
        ("5C 5H", "5C", ["5H"]),
        ("5S 5C 5H", "5S 5H", []),
        ("4S 5S 6S 6H", "4S 5S 6S", ["4S 5S 6H"]),
        (
            "3S 3C 4S 4C 5S 5C 5H",
            "3S 3C 4S 4C 5S 5C",
            ["3S 3C 4S 4C 5S 5H", "3S 3C 4S 4C 5C 5H"],
        ),
    ],
)
def test_a_card_equal_to_the_tables_top_card_does_not_beat_it(
    hand: str, table: str, expected: list[str]
) -> None:
    # The API does not forbid a hand holding the table's cards; strength must still rise.
    assert plays(hand, table) == expected


def test_a_required_card_just_below_a_sequence_keeps_it_out() -> None:
    assert plays("3S 4S 5S 6S", None, must_contain=THREE_OF_SPADES) == [
        "3S",
        "3S 4S 5S",
        "3S 4S 5S 6S",
    ]


def test_leading_counts_a_dense_hand() -> None:
    # 3S 3C 3D 4S 4C 5S 5C: 7 singles, 3 + 1 + 1 pairs, 1 triple, 3*2*2 = 12 sequences,
    # 3 double sequences (a pair of 3s each with 4S 4C and 5S 5C).
    found = legal_plays(parse_hand("3S 3C 3D 4S 4C 5S 5C"), None)
    kinds = [play.kind for play in found]
    assert [kinds.count(kind) for kind in Kind] == [7, 5, 1, 0, 12, 3]


def test_the_hand_must_hold_distinct_cards_without_jokers() -> None:
    with pytest.raises(NotationError, match="'3S'"):
        legal_plays([Card.parse("3S"), Card.parse("3S")], None)
    with pytest.raises(NotationError, match="JK"):
        legal_plays([Card.parse("3S"), JOKER], None)


@pytest.mark.parametrize("rank", ["3", "10", "A", "2"])
def test_four_cards_of_a_rank_make_15_plays(rank: str) -> None:
    # 4 singles, 6 pairs, 4 triples and the four: each what classify makes of its cards.
    found = legal_plays(parse_hand([rank + suit for suit in "SCDH"]), None)
    assert [play.size for play in found] == [1] * 4 + [2] * 6 + [3] * 4 + [4]
    assert all(classify(play.cards) == play for play in found)


# -- the oracle ---------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], Combo | None]:
    """A hand and a table from one deck: uniform, or dense in a few ranks (pairs, bombs)."""
    table = None
    if draw(st.integers(0, 3)):
        table = classify(draw(combos(twos=True))[1])
    # Now and then the hand may hold the table's cards: the API does not forbid it, and a
    # card equal to the table's top card must not beat it.
    overlap = draw(st.integers(0, 4)) == 0
    rest = [card for card in deck() if overlap or table is None or card not in table.cards]
    if draw(st.booleans()):
        low = draw(st.integers(0, 10))
        width = draw(st.integers(3, 6))
        rest = [c for c in rest if c.rank is not None and low <= rank_value(c.rank) < low + width]
    hand = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=13, unique=True))
    return hand, table


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals(), st.booleans(), st.integers(0, 2))
def test_legal_plays_equal_the_naive_oracle(
    deal: tuple[list[Card], Combo | None], house: bool, must: int
) -> None:
    hand, table = deal
    # Half the time no required card; else one in the hand (or 3S, maybe not in it).
    required = [None, hand[-1], THREE_OF_SPADES][must]
    fast = legal_plays(hand, table, must_contain=required, four_on_pair_of_twos=house)
    slow = naive_legal_plays(hand, table, must_contain=required, four_on_pair_of_twos=house)
    assert fast == slow, (format_cards(hand), str(table), required)
