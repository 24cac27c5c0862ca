"""``threethirteen play`` end to end: whole matches through the real command.

The scripted player always discards the first card of its hand as displayed
(sorted by suit), so every seat-0 discard in the saved record can be checked
against the hand the library reconstructs. The score sheet, the totals and the
winner printed by the command are checked against the saved record replayed
through the library (``records.replay``), not against the command's own code.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from threethirteen.actions import Discard, Draw, GoOut, Source
from threethirteen.bots import BOT_NAMES, DIFFICULTIES, make_bot
from threethirteen.cards import Card
from threethirteen.cli.play import Hint, hint_for, interpret
from threethirteen.errors import NotationError
from threethirteen.records import GameRecord, replay
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase

BIN = Path(sys.executable).parent / "threethirteen"
COMMAND = [str(BIN)] if BIN.exists() else [sys.executable, "-m", "threethirteen"]

# Draw from the stock and discard position 1, then take the pile and discard position 1.
# If a draw is refused (an empty stock), the next lines still make progress.
ROUNDS_OF_INPUT = "s\n1\nd\n1\n"


def play(*args: str, stdin: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "120", "PYTHONIOENCODING": "utf-8"},
    )


def final_section(out: str) -> str:
    assert "Match over" in out, out[-3000:]
    return out[out.rindex("Match over") :]


def check_against_record(out: str, save: Path) -> MatchState:
    """The printed score sheet, totals and winner agree with the replayed record."""
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert record.finished
    state = replay(record)  # raises if the record does not reproduce
    assert state.phase is Phase.MATCH_OVER
    names = record.names
    totals = state.scores.totals
    section = final_section(out)

    # The score sheet: one row per round, "N  p0  p1 ...", then the totals footer.
    rows = {}
    for line in section.splitlines():
        numbers = line.split()
        if len(numbers) == record.players + 1 and all(n.isdigit() for n in numbers):
            rows[int(numbers[0])] = tuple(int(n) for n in numbers[1:])
        if numbers[:1] == ["total"]:
            assert tuple(int(n) for n in numbers[1:]) == totals
    assert rows == {i + 1: row for i, row in enumerate(state.scores.rows)}

    expected_totals = "Totals: " + ", ".join(
        f"{name} {total}" for name, total in zip(names, totals, strict=True)
    )
    assert expected_totals in section
    winners = state.winners()
    assert winners == record.winners
    if len(winners) == 1:
        (seat,) = winners
        assert f"Winner: {names[seat]} with {totals[seat]} points" in section
    elif winners:
        assert "share the win" in section
        assert all(names[s] in section for s in winners)
    else:
        assert "No winner" in section
    # Every round was revealed and scored on screen.
    for number in range(1, record.rules.rounds + 1):
        assert f"Round {number} over" in out
    return state


def check_scripted_discards(save: Path) -> int:
    """Every seat-0 discard was position 1 of its hand sorted by suit; returns how many."""
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    state = MatchState.new(record.rules, record.players, record.seed)
    checked = 0
    for index, rnd in enumerate(record.rounds):
        if index:
            state.next_round()
        for seat, action in rnd.actions:
            if seat == 0 and isinstance(action, Discard | GoOut):
                first = sorted(state.hand(0), key=lambda c: c.sort_key("suit"))[0]
                assert action.card == first
                checked += 1
            state.apply(action)
    return checked


# -- whole matches --------------------------------------------------------------------------


def test_whole_two_player_match_with_scripted_input(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # A few extra commands up front: a hint, sorting there and back, help.
    script = "h\nsort\nsort\nhelp\n" + ROUNDS_OF_INPUT * 1500
    done = play(
        "--players", "2", "--seed", "11", "--house", "shortened", "--save", str(save),
        "--name", "Ada", stdin=script,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    out = done.stdout
    check_against_record(out, save)
    assert check_scripted_discards(save) > 0
    assert f"Game record saved to {save}" in out
    # The screen's pieces were shown.
    assert "Hint." in out and "Suggested:" in out
    assert "Sorting by rank." in out and "Sorting by suit." in out
    assert "Commands:" in out
    assert "Discard pile top:" in out and "Stock:" in out
    assert "Your hand (by suit):" in out
    assert "Round 1 of 8: 5 cards, 5s wild" in out  # shortened: rounds 3-10 of the classic
    assert "Ada" in out


def test_whole_default_classic_match_four_players(tmp_path: Path) -> None:
    # The `make play` game: classic rules, you and three greedy bots, all 11 rounds.
    save = tmp_path / "classic.json"
    done = play("--seed", "3", "--save", str(save), stdin=ROUNDS_OF_INPUT * 4000)
    assert done.returncode == 0, done.stderr[-2000:]
    state = check_against_record(done.stdout, save)
    assert state.players == 4
    assert state.rules == get_rules("classic")
    assert check_scripted_discards(save) > 0
    assert "Round 11 of 11: 13 cards, Kings wild" in done.stdout


def test_watch_mode_plays_bots_against_each_other(tmp_path: Path) -> None:
    save = tmp_path / "watch.json"
    done = play(
        "--watch", "--players", "3", "--bots", "greedy,random,greedy", "--seed", "5",
        "--house", "shortened", "--save", str(save), stdin="",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    check_against_record(done.stdout, save)
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert record.names == ("Greedy 0", "Random 1", "Greedy 2")
    assert "discarded" in done.stdout


def test_watch_a_match_against_an_engine(tmp_path: Path) -> None:
    """An outside program plays a seat of the terminal game (docs/engines.md)."""
    save = tmp_path / "engine.json"
    engine = Path(__file__).resolve().parent.parent / "examples" / "engines" / "pile_engine.py"
    done = play(
        "--watch", "--players", "2", "--bots", "pile,simple", "--seed", "3",
        "--engine", f"pile={sys.executable} {engine}",
        "--house", "hand_sizes=3-5", "--save", str(save), stdin="",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    check_against_record(done.stdout, save)
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert record.names == ("Pile 0", "Simple 1")
    broken = tmp_path / "broken.json"
    faulty = Path(__file__).resolve().parent / "engine_faults.py"
    done = play(
        "--watch", "--players", "2", "--bots", "simple,bad", "--seed", "3",
        "--engine", f"bad={sys.executable} {faulty} illegal", "--save", str(broken), stdin="",
    )  # fmt: skip
    assert done.returncode == 2 and "'out JK' is not legal" in done.stderr
    kept = GameRecord.from_json(broken.read_text(encoding="utf-8"))  # saved, and it reads back
    assert kept.names == ("Simple 0", "Bad 1")
    bad = play("--engine", "pile", "--bots", "pile", stdin="")
    assert bad.returncode == 2 and "expected NAME=COMMAND" in bad.stderr
    taken = play("--engine", "simple=./x", "--bots", "simple", stdin="")
    assert taken.returncode == 2 and "'simple' already names a bot" in taken.stderr


def test_same_seed_same_match(tmp_path: Path) -> None:
    outs = []
    for name in ("a.json", "b.json"):
        save = tmp_path / name
        done = play("--watch", "--players", "2", "--seed", "21", "--house", "hand_sizes=3-5",
                    "--save", str(save), stdin="")  # fmt: skip
        assert done.returncode == 0, done.stderr
        outs.append(save.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]


# -- input handling ---------------------------------------------------------------------------


def test_bad_input_re_prompts_with_a_message(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    script = "\n".join(
        [
            "zzz",  # nonsense before drawing
            "7H",  # a card before drawing
            "out",  # going out before drawing
            "s",  # draw from the stock
            "s",  # drawing twice
            "99",  # no such position
            "x 7Q",  # a malformed card
            "blah blah blah",  # nonsense
            "1",  # discard the first card
            "q",
        ]
    )
    done = play("--players", "2", "--seed", "8", "--save", str(save), stdin=script + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "'zzz'" in out
    assert "'7H': draw first" in out
    assert "'out': draw first" in out
    assert "You drew" in out
    assert "You have drawn already" in out
    assert "no card at position '99'" in out
    assert "'7Q'" in out
    assert "'blah blah blah'" in out
    assert "You discarded" in out
    assert "You stopped the game." in out
    assert "Traceback" not in done.stderr
    # Quitting saved the unfinished match, and it replays.
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert not record.finished
    state = replay(record)
    seat0 = [a for s, a in record.rounds[0].actions if s == 0]
    assert seat0[:2] == [Draw(Source.STOCK), seat0[1]]
    assert isinstance(seat0[1], Discard)
    assert state.round_number == 1


def test_end_of_input_stops_cleanly_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    done = play("--players", "3", "--seed", "4", "--save", str(save), stdin="s\n")
    assert done.returncode == 0, done.stderr
    assert "Input ended" in done.stdout
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert not record.finished
    replay(record)


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["--rules", "poker"], "'poker'"),
        (["--house", "no-such-rule"], "'no-such-rule'"),
        (["--players", "9"], "9 players"),
        (["--rules", "app", "--players", "3"], "3 players"),
        (["--bots", "genius"], "'genius'"),
        (["--bots", "greedy,random"], "'greedy,random'"),
        (["--save", "/no/such/folder/game.json"], "does not exist"),
    ],
)
def test_bad_options_exit_2(args: list[str], quoted: str) -> None:
    done = play(*args, stdin="")
    assert done.returncode == 2
    assert quoted in done.stderr
    assert "Traceback" not in done.stderr


def test_a_difficulty_without_its_bot_is_refused_saying_why() -> None:
    missing = [level for level, bot in DIFFICULTIES.items() if bot not in BOT_NAMES]
    for level in missing:
        done = play("--bots", level, stdin="")
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert f"the difficulty {level!r} has no bot yet" in done.stderr
    assert set(DIFFICULTIES) - set(missing) >= {"easy", "medium", "hard"}


# -- the input parser and the hint, in process ------------------------------------------------


def _state_in(phase: Phase) -> MatchState:
    rules = get_rules("classic").with_options(first_dealer="first-seat")
    state = MatchState.new(rules, 2, seed=1)  # seat 1 plays first
    if phase is Phase.DISCARD:
        state.apply(Draw(Source.STOCK))
    return state


def test_interpret_in_the_draw_phase() -> None:
    state = _state_in(Phase.DRAW)
    view = state.view(state.current)
    assert interpret("s", view, view.hand) == Draw(Source.STOCK)
    assert interpret("STOCK", view, view.hand) == Draw(Source.STOCK)
    assert interpret("d", view, view.hand) == Draw(Source.DISCARD)
    assert interpret("pile", view, view.hand) == Draw(Source.DISCARD)
    assert interpret("draw discard", view, view.hand) == Draw(Source.DISCARD)
    for word, command in [("h", "hint"), ("HINT", "hint"), ("sort", "sort"), ("help", "help"),
                          ("q", "quit"), ("quit", "quit"), ("  ", "")]:  # fmt: skip
        assert interpret(word, view, view.hand) == command
    for text in ("7H", "1", "out"):
        with pytest.raises(NotationError, match="draw first"):
            interpret(text, view, view.hand)


def test_interpret_in_the_discard_phase() -> None:
    state = _state_in(Phase.DISCARD)
    view = state.view(state.current)
    shown = sorted(view.hand, key=lambda c: c.sort_key("rank"))
    first, last = shown[0], shown[-1]
    assert interpret("1", view, shown) == Discard(first)
    assert interpret(str(len(shown)), view, shown) == Discard(last)
    assert interpret(f"x {len(shown)}", view, shown) == Discard(last)
    assert interpret(str(first), view, shown) == Discard(first)
    assert interpret(f"x {str(first).lower()}", view, shown) == Discard(first)
    assert interpret(f"discard {first}", view, shown) == Discard(first)
    assert interpret(f"out {first}", view, shown) == GoOut(first)
    assert interpret("out 1", view, shown) == GoOut(first)
    with pytest.raises(NotationError, match="no card at position '0'"):
        interpret("0", view, shown)
    with pytest.raises(NotationError, match="'QQ'"):
        interpret("QQ", view, shown)


def test_out_alone_picks_a_going_out_discard() -> None:
    # Round 1, 3s wild; find a deal where the player to move can go out after drawing.
    for seed in range(400):
        state = MatchState.new(get_rules("classic"), 2, seed=seed)
        state.apply(Draw(Source.STOCK))
        view = state.view(state.current)
        outs = [a for a in view.legal_actions if isinstance(a, GoOut)]
        if outs:
            assert interpret("out", view, view.hand) in outs
            return
        with pytest.raises(NotationError, match="cannot go out"):
            interpret("out", view, view.hand)
    pytest.fail("no deal in 400 seeds lets the first player go out at once")


def test_hint_advises_the_medium_bots_discard() -> None:
    # The hint is the medium bot's move (tests/test_hints.py holds the table of clear
    # positions); its arrangement is the hand left after the suggested discard.
    medium = make_bot(DIFFICULTIES["medium"])
    for seed in range(5):
        state = MatchState.new(get_rules("bga"), 3, seed=seed)
        for _ in range(3):  # a few turns in, so hands differ from the deal
            seat = state.current
            view = state.view(seat)
            state.apply(view.legal_actions[0])
            view = state.view(seat)
            hint = hint_for(view)
            assert isinstance(hint, Hint)
            assert hint.action in view.legal_actions
            assert hint.action == medium.choose(view)
            assert isinstance(hint.action, Discard | GoOut)
            left = _without(view.hand, hint.action.card)
            assert hint.arrangement.deadwood == state.solver.solve(left).deadwood
            if isinstance(hint.action, GoOut):
                assert hint.arrangement.deadwood == 0
            state.apply(hint.action)
            if state.phase is not Phase.DRAW:
                break


def _without(hand: tuple[Card, ...], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def test_hint_before_drawing_weighs_the_pile() -> None:
    medium = make_bot(DIFFICULTIES["medium"])
    suggested = set()
    for seed in range(30):
        state = MatchState.new(get_rules("classic"), 2, seed=seed)
        view = state.view(state.current)
        hint = hint_for(view)
        assert hint.arrangement.deadwood == state.solver.solve(view.hand).deadwood
        if hint.key == "hint.takeOut":  # going out beats the bot's choice, always
            assert hint.action == Draw(Source.DISCARD)
        else:
            assert hint.action == medium.choose(view), (seed, view.hand, view.top_discard)
        top = view.discard_pile[-1]
        assert str(top) in hint.reason or top.pretty() in hint.reason
        suggested.add(hint.action)
    assert suggested == {Draw(Source.STOCK), Draw(Source.DISCARD)}  # both cases were met


def test_a_plain_discard_goes_out_under_the_apps_automatic_going_out() -> None:
    # Under the app rules a discard that leaves a melded hand is offered only as 'out C';
    # typing the card (or its position) must play that, not an illegal discard.
    for seed in range(400):
        state = MatchState.new(get_rules("app"), 4, seed=seed)
        state.apply(Draw(Source.STOCK))
        view = state.view(state.current)
        outs = [a for a in view.legal_actions if isinstance(a, GoOut)]
        if not outs:
            continue
        card = outs[0].card
        assert Discard(card) not in view.legal_actions
        shown = list(view.hand)
        assert interpret(str(card), view, shown) == GoOut(card)
        assert interpret(str(shown.index(card) + 1), view, shown) == GoOut(card)
        assert interpret(f"x {card}", view, shown) == GoOut(card)
        return
    pytest.fail("no app deal in 400 seeds lets the first player go out at once")


def test_hint_in_a_final_turn_with_laying_off_uses_the_table() -> None:
    rules = get_rules("classic").with_options(lay_off=True)
    bots = [make_bot("greedy"), make_bot("greedy"), make_bot("greedy")]
    for seed in range(40):
        state = MatchState.new(rules, 3, seed=seed)
        while state.phase in (Phase.DRAW, Phase.DISCARD) and state.out_seat is None:
            seat = state.current
            state.apply(bots[seat].choose(state.view(seat)))
        if state.out_seat is None or state.phase is not Phase.DRAW:
            continue
        state.apply(Draw(Source.STOCK))
        view = state.view(state.current)
        assert view.is_final_turn and view.table
        hint = hint_for(view)
        assert isinstance(hint.action, Discard)  # nobody goes out in a final turn
        best = min(
            state.solver.solve(_without(view.hand, a.card), view.table).deadwood
            for a in view.legal_actions
            if isinstance(a, Discard)
        )
        assert hint.arrangement.deadwood == best
        return
    pytest.fail("no final turn found")
