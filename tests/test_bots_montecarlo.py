"""The montecarlo bot: legal through whole matches, reproducible, blind to hidden cards."""

from __future__ import annotations

import math

import pytest

from threethirteen.actions import Action, Discard, Draw, GoOut, Source, parse_action
from threethirteen.bots import (
    BOT_NAMES,
    Bot,
    HeuristicBot,
    MonteCarloBot,
    SimpleBot,
    make_bot,
    play_match,
)
from threethirteen.bots.base import decisions
from threethirteen.bots.montecarlo import (
    RACE_TABLES,
    TABLE_NEAR,
    match_value,
    race_penalties,
    remaining_spread,
    rollout,
)
from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.rules import apply_house_rule, get_rules
from threethirteen.state import MatchState, Phase

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")
SHORT = "3,5"  # two rounds keep a whole match quick

RULE_SETS = {
    "classic": get_rules("classic"),
    "bga": get_rules("bga"),
    "app": get_rules("app"),
    "lay-off": apply_house_rule(get_rules("classic"), "lay-off"),
    "no-discard-taken": apply_house_rule(get_rules("bga"), "no-discard-taken"),
    "contracts": apply_house_rule(get_rules("classic"), "contracts"),
    "end-round": get_rules("classic").with_options(empty_stock="end-round"),
}


def small(seed: int, **options: object) -> MonteCarloBot:
    """A bot with a tiny sample budget, for speed."""
    bot = make_bot("montecarlo", seed, samples=4, candidates=2, min_samples=2, **options)
    assert isinstance(bot, MonteCarloBot)
    return bot


def test_registered_with_options() -> None:
    assert "montecarlo" in BOT_NAMES
    default = make_bot("montecarlo")
    assert isinstance(default, MonteCarloBot) and default.seconds == 0.5  # documented budget
    bot = make_bot("montecarlo:0.2", seed=3)
    assert isinstance(bot, MonteCarloBot) and bot.seconds == 0.2 and bot.samples is None
    bot = make_bot("MonteCarlo:samples=16,candidates=3", seed=3)
    assert isinstance(bot, MonteCarloBot)
    assert (bot.samples, bot.seconds, bot.candidates, bot.seed) == (16, None, 3, 3)
    assert make_bot("hard", 1, samples=2).name == "montecarlo"
    with pytest.raises(ThreeThirteenError, match="not a number"):
        make_bot("montecarlo:samples=many")
    with pytest.raises(ThreeThirteenError, match="samples must be at least 1"):
        make_bot("montecarlo:samples=0")
    with pytest.raises(ThreeThirteenError, match="seconds must be positive"):
        MonteCarloBot(seconds=0)
    bot = make_bot("montecarlo:samples=8+infer=32", seed=3)
    assert isinstance(bot, MonteCarloBot) and bot.infer == 32
    with pytest.raises(ThreeThirteenError, match=r"infer and near must be 0 or more, .*-1"):
        MonteCarloBot(infer=-1)


@pytest.mark.parametrize("label", list(RULE_SETS))
def test_plays_whole_matches_legally(label: str) -> None:
    rules = RULE_SETS[label].with_options(hand_sizes=SHORT)
    players = 4 if label == "app" else 2 + len(label) % 2
    bots = [small(1), make_bot("greedy"), *(make_bot("random", s) for s in range(players - 2))]
    searched = 0

    def watch(state: MatchState, seat: int, action: Action) -> None:
        nonlocal searched
        if seat == 0:
            bot = bots[0]
            assert isinstance(bot, MonteCarloBot)
            searched += bot.last.worlds > 0

    played = play_match(rules, bots, seed=7, observer=watch)  # apply() checks every action
    assert played.state.phase is Phase.MATCH_OVER
    assert searched > 0  # it did search, not only take shortcuts


