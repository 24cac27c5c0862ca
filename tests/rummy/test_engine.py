"""Rummy over the engine protocol, and the lab's commands (tournament, compare, merge).

An engine program written here against the protocol alone (it imports nothing from
threethirteen: JSON lines in, JSON lines out) plays whole Rummy matches as a seat of
``play_game``, in the terminal game and in a tournament; our heuristic served by
``threethirteen engine heuristic --game rummy`` plays exactly as in process; the hello
names the game, the view crosses the pipe as ``view_json`` writes it, and an engine's
bad replies fail with the documented errors quoting them. The lab's tournament,
compare and merge read and join Rummy runs like any game's.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from command_line import cli
from threethirteen.bots import make_bot
from threethirteen.bots.match import GameBot, play_game
from threethirteen.engines import EngineError, EngineSpec, python_engine
from threethirteen.engines.protocol import choose_message, hello_message, quit_message
from threethirteen.engines.serve import serve_engine
from threethirteen.game import Stage
from threethirteen.games.rummy.actions import Action, parse_action
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.view_json import view_to_json
from threethirteen.games.rummy.views import RummyView

SHORT = GAME.rules(None, ["target=25"])

# An engine for Rummy that knows only the protocol (docs/engines.md): it takes the pile's
# top card when a meld of its hand's rank or suit neighbours could use it, else draws;
# then it plays the first meld or lay-off listed, and at last discards its highest card.
ENGINE = """
import json, sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def value(card):
    return min(RANKS.index(card[:-1]) + 1, 10)


def choose(view):
    legal = view["legal_actions"]
    if "draw" in legal or "take" in legal:
        top = view["pile"][-1] if view["pile"] else None
        ranks = [card[:-1] for card in view["hand"]]
        if "take" in legal and top is not None and ranks.count(top[:-1]) >= 2:
            return "take"
        return "draw" if "draw" in legal else "take"
    for action in legal:
        if action.startswith(("meld ", "layoff ")):
            return action
    discards = [a for a in legal if a.startswith("discard ")]
    return max(discards, key=lambda a: (value(a.split()[1]), a))


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            ready = {"type": "ready", "protocol": 1, "name": "first meld 1.0", "games": ["rummy"]}
            print(json.dumps(ready), flush=True)
        elif message["type"] == "choose":
            reply = {"type": "action", "id": message["id"], "action": choose(message["view"])}
            print(json.dumps(reply), flush=True)
        else:
            break


if __name__ == "__main__":
    main()
"""


@pytest.fixture(scope="module")
def engine_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("engines") / "first_meld_engine.py"
    path.write_text(ENGINE, encoding="utf-8")
    return path


def engine_spec(path: Path, name: str = "firstmeld") -> EngineSpec:
    return EngineSpec(name, python_engine(str(path)))


def load_choose(path: Path) -> Callable[[dict[str, Any]], str]:
    spec = importlib.util.spec_from_file_location("first_meld_engine", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    choose: Callable[[dict[str, Any]], str] = module.choose
    return choose


def actions_of(record: dict[str, Any]) -> list[list[list[Any]]]:
    return [entry["actions"] for entry in record["rounds"]]


class Watched:
    """A seat that remembers every view it was shown and what it answered."""

    def __init__(self, inner: GameBot, seen: list[tuple[RummyView, Action]]) -> None:
        self.name, self.inner, self.seen = inner.name, inner, seen

    def choose(self, view: RummyView) -> Action:
        action: Action = self.inner.choose(view)
        self.seen.append((view, action))
        return action


def melding_view() -> RummyView:
    """Seat 0 has taken 6H and may meld 4H 5H 6H; discarding 6H is not legal."""
    state = RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="6H", table=["JS JD JC"])
    state.apply(parse_action("take"))
    return state.view(0)


@pytest.mark.parametrize("players", [2, 3])
def test_an_engine_plays_whole_rummy_matches(engine_file: Path, players: int) -> None:
    """Engine seats of ``play_game``: over the pipe the engine decides exactly as its
    policy does here on the same view's JSON, and quits at the end."""
    choose = load_choose(engine_file)
    seen: list[tuple[RummyView, Action]] = []
    engines = [engine_spec(engine_file).bot(seat, game="rummy") for seat in range(players - 1)]
    try:
        assert engines[0].engine_name == "first meld 1.0" and engines[0].game == "rummy"
        seats: list[GameBot] = [Watched(engine, seen) for engine in engines]
        seats.append(make_bot("simple", 9, game="rummy"))
        played = play_game(GAME, SHORT, seats, seed=players)
    finally:
        for engine in engines:
            engine.close()
    assert played.state.stage is Stage.MATCH_OVER
    assert GAME.replay(played.record).totals == played.state.totals
    assert len(seen) > 40
    kinds = {str(action).split()[0] for _, action in seen}
    assert {"draw", "meld", "discard"} <= kinds
    for view, action in seen:
        assert parse_action(choose(view_to_json(view))) == action
    assert all(engine._process.poll() == 0 for engine in engines)  # quit, not killed


