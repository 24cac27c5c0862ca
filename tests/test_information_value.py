"""The value-of-information benchmark (benchmarks/information_value.py) measures what it says."""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType
from typing import Any

import pytest

from benchmark_scripts import load_benchmark
from redeal import redeal_hidden
from threethirteen.actions import parse_action
from threethirteen.bots import make_bot
from threethirteen.bots.base import decisions
from threethirteen.bots.heuristic import HeuristicBot
from threethirteen.cards import Card
from threethirteen.melds import HandSolver
from threethirteen.rules import get_rules
from threethirteen.state import MatchState
from threethirteen.views import known_holdings, unseen_cards

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_benchmark("information_value")


def informed(tool: ModuleType, variant: str, state: MatchState, **changes: Any) -> Any:
    base: dict[str, Any] = {
        "rules": "classic",
        "out_points": 25.0,
        "closer_points": 8.0,
        "samples": 6,
        "bias": 1.0,
    }
    base.update(changes)
    return tool.InformedBot(variant, tool.Options(**base), tool._Table(state))


def test_the_reference_variant_is_the_heuristic_decision_for_decision(tool: ModuleType) -> None:
    state = MatchState.new(CLASSIC, 2, seed=31)
    bot = informed(tool, "heuristic", state)
    reference = make_bot("heuristic")
    seen = 0
    for decision in decisions(state, [bot, make_bot("simple")]):
        if decision.seat == 0:
            assert decision.action == reference.choose(decision.view)
            seen += 1
    assert seen > 100


def stacked(mine: str, theirs: str, up: str, stock_top: str = "", size: int = 3) -> MatchState:
    """Seat 1 (``mine``) to play before seat 0 (``theirs``), the next player, in round
    one of rules that deal ``size`` cards (``size`` is wild)."""
    state = MatchState.new(CLASSIC.with_options(hand_sizes=(size,)), 2, seed=4)
    state.stack([theirs, mine], up=up, stock_top=stock_top)
    assert state.current == 1
    return state


def danger(bot: Any, state: MatchState, card: str) -> float:
    view = state.view(state.current)
    solver = HandSolver.for_round(view.rules, view.round_number)
    ctx = bot._context(view, solver)
    return float(bot._feeds(ctx, Card.parse(card)) * ctx.weights.feeds_next)


def test_blocking_prices_a_discard_by_the_opponents_true_hand(tool: ModuleType) -> None:
    # 3s wild. The opponent holds 7H 8H and KD: one card from going out; 6H or 9H
    # (or any 3) lets it meld 7H 8H and throw KD.
    state = stacked("KS QD 10C", "7H 8H KD", up="2C")
    bot = informed(tool, "blocking", state)
    assert danger(bot, state, "9H") == pytest.approx(25.0)
    assert danger(bot, state, "6H") == pytest.approx(25.0)
    assert danger(bot, state, "10C") == 0.0  # no use to it
    closer = informed(tool, "closer", state)
    assert danger(closer, state, "9H") == 0.0  # the going-out points are left out


def test_blocking_with_a_hand_further_away_counts_the_closer_points(tool: ModuleType) -> None:
    # Seven cards, 7s wild.
    state = stacked("2C 4D 6S 8H 10C QD KS", "2H 3H 9C JD QS AS KD", up="3C", size=7)
    bot = informed(tool, "blocking", state, closer_points=8.0)
    # 4H brings 2H 3H a card closer to a run; the hand is still more than a turn away.
    assert danger(bot, state, "4H") == pytest.approx(8.0)
    assert danger(bot, state, "6D") == 0.0


