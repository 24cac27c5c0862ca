"""The ``heuristic`` bot and the card counting it reads from the public log.

Each situation is set up with ``MatchState.stack`` (classic, seat 0 deals, so seat 1
plays first) and is chosen so that the heuristic's feature decides the move while the
``simple`` baseline, which lacks it, plays another: the test then fails if the feature
stops working, not merely if a weight moves a little.
"""

from __future__ import annotations

import dataclasses

import pytest

from threethirteen.actions import Discard, Draw, GoOut, Source, parse_action
from threethirteen.bots import Bot, HeuristicBot, SimpleBot, make_bot
from threethirteen.bots.base import decisions
from threethirteen.bots.heuristic import TABLE_WEIGHTS, Weights
from threethirteen.bots.tracking import read_log
from threethirteen.cards import Card, parse_cards
from threethirteen.distance import closer_draws, draws_to_go_out
from threethirteen.errors import ThreeThirteenError
from threethirteen.melds import HandSolver
from threethirteen.rules import Rules, get_rules
from threethirteen.state import MatchState
from threethirteen.views import Event, EventKind, Phase, PlayerView

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")
ROUND_4 = CLASSIC.with_options(hand_sizes=(4,))  # 4 cards, 4s wild
ROUND_5 = CLASSIC.with_options(hand_sizes=(5,))  # 5 cards, 5s wild
TAKE = Draw(Source.DISCARD)


def view_after(
    rules: Rules, hands: list[str], up: str, stock_top: str, *moves: str, seat: int = 0
) -> PlayerView:
    state = MatchState.new(rules, len(hands), seed=5)
    state.stack(hands, up=up, stock_top=stock_top)
    for move in moves:
        state.apply(parse_action(move))
    return state.view(seat)


def discard(text: str) -> Discard:
    return Discard(Card.parse(text))


# -- features --------------------------------------------------------------------------


def test_it_keeps_a_wild_that_melds_nothing_yet() -> None:
    # seat 0 holds KS QD 2H 9S and draws the wild 4C: throwing 4C leaves the least
    # deadwood (31), so simple throws it; with a wild, any pair becomes a set.
    view = view_after(
        ROUND_4, ["KS QD 2H 9S", "5C 7D JH 10S"], "6C", "2C 4C", "draw stock", "discard JH",
        "draw stock",
    )  # fmt: skip
    assert SimpleBot().choose(view) == discard("4C")
    choice = HeuristicBot().choose(view)
    assert isinstance(choice, Discard) and choice.card != Card.parse("4C")


def test_it_does_not_feed_the_next_player_the_rank_it_collects() -> None:
    # seat 1 took KH from the pile; seat 0 then holds AS 2D KD + QC: KD or QC leave 13,
    # simple's tie-break throws KD (diamonds before clubs), the heuristic keeps the king.
    view = view_after(
        CLASSIC, ["AS 2D KD", "KS 5D 8C"], "KH", "QC", "draw discard", "discard 8C", "draw stock"
    )
    assert SimpleBot().choose(view) == discard("KD")
    assert HeuristicBot().choose(view) == discard("QC")


def test_it_keeps_a_pair_early_and_dumps_high_cards_late() -> None:
    # KS KD 9C 6H + 7D: throwing a king leaves the least deadwood (32 against 33 for 9C),
    # but the pair is a draw to a set. Early the heuristic keeps it; with the round long
    # (no draws left to expect) its draw terms play for deadwood like simple. The pair
    # also keeps the hand a turn nearer going out (2 against 3), which counts however
    # long the round has run (rounds end when a player goes out), as do the cards that
    # would bring it nearer.
    view = view_after(
        ROUND_4, ["KS KD 9C 6H", "5C 7D JH 10S"], "3C", "2D 7D", "draw stock", "discard JH",
        "draw stock",
    )  # fmt: skip
    assert SimpleBot().choose(view) == discard("KS")
    assert HeuristicBot().choose(view) == discard("9C")
    late = dataclasses.replace(view, turn=60)
    assert HeuristicBot(distance=0, acceptance=0).choose(late) == discard("KS")
    assert HeuristicBot().choose(late) == discard("9C")