def test_plays_a_whole_match_legally_on_inferred_worlds() -> None:
    rules = CLASSIC.with_options(hand_sizes="5,7")
    bots = [small(2, infer=8), make_bot("heuristic"), make_bot("simple")]
    searched = 0

    def watch(state: MatchState, seat: int, action: Action) -> None:
        nonlocal searched
        bot = bots[0]
        assert isinstance(bot, MonteCarloBot)
        searched += seat == 0 and bot.last.worlds > 0

    played = play_match(rules, bots, seed=3, observer=watch)
    assert played.state.phase is Phase.MATCH_OVER and searched > 0
    again = play_match(rules, [small(2, infer=8), make_bot("heuristic"), make_bot("simple")], 3)
    assert again.record.to_json() == played.record.to_json()


def test_reproducible_with_a_sample_budget() -> None:
    rules = CLASSIC.with_options(hand_sizes="4,6")
    first = play_match(rules, [small(5), make_bot("greedy")], seed=2)
    again = play_match(rules, [small(5), make_bot("greedy")], seed=2)
    assert first.record.to_json() == again.record.to_json()
    # The choice is a function of the view and the seed: calling out of order changes nothing.
    state = MatchState.new(rules, 2, seed=4)
    view = state.view(state.current)
    bot = small(9)
    choice = bot.choose(view)
    other = MatchState.new(rules, 2, seed=5)
    bot.choose(other.view(other.current))
    assert bot.choose(view) == choice == small(9).choose(view)


def stacked(opponent: str, stock_top: str) -> MatchState:
    state = MatchState.new(CLASSIC.with_options(hand_sizes="7"), 2, seed=1)
    mine = "5S 6S 8S 9H 9D 2C KC"
    hands = [opponent, mine] if state.current == 1 else [mine, opponent]
    state.stack(hands, up="7S", stock_top=stock_top)
    return state


@pytest.mark.parametrize("infer", [0, 16])
@pytest.mark.parametrize("phase", ["draw", "discard"])
def test_hidden_cards_do_not_change_the_choice(phase: str, infer: int) -> None:
    # The same view over different opponent hands and stocks: the same choice.
    one = stacked("AD 4D JH QH 3C 10C 4S", "KS QD")
    two = stacked("2H 3H 4H KD KH 8C JS", "AC 10D")
    for state in (one, two):
        if phase == "discard":
            state.apply(parse_action("draw discard"))
    seat = one.current
    assert one.view(seat) == two.view(seat)
    for seed in range(3):
        # near=0: every low-deadwood discard searched, so the worlds are dealt.
        a = MonteCarloBot(seed, samples=12, candidates=3, infer=infer, near=0)
        b = MonteCarloBot(seed, samples=12, candidates=3, infer=infer, near=0)
        assert a.choose(one.view(seat)) == b.choose(two.view(seat))
        assert a.last.worlds == b.last.worlds
        assert (a.last.worlds > 0) is (phase == "discard")  # the draw is the prior's


def test_goes_out_and_takes_a_card_that_goes_out_without_search() -> None:
    state = MatchState.new(CLASSIC.with_options(hand_sizes="4"), 2, seed=1)
    hand = "5H 6H 7H KC"
    hands = [hand, "2S 9D JD QC"] if state.current == 0 else ["2S 9D JD QC", hand]
    state.stack(hands, up="8H")
    bot = MonteCarloBot(1, samples=50)
    assert bot.choose(state.view(state.current)) == Draw(Source.DISCARD)
    assert bot.last.shortcut == "goes out" and bot.last.worlds == 0
    state.apply(Draw(Source.DISCARD))
    assert bot.choose(state.view(state.current)) == GoOut(Card.parse("KC"))


