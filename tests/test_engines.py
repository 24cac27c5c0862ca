"""Engines: bots that are other programs, over the JSON-lines engine protocol."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import shutil
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from command_line import cli
from redeal import redeal_hidden
from threethirteen.actions import Action, parse_action
from threethirteen.bots import make_bot, play_match
from threethirteen.engines import EngineBot, EngineError, EngineSpec, python_engine
from threethirteen.engines.protocol import (
    choose_message,
    hello_message,
    quit_message,
    read_action,
    read_ready,
)
from threethirteen.engines.serve import serve_engine
from threethirteen.errors import ThreeThirteenError
from threethirteen.lab import TournamentPlan, run_tournament
from threethirteen.lab.executors import make_executor
from threethirteen.lab.merge import MergeError, merge_documents
from threethirteen.rules import apply_house_rule, get_rules
from threethirteen.server.protocol import encode_view
from threethirteen.state import MatchState, Phase
from threethirteen.views import PlayerView

ROOT = Path(__file__).resolve().parent.parent
PILE = ROOT / "examples" / "engines" / "pile_engine.py"
FAULTS = Path(__file__).resolve().parent / "engine_faults.py"
SHORT = apply_house_rule(get_rules("classic"), "hand_sizes=3-5")


def pile_spec(**timeouts: float) -> EngineSpec:
    return EngineSpec("pile", python_engine(str(PILE)), **timeouts)


def faulty(mode: str, **timeouts: float) -> EngineSpec:
    return EngineSpec(f"faulty-{mode}", python_engine(str(FAULTS), mode), **timeouts)


def load_pile_choose() -> Callable[[dict[str, Any]], str]:
    """The example engine's own policy, imported to be run in this process."""
    spec = importlib.util.spec_from_file_location("pile_engine", PILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    choose: Callable[[dict[str, Any]], str] = module.choose
    return choose


def first_view(preset: str = "classic", players: int = 2, seed: int = 4) -> PlayerView:
    state = MatchState.new(get_rules(preset), players, seed)
    return state.view(state.current)


# --- the messages -------------------------------------------------------------------


def test_hello_carries_the_bot_seed_and_options() -> None:
    message = json.loads(hello_message("deep", 17, {"depth": 3, "wide": 0.5}))
    assert message == {
        "type": "hello",
        "protocol": 1,
        "bot": "deep",
        "seed": 17,
        "options": {"depth": 3, "wide": 0.5},
    }


def test_choose_carries_the_rules_and_the_view_without_the_solvers_hints() -> None:
    state = MatchState.new(get_rules("bga"), 2, 8)
    state.apply(parse_action("draw stock"))
    view = state.view(state.current)
    message = json.loads(choose_message(5, view))
    assert message["type"] == "choose" and message["id"] == 5
    assert message["rules"] == get_rules("bga").options()
    full = json.loads(json.dumps(encode_view(view)))
    assert full["best_discard"] is not None and full["arrangement"] is not None
    for hint in ("arrangement", "can_go_out", "best_discard"):
        assert message["view"][hint] is None
        full[hint] = None
    assert message["view"] == full
    assert sorted(message["view"]["hand"]) == sorted(str(card) for card in view.hand)
    assert message["view"]["legal_actions"] == [str(a) for a in view.legal_actions]


@pytest.mark.parametrize("preset", ["classic", "bga"])
def test_the_message_does_not_change_when_hidden_cards_do(preset: str) -> None:
    rules = get_rules(preset).with_options(hand_sizes=(4, 7), turn_limit=30)
    rng = random.Random(preset)
    state = MatchState.new(rules, 3, seed=rng.randrange(2**32))
    drivers = [make_bot("simple") for _ in range(3)]
    compared = changed = 0
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
            continue
        seat = state.current
        twin = redeal_hidden(state, seat, rng)
        changed += any(
            sorted(map(str, twin.hand(s))) != sorted(map(str, state.hand(s)))
            for s in range(3)
            if s != seat
        )
        assert choose_message(1, state.view(seat)) == choose_message(1, twin.view(seat))
        compared += 1
        state.apply(drivers[seat].choose(state.view(seat)))
    assert compared > 15 and changed > compared // 2


def test_a_legal_reply_is_read_as_its_action() -> None:
    view = first_view()
    for action in view.legal_actions:
        line = json.dumps({"type": "action", "id": 3, "action": str(action)})
        assert read_action(line, 3, view) == action
    # Any notation the parser reads is accepted, in any case.
    assert read_action('{"type":"action","id":3,"action":"S"}', 3, view) == parse_action("s")


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("draw stock", "is not JSON"),
        ('["action", "draw stock"]', "is not a JSON object"),
        ('{"type": "ready", "protocol": 1}', "expected a message of type 'action'"),
        ('{"type": "action", "id": 2, "action": "draw stock"}', "answers decision 2"),
        ('{"type": "action", "action": "draw stock"}', "answers decision None"),
        ('{"type": "action", "id": 3, "action": 7}', "'action' must be action notation"),
        ('{"type": "action", "id": 3, "action": "discard 1Z"}', "malformed action 'discard 1Z'"),
        ('{"type": "action", "id": 3, "action": "discard 7H"}', "'discard 7H' is not legal"),
    ],
)
def test_a_bad_reply_is_refused_quoting_it(line: str, says: str) -> None:
    view = first_view()
    with pytest.raises(EngineError) as caught:
        read_action(line, 3, view)
    assert says in str(caught.value)
    assert line in str(caught.value)


