"""Card notation, the multiset of two decks, and the shoe.

The accepted spellings come from the notation in the issue and docs/notation.md:
rank ``A 2..10 J Q K`` (``T`` for ten) then suit ``S H D C`` or ``♠ ♥ ♦ ♣``, any
case; a joker is ``JK`` or ``*``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from threethirteen.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    format_cards,
    make_shoe,
    parse_cards,
    standard_deck,
)
from threethirteen.errors import NotationError, ThreeThirteenError

RANK_TEXTS = {
    Rank.ACE: ["A"],
    Rank.TWO: ["2"],
    Rank.THREE: ["3"],
    Rank.FOUR: ["4"],
    Rank.FIVE: ["5"],
    Rank.SIX: ["6"],
    Rank.SEVEN: ["7"],
    Rank.EIGHT: ["8"],
    Rank.NINE: ["9"],
    Rank.TEN: ["10", "T"],
    Rank.JACK: ["J"],
    Rank.QUEEN: ["Q"],
    Rank.KING: ["K"],
}
SUIT_TEXTS = {
    Suit.SPADES: ["S", "♠"],
    Suit.HEARTS: ["H", "♥"],
    Suit.DIAMONDS: ["D", "♦"],
    Suit.CLUBS: ["C", "♣"],
}
ALL_CARDS = [Card(rank, suit) for suit in Suit for rank in Rank] + [JOKER]

cards = st.sampled_from(ALL_CARDS)


def _random_case(draw: st.DrawFn, text: str) -> str:
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(ch.lower() if flip else ch.upper() for ch, flip in zip(text, flips, strict=True))


@st.composite
def spellings(draw: st.DrawFn) -> tuple[str, Card]:
    """Any spelling the notation allows, with the card it names."""
    card = draw(cards)
    if card.is_joker:
        text = draw(st.sampled_from(["JK", "*"]))
    else:
        assert card.rank is not None and card.suit is not None
        text = draw(st.sampled_from(RANK_TEXTS[card.rank])) + draw(
            st.sampled_from(SUIT_TEXTS[card.suit])
        )
    pad = draw(st.sampled_from(["", " ", "\t"]))
    return pad + _random_case(draw, text) + pad, card


# -- round trips ----------------------------------------------------------------------


def test_there_are_53_distinct_cards() -> None:
    assert len(set(ALL_CARDS)) == 53
    assert set(standard_deck()) == set(ALL_CARDS) - {JOKER}


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_str_pretty_and_repr(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty()) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card)) == card  # repr is an expression that rebuilds the card


@given(cards)
def test_parse_of_str_is_identity(card: Card) -> None:
    assert Card.parse(str(card)) == card


@given(spellings())
def test_every_allowed_spelling_parses_to_its_card(spelled: tuple[str, Card]) -> None:
    text, card = spelled
    assert Card.parse(text) == card


@given(st.lists(cards, max_size=20))
def test_format_then_parse_keeps_the_multiset_in_order(hand: list[Card]) -> None:
    assert list(parse_cards(format_cards(hand))) == hand


def test_canonical_forms() -> None:
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "10H"
    assert str(Card.parse("th")) == "10H"
    assert Card(Rank.TEN, Suit.HEARTS).pretty() == "10♥"
    assert str(Card(Rank.QUEEN, Suit.SPADES)) == "QS"
    assert str(JOKER) == "JK"
    assert Card.parse("*") == JOKER
    assert Card.parse("jk") == JOKER


def test_a_hand_is_a_multiset_two_identical_cards_are_equal() -> None:
    hand = parse_cards("7H 7h 7♥ JK *")
    assert Counter(hand) == Counter({Card(Rank.SEVEN, Suit.HEARTS): 3, JOKER: 2})


def test_parse_cards_accepts_commas_and_an_iterable() -> None:
    expected = (Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.CLUBS))
    assert parse_cards("AS,10C") == expected
    assert parse_cards(["AS", "10C"]) == expected
    assert parse_cards("") == ()


# -- malformed cards --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["7X", "11H", "1H", "HH", "10", "", "JKK", "7", "Z*", "0S", "7HH", "♥♥"]
)
def test_malformed_card_is_a_notation_error_quoting_the_text(text: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError)  # the whole hierarchy is ValueError
    assert isinstance(err.value, ThreeThirteenError)


def test_parse_cards_quotes_the_first_bad_card() -> None:
    with pytest.raises(NotationError, match="'QX'"):
        parse_cards("7H QX 8Y")


@given(st.text(max_size=6))
def test_any_text_parses_to_a_round_tripping_card_or_fails_quoting_it(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError as exc:
        assert repr(text) in str(exc)
    else:
        assert Card.parse(str(card)) == card


def test_a_half_card_cannot_be_built() -> None:
    with pytest.raises(NotationError):
        Card(Rank.ACE, None)
    with pytest.raises(NotationError):
        Card(None, Suit.HEARTS)


# -- encodings and ordering -----------------------------------------------------------


def test_index_is_dense_and_inverts() -> None:
    indexes = [c.index for c in ALL_CARDS]
    assert sorted(indexes) == list(range(53))
    for card in ALL_CARDS:
        assert Card.from_index(card.index) == card
    with pytest.raises(NotationError):
        Card.from_index(53)


def test_sort_keys_group_by_suit_or_rank_with_jokers_last() -> None:
    hand = parse_cards("JK 3C KS 3S AH")
    by_suit = [str(c) for c in sorted(hand, key=lambda c: c.sort_key("suit"))]
    by_rank = [str(c) for c in sorted(hand, key=lambda c: c.sort_key("rank"))]
    assert by_suit == ["3S", "KS", "AH", "3C", "JK"]
    assert by_rank == ["AH", "3S", "3C", "KS", "JK"]


def test_rank_names_for_messages() -> None:
    assert Rank.EIGHT.plural == "8s"
    assert Rank.KING.plural == "Kings"
    assert Rank.ACE.plural == "Aces"
    assert Suit.HEARTS.is_red and not Suit.CLUBS.is_red


# -- the shoe ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("decks", "jokers", "size"), [(1, 0, 52), (2, 0, 104), (2, 4, 108), (3, 0, 156), (2, 2, 106)]
)
def test_shoe_sizes_and_copies(decks: int, jokers: int, size: int) -> None:
    shoe = make_shoe(decks, jokers)
    assert len(shoe) == size
    counts = Counter(shoe)
    assert counts.pop(JOKER, 0) == jokers
    assert len(counts) == 52
    assert set(counts.values()) == {decks}


@pytest.mark.parametrize(("decks", "jokers"), [(0, 0), (1, -1), (-2, 4)])
def test_impossible_shoe_is_an_error(decks: int, jokers: int) -> None:
    with pytest.raises(NotationError, match=str(decks)):
        make_shoe(decks, jokers)
