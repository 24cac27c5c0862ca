"""The Rummy match: the deal, drawing, melding, laying off, discarding, going out, the
stock, scoring, and the end of the match.

Positions are stacked in notation (``RummyState.stack``); every expected seat, card
and score is worked out by hand from the rules (issue 40, docs/rummy.md) in the
comments. ``stack`` puts the stock's top last: ``stock="KD 7H"`` draws 7H first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from threethirteen.cards import Card, parse_cards
from threethirteen.errors import IllegalActionError, ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.games.rummy.actions import Draw, Take, parse_action
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.scoring import RoundResult, hand_points, match_winners
from threethirteen.games.rummy.state import RummyState, deal
from threethirteen.games.rummy.views import Phase

C = Card.parse
# The 52 cards in the order of the shared deck (suits S H D C, each ace to king).
DECK = [
    f"{rank}{suit}" for suit in "SHDC" for rank in ["A", *map(str, range(2, 11)), "J", "Q", "K"]
]


def play(state: RummyState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def actions(state: RummyState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def snapshot(state: RummyState) -> tuple[Any, ...]:
    return (str(state), state.log, state.results, state.history, tuple(actions(state)))


def finish_hand(state: RummyState, rng: random.Random) -> None:
    while state.stage is Stage.PLAY:
        state.apply(rng.choice(state.legal_actions()))


# -- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "number"), [(2, 9, 1), (3, 4, 2), (6, 1, 5)])
def test_the_deal_is_the_seeded_shuffle_dealt_from_the_first_player(
    players: int, seed: int, number: int
) -> None:
    # The spec: shuffle the deck with Random("rummy:SEED:HAND"), deal one card at a time
    # from the seat after the dealer, turn the next card up, the rest is the stock (top last).
    deck = [C(text) for text in DECK]
    random.Random(f"rummy:{seed}:{number}").shuffle(deck)
    each = Rules().cards_each(players)
    first = (number - 1) % players
    hands, up, stock = deal(seed, number, players, each)
    for i in range(players):
        assert set(hands[(first + i) % players]) == set(deck[i : players * each : players])
    assert up == deck[players * each]
    assert stock == deck[players * each + 1 :]


def test_a_new_match_is_dealt_and_the_seat_after_the_dealer_draws() -> None:
    state = RummyState.new(None, 2, seed=3)
    assert [len(hand) for hand in state.hands] == [10, 10]
    assert (state.round_number, state.dealer, state.current) == (1, 1, 0)
    assert (state.phase, state.stage) == (Phase.DRAW, Stage.PLAY)
    assert len(state.pile) == 1 and state.pile == (state.upcard,)
    assert len(state.stock) == 52 - 21
    every = [*state.pile, *state.stock, *(c for hand in state.hands for c in hand)]
    assert sorted(map(str, every)) == sorted(DECK)
    assert all(list(hand) == sorted(hand, key=lambda c: c.sort_key("rank")) for hand in state.hands)
    assert actions(state) == ["draw", "take"]


@pytest.mark.parametrize(("players", "each"), [(3, 7), (4, 7), (5, 6), (6, 6)])
def test_cards_dealt_by_the_table(players: int, each: int) -> None:
    state = RummyState.new(None, players, seed=1)
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(state.stock) == 52 - players * each - 1


def test_the_dealer_rotates_hand_by_hand() -> None:
    # hand r: dealer (r - 2) % n, and the seat after it plays first
    state = RummyState.new(Rules(target=10_000), 3, seed=2)
    rng = random.Random(2)
    seen = []
    for _ in range(4):
        seen.append((state.round_number, state.dealer, state.current))
        finish_hand(state, rng)
        state.next_round()
    assert seen == [(1, 2, 0), (2, 0, 1), (3, 1, 2), (4, 2, 0)]


# -- drawing -----------------------------------------------------------------------------------


def test_draw_takes_the_stocks_top_and_take_the_piles_top() -> None:
    state = RummyState.stack(None, ["2C 9D KS", "3H 8S JD"], pile="4D 6C", stock="QH 5S")
    event = state.apply(Draw())
    assert state.hand(0) == cards("2C 5S 9D KS")  # 5S, the stock's top, kept in rank order
    assert (event.taken, str(event)) == (None, "seat 0: draw")  # a drawn card is never named
    assert (state.phase, state.current, state.stock, state.taken) == (
        Phase.MELD,
        0,
        cards("QH"),
        None,
    )
    play(state, "discard KS")
    assert (state.phase, state.current, state.pile) == (Phase.DRAW, 1, cards("4D 6C KS"))
    event = state.apply(Take())
    assert (event.taken, str(event)) == (C("KS"), "seat 1: take KS")
    assert (state.taken, state.pile, state.hand(1)) == (
        C("KS"),
        cards("4D 6C"),
        cards("3H 8S JD KS"),
    )


def test_a_seat_must_draw_before_anything_else_and_only_once() -> None:
    state = RummyState.stack(None, ["4H 5H 6H 9C", "3H 8S JD"], pile="4D", stock="QH")
    assert actions(state) == ["draw", "take"]
    for text in ("meld 4H 5H 6H", "discard 9C", "layoff 4H on 1"):
        with pytest.raises(IllegalActionError, match="must first draw from the stock or take"):
            play(state, text)
    play(state, "draw")
    for text in ("draw", "take"):
        with pytest.raises(IllegalActionError, match="has drawn this turn"):
            play(state, text)


# -- melding, laying off, discarding -----------------------------------------------------------


def test_the_legal_actions_after_a_draw_in_their_order() -> None:
    # table: 1) 10S 10H 10D  2) JC QC KC; seat 0 draws 7H
    state = RummyState.stack(
        None,
        ["4H 5H 6H 9S 9D 9C 2C", "2S 3D"],
        pile="AD",
        stock="QS 7H",
        table=["10S 10H 10D", "JC QC KC"],
        table_owners=[1, 1],
    )
    play(state, "draw")
    # the melds (sets by rank, then runs by suit, start and length), no lay-off (10C
    # would fit both melds, but is not held), then every discard by rank then suit
    assert actions(state) == [
        "meld 9S 9D 9C",
        "meld 4H 5H 6H",
        "meld 4H 5H 6H 7H",
        "meld 5H 6H 7H",
        "discard 2C",
        "discard 4H",
        "discard 5H",
        "discard 6H",
        "discard 7H",
        "discard 9S",
        "discard 9D",
        "discard 9C",
    ]
    state = RummyState.stack(
        None, ["10C 9C 2H", "2C 3D"], pile="AD", stock="QS 8C", table=["10S 10H 10D", "JC QC KC"]
    )
    play(state, "draw")  # 8C
    assert actions(state) == [
        "meld 8C 9C 10C",
        "layoff 10C on 1",
        "layoff 10C on 2",
        "discard 2H",
        "discard 8C",
        "discard 9C",
        "discard 10C",
    ]


def test_melds_go_on_the_table_numbered_in_order_and_cards_lay_off_on_any() -> None:
    state = RummyState.stack(None, ["4H 5H 6H 9S 9D 9C 2C", "3S 3D 8D"], pile="KD", stock="QS 7H")
    play(state, "draw", "meld 9C 9D 9S", "meld 6H 5H 4H")
    assert state.table == (Meld.of("9S 9D 9C"), Meld.of("4H 5H 6H"))
    assert (state.table_owners, state.laid) == ((0, 0), frozenset({0}))
    play(state, "layoff 7H on 2", "discard 2C")
    assert str(state.table[1]) == "4H 5H 6H 7H"
    assert state.hand(0) == ()  # seat 0 went out by its discard
    assert state.phase is Phase.ROUND_OVER
    assert state.results[-1] == RoundResult(1, 0, (0, 3 + 3 + 8), rummy=True)


def test_a_lay_off_onto_another_seats_meld() -> None:
    state = RummyState.stack(
        None,
        ["2C 3D 8D", "AS 2S 3S KD"],
        pile="JH",
        stock="QS 7H 9C",
        table=["4H 5H 6H"],
        table_owners=[0],
    )
    play(state, "draw", "discard 9C")  # seat 0
    play(state, "draw")  # seat 1 draws 7H
    with pytest.raises(IllegalActionError, match="2S does not fit on table meld 1, 4H 5H 6H"):
        play(state, "layoff 2S on 1")
    with pytest.raises(
        IllegalActionError, match="there is no table meld 2 \\(the table holds 1\\)"
    ):
        play(state, "layoff 7H on 2")
    play(state, "layoff 7H on 1", "discard KD")
    assert str(state.table[0]) == "4H 5H 6H 7H"
    assert (state.table_owners, state.laid) == ((0,), frozenset({0, 1}))


def test_the_ace_lays_off_once_on_a_run_from_two_to_king_under_ace_high() -> None:
    run = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    state = RummyState.stack(Rules(ace_high=True), ["AC 5D", "9H"], table=[run], stock="QS 3D")
    play(state, "draw")
    assert actions(state) == ["layoff AC on 1", "discard AC", "discard 3D", "discard 5D"]
    play(state, "layoff AC on 1")
    assert str(state.table[0]) == "AC " + run  # the ace goes low: A..K


# -- going out -------------------------------------------------------------------------------


def test_going_out_by_a_meld() -> None:
    # seat 0 draws 7H and melds its whole hand: out, and rummy (nothing laid before)
    state = RummyState.stack(None, ["4H 5H 6H", "2C 3D 8C 9C"], pile="9S", stock="KD 7H")
    play(state, "draw")
    event = state.apply(parse_action("meld 4H 5H 6H 7H"))
    assert event.went_out and str(event) == "seat 0: meld 4H 5H 6H 7H (out)"
    assert state.phase is Phase.ROUND_OVER and state.stage is Stage.ROUND_OVER
    assert state.results == (RoundResult(1, 0, (0, 22), rummy=True),)
    assert state.totals == (0, 22) and state.legal_actions() == ()
    assert state.winners() == ()


def test_going_out_by_a_lay_off() -> None:
    # seat 0 draws 7H, melds the 2s, lays 7H off on 8H 9H 10H: out
    state = RummyState.stack(
        None, ["2S 2D 2C", "KS QH"], pile="9S", stock="KD 7H", table=["8H 9H 10H"], table_owners=[1]
    )
    play(state, "draw", "meld 2S 2D 2C")
    assert state.phase is Phase.MELD
    event = state.apply(parse_action("layoff 7H on 1"))
    assert event.went_out
    assert state.results[-1] == RoundResult(1, 0, (0, 20), rummy=True)
    assert str(state.table[0]) == "7H 8H 9H 10H"


def test_going_out_by_the_discard() -> None:
    state = RummyState.stack(
        None, ["2S 2D 2C 9D", "5C"], pile="9S", stock="KD 7H", table=["8H 9H 10H"]
    )
    play(state, "draw", "meld 2S 2D 2C", "layoff 7H on 1")
    assert state.hand(0) == cards("9D")
    event = state.apply(parse_action("discard 9D"))
    assert event.went_out and str(event) == "seat 0: discard 9D (out)"
    assert state.results[-1] == RoundResult(1, 0, (0, 5), rummy=False)  # it laid before


def test_must_discard_forbids_going_out_by_a_meld_or_a_lay_off() -> None:
    rules = Rules(must_discard=True)
    state = RummyState.stack(rules, ["4H 5H 6H", "2C 3D 8C 9C"], pile="9S", stock="KD 7H")
    play(state, "draw")
    assert actions(state) == [
        "meld 4H 5H 6H",
        "meld 5H 6H 7H",
        "discard 4H",
        "discard 5H",
        "discard 6H",
        "discard 7H",
    ]
    with pytest.raises(IllegalActionError, match="only by a discard"):
        play(state, "meld 4H 5H 6H 7H")
    play(state, "meld 4H 5H 6H")
    assert actions(state) == ["discard 7H"]  # laying 7H off would empty the hand
    with pytest.raises(IllegalActionError, match="only by a discard"):
        play(state, "layoff 7H on 1")
    event = state.apply(parse_action("discard 7H"))
    assert event.went_out and state.results[-1].points == (0, 22)


# -- the card taken from the pile --------------------------------------------------------------


def test_the_card_taken_may_not_be_discarded_in_the_same_turn() -> None:
    state = RummyState.stack(None, ["4H 5H 9S 2C", "3D 8C 9C"], pile="KD 6H", stock="QS")
    play(state, "take")
    assert state.taken == C("6H")
    assert "discard 6H" not in actions(state)
    with pytest.raises(IllegalActionError) as caught:
        play(state, "discard 6H")
    assert str(caught.value) == (
        "illegal action 'discard 6H' by seat 0 in phase meld: 6H was taken from the pile this "
        "turn and may not be discarded until a later turn"
    )
    play(state, "meld 4H 5H 6H", "discard 9S")
    assert state.taken is None


def test_under_discard_taken_card_it_may() -> None:
    state = RummyState.stack(
        Rules(discard_taken_card=True), ["4H 5H 9S 2C", "3D 8C 9C"], pile="KD 6H", stock="QS"
    )
    play(state, "take")
    assert "discard 6H" in actions(state)
    play(state, "discard 6H")
    assert state.pile == cards("KD 6H")


def test_no_meld_may_leave_only_the_taken_card_when_it_cannot_be_played() -> None:
    # seat 0 takes KD: melding 4H 5H 6H would leave KD alone, which it may not discard
    state = RummyState.stack(None, ["4H 5H 6H", "3D 8C 9C"], pile="KD", stock="QS")
    play(state, "take")
    assert actions(state) == ["discard 4H", "discard 5H", "discard 6H"]
    with pytest.raises(IllegalActionError, match="it would leave only KD, taken from the pile"):
        play(state, "meld 4H 5H 6H")
    # ... unless KD then lays off on a table meld: meld, then lay KD off, out
    state = RummyState.stack(
        None, ["4H 5H 6H", "3D 8C 9C"], pile="KD", stock="QS", table=["KS KH KC"]
    )
    play(state, "take")
    assert actions(state)[:2] == ["meld 4H 5H 6H", "layoff KD on 1"]
    play(state, "meld 4H 5H 6H", "layoff KD on 1")
    assert state.phase is Phase.ROUND_OVER and state.results[-1].out == 0
    # ... or the new meld itself takes the card: 4H 5H 6H 7H leaves 7H? no: taken 7H
    state = RummyState.stack(None, ["4H 5H 6H 3H", "3D 8C 9C"], pile="7H", stock="QS")
    play(state, "take")
    # 3H 4H 5H 6H 7H would empty the hand (out); 4H 5H 6H leaves 3H 7H: discard 3H;
    # 3H 4H 5H 6H leaves 7H, which lays off on that very meld: legal
    assert "meld 3H 4H 5H 6H" in actions(state)
    assert "meld 3H 4H 5H 6H 7H" in actions(state)
    # under must_discard, a lone taken card is a dead end whatever fits
    state = RummyState.stack(
        Rules(must_discard=True),
        ["4H 5H 6H", "3D 8C 9C"],
        pile="KD",
        stock="QS",
        table=["KS KH KC"],
    )
    play(state, "take")
    assert actions(state) == ["layoff KD on 1", "discard 4H", "discard 5H", "discard 6H"]


# -- the stock --------------------------------------------------------------------------------


def test_an_empty_stock_is_rebuilt_from_the_pile_turned_over() -> None:
    # seat 0 draws KD, the last card, and discards it: seat 1 is to draw from an empty
    # stock, so the pile less its top (KD) is turned over: 3S, the pile's bottom, on top.
    state = RummyState.stack(None, ["AS 2D 5C", "9H 10C JD"], pile="3S 4S 5S 6S", stock="KD")
    play(state, "draw")
    event = state.apply(parse_action("discard KD"))
    assert event.rebuilt and str(event) == "seat 0: discard KD (stock rebuilt)"
    assert state.stock == cards("6S 5S 4S 3S")  # top last: 3S is drawn first
    assert (state.pile, state.rebuilds, state.phase, state.current) == (
        cards("KD"),
        1,
        Phase.DRAW,
        1,
    )
    play(state, "draw")
    assert C("3S") in state.hand(1)


def test_a_shuffled_rebuild_uses_its_own_generator() -> None:
    rules = Rules(shuffle_stock=True)
    state = RummyState.stack(
        rules,
        ["AS 2D 5C", "9H 10C JD"],
        pile="3S 4S 5S 6S 7S 8S",
        stock="KD",
        seed=5,
        round_number=2,
    )
    play(state, "draw", "discard KD")
    expected = list(cards("8S 7S 6S 5S 4S 3S"))
    random.Random("rummy:5:2:stock:1").shuffle(expected)
    assert list(state.stock) == expected
    assert state.pile == cards("KD")


def test_the_second_empty_stock_voids_the_hand() -> None:
    state = RummyState.stack(None, ["AS 2D 5C", "9H 10C JD"], pile="3S 4S", stock="KD")
    play(state, "draw", "discard KD")  # rebuilt: stock 4S 3S (3S on top), pile KD
    assert state.stock == cards("4S 3S")
    play(state, "draw", "discard 3S")  # seat 1
    play(state, "draw", "discard 4S")  # seat 0 draws 4S, the last card
    assert state.phase is Phase.ROUND_OVER  # seat 1 cannot draw: no second rebuild
    assert state.results[-1] == RoundResult(1, None, (0, 0), void=True)
    assert state.totals == (0, 0) and state.winners() == ()
    assert not state.log[-1].rebuilt


def test_more_rebuilds_under_stock_turns() -> None:
    state = RummyState.stack(
        Rules(stock_turns=2), ["AS 2D 5C", "9H 10C JD"], pile="3S 4S", stock="KD"
    )
    play(state, "draw", "discard KD", "draw", "discard 3S", "draw")
    event = state.apply(parse_action("discard 4S"))
    assert event.rebuilt and state.rebuilds == 2
    assert (state.stock, state.pile) == (cards("3S KD"), cards("4S"))  # KD on top
    # with no rebuild at all, the first empty stock voids the hand
    state = RummyState.stack(
        Rules(stock_turns=0), ["AS 2D 5C", "9H 10C JD"], pile="3S 4S", stock="KD"
    )
    play(state, "draw", "discard KD")
    assert state.results[-1].void


def test_a_pile_of_one_card_cannot_rebuild_the_stock() -> None:
    state = RummyState.stack(None, ["AS 2D 5C", "9H 10C JD"], stock="KD")
    play(state, "draw", "discard KD")  # the pile is KD alone
    assert state.results[-1].void and state.rebuilds == 0


def test_the_turn_limit_voids_the_hand() -> None:
    state = RummyState.stack(Rules(turn_limit=2), ["AS 2D 5C", "9H 10C JD"], stock="KD QD JS")
    play(state, "draw", "discard JS")
    assert state.phase is Phase.DRAW
    play(state, "take", "discard 9H")
    phase: Phase = state.phase  # read again: mypy keeps the DRAW narrowed above
    assert phase is Phase.ROUND_OVER and state.results[-1].void and state.turns == 2


# -- going rummy ------------------------------------------------------------------------------


@pytest.mark.parametrize(("doubles", "points"), [(False, 22), (True, 44)])
def test_going_rummy(doubles: bool, points: int) -> None:
    rules = Rules(rummy_doubles=doubles)
    state = RummyState.stack(rules, ["4H 5H 6H 9S 9D", "2C 3D 8C 9C"], pile="AH", stock="KD 9H")
    # seat 0 draws 9H, melds 9S 9H 9D and 4H 5H 6H in one turn: rummy
    play(state, "draw", "meld 9S 9H 9D", "meld 4H 5H 6H")
    result = state.results[-1]
    assert (result.out, result.rummy, result.points) == (0, True, (0, points))


@pytest.mark.parametrize("doubles", [False, True])
def test_no_rummy_after_laying_anything_in_an_earlier_turn(doubles: bool) -> None:
    rules = Rules(rummy_doubles=doubles)
    state = RummyState.stack(rules, ["4H 5H 6H 9S 9D", "2C 3D 8C"], pile="AH", stock="9H KS 2H")
    play(state, "draw", "meld 4H 5H 6H", "discard 2H")  # seat 0 draws 2H, lays 4H 5H 6H
    play(state, "draw", "discard KS")  # seat 1
    play(state, "draw", "meld 9S 9H 9D")  # seat 0: out, but it laid in its turn before
    result = state.results[-1]
    assert (result.out, result.rummy, result.points) == (0, False, (0, 13))


# -- the match -------------------------------------------------------------------------------


def test_the_match_ends_when_someone_reaches_the_target_and_the_lowest_wins() -> None:
    state = RummyState.stack(
        None, ["4H 5H 6H", "KC QC 2D"], pile="9S", stock="KD 7H", totals=(40, 78)
    )
    play(state, "draw", "meld 4H 5H 6H 7H")
    assert state.totals == (40, 100)  # exactly the target ends the match
    assert state.winners() == (0,)
    state.next_round()
    assert state.phase is Phase.MATCH_OVER and state.stage is Stage.MATCH_OVER
    assert state.legal_actions() == ()
    assert [log.number for log in state.history] == [1]


def test_ties_for_the_lowest_total_share_the_win() -> None:
    state = RummyState.stack(
        None,
        ["5C 6C", "4H 5H 6H", "10D"],
        pile="9S",
        stock="KD 7H",
        first=1,
        totals=(95, 50, 40),
    )
    play(state, "draw", "meld 4H 5H 6H 7H")  # seat 1 out; seat 0 adds 11, seat 2 adds 10
    assert state.totals == (106, 50, 50)
    assert state.winners() == (1, 2)
    assert match_winners(Rules(), (106, 50, 50)) == (1, 2)


def test_below_the_target_the_next_hand_is_dealt() -> None:
    state = RummyState.stack(None, ["4H 5H 6H", "KC QC 2D"], pile="9S", stock="KD 7H", seed=8)
    play(state, "draw", "meld 4H 5H 6H 7H")
    with pytest.raises(IllegalActionError, match="the hand is over"):
        play(state, "draw")
    state.next_round()
    hands, up, stock = deal(8, 2, 2, 10)
    assert (state.round_number, state.dealer, state.current) == (2, 0, 1)
    assert state.hands == hands and state.pile == (up,) and list(state.stock) == stock
    assert state.totals == (0, 22) and state.table == () and state.laid == frozenset()
    with pytest.raises(IllegalActionError, match="next_round\\(\\) needs phase round-over"):
        state.next_round()


def test_scores_are_the_points_left_in_hand() -> None:
    assert hand_points(cards("AS 2H 10D JC QS KH")) == 1 + 2 + 10 * 4
    result = RoundResult.scored(1, 1, [cards("AS KD"), (), cards("7C 7D")], rummy=False)
    assert result.points == (11, 0, 14)


# -- copies and stacking ------------------------------------------------------------------------


def test_a_copy_moves_on_alone() -> None:
    state = RummyState.new(None, 3, seed=4)
    twin = state.copy()
    before = snapshot(state)
    rng = random.Random(1)
    finish_hand(twin, rng)
    assert snapshot(state) == before
    assert twin.phase is Phase.ROUND_OVER


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": ["AS 2S", "AS 3C"]}, "AS is placed twice"),
        ({"hands": ["AS 2S", ""]}, "seat 1's hand is empty"),
        ({"hands": ["AS 2S", "3C"], "pile": "3C"}, "3C is placed twice"),
        ({"hands": ["AS 2S", "3C"], "table": ["4H 5H 7H"]}, "is not a meld"),
        ({"hands": ["AS 2S", "3C"], "first": 2}, "no seat 2 to play first"),
        ({"hands": ["AS 2S", "3C"], "table": ["4H 5H 6H"], "table_owners": [5]}, "table_owners"),
        ({"hands": ["AS 2S", "3C"], "totals": (1,)}, "totals must be 2 whole numbers"),
    ],
)
def test_impossible_stacks_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ThreeThirteenError, match=message):
        RummyState.stack(None, **kwargs)


def test_the_state_prints_the_whole_position() -> None:
    state = RummyState.stack(None, ["4H 5H", "2C"], pile="9S", stock="KD 7H", table=["JS QS KS"])
    assert str(state) == (
        "hand 1, dealer 1, phase draw, seat 0 to act; totals 0 0\n"
        "  meld 1: JS QS KS (seat 0)\n"
        "pile: 9S (top last)\n"
        "stock (2, top last, 0 rebuilt, 0 turns): KD 7H\n"
        "* seat 0: 4H 5H (laid)\n"
        "  seat 1: 2C"
    )
    assert repr(state).startswith("<RummyState cardgames players=2 seed=0 hand=1 phase=draw")
