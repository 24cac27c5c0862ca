"""Hypothesis: whole random matches under every preset and house-rule mixes keep the invariants.

Matches are driven by the random and greedy bots from random seeds. At every step:
every card is in exactly one place (hands + stock + pile + table == the shoe), the
seat to act follows the turn order, nobody goes out in a final turn; at every round
end: each other seat took exactly one final turn, and the scores are the solver's
penalties; at the end: the record survives JSON and replays to the same match. On
sampled steps, each seat's view is unchanged when the cards it cannot see are dealt
anew.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redeal import redeal_hidden
from threethirteen.actions import Discard, Draw, GoOut
from threethirteen.bots import make_bot
from threethirteen.cards import Card, make_shoe
from threethirteen.melds import HandSolver
from threethirteen.records import GameRecord, replay
from threethirteen.rules import PRESETS, Rules, apply_house_rule, get_rules
from threethirteen.scoring import RoundEnd
from threethirteen.state import MatchState, Phase


def phase_of(state: MatchState) -> Phase:
    """The phase, read through a call: mypy keeps ``state.phase`` narrowed across calls."""
    return state.phase


def _mix(preset: str, *house: str) -> Rules:
    rules = get_rules(preset)
    for spec in house:
        rules = apply_house_rule(rules, spec)
    return rules


RULE_SETS: dict[str, Rules] = {name: rules for name, rules in PRESETS.items()} | {
    "classic+lay-off+wrap+one-wild": _mix("classic", "lay-off", "aces-wrap", "one-wild-per-meld"),
    "bga+contracts+double+no-discard-taken": _mix(
        "bga", "contracts", "double-final", "no-discard-taken"
    ),
    "classic+six-fourteen+jokers+end-round": _mix(
        "classic", "six-fourteen", "jokers", "empty_stock=end-round", "first_dealer=first-seat"
    ),
    "app+lay-off+no-all-wild+face-rank": _mix(
        "app", "lay-off", "no-all-wild-melds", "face-rank-points", "jokers", "turn_limit=30"
    ),
    # one deck for at most three seats: a small stock, so the pile is often reshuffled
    "classic+one-deck": get_rules("classic").with_options(decks_by_players="2:1", max_players=3),
    "bga+shortened+cut+aces-high+zero-wild": _mix(
        "bga", "shortened", "first_dealer=cut", "aces-high", "wild_penalty=0", "tie_break=no-winner"
    ),
}

# Random bots rarely go out in long rounds; a lower stall limit keeps their matches short.
RANDOM_TURN_LIMIT = 60


def placed(state: MatchState) -> Counter[Card]:
    out: Counter[Card] = Counter(state.discard_pile)
    for hand in state.hands:
        out.update(hand)
    out.update(state._stock)
    for meld in state.table:
        out.update(meld.cards)
    return out


class RoundWatch:
    """What the turn order and the final-turn rule demand of the round being played."""

    def __init__(self, state: MatchState, first_dealer: int) -> None:
        n = state.players
        assert state.dealer == (first_dealer + state.round_number - 1) % n
        assert state.current == (state.dealer + 1) % n
        assert state.phase is Phase.DRAW and state.turn == 0
        self.expected = state.current
        self.out: int | None = None
        self.final_turns: list[int] = []

    def before(self, state: MatchState, action: Draw | Discard | GoOut) -> None:
        assert state.current == self.expected
        if self.out is not None:
            assert not isinstance(action, GoOut)
            assert not any(isinstance(a, GoOut) for a in state.legal_actions())

    def after(self, state: MatchState, seat: int, action: Draw | Discard | GoOut) -> None:
        n = state.players
        if isinstance(action, Draw):
            assert state.phase is Phase.DISCARD and state.current == seat
            return
        if isinstance(action, GoOut):
            self.out = seat
            assert state.out_seat == seat and state.hand(seat) == ()
        elif self.out is not None:
            self.final_turns.append(seat)
        if state.phase is Phase.ROUND_OVER:
            return
        self.expected = (seat + 1) % n
        assert state.phase is Phase.DRAW and state.current == self.expected

    def check_end(self, state: MatchState) -> None:
        n, rules = state.players, state.rules
        result = state.results[-1]
        assert result.out_seat == self.out
        if result.ending is RoundEnd.OUT:
            assert self.out is not None
            assert self.final_turns == [(self.out + k) % n for k in range(1, n)]
        elif result.ending is RoundEnd.STOCK_EMPTY:
            assert state.stock_size == 0 and rules.empty_stock.value == "end-round"
        else:
            assert self.out is None and state.turn == rules.turn_limit
        solver = HandSolver(rules, state.spec)
        table = state.table if rules.lay_off else ()
        for seat in range(n):
            if seat == self.out:
                assert result.penalties[seat] == 0
                continue
            hand = state.hand(seat)
            assert result.hands[seat] == hand
            expected = solver.deadwood(hand, table) * state.spec.multiplier
            assert result.penalties[seat] == expected


def run_match(rules: Rules, bot_names: list[str], seed: int, probe_seed: int) -> MatchState:
    players = len(bot_names)
    if "random" in bot_names:
        rules = rules.with_options(turn_limit=RANDOM_TURN_LIMIT)
    bots = [make_bot(name, seed=seed + i) for i, name in enumerate(bot_names)]
    shoe = Counter(make_shoe(rules.decks_for(players), rules.jokers))
    probe = random.Random(probe_seed)
    state = MatchState.new(rules, players, seed)
    watch = RoundWatch(state, state.first_dealer)
    step = 0
    while state.phase is not Phase.MATCH_OVER:
        assert placed(state) == shoe
        if state.phase is Phase.ROUND_OVER:
            watch.check_end(state)
            state.next_round()
            if phase_of(state) is Phase.DRAW:  # the next round is dealt
                watch = RoundWatch(state, state.first_dealer)
            continue
        seat = state.current
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        watch.before(state, action)
        state.apply(action)
        watch.after(state, seat, action)
        step += 1
        if step % 5 == 0:
            viewer = probe.randrange(players)
            assert redeal_hidden(state, viewer, probe).view(viewer) == state.view(viewer)
    assert len(state.results) == rules.rounds
    assert state.scores.totals == tuple(
        sum(r.penalties[s] for r in state.results) for s in range(players)
    )
    return state


def check_record(state: MatchState) -> None:
    record = state.record()
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    rebuilt = replay(again)
    assert rebuilt.phase is Phase.MATCH_OVER
    assert rebuilt.results == state.results
    assert rebuilt.scores == state.scores
    assert rebuilt.winners() == state.winners()
    assert rebuilt.record(record.names).to_json() == text


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_random_matches_keep_the_invariants(name: str, data: st.DataObject) -> None:
    rules = RULE_SETS[name]
    players = data.draw(st.integers(rules.min_players, min(rules.max_players, 6)), "players")
    bot_names = data.draw(
        st.lists(st.sampled_from(["random", "greedy"]), min_size=players, max_size=players), "bots"
    )
    seed = data.draw(st.integers(0, 2**40), "seed")
    state = run_match(rules, bot_names, seed, probe_seed=seed ^ 0x5EED)
    check_record(state)
