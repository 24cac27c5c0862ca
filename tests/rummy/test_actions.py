"""Rummy's action notation: every form it reads, what it prints, and malformed text.

Parsing is syntax only; the tables below are written in notation and worked out
from the notation table in docs/rummy.md (the spec's "Actions").
"""

from __future__ import annotations

import pytest

from threethirteen.cards import Card, parse_cards
from threethirteen.errors import NotationError
from threethirteen.games.rummy.actions import (
    Discard,
    Draw,
    LayOff,
    NewMeld,
    Take,
    parse_action,
    sort_cards,
)

C = Card.parse

READS = [
    # text as typed, the action it reads as (printed)
    ("draw", "draw"),
    ("DRAW", "draw"),
    ("stock", "draw"),
    ("take", "take"),
    ("Pile", "take"),
    ("meld 4H 5H 6H", "meld 4H 5H 6H"),
    ("meld 6h 4h 5h", "meld 4H 5H 6H"),
    ("meld 6H,5H,4H,7H", "meld 4H 5H 6H 7H"),
    ("meld 9C 9S 9D", "meld 9S 9D 9C"),  # a set in suit order S H D C
    ("meld 9C 9H 9S 9D", "meld 9S 9H 9D 9C"),
    ("meld 3H AH 2H", "meld AH 2H 3H"),  # ace low
    ("meld AS KS QS", "meld QS KS AS"),  # a run only with ace-high: still kept in meld order
    ("meld TH 9H JH", "meld 9H 10H JH"),
    ("meld 9D 2C 9S", "meld 2C 9S 9D"),  # not a meld: by rank then suit
    ("meld KS AS 2S", "meld AS 2S KS"),  # never K-A-2
    ("meld 4H", "meld 4H"),  # too short: the state's business
    ("layoff 7H on 2", "layoff 7H on 2"),
    ("layoff 7h 2", "layoff 7H on 2"),
    ("lay 7H on 2", "layoff 7H on 2"),
    ("LAY 10c ON 12", "layoff 10C on 12"),
    ("discard KC", "discard KC"),
    ("KC", "discard KC"),
    ("  discard   ac ", "discard AC"),
    ("10♥", "discard 10H"),
]


@pytest.mark.parametrize(("text", "printed"), READS)
def test_notation_reads_and_prints(text: str, printed: str) -> None:
    action = parse_action(text)
    assert str(action) == printed
    assert parse_action(printed) == action


@pytest.mark.parametrize(
    "action",
    [
        Draw(),
        Take(),
        NewMeld(parse_cards("4H 5H 6H")),
        NewMeld(parse_cards("QS KS AS")),
        LayOff(C("7H"), 3),
        Discard(C("KC")),
    ],
)
def test_repr_rebuilds_the_action(action: object) -> None:
    assert eval(repr(action)) == action  # our own repr


def test_equal_melds_compare_equal_whatever_the_order_given() -> None:
    assert NewMeld.of("6H 4H 5H") == NewMeld.of("4H 5H 6H")
    assert hash(NewMeld.of("9C 9S 9D")) == hash(NewMeld.of("9S 9D 9C"))
    assert NewMeld.of("2S 3S AS").cards == parse_cards("AS 2S 3S")
    assert NewMeld.parse("meld 5D 4D 3D") == NewMeld.of("3D 4D 5D")


def test_sort_cards_is_by_rank_then_suit() -> None:
    assert sort_cards(parse_cards("KC 2H AS 2S 10D 2C")) == parse_cards("AS 2S 2H 2C 10D KC")


MALFORMED = [
    # text, a part of the message
    ("", "expected 'draw', 'take'"),
    ("   ", "expected 'draw', 'take'"),
    ("draw 7H", "expected 'draw'"),
    ("take KC", "expected 'draw'"),
    ("meld", "expected 'draw'"),
    ("meld 4H 4H 5H", "4H is listed twice"),
    ("meld 4H JK 6H", "no jokers"),
    ("meld 4H 5X 6H", "malformed card '5X'"),
    ("layoff 7H", "expected 'layoff CARD on NUMBER'"),
    ("layoff 7H on", "the table meld number 'on' is not a whole number"),
    ("layoff 7H at 2", "expected 'layoff CARD on NUMBER'"),
    ("layoff 7H on two", "'two' is not a whole number"),
    ("layoff 7H on 0", "a table meld number is 1 or more, got 0"),
    ("layoff 7H on -1", "'-1' is not a whole number"),
    ("layoff ZZ on 1", "malformed card 'ZZ'"),
    ("discard", "expected 'draw'"),
    ("discard 7H 8H", "expected 'draw'"),
    ("discard JK", "no jokers"),
    ("7H 8H", "expected 'draw'"),
    ("pass", "malformed card 'pass'"),
    ("1Z", "malformed card '1Z'"),
]


@pytest.mark.parametrize(("text", "part"), MALFORMED)
def test_malformed_text_is_quoted(text: str, part: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    message = str(caught.value)
    assert part in message
    assert f"malformed action {text[:60]!r}" in message


def test_long_text_is_quoted_short() -> None:
    text = "meld " + "4H " * 100
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert repr(text[:60]) in str(caught.value)
    assert len(str(caught.value)) < 200


def test_non_text_is_refused() -> None:
    with pytest.raises(NotationError, match="an action is text"):
        parse_action(7)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("build", "part"),
    [
        (lambda: NewMeld(()), "a meld needs cards"),
        (lambda: NewMeld((C("4H"), C("4H"), C("5H"))), "4H is listed twice"),
        (lambda: LayOff(C("JK"), 1), "no jokers"),
        (lambda: LayOff(C("7H"), True), "a table meld number is 1 or more"),
        (lambda: Discard("7H"), "expected a card"),  # type: ignore[arg-type]
    ],
)
def test_constructors_check_their_fields(build: object, part: str) -> None:
    with pytest.raises(NotationError, match=part):
        build()  # type: ignore[operator]