def test_a_long_bad_reply_is_quoted_only_in_part() -> None:
    line = json.dumps({"type": "action", "id": 1, "action": "x" * 5000})
    with pytest.raises(EngineError) as caught:
        read_action(line, 1, first_view())
    assert line[:200] in str(caught.value)
    assert len(str(caught.value)) < 1000 and f"{len(line)} characters" in str(caught.value)


def test_ready_must_speak_the_labs_protocol() -> None:
    assert read_ready('{"type": "ready", "protocol": 1}') is None
    assert read_ready('{"type": "ready", "protocol": 1, "name": "x 1.0"}') == "x 1.0"
    for line, says in (
        ('{"type": "ready"}', "protocol None"),
        ('{"type": "ready", "protocol": 1, "name": 5}', "'name' must be text"),
        ("ready", "is not JSON"),
    ):
        with pytest.raises(EngineError, match=says):
            read_ready(line)


# --- the spec -----------------------------------------------------------------------


def test_a_spec_round_trips_through_its_notation() -> None:
    spec = EngineSpec.parse("Deep='/opt/deep rummy/run' --level 2", move_timeout=5)
    assert spec.name == "deep"
    assert spec.command == ("/opt/deep rummy/run", "--level", "2")
    assert EngineSpec.parse(str(spec), move_timeout=5) == spec
    assert eval(repr(spec), {"EngineSpec": EngineSpec}) == spec
    assert "move_timeout=5" in repr(spec)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("python3 deep.py", "expected NAME=COMMAND"),
        ("deep=", "expected NAME=COMMAND"),
        ("=python3 deep.py", "expected NAME=COMMAND"),
        ("deep bot=python3 deep.py", "engine name 'deep bot'"),
        ("deep:2=python3 deep.py", "engine name 'deep:2'"),
        ("deep=python3 'deep.py", "No closing quotation"),
    ],
)
def test_a_bad_spec_is_refused_quoting_it(text: str, says: str) -> None:
    with pytest.raises(EngineError, match=says) as caught:
        EngineSpec.parse(text)
    assert repr(text.partition("=")[0]) in str(caught.value) or text in str(caught.value)


def test_a_timeout_must_be_a_positive_number() -> None:
    for bad in (0, -1.0, float("nan"), float("inf"), True):
        with pytest.raises(EngineError, match="move_timeout"):
            EngineSpec("deep", ("deep",), move_timeout=bad)


# --- the process ----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "bga", "app"])
def test_the_example_engine_plays_whole_matches(preset: str) -> None:
    rules = get_rules(preset)
    players = max(2, rules.min_players)
    with pile_spec().bot(seed=1) as engine:
        assert engine.engine_name == "pile engine 1.0"
        played = play_match(rules, [engine, *[make_bot("simple")] * (players - 1)], seed=21)
    assert played.state.phase is Phase.MATCH_OVER
    assert len(played.state.results) == rules.rounds
    assert engine._process.poll() == 0  # it exited on quit, not killed


