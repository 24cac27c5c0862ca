"""Determinization: sampled worlds agree with the view, hold every card once, and play on."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from threethirteen.actions import parse_action
from threethirteen.bots import make_bot
from threethirteen.cards import Card, make_shoe, parse_cards
from threethirteen.errors import ThreeThirteenError
from threethirteen.rules import apply_house_rule, get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.views import PlayerView, known_holdings
from threethirteen.worlds import card_weights, public_signals, sample_world

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")

RULE_SETS = {
    "classic": get_rules("classic"),
    "bga": get_rules("bga"),
    "app": get_rules("app"),
    "lay-off": apply_house_rule(get_rules("classic"), "lay-off"),
    "no-discard-taken": apply_house_rule(get_rules("classic"), "no-discard-taken"),
    "end-round": get_rules("classic").with_options(empty_stock="end-round", hand_sizes="9,10"),
    "contracts-capped": apply_house_rule(
        apply_house_rule(get_rules("bga"), "contracts"), "one-wild-per-meld"
    ),
}


def every_card(state: MatchState) -> Counter[Card]:
    """Every card of a state: the hands, the pile, the table and the stock."""
    cards: Counter[Card] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.discard_pile)
    for meld in state.table:
        cards.update(meld.cards)
    cards.update(state._stock)  # the stock's contents are not public API
    return cards


def check_world(state: MatchState, view: PlayerView, world: MatchState) -> None:
    """The consistency a world owes its view (``state`` is the true position)."""
    assert world.view(view.seat) == view
    shoe = make_shoe(state.rules.decks_for(state.players), state.rules.jokers)
    assert every_card(world) == Counter(shoe)
    assert every_card(world) == every_card(state)
    assert world.hand(view.seat) == view.hand
    assert world.stock_size == view.stock_size
    for seat, held in enumerate(known_holdings(view)):
        hand = Counter(world.hand(seat))
        assert len(world.hand(seat)) == view.hand_sizes[seat]
        assert not held - hand, f"seat {seat} lost a card it is known to hold"
    if view.is_my_turn:  # another seat's moves depend on its (sampled) hand
        assert world.legal_actions() == state.legal_actions()
    assert world.phase is state.phase and world.current == state.current
    assert world.turn == state.turn and world.out_seat == state.out_seat
    assert world.scores == state.scores and world.results == state.results


def play_out(world: MatchState, rng: random.Random) -> None:
    """Random legal play to the end of the round: the world must play and score."""
    while world.phase in (Phase.DRAW, Phase.DISCARD):
        world.apply(rng.choice(world.legal_actions()))
    assert world.phase is Phase.ROUND_OVER
    assert len(world.results[-1].penalties) == world.players


@pytest.mark.parametrize("label", list(RULE_SETS))
def test_worlds_are_consistent_with_the_view(label: str) -> None:
    rules = RULE_SETS[label]
    rng = random.Random(len(label))
    checked = 0
    for seed in range(3):
        players = 4 if rules.name == "app" else 2 + seed
        state = MatchState.new(rules, players, seed=seed)
        movers = [make_bot("greedy"), make_bot("random", seed)]
        steps = rng.randrange(20, 120)
        for step in range(steps):
            if state.phase is Phase.MATCH_OVER:
                break
            if state.phase is Phase.ROUND_OVER:
                state.next_round()
                continue
            if step % 7 == 0:  # the seat to act, and one that waits
                for seat in (state.current, (state.current + 1) % players):
                    view = state.view(seat)
                    for bias in (0.0, 1.5):
                        world = sample_world(view, random.Random(step * 10 + seat), bias)
                        check_world(state, view, world)
                        play_out(world, rng)
                        checked += 1
            state.apply(movers[step % 2].choose(state.view(state.current)))
    assert checked >= 12


def test_known_holdings_are_kept_and_the_rest_varies() -> None:
    state = MatchState.new(CLASSIC, 2, seed=5)
    state.stack(["7H 8H KD", "3H 4H 9C"], up="9H", stock_top="2S 5C")
    opponent = state.current
    for move in ("draw discard", "discard KD" if opponent == 0 else "discard 3H"):
        state.apply(parse_action(move))
    view = state.view(1 - opponent)
    assert known_holdings(view)[opponent] == Counter(parse_cards("9H"))
    hands = set()
    for seed in range(60):
        world = sample_world(view, random.Random(seed))
        hand = world.hand(opponent)
        assert parse_cards("9H")[0] in hand
        hands.add(hand)
    assert len(hands) > 40  # the unknown cards really are resampled


def test_same_generator_same_world_and_hidden_cards_do_not_matter() -> None:
    # Two deals that differ only in the opponent's hand and the stock: seat 0 sees the same.
    one = MatchState.new(CLASSIC, 2, seed=1)
    two = MatchState.new(CLASSIC, 2, seed=2)
    one.stack(["5S 6S 7S", "KD QC 2H"], up="9D")
    two.stack(["5S 6S 7S", "AC 4D 10H"], up="9D")
    seat = 0 if one.current == 1 else 1  # the seat that waits: its view has no drawn card
    view_one, view_two = one.view(seat), two.view(seat)
    assert view_one == view_two
    for seed in range(10):
        a = sample_world(view_one, random.Random(seed), 1.0)
        b = sample_world(view_two, random.Random(seed), 1.0)
        assert a.hands == b.hands and a._stock == b._stock and a.seed == b.seed


def test_uniform_sampling_is_fair() -> None:
    # With no bias every unseen card is equally likely to be in the opponent's hand.
    state = MatchState.new(CLASSIC, 2, seed=11)
    view = state.view(state.current)
    rng = random.Random(4)
    opponent = 1 - view.seat
    counts: Counter[Card] = Counter()
    trials = 3000
    for _ in range(trials):
        counts.update(set(sample_world(view, rng).hand(opponent)))
    unseen = 104 - 3 - 1  # two decks less the viewer's hand and the up card
    # P(some copy of a card among 3 cards drawn from 100 holding `copies` of it).
    card = Card.parse("KS")
    copies = 2 - view.hand.count(card) - view.discard_pile.count(card)
    expected = 1 - math.comb(unseen - copies, 3) / math.comb(unseen, 3)
    assert abs(counts[card] / trials - expected) < 0.025


def test_bias_follows_refusals() -> None:
    # The opponent drew from the stock rather than take 9C: 9s (and 7C..JC) are less
    # likely in its hand with a bias than without.
    state = MatchState.new(CLASSIC.with_options(hand_sizes="7"), 2, seed=3)
    state.stack(["2S 3S 4S 5D 6D JC QC", "KH KD 8C 2C AH AD 5S"], up="9C")
    opponent = state.current
    state.apply(parse_action("draw stock"))
    state.apply(parse_action(f"discard {state.drawn}"))
    view = state.view(1 - opponent)
    refused, taken = public_signals(view)[opponent]
    assert parse_cards("9C")[0] in refused and not taken
    nines = list(parse_cards("9S 9H 9D"))
    weights = card_weights(view, opponent, [*nines, Card.parse("KH")], 1.0)
    assert weights[0] < weights[3] == 1.0  # a 9 is related to the refused 9C; KH is not

    def nine_rate(bias: float) -> float:
        rng = random.Random(8)
        hits = 0
        for _ in range(600):
            hand = sample_world(view, rng, bias).hand(opponent)
            hits += sum(c.rank == nines[0].rank for c in hand)
        return hits / 600

    assert nine_rate(2.0) < 0.75 * nine_rate(0.0)


def test_errors() -> None:
    state = MatchState.new(CLASSIC.with_options(hand_sizes="3"), 2, seed=3)
    while state.phase is not Phase.ROUND_OVER:
        state.apply(make_bot("greedy").choose(state.view(state.current)))
    with pytest.raises(ThreeThirteenError, match="round is over"):
        sample_world(state.view(0), random.Random(1))
    fresh = MatchState.new(CLASSIC, 2, seed=3)
    with pytest.raises(ThreeThirteenError, match="bias"):
        sample_world(fresh.view(0), random.Random(1), -1.0)
