"""Inferred worlds: consistent with the view, blind to hidden cards, and better than a fair deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from test_worlds import CLASSIC, RULE_SETS, check_world, play_out
from threethirteen.actions import Source, parse_action
from threethirteen.bots import make_bot
from threethirteen.bots.base import decisions
from threethirteen.cards import Card, parse_cards
from threethirteen.errors import ThreeThirteenError
from threethirteen.inference import infer_worlds, play_log_likelihood
from threethirteen.melds import HandSolver
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.views import Turn, known_holdings, round_turns
from threethirteen.worlds import sample_world


def test_round_turns_follow_the_log() -> None:
    state = MatchState.new(CLASSIC.with_options(hand_sizes="7"), 2, seed=3)
    state.stack(["2S 3S 4S 5D 6D JC QC", "KH KD 8C 2C AH AD 5S"], up="9C", stock_top="10H")
    first = state.current
    state.apply(parse_action("draw stock"))
    state.apply(parse_action("discard 10H"))
    state.apply(parse_action("draw discard"))
    turns = round_turns(state.view(first))
    # Refused 9C for the stock, threw what it drew; then the other seat took the 10H.
    assert turns[first] == (Turn(Source.STOCK, parse_cards("9C")[0], parse_cards("10H")[0]),)
    assert turns[1 - first] == (Turn(Source.DISCARD, parse_cards("10H")[0]),)


def test_turns_after_a_seat_went_out_are_final() -> None:
    state = MatchState.new(CLASSIC.with_options(hand_sizes="3"), 2, seed=3)
    state.stack(["5H 6H 7H", "2C 9D KS"], up="QC", stock_top="KD")
    first = state.current
    if first == 1:  # the seat holding the run goes first
        state = MatchState.new(CLASSIC.with_options(hand_sizes="3"), 2, seed=3)
        state.stack(["2C 9D KS", "5H 6H 7H"], up="QC", stock_top="KD")
    for move in ("draw stock", "out KD", "draw discard"):
        state.apply(parse_action(move))
    turns = round_turns(state.view(first))
    king, queen = parse_cards("KD QC")
    assert turns[first] == (Turn(Source.STOCK, queen, king, out=True),)
    assert turns[1 - first] == (Turn(Source.DISCARD, king, final=True),)


def test_the_likelihood_prefers_hands_that_explain_the_play() -> None:
    solver = HandSolver.for_round(CLASSIC, 5)  # 7 cards, 7s wild
    nine, king = parse_cards("9H KS")
    # The seat drew from the stock rather than take the 9H, then threw the KS.
    turns = [Turn(Source.STOCK, nine, king)]
    rng = random.Random(1)
    # A hand with 10H JH would have taken the 9H (a run); one with nothing near it not.
    wanting = parse_cards("10H JH 2C 2D 4S 5D 8C")
    indifferent = parse_cards("2C 2D 2S 4S 5D 8C QD")
    assert play_log_likelihood(solver, indifferent, turns, rng) > play_log_likelihood(
        solver, wanting, turns, rng
    )
    # Throwing the KS from a hand whose KS completed a set is unlikely.
    kings = parse_cards("KH KD 2C 4S 6D 8C 10D")
    loose = parse_cards("3H 5D 2C 4S 6D 8C 10D")
    assert play_log_likelihood(solver, loose, turns, rng) > play_log_likelihood(
        solver, kings, turns, rng
    )


def test_errors_quote_what_is_wrong() -> None:
    solver = HandSolver.for_round(CLASSIC, 1)
    took = [Turn(Source.DISCARD, parse_cards("9H")[0], parse_cards("2C")[0])]
    with pytest.raises(ThreeThirteenError, match="9H from the pile"):
        play_log_likelihood(solver, parse_cards("4S 5S 6D"), took, random.Random(1))
    state = MatchState.new(CLASSIC, 2, seed=1)
    view = state.view(state.current)
    with pytest.raises(ThreeThirteenError, match="got 0, 8"):
        infer_worlds(view, random.Random(1), 0, 8)


def positions(rules_label: str, players: int, seed: int, every: int) -> list[MatchState]:
    """Real positions from a match of the heuristic against greedy and random seats."""
    rules = RULE_SETS[rules_label]
    state = MatchState.new(rules, players, seed=seed)
    bots = [make_bot("heuristic"), make_bot("greedy"), *[make_bot("random", s) for s in range(2)]]
    kept = []
    for index, _ in enumerate(decisions(state, bots[:players])):
        if index % every == 0 and state.phase in (Phase.DRAW, Phase.DISCARD):
            kept.append(state.copy())
        if len(kept) >= 6:
            break
    return kept


@pytest.mark.parametrize("label", list(RULE_SETS))
def test_inferred_worlds_are_consistent_with_the_view(label: str) -> None:
    players = 4 if label == "app" else 3
    rng = random.Random(2)
    for state in positions(label, players, seed=len(label), every=11):
        for seat in (state.current, (state.current + 1) % players):
            view = state.view(seat)
            worlds = infer_worlds(view, random.Random(seat), 3, 12)
            assert len(worlds) == 3
            for world in worlds:
                check_world(state, view, world)
                play_out(world.with_shuffled_stock(rng.getrandbits(32)), rng)


def test_hidden_cards_do_not_change_the_worlds() -> None:
    one = MatchState.new(CLASSIC, 2, seed=1)
    two = MatchState.new(CLASSIC, 2, seed=2)
    one.stack(["5S 6S 7S", "KD QC 2H"], up="9D", stock_top="JH")
    two.stack(["5S 6S 7S", "AC 4D 10H"], up="9D", stock_top="JH")
    for state in (one, two):
        state.apply(parse_action("draw stock"))
        state.apply(parse_action(f"discard {state.drawn}"))
    seat = state.current
    assert one.view(seat) == two.view(seat)
    a = infer_worlds(one.view(seat), random.Random(5), 4, 16)
    b = infer_worlds(two.view(seat), random.Random(5), 4, 16)
    assert [w.hands for w in a] == [w.hands for w in b]


def hit_rate(worlds: list[MatchState], hidden: Counter[Card]) -> float:
    """The share of seat 1's ``hidden`` cards that the worlds put in its hand."""
    hits = sum(sum((Counter(w.hand(1)) & hidden).values()) for w in worlds)
    return hits / len(worlds) / sum(hidden.values())


