"""Thirteen over the engine protocol: outside programs play it, our bots serve it.

The hello names the game (and stays byte for byte the documented line for
Three-Thirteen), the view crosses the pipe as ``view_json`` writes it and is read back
whole, the example engines (Python and JavaScript) play whole matches through
``play_game`` move for move alike, our heuristic served by ``threethirteen engine
--game thirteen`` plays exactly as in process, and a Thirteen engine's bad replies fail
with the documented errors quoting them.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from command_line import cli
from threethirteen.bots import make_bot
from threethirteen.bots.match import GameBot, play_game
from threethirteen.engines import EngineBot, EngineError, EngineSpec, python_engine
from threethirteen.engines.protocol import (
    choose_message,
    hello_message,
    quit_message,
    read_action,
    read_ready,
)
from threethirteen.engines.serve import serve_engine
from threethirteen.errors import NotationError, RecordError, ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.games.thirteen.actions import Action, Pass, Play, parse_action
from threethirteen.games.thirteen.game import GAME
from threethirteen.games.thirteen.rules import Rules
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.view_json import decode_view, view_to_json
from threethirteen.games.thirteen.views import ThirteenView

ROOT = Path(__file__).resolve().parents[2]
PILE = ROOT / "examples" / "engines" / "pile_engine.py"
DOCS = ROOT / "docs" / "engines.md"
SHORT = GAME.rules(None, ["target=4"])


def pile_spec(name: str = "pile") -> EngineSpec:
    return EngineSpec(name, python_engine(str(PILE)))


def lead_view() -> ThirteenView:
    """Seat 0 leads the round's first trick with 3S: passing is not legal."""
    return ThirteenState.stack(None, ["3S 3H 9H", "5C 6C 7C", "JD QD KD"]).view(0)


def fault_engine(tmp_path: Path, reply: str) -> EngineSpec:
    """An engine that says it plays Thirteen and answers every ``choose`` with ``reply``
    (one JSON line, ``ID`` standing for the decision's id)."""
    script = tmp_path / "fault_engine.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'ready', 'protocol': 1, 'games': ['thirteen']}),"
        " flush=True)\n"
        "    elif message['type'] == 'choose':\n"
        f"        print({reply!r}.replace('ID', str(message['id'])), flush=True)\n"
        "    else:\n"
        "        break\n",
        encoding="utf-8",
    )
    return EngineSpec("faulty", python_engine(str(script)))


def actions_of(record: dict[str, Any]) -> list[list[list[Any]]]:
    return [entry["actions"] for entry in record["rounds"]]


# --- the view's JSON ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("house", "players", "seed"),
    [
        ((), 4, 1),
        ((), 3, 2),
        ((), 2, 3),
        (("instant-wins", "bomb-after-pass", "four-on-pair-of-twos"), 4, 4),
        (("three-of-spades-leads", "share-ties", "target=6"), 3, 5),
    ],
)
def test_every_view_of_random_matches_reads_back_equal(
    house: tuple[str, ...], players: int, seed: int
) -> None:
    """Every seat's view at every step of whole matches, through JSON text and back."""
    rules = GAME.rules(None, house)
    rng = random.Random(seed)
    state = GAME.new_match(rules, players, seed)
    seen = 0
    kinds: set[str] = set()
    while True:
        for seat in range(players):
            view = state.view(seat)
            data = json.loads(json.dumps(view_to_json(view)))
            assert decode_view(data, rules) == view
            kinds.update(event["kind"] for event in data["log"] if event["kind"])
            seen += 1
        if state.stage is Stage.MATCH_OVER:
            break
        if state.stage is Stage.ROUND_OVER:
            state.next_round()
            continue
        state.apply(rng.choice(state.legal_actions()))
    assert seen > 100 and len(state.results) >= 2
    assert {"single", "pair"} <= kinds


