"""Kill -9 the server mid-match, start it again on the same database, and finish the match.

No accepted action may be lost: the record at the end holds every move the player
saw acknowledged, replays through the engine, and the seat token still works.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from threethirteen.records import GameRecord, replay

from .clients import play, receive

RULES = {"preset": "classic", "house": ["hand_sizes=3,4,5"]}


def test_kill_9_and_restart_loses_nothing(serve: Callable[[str], Any], db_url: str) -> None:
    server = serve(db_url)
    sent: list[str] = []
    ticket = httpx.post(
        f"{server.http}/api/solo",
        json={"name": "Ada", "rules": RULES, "opponents": 3, "difficulty": "easy"},
    ).json()
    path = f"{ticket['ws']}?token={ticket['token']}"
    with connect(server.ws + path) as ws:
        before = play(ws, sent, limit=8)
        helpers = descendants(server.proc.pid)  # the bots' worker pool and its forkserver
        server.proc.kill()  # SIGKILL: no shutdown, no flush
        server.proc.wait(timeout=10)
    assert before["table"]["status"] == "playing"
    # What the killed server started goes with it: nothing waits on it forever.
    assert helpers
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() for pid in helpers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in helpers if Path(f"/proc/{pid}").exists()]

    server = serve(db_url)
    with connect(server.ws + path) as ws:
        again = receive(ws)
        assert again["you"]["seat"] == 0 and again["version"] >= before["version"]
        if again["version"] == before["version"]:
            assert again["view"] == before["view"]
        last = play(ws, sent, limit=None, first=again)
    record_text = httpx.get(f"{server.http}/api/matches/{ticket['table_id']}/record").text
    assert last["table"]["status"] == "finished"
    record = GameRecord.from_json(record_text)
    assert record.finished and len(record.rounds) == 3
    mine = [str(action) for rnd in record.rounds for seat, action in rnd.actions if seat == 0]
    assert mine == sent  # every acknowledged move is there, in order, and nothing else
    assert replay(record).scores.totals == record.totals
    assert record.seed == last["table"]["seed"]


def descendants(pid: int) -> set[int]:
    """The processes under ``pid`` now (Linux: read from /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for child, of in parents.items():
            if of == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def as_action(event: dict[str, Any]) -> str | None:
    """The action a public log entry records, in notation (None for a reshuffle)."""
    texts = {"draw-stock": "draw stock", "draw-discard": "draw discard"}
    if event["kind"] in texts:
        return texts[event["kind"]]
    word = {"discard": "discard", "go-out": "out"}.get(event["kind"])
    return None if word is None else f"{word} {event['card']}"


def test_kill_9_while_bots_play_resumes_with_every_announced_move(
    serve: Callable[..., Any], db_url: str
) -> None:
    server = serve(db_url)
    host = httpx.post(
        f"{server.http}/api/tables",
        json={"name": "Ada", "rules": RULES, "seats": 4, "takeover_seconds": 0},
    ).json()
    table_id = host["table_id"]
    with connect(f"{server.ws}{host['ws']}?token={host['token']}") as ws:
        snap = receive(ws)
        for seat in (1, 2, 3):
            ws.send(json.dumps({"type": "add_bot", "version": snap["version"], "seat": seat,
                                "bot": "easy"}))  # fmt: skip
            while (snap := receive(ws))["table"]["seats"][seat]["kind"] != "bot":
                pass
        ws.send(json.dumps({"type": "start", "version": snap["version"]}))
        while receive(ws)["table"]["status"] != "playing":
            pass
    # Ada has left: with takeover_seconds 0 a bot plays her seat, so the bots play alone.
    seen: dict[str, Any] | None = None
    with connect(f"{server.ws}/ws/tables/{table_id}") as watcher:
        for _ in range(20):
            seen = receive(watcher)
            assert seen["table"]["status"] == "playing"
        server.proc.kill()  # in the middle of the bots' moves
        server.proc.wait(timeout=10)
    assert seen is not None and seen["view"] is not None

    # The bots resume at once on restart; a pause before each of their moves keeps the
    # (short) match from ending before the watcher is connected to see it playing.
    server = serve(db_url, bot_delay=0.05)
    with connect(f"{server.ws}/ws/tables/{table_id}") as watcher:
        first = receive(watcher)
        assert first["version"] >= seen["version"]
        assert first["table"]["status"] == "playing" and first["table"]["seed"] is None
        while receive(watcher)["table"]["status"] != "finished":
            pass
    record = GameRecord.from_json(httpx.get(f"{server.http}/api/matches/{table_id}/record").text)
    assert record.finished and replay(record).scores.totals == record.totals
    view = seen["view"]
    for result in view["results"]:  # the rounds announced as scored were kept as they were
        assert list(record.rounds[result["round"] - 1].scores or ()) == result["penalties"]
    announced = [a for a in map(as_action, view["log"]) if a is not None]
    kept = [str(action) for _, action in record.rounds[view["round"] - 1].actions]
    assert kept[: len(announced)] == announced  # every move announced before the kill is there
