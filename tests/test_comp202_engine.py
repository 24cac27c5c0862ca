"""The adapter that seats COMP 202-style Three Thirteen players (examples/engines/comp202)."""

from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from threethirteen.actions import parse_action
from threethirteen.bots import make_bot
from threethirteen.engines import EngineError, EngineSpec
from threethirteen.engines.protocol import choose_message
from threethirteen.lab import TournamentPlan, run_tournament
from threethirteen.rules import apply_house_rule, get_rules
from threethirteen.state import MatchState, Phase

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "examples" / "engines" / "comp202"
ENGINE = FOLDER / "comp202_engine.py"
PLAYER = Path(__file__).resolve().parent / "comp202" / "ai_player.py"
SHORT = apply_house_rule(get_rules("classic"), "hand_sizes=3-6")
# The course's numbering, as its project handout defines it: ranks two to ace, suits in this order.
COURSE_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
COURSE_SUITS = ["H", "D", "C", "S"]
COURSE_POINTS = dict(zip(COURSE_RANKS, [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1], strict=True))


def load(name: str, path: Path) -> ModuleType:
    if str(FOLDER) not in sys.path:
        sys.path.insert(0, str(FOLDER))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ADAPTER = load("comp202_engine", ENGINE)
MELDS = load("arrangement", FOLDER / "arrangement.py")


def card(text: str) -> int:
    return COURSE_RANKS.index(text[:-1]) * 4 + COURSE_SUITS.index(text[-1]) + 1


# --- card numbers -------------------------------------------------------------------------


def test_cards_are_numbered_as_the_course_numbers_them() -> None:
    for rank, suit in itertools.product(COURSE_RANKS, COURSE_SUITS):
        text = rank + suit
        assert ADAPTER.number(text) == card(text)
        assert ADAPTER.notation(card(text)) == text
    assert sorted(card(r + s) for r in COURSE_RANKS for s in COURSE_SUITS) == list(range(1, 53))


@pytest.mark.parametrize("bad", ["JK", "1H", "7X"])
def test_a_card_without_a_number_is_refused_quoting_it(bad: str) -> None:
    with pytest.raises(ADAPTER.UnplayableError, match=repr(bad)):
        ADAPTER.number(bad)
    with pytest.raises(ADAPTER.UnplayableError, match="53"):
        ADAPTER.notation(53)


# --- the course's melds ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "wild", "group", "sequence"),
    [
        (["7H", "7S", "7H"], "K", True, False),
        (["7H", "8H", "9H"], "K", False, True),
        (["QS", "KS", "AS"], "3", False, True),  # aces are high
        (["AS", "2S", "3S"], "K", False, False),  # and only high
        (["7H", "9H", "5C"], "5", False, True),  # a wild card fills the gap
        (["7H", "10H", "5C"], "5", False, False),  # two gaps, one wild card
        (["7H", "7H", "8H", "5D"], "5", False, False),  # a rank twice in a sequence
        (["5H", "5C", "5S"], "5", True, True),  # all wild
        (["7H", "5S", "5D"], "5", True, True),
        (["7H", "8H"], "K", False, False),  # too short
    ],
)
def test_melds_follow_the_course_rules(
    cards: list[str], wild: str, group: bool, sequence: bool
) -> None:
    numbers = tuple(card(c) for c in cards)
    rank = COURSE_RANKS.index(wild)
    assert MELDS.is_valid_group(numbers, rank) is group
    assert MELDS.is_valid_sequence(numbers, rank) is sequence