def test_the_view_json_holds_what_the_seat_sees() -> None:
    state = ThirteenState.stack(None, ["3S 4S 5D 9C", "6H 7H 8H 2S", "10C JC QD KS"])
    state.apply(parse_action("play 3S 4S 5D"))
    data = view_to_json(state.view(1))
    assert data["hand"] == ["6H", "7H", "8H", "2S"]
    assert data["table"] == {"cards": ["3S", "4S", "5D"], "kind": "sequence"}
    assert data["table_owner"] == 0 and data["hand_sizes"] == [1, 4, 4]
    assert data["legal_actions"] == ["pass", "play 6H 7H 8H"]
    assert data["played"] == ["3S", "4S", "5D"] and data["target"] == 10
    assert data["log"] == [
        {"seat": 0, "action": "play 3S 4S 5D", "kind": "sequence", "went_out": False,
         "cleared": False}
    ]  # fmt: skip
    assert "10C" not in json.dumps(data)  # another seat's card


def _edited(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    state = ThirteenState.stack(None, ["3S 4S 5D 9C", "6H 7H 8H 2S", "10C JC QD KS"])
    state.apply(parse_action("play 3S 4S 5D"))
    data: dict[str, Any] = json.loads(json.dumps(view_to_json(state.view(1))))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "error", "says"),
    [
        (lambda d: d.pop("hand"), RecordError, "view has no 'hand'"),
        (lambda d: d.update(hand=["6H", "1Z"]), NotationError, "view.hand: malformed card '1Z'"),
        (lambda d: d.update(hand=["6H", "6H"]), NotationError, "view.hand: "),
        (lambda d: d.update(seat=5), RecordError, "view.seat must be a seat, 0 to 2, got 5"),
        (lambda d: d.update(players=True), RecordError, "view.players must be a whole number"),
        (lambda d: d.update(phase="draw"), RecordError, "view.phase is 'draw'; known: lead"),
        (lambda d: d.update(target=11), RecordError, "view.target is 11, but the rules race"),
        (lambda d: d.update(passed=[2, 2]), RecordError, "view.passed names a seat twice"),
        (lambda d: d.update(hand_sizes=[1, 4]), RecordError, "view.hand_sizes must be 3"),
        (lambda d: d.update(hand_sizes=[1, 3, 4]), RecordError, "view.hand_sizes[1] is 3"),
        (lambda d: d["table"].update(kind="pair"), RecordError, "view.table.kind is 'pair'"),
        (lambda d: d["table"].update(cards=["3S", "5D"]), RecordError, "view.table: not a comb"),
        (
            lambda d: d["legal_actions"].append("play"),
            NotationError,
            "view.legal_actions[2]: malformed action 'play'",
        ),
        (lambda d: d["log"][0].update(seat=-1), RecordError, "view.log[0].seat must be a seat"),
        (lambda d: d["log"][0].update(cleared=1), RecordError, "view.log[0].cleared must be true"),
        (
            lambda d: d["results"].append(
                {"round": 1, "order": [0, 1, 2], "points": [3, 2, 0], "instant": False}
            ),
            RecordError,
            "view.results[0].points are [3, 2, 0], but the order [0, 1, 2] scores [3, 2, 1]",
        ),
        (lambda d: d.update(winners="0"), RecordError, "view.winners must be a list"),
    ],
)
def test_a_malformed_view_is_refused_saying_where(
    change: Callable[[dict[str, Any]], None], error: type[ThreeThirteenError], says: str
) -> None:
    with pytest.raises(error) as caught:
        decode_view(_edited(change), Rules())
    assert says in str(caught.value)
    with pytest.raises(RecordError, match=r"view must be an object, got \['hand'\]"):
        decode_view(["hand"], Rules())


# --- the messages ---------------------------------------------------------------------------


def documented(prefix: str) -> list[str]:
    """The one-line JSON examples of docs/engines.md that start with ``prefix``."""
    text = DOCS.read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.startswith(prefix)]


def test_the_three_thirteen_hello_is_the_documented_line_unchanged() -> None:
    """Engines written before Thirteen joined see the very hello they always saw."""
    line = '{"type":"hello","protocol":1,"bot":"pile","seed":5061224787339105284,"options":{"verbose":1}}'  # noqa: E501
    assert line in documented('{"type":"hello"')
    for game in ("three-thirteen", "3-13", "Three-Thirteen"):
        assert hello_message("pile", 5061224787339105284, {"verbose": 1}, game) == line
    assert hello_message("pile", 5061224787339105284, {"verbose": 1}) == line


