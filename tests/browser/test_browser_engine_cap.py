"""A server whose cap on engine processes is full: the page of a table whose engine cannot
start says the server is busy, from a real `threethirteen serve --max-engines 1`.

This module starts its own server (the ``server`` fixture below overrides the session's):
one engine process at most, a seat waiting 2 s for it (``--engine-wait``), and two
engines, ``slow`` (tests/engine_faults.py: every move takes 30 s) and ``pile``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import play_one_turn, server_view, serving, start_solo

ROOT = Path(__file__).resolve().parents[2]
WAIT = 2.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    faults = ROOT / "tests" / "engine_faults.py"
    pile = ROOT / "examples" / "engines" / "pile_engine.py"
    with serving(
        tmp_path_factory.mktemp("capped"),
        engines=[f"slow={sys.executable} {faults} slow", f"pile={sys.executable} {pile}"],
        max_engines=1,
        engine_wait=WAIT,
    ) as base:
        yield base


def play_if_we_lead(page: Any, base: str) -> None:
    """Play our turn if we lead, so that the engine's seat (seat 1) is the one to move."""
    view = server_view(page, base)
    if view["current"] == view["seat"]:
        play_one_turn(page)


def test_a_full_engine_cap_seats_the_stand_in_and_says_the_server_is_busy(pages: Any) -> None:
    # The slow engine's table takes the one slot: its engine decides for 30 s.
    thinking = pages.new()
    start_solo(thinking, pages.base, opponents=1, difficulty="slow")
    play_if_we_lead(thinking, pages.base)
    view = server_view(thinking, pages.base)
    assert view["phase"] == "draw" and view["current"] != view["seat"], view
    # The pile engine's table: its seat finds the slot busy deciding, waits, and the
    # stand-in plays it, its badge saying why.
    waiting = pages.new()
    started = time.monotonic()
    start_solo(waiting, pages.base, opponents=1, difficulty="pile")
    play_if_we_lead(waiting, pages.base)
    badge = waiting.locator(".badge.stand-in")
    badge.wait_for(timeout=15_000)
    assert time.monotonic() - started >= WAIT
    assert badge.inner_text() == "server busy: Medium plays"
    # The stand-in plays: the turn comes back to us.
    waiting.wait_for_selector("#stock:not([disabled]), #round-over", timeout=15_000)
    # The slow engine is still deciding, within its 30 s: its own table has no stand-in.
    assert thinking.locator(".badge.stand-in").count() == 0
    view = server_view(thinking, pages.base)
    assert view["current"] != view["seat"], view
