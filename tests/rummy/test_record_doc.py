"""The Rummy record shown in docs/record-format.md replays, and is what the engine writes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from threethirteen.bots import make_bot
from threethirteen.bots.match import play_game
from threethirteen.games import get_game
from threethirteen.games.rummy.record import record_to_json

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def documented_example() -> str:
    section = DOC.read_text("utf-8").split("## Rummy records", 1)[1]
    found = re.search(r"```json\n(.*?)```", section, re.S)
    assert found, "no JSON example under 'Rummy records'"
    return found.group(1)


def test_the_documented_record_replays_to_its_own_totals() -> None:
    data = json.loads(documented_example())
    game = get_game("rummy")
    state = game.replay(data)
    assert list(state.totals) == data["totals"]
    assert list(state.winners()) == data["winners"]
    # Each scored hand: the seat that went out scores 0, the other the cards it kept.
    for hand in data["rounds"]:
        assert hand["points"][hand["out"]] == 0 and sum(hand["points"]) > 0


def test_the_documented_record_is_the_match_it_says() -> None:
    game = get_game("rummy")
    bots = [make_bot("simple", 1, game="rummy"), make_bot("simple", 2, game="rummy")]
    played = play_game(game, game.rules(None, ["target=10"]), bots, seed=20, names=["ann", "bob"])
    assert record_to_json(played.record) == documented_example()
