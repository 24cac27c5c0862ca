"""Whole random Rummy matches under every option, checked after every action.

Hypothesis draws the rules, the number of players and a seed; the seed's generator
picks each action among the legal ones (a meld or lay-off most of the time). After
every action: the 52 cards are all in the hands, on the table, in the pile or in
the stock, each once; every table meld is a valid meld of the rules; each hand
ends scored with the points left in the others' hands (doubled for going rummy
under ``rummy_doubles``) or void with none; and the match ends exactly when
someone has reached the target, the lowest totals winning. Targets are low and
hands short, so that a match takes moments.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from threethirteen.cards import standard_deck
from threethirteen.game import Stage
from threethirteen.games.rummy.actions import Action, LayOff, NewMeld, parse_action
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.scoring import hand_points
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.views import Phase

DECK = sorted(standard_deck(), key=lambda card: card.index)
MAX_ACTIONS = 50_000

rules_strategy = st.builds(
    Rules,
    target=st.integers(min_value=1, max_value=40),
    cards_dealt=st.sampled_from([0, 3, 4, 5]),
    must_discard=st.booleans(),
    discard_taken_card=st.booleans(),
    shuffle_stock=st.booleans(),
    stock_turns=st.integers(min_value=0, max_value=3),
    rummy_doubles=st.booleans(),
    ace_high=st.booleans(),
    turn_limit=st.sampled_from([0, 30, 300]),
)


def check_cards(state: RummyState) -> None:
    held = [card for hand in state.hands for card in hand]
    tabled = [card for meld in state.table for card in meld.cards]
    every = held + tabled + list(state.pile) + list(state.stock)
    assert sorted(every, key=lambda card: card.index) == DECK


def check_table(state: RummyState) -> None:
    ace_high = state.rules.ace_high
    assert len(state.table) == len(state.table_owners)
    for meld, owner in zip(state.table, state.table_owners, strict=True):
        assert Meld.of(meld.cards, ace_high=ace_high) == meld
        assert owner in state.laid


def check_hand_end(state: RummyState, totals_before: tuple[int, ...]) -> None:
    result = state.results[-1]
    rules = state.rules
    if result.void:
        assert result.out is None and result.points == (0,) * state.players
        assert all(state.hands)
    else:
        out = result.out
        assert out is not None and state.hand(out) == ()
        factor = 2 if result.rummy and rules.rummy_doubles else 1
        expected = tuple(factor * hand_points(hand) for hand in state.hands)
        assert result.points == expected
        last = state.log[-1]
        assert last.seat == out and last.went_out
        if rules.must_discard:
            assert str(last.action).startswith("discard")
        # rummy: nothing laid by the seat before this turn in the hand
        turn_start = max(
            i
            for i, event in enumerate(state.log)
            if event.seat == out and str(event.action) in ("draw", "take")
        )
        earlier = [
            e
            for e in state.log[:turn_start]
            if e.seat == out and str(e.action).startswith(("meld", "layoff"))
        ]
        assert result.rummy == (not earlier)
    assert state.totals == tuple(a + b for a, b in zip(totals_before, result.points, strict=True))
    reached = max(state.totals) >= rules.target
    low = min(state.totals)
    expected_winners = tuple(s for s, t in enumerate(state.totals) if t == low) if reached else ()
    assert state.winners() == expected_winners


def choose(legal: tuple[Action, ...], rng: random.Random) -> Action:
    """A random legal action, but a meld or lay-off four times in five when there is one,
    so that hands go out (pure random play mostly runs the stock out)."""
    laying = [a for a in legal if isinstance(a, NewMeld | LayOff)]
    if laying and rng.random() < 0.8:
        return rng.choice(laying)
    return rng.choice(legal)


def phase_of(state: RummyState) -> Phase:
    """The phase now (a call, so that mypy does not keep a phase read before a move)."""
    return state.phase


def play_checked_match(rules: Rules, players: int, seed: int) -> RummyState:
    state = RummyState.new(rules, players, seed)
    rng = random.Random(seed)
    totals = state.totals
    for _ in range(MAX_ACTIONS):
        if state.phase is Phase.MATCH_OVER:
            assert state.winners()
            return state
        if state.phase is Phase.ROUND_OVER:
            check_hand_end(state, totals)
            totals = state.totals
            state.next_round()
            if phase_of(state) is not Phase.MATCH_OVER:
                check_cards(state)
                assert state.table == () and len(state.pile) == 1
            continue
        assert state.winners() == () and max(state.totals) < rules.target
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = choose(legal, rng)
        assert parse_action(str(action)) == action
        if isinstance(action, NewMeld):
            assert Meld.of(action.cards, ace_high=rules.ace_high).cards == action.cards
        seat = state.current
        state.apply(action)
        assert state.log[-1].seat == seat and state.log[-1].action == action
        check_cards(state)
        check_table(state)
        if state.phase is Phase.MELD:
            # a turn can always end: some discard, or a lay-off that goes out
            assert state.legal_actions()
    raise AssertionError(f"no end after {MAX_ACTIONS} actions: {rules}, {players}, {seed}")


@settings(max_examples=40, deadline=None)
@given(
    rules=rules_strategy,
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_matches_keep_every_invariant(rules: Rules, players: int, seed: int) -> None:
    if players * rules.cards_each(players) + 1 > 52:
        return
    state = play_checked_match(rules, players, seed)
    assert state.stage is Stage.MATCH_OVER


def test_a_default_match_to_100() -> None:
    state = play_checked_match(Rules(), 2, 7)
    assert max(state.totals) >= 100
