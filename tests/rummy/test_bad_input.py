"""Bad input to a Rummy match: every illegal action raises IllegalActionError quoting it,
saying who was to act in which phase and why, and leaves the state unchanged.

The position (worked out by hand): seat 0 holds 4H 5H 6H 9S 9D KC and seat 1
holds 2C 3D 8C 9C; the table holds 1) 10S 10H 10D (seat 1's); the pile is 2S 7H
(7H on top); the stock's top is QD. Unless a row says otherwise, seat 0 has just
taken 7H from the pile, so it is in phase meld.
"""

from __future__ import annotations

from typing import Any

import pytest

from threethirteen.cards import Card
from threethirteen.errors import IllegalActionError, NotationError
from threethirteen.games.rummy.actions import Action, Discard, LayOff, NewMeld, parse_action
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.thirteen.actions import Pass

C = Card.parse


def position(rules: Rules | None = None, *, taken: bool = True) -> RummyState:
    state = RummyState.stack(
        rules,
        ["4H 5H 6H 9S 9D KC", "2C 3D 8C 9C"],
        pile="2S 7H",
        stock="AC QD",
        table=["10S 10H 10D"],
        table_owners=[1],
    )
    if taken:
        state.apply(parse_action("take"))
    return state


def fingerprint(state: RummyState) -> tuple[Any, ...]:
    return (
        str(state),
        [str(a) for a in state.legal_actions()],
        state.log,
        state.history,
        state.results,
        state.taken,
        state.laid,
        state.phase,
    )


def refused(state: RummyState, action: Action | object) -> str:
    """Apply ``action``, expecting a refusal that changes nothing; returns the message."""
    before = fingerprint(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)  # type: ignore[arg-type]
    assert fingerprint(state) == before
    message = str(caught.value)
    assert len(message) < 300
    return message


BAD_MELDS = [
    # the meld, why it is refused
    ("meld 4H 5H", "'4H 5H' is not a meld: a meld has three or more cards"),
    ("meld 9S 9D", "'9S 9D' is not a meld: a meld has three or more cards"),
    ("meld 4H 5H 9S", "a set is one rank, a run one suit; these mix ranks and suits"),
    ("meld 4H 6H 7H", "a run is one suit in sequence"),
    ("meld 9S 9D KC", "mix ranks and suits"),
    ("meld 4H 5H 6H 7H 9S", "mix ranks and suits"),
]


@pytest.mark.parametrize(("text", "why"), BAD_MELDS)
def test_a_meld_that_is_not_one(text: str, why: str) -> None:
    state = position()
    message = refused(state, parse_action(text))
    assert message.startswith(f"illegal action {text!r} by seat 0 in phase meld: ")
    assert why in message


def test_runs_round_the_corner_and_high_aces() -> None:
    state = RummyState.stack(None, ["QS KS AS 2S 5D", "2C"], pile="9H", stock="3H")
    state.apply(parse_action("draw"))
    message = refused(state, parse_action("meld QS KS AS"))
    assert "Q-K-A only with ace-high runs" in message
    assert "meld KS AS 2S" not in [str(a) for a in state.legal_actions()]
    message = refused(state, parse_action("meld KS AS 2S"))
    assert "is not a meld" in message
    high = RummyState.stack(Rules(ace_high=True), ["QS KS AS 2S 5D", "2C"], pile="9H", stock="3H")
    high.apply(parse_action("draw"))
    assert "meld QS KS AS" in [str(a) for a in high.legal_actions()]
    refused(high, parse_action("meld KS AS 2S"))


BAD_LAYOFFS = [
    ("layoff 9S on 1", "9S does not fit on table meld 1, 10S 10H 10D"),
    ("layoff KC on 1", "KC does not fit on table meld 1, 10S 10H 10D"),
    ("layoff 4H on 2", "there is no table meld 2 (the table holds 1)"),
    ("layoff 10C on 1", "seat 0 holds no 10C"),
]


@pytest.mark.parametrize(("text", "why"), BAD_LAYOFFS)
def test_a_lay_off_that_does_not_fit(text: str, why: str) -> None:
    state = position()
    message = refused(state, parse_action(text))
    assert message.startswith(f"illegal action {text!r} by seat 0 in phase meld: ")
    assert why in message