def test_it_keeps_the_hand_near_going_out_when_the_round_needs_long_melds() -> None:
    # Five cards (5s wild) go out only as one five-card meld. 2C 3C 4C 6C + 2D 3D:
    # throwing 6C leaves the least deadwood (5) but needs two more clubs; throwing 3D
    # leaves 8 and needs one card (5C or any wild) for 2C-6C.
    hands = ["KS QD 9H 8S 7D", "2C 3C 4C 6C 2D"]
    view = view_after(ROUND_5, hands, "KH", "3D", "draw stock", seat=1)
    assert SimpleBot().choose(view) == discard("6C")
    assert HeuristicBot(distance=0).choose(view) == discard("6C")
    assert HeuristicBot().choose(view) == discard("3D")


def test_it_keeps_the_hand_more_unseen_cards_bring_closer() -> None:
    # 4 cards, 4s wild: 7D JD AC 10D and 7H drawn. Throwing JD or 10D leaves 25 and a
    # hand two draws from a four-card meld; simple throws 10D (its tie-break), and so
    # does the heuristic without the acceptance term. Kept with 10D, the 7D also reaches
    # a run (8D and 9D bring it closer, as do any 7 and any wild); with JD, only the set.
    view = view_after(ROUND_4, ["10C 3C 4D 8C", "7D JD AC 10D"], "3H", "7H", "draw stock", seat=1)
    assert SimpleBot().choose(view) == discard("10D")
    assert HeuristicBot(acceptance=0).choose(view) == discard("10D")
    assert HeuristicBot().choose(view) == discard("JD")
    wild = HandSolver.for_round(ROUND_4, 1).wild_rank
    with_ten, with_jack = parse_cards("7D AC 10D 7H"), parse_cards("7D JD AC 7H")
    for kept in (with_ten, with_jack):
        assert draws_to_go_out(kept, ROUND_4, wild) == 2
    for card, ten, jack in (("8D", True, False), ("9D", True, False), ("7S", True, True)):
        assert closer_draws(with_ten, 2, ROUND_4, wild)(Card.parse(card)) is ten
        assert closer_draws(with_jack, 2, ROUND_4, wild)(Card.parse(card)) is jack


def test_it_counts_dead_draws() -> None:
    # 3s wild: 9H 10H KC 2S; throwing 10H or KC leaves 21. Simple throws 10H (hearts
    # before clubs). While 8H and JH are live the heuristic keeps the near-run; when every
    # 8H, JH and wild is in the discard pile the run cannot be made, and it throws 10H.
    view = view_after(CLASSIC, ["4D 7C 5S", "9H 10H 2S"], "QD", "KC", "draw stock", seat=1)
    assert SimpleBot().choose(view) == discard("10H")
    assert HeuristicBot().choose(view) == discard("KC")
    dead = parse_cards("QD 8H 8H JH JH 3S 3S 3H 3H 3D 3D 3C 3C")
    counted = dataclasses.replace(view, discard_pile=dead)
    assert HeuristicBot().choose(counted) == discard("10H")


def test_it_takes_a_wild_and_a_card_that_goes_out() -> None:
    wild = view_after(CLASSIC, ["KS QD 10H", "7S 8D KD"], "3C", "", seat=1)
    assert HeuristicBot().choose(wild) == TAKE
    out = view_after(CLASSIC, ["KS QD 10H", "7H 8H KD"], "9H", "", seat=1)
    assert HeuristicBot().choose(out) == TAKE


def test_it_goes_out_with_the_card_the_next_player_wants_least() -> None:
    # 4s wild: seat 1 takes 9D from the pile. Seat 0 then holds 5H 6H 7H 8H + 9H and may
    # go out with 5H or 9H: simple throws the higher 9H, which seat 1 (collecting 9s)
    # would get for its final turn; the heuristic goes out with 5H.
    view = view_after(
        ROUND_4, ["5H 6H 7H 8H", "9C 5D 6S JC"], "9D", "9H", "draw discard", "discard JC",
        "draw stock",
    )  # fmt: skip
    assert SimpleBot().choose(view) == GoOut(Card.parse("9H"))
    assert HeuristicBot().choose(view) == GoOut(Card.parse("5H"))


def test_it_does_not_go_out_with_a_wild_the_next_player_would_take() -> None:
    # 4s wild: seat 0 holds 5H 6H 7H 4C and draws 8H; it can go out with any card.
    # Simple throws the wild (the highest penalty, 15); the next player would take it
    # for its final turn and meld it with anything. The heuristic keeps it.
    view = view_after(
        ROUND_4, ["5H 6H 7H 4C", "9C 5D 6S JC"], "2D", "KD 8H", "draw stock", "discard KD",
        "draw stock",
    )  # fmt: skip
    wild = GoOut(Card.parse("4C"))
    assert SimpleBot().choose(view) == wild
    assert HeuristicBot(wild_danger=0).choose(view) == wild  # the weight decides it
    choice = HeuristicBot().choose(view)
    assert isinstance(choice, GoOut) and choice != wild