def test_the_thirteen_hello_names_the_game() -> None:
    line = hello_message("pile", 5061224787339105284, {"verbose": 1}, "tien-len")
    assert json.loads(line)["game"] == "thirteen"
    assert line.startswith('{"type":"hello","protocol":1,"game":"thirteen",')
    assert line in documented('{"type":"hello"')  # the docs show it as sent


def test_the_documented_choose_is_what_the_lab_sends() -> None:
    """docs/engines.md's Thirteen choose, unfolded, is a real message (its rules shortened)."""
    text = DOCS.read_text(encoding="utf-8")
    folded = re.search(
        r'\{"type":"choose","id":1,"rules":\{"name":"cardgames".*?\}\}\n', text, re.S
    )
    assert folded is not None
    shown = json.loads(folded.group(0).replace("\n", ""))
    state = GAME.new_match(GAME.rules(), 4, seed=1)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[-1])
    sent = json.loads(choose_message(1, state.view(state.current), "thirteen"))
    assert shown["view"] == sent["view"]
    assert {k: v for k, v in shown["rules"].items() if k != "..."}.items() <= sent["rules"].items()
    assert sent["rules"] == Rules().options()
    assert load_pile("choose_thirteen")(sent["view"]) == "play 2C"  # the documented action


def test_ready_may_list_the_games_an_engine_plays() -> None:
    both = '{"type": "ready", "protocol": 1, "name": "x", "games": ["three-thirteen", "thirteen"]}'
    assert read_ready(both, "thirteen") == read_ready(both) == "x"
    assert read_ready('{"type": "ready", "protocol": 1}', "thirteen") is None  # lists none
    assert read_ready('{"type": "ready", "protocol": 1, "games": ["tien-len"]}', "thirteen") is None
    only = '{"type": "ready", "protocol": 1, "games": ["three-thirteen"]}'
    with pytest.raises(EngineError, match="the engine plays three-thirteen, not thirteen"):
        read_ready(only, "thirteen")
    with pytest.raises(EngineError, match="the engine plays thirteen, not three-thirteen"):
        read_ready('{"type": "ready", "protocol": 1, "games": ["thirteen"]}')
    with pytest.raises(EngineError, match="'games' must be a list of game names"):
        read_ready('{"type": "ready", "protocol": 1, "games": "thirteen"}', "thirteen")


def test_a_reply_is_read_in_thirteens_notation() -> None:
    view = lead_view()
    for action in view.legal_actions:
        line = json.dumps({"type": "action", "id": 2, "action": str(action)})
        assert read_action(line, 2, view, "thirteen") == action
    line = '{"type": "action", "id": 2, "action": "3h 3S"}'
    assert read_action(line, 2, view, "thirteen") == Play.of("3S 3H")


@pytest.mark.parametrize(
    ("line", "says"),
    [
        (
            '{"type": "action", "id": 2, "action": "pass"}',
            "'pass' is not legal for seat 0 in phase lead; legal: play 3S, play 3S 3H",
        ),
        (
            '{"type": "action", "id": 2, "action": "play 9H"}',
            "'play 9H' is not legal for seat 0 in phase lead",
        ),
        (
            '{"type": "action", "id": 2, "action": "play 1Z"}',
            "malformed action 'play 1Z': malformed card '1Z'",
        ),
        ('{"type": "action", "id": 2, "action": "draw stock"}', "malformed action 'draw stock'"),
        ('{"type": "action", "id": 3, "action": "play 3S"}', "answers decision 3"),
    ],
)
def test_a_bad_thirteen_reply_is_refused_quoting_it(line: str, says: str) -> None:
    with pytest.raises(EngineError) as caught:
        read_action(line, 2, lead_view(), "thirteen")
    assert says in str(caught.value)
    assert line in str(caught.value)


# --- the example engines -----------------------------------------------------------------


