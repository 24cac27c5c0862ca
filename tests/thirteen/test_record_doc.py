"""The Thirteen record shown in docs/record-format.md replays, and is what the engine writes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from threethirteen.bots import make_bot
from threethirteen.bots.match import play_game
from threethirteen.games import get_game
from threethirteen.games.thirteen.record import record_to_json

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def documented_example() -> str:
    section = DOC.read_text("utf-8").split("## Thirteen records", 1)[1]
    found = re.search(r"```json\n(.*?)```", section, re.S)
    assert found, "no JSON example under 'Thirteen records'"
    return found.group(1)


def test_the_documented_record_replays_to_its_own_totals() -> None:
    data = json.loads(documented_example())
    game = get_game("thirteen")
    state = game.replay(data)
    assert list(state.totals) == data["totals"]
    assert list(state.winners()) == data["winners"]
    # Each round's points are a permutation of the 2-player scale, 3 and 2.
    assert all(sorted(r["points"]) == [2, 3] for r in data["rounds"])


def test_the_documented_record_is_the_match_it_says() -> None:
    game = get_game("thirteen")
    bots = [make_bot("simple", 1, game="thirteen"), make_bot("simple", 2, game="thirteen")]
    played = play_game(game, game.rules(None, ["target=3"]), bots, seed=4, names=["ann", "bob"])
    assert record_to_json(played.record) == documented_example()
