"""The Thirteen match: leads, following, passing, clearing, finishing, scoring, options.

Positions are stacked deals in notation; every expected seat, phase and score is
worked out by hand from the rules (docs/thirteen.md, seed 003) in the comments.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from threethirteen.cards import Card, format_cards, parse_cards
from threethirteen.errors import IllegalActionError, NotationError, RulesError, ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.games.thirteen.actions import Pass, Play, parse_action
from threethirteen.games.thirteen.rules import RoundLeader, Rules, TieAtTop
from threethirteen.games.thirteen.state import (
    ThirteenState,
    deal_hands,
    instant_win_hand,
)
from threethirteen.games.thirteen.views import Phase

C = Card.parse
# The 52 cards from low to high, written out here rather than taken from the code.
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
LOW_TO_HIGH = [f"{rank}{suit}" for rank in RANKS for suit in "SCDH"]


def play(state: ThirteenState, text: str) -> None:
    state.apply(parse_action(text))


def actions(state: ThirteenState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def snapshot(state: ThirteenState) -> tuple[Any, ...]:
    return (
        state.hands,
        state.table,
        state.table_owner,
        state.passed,
        state.finished,
        state.current,
        state.phase,
        state.log,
        state.totals,
        state.results,
        state.round_number,
        state.history,
        tuple(str(a) for a in state.legal_actions()),
    )


# -- the deal and the first lead ------------------------------------------------------------


def test_a_deal_gives_13_cards_a_seat_from_one_deck() -> None:
    state = ThirteenState.new(None, 4, seed=42)
    cards = [card for hand in state.hands for card in hand]
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert sorted(map(str, cards)) == sorted(LOW_TO_HIGH)


def test_the_deal_is_the_seeded_shuffle_dealt_one_card_at_a_time() -> None:
    # The spec: shuffle one deck with Random("thirteen:SEED:ROUND"), deal seat 0 first.
    deck = [C(text) for text in LOW_TO_HIGH]
    random.Random("thirteen:9:1").shuffle(deck)
    state = ThirteenState.new(None, 3, seed=9)
    for seat in range(3):
        assert set(state.hand(seat)) == set(deck[seat:39:3])


def test_the_holder_of_3s_leads_round_1_and_must_play_it() -> None:
    for seed in range(5):
        state = ThirteenState.new(None, 4, seed=seed)
        assert C("3S") in state.hand(state.current)
        assert state.leader == state.current
        assert state.first_lead_card == C("3S")
        assert state.legal_actions()
        assert all(C("3S") in a.cards for a in state.legal_actions() if isinstance(a, Play))


def test_first_lead_must_hold_3s_alone_or_in_a_combination() -> None:
    state = ThirteenState.stack(None, ["4S 5S 6S", "3S 4C 5D 9H", "7C 8C 9C", "JD QD KD"])
    assert (state.current, state.phase) == (1, Phase.LEAD)
    # 3S alone, or the sequences 3S 4C 5D and 3S 4C: only 3 cards or more make a sequence
    assert actions(state) == ["play 3S", "play 3S 4C 5D"]
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        play(state, "9H")
    assert str(info.value) == (
        "illegal action 'play 9H' by seat 1 in phase lead: the round's first play must hold 3S"
    )
    assert snapshot(state) == before
    play(state, "5D 3S 4C")
    assert str(state.table) == "3S 4C 5D"
    assert (state.current, state.phase, state.table_owner) == (2, Phase.FOLLOW, 1)


def test_with_three_players_the_lowest_card_dealt_leads_when_3s_is_out() -> None:
    # 4C is the lowest card dealt (4S is not dealt; clubs beat only spades)
    state = ThirteenState.stack(None, ["4H 9S", "4C KD", "5S 6S"])
    assert (state.current, state.first_lead_card) == (1, C("4C"))
    assert actions(state) == ["play 4C"]


def test_with_two_players_a_real_deal_without_3s_is_led_by_the_lowest_card() -> None:
    seen = 0
    for seed in range(40):
        state = ThirteenState.new(None, 2, seed=seed)
        dealt = {str(c) for hand in state.hands for c in hand}
        lowest = next(text for text in LOW_TO_HIGH if text in dealt)
        assert str(state.first_lead_card) == lowest
        assert C(lowest) in state.hand(state.current)
        if lowest != "3S":
            seen += 1
    assert seen > 5  # 3S is dealt only half the time with 26 of 52 cards


# -- passing, clearing, finishing -------------------------------------------------------------


def test_a_player_who_passed_stays_out_until_the_table_clears() -> None:
    state = ThirteenState.stack(None, ["3S 4S KH", "5S 9D", "6S 10D", "7S JD"])
    play(state, "3S")  # seat 0
    play(state, "pass")  # seat 1 is out of this trick
    assert state.passed == {1}
    play(state, "6S")  # seat 2
    play(state, "7S")  # seat 3
    assert state.current == 0
    play(state, "KH")  # seat 0; seat 1 is skipped
    assert state.current == 2
    play(state, "pass")  # seat 2
    assert state.current == 3
    event = state.apply(Pass())  # seat 3: everyone else still holding cards has passed
    assert event.cleared
    # the table clears to the last player to play, who leads anything
    assert (state.phase, state.current, state.table, state.passed) == (
        Phase.LEAD,
        0,
        None,
        frozenset(),
    )
    assert [seat for seat, _ in state.history[-1].actions] == [0, 1, 2, 3, 0, 2, 3]
    assert actions(state) == ["play 4S"]


def test_passing_is_allowed_with_playable_cards() -> None:
    state = ThirteenState.stack(None, ["3S 9H", "4S 5S", "6C 7C"])
    play(state, "3S")
    assert actions(state) == ["pass", "play 4S", "play 5S"]
    play(state, "pass")
    assert state.current == 2


def test_when_the_last_player_went_out_the_next_holder_leads() -> None:
    state = ThirteenState.stack(None, ["3S 4S", "5S", "9C 10C", "JD QD"])
    play(state, "3S")  # seat 0
    event = state.apply(Play.of("5S"))  # seat 1 plays its last card
    assert event.went_out and state.finished == (1,)
    assert state.current == 2
    play(state, "pass")  # seat 2
    play(state, "pass")  # seat 3
    assert state.current == 0
    play(state, "pass")  # seat 0: everyone holding cards has passed on seat 1's 5S
    # seat 1 has no cards: the next seat after it that holds cards leads
    assert (state.phase, state.current) == (Phase.LEAD, 2)


def test_the_round_ends_when_one_player_holds_cards_and_scores_3_2_1_0() -> None:
    state = ThirteenState.stack(None, ["3S 4S", "5S", "9C 10C", "JD QD"])
    for text in ["3S", "5S", "pass", "pass", "pass"]:  # as above: seat 2 leads
        play(state, text)
    play(state, "9C")  # seat 2
    play(state, "JD")  # seat 3
    play(state, "pass")  # seat 0 (4S cannot beat JD)
    play(state, "pass")  # seat 2 (10C cannot either); the table clears to seat 3
    assert (state.phase, state.current) == (Phase.LEAD, 3)
    play(state, "QD")  # seat 3 goes out second
    assert state.finished == (1, 3)
    assert state.current == 0  # next after seat 3, which has no cards
    play(state, "pass")  # seat 0
    play(state, "pass")  # seat 2: cleared, seat 3 is out, so seat 0 leads
    assert (state.phase, state.current) == (Phase.LEAD, 0)
    play(state, "4S")  # seat 0 goes out third; only seat 2 holds cards
    assert state.phase is Phase.ROUND_OVER
    assert state.stage is Stage.ROUND_OVER
    assert list(state.finished) == [1, 3, 0, 2]
    # first 3, second 2, third 1, last 0, by seat
    assert state.results[-1].points == (1, 3, 0, 2)
    assert state.totals == (1, 3, 0, 2)
    assert state.legal_actions() == ()


def test_three_players_score_3_2_1() -> None:
    state = ThirteenState.stack(None, ["3S", "4S", "5S 6S"])
    play(state, "3S")  # seat 0 out first
    play(state, "4S")  # seat 1 out second; seat 2 is left
    assert state.phase is Phase.ROUND_OVER
    assert state.results[-1].order == (0, 1, 2)
    assert state.totals == (3, 2, 1)


def test_two_players_score_3_2() -> None:
    state = ThirteenState.stack(None, ["3S 9H", "4S"])
    play(state, "3S")
    play(state, "4S")  # seat 1 out first
    assert state.results[-1].order == (1, 0)
    assert state.totals == (2, 3)


# -- the race to the target ----------------------------------------------------------------------

# Seat 0 goes out first, seat 1 second, seat 2 third: 3, 2, 1, 0.
RACE = ["3S", "4S", "5S 7S", "6S 8S"]
RACE_PLAYS = ["3S", "4S", "5S", "6S", "7S"]


def race(rules: Rules | None, totals: tuple[int, ...]) -> ThirteenState:
    state = ThirteenState.stack(rules, RACE, totals=totals, seed=3)
    for text in RACE_PLAYS:
        play(state, text)
    assert state.results[-1].points == (3, 2, 1, 0)
    return state


def test_the_first_to_reach_10_alone_wins() -> None:
    state = race(None, (8, 7, 0, 0))  # 11, 9, 1, 0
    assert state.winners() == (0,)
    state.next_round()
    assert state.phase is Phase.MATCH_OVER
    assert state.stage is Stage.MATCH_OVER
    assert state.winners() == (0,)


def test_two_at_10_or_more_the_top_alone_wins() -> None:
    state = race(None, (9, 6, 9, 0))  # 12, 8, 10, 0
    assert state.winners() == (0,)


def test_tied_at_the_top_plays_on() -> None:
    state = race(None, (8, 9, 0, 0))  # 11, 11, 1, 0
    assert state.totals == (11, 11, 1, 0)
    assert state.winners() == ()
    state.next_round()
    assert (state.phase, state.round_number) == (Phase.LEAD, 2)
    assert state.totals == (11, 11, 1, 0)


def test_tied_at_the_top_shares_the_win_under_share() -> None:
    state = race(Rules(tie_at_top=TieAtTop.SHARE), (8, 9, 0, 0))
    assert state.winners() == (0, 1)
    state.next_round()
    assert state.phase is Phase.MATCH_OVER


def test_below_the_target_the_match_goes_on() -> None:
    state = race(None, (0, 0, 0, 0))
    assert state.winners() == ()
    state.next_round()
    assert state.round_number == 2


def test_a_lower_target() -> None:
    state = race(Rules(target=3), (0, 0, 0, 0))
    assert state.winners() == (0,)


# -- later rounds -------------------------------------------------------------------------------


def test_the_previous_winner_leads_the_next_round_with_anything() -> None:
    state = race(None, (0, 0, 0, 0))  # seat 0 won round 1
    state.next_round()
    assert (state.current, state.leader, state.first_lead_card) == (0, 0, None)
    # the new deal is the seed's round 2, whatever round 1 was
    assert state.hands == deal_hands(3, 2, 4)
    hand = state.hand(0)
    singles = [a for a in state.legal_actions() if isinstance(a, Play) and len(a.cards) == 1]
    assert {a.cards[0] for a in singles} == set(hand)


def test_under_three_of_spades_leads_every_round_starts_with_3s() -> None:
    rules = Rules(round_leader=RoundLeader.THREE_OF_SPADES)
    state = race(rules, (0, 0, 0, 0))
    state.next_round()
    holder = next(seat for seat in range(4) if C("3S") in state.hand(seat))
    assert (state.current, state.first_lead_card) == (holder, C("3S"))
    assert all(C("3S") in a.cards for a in state.legal_actions() if isinstance(a, Play))


def test_round_deals_depend_on_seed_and_round_only() -> None:
    one = ThirteenState.new(None, 4, seed=5)
    two = ThirteenState.new(None, 4, seed=5)
    rng = random.Random(1)
    for state in (one, two):
        while state.round_number == 1:
            if state.phase is Phase.ROUND_OVER:
                state.next_round()
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert one.hands == two.hands == deal_hands(5, 2, 4)
    assert ThirteenState.new(None, 4, seed=6).hands != ThirteenState.new(None, 4, seed=5).hands


def test_a_missing_seed_is_drawn_and_kept() -> None:
    state = ThirteenState.new(None, 3)
    assert isinstance(state.seed, int)
    assert ThirteenState.new(None, 3, seed=state.seed).hands == state.hands


# -- instant wins -------------------------------------------------------------------------------

INSTANT = Rules(instant_wins=True)


def test_four_2s_win_at_the_deal_under_instant_wins() -> None:
    hands = ["4S", "2S 2C 2D 2H", "5S", "6S"]
    state = ThirteenState.stack(INSTANT, hands)
    assert state.phase is Phase.ROUND_OVER
    assert state.legal_actions() == ()
    assert state.results[-1].instant
    assert state.results[-1].points == (0, 3, 0, 0)
    assert state.totals == (0, 3, 0, 0)
    # without the option the round is played
    plain = ThirteenState.stack(None, hands)
    assert (plain.phase, plain.current) == (Phase.LEAD, 0)


def test_a_3_to_ace_hand_wins_at_the_deal() -> None:
    run = "3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH 2S"
    assert instant_win_hand(parse_cards(run))
    state = ThirteenState.stack(INSTANT, ["3C 4H", run, "5C 6C"])
    assert state.results[-1].points == (0, 3, 0)


def test_without_the_ace_there_is_no_instant_win() -> None:
    assert not instant_win_hand(parse_cards("3S 4C 5D 6H 7S 8C 9D 10H JS QC KD 2S 2H"))
    assert not instant_win_hand(parse_cards("2S 2C 2D 3H"))


def test_of_two_instant_wins_the_holder_of_3s_wins() -> None:
    state = ThirteenState.stack(INSTANT, ["2S 2C 2D 2H", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"])
    assert state.results[-1].points == (0, 3)


def test_of_two_instant_wins_without_3s_the_lowest_seat_wins() -> None:
    state = ThirteenState.stack(
        INSTANT, ["4C", "2S 2C 2D 2H", "3C 4S 5C 6C 7C 8C 9C 10C JC QC KC AC"]
    )
    assert state.results[-1].points == (0, 3, 0)


def test_after_an_instant_win_the_winner_leads_the_next_round() -> None:
    state = ThirteenState.stack(INSTANT, ["4S", "2S 2C 2D 2H", "5S", "6S"], seed=2)
    state.next_round()
    assert (state.phase, state.current, state.first_lead_card) == (Phase.LEAD, 1, None)


# -- bombs ---------------------------------------------------------------------------------------

BOMB_DEAL = ["3S 9S", "7S 7C 7D 7H 4H", "2H 5C", "8D 10D"]


def test_by_default_a_player_who_passed_stays_out_even_with_a_bomb() -> None:
    state = ThirteenState.stack(None, BOMB_DEAL)
    play(state, "3S")  # seat 0
    play(state, "pass")  # seat 1 holds four 7s, but passes
    play(state, "2H")  # seat 2
    assert state.current == 3
    play(state, "pass")  # seat 3
    play(state, "pass")  # seat 0: seat 1 is skipped, the table clears to seat 2
    assert (state.phase, state.current) == (Phase.LEAD, 2)
    assert 1 not in [seat for seat, _ in state.history[-1].actions[2:]]


def test_bomb_after_pass_lets_a_player_who_passed_bomb_the_2s() -> None:
    state = ThirteenState.stack(Rules(bomb_after_pass=True), BOMB_DEAL)
    play(state, "3S")  # seat 0
    play(state, "pass")  # seat 1
    play(state, "2H")  # seat 2: the table is a 2, so seat 1 may come back with a bomb
    play(state, "pass")  # seat 3
    play(state, "pass")  # seat 0
    assert state.current == 1
    assert actions(state) == ["pass", "play 7S 7C 7D 7H"]
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="passed in this trick and may come back only"):
        play(state, "4H")
    assert snapshot(state) == before
    play(state, "7S 7C 7D 7H")  # back in the trick
    assert state.table_owner == 1 and 1 not in state.passed
    # seats 3 and 0 passed and the table is no longer 2s: only seat 2 may answer
    assert state.current == 2
    play(state, "pass")
    assert (state.phase, state.current) == (Phase.LEAD, 1)


def test_bomb_after_pass_asks_again_but_without_a_bomb_only_passes() -> None:
    state = ThirteenState.stack(Rules(bomb_after_pass=True), ["3S 9S", "4H 5H", "2H 5C", "8D 10D"])
    play(state, "3S")  # seat 0
    play(state, "pass")  # seat 1
    play(state, "2H")  # seat 2
    assert actions(state) == ["pass"]  # seat 3: nothing beats the 2
    play(state, "pass")
    play(state, "pass")  # seat 0
    assert (state.current, actions(state)) == (1, ["pass"])  # seat 1 is asked, has no bomb
    play(state, "pass")
    assert (state.phase, state.current) == (Phase.LEAD, 2)
    assert [seat for seat, _ in state.history[-1].actions] == [0, 1, 2, 3, 0, 1]


def test_four_of_a_kind_on_a_pair_of_2s_only_under_the_option() -> None:
    hands = ["2S 2C 3H", "9S 9C 9D 9H 4S"]
    plain = ThirteenState.stack(None, hands, leader=0)
    play(plain, "2S 2C")
    assert actions(plain) == ["pass"]
    with pytest.raises(IllegalActionError, match="does not beat 2S 2C"):
        play(plain, "9S 9C 9D 9H")
    option = ThirteenState.stack(Rules(four_on_pair_of_twos=True), hands, leader=0)
    play(option, "2S 2C")
    assert actions(option) == ["pass", "play 9S 9C 9D 9H"]
    play(option, "9H 9D 9C 9S")
    assert option.table_owner == 1


def test_bombs_beat_a_single_2_by_default() -> None:
    state = ThirteenState.stack(None, ["2S 3H", "9S 9C 9D 9H 4S"], leader=0)
    play(state, "2S")
    assert actions(state) == ["pass", "play 9S 9C 9D 9H"]


# -- illegal actions -----------------------------------------------------------------------------

# (moves before, the illegal action, the words the message must hold)
ILLEGAL: list[tuple[list[str], str, str]] = [
    ([], "play 3S 5S", "'play 3S 5S' by seat 0 in phase lead: not a combination"),
    ([], "play 3S 7C", "seat 0 holds no 7C"),
    ([], "pass", "'pass' by seat 0 in phase lead: seat 0 leads to an empty table"),
    ([], "play 3H", "first play must hold 3S"),
    (["3S"], "play 5C 6C", "'play 5C 6C' by seat 1 in phase follow: not a combination"),
    (["3S"], "play 3H", "seat 1 holds no 3H"),
    (["3S 3H"], "play 5C", "5C (single) does not beat 3S 3H (pair)"),
    (["3S"], "play 6C 6D", "6C 6D (pair) does not beat 3S (single)"),
    (["3S", "pass"], "play 7C 8C 9C", "does not beat 3S (single)"),
]


@pytest.mark.parametrize(("before", "action", "message"), ILLEGAL)
def test_illegal_actions_leave_the_state_unchanged(
    before: list[str], action: str, message: str
) -> None:
    state = ThirteenState.stack(None, ["3S 3H 5S 4H", "5C 6C 6D 2H", "7C 8C 9C 10C"])
    for text in before:
        play(state, text)
    copy = state.copy()
    before_state = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        play(state, action)
    assert message in str(info.value)
    assert f"illegal action {action!r}" in str(info.value)
    assert snapshot(state) == before_state == snapshot(copy)


def test_actions_after_the_round_and_the_match_are_illegal() -> None:
    state = race(None, (9, 0, 0, 0))
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="in phase round-over: the round is over"):
        state.apply(Pass())
    assert snapshot(state) == before
    state.next_round()
    with pytest.raises(IllegalActionError, match="'play 3S' by seat 2 in phase match-over"):
        play(state, "3S")
    with pytest.raises(IllegalActionError, match="next_round\\(\\) needs phase round-over"):
        state.next_round()


def test_next_round_needs_a_finished_round() -> None:
    state = ThirteenState.new(None, 4, seed=1)
    with pytest.raises(IllegalActionError, match="but round 1 is in phase lead"):
        state.next_round()


def test_a_string_is_not_an_action() -> None:
    state = ThirteenState.new(None, 2, seed=1)
    with pytest.raises(IllegalActionError, match="is not an action"):
        state.apply("pass")  # type: ignore[arg-type]


def test_apply_unchecked_plays_a_legal_action() -> None:
    state = ThirteenState.stack(None, ["3S 9H", "4S 5S"])
    state.apply_unchecked(Play.of("3S"))
    assert (state.table_owner, state.current) == (0, 1)


# -- copies, stacking, notation -----------------------------------------------------------------


def test_copy_is_independent() -> None:
    state = ThirteenState.stack(None, ["3S 9H", "4S 5S"])
    copy = state.copy()
    play(copy, "3S")
    assert state.hand(0) == (C("3S"), C("9H"))
    assert state.table is None and copy.table is not None
    assert state.log == ()


@pytest.mark.parametrize(
    ("hands", "error", "message"),
    [
        (["3S 4S", "4S 5S"], ThreeThirteenError, "4S dealt to two seats"),
        (["3S 3S", "5S"], NotationError, "given twice"),
        (["3S", ""], ThreeThirteenError, "has 0 cards"),
        (["3S"], RulesError, "got 1"),
        (["3S", "4S", "5S", "6S", "7S"], RulesError, "got 5"),
        (["3S JK", "4S"], NotationError, "jokers"),
    ],
)
def test_stack_refuses_impossible_deals(
    hands: list[str], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        ThirteenState.stack(None, hands)


def test_parse_action_reads_every_form() -> None:
    assert parse_action("pass") == parse_action(" P ") == Pass()
    assert parse_action("play 5h 3s 4s") == parse_action("3S,4S,5H") == Play.of("3S 4S 5H")
    assert str(parse_action("play th 10s")) == "play 10S 10H"
    assert repr(Play.of("2H 3S")) == "Play.parse('play 3S 2H')"
    assert eval(repr(Play.of("2H 3S")), {"Play": Play}) == Play.of("3S 2H")
    assert repr(Pass()) == "Pass()"
    for action in (Play.of("3S 4S 5H"), Pass(), Play.of("2S 2C 2D 2H")):
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "malformed action ''"),
        ("play", "malformed action 'play'"),
        ("pass 3S", "malformed action 'pass 3S'"),
        ("play 3X", "malformed action 'play 3X': malformed card '3X'"),
        ("3S 3S", "3S is listed twice"),
        ("play JK", "no jokers"),
        ("discard 7H", "malformed action 'discard 7H'"),
    ],
)
def test_parse_action_refuses_bad_text(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert message in str(info.value)


def test_history_keeps_each_round_and_its_actions() -> None:
    state = race(None, (0, 0, 0, 0))
    log = state.history[0]
    assert (log.number, log.leader, log.first_lead_card) == (1, 0, C("3S"))
    assert [format_cards(h) for h in log.hands] == RACE
    assert [f"{seat} {action}" for seat, action in log.actions] == [
        "0 play 3S",
        "1 play 4S",
        "2 play 5S",
        "3 play 6S",
        "2 play 7S",
    ]
    state.next_round()
    assert len(state.history) == 2 and state.history[1].actions == ()