def load_pile(name: str) -> Callable[[dict[str, Any]], str]:
    """A function of the example engine, imported to be run in this process."""
    spec = importlib.util.spec_from_file_location("pile_engine", PILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: Callable[[dict[str, Any]], str] = getattr(module, name)
    return found


class Watched:
    """A seat that records each view it was shown and the action it chose."""

    def __init__(self, inner: GameBot, seen: list[tuple[ThirteenView, Action]]) -> None:
        self.name, self.inner, self.seen = inner.name, inner, seen

    def choose(self, view: ThirteenView) -> Action:
        action: Action = self.inner.choose(view)
        self.seen.append((view, action))
        return action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_example_engine_plays_whole_thirteen_matches(players: int) -> None:
    """Engine seats of ``play_game``; the engine decides over the pipe exactly as its
    policy does here on the same view, and quits at the end."""
    choose = load_pile("choose_thirteen")
    seen: list[tuple[ThirteenView, Action]] = []
    engines = [pile_spec().bot(seat, game="thirteen") for seat in range(players - 1)]
    try:
        assert engines[0].engine_name == "pile engine 1.0" and engines[0].game == "thirteen"
        seats: list[GameBot] = [Watched(engine, seen) for engine in engines]
        seats.append(make_bot("heuristic", 9, game="thirteen"))
        played = play_game(GAME, SHORT, seats, seed=players)
    finally:
        for engine in engines:
            engine.close()
    assert played.state.stage is Stage.MATCH_OVER
    assert GAME.replay(played.record).totals == played.state.totals
    assert len(seen) > 30
    assert any(isinstance(action, Pass) for _, action in seen)
    for view, action in seen:
        assert parse_action(choose(view_to_json(view))) == action
    assert all(engine._process.poll() == 0 for engine in engines)  # quit, not killed


def node_or_skip() -> str:
    """``node``: without it this test skips on a developer's machine and fails under CI
    (``scripts/install-tools.sh`` installs it), as in tests/test_engines.py."""
    node = shutil.which("node")
    if node is None:
        reason = "node is not installed (scripts/install-tools.sh installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the JavaScript engine cannot be tested under CI: {reason}")
        pytest.skip(reason)
    return node


def test_the_javascript_engine_plays_thirteen_as_the_python_one_does() -> None:
    js = EngineSpec("pile-js", (node_or_skip(), str(PILE.with_suffix(".js"))))
    actions: dict[str, list[Any]] = {}
    for spec in (pile_spec(), js):
        actions[spec.name] = []
        for seed in (1, 2, 3):
            with spec.bot(seed, game="thirteen") as first, spec.bot(game="thirteen") as second:
                bots: list[GameBot] = [first, make_bot("simple", seed, game="thirteen"), second]
                played = play_game(GAME, SHORT, bots, seed=seed)
                actions[spec.name].append(actions_of(played.record))
                if spec is js:
                    assert first.engine_name == "pile engine 1.0 (JavaScript)"
    assert sum(len(r) for match in actions["pile"] for r in match) > 150
    assert actions["pile-js"] == actions["pile"]  # every action of every match


# --- our bots as engines ----------------------------------------------------------------


def test_our_heuristic_served_as_an_engine_plays_as_in_process() -> None:
    """``threethirteen engine heuristic --game thirteen`` reads each view back whole, so
    over the pipe the bot makes every move it makes in process, seed for seed."""
    command = (sys.executable, "-m", "threethirteen", "engine", "heuristic", "--game", "thirteen")
    served = EngineSpec("served", command)
    for seed, players in ((7, 4), (8, 3)):
        others = [make_bot("simple", seed + s, game="thirteen") for s in range(1, players)]
        with served.bot(seed, game="thirteen") as engine:
            assert engine.engine_name == "threethirteen heuristic"
            over_pipe = play_game(GAME, SHORT, [engine, *others], seed=seed)
        others = [make_bot("simple", seed + s, game="thirteen") for s in range(1, players)]
        in_process = make_bot("heuristic", seed, game="thirteen")
        here = play_game(GAME, SHORT, [in_process, *others], seed=seed)
        assert actions_of(over_pipe.record) == actions_of(here.record)
        assert sum(len(r) for r in actions_of(here.record)) > 40


def serve(*lines: str, bot: str = "simple", game: str = "thirteen") -> str:
    out = io.StringIO()
    serve_engine(bot, io.StringIO("".join(line + "\n" for line in lines)), out, game)
    return out.getvalue()


