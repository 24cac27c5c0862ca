"""Rummy's melds and lay-offs: known-answer tables in notation, ace low and ace high.

A set is three or four cards of one rank; a run three or more of one suit in
sequence, aces low (A-2-3), and with ``ace_high`` also high (Q-K-A), never
round the corner (K-A-2). A card lays off on a set of three that lacks its suit,
or just below or above a run. Each row is worked out by hand from those rules.
"""

from __future__ import annotations

import itertools

import pytest

from threethirteen.cards import Card, format_cards, parse_cards, standard_deck
from threethirteen.errors import IllegalActionError
from threethirteen.games.rummy.melds import Meld, MeldKind, fits, meld_kind
from threethirteen.games.rummy.moves import fitting_cards, hand_layoffs, hand_melds

C = Card.parse
SET, RUN = MeldKind.SET, MeldKind.RUN

# cards, kind with aces low, kind with ace-high runs allowed (None: no meld)
MELDS = [
    ("7S 7H 7D", SET, SET),
    ("7S 7H 7D 7C", SET, SET),
    ("AS AH AC", SET, SET),
    ("KD KC KS", SET, SET),
    ("7S 7H", None, None),  # two cards
    ("7S", None, None),
    ("7S 7H 8D", None, None),  # mixed ranks and suits
    ("4H 5H 6H", RUN, RUN),
    ("6H 4H 5H", RUN, RUN),  # any order
    ("4H 5H 6H 7H 8H 9H 10H JH QH KH", RUN, RUN),
    ("AS 2S 3S", RUN, RUN),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", RUN, RUN),  # the whole suit, ace low
    ("QS KS AS", None, RUN),
    ("10C JC QC KC AC", None, RUN),
    ("KS AS 2S", None, None),  # never round the corner
    ("QS KS AS 2S", None, None),
    ("4H 5H 7H", None, None),  # a gap
    ("4H 5H 6D", None, None),  # two suits
    ("4H 4H 5H 6H", None, None),  # a card twice
]


@pytest.mark.parametrize(("text", "low", "high"), MELDS)
def test_what_makes_a_meld(text: str, low: MeldKind | None, high: MeldKind | None) -> None:
    cards = parse_cards(text)
    assert meld_kind(cards) is low
    assert meld_kind(cards, ace_high=True) is high
    for ace_high, kind in ((False, low), (True, high)):
        if kind is None:
            with pytest.raises(IllegalActionError, match="is not a meld"):
                Meld.of(cards, ace_high=ace_high)
        else:
            assert Meld.of(cards, ace_high=ace_high).kind is kind


# cards in any order -> meld order
ORDERS = [
    ("7C 7S 7D", False, "7S 7D 7C"),
    ("9D 9H 9C 9S", False, "9S 9H 9D 9C"),
    ("6H 4H 5H", False, "4H 5H 6H"),
    ("3D AD 2D", False, "AD 2D 3D"),
    ("3D AD 2D", True, "AD 2D 3D"),  # with ace-high allowed, A-2-3 stays low
    ("AS QS KS", True, "QS KS AS"),
    ("JC AC QC KC 10C", True, "10C JC QC KC AC"),
]


@pytest.mark.parametrize(("text", "ace_high", "ordered"), ORDERS)
def test_a_meld_keeps_its_cards_in_meld_order(text: str, ace_high: bool, ordered: str) -> None:
    meld = Meld.of(text, ace_high=ace_high)
    assert str(meld) == ordered
    assert Meld.parse(ordered, ace_high=ace_high) == meld
    assert eval(repr(meld)) == meld  # our own repr


# meld, ace_high, the cards that lay off on it (every other card of the deck does not)
LAYOFFS = [
    ("7S 7H 7D", False, "7C"),
    ("7S 7D 7C", False, "7H"),
    ("7S 7H 7D 7C", False, ""),  # a set of four is full
    ("4H 5H 6H", False, "3H 7H"),
    ("AH 2H 3H", False, "4H"),  # nothing below the low ace
    ("AH 2H 3H", True, "4H"),
    ("2H 3H 4H", False, "AH 5H"),
    ("2H 3H 4H", True, "AH 5H"),
    ("JH QH KH", False, "10H"),  # nothing above the king with aces low
    ("JH QH KH", True, "10H AH"),
    ("QH KH AH", True, "JH"),  # nothing above a high ace (no K-A-2)
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC", False, "KC"),
    ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", True, "AC"),  # either end: the ace
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", True, ""),  # the whole suit is full
]


