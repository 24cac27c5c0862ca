"""Thirteen's card order and combinations: classify, beats, the play order, round trips.

The expected answers come from the rules page (cardgames.io's Thirteen, seed 003):
ranks 3 low .. A, 2 high; suits ♠ ♣ ♦ ♥ low to high; a sequence is 3+ consecutive
ranks without a 2, a double sequence 3+ consecutive pairs; the same kind and size with
a higher top card beats; bombs beat 2s.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from threethirteen.cards import JOKER, Card, Rank, Suit, format_cards, parse_cards
from threethirteen.errors import IllegalActionError, NotationError
from threethirteen.games.thirteen.cards import (
    RANK_ORDER,
    SUIT_ORDER,
    THREE_OF_SPADES,
    card_of_strength,
    deck,
    parse_hand,
    rank_value,
    sort_cards,
    strength,
)
from threethirteen.games.thirteen.combos import Combo, Kind, beats, classify, play_order_key

# -- the card order -----------------------------------------------------------------------


def test_rank_and_suit_orders_are_the_pages() -> None:
    assert " ".join(r.symbol for r in RANK_ORDER) == "3 4 5 6 7 8 9 10 J Q K A 2"
    assert [s.symbol for s in SUIT_ORDER] == ["♠", "♣", "♦", "♥"]
    assert rank_value(Rank.THREE) == 0
    assert rank_value(Rank.ACE) == 11
    assert rank_value(Rank.TWO) == 12


@pytest.mark.parametrize(
    ("text", "expected"),
    [("3S", 0), ("3C", 1), ("3D", 2), ("3H", 3), ("4S", 4), ("10H", 31), ("AS", 44), ("2H", 51)],
)
def test_strength_is_rank_then_suit(text: str, expected: int) -> None:
    assert strength(Card.parse(text)) == expected


@pytest.mark.parametrize(
    ("low", "high"),
    [
        ("4H", "5S"),  # rank before suit: the page's example
        ("5S", "5H"),
        ("5C", "5D"),
        ("AH", "2S"),  # the 2 is the highest card
        ("KH", "AS"),
    ],
)
def test_the_pages_card_comparisons(low: str, high: str) -> None:
    assert strength(Card.parse(low)) < strength(Card.parse(high))


def test_deck_is_52_cards_ascending_from_three_of_spades() -> None:
    cards = deck()
    assert len(set(cards)) == 52
    assert cards[0] == THREE_OF_SPADES == Card(Rank.THREE, Suit.SPADES)
    assert cards[-1] == Card.parse("2H")
    assert [strength(c) for c in cards] == list(range(52))


def test_strength_refuses_a_joker() -> None:
    with pytest.raises(NotationError, match="JK"):
        strength(JOKER)


@pytest.mark.parametrize("bad", [-1, 52])
def test_card_of_strength_refuses_out_of_range(bad: int) -> None:
    with pytest.raises(NotationError, match=str(bad)):
        card_of_strength(bad)


@given(st.integers(0, 51))
def test_card_of_strength_inverts_strength(s: int) -> None:
    assert strength(card_of_strength(s)) == s


@given(st.permutations(deck()))
def test_sort_cards_is_ascending_strength(cards: list[Card]) -> None:
    assert sort_cards(cards) == deck()


def test_parse_hand_sorts() -> None:
    assert format_cards(parse_hand("2S AH 3D 10C 10S")) == "3D 10S 10C AH 2S"
    assert parse_hand(["KD", "3S QH"]) == parse_cards("3S QH KD")


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("3S 4S 3S", "'3S'"), ("7H JK", "'JK'"), ("7H 9X", "'9X'")],
)
def test_parse_hand_refuses_duplicates_jokers_and_bad_notation(text: str, quoted: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert quoted in str(info.value)


# -- classify -----------------------------------------------------------------------------

CLASSIFIED = [
    ("7H", Kind.SINGLE),
    ("2S", Kind.SINGLE),
    ("9C 9D", Kind.PAIR),
    ("2S 2H", Kind.PAIR),
    ("KS KD KH", Kind.TRIPLE),
    ("5S 5C 5D 5H", Kind.FOUR),
    ("2S 2C 2D 2H", Kind.FOUR),
    ("3S 4C 5H", Kind.SEQUENCE),
    ("5H 3S 4C", Kind.SEQUENCE),  # any order
    ("QS KD AH", Kind.SEQUENCE),  # the highest sequence ends at A
    ("4S 5S 6S 7S", Kind.SEQUENCE),
    ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", Kind.SEQUENCE),
    ("3S 3C 4D 4H 5S 5C", Kind.DOUBLE_SEQUENCE),
    ("8S 8C 9S 9C 10D 10H JS JC", Kind.DOUBLE_SEQUENCE),
    ("QS QC KS KH AD AH", Kind.DOUBLE_SEQUENCE),
]


@pytest.mark.parametrize(("text", "kind"), CLASSIFIED)
def test_classify_known_answers(text: str, kind: Kind) -> None:
    cards = parse_cards(text)
    combo = classify(cards)
    assert combo.kind is kind
    assert combo.cards == sort_cards(cards)
    assert combo.size == len(cards)
    assert combo.high == sort_cards(cards)[-1]


NOT_COMBINATIONS = [
    "3S 5D",  # two ranks, not a pair
    "3S 4S",  # a sequence needs 3 ranks
    "2S 3S 4S",  # a 2 in a sequence
    "KS AS 2S",  # ... even at the top
    "AS 2S 3S",  # no wrapping round
    "3S 5S 6S",  # a gap
    "3S 4S 4C 5S",  # a sequence holds one card a rank
    "3S 3C 4S 4C",  # only 2 pairs
    "3S 3C 4S 4C 5S",  # an odd card out
    "3S 3C 3D 4S 4C 4D",  # three of a rank is no double sequence
    "3S 3C 4S 4C 5S 6S",
    "3S 3C 5S 5C 6S 6C",  # pairs with a gap
    "KS KC AS AC 2S 2C",  # 2s in a double sequence
]


@pytest.mark.parametrize("text", NOT_COMBINATIONS)
def test_classify_refuses_and_quotes_the_cards(text: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        classify(parse_cards(text))
    assert str(info.value).startswith(f"not a combination: {text!r}")


def test_classify_refuses_an_empty_play() -> None:
    with pytest.raises(IllegalActionError, match="empty"):
        classify([])


def test_classify_refuses_a_duplicate_card() -> None:
    with pytest.raises(IllegalActionError, match="'3S 3S'"):
        classify(parse_cards("3S 3S"))


def test_classify_refuses_a_joker() -> None:
    with pytest.raises(IllegalActionError, match="'3S JK 5S'"):
        classify(parse_cards("3S JK 5S"))


def test_a_long_quote_is_cut() -> None:
    text = "3S 5S 7S 9S JS KS 2S 3H 5H 7H 9H JH KH 2H 4D 6D 8D 10D QD AD 3C 5C 7C"
    with pytest.raises(IllegalActionError) as info:
        classify(parse_cards(text))
    message = str(info.value)
    assert "..." in message
    assert text[:40] in message
    assert text[-20:] not in message


def test_parse_refuses_bad_notation_before_classifying() -> None:
    with pytest.raises(NotationError, match="'3S'"):
        Combo.parse("3S 3S 4S")
    with pytest.raises(NotationError, match="JK"):
        Combo.parse("JK")
    with pytest.raises(IllegalActionError, match="'9H 3S'"):
        Combo.parse("9H 3S")


def test_combo_properties() -> None:
    four = Combo.parse("7H 7S 7D 7C")
    assert (str(four), four.high, four.size, four.pairs, four.is_bomb) == (
        "7S 7C 7D 7H",
        Card.parse("7H"),
        4,
        0,
        True,
    )
    double = Combo.parse("5H 5D 3S 3C 4D 4H 6S 6C")
    assert str(double) == "3S 3C 4D 4H 5D 5H 6S 6C"
    assert (double.pairs, double.is_bomb, double.high) == (4, True, Card.parse("6C"))
    run = Combo.parse("3S 4C 5H")
    assert (run.pairs, run.is_bomb, repr(run)) == (0, False, "Combo.parse('3S 4C 5H')")
    assert not Combo.parse("2S 2C 2D").is_bomb
    assert str(Kind.DOUBLE_SEQUENCE) == "double-sequence"


# -- beats --------------------------------------------------------------------------------

BEATS = [
    # The page's examples.
    ("5H", "5C", True),
    ("5C", "5H", False),
    ("5C 5H", "5D 5S", True),
    ("5S 5D", "5C 5H", False),
    ("6S 6C", "5D 5H", True),  # any pair of 6s on any pair of 5s
    ("5C 6H 7D", "5D 6D 7C", True),
    ("5D 6D 7C", "5C 6H 7D", False),
    ("6S 7S 8S", "5D 6H 7H", True),  # a sequence starting higher
    ("3S 4S 5S", "4H 5H 6H 7H", False),  # 3 cards on 4
    ("4H 5H 6H 7H", "3S 4S 5S", False),  # 4 cards on 3
    ("9S 9C", "5H", False),  # a pair cannot follow a single
    ("9S", "5D 5H", False),
    ("6S 7S 8S", "KS KC KD", False),
    ("AS AC AD", "KS KC KD", True),
    ("2S", "AH", True),
    ("AH", "2S", False),
    ("2C", "2S", True),
    ("2C 2H", "2S 2D", True),
    ("5C 5H", "5S 5H", False),  # the same top card is not higher
    ("4C 5H 6H", "4S 5S 6H", False),
    # Bombs on 2s.
    ("7S 7C 7D 7H", "2H", True),
    ("3S 3C 4S 4C 5S 5C", "2H", True),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "2H", True),
    ("3S 3C 4S 4C 5S 5C", "2S 2C", False),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "2S 2C", True),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "2S 2C 2D", False),
    ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", "2S 2C 2D", True),
    ("7S 7C 7D 7H", "2S 2C", False),
    ("7S 7C 7D 7H", "2S 2C 2D", False),
    # Bombs on bombs: the same type, higher.
    ("8S 8C 8D 8H", "7S 7C 7D 7H", True),
    ("7S 7C 7D 7H", "8S 8C 8D 8H", False),
    ("4S 4C 5S 5C 6D 6H", "3S 3C 4D 4H 5D 5H", True),
    ("3S 3C 4S 4C 5S 5H", "3D 3H 4D 4H 5C 5D", True),  # the top card decides
    ("3S 3C 4S 4C 5S 5C", "3S 3C 4S 4C 5S 5C 6S 6C", False),  # 3 pairs on 4
    ("4S 4C 5S 5C 6S 6C 7S 7C", "3S 3C 4S 4C 5S 5C", False),  # 4 pairs on 3
    ("7S 7C 7D 7H", "3S 3C 4S 4C 5S 5C", False),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "7S 7C 7D 7H", False),
    # Bombs beat nothing else.
    ("7S 7C 7D 7H", "6H", False),
    ("7S 7C 7D 7H", "AH", False),
    ("3S 3C 4S 4C 5S 5C", "AH", False),
    ("3S 3C 4S 4C 5S 5C 6S 6C", "KS KC", False),
    ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", "AS AC AD", False),
    ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C", "2S 2C 2D 2H", False),
]


@pytest.mark.parametrize(("play", "table", "expected"), BEATS)
def test_beats_known_answers(play: str, table: str, expected: bool) -> None:
    assert beats(Combo.parse(play), Combo.parse(table)) is expected


def test_four_2s_are_a_four_of_a_kind_and_beat_a_single_2() -> None:
    assert beats(Combo.parse("2S 2C 2D 2H"), Combo.parse("2C")) is True


@pytest.mark.parametrize(
    ("play", "table", "expected"),
    [
        ("7S 7C 7D 7H", "2S 2C", True),
        ("3S 3C 4S 4C 5S 5C", "2S 2C", False),
        ("7S 7C 7D 7H", "2S 2C 2D", False),
        ("7S 7C 7D 7H", "9H", False),
        ("7S 7C 7D 7H", "9S 9H", False),
    ],
)
def test_four_on_a_pair_of_2s_house_rule(play: str, table: str, expected: bool) -> None:
    assert beats(Combo.parse(play), Combo.parse(table), four_on_pair_of_twos=True) is expected


# -- the play order -----------------------------------------------------------------------


def test_play_order_sorts_by_size_kind_top_card_then_cards() -> None:
    listed = [
        "3H",
        "2S",
        "3C 3H",  # top 3H (3) before ...
        "4S 4C",  # ... top 4C (5) before ...
        "4S 4H",  # ... top 4H (7)
        "5S 5C 5D",
        "3S 4S 5S",  # a sequence after a triple of the same size
        "3S 4C 5C",  # same top card: then the cards ascending
        "3C 4S 5C",
        "3S 4S 5S 6S",
        "9S 9C 9D 9H",  # a four after a sequence of 4
        "4S 5S 6S 7S 8S 9S",
        "3S 3C 4S 4C 5S 5C",  # a double sequence after a sequence of 6
    ]
    combos = [Combo.parse(text) for text in listed]
    assert [str(c) for c in sorted(reversed(combos), key=play_order_key)] == [
        format_cards(parse_hand(text)) for text in listed
    ]


# -- round trips --------------------------------------------------------------------------


@st.composite
def combos(draw: st.DrawFn, twos: bool = False) -> tuple[Kind, list[Card]]:
    """A combination built from its rules (kind first), with its cards shuffled."""
    kind = draw(st.sampled_from(Kind))
    if kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FOUR):
        size = [Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FOUR].index(kind) + 1
        # With ``twos``, 2s come often: the tables bombs are played on.
        ranks = st.sampled_from(RANK_ORDER)
        rank = draw(st.just(Rank.TWO) | ranks if twos else ranks)
        cards = [Card(rank, suit) for suit in draw(st.permutations(SUIT_ORDER))[:size]]
    elif kind is Kind.SEQUENCE:
        length = draw(st.integers(3, 12))
        start = draw(st.integers(0, 12 - length))
        cards = [
            Card(RANK_ORDER[v], draw(st.sampled_from(SUIT_ORDER)))
            for v in range(start, start + length)
        ]
    else:
        pairs = draw(st.integers(3, 6))
        start = draw(st.integers(0, 12 - pairs))
        cards = [
            Card(RANK_ORDER[v], suit)
            for v in range(start, start + pairs)
            for suit in draw(st.permutations(SUIT_ORDER))[:2]
        ]
    return kind, draw(st.permutations(cards))


@given(combos())
def test_classify_finds_the_kind_it_was_built_as(built: tuple[Kind, list[Card]]) -> None:
    kind, cards = built
    combo = classify(cards)
    assert combo.kind is kind
    assert combo.cards == sort_cards(cards)


@given(combos())
def test_combo_round_trips_through_text(built: tuple[Kind, list[Card]]) -> None:
    combo = classify(built[1])
    assert Combo.parse(str(combo)) == combo
    assert eval(repr(combo), {"Combo": Combo}) == combo


@given(st.lists(st.sampled_from(deck()), min_size=1, max_size=8, unique=True))
def test_classify_agrees_with_the_definition(cards: list[Card]) -> None:
    # The definition, stated over ranks: one rank, or 3+ consecutive ranks without a 2
    # holding one card each or two cards each.
    values = sorted(rank_value(c.rank) for c in cards if c.rank is not None)
    distinct = sorted(set(values))
    consecutive = distinct == list(range(distinct[0], distinct[0] + len(distinct)))
    no_two = 12 not in distinct
    each = {values.count(v) for v in distinct}
    if len(distinct) == 1:
        expected: Kind | None = [Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FOUR][len(cards) - 1]
    elif consecutive and no_two and len(distinct) >= 3 and each == {1}:
        expected = Kind.SEQUENCE
    elif consecutive and no_two and len(distinct) >= 3 and each == {2}:
        expected = Kind.DOUBLE_SEQUENCE
    else:
        expected = None
    if expected is None:
        with pytest.raises(IllegalActionError):
            classify(cards)
    else:
        assert classify(cards).kind is expected