def test_the_hello_names_rummy_and_the_choose_carries_its_view() -> None:
    assert hello_message("x", 3, {}, "rummy") == (
        '{"type":"hello","protocol":1,"game":"rummy","bot":"x","seed":3,"options":{}}'
    )
    view = melding_view()
    message = json.loads(choose_message(7, view, "rummy"))
    assert message["type"] == "choose" and message["id"] == 7
    assert message["rules"] == SHORT.with_options(target=100).options()
    data = message["view"]
    assert data == view_to_json(view)
    assert data["hand"] == ["4H", "5H", "6H", "9S", "KC"] and data["taken"] == "6H"
    assert data["table"] == [{"cards": ["JS", "JD", "JC"], "kind": "set", "owner": 0}]
    assert "discard 6H" not in data["legal_actions"] and "meld 4H 5H 6H" in data["legal_actions"]


def test_the_documented_rummy_messages_are_what_the_lab_sends() -> None:
    """docs/engines.md's Rummy section: its hello is the lab's line, its table names every
    field of the view, and its example choose is a real view folded."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "engines.md").read_text("utf-8")
    section = docs[docs.index("## Rummy") : docs.index("## In the terminal")]
    assert hello_message("mine", 42, {}, "rummy") in section
    documented = set(re.findall(r"^\| ((?:`\w+`(?:, )?)+) \|", section, re.MULTILINE))
    fields = {name for row in documented for name in re.findall(r"`(\w+)`", row)}
    assert fields == set(view_to_json(melding_view()))
    example = section[section.index('{"type":"choose"') :]
    choose = json.loads(example[: example.index("```")])  # (folded over lines)
    assert set(choose["view"]) == fields and choose["view"]["phase"] == "meld"
    assert set(choose["rules"]) - {"..."} <= set(SHORT.options())


def test_our_heuristic_served_as_an_engine_plays_as_in_process() -> None:
    """``threethirteen engine heuristic --game rummy`` reads each view back whole, so
    over the pipe the bot makes every move it makes in process, seed for seed."""
    command = (sys.executable, "-m", "threethirteen", "engine", "heuristic", "--game", "rummy")
    served = EngineSpec("served", command)
    seed, rules = 7, GAME.rules(None, ["target=10"])
    with served.bot(seed, game="rummy") as engine:
        assert engine.engine_name == "threethirteen heuristic"
        over_pipe = play_game(GAME, rules, [engine, make_bot("simple", 8, game="rummy")], seed)
    in_process = make_bot("heuristic", seed, game="rummy")
    here = play_game(GAME, rules, [in_process, make_bot("simple", 8, game="rummy")], seed)
    assert actions_of(over_pipe.record) == actions_of(here.record)
    assert sum(len(r) for r in actions_of(here.record)) > 40


def serve(*lines: str, bot: str = "simple", game: str = "rummy") -> str:
    out = io.StringIO()
    serve_engine(bot, io.StringIO("".join(line + "\n" for line in lines)), out, game)
    return out.getvalue()


def test_a_served_rummy_engine_answers_and_refuses_what_it_cannot_take() -> None:
    view = melding_view()
    hello = hello_message("x", 1, {}, "rummy")
    choose = choose_message(1, view, "rummy")
    replies = [json.loads(line) for line in serve(hello, choose, quit_message()).splitlines()]
    assert replies[0] == {
        "type": "ready",
        "protocol": 1,
        "name": "threethirteen simple",
        "games": ["rummy"],
    }
    assert replies[1]["id"] == 1 and parse_action(replies[1]["action"]) in view.legal_actions
    for lines, says in (
        ([hello_message("x", 1, {})], "this engine plays rummy"),
        ([hello, choose.replace('"hand":["4H"', '"hand":["4Z"')], "malformed card"),
        ([hello, choose.replace('"phase":"meld"', '"phase":"lead"')], "'lead'"),
    ):
        with pytest.raises(EngineError, match=re.escape(says)):
            serve(*lines)


def fault_engine(tmp_path: Path, reply: str) -> EngineSpec:
    """An engine that plays Rummy and answers every ``choose`` with ``reply`` (one JSON
    line, ``ID`` standing for the decision's id)."""
    script = tmp_path / "fault_engine.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'ready', 'protocol': 1, 'games': ['rummy']}),"
        " flush=True)\n"
        "    elif message['type'] == 'choose':\n"
        f"        print({reply!r}.replace('ID', str(message['id'])), flush=True)\n"
        "    else:\n"
        "        break\n",
        encoding="utf-8",
    )
    return EngineSpec("faulty", python_engine(str(script)))