def test_the_engine_decides_as_its_policy_does_in_process() -> None:
    """The pipe carries the view and the action unchanged: the example engine's
    policy, run here on the same messages, makes every decision the engine made."""
    choose = load_pile_choose()
    seen: list[tuple[dict[str, Any], Action]] = []

    class Watched:
        def __init__(self, inner: EngineBot) -> None:
            self.name, self.inner = inner.name, inner

        def choose(self, view: PlayerView) -> Action:
            action = self.inner.choose(view)
            seen.append((json.loads(choose_message(0, view))["view"], action))
            return action

    with pile_spec().bot() as engine:
        play_match(SHORT, [Watched(engine), make_bot("heuristic")], seed=5)
    assert len(seen) > 20
    assert {str(action).split()[0] for _, action in seen} >= {"draw", "discard"}
    for view, action in seen:
        assert parse_action(choose(view)) == action


def node_or_skip() -> str:
    """The ``node`` program; without it the JavaScript engine's test skips on a
    developer's machine and fails under CI (``scripts/install-tools.sh`` installs it)."""
    node = shutil.which("node")
    if node is None:
        reason = "node is not installed (scripts/install-tools.sh installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the JavaScript engine cannot be tested under CI: {reason}")
        pytest.skip(reason)
    return node


def test_the_javascript_engine_plays_the_same_matches_as_the_python_one() -> None:
    """An engine is any program: the JavaScript port of the example decides exactly as
    the Python one, so a tournament of each against ``simple`` ends match for match alike."""
    js = EngineSpec("pile-js", (node_or_skip(), str(PILE.with_suffix(".js"))))
    results: dict[str, list[Any]] = {}
    for spec in (pile_spec(), js):
        plan = TournamentPlan.build(SHORT, 2, [spec.name, "simple"], 8, 12, engines=[spec])
        result = run_tournament(plan, keep_records=True)
        results[spec.name] = [[r.actions for r in record.rounds] for record in result.records]
        assert result.bots[spec.name].decisions > 100
    assert results["pile"] == results["pile-js"]  # every action of every match
    with js.bot(verbose=1) as engine:
        assert engine.engine_name == "pile engine 1.0 (JavaScript)"
        play_match(SHORT, [engine, make_bot("simple")], seed=2)
        engine._stderr.seek(0)
        assert "decision 1: " in engine._stderr.read()


def test_options_reach_the_engine() -> None:
    """``pile:verbose=1`` makes the example engine log its decisions on stderr."""
    with pile_spec().bot(seed=2, verbose=1) as engine:
        play_match(SHORT, [engine, make_bot("simple")], seed=1)
        engine._stderr.seek(0)
        logged = engine._stderr.read()
    assert "decision 1: " in logged
    with pile_spec().bot(seed=2) as quiet:
        play_match(SHORT, [quiet, make_bot("simple")], seed=1)
        quiet._stderr.seek(0)
        assert quiet._stderr.read() == ""


def test_an_engine_that_will_not_start_is_refused_with_its_last_words() -> None:
    with pytest.raises(EngineError) as caught:
        faulty("exit").bot()
    text = str(caught.value)
    assert "faulty-exit" in text and "at hello" in text and "status 3" in text
    assert "engine panic: no model file" in text


def test_a_missing_program_is_refused_quoting_the_command() -> None:
    with pytest.raises(EngineError, match="cannot start 'no-such-engine-xyz --fast'"):
        EngineSpec.parse("deep=no-such-engine-xyz --fast").bot()


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("protocol", "the engine speaks protocol 2"),
        ("garbage", "'discard the seven, please' is not JSON"),
        ("wrong-id", "answers decision 2; the lab asked for decision 1"),
        ("illegal", "'out JK' is not legal"),
        ("die", "status 11; its stderr ended with: 'segmentation fault (pretend)'"),
        ("slow", "no reply within 0.5 s"),
    ],
)
def test_an_engine_that_breaks_the_protocol_is_stopped_and_quoted(mode: str, says: str) -> None:
    spec = faulty(mode, move_timeout=0.5)
    with pytest.raises(EngineError) as caught:
        engine = spec.bot()
        engine.choose(first_view())
    assert says in str(caught.value)
    assert f"engine 'faulty-{mode}' ({spec.command_line})" in str(caught.value)
    if mode != "protocol":
        assert engine._process.poll() is not None  # stopped, not left running
        assert engine._stderr.closed