def test_a_discard_of_the_card_just_taken() -> None:
    state = position()
    message = refused(state, Discard(C("7H")))
    assert message == (
        "illegal action 'discard 7H' by seat 0 in phase meld: 7H was taken from the pile "
        "this turn and may not be discarded until a later turn"
    )
    # after melding it, it is gone from the hand: the refusal says so
    state.apply(parse_action("meld 4H 5H 6H 7H"))
    assert "seat 0 holds no 7H" in refused(state, Discard(C("7H")))


def test_a_meld_that_would_strand_the_taken_card() -> None:
    state = RummyState.stack(None, ["4H 5H 6H", "2C 3D"], pile="KD", stock="QS")
    state.apply(parse_action("take"))
    message = refused(state, NewMeld.of("4H 5H 6H"))
    assert "it would leave only KD, taken from the pile this turn" in message
    assert "nor laid off" in message


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("discard 2C", "2C"),  # seat 1's card: seat 0 is to act
        ("meld 8C 9C 10C", "8C 9C 10C"),
        ("layoff 10C on 1", "10C"),
        ("discard QD", "QD"),  # the stock's top, not drawn
        ("discard 2S", "2S"),  # the pile's card under the one taken
    ],
)
def test_a_card_not_in_hand(text: str, held: str) -> None:
    state = position()
    message = refused(state, parse_action(text))
    assert f"seat 0 holds no {held} (hand: 4H 5H 6H 7H 9S 9D KC)" in message


@pytest.mark.parametrize("text", ["discard 9S", "meld 4H 5H 6H", "layoff 10C on 1"])
def test_out_of_phase_before_the_draw(text: str) -> None:
    state = position(taken=False)
    message = refused(state, parse_action(text))
    assert message == (
        f"illegal action {text!r} by seat 0 in phase draw: seat 0 must first draw from the "
        f"stock or take the pile's top"
    )


@pytest.mark.parametrize("text", ["draw", "take"])
def test_out_of_phase_after_the_draw(text: str) -> None:
    state = position()
    message = refused(state, parse_action(text))
    assert message.endswith("seat 0 has drawn this turn; now meld, lay off or discard")


def test_out_of_turn_the_other_seat_cannot_act() -> None:
    # seat 1 is not to act: its view offers nothing, and its cards are not seat 0's
    state = position()
    assert state.view(1).legal_actions == ()
    message = refused(state, parse_action("discard 9C"))
    assert "by seat 0 in phase meld: seat 0 holds no 9C" in message


def test_actions_once_the_hand_or_match_is_over() -> None:
    state = RummyState.stack(
        None, ["4H 5H 6H", "2C 3D 8C 9C"], pile="9S", stock="KD 7H", totals=(0, 95)
    )
    state.apply(parse_action("draw"))
    state.apply(parse_action("meld 4H 5H 6H 7H"))
    message = refused(state, parse_action("draw"))
    assert "the hand is over; next_round() deals the next one" in message
    state.next_round()
    assert "the match is over" in refused(state, parse_action("discard 2C"))
    with pytest.raises(IllegalActionError, match="next_round\\(\\) needs phase round-over"):
        state.next_round()


def test_draw_from_an_empty_pile() -> None:
    state = RummyState.stack(None, ["4H 5H 6H", "2C 3D"], stock="KD 7H")
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    assert "the discard pile is empty" in refused(state, parse_action("take"))


def test_things_that_are_not_actions() -> None:
    state = position()
    assert "is not an action" in refused(state, "discard 9S")
    assert "is not an action" in refused(state, Pass())
    assert "is not an action" in refused(state, None)


def test_the_quote_is_short() -> None:
    state = position()
    action = NewMeld.of("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    message = refused(state, action)
    assert message.startswith(f"illegal action {str(action)[:60]!r}")
    assert "seat 0 holds no" in message


def test_malformed_notation_is_a_notation_error() -> None:
    state = position()
    before = fingerprint(state)
    for text in ("meld 4H 4H 5H", "layoff 7H on 0", "discard", "dance"):
        with pytest.raises(NotationError, match="malformed action"):
            parse_action(text)
    with pytest.raises(NotationError):
        LayOff(C("7H"), 0)
    assert fingerprint(state) == before
    # and a well-formed, legal action still plays after all that
    state.apply(parse_action("meld 4H 5H 6H 7H"))
    assert str(state.table[1]) == "4H 5H 6H 7H"
