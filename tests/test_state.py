"""The match state machine: dealing, turn order, legality, going out, scoring, stock rules."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from threethirteen.actions import Action, Discard, Draw, GoOut, Source, parse_action
from threethirteen.cards import Card, Rank, make_shoe, parse_cards
from threethirteen.errors import IllegalActionError, RulesError, ThreeThirteenError
from threethirteen.melds import HandSolver
from threethirteen.rules import Rules, get_rules
from threethirteen.scoring import RoundEnd
from threethirteen.state import MatchState, Phase, dealer_generator, round_generator
from threethirteen.views import EventKind

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")
STOCK, TAKE = Draw(Source.STOCK), Draw(Source.DISCARD)


def cards(text: str) -> Counter[Card]:
    return Counter(parse_cards(text))


def play(state: MatchState, *moves: str) -> None:
    for move in moves:
        state.apply(parse_action(move))


def solver(rules: Rules, number: int = 1) -> HandSolver:
    return HandSolver(rules, rules.round_spec(number))


def snapshot(state: MatchState) -> tuple[Any, ...]:
    """Everything observable about a state, hidden order and generator included."""
    return (
        state.phase,
        state.current,
        state.round_number,
        state.hands,
        [list(h) for h in state._hands],
        list(state._stock),
        state.discard_pile,
        state.table,
        state.out_seat,
        state.turn,
        state.drawn,
        state.drawn_from,
        state.log,
        state.results,
        state.scores,
        state._rng.getstate(),
    )


def placed_cards(state: MatchState) -> Counter[Card]:
    out: Counter[Card] = Counter()
    for hand in state.hands:
        out.update(hand)
    out.update(state._stock)
    out.update(state.discard_pile)
    for meld in state.table:
        out.update(meld.cards)
    return out


def shoe(rules: Rules, players: int) -> Counter[Card]:
    return Counter(make_shoe(rules.decks_for(players), rules.jokers))


def going_out_round(rules: Rules = CLASSIC) -> MatchState:
    """Round 1 (3s wild), seat 0 deals, seat 1 starts and can go out with 9H from the stock."""
    state = MatchState.new(rules, 3, seed=11)
    state.stack(["KS QD 10H", "7H 8H KD", "2S 2D JC"], up="4C", stock_top="9H 2H 5C 6D")
    return state


# -- setting up -----------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "players"), [("classic", 1), ("classic", 9), ("app", 3)])
def test_new_rejects_player_counts_the_rules_do_not_seat(preset: str, players: int) -> None:
    with pytest.raises(RulesError, match=rf"{players} players?\b"):
        MatchState.new(get_rules(preset), players, seed=1)


def test_new_rejects_a_seed_that_is_not_an_integer() -> None:
    with pytest.raises(ThreeThirteenError, match="'abc'"):
        MatchState.new(CLASSIC, 3, seed="abc")  # type: ignore[arg-type]


def test_new_without_seed_records_a_fresh_one() -> None:
    state = MatchState.new(CLASSIC, 3)
    again = MatchState.new(CLASSIC, 3, seed=state.seed)
    assert again.hands == state.hands and again.discard_pile == state.discard_pile


def test_the_deal() -> None:
    rules = get_rules("bga")
    state = MatchState.new(rules, 5, seed=3)
    assert state.phase is Phase.DRAW
    assert state.spec.hand_size == 3 and state.wild_rank is Rank.THREE
    assert [len(h) for h in state.hands] == [3] * 5
    assert len(state.discard_pile) == 1
    assert state.stock_size == 108 - 15 - 1
    assert placed_cards(state) == shoe(rules, 5)
    assert state.current == (state.dealer + 1) % 5
    assert state.deal.hands == state.hands and state.deal.up == state.top_discard


def test_same_seed_same_match_other_seed_other_deal() -> None:
    a = MatchState.new(get_rules("classic"), 4, seed=99)
    b = MatchState.new(get_rules("classic"), 4, seed=99)
    assert snapshot(a) == snapshot(b)
    others = {MatchState.new(get_rules("classic"), 4, seed=s).hands for s in range(100, 105)}
    assert len(others) == 5


def test_first_seat_deals_and_the_next_seat_starts() -> None:
    state = MatchState.new(CLASSIC, 4, seed=5)
    assert (state.dealer, state.current) == (0, 1)
    assert state.cuts == ()


def test_random_first_dealer_varies_with_the_seed() -> None:
    rules = get_rules("bga")
    dealers = {MatchState.new(rules, 4, seed=s).dealer for s in range(60)}
    assert dealers == {0, 1, 2, 3}


def cut_winner(cuts: tuple[tuple[int, Card], ...], players: int) -> int:
    """The cut rule read off the cut sequence: aces high, jokers recut, ties recut."""
    sequence = list(cuts)
    contenders = list(range(players))
    while True:
        value: dict[int, int] = {}
        for seat in contenders:
            seat_cut, card = sequence.pop(0)
            assert seat_cut == seat
            while card.is_joker:
                seat_cut, card = sequence.pop(0)
                assert seat_cut == seat
            assert card.rank is not None
            value[seat] = 14 if card.rank is Rank.ACE else int(card.rank)
        best = max(value.values())
        contenders = [s for s in contenders if value[s] == best]
        if len(contenders) == 1:
            assert sequence == []
            return contenders[0]


def test_cut_for_the_first_dealer() -> None:
    rules = get_rules("bga").with_options(first_dealer="cut")  # jokers in the shoe
    saw_tie = saw_joker = False
    dealers = set()
    for seed in range(150):
        state = MatchState.new(rules, 6, seed=seed)
        assert state.dealer == cut_winner(state.cuts, 6)
        saw_tie |= len(state.cuts) > 6 and not any(c.is_joker for _, c in state.cuts)
        saw_joker |= any(c.is_joker for _, c in state.cuts)
        dealers.add(state.dealer)
    assert saw_tie and saw_joker  # both re-cut paths ran
    assert dealers == set(range(6))


def test_ace_is_high_for_the_cut() -> None:
    for seed in range(200):
        state = MatchState.new(get_rules("classic"), 2, seed=seed)
        first = {seat: card for seat, card in state.cuts[:2]}
        if len(state.cuts) == 2 and Rank.ACE in (first[0].rank, first[1].rank):
            ace_seat = 0 if first[0].rank is Rank.ACE else 1
            assert state.dealer == ace_seat
            return
    pytest.fail("no seed cut an ace")


# -- chance: one generator per round, derived from the seed --------------------------


def deals_of(state: MatchState) -> list[Any]:
    return [deal for deal, _ in state.history]


def reshuffled(state: MatchState) -> bool:
    return any(e.kind is EventKind.RESHUFFLE for _, events in state.history for e in events)


def test_every_rounds_deal_depends_on_the_seed_alone_not_on_the_play() -> None:
    # Regression: the match had one generator, so a reshuffle of the discard pile in
    # one round changed the deals of every later round, and the tournament's
    # duplicate deals were duplicate only until then.
    from threethirteen.bots import make_bot, play_match

    rules = get_rules("classic").with_options(hand_sizes=(3, 4, 5, 6))
    compared_after_reshuffle = 0
    for seed in (1, 2, 3):
        randoms = play_match(rules, [make_bot("random", seed), make_bot("random", 9)], seed)
        greedies = play_match(rules, [make_bot("greedy"), make_bot("greedy")], seed)
        mixed = play_match(rules, [make_bot("random", seed), make_bot("greedy")], seed)
        assert deals_of(randoms.state) == deals_of(greedies.state) == deals_of(mixed.state)
        assert len(deals_of(randoms.state)) == rules.rounds
        assert randoms.state.cuts == greedies.state.cuts == mixed.state.cuts
        # the plays differ; the random players' long rounds reshuffle the pile
        assert randoms.record.rounds[0].actions != greedies.record.rounds[0].actions
        compared_after_reshuffle += reshuffled(randoms.state) and not reshuffled(greedies.state)
    assert compared_after_reshuffle  # the case that used to break was exercised


def test_each_round_deals_from_its_own_generator() -> None:
    rules = get_rules("classic")
    state = MatchState.new(rules, 3, seed=42)
    for number in (1, 2):
        shoe = make_shoe(rules.decks_for(3), rules.jokers)
        round_generator(42, number).shuffle(shoe)
        assert state.deal.up == shoe[-1 - 3 * state.spec.hand_size]
        assert Counter(c for hand in state.hands for c in hand) == Counter(
            shoe[-3 * state.spec.hand_size :]
        )
        while state.phase is not Phase.ROUND_OVER:
            state.apply(state.legal_actions()[0])
        state.next_round()
    assert round_generator(42, 1).random() != round_generator(42, 2).random()
    assert round_generator(42, 1).random() != round_generator(43, 1).random()


def test_the_first_dealer_has_its_own_generator() -> None:
    # The cut does not use up the round's generator: the shoe is shuffled the same
    # whether the first dealer is cut for or fixed (only who gets which hand moves).
    cut = MatchState.new(get_rules("classic"), 4, seed=8)
    fixed = MatchState.new(CLASSIC, 4, seed=8)
    assert cut.deal.up == fixed.deal.up
    assert Counter(cut.hands) == Counter(fixed.hands)
    bga = get_rules("bga")  # a random first dealer
    assert MatchState.new(bga, 4, seed=8).dealer == dealer_generator(8).randrange(4)


# -- turns and legality -------------------------------------------------------------


def test_draw_phase_offers_both_sources() -> None:
    state = MatchState.new(CLASSIC, 3, seed=2)
    assert state.legal_actions() == (STOCK, TAKE)
    assert TAKE in state.legal_actions()


def test_a_turn_draws_then_discards_then_passes_left() -> None:
    state = MatchState.new(CLASSIC, 3, seed=2)
    state.stack(["KS QD 10H", "7H 8H KD", "2S 2D JC"], up="4C", stock_top="9C")
    event = state.apply(TAKE)
    assert event.kind is EventKind.DRAW_DISCARD and event.card == Card.parse("4C")
    assert state.phase is Phase.DISCARD and state.current == 1
    assert state.drawn == Card.parse("4C") and state.drawn_from is Source.DISCARD
    assert state.hand(1) == parse_cards("7H 8H KD 4C")
    assert state.discard_pile == ()
    assert set(state.legal_actions()) == {Discard(c) for c in parse_cards("7H 8H KD 4C")}
    play(state, "discard KD")
    assert (state.phase, state.current, state.turn) == (Phase.DRAW, 2, 1)
    assert state.top_discard == Card.parse("KD")
    play(state, "draw stock")
    assert state.drawn == Card.parse("9C")
    play(state, "discard 9C", "draw stock")
    assert state.current == 0


def test_duplicate_cards_give_one_discard_each() -> None:
    state = MatchState.new(CLASSIC, 2, seed=2)
    state.stack(["KS QD 10H", "7H 7H KD"], up="8C", stock_top="KD")
    play(state, "draw stock")
    discards = [a for a in state.legal_actions() if isinstance(a, Discard)]
    assert discards == [Discard(c) for c in parse_cards("7H KD")]
    play(state, "discard 7H")
    assert state.hand(1) == parse_cards("7H KD KD")


ILLEGAL_IN_DRAW = ["discard 10H", "out 10H", "discard KS"]
ILLEGAL_IN_DISCARD = ["draw stock", "draw discard", "discard AS", "out 8H", "out 9H"]


@pytest.mark.parametrize("move", ILLEGAL_IN_DRAW)
def test_illegal_action_in_draw_phase_leaves_state_unchanged(move: str) -> None:
    state = going_out_round()
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action(move))
    assert repr(move) in str(info.value)
    assert "seat 1" in str(info.value) and "phase draw" in str(info.value)
    assert snapshot(state) == before


@pytest.mark.parametrize("move", ILLEGAL_IN_DISCARD)
def test_illegal_action_in_discard_phase_leaves_state_unchanged(move: str) -> None:
    state = going_out_round()
    play(state, "draw stock")  # 9H: 7H 8H 9H KD
    before = snapshot(state)
    assert parse_action(move) not in state.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action(move))
    assert repr(move) in str(info.value)
    assert "seat 1" in str(info.value) and "phase discard" in str(info.value)
    assert snapshot(state) == before


def test_illegal_go_out_names_the_hand_left() -> None:
    state = going_out_round()
    play(state, "draw stock")
    with pytest.raises(IllegalActionError, match=r"7H 9H KD.*does not meld"):
        state.apply(GoOut(Card.parse("8H")))


def test_a_non_action_is_rejected() -> None:
    state = going_out_round()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="parse_action"):
        state.apply("draw stock")  # type: ignore[arg-type]
    assert snapshot(state) == before


def test_card_taken_from_the_pile_may_not_be_discarded_under_the_house_rule() -> None:
    rules = CLASSIC.with_options(discard_taken_card=False)
    state = MatchState.new(rules, 2, seed=2)
    state.stack(["KS QD 10H", "7H 8H KD"], up="4C")
    play(state, "draw discard")
    assert Discard(Card.parse("4C")) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="just taken"):
        play(state, "discard 4C")
    # with another equal card in hand, discarding "a 4C" is discarding the other one
    state = MatchState.new(rules, 2, seed=2)
    state.stack(["KS QD 10H", "4C 8H KD"], up="4C")
    play(state, "draw discard")
    assert Discard(Card.parse("4C")) in state.legal_actions()
    # and the default rules allow discarding the card just taken
    state = MatchState.new(CLASSIC, 2, seed=2)
    state.stack(["KS QD 10H", "7H 8H KD"], up="4C")
    play(state, "draw discard", "discard 4C")


# -- going out and the final turns --------------------------------------------------


def test_going_out_and_one_final_turn_each() -> None:
    state = going_out_round()
    play(state, "draw stock")  # 9H
    assert GoOut(Card.parse("KD")) in state.legal_actions()
    assert Discard(Card.parse("KD")) in state.legal_actions()  # not going out is allowed
    event = state.apply(GoOut(Card.parse("KD")))
    assert event.kind is EventKind.GO_OUT
    assert state.out_seat == 1 and state.hand(1) == ()
    assert [Counter(m.cards) for m in state.table] == [cards("7H 8H 9H")]
    assert state.top_discard == Card.parse("KD")
    # seat 2 takes its final turn: it could meld everything, but may not go out
    assert state.is_final_turn and state.current == 2
    play(state, "draw stock")  # 2H: 2S 2D 2H JC
    assert not any(isinstance(a, GoOut) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="final turn"):
        play(state, "out JC")
    play(state, "discard JC")
    # seat 0's final turn, then the round is over
    assert (state.current, state.phase) == (0, Phase.DRAW)  # a tuple: mypy keeps Phase
    play(state, "draw stock", "discard KS")  # 5C: QD 10H 5C left
    assert state.phase is Phase.ROUND_OVER
    assert [e.seat for e in state.log] == [1, 1, 2, 2, 0, 0]
    result = state.results[-1]
    assert result.out_seat == 1 and result.ending is RoundEnd.OUT and not result.stalled
    assert result.penalties == (10 + 10 + 5, 0, 0)  # QD 10H 5C; out; 2S 2D 2H is a set
    assert Counter(result.hands[1]) == cards("7H 8H 9H")
    assert result.hands[2] == parse_cards("2S 2H 2D")
    assert state.scores.rows == (result.penalties,)
    assert state.legal_actions() == ()


def test_round_penalties_are_the_solvers() -> None:
    state = going_out_round()
    play(state, "draw stock", "out KD", "draw stock", "discard 2S", "draw discard", "discard QD")
    result = state.results[-1]
    s = solver(CLASSIC)
    for seat in (0, 2):
        hand = state.hand(seat)
        assert result.hands[seat] == hand
        assert result.penalties[seat] == s.deadwood(hand)
        assert result.arrangements[seat].deadwood == s.deadwood(hand)
    assert result.penalties[1] == 0


def test_final_round_multiplier() -> None:
    rules = CLASSIC.with_options(hand_sizes=(3,), double_final_round=True)
    assert rules.round_spec(1).multiplier == 2
    state = going_out_round(rules)
    play(state, "draw stock", "out KD", "draw stock", "discard JC", "draw stock", "discard KS")
    assert state.results[-1].penalties == (2 * 25, 0, 0)
    assert state.results[-1].multiplier == 2


@pytest.mark.parametrize(("lay_off", "penalty"), [(False, 10 + 10 + 5), (True, 10 + 5)])
def test_lay_off_scores_final_hands_onto_the_table(lay_off: bool, penalty: int) -> None:
    # seat 0 keeps 10H, which extends the run 7H 8H 9H on the table
    state = going_out_round(CLASSIC.with_options(lay_off=lay_off))
    play(state, "draw stock", "out KD", "draw stock", "discard JC", "draw stock", "discard KS")
    assert state.hand(0) == parse_cards("10H QD 5C")
    assert state.results[-1].penalties[0] == penalty


def test_auto_go_out_offers_the_going_out_discard_only_as_out() -> None:
    rules = get_rules("app").with_options(first_dealer="first-seat")
    state = MatchState.new(rules, 4, seed=8)
    state.stack(["KS QD 10H", "7H 8H KD", "2S 2D JC", "AS 5D 9D"], up="4C", stock_top="9H")
    play(state, "draw stock")
    legal = state.legal_actions()
    assert GoOut(Card.parse("KD")) in legal
    assert Discard(Card.parse("KD")) not in legal
    assert Discard(Card.parse("7H")) in legal
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="'out KD'"):
        play(state, "discard KD")
    assert snapshot(state) == before
    play(state, "out KD")
    assert state.out_seat == 1


def test_contract_must_be_met_to_go_out() -> None:
    # a 6-card round whose contract is two sets: a run plus a set does not go out
    rules = CLASSIC.with_options(hand_sizes=(6,), contracts="default")
    assert rules.round_spec(1).contract is not None
    state = MatchState.new(rules, 2, seed=4)
    state.stack(["2S 2D 2C 9S 9D 9C", "KS QS JS 4D 4H 4C"], up="8H", stock_top="KD")
    s = solver(rules)
    play(state, "draw stock")  # seat 1: KS QS JS 4D 4H 4C KD: a run and a set
    assert s.going_out(parse_cards("KS QS JS 4D 4H 4C")) is None
    assert not any(isinstance(a, GoOut) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="contract"):
        play(state, "out KD")


# -- stock and stall rules ----------------------------------------------------------


def big_round(**options: Any) -> MatchState:
    """Six players with 13 cards each: a stock of 25 cards."""
    rules = CLASSIC.with_options(hand_sizes=(13,), turn_limit=None, **options)
    state = MatchState.new(rules, 6, seed=21)
    assert state.stock_size == 104 - 6 * 13 - 1
    return state


def draw_and_discard(state: MatchState) -> None:
    state.apply(STOCK)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))


def test_empty_stock_reshuffles_the_pile_but_its_top() -> None:
    state = big_round()
    rules = state.rules
    for _ in range(25):
        draw_and_discard(state)
        assert placed_cards(state) == shoe(rules, 6)
    assert state.stock_size == 0 and len(state.discard_pile) == 26
    assert STOCK in state.legal_actions()
    old_pile = state.discard_pile
    event = state.apply(STOCK)
    reshuffle = state.log[-2]
    assert reshuffle.kind is EventKind.RESHUFFLE and reshuffle.count == 25
    assert state.discard_pile == old_pile[-1:]
    assert event.card is not None
    assert Counter(state._stock) + Counter([event.card]) == Counter(old_pile[:-1])
    assert placed_cards(state) == shoe(rules, 6)
    assert state.phase is Phase.DISCARD


def test_empty_stock_ends_the_round_under_end_round() -> None:
    state = big_round(empty_stock="end-round")
    for _ in range(24):
        draw_and_discard(state)
    assert (state.phase, state.stock_size) == (Phase.DRAW, 1)
    draw_and_discard(state)
    assert state.phase is Phase.ROUND_OVER
    result = state.results[-1]
    assert result.ending is RoundEnd.STOCK_EMPTY and result.stalled and result.out_seat is None
    s = solver(state.rules)
    assert result.penalties == tuple(s.deadwood(h) for h in state.hands)


def test_stall_rule_scores_the_round_as_it_stands() -> None:
    rules = CLASSIC.with_options(turn_limit=5)
    state = MatchState.new(rules, 3, seed=6)
    for turn in range(1, 6):
        assert state.phase is Phase.DRAW
        draw_and_discard(state)
        assert state.turn == turn
    assert state.phase is Phase.ROUND_OVER
    result = state.results[-1]
    assert result.ending is RoundEnd.TURN_LIMIT and result.stalled and result.out_seat is None
    s = solver(rules)
    assert result.penalties == tuple(s.deadwood(h) for h in state.hands)


def test_stall_rule_never_cuts_final_turns_short() -> None:
    state = going_out_round(CLASSIC.with_options(turn_limit=1))
    play(state, "draw stock", "out KD")
    assert state.phase is Phase.DRAW and state.is_final_turn
    play(state, "draw stock", "discard JC", "draw stock", "discard KS")
    assert state.results[-1].ending is RoundEnd.OUT


# -- rounds and the match -----------------------------------------------------------


def test_next_round_only_after_a_round() -> None:
    state = going_out_round()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="round-over"):
        state.next_round()
    assert snapshot(state) == before


def test_rounds_rotate_the_deal_and_the_match_ends() -> None:
    rules = CLASSIC.with_options(hand_sizes=(3, 4, 5), turn_limit=4)
    state = MatchState.new(rules, 3, seed=13)
    for number in (1, 2, 3):
        assert state.round_number == number and state.spec.hand_size == number + 2
        assert state.dealer == (number - 1) % 3
        assert state.current == number % 3
        while state.phase is not Phase.ROUND_OVER:
            draw_and_discard(state)
        state.next_round()
    assert state.phase is Phase.MATCH_OVER
    assert len(state.results) == 3 and len(state.scores.rows) == 3
    assert state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="match is over"):
        state.apply(STOCK)
    with pytest.raises(IllegalActionError):
        state.next_round()
    assert state.winners() == state.scores.standings()[:1] or len(state.winners()) != 1


def test_copy_is_independent_and_replays_the_same_future() -> None:
    state = big_round()
    for _ in range(20):
        draw_and_discard(state)
    twin = state.copy()
    assert snapshot(twin) == snapshot(state)
    for _ in range(10):  # passes the reshuffle: the generator was copied too
        draw_and_discard(twin)
        draw_and_discard(state)
    assert snapshot(twin) == snapshot(state)
    before = snapshot(state)
    draw_and_discard(twin)
    assert snapshot(state) == before


def test_with_shuffled_stock_keeps_the_position_and_changes_the_future() -> None:
    state = big_round()
    for _ in range(5):
        draw_and_discard(state)
    before = snapshot(state)
    other = state.with_shuffled_stock(7)
    assert snapshot(state) == before  # the original is untouched
    assert sorted(other._stock, key=Card.sort_key) == sorted(state._stock, key=Card.sort_key)
    assert other._stock != state._stock
    same = [a for a, b in zip(snapshot(other), before, strict=True) if a == b]
    assert len(same) == len(before) - 2  # only the stock's order and the generator...
    assert other.view(0) == state.view(0)  # ...and nobody can see it
    assert snapshot(state.with_shuffled_stock(7)) == snapshot(other)  # seeded


def test_apply_unchecked_matches_apply_on_legal_actions() -> None:
    a, b = going_out_round(), going_out_round()
    for move in ("draw stock", "out KD", "draw discard", "discard 2S"):
        a.apply(parse_action(move))
        b.apply_unchecked(parse_action(move))
    assert snapshot(a) == snapshot(b)


# -- stacking (the test helper is API) ----------------------------------------------


def test_stack_rejects_cards_not_in_the_shoe() -> None:
    state = MatchState.new(CLASSIC, 2, seed=1)
    with pytest.raises(ThreeThirteenError, match="JK"):
        state.stack(["JK 2S 3S", "4S 5S 6S"], up="7S")
    with pytest.raises(ThreeThirteenError, match="deals 3"):
        state.stack(["2S 3S 4S 5S", "4S 5S 6S"], up="7S")
    with pytest.raises(ThreeThirteenError, match="AS"):
        state.stack(["AS AS 3S", "4S 5S 6S"], up="AS")  # two decks: only two AS
    play(state, "draw stock")
    with pytest.raises(ThreeThirteenError, match="begun"):
        state.stack(["2S 3S 4S", "4S 5S 6S"], up="7S")


def test_view_of_a_bad_seat() -> None:
    with pytest.raises(ThreeThirteenError, match="no seat 3"):
        MatchState.new(CLASSIC, 3, seed=1).view(3)


def test_str_and_repr() -> None:
    state = going_out_round()
    assert "seat 1: 7H 8H KD" in str(state)
    assert "phase=draw" in repr(state)


def _unused(action: Action) -> None:  # keeps the Action import honest for type checkers
    del action