def test_an_engine_that_ignores_quit_is_stopped() -> None:
    engine = faulty("stubborn").bot()
    assert engine.choose(first_view()) in first_view().legal_actions
    engine.close()
    assert engine._process.poll() is not None
    engine.close()  # closing twice is harmless
    with pytest.raises(EngineError, match="it was stopped"):
        engine.choose(first_view())


class Slowly:
    """``thing``, whose method ``name`` first waits ``seconds``: it opens the moment in
    which a failing decision reads the engine's stderr while ``close`` shuts it."""

    def __init__(self, thing: Any, name: str, seconds: float) -> None:
        self._thing, self._name, self._seconds = thing, name, seconds

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._thing, name)
        if name != self._name:
            return found

        def slowly(*args: Any) -> Any:
            time.sleep(self._seconds)
            return found(*args)

        return slowly


def test_closing_an_engine_while_it_decides_fails_the_decision_cleanly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A server rests a seat's engine from one thread while the seat's decision waits
    # in another: the decision fails with an EngineError quoting the engine, never
    # with an error from a file the other thread closed under it.
    engine = faulty("slow", move_timeout=60).bot()
    # close() reaches the files 0.15 s after the process ends; the decision, failing
    # at once, is reading stderr then (0.3 s).
    monkeypatch.setattr(engine, "_stderr", Slowly(engine._stderr, "flush", 0.3))
    monkeypatch.setattr(engine, "_reader", Slowly(engine._reader, "join", 0.15))
    raised: list[BaseException] = []

    def decide() -> None:
        try:
            engine.choose(first_view())
        except BaseException as error:
            raised.append(error)

    thread = threading.Thread(target=decide)
    thread.start()
    time.sleep(0.2)
    engine.close()
    thread.join(30)
    assert not thread.is_alive()
    assert len(raised) == 1 and isinstance(raised[0], EngineError), raised
    assert "engine 'faulty-slow'" in str(raised[0])
    assert engine._process.poll() is not None and engine._stderr.closed


def test_a_failing_engine_fails_the_run_quoting_it() -> None:
    plan = TournamentPlan.build(
        SHORT, 2, ["faulty-illegal", "simple"], 2, 3, engines=[faulty("illegal")]
    )
    with pytest.raises(EngineError, match="'out JK' is not legal"):
        run_tournament(plan)


# --- our bots as engines ----------------------------------------------------------------


@pytest.mark.parametrize("bot", ["heuristic", "montecarlo:samples=4"])
def test_our_bots_served_as_engines_play_as_they_do_in_process(bot: str) -> None:
    """``threethirteen engine BOT`` reads each view back whole (``decode_view``), so over
    the pipe the bot makes every move it makes in process, seed for seed."""
    served = EngineSpec("served", (sys.executable, "-m", "threethirteen", "engine", bot))
    actions = {}
    for name, engines in ((bot, []), ("served", [served])):
        plan = TournamentPlan.build(SHORT, 2, [name, "simple"], 4, 6, engines=engines)
        result = run_tournament(plan, keep_records=True)
        actions[name] = [[r.actions for r in record.rounds] for record in result.records]
    assert actions["served"] == actions[bot]


def serve(*lines: str, bot: str = "simple") -> str:
    out = io.StringIO()
    serve_engine(bot, io.StringIO("".join(line + "\n" for line in lines)), out)
    return out.getvalue()


def test_a_served_engine_refuses_what_is_not_the_protocol() -> None:
    view = first_view()
    hello, choose = hello_message("x", 1, {}), choose_message(1, view)
    replies = serve(hello, '{"type": "news"}', choose, quit_message(), choose).splitlines()
    assert [json.loads(line)["type"] for line in replies] == ["ready", "action"]
    for lines, says in (
        (["draw stock"], "message 'draw stock' is not JSON"),
        ([choose], "came before 'hello'"),
        ([hello.replace('"protocol":1', '"protocol":7')], "the lab speaks protocol 7"),
        ([hello, choose.replace('"rules"', '"laws"')], "has no 'rules'"),
        ([hello, choose.replace('"hand":["5S"', '"hand":["5Z"')], "view.hand: malformed card"),
    ):
        with pytest.raises(EngineError, match=says):
            serve(*lines)
    with pytest.raises(ThreeThirteenError, match="unknown bot 'clever'"):
        serve(hello, bot="clever")
    done = cli("engine", "clever")
    assert done.returncode == 2 and "unknown bot 'clever'" in done.stderr


