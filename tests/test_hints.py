"""The hint (terminal and web): the ``medium`` bot's move, with a reason a player follows.

A table of positions where the right move is clear: never a wild thrown unless
every other choice is worse or the discard goes out, take a discard that
completes a meld (or goes out, or is wild), go out when you can. The positions
go through the terminal's ``hint_for`` (the one the web's ``hint`` field uses
too), and include the cases issue 41 found: classic round 2 ``2S 6S AH 4D 7D``
hinted the wild 4D, bga round 2 ``KH 5D QD JC`` + a joker hinted the joker.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from threethirteen.actions import Action, Discard, Draw, GoOut, Source, parse_action
from threethirteen.bots import make_bot
from threethirteen.cards import Card
from threethirteen.cli.play import hint_for
from threethirteen.rules import Rules, get_rules
from threethirteen.state import MatchState
from threethirteen.views import Phase, PlayerView

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")
BGA = get_rules("bga").with_options(first_dealer="first-seat")
CATALOGS = Path(__file__).resolve().parents[1] / "src/threethirteen/server/static/i18n"


def view_after(rules: Rules, hands: list[str], up: str, stock_top: str, *moves: str) -> PlayerView:
    """Seat 1 (the first to play) after ``moves``, from a stacked deal of 2 seats."""
    state = MatchState.new(rules, len(hands), seed=5)
    state.stack(hands, up=up, stock_top=stock_top)
    for move in moves:
        state.apply(parse_action(move))
    return state.view(1)


def round_of(rules: Rules, size: int) -> Rules:
    return rules.with_options(hand_sizes=(size,))  # one round of `size` cards, `size`s wild


OTHER = "9C 5D 6S JH"  # seat 0's hand, never to move in these positions

# (name, view, the move hinted, words its reason says)
TABLE: list[tuple[str, PlayerView, str, str]] = [
    (
        "issue 41: classic round 2, 2S 6S AH 4D 7D keeps the wild 4D",
        view_after(round_of(CLASSIC, 4), [OTHER, "2S 6S AH 4D"], "KD", "7D", "draw stock"),
        "not discard 4D",
        "keep the wild 4♦",
    ),
    (
        "issue 41: bga round 2, KH 5D QD JC + joker keeps the joker",
        view_after(round_of(BGA, 4), [OTHER, "KH 5D QD JC"], "KD", "JK", "draw stock"),
        "not discard JK",
        "keep the wild JK",
    ),
    (
        "a wild in a run is kept, and the reason names the run",
        view_after(
            round_of(CLASSIC, 5), [OTHER + " 2C", "3D 4D 5S 6D KS"], "8C", "9H", "draw stock"
        ),
        "not discard 5S",
        "it completes a run",
    ),
    (
        "take a discard that makes a set",
        view_after(round_of(CLASSIC, 4), [OTHER, "7S 7C 2H KD"], "7D", "QH"),
        "draw discard",
        "take the 7♦: it makes a set",
    ),
    (
        "take a discard that makes a run",
        view_after(round_of(CLASSIC, 4), [OTHER, "8H 9H 2C KD"], "10H", "QS"),
        "draw discard",
        "take the 10♥: it makes a run",
    ),
    (
        "take a discard that goes out",
        view_after(CLASSIC, ["9C 5D 6S", "7H 8H KD"], "9H", "QS"),
        "draw discard",
        "take the 9♥: it lets you go out",
    ),
    (
        "take a wild from the pile",
        view_after(CLASSIC, ["9C 5D 6S", "7S 8D KD"], "3C", "QS"),
        "draw discard",
        "take the 3♣: it is wild",
    ),
    (
        "leave a discard that helps nothing",
        view_after(round_of(CLASSIC, 4), [OTHER, "7S 7C 7H 2D"], "KC", "QS"),
        "draw stock",
        "draw from the stock: the K♣ does not help",
    ),
    (
        "go out when you can",
        view_after(round_of(CLASSIC, 4), [OTHER, "5H 6H 7H KD"], "QS", "8H", "draw stock"),
        "out KD",
        "go out with the K♦",
    ),
    (
        "go out with the natural card and keep the wild",
        view_after(round_of(CLASSIC, 4), [OTHER, "KS KD KC 2H"], "QS", "4C", "draw stock"),
        "out 2H",
        "go out with the 2♥",
    ),
]


@pytest.mark.parametrize(("view", "expected", "words"), [row[1:] for row in TABLE],
                         ids=[row[0] for row in TABLE])  # fmt: skip
def test_the_hint_table(view: PlayerView, expected: str, words: str) -> None:
    hint = hint_for(view)
    assert hint.action in view.legal_actions
    if expected.startswith("not "):
        assert isinstance(hint.action, Discard | GoOut)
        assert hint.action != parse_action(expected[4:]), hint
    else:
        assert hint.action == parse_action(expected), hint
    assert words in hint.reason, hint.reason


def test_issue_41_terminal_hint_at_the_first_prompt() -> None:
    # `play --rules classic --players 4 --seed 1513714644`, `hint` at the first prompt
    # said "taking 8D and discarding 3C", 3♣ being wild; the next seat took it and went out.
    command = [sys.executable, "-m", "threethirteen", "play", "--rules", "classic"]
    out = subprocess.run(
        [*command, "--players", "4", "--seed", "1513714644"],
        input="hint\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "120", "PYTHONIOENCODING": "utf-8"},
    ).stdout
    assert "Hint." in out, out[-2000:]
    suggestion = out[out.index("Hint.") :]
    assert "3C" not in suggestion and "3♣" not in suggestion.split("Suggested:", 1)[1], suggestion
    assert "Suggested: draw stock (draw from the stock: the 8♦ does not help" in suggestion


def _positions(rules: Rules, players: int, seeds: range, turns: int) -> list[PlayerView]:
    views: list[PlayerView] = []
    bots = [make_bot("greedy") for _ in range(players)]
    for seed in seeds:
        state = MatchState.new(rules, players, seed=seed)
        for _ in range(turns):
            if state.phase not in (Phase.DRAW, Phase.DISCARD):
                break
            seat = state.current
            views.append(state.view(seat))
            state.apply(bots[seat].choose(state.view(seat)))
    return views


def test_hints_are_the_medium_bots_legal_moves_and_never_waste_a_wild() -> None:
    medium = make_bot("medium")
    seen: set[str] = set()
    for rules in (get_rules("bga").with_options(hand_sizes=(4, 5)), CLASSIC):
        for view in _positions(rules, 3, range(6), 12):
            hint = hint_for(view)
            seen.add(type(hint.action).__name__)
            assert hint.action in view.legal_actions
            if hint.key != "hint.takeOut":  # a take that goes out overrides the bot
                assert hint.action == medium.choose(view), (view.hand, hint)
            assert hint.reason and "{" not in hint.reason
            outs = [a for a in view.legal_actions if isinstance(a, GoOut)]
            if outs:
                assert isinstance(hint.action, GoOut)
            if isinstance(hint.action, Discard) and _wild(view, hint.action.card):
                assert all(
                    _wild(view, a.card) for a in view.legal_actions if isinstance(a, Discard)
                ), (view.hand, hint)
    assert {"Draw", "Discard"} <= seen


def _wild(view: PlayerView, card: Card) -> bool:
    return card.is_joker or card.rank is view.wild_rank


def test_each_reason_key_is_in_both_browser_catalogs() -> None:
    from threethirteen.bots.hints import MESSAGES

    for name in ("en", "pl"):
        catalog = json.loads((CATALOGS / f"{name}.json").read_text(encoding="utf-8"))
        for key, text in MESSAGES.items():
            assert key in catalog, (name, key)
            assert set(re.findall(r"\{(\w+)\}", catalog[key])) == set(
                re.findall(r"\{(\w+)\}", text)
            ), (name, key)


def test_the_web_view_carries_the_hint_of_the_seat_to_act() -> None:
    from threethirteen.server.protocol import encode_table_view

    view = view_after(round_of(CLASSIC, 4), [OTHER, "7S 7C 2H KD"], "7D", "QH")
    data = encode_table_view(view)
    assert data["hint"]["action"] == "draw discard"
    assert data["hint"]["key"] == "hint.takeSet"
    assert data["hint"]["params"]["card"] == "7D"
    assert data["hint"]["text"].startswith("take the 7♦")
    assert encode_table_view(view, own=False)["hint"] is None


def test_a_typed_discard_that_would_go_out_goes_out() -> None:
    from threethirteen.cli.play import interpret

    view = view_after(round_of(CLASSIC, 4), [OTHER, "5H 6H 7H KD"], "QS", "8H", "draw stock")
    king = Card.parse("KD")
    assert Discard(king) in view.legal_actions and GoOut(king) in view.legal_actions
    shown = list(view.hand)
    expected: Action = GoOut(king)
    assert interpret("KD", view, shown) == expected
    assert interpret(f"{shown.index(king) + 1}", view, shown) == expected
    assert interpret("x KD", view, shown) == expected
    assert interpret("s", view_after(CLASSIC, ["9C 5D 6S", "7H 8H KD"], "9H", ""), ()) == Draw(
        Source.STOCK
    )
