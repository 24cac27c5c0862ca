"""Thirteen's hint reasons (:mod:`threethirteen.bots.thirteen_hints`): every branch has
a key, the web catalogs translate every key with the params it gets, and the English
is the terminal's line."""

from __future__ import annotations

import pytest

from hint_reasons import catalog, check_reason
from threethirteen.bots.thirteen_hints import MESSAGES, ThirteenReason, reason
from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import ThirteenView


def _view(hands: list[str], leader: int | None = None, *plays: str) -> ThirteenView:
    state = ThirteenState.stack(None, hands, leader=leader)
    for play in plays:
        state.apply(Pass() if play == "pass" else Play.of(play))
    return state.view(state.current)


def _lead() -> ThirteenView:
    """The round's first lead: the play must hold 3♠."""
    return _view(["3S 4D 5C 5H 9S", "6H 7H"])


def _free_lead() -> ThirteenView:
    """A lead with no card required (a chosen leader)."""
    return _view(["6H 7H", "3S 4D 5C 5H 9S 9C 9D 9H"], 1)


def _following() -> ThirteenView:
    """Seat 1 led 9♦; seat 0 (3♠ 4♦ 8♣ 9♥ 2♠) is to follow."""
    return _view(["3S 4D 8C 9H 2S", "6H 7H 9D QC"], 1, "9D")


# One position and move for every branch, with its key and English (as the terminal says it).
CASES: list[tuple[str, ThirteenView, Action, str]] = [
    ("hint.passLead", _lead(), Pass(), "passing is not allowed when you lead"),
    (
        "hint.passForced",
        _view(["3S 4D", "2H 6H"], 1, "2H"),
        Pass(),
        "nothing in your hand beats 2♥",
    ),
    ("hint.passKeep", _following(), Pass(), "keeps your cards for later"),
    ("hint.lastCard", _view(["5S", "6H 7H"]), Play.of("5S"), "plays your last card"),
    ("hint.lastCards", _view(["5S 5H", "6H 7H"]), Play.of("5S 5H"), "plays your last cards"),
    (
        "hint.leadLowestFirst",
        _lead(),
        Play.of("3S 4D 5C"),
        "leads your lowest sequence (the first play must hold 3♠)",
    ),
    (
        "hint.leadAnyFirst",
        _lead(),
        Play.of("3S 4D 5H"),
        "leads a sequence (the first play must hold 3♠)",
    ),
    ("hint.leadLowest", _free_lead(), Play.of("3S 4D 5C"), "leads your lowest sequence"),
    ("hint.leadAny", _free_lead(), Play.of("5H"), "leads a single"),
    ("hint.leadFour", _free_lead(), Play.of("9S 9C 9D 9H"), "leads your four of a kind"),
    (
        "hint.leadFourFirst",
        _view(["3S 3C 3D 3H 9S", "6H 7H"]),
        Play.of("3S 3C 3D 3H"),
        "leads your four of a kind (the first play must hold 3♠)",
    ),
    (
        "hint.bomb",
        _view(["5S 5C 5D 5H 9S", "2H 3C"], 1, "2H"),
        Play.of("5S 5C 5D 5H"),
        "bombs the 2♥",
    ),
    ("hint.beatLowest", _following(), Play.of("9H"), "the lowest single that beats 9♦"),
    ("hint.beat", _following(), Play.of("2S"), "beats 9♦"),
]


@pytest.mark.parametrize(("key", "view", "action", "english"), CASES, ids=[c[0] for c in CASES])
def test_each_branch_has_its_key_and_the_terminals_english(
    key: str, view: ThirteenView, action: Action, english: str
) -> None:
    why = reason(view, action)
    assert isinstance(why, ThirteenReason)
    check_reason("thirteen", key, why, english, view, action)


def test_every_key_is_reached_and_translated() -> None:
    assert {case[0] for case in CASES} == set(MESSAGES)
    for lang in ("en", "pl"):
        assert {f"thirteen.{key}" for key in MESSAGES} <= set(catalog("thirteen", lang)), lang


def test_the_params_are_json_notation_and_the_kinds_value() -> None:
    why = reason(_following(), Play.of("9H"))
    assert dict(why.params) == {"cards": "9H", "kind": "single", "table": "9D"}
    four = reason(_free_lead(), Play.of("9S 9C 9D 9H"))
    assert four.params["kind"] == "four" and four.text() == "leads your four of a kind"
