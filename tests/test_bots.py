"""Bots: the registry, the random and greedy bots, and the match runner."""

from __future__ import annotations

import pytest

from threethirteen.actions import Action, Discard, Draw, GoOut, Source, parse_action
from threethirteen.bots import (
    BOT_NAMES,
    DIFFICULTIES,
    Bot,
    GreedyBot,
    RandomBot,
    make_bot,
    play_match,
)
from threethirteen.cards import Card
from threethirteen.errors import IllegalActionError, ThreeThirteenError
from threethirteen.records import replay
from threethirteen.rules import Rules, get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.views import PlayerView

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")
STOCK, TAKE = Draw(Source.STOCK), Draw(Source.DISCARD)


def play(state: MatchState, *moves: str) -> None:
    for move in moves:
        state.apply(parse_action(move))


def table(rules: Rules, hands: list[str], up: str, stock_top: str = "") -> MatchState:
    state = MatchState.new(rules, len(hands), seed=3)
    state.stack(hands, up=up, stock_top=stock_top)
    return state


# -- registry ---------------------------------------------------------------------


def test_registry() -> None:
    assert BOT_NAMES[:4] == ("random", "greedy", "simple", "heuristic")
    for name in BOT_NAMES:
        bot = make_bot(name.upper(), seed=1)
        assert isinstance(bot, Bot) and bot.name == name
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot(" greedy "), GreedyBot)
    with pytest.raises(ThreeThirteenError, match="unknown bot 'clever'; known: greedy, heuristic"):
        make_bot("clever")


def test_a_difficulty_without_its_bot_says_so() -> None:
    missing = [level for level, bot in DIFFICULTIES.items() if bot not in BOT_NAMES]
    for level in missing:
        with pytest.raises(ThreeThirteenError) as excinfo:
            make_bot(level.title())
        message = str(excinfo.value)
        assert f"the difficulty {level!r} has no bot yet" in message
        assert f"its bot {DIFFICULTIES[level]!r}" in message and "docs/bots.md" in message
    for level, bot in DIFFICULTIES.items():
        if level not in missing:
            assert make_bot(level).name == bot


# -- random -----------------------------------------------------------------------


def test_random_bot_is_legal_and_repeatable() -> None:
    state = MatchState.new(get_rules("bga"), 3, seed=8)
    a, b = RandomBot(seed=42), RandomBot(seed=42)
    choices = set()
    for _ in range(60):
        view = state.view(state.current)
        action = a.choose(view)
        assert action in view.legal_actions
        assert b.choose(view) == action
        choices.add(type(action))
        state.apply(action)
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
    assert {Draw, Discard} <= choices


def test_random_bot_draws_from_both_sources() -> None:
    view = MatchState.new(CLASSIC, 2, seed=1).view(1)
    bot = RandomBot(seed=0)
    assert {bot.choose(view) for _ in range(40)} == {STOCK, TAKE}


# -- greedy: known answers ------------------------------------------------------------


def test_greedy_takes_a_discard_that_lowers_its_deadwood() -> None:
    rules = CLASSIC.with_options(hand_sizes=(4,))  # 4s wild
    state = table(rules, ["KS QD 10H 2C", "7H 8H KD QC"], up="9H")
    # 7H 8H 9H run: QC (10) left after discarding KD, instead of 35 now
    assert GreedyBot().choose(state.view(1)) == TAKE


def test_greedy_takes_a_discard_that_goes_out() -> None:
    state = table(CLASSIC, ["KS QD 10H", "7H 8H KD"], up="9H")
    assert GreedyBot().choose(state.view(1)) == TAKE


def test_greedy_draws_from_stock_when_the_discard_does_not_help() -> None:
    state = table(CLASSIC, ["KS QD 10H", "7H 8H KD"], up="KC")
    # taking KC and throwing a king back leaves 25, no better than now
    assert GreedyBot().choose(state.view(1)) == STOCK


def test_greedy_goes_out_whenever_it_can() -> None:
    state = table(CLASSIC, ["KS QD 10H", "7H 8H KD"], up="4C", stock_top="9H")
    play(state, "draw stock")
    assert GreedyBot().choose(state.view(1)) == GoOut(Card.parse("KD"))