@pytest.mark.parametrize(("text", "ace_high", "fitting"), LAYOFFS)
def test_what_lays_off_on_a_meld(text: str, ace_high: bool, fitting: str) -> None:
    meld = Meld.of(text, ace_high=ace_high)
    expected = set(parse_cards(fitting))
    assert {card for card in standard_deck() if fits(meld, card)} == expected
    assert set(fitting_cards(meld)) == expected
    assert len(fitting_cards(meld)) == len(expected)  # each card once (2..K takes AC once)
    for card in expected:
        longer = meld.extended(card)
        assert len(longer.cards) == len(meld.cards) + 1
        assert longer.kind is meld.kind
    if not expected:
        with pytest.raises(IllegalActionError, match="does not fit"):
            meld.extended(C("7D") if meld.kind is RUN else C("2C"))


def test_laying_off_keeps_the_meld_in_order() -> None:
    assert str(Meld.of("2H 3H 4H").extended(C("AH"))) == "AH 2H 3H 4H"
    assert str(Meld.of("JH QH KH", ace_high=True).extended(C("AH"))) == "JH QH KH AH"
    assert str(Meld.of("7S 7D 7C").extended(C("7H"))) == "7S 7H 7D 7C"


def every_meld(ace_high: bool) -> list[Meld]:
    """Every set and run of one deck (runs of 3 to 5, 12 and 13 cards, for speed)."""
    deck = standard_deck()
    melds = []
    for size in (3, 4):
        for rank in range(1, 14):
            group = [c for c in deck if int(c.rank or 0) == rank]
            melds += [Meld.of(cards) for cards in itertools.combinations(group, size)]
    for suit in "SHDC":
        ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"] + (["A"] if ace_high else [])
        for size in (3, 4, 5, 12, 13):
            for start in range(len(ranks) - size + 1):
                cards = parse_cards(" ".join(r + suit for r in ranks[start : start + size]))
                melds.append(Meld.of(cards, ace_high=ace_high))
    return melds


@pytest.mark.parametrize("ace_high", [False, True])
def test_the_generator_lists_exactly_the_cards_that_fit(ace_high: bool) -> None:
    for meld in every_meld(ace_high):
        fitting = fitting_cards(meld)
        assert set(fitting) == {c for c in standard_deck() if fits(meld, c)}, str(meld)
        assert len(set(fitting)) == len(fitting), str(meld)


def test_points_count_face_cards_ten_and_the_ace_one() -> None:
    assert Meld.of("JH QH KH").points() == 30
    assert Meld.of("AS 2S 3S").points() == 6
    assert Meld.of("QS KS AS", ace_high=True).points() == 21


# a hand, ace_high, every meld in it in the generator's order
HAND_MELDS = [
    ("2C 9S 9D KC", False, []),
    ("4H 5H 6H", False, ["4H 5H 6H"]),
    ("4H 5H 6H 7H", False, ["4H 5H 6H", "4H 5H 6H 7H", "5H 6H 7H"]),
    ("9S 9H 9D", False, ["9S 9H 9D"]),
    ("9S 9H 9D 9C", False, ["9S 9H 9D", "9S 9H 9C", "9S 9D 9C", "9H 9D 9C", "9S 9H 9D 9C"]),
    ("4H 5H 7H 8H", False, []),
    ("AS 2S 3S QS KS", False, ["AS 2S 3S"]),
    ("AS 2S 3S QS KS", True, ["AS 2S 3S", "QS KS AS"]),
    ("AS 2S KS", True, []),
    ("3C 4C 5C 5D 5H", False, ["5H 5D 5C", "3C 4C 5C"]),
    (
        "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
        True,
        # every segment of 3 or more of A..K plus the high ace, less the 14-card one
        None,
    ),
]


@pytest.mark.parametrize(("hand", "ace_high", "melds"), HAND_MELDS)
def test_every_meld_of_a_hand(hand: str, ace_high: bool, melds: list[str] | None) -> None:
    found = [format_cards(m) for m in hand_melds(parse_cards(hand), ace_high=ace_high)]
    if melds is not None:
        assert found == melds
    else:  # 14 positions (the ace twice): 12+11+...+1 segments of 3..14, less the one of
        # 14 (the ace twice) and 2..A (the same cards as A..K)
        assert len(found) == sum(range(1, 13)) - 2
        assert len(set(found)) == len(found)
    for text in found:
        Meld.of(text, ace_high=ace_high)  # each is a meld, in meld order
        assert str(Meld.of(text, ace_high=ace_high)) == text


def test_lay_offs_of_a_hand_by_card_then_meld_number() -> None:
    table = [Meld.of("4H 5H 6H"), Meld.of("9S 9D 9C"), Meld.of("7S 8S 9S")]
    pairs = hand_layoffs(parse_cards("3H 6S 7H 9H 10S KS"), table)
    assert [(str(c), n) for c, n in pairs] == [
        ("3H", 1),
        ("6S", 3),
        ("7H", 1),
        ("9H", 2),
        ("10S", 3),
    ]