def test_stops_early_when_one_move_is_clearly_best() -> None:
    # A wild on the pile (7s are wild with 7 cards): the draw is the prior's (take it),
    # unsearched.
    state = MatchState.new(CLASSIC.with_options(hand_sizes="7,8,9"), 2, seed=1)
    mine, theirs = "5S 6S 9H 9D 2C KC 10H", "AD 4D JH QH 3C 10C 4S"
    state.stack([mine, theirs] if state.current == 0 else [theirs, mine], up="7H")
    bot = MonteCarloBot(2, samples=400)
    assert bot.choose(state.view(state.current)) == Draw(Source.DISCARD)
    assert bot.last.worlds == 0 and bot.last.shortcut == "the prior's draw"
    # Discarding: the prior's discard and the next best; the search settles long before
    # its budget.
    state.apply(Draw(Source.DISCARD))
    bot = MonteCarloBot(2, samples=300, candidates=2, near=0)
    assert bot.choose(state.view(state.current)) == Discard(Card.parse("KC"))
    assert 0 < bot.last.worlds < 100 and len(bot.last.values) == 1
    # Every discard weighed: throwing the wild away is dropped.
    bot = MonteCarloBot(2, samples=100, candidates=8, near=0)
    action = bot.choose(state.view(state.current))
    assert isinstance(action, Discard) and str(action.card) != "7H"
    assert len(bot.last.candidates) == 8
    assert Discard(Card.parse("7H")) not in bot.last.values  # dropped


def test_near_equal_moves_keep_the_prior() -> None:
    # Candidate 0 is the prior (the heuristic's move). Another move that leads it by
    # less than the indifference margin must not push it out: it is the one dropped.
    bot = MonteCarloBot(1, samples=10)  # indifference 0.003, z 2
    prior = [0.5 + 0.01 * (k % 3) for k in range(10)]
    close = [v + 0.001 + 0.0001 * (k % 2) for k, v in enumerate(prior)]
    values, live = [prior, close], [0, 1]
    assert not bot._dropped(0, 1, values, live)
    assert bot._dropped(1, 1, values, live)
    # A move clearly better, world after world, does push the prior out.
    clear = [v + 0.05 + 0.001 * (k % 2) for k, v in enumerate(prior)]
    values = [prior, clear]
    assert bot._dropped(0, 1, values, live) and not bot._dropped(1, 1, values, live)


def test_near_searches_only_the_discards_the_prior_scores_close() -> None:
    # With ``near``, the candidates are the prior's move and the discards the heuristic
    # scores within ``near`` points of its best; none, and the prior plays unsearched.
    prior = HeuristicBot()
    bot = MonteCarloBot(3, samples=2, near=1.5)
    state = MatchState.new(CLASSIC.with_options(hand_sizes="7,10,13"), 2, seed=7)
    searched = clear = 0
    for decision in decisions(state, [bot, SimpleBot(1)]):
        view = decision.view
        if decision.seat != 0 or view.phase is not Phase.DISCARD:
            continue
        if any(isinstance(a, GoOut) for a in view.legal_actions) or view.out_seat is not None:
            continue
        scores = prior.discard_scores(view)
        close = [a for a, s in scores if s <= scores[0][1] + 1.5]
        assert bot.last.candidates[0] == prior.choose(view)
        if len(close) == 1:
            assert bot.last.shortcut == "the prior is clear" and bot.last.worlds == 0
            assert decision.action == close[0]
            clear += 1
        else:
            others = [a for a in close if a != bot.last.candidates[0]]
            assert bot.last.candidates[1:] == tuple(others[: bot.candidates - 1])
            searched += 1
    assert searched > 3 and clear > 3
    with pytest.raises(ThreeThirteenError, match=r"near must be 0 or more, .*-0.5"):
        MonteCarloBot(near=-0.5)


@pytest.mark.parametrize("players", [2, 4])
def test_the_default_near_is_the_tables(players: int) -> None:
    # Unset, ``near`` is TABLE_NEAR's for the table (3 points at 2 players, off at 4):
    # the same candidates as the bot told that value, decision by decision.
    assert TABLE_NEAR == {2: 3.0}
    default = MonteCarloBot(5, samples=2)
    told = MonteCarloBot(5, samples=2, near=TABLE_NEAR.get(players, 0.0))
    other = MonteCarloBot(5, samples=2, near=0.0 if players in TABLE_NEAR else 3.0)
    state = MatchState.new(CLASSIC.with_options(hand_sizes="7,10"), players, seed=3)
    bots: list[Bot] = [default, *(SimpleBot(seed) for seed in range(1, players))]
    differs = 0
    for decision in decisions(state, bots):
        if decision.seat == 0 and decision.view.phase is Phase.DISCARD:
            assert told.choose(decision.view) == decision.action
            assert told.last.candidates == default.last.candidates
            other.choose(decision.view)
            differs += other.last.candidates != default.last.candidates
    assert differs > 0


