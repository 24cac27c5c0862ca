"""The JSON form of a view reads back into the very view it was written from."""

from __future__ import annotations

import json
from typing import Any

import pytest

from threethirteen.bots import make_bot
from threethirteen.rules import Rules, apply_house_rule, get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.view_json import ViewJsonError, decode_view, encode_view
from threethirteen.views import PlayerView

# Every part of a view shows up in these: laid-off cards and table melds (lay-off),
# jokers, contracts, a doubled final round, a reshuffled stock (a long round of 3 cards).
RULES = [
    get_rules("classic").with_options(hand_sizes=(3, 4, 7)),
    apply_house_rule(get_rules("bga").with_options(hand_sizes=(3, 5, 8)), "lay-off"),
    apply_house_rule(apply_house_rule(get_rules("app"), "jokers"), "double-final").with_options(
        hand_sizes=(4, 6, 9)
    ),
    apply_house_rule(get_rules("classic"), "contracts").with_options(
        hand_sizes=(7, 8), turn_limit=60
    ),
]


def every_view(rules: Rules, players: int, seed: int) -> list[PlayerView]:
    """Every seat's view at every step of a match of ``simple`` and ``random`` bots."""
    state = MatchState.new(rules, players, seed)
    bots = [make_bot("simple") if s % 2 else make_bot("random", seed=s) for s in range(players)]
    views: list[PlayerView] = []
    while True:
        views.extend(state.view(seat) for seat in range(players))
        if state.phase is Phase.MATCH_OVER:
            return views
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
            continue
        state.apply(bots[state.current].choose(state.view(state.current)))


@pytest.mark.parametrize("index", range(len(RULES)))
def test_every_view_reads_back_whole(index: int) -> None:
    rules = RULES[index]
    players = max(3, rules.min_players)
    views = every_view(rules, players, seed=index)
    assert {view.phase for view in views} == set(Phase)
    assert any(view.log for view in views) and any(view.results for view in views)
    for view in views:
        for hints in (True, False):
            text = json.dumps(encode_view(view, hints=hints))
            assert decode_view(rules, json.loads(text)) == view


def test_the_laid_off_cards_and_the_table_read_back() -> None:
    rules = RULES[1]
    views = every_view(rules, 3, seed=4)
    assert any(view.table for view in views)
    laid = [
        arrangement
        for view in views
        for result in view.results
        for arrangement in result.arrangements
        if arrangement.laid_off
    ]
    assert laid  # the premise: some round ended with cards laid off
    for view in views:
        assert decode_view(rules, encode_view(view)) == view


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"hand": ["5S", "1Z"]}, "view.hand: malformed card '1Z'"),
        ({"hand": "5S 6S"}, "view.hand has the wrong type: '5S 6S'"),
        ({"round": 99}, "view.round: round 99 does not exist"),
        ({"seat": True}, "view.seat has the wrong type: True"),
        ({"phase": "dance"}, "view.phase is 'dance'; known: draw, discard"),
        ({"drawn_from": "sky"}, "view.drawn_from is 'sky'; known: stock, discard"),
        ({"legal_actions": ["draw moon"]}, "view.legal_actions[0]: malformed action 'draw moon'"),
        ({"scores": {"rows": [[1]], "totals": [1]}}, "view.scores: score sheet row 1"),
        ({"log": [{"kind": "fly", "seat": 0, "card": None}]}, "view.log[0].kind is 'fly'"),
        ({"log": [{"kind": "discard", "seat": 0}]}, "view.log[0] has no 'card'"),
        ({"table_melds": [{"kind": "run", "cards": "5H"}]}, "view.table_melds[0].cards"),
    ],
)
def test_a_malformed_view_is_refused_naming_the_field(change: dict[str, Any], says: str) -> None:
    rules = get_rules("classic")
    state = MatchState.new(rules, 2, seed=1)
    data = {**encode_view(state.view(0)), **change}
    with pytest.raises(ViewJsonError) as caught:
        decode_view(rules, data)
    assert says in str(caught.value)


def test_a_result_must_agree_with_the_rules() -> None:
    rules = get_rules("classic").with_options(hand_sizes=(3, 4))
    views = every_view(rules, 2, seed=2)
    view = next(v for v in views if v.results)
    data = encode_view(view)
    data["results"][0]["wild_rank"] = "9"
    with pytest.raises(ViewJsonError, match=r"results\[0\].wild_rank is '9', but round 1"):
        decode_view(rules, data)
    data = encode_view(view)
    data["results"][0]["hands"] = data["results"][0]["hands"][:1]
    with pytest.raises(ViewJsonError, match=r"results\[0\]: round 1: 2 penalties but 1 hands"):
        decode_view(rules, data)