# --- the lab ------------------------------------------------------------------------------


def test_a_tournament_with_an_engine_is_reproducible_and_duplicate() -> None:
    plan = TournamentPlan.build(SHORT, 2, ["pile", "simple"], 6, 9, engines=[pile_spec()])
    first = run_tournament(plan)
    with make_executor("local", 2, None) as pool:
        again = run_tournament(plan, pool)
    assert first.games == again.games
    assert first.bots["pile"].matches == 6 and first.bots["pile"].decisions > 0
    by_deal: dict[int, set[tuple[str, ...]]] = {}
    for game in first.games:
        by_deal.setdefault(game.deal, set()).add(game.seats)
    assert all(
        seatings == {("pile", "simple"), ("simple", "pile")} for seatings in by_deal.values()
    )
    document = first.to_dict()
    assert document["settings"]["engines"] == {"pile": pile_spec().command_line}


def test_engine_options_are_bot_options_in_the_lab() -> None:
    plan = TournamentPlan.build(SHORT, 2, ["pile:verbose=1", "pile"], 2, 4, engines=[pile_spec()])
    result = run_tournament(plan)
    assert set(result.bots) == {"pile:verbose=1", "pile"}


def test_the_plan_refuses_bad_engines() -> None:
    with pytest.raises(ThreeThirteenError, match="'simple' already names a bot"):
        TournamentPlan.build(SHORT, 2, ["simple"], 2, 1, engines=[EngineSpec.parse("simple=x")])
    with pytest.raises(ThreeThirteenError, match="given twice"):
        TournamentPlan.build(SHORT, 2, ["pile"], 2, 1, engines=[pile_spec(), pile_spec()])
    with pytest.raises(EngineError, match="status 3"):
        TournamentPlan.build(SHORT, 2, ["faulty-exit", "simple"], 2, 1, engines=[faulty("exit")])
    with pytest.raises(ThreeThirteenError, match="unknown bot 'pyle'"):
        TournamentPlan.build(SHORT, 2, ["pyle", "simple"], 2, 1, engines=[pile_spec()])


def test_parts_of_runs_with_different_engines_do_not_merge() -> None:
    def part(first: int, command: str) -> dict[str, Any]:
        spec = EngineSpec("pile", (sys.executable, str(PILE), command))
        plan = TournamentPlan.build(SHORT, 2, ["pile", "simple"], 2, 9, first, engines=[spec])
        return dict(json.loads(json.dumps(run_tournament(plan).to_dict())))

    same = merge_documents([("a.json", part(0, "--x")), ("b.json", part(1, "--x"))])
    assert same["settings"]["matches"] == 4
    with pytest.raises(MergeError, match="engines"):
        merge_documents([("a.json", part(0, "--x")), ("b.json", part(1, "--y"))])


def test_the_tournament_command_plays_an_engine(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    done = cli(
        "tournament", "--rules", "classic", "--house", "hand_sizes=3-5",
        "--engine", f"pile={sys.executable} {PILE}", "--bots", "pile,simple",
        "--matches", "4", "--seed", "2", "--workers", "1", "--json", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "pile" in done.stdout
    assert f"Engine pile: {sys.executable} {PILE} (its decision times are wall-clock" in done.stdout
    document = json.loads(out.read_text())
    assert document["bots"]["pile"]["matches"] == 4
    bad = cli("tournament", "--engine", "pile", "--bots", "pile,simple", "--matches", "2")
    assert bad.returncode != 0
    assert "engine 'pile': expected NAME=COMMAND" in bad.stderr
    late = cli("tournament", "--engine-timeout", "0", "--bots", "simple", "--matches", "2")
    assert late.returncode != 0 and "'0'" in late.stderr