def test_sampled_hands_are_consistent_with_the_view_and_depend_on_nothing_else(
    tool: ModuleType,
) -> None:
    state = MatchState.new(CLASSIC, 2, seed=8)
    players = [make_bot("heuristic"), make_bot("simple")]
    checked = 0
    for decision in decisions(state, players):
        view = decision.view
        if decision.seat != 0 or view.round_number < 3:
            continue
        opponent = 1
        for settle in (False, True):
            hands = tool.sampled_hands(view, 5, 1.0, settle=settle)
            assert len(hands) == 5
            known = known_holdings(view)[opponent]
            unseen = unseen_cards(view)
            for hand in hands:
                assert len(hand) == view.hand_sizes[opponent]
                cards = Counter(hand)
                assert not known - cards  # every card known to be held is held
                assert not (cards - known) - unseen  # the rest: cards the seat has not seen
            # Only the view counts: the same hands after the hidden cards are dealt anew.
            other = redeal_hidden(state, 0, random.Random(checked))
            assert other.view(0) == view
            assert tool.sampled_hands(other.view(0), 5, 1.0, settle=settle) == hands
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_settled_hands_hold_less_deadwood_than_dealt_ones(tool: ModuleType) -> None:
    state = MatchState.new(CLASSIC, 2, seed=9)
    players = [make_bot("heuristic"), make_bot("simple")]
    gaps = []
    for decision in decisions(state, players):
        view = decision.view
        if decision.seat != 0 or view.round_number < 6 or tool._stock_draws(view, 1) < 3:
            continue  # eight cards or more, three turns played
        solver = HandSolver.for_round(view.rules, view.round_number)
        dealt = tool.sampled_hands(view, 20, 1.0)
        settled = tool.sampled_hands(view, 20, 1.0, settle=True)
        gaps.append(sum(map(solver.deadwood, dealt)) / 20 - sum(map(solver.deadwood, settled)) / 20)
        if len(gaps) == 4:
            break
    assert len(gaps) == 4
    assert min(gaps) > 0  # a few turns of play lower the deadwood, as real hands do


def test_timing_makes_the_next_draw_sure_when_the_opponent_is_two_turns_away(
    tool: ModuleType,
) -> None:
    far = stacked("KS QD 10C", "2H 9D KD", up="2C")  # no pair: two turns at least
    near = stacked("KS QD 10C", "7H 8H KD", up="2C", stock_top="9H 6H")
    for state, sure in ((far, True), (near, False)):
        view = state.view(1)
        solver = HandSolver.for_round(view.rules, view.round_number)
        timed = informed(tool, "timing", state)._context(view, solver)
        plain = HeuristicBot()._context(view, solver)
        gamble = plain.draws_left / min(plain.weights.horizon_cap, plain.weights.turns_base)
        assert (timed.next_draw == pytest.approx(gamble)) is sure
        if not sure:
            assert 0 < timed.next_draw < gamble


def test_a_match_reports_a_win_share_and_the_margin(tool: ModuleType) -> None:
    options = tool.Options("classic", 25.0, 8.0, 4, 1.0)
    job, win, margin = tool.play(tool.Job("heuristic", 0, 1), options, "simple", 5)
    assert job.seat == 1 and win in (0.0, 0.5, 1.0)
    # The same deal replayed with the plain bots in the same seats gives the same totals.
    state = MatchState.new(get_rules("classic"), 2, tool.derive_seed(5, "deal", 0))
    for _ in decisions(state, [make_bot("simple"), make_bot("heuristic")]):
        pass
    assert margin == state.scores.totals[0] - state.scores.totals[1]
    assert win == (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0)


def test_ranking_counts_pairs_ordered_right_with_ties_as_halves(tool: ModuleType) -> None:
    ranked = tool.Ranked()
    ranked.add([0.9, 0.5], [0.5, 0.1])  # right: 0.9>0.5, 0.9>0.1, 0.5>0.1; tied: 0.5=0.5
    assert (ranked.right, ranked.tied, ranked.pairs) == (3, 1, 4)
    assert ranked.accuracy == pytest.approx(3.5 / 4)


def test_readings_score_cards_from_the_view(tool: ModuleType) -> None:
    # The opponent takes 9H from the pile: it is known to hold it, so 8H (a run with it)
    # helps it in more of the hands a reading deals than KC does.
    state = stacked("KS QD 9H", "10H JC 4D", up="2C", stock_top="5S 6S")
    for move in ("draw stock", "discard 9H", "draw discard", "discard 4D"):
        state.apply(parse_action(move))
    view = state.view(1)
    assert state.current == 1
    options = tool.Options("classic", 25.0, 8.0, 24, 1.0)
    cards = [Card.parse("8H"), Card.parse("KC")]
    bot = HeuristicBot()
    ctx = bot._context(view, HandSolver.for_round(view.rules, view.round_number))
    log = tool.reading_scores(view, cards, "log", options)
    assert log == [bot._feeds(ctx, card) for card in cards]
    for reading in ("dealt", "sampled", "settled"):
        near, far = tool.reading_scores(view, cards, reading, options)
        assert 0.0 <= far < near <= 1.0