def test_a_lead_plays_for_low_deadwood_and_a_deficit_gambles() -> None:
    # Matches of the heuristic against simple: wherever the score sheet changes its
    # discard (the same position weighed with and without the match term), the bot
    # that leads keeps a hand of no more deadwood, and the one behind no less.
    from threethirteen.bots.outlook import lead_in_spreads
    from threethirteen.melds import HandSolver
    from threethirteen.views import Phase

    neutral = HeuristicBot(weights=dataclasses.replace(HeuristicBot().weights, risk=0.0))
    aware = HeuristicBot()
    changed = {"ahead": 0, "behind": 0}
    for seed in range(6):
        state = MatchState.new(CLASSIC, 2, seed=seed)
        bots: list[Bot] = [aware, SimpleBot()]
        for decision in decisions(state, bots):
            view, action = decision.view, decision.action
            if decision.seat == 0 and view.phase is Phase.DISCARD and view.out_seat is None:
                plain = neutral.choose(view)
                if plain != action and isinstance(plain, Discard) and isinstance(action, Discard):
                    solver = HandSolver.for_round(view.rules, view.round_number)

                    def kept(
                        card: Card, hand: tuple[Card, ...] = view.hand, solver: HandSolver = solver
                    ) -> int:
                        rest = list(hand)
                        rest.remove(card)
                        return solver.deadwood(rest)

                    lead = lead_in_spreads(view.scores.totals, 0, view.rules, view.round_number)
                    if lead > 0:
                        changed["ahead"] += 1
                        assert kept(action.card) <= kept(plain.card), (view, lead)
                    elif lead < 0:
                        changed["behind"] += 1
                        assert kept(action.card) >= kept(plain.card), (view, lead)
    assert changed["ahead"] and changed["behind"], changed


def test_the_difficulty_name_medium_is_the_heuristic() -> None:
    assert isinstance(make_bot("medium"), HeuristicBot)


def test_weights_by_name_from_the_lab() -> None:
    bot = make_bot("heuristic:risk=0+candidates=5")
    assert isinstance(bot, HeuristicBot)
    assert bot.weights == dataclasses.replace(Weights(), risk=0.0, candidates=5)
    assert isinstance(bot.weights.candidates, int)
    with pytest.raises(ThreeThirteenError, match="'riks'"):
        make_bot("heuristic:riks=0")


def test_each_table_size_plays_with_its_own_weights() -> None:
    bot = HeuristicBot()
    assert bot.weights == TABLE_WEIGHTS[2] == Weights()
    assert bot.weights_for(3) == TABLE_WEIGHTS[3] != Weights()
    assert bot.weights_for(4) == bot.weights_for(6) == TABLE_WEIGHTS[4] != Weights()
    assert bot.weights_for(1) == Weights()  # below every entry: the smallest table's
    # An override changes every table; explicit weights serve every table.
    tuned = make_bot("heuristic:risk=0.5")
    assert isinstance(tuned, HeuristicBot)
    assert tuned.weights_for(4) == dataclasses.replace(TABLE_WEIGHTS[4], risk=0.5)
    assert HeuristicBot(weights=Weights()).weights_for(4) == Weights()


def test_a_four_player_table_decides_by_the_four_player_weights() -> None:
    # Over one 4-player match, the default bot plays exactly as the bot given the
    # four-player weights, and somewhere differently from the two-player weights.
    rules = get_rules("classic")
    default, four, two = (
        HeuristicBot(),
        HeuristicBot(weights=TABLE_WEIGHTS[4]),
        HeuristicBot(weights=Weights()),
    )
    bots = [default, make_bot("simple", 1), make_bot("simple", 2), make_bot("simple", 3)]
    state = MatchState.new(rules, 4, seed=31)
    differs = 0
    for decision in decisions(state, bots):
        if decision.seat == 0:
            assert four.choose(decision.view) == decision.action
            differs += two.choose(decision.view) != decision.action
    assert differs > 0