def test_an_engine_with_a_bad_reply_fails_with_the_documented_error(tmp_path: Path) -> None:
    for reply, says in (
        ('{"type": "action", "id": ID, "action": "discard 6H"}', "'discard 6H' is not legal"),
        ('{"type": "action", "id": ID, "action": "meld 4H 5Z"}', "malformed action 'meld 4H 5Z'"),
    ):
        spec = fault_engine(tmp_path, reply)
        engine = spec.bot(game="rummy")
        seat: GameBot = engine  # (EngineBot.choose's overloads name only two games' views)
        with pytest.raises(EngineError) as caught:
            seat.choose(melding_view())
        text = str(caught.value)
        assert f"engine 'faulty' ({spec.command_line}) at decision 1: reply " in text
        assert says in text
        assert engine._process.poll() is not None  # stopped
    with pytest.raises(EngineError, match="the engine plays rummy, not thirteen"):
        fault_engine(tmp_path, "").bot(game="thirteen")


def test_the_terminal_game_seats_an_engine(engine_file: Path, tmp_path: Path) -> None:
    save = tmp_path / "engine.json"
    done = cli(
        "play", "--game", "rummy", "--watch", "--seed", "3", "--players", "3",
        "--house", "target=20", "--engine", f"firstmeld={sys.executable} {engine_file}",
        "--bots", "firstmeld,simple,firstmeld", "--save", str(save),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Players: Firstmeld 0, Simple 1, Firstmeld 2" in done.stdout
    assert "Winner" in done.stdout
    record = json.loads(save.read_text(encoding="utf-8"))
    assert GAME.replay(record).stage is Stage.MATCH_OVER


def test_tournament_compare_and_merge_take_rummy(engine_file: Path, tmp_path: Path) -> None:
    """Duplicate deals of Rummy in the lab, an engine seated; two runs compared on the same
    deals; a run in two parts merged into one."""
    common = ("tournament", "--game", "rummy", "--players", "2", "--house", "target=20",
              "--seed", "5", "--workers", "1", "--matches", "4")  # fmt: skip
    engine = ("--engine", f"firstmeld={sys.executable} {engine_file}")
    runs = {
        "a": (*common, *engine, "--bots", "firstmeld,simple"),
        "b": (*common, "--bots", "random,simple"),
        "a2": (*common, *engine, "--bots", "firstmeld,simple", "--first-deal", "2"),
    }
    for name, args in runs.items():
        done = cli(*args, "--json", str(tmp_path / f"{name}.json"))
        assert done.returncode == 0, done.stderr
        assert "Rummy, cardgames +target=20, 2 players" in done.stdout
        assert re.search(r"seed 5: 2 deals (from deal 2 )?x 2 seatings = 4 matches", done.stdout)
    first = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert first["settings"]["game"] == "rummy" and len(first["games"]) == 4
    compared = cli("compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert compared.returncode == 0, compared.stderr
    assert "Rummy, cardgames +target=20, 2 players, seed 5: A = firstmeld" in compared.stdout
    assert "A lower total is better" in compared.stdout
    merged = cli("merge", str(tmp_path / "a.json"), str(tmp_path / "a2.json"))
    assert merged.returncode == 0, merged.stderr
    assert "Rummy" in merged.stdout and "4 deals x 2 seatings = 8 matches" in merged.stdout