def brute_force(hand: tuple[int, ...], wild: int) -> tuple[int, int]:
    """(cards arranged, points left) of the course's best arrangement, by trying every packing."""
    valid = [
        combo
        for size in range(3, len(hand) + 1)
        for combo in itertools.combinations(range(len(hand)), size)
        if MELDS.is_valid_group([hand[i] for i in combo], wild)
        or MELDS.is_valid_sequence([hand[i] for i in combo], wild)
    ]

    def packings(start: int, used: frozenset[int]) -> Iterator[frozenset[int]]:
        yield used
        for j in range(start, len(valid)):
            if used.isdisjoint(valid[j]):
                yield from packings(j + 1, used | set(valid[j]))

    def points(i: int) -> int:
        return COURSE_POINTS[COURSE_RANKS[(hand[i] - 1) // 4]]

    return max(
        (len(used), -sum(points(i) for i in range(len(hand)) if i not in used))
        for used in packings(0, frozenset())
    )


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(1, 52), min_size=3, max_size=8).filter(
        lambda cards: all(cards.count(c) <= 2 for c in cards)
    ),
    st.integers(0, 12),
)
def test_the_arrangement_is_the_best_the_course_rules_allow(hand: list[int], wild: int) -> None:
    arrangement = MELDS.get_arrangement(tuple(hand), wild)
    laid = [c for meld in arrangement for c in meld]
    left = list(hand)
    for c in laid:
        left.remove(c)  # raises if a meld used a card the hand lacks
    for meld in arrangement:
        assert MELDS.is_valid_group(meld, wild) or MELDS.is_valid_sequence(meld, wild)
    figures = (len(laid), -sum(COURSE_POINTS[COURSE_RANKS[(c - 1) // 4]] for c in left))
    assert figures == brute_force(tuple(hand), wild)
    assert arrangement == () if not laid else MELDS.is_valid_arrangement(arrangement, laid, wild)


def test_the_arrangement_keeps_the_courses_shapes() -> None:
    assert MELDS.get_arrangement((card("7H"), card("8S")), 11) == []
    assert MELDS.get_arrangement((card("7H"), card("9S"), card("JD")), 11) == ()
    run = (card("7H"), card("8H"), card("9H"))
    assert MELDS.get_arrangement(run, 11) == (run,)


# --- the adapter's arguments and answers -----------------------------------------------------


class Recorder:
    """A course-style player that plays like the test player and records what it is given."""

    def __init__(self, fail: str = "") -> None:
        self.player = load("ai_player", PLAYER)
        self.fail = fail
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def draw(self, *args: Any) -> Any:
        self.calls.append(("draw", args))
        if self.fail == "draw":
            raise RuntimeError("a bug in draw")
        if self.fail == "nonsense":
            return "deck"
        return self.player.draw(*args)

    def discard(self, *args: Any) -> Any:
        self.calls.append(("discard", args))
        if self.fail == "discard":
            raise RuntimeError("a bug in discard")
        if self.fail == "stray":
            return next(c for c in range(1, 53) if c not in args[0])
        return self.player.discard(*args)


def engine_view(state: MatchState) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(choose_message(1, state.view(state.current)))["view"]
    return view


def play_with(recorder: Recorder, seed: int, log: str | None = None) -> tuple[Any, MatchState]:
    """A match of seat 0, the adapter over ``recorder``, against ``simple``; every call checked."""
    seat = ADAPTER.Seat(recorder, log)
    other = make_bot("simple", seed)
    state = MatchState.new(SHORT, 2, seed)
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
            continue
        if state.current != 0:
            state.apply(other.choose(state.view(state.current)))
            continue
        view = engine_view(state)
        before = len(recorder.calls)
        action = parse_action(seat.choose(view))
        assert action in state.view(0).legal_actions
        if len(recorder.calls) > before:
            check_call(recorder.calls[-1], view)
        state.apply(action)
    seat.close()
    return seat, state


def check_call(call: tuple[str, tuple[Any, ...]], view: dict[str, Any]) -> None:
    """The arguments the course's interface promises, read independently from the view."""
    kind, args = call
    hand = args[0]
    assert sorted(hand) == sorted(card(c) for c in view["hand"])
    if kind == "discard":
        assert hand[-1] == card(view["drawn"])  # where the course's game put the card drawn
    if kind == "draw":
        top = view["top_discard"]
        assert args[1] == (None if top is None else card(top))
        args = (args[0], *args[2:])
    last_turn, picked, position, wild, turns = args[1:]
    assert last_turn is (view["out_seat"] is not None)
    takes: list[list[int]] = [[], []]
    for event in view["log"]:
        if event["kind"] == "draw-discard":
            takes[event["seat"]].append(card(event["card"]))
    assert picked == takes
    assert position == view["seat"] == 0
    assert wild == COURSE_RANKS.index(view["wild_rank"])
    assert turns == view["turn"]


@pytest.mark.parametrize("seed", [3, 11])
def test_the_player_gets_the_courses_arguments_and_its_moves_are_played(seed: int) -> None:
    recorder = Recorder()
    seat, state = play_with(recorder, seed)
    assert seat.fallbacks == 0
    kinds = {kind for kind, _ in recorder.calls}
    assert kinds == {"draw", "discard"}
    assert any(args[3] != [[], []] for kind, args in recorder.calls if kind == "draw")  # takes seen
    assert len(state.results) == SHORT.rounds


def test_the_discard_goes_out_when_the_lab_allows_it() -> None:
    recorder = Recorder()
    _, state = play_with(recorder, 5)
    assert any(result.out_seat == 0 for result in state.results)


@pytest.mark.parametrize("fail", ["draw", "discard", "stray", "nonsense"])
def test_a_broken_player_falls_back_and_the_match_goes_on(fail: str, tmp_path: Path) -> None:
    log = tmp_path / "fallbacks.txt"
    seat, state = play_with(Recorder(fail), 7, str(log))
    assert state.phase is Phase.MATCH_OVER
    assert seat.fallbacks > 0
    decisions, fallbacks = map(int, log.read_text().split())
    assert (decisions, fallbacks) == (seat.decisions, seat.fallbacks)


# --- over the pipe -----------------------------------------------------------------------------


def spec(*extra: str) -> EngineSpec:
    return EngineSpec("course", (sys.executable, str(ENGINE), str(PLAYER), *extra))


def test_a_tournament_plays_the_adapter_over_the_pipe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "fallbacks.txt"
    monkeypatch.setenv("COMP202_LOG", str(log))
    plan = TournamentPlan.build(SHORT, 2, ["course", "simple"], 4, 21, engines=[spec()])
    first = run_tournament(plan)
    again = run_tournament(plan)
    assert first.games == again.games  # the player's chances come from the seat's seed
    assert first.bots["course"].matches == 4
    lines = [tuple(map(int, line.split())) for line in log.read_text().splitlines()]
    played = [(decisions, fallbacks) for decisions, fallbacks in lines if decisions]
    assert len(played) == 8  # a process a match, two runs (the plan's check decides nothing)
    assert all(fallbacks == 0 for _, fallbacks in played)


def test_rules_with_jokers_fail_quoting_the_card() -> None:
    jokers = apply_house_rule(SHORT, "jokers")
    plan = TournamentPlan.build(jokers, 2, ["course", "simple"], 2, 40, engines=[spec()])
    with pytest.raises(EngineError, match=r"comp202 engine: card .*JK.* has no number"):
        run_tournament(plan)


def test_a_missing_player_module_is_refused_naming_it(tmp_path: Path) -> None:
    empty = tmp_path / "ai_player.py"
    empty.write_text("def draw(*args):\n    return 'stock'\n")
    with pytest.raises(EngineError, match="has no function discard"):
        TournamentPlan.build(
            SHORT,
            2,
            ["course", "simple"],
            2,
            1,
            engines=[EngineSpec("course", (sys.executable, str(ENGINE), str(empty)))],
        )