@pytest.mark.parametrize("players", [2, 4])
def test_discard_scores_rank_the_discard_it_plays_first(players: int) -> None:
    # Every discard decision of a whole match: the scores are the shortlist's, in order,
    # and the first is the move ``choose`` plays; outside a scored discard, none.
    rules = get_rules("classic").with_options(hand_sizes="3,7,10")
    bot = HeuristicBot()
    bots: list[Bot] = [bot, *(SimpleBot(seed) for seed in range(1, players))]
    state = MatchState.new(rules, players, seed=12)
    scored = 0
    for decision in decisions(state, bots):
        if decision.seat != 0:
            continue
        view = decision.view
        scores = bot.discard_scores(view)
        if view.phase is not Phase.DISCARD or view.out_seat is not None:
            assert scores == []
            continue
        assert [s for _, s in scores] == sorted(s for _, s in scores)
        assert {a for a, _ in scores} <= set(view.legal_actions)
        if isinstance(decision.action, GoOut):
            # Going out, it picks among the cards that go out by what they feed.
            outs = {a.card for a, s in scores if s == float("-inf")}
            assert scores[0][1] == float("-inf") and decision.action.card in outs
        else:
            assert scores[0][0] == decision.action
            scored += 1
    assert scored > 10


# -- card counting ------------------------------------------------------------------------


def events(*spec: tuple[str, int, str]) -> tuple[Event, ...]:
    kinds = {
        "stock": EventKind.DRAW_STOCK,
        "take": EventKind.DRAW_DISCARD,
        "discard": EventKind.DISCARD,
        "out": EventKind.GO_OUT,
    }
    out = []
    for kind, seat, card in spec:
        if kind == "reshuffle":
            out.append(Event(EventKind.RESHUFFLE, seat, None, int(card)))
        else:
            out.append(Event(kinds[kind], seat, Card.parse(card) if card else None))
    return tuple(out)


def test_read_log_recovers_the_first_up_card_from_the_pile() -> None:
    base = view_after(CLASSIC, ["KS QD 10H", "7S 8D KD"], "9C", "", seat=0)
    log = events(
        ("stock", 1, ""),  # seat 1 passes over the up card, 9C (the pile's bottom)
        ("discard", 1, "KD"),
        ("stock", 0, ""),  # seat 0 passes over KD
        ("discard", 0, "2C"),
        ("take", 1, "2C"),
        ("discard", 1, "5S"),
    )
    view = dataclasses.replace(base, log=log, discard_pile=parse_cards("9C KD 5S"))
    reads = read_log(view)
    assert reads[1].refused == {Card.parse("9C"): 1}
    assert reads[0].refused == {Card.parse("KD"): 1}
    assert reads[1].taken == {Card.parse("2C"): 1}
    assert reads[1].discarded == {Card.parse("KD"): 1, Card.parse("5S"): 1}
    assert reads[0].discarded == {Card.parse("2C"): 1} and not reads[0].taken


def test_read_log_after_a_reshuffle_and_a_taken_up_card() -> None:
    base = view_after(CLASSIC, ["KS QD 10H", "7S 8D KD"], "9C", "", seat=0)
    log = events(
        ("take", 1, "9C"),  # the up card, named by the take
        ("discard", 1, "KD"),
        ("stock", 0, ""),  # refuses KD
        ("discard", 0, "2C"),
        ("reshuffle", 1, "1"),  # KD goes into the stock; 2C stays on top
        ("stock", 1, ""),  # refuses 2C
        ("discard", 1, "7S"),
    )
    view = dataclasses.replace(base, log=log, discard_pile=parse_cards("2C 7S"))
    reads = read_log(view)
    assert reads[1].taken == {Card.parse("9C"): 1}
    assert reads[0].refused == {Card.parse("KD"): 1}
    assert reads[1].refused == {Card.parse("2C"): 1}


def test_read_log_drops_a_refusal_of_an_up_card_it_cannot_name() -> None:
    base = view_after(CLASSIC, ["KS QD 10H", "7S 8D KD"], "9C", "", seat=0)
    log = events(
        ("stock", 1, ""),  # refuses the up card, which is then reshuffled unseen
        ("discard", 1, "KD"),
        ("reshuffle", 0, "1"),
        ("stock", 0, ""),  # refuses KD
        ("discard", 0, "2C"),
    )
    view = dataclasses.replace(base, log=log, discard_pile=parse_cards("KD 2C"))
    reads = read_log(view)
    assert not reads[1].refused
    assert reads[0].refused == {Card.parse("KD"): 1}
