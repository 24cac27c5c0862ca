"""Rummy's hint reasons (:mod:`threethirteen.bots.rummy_hints`): every branch has a key,
the web catalogs translate every key with the params it gets, and the English is the
terminal's line."""

from __future__ import annotations

import pytest

from hint_reasons import catalog, check_reason
from threethirteen.bots.rummy_hints import MESSAGES, RummyReason, reason
from threethirteen.cards import Card
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.views import RummyView


def _after(state: RummyState, *actions: Action) -> RummyView:
    for action in actions:
        state.apply(action)
    return state.view(state.current)


def _start() -> RummyState:
    """Seat 0 (4♥ 5♥ 9♠ K♣) to draw, 6♥ on the pile, J♠ J♦ J♣ on the table."""
    return RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="6H", table=["JS JD JC"])


def _junk() -> RummyState:
    """The same hand, Q♦ on the pile (which helps nothing), no table."""
    return RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="QD")


def _last() -> RummyState:
    """Seat 0 holds J♥ and draws K♦, J♠ J♦ J♣ on the table."""
    return RummyState.stack(None, ["JH", "2C 3D"], table=["JS JD JC"], stock="KD")


def card(code: str) -> Card:
    return Card.parse(code)


# One position and move for every branch, with its key and English (as the terminal says it).
CASES: list[tuple[str, RummyView, Action, str]] = [
    (
        "hint.pileEmpty",
        _after(RummyState.stack(None, ["4H 5H", "2C 3D"])),
        Draw(),
        "the discard pile is empty",
    ),
    ("hint.takeLowers", _after(_start()), Take(), "6♥ lowers your count from 28 to 9"),
    (
        "hint.takeAnyway",
        _after(_junk()),
        Take(),
        "the bot wants Q♦, though it does not lower your count (28) yet",
    ),
    (
        "hint.drawLowers",
        _after(_start()),
        Draw(),
        "6♥ would lower your count from 28 to 9, but taking it shows the others what you collect",
    ),
    (
        "hint.drawNoHelp",
        _after(_junk()),
        Draw(),
        "Q♦ on the pile would not lower your count of 28",
    ),
    (
        "hint.meldOut",
        _after(RummyState.stack(None, ["4H 5H", "2C 3D"], pile="6H"), Take()),
        NewMeld.of("4H 5H 6H"),
        "these are your last cards: you go out",
    ),
    (
        "hint.meldRun",
        _after(_start(), Take()),
        NewMeld.of("4H 5H 6H"),
        "it lays down a run of 3, 15 points off your hand",
    ),
    (
        "hint.meldSet",
        _after(RummyState.stack(None, ["7S 7H 7D KC", "2C 3D"], pile="9C"), Take()),
        NewMeld.of("7S 7H 7D"),
        "it lays down a set of 3, 21 points off your hand",
    ),
    (
        "hint.layOffOut",
        _after(_last(), Draw(), LayOff(card("JH"), 1)),
        LayOff(card("KD"), 1),
        "it is your last card: you go out",
    ),
    (
        "hint.fitsMeld",
        _after(_last(), Draw()),
        LayOff(card("JH"), 1),
        "J♥ fits table meld 1 (J♠ J♦ J♣), 10 points off your hand",
    ),
    (
        "hint.fits",
        _after(_last(), Draw()),
        LayOff(card("JH"), 2),
        "J♥ fits table meld 2, 10 points off your hand",
    ),
    (
        "hint.discardOut",
        _after(_last(), Draw(), LayOff(card("JH"), 1)),
        Discard(card("KD")),
        "it is your last card: discard it and you go out",
    ),
    (
        "hint.discardMelded",
        _after(_last(), Draw()),
        Discard(card("KD")),
        "the cards you keep all make melds (your count after it is 0)",
    ),
    (
        "hint.discardLoose",
        _after(_start(), Take()),
        Discard(card("KC")),
        "it is in no meld; your count after it is 9",
    ),
    (
        "hint.discardCount",
        _after(_last(), Draw()),
        Discard(card("JH")),
        "your count after it is 10",
    ),
]


@pytest.mark.parametrize(("key", "view", "action", "english"), CASES, ids=[c[0] for c in CASES])
def test_each_branch_has_its_key_and_the_terminals_english(
    key: str, view: RummyView, action: Action, english: str
) -> None:
    why = reason(view, action)
    assert isinstance(why, RummyReason)
    check_reason("rummy", key, why, english, view, action)


def test_every_key_is_reached_and_translated() -> None:
    assert {case[0] for case in CASES} == set(MESSAGES)
    for lang in ("en", "pl"):
        assert {f"rummy.{key}" for key in MESSAGES} <= set(catalog("rummy", lang)), lang


def test_one_point_is_singular_and_the_params_are_notation_and_numbers() -> None:
    state = RummyState.stack(None, ["AH", "2C 3D"], table=["2H 3H 4H"], stock="KD")
    why = reason(_after(state, Draw()), LayOff(card("AH"), 1))
    assert dict(why.params) == {"card": "AH", "target": 1, "n": 1, "meld": "2H 3H 4H"}
    assert why.text() == "A♥ fits table meld 1 (2♥ 3♥ 4♥), 1 point off your hand"
    assert why.text(unicode=False) == "AH fits table meld 1 (2H 3H 4H), 1 point off your hand"
    take = reason(_after(_start()), Take())
    assert dict(take.params) == {"card": "6H", "before": 28, "after": 9}