def test_a_served_thirteen_engine_answers_and_refuses_what_it_cannot_take() -> None:
    view = lead_view()
    hello = hello_message("x", 1, {}, "thirteen")
    choose = choose_message(1, view, "thirteen")
    replies = [json.loads(line) for line in serve(hello, choose, quit_message()).splitlines()]
    assert replies[0] == {
        "type": "ready",
        "protocol": 1,
        "name": "threethirteen simple",
        "games": ["thirteen"],
    }
    assert replies[1]["id"] == 1 and parse_action(replies[1]["action"]) in view.legal_actions
    for lines, says in (
        ([hello_message("x", 1, {})], "the lab asks for the game 'three-thirteen'; this engine "
         "plays thirteen (serve 'three-thirteen' with: threethirteen engine simple --game "
         "three-thirteen)"),
        ([hello, choose.replace('"hand":["3S"', '"hand":["3Z"')], "view.hand: malformed card"),
        ([hello, choose.replace('"phase":"lead"', '"phase":"draw"')], "view.phase is 'draw'"),
        ([hello, choose.replace('"target":10', '"target":"ten"')], "rules option 'target'"),
    ):  # fmt: skip
        with pytest.raises(EngineError, match=re.escape(says)):
            serve(*lines)
    with pytest.raises(ThreeThirteenError, match="unknown bot 'greedy'"):
        serve(hello, bot="greedy")  # a Three-Thirteen bot only


def test_the_engine_command_takes_a_game() -> None:
    bad_bot = cli("engine", "greedy", "--game", "thirteen")
    assert bad_bot.returncode == 2 and "unknown bot 'greedy'" in bad_bot.stderr
    bad_game = cli("engine", "simple", "--game", "chess")
    assert bad_game.returncode == 2 and "unknown game 'chess'" in bad_game.stderr


def test_a_thirteen_engine_with_a_bad_reply_fails_with_the_documented_error(
    tmp_path: Path,
) -> None:
    for reply, says in (
        ('{"type": "action", "id": ID, "action": "pass"}', "'pass' is not legal for seat 0"),
        ('{"type": "action", "id": ID, "action": "play 1Z"}', "malformed action 'play 1Z'"),
    ):
        spec = fault_engine(tmp_path, reply)
        engine = spec.bot(game="thirteen")
        with pytest.raises(EngineError) as caught:
            engine.choose(lead_view())
        text = str(caught.value)
        assert f"engine 'faulty' ({spec.command_line}) at decision 1: reply " in text
        assert says in text and reply.replace("ID", "1") in text
        assert engine._process.poll() is not None  # stopped


def test_an_engine_that_plays_other_games_is_refused_at_hello(tmp_path: Path) -> None:
    """Its ready lists the games it plays: asked for another, it fails at once."""
    spec = fault_engine(tmp_path, "")
    with pytest.raises(EngineError) as caught:
        spec.bot()  # a Three-Thirteen hello to a Thirteen-only engine
    assert "at hello" in str(caught.value)
    assert "the engine plays thirteen, not three-thirteen" in str(caught.value)
    served = EngineSpec("served", (sys.executable, "-m", "threethirteen", "engine", "simple"))
    with pytest.raises(EngineError) as refused:
        served.bot(game="thirteen")
    assert "threethirteen engine simple --game thirteen" in str(refused.value)
    with pytest.raises(EngineError, match="unknown game 'chess'"):
        EngineBot(pile_spec(), game="chess")


def test_the_terminal_game_seats_an_engine(tmp_path: Path) -> None:
    save = tmp_path / "engine.json"
    done = cli(
        "play", "--game", "thirteen", "--watch", "--seed", "3", "--house", "target=3",
        "--engine", f"pile={sys.executable} {PILE}", "--bots", "pile,simple,pile,heuristic",
        "--save", str(save),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Pile 0" in done.stdout and "Winner" in done.stdout
    record = json.loads(save.read_text(encoding="utf-8"))
    assert GAME.replay(record).stage is Stage.MATCH_OVER
    assert record["seats"] == ["Pile 0", "Simple 1", "Pile 2", "Heuristic 3"]