def test_inferred_worlds_guess_the_hidden_cards_better_than_their_proposals() -> None:
    # Real positions of two heuristic bots: the share of the opponent's hidden cards a
    # world puts in its hand. Inferred worlds are resampled from worlds dealt with
    # bias=1, so they beat those only by what the play's likelihood adds
    # (benchmarks/world_accuracy.py measures the same over many matches).
    fair = biased = inferred = 0.0
    counted = 0
    for seed in range(6):
        state = MatchState.new(get_rules("classic"), 2, seed=100 + seed)
        bots = [make_bot("heuristic"), make_bot("heuristic")]
        for index, decision in enumerate(decisions(state, bots)):
            view = decision.view
            if decision.seat != 0 or view.phase is not Phase.DISCARD:
                continue
            if view.out_seat is not None or view.turn < 4 or index % 3:
                continue
            hidden = Counter(state.hand(1)) - known_holdings(view)[1]
            if not hidden:
                continue
            rng = random.Random(index)
            fair += hit_rate([sample_world(view, rng, 0.0) for _ in range(16)], hidden)
            biased += hit_rate([sample_world(view, rng, 1.0) for _ in range(16)], hidden)
            inferred += hit_rate(infer_worlds(view, rng, 16, 64), hidden)
            counted += 1
    assert counted >= 40
    assert inferred > 1.05 * biased > 1.05 * fair