def test_greedy_discards_to_the_lowest_deadwood() -> None:
    state = table(CLASSIC, ["KS QD 10H", "7H 8H 9S"], up="4C", stock_top="KD")
    play(state, "draw stock")  # 7H 8H 9S KD: throwing KD leaves 24, 9S 25, 8H 27, 7H 28
    assert GreedyBot().choose(state.view(1)) == Discard(Card.parse("KD"))


def test_greedy_breaks_ties_toward_the_highest_penalty() -> None:
    # seat 2's final turn: 5H 6H 7H 8H 9H can shed 5H or 9H for a 4-card run (0 deadwood)
    rules = CLASSIC.with_options(hand_sizes=(4,))
    state = table(
        rules, ["KS QD 10D 2C", "7C 8C 9C KD", "5H 6H 7H 8H"], up="2S", stock_top="10C 9H"
    )
    play(state, "draw stock", "out KD")
    bot = GreedyBot()
    assert bot.choose(state.view(2)) == STOCK  # KD would not lower 0
    play(state, "draw stock")
    assert not any(isinstance(a, GoOut) for a in state.legal_actions())
    assert bot.choose(state.view(2)) == Discard(Card.parse("9H"))


@pytest.mark.parametrize(("lay_off", "discard"), [(False, "10H"), (True, "9C")])
def test_greedy_weighs_laying_off_in_a_final_turn(lay_off: bool, discard: str) -> None:
    # after 7H 8H 9H goes out, 10H can be laid off on it: keep it, throw 9C instead
    rules = CLASSIC.with_options(lay_off=lay_off)
    state = table(rules, ["10H 9C 2C", "7H 8H KD", "2S 2D JC"], up="4C", stock_top="9H 2H 4D")
    play(state, "draw stock", "out KD", "draw stock", "discard JC")
    bot = GreedyBot()
    assert bot.choose(state.view(0)) == STOCK
    play(state, "draw stock")
    assert bot.choose(state.view(0)) == Discard(Card.parse(discard))


# -- the match runner ---------------------------------------------------------------


class Spy:
    """Wraps a bot and keeps what it was given."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen: list[object] = []

    def choose(self, view: PlayerView) -> Action:
        self.seen.append(view)
        return self.inner.choose(view)


def test_play_match_runs_a_whole_match_on_views_only() -> None:
    bots = [Spy(make_bot("greedy")), Spy(make_bot("random", seed=4)), Spy(make_bot("greedy"))]
    steps: list[tuple[int, Action]] = []
    played = play_match(
        get_rules("classic").with_options(turn_limit=120),
        bots,
        seed=31,
        observer=lambda state, seat, action: steps.append((seat, action)),
    )
    assert played.state.phase is Phase.MATCH_OVER
    assert len(played.state.results) == 11
    assert played.record.names == ("greedy", "random", "greedy")
    assert played.record.winners == played.state.winners()
    for seat, bot in enumerate(bots):
        assert bot.seen and all(isinstance(v, PlayerView) for v in bot.seen)
        assert all(v.seat == seat and v.is_my_turn for v in bot.seen)  # type: ignore[attr-defined]
    assert len(steps) == sum(len(r.actions) for r in played.record.rounds)
    assert replay(played.record).scores == played.state.scores


def test_play_match_is_deterministic() -> None:
    def run() -> str:
        bots = [make_bot("random", seed=1), make_bot("greedy"), make_bot("random", seed=2)]
        return play_match(get_rules("bga"), bots, seed=77).record.to_json()

    assert run() == run()


def test_a_bot_playing_an_illegal_action_is_an_error() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, view: PlayerView) -> Action:
            return Discard(Card.parse("JK"))

    with pytest.raises(IllegalActionError, match="'discard JK'"):
        play_match(CLASSIC, [Cheat(), Cheat()], seed=1)


def test_play_match_checks_names() -> None:
    with pytest.raises(ThreeThirteenError, match="1 names for 2 bots"):
        play_match(CLASSIC, [make_bot("greedy"), make_bot("greedy")], seed=1, names=["x"])


def test_greedy_beats_random() -> None:
    rules = get_rules("classic").with_options(turn_limit=100)
    greedy_wins = 0
    for seed in range(6):
        bots = [make_bot("greedy"), make_bot("random", seed=seed)]
        totals = play_match(rules, bots, seed=seed).state.scores.totals
        greedy_wins += totals[0] < totals[1]
    assert greedy_wins >= 5
