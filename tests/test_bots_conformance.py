"""Conformance of every registered bot: legal play everywhere, blind to what it cannot see.

Written over ``BOT_NAMES``, so a bot is covered as soon as it registers. Search bots
get a small, fixed sample budget from ``CHEAP`` (a fixed number of samples, never a
time budget: a time budget makes the choice depend on the machine's speed, which the
second test would rightly flag). Matches are kept short with one or two rounds of
small hands and a low stall limit.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redeal import redeal_hidden
from threethirteen.actions import Action
from threethirteen.bots import BOT_NAMES, Bot, make_bot, play_match
from threethirteen.rules import HOUSE_RULES, PRESETS, Rules, apply_house_rule, get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.views import PlayerView

# Options that make a bot quick and reproducible in tests, by registry name.
CHEAP: dict[str, dict[str, object]] = {
    "montecarlo": {"samples": 2, "min_samples": 1, "candidates": 2, "horizon": 12},
    "ismcts": {"samples": 4, "candidates": 2, "width": 2},
}

# House rules that matter to play (the hand sizes are chosen by the test itself).
HOUSE = sorted(set(HOUSE_RULES) - {"six-fourteen", "shortened"})
HAND_SIZES = (3, 4, 5, 6, 7, 9, 14)


def new_bot(name: str, seed: int) -> Bot:
    return make_bot(name, seed=seed, **CHEAP.get(name, {}))


class Checked:
    """Wraps a bot: every action it returns must be one of its view's legal actions."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions = 0

    def choose(self, view: PlayerView) -> Action:
        assert view.is_my_turn and view.legal_actions
        action = self.inner.choose(view)
        assert action in view.legal_actions, f"{self.name} chose {action} in {view.legal_actions}"
        self.decisions += 1
        return action


@st.composite
def short_rules(draw: st.DrawFn, preset: str) -> Rules:
    rules = get_rules(preset)
    for house in draw(st.lists(st.sampled_from(HOUSE), max_size=3, unique=True), "house"):
        rules = apply_house_rule(rules, house)
    sizes = draw(st.lists(st.sampled_from(HAND_SIZES), min_size=1, max_size=2), "hand sizes")
    return rules.with_options(hand_sizes=tuple(sizes), turn_limit=40)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", BOT_NAMES)
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_every_bot_plays_whole_matches_legally(name: str, preset: str, data: st.DataObject) -> None:
    rules = data.draw(short_rules(preset), "rules")
    players = data.draw(st.integers(rules.min_players, min(rules.max_players, 4)), "players")
    seed = data.draw(st.integers(0, 2**32), "seed")
    seat = data.draw(st.integers(0, players - 1), "seat of the bot")
    others = data.draw(
        st.lists(st.sampled_from(["simple", "random"]), min_size=players, max_size=players),
        "other seats",
    )
    names = [name if s == seat else others[s] for s in range(players)]
    bots = [Checked(new_bot(n, seed + s)) for s, n in enumerate(names)]
    played = play_match(rules, bots, seed=seed)
    assert played.state.phase is Phase.MATCH_OVER
    assert len(played.state.results) == rules.rounds
    assert bots[seat].decisions > 0


@pytest.mark.parametrize("preset", ["classic", "bga"])
@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_choice_does_not_depend_on_hidden_cards(name: str, preset: str) -> None:
    rules = get_rules(preset).with_options(hand_sizes=(4, 7, 10), turn_limit=30)
    rng = random.Random(f"{name}/{preset}")
    players = 3
    state = MatchState.new(rules, players, seed=rng.randrange(2**32))
    drivers = [make_bot("simple") for _ in range(players)]
    compared = changed = 0
    step = 0
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
            continue
        seat = state.current
        step += 1
        if step % 3 == 0:
            twin = redeal_hidden(state, seat, rng)
            view, twin_view = state.view(seat), twin.view(seat)
            assert view == twin_view  # the premise: the seat sees no difference
            changed += any(
                sorted(twin.hand(s), key=str) != sorted(state.hand(s), key=str)
                for s in range(players)
                if s != seat
            ) or list(twin._stock) != list(state._stock)
            bot_seed = rng.randrange(1000)
            assert new_bot(name, bot_seed).choose(view) == new_bot(name, bot_seed).choose(
                twin_view
            ), f"{name} changed its choice when hidden cards changed"
            compared += 1
        state.apply(drivers[seat].choose(state.view(seat)))
    assert compared >= 10 and changed >= compared // 2