def test_rollout_scores_a_round() -> None:
    state = MatchState.new(CLASSIC, 3, seed=8)
    penalties = rollout(state.copy(), 1000)
    assert len(penalties) == 3 and min(penalties) >= 0
    short = state.copy()
    cut = rollout(short, 2)  # two turns, then the hands are scored as they stand
    assert short.turn <= 3 and len(cut) == 3


def test_race_penalties_weigh_the_race() -> None:
    # Round 1 (3 cards, 3s wild): 4H 5H want one card (6H or 3H), KS QD 9C at least two.
    state = MatchState.new(CLASSIC, 2, seed=4)
    state.stack(["4H 5H KD", "KS QD 9C"], up="2C")
    near, far = race_penalties(state, (10, 29))
    assert 0 < near / 10 < far / 29 < 1  # the hand nearer going out keeps less of its deadwood
    # Each row of the table falls as the nearest other hand is further away (the first
    # column, an other hand already melded, is the highest); a hand further from
    # going out keeps more where the samples are many (the columns 1 to 3).
    for table in RACE_TABLES.values():
        for row in table[1:]:
            assert list(row[1:]) == sorted(row[1:], reverse=True) and row[0] > row[1]
        for column in range(1, 4):
            shares = [row[column] for row in table[1:]]
            assert shares == sorted(shares)
    # With more opponents, one of them is more often near: a hand keeps more.
    assert all(
        four >= two
        for r2, r4 in zip(RACE_TABLES[2][1:], RACE_TABLES[4][1:], strict=True)
        for two, four in zip(r2[1:4], r4[1:4], strict=True)
    )


def test_rollout_scores_a_running_round_by_the_race() -> None:
    state = MatchState.new(CLASSIC, 2, seed=8)
    plain, raced = state.copy(), state.copy()
    deadwoods = rollout(plain, 2)  # the same world and stock: the same two turns
    assert plain.out_seat is None  # nobody went out: the round is still running
    expected = race_penalties(plain, deadwoods)
    assert expected != deadwoods
    assert rollout(raced, 2, race=True) == expected
    assert raced.log == plain.log
    # The default search scores by the race one turn a seat ahead; race=0 plays 40 turns.
    assert MonteCarloBot(1, samples=2).race and MonteCarloBot(1, samples=2).horizon is None
    assert not MonteCarloBot(1, samples=2, race=0).race


def test_match_value_plays_safe_with_a_lead() -> None:
    rules = get_rules("classic")
    late, early = remaining_spread(rules, 10), remaining_spread(rules, 1)
    assert late < early
    assert match_value((0, 0), 0, late) == pytest.approx(0.5)
    # The same lead is worth more late in the match than early.
    assert match_value((10, 40), 0, late) > match_value((10, 40), 0, early) > 0.5
    # Ahead, a gamble (+-25 points at even odds) is worth less than the sure thing;
    # behind, it is worth more.
    lead = (100, 140)
    sure = match_value(lead, 0, late)
    gamble = (match_value((125, 140), 0, late) + match_value((75, 140), 0, late)) / 2
    assert gamble < sure
    behind = (140, 100)
    sure = match_value(behind, 0, late)
    gamble = (match_value((165, 100), 0, late) + match_value((115, 100), 0, late)) / 2
    assert gamble > sure
    # Three seats: the leader's chance is below its chance against each one alone.
    assert match_value((10, 20, 30), 0, late) < min(
        match_value((10, 20), 0, late), match_value((10, 30), 0, late)
    )
    assert math.isclose(sum(match_value((5, 5), s, 30.0) for s in (0, 1)), 1.0)
    # Regression: a margin of hundreds of points over the last round's small spread
    # overflowed math.exp.
    assert match_value((2000, 0), 0, remaining_spread(rules, 11)) < 1e-9
