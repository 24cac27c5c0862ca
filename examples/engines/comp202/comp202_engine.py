#!/usr/bin/env python3
"""Seat a player written for McGill's COMP 202 Three Thirteen project in threethirteen's lab.

COMP 202 (fall 2020) had its students write a computer player for Three
Thirteen: a module ``ai_player.py`` with two functions, over cards numbered 1
to 52 (``rank * 4 + suit + 1``, ranks two=0 ... ace=12, suits hearts=0,
diamonds=1, clubs=2, spades=3)::

    draw(hand, top_discard, last_turn, picked_up_discard_cards,
         player_position, wildcard_rank, num_turns_this_round) -> 'stock' | 'discard'
    discard(hand, last_turn, picked_up_discard_cards,
            player_position, wildcard_rank, num_turns_this_round) -> card

The course gave its students ``card.py``, ``arrangement.py`` and ``game.py``
to import. This folder holds stand-ins for them, written for this adapter from
their interface (``arrangement.py`` finds arrangements exactly as the course
judged them, in milliseconds where the course's took up to minutes in the last
rounds); ``--course DIR`` uses other copies instead. Many of those players are
public: they are Three-Thirteen bots written outside this project, and serve as
outside reference opponents (docs/lab-notes/outside-bots.md). This program holds none of their
code: it speaks the engine protocol (docs/engines.md) and asks the module it is
given, translating the view into the project's arguments:

- ``hand``, ``top_discard``: the view's cards, renumbered (the card just
  drawn last, where the course's game put it);
- ``last_turn``: someone has gone out (the view's ``out_seat``);
- ``picked_up_discard_cards``: for each seat, the cards it took from the
  discard pile this round (the view's public log);
- ``player_position``: the seat; ``wildcard_rank``: the round's wild rank;
- ``num_turns_this_round``: the turns completed this round (the view's ``turn``).

The course's game went out for a player on its own, after any discard that
left a hand its arrangement code could meld whole; here the discard is played
as ``out`` whenever the lab's rules allow it, which is the same rule judged by
the lab. Its ``random`` is seeded from the seat's seed, so a tournament with
the same seed plays the same games.

When the player's code fails (raises, answers 'discard' with no discard to
take, or names a card not in the hand), the decision falls back to a fixed
rule: draw from the stock; throw the highest-scoring card (aces 1, faces 10).
Each fallback is written on stderr, and counted in the file named by the
environment variable ``COMP202_LOG`` when it is set, so a measurement can say
how often it happened. Anything the player prints goes to stderr: stdout
carries only the protocol.

Usage, from the repository root, with a player module fetched into a folder of
your own (docs/lab-notes/outside-bots.md says which were measured and where they are published)::

    threethirteen tournament --engine kuo="python3 examples/engines/comp202/comp202_engine.py \\
        ~/comp202/kuo.py" --bots kuo,simple --matches 20

Rules with jokers cannot be played: the course's cards have none.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["H", "D", "C", "S"]
POINTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1]  # the course's penalty by rank


class UnplayableError(Exception):
    """A card or rule the course's numbering has no place for."""


def number(card: str) -> int:
    """'7H' -> 21: the course's number of a card in the lab's notation."""
    rank, suit = card[:-1], card[-1]
    if rank not in RANKS or suit not in SUITS:
        raise UnplayableError(
            f"card {card!r} has no number in the course's deck (jokers have none)"
        )
    return RANKS.index(rank) * 4 + SUITS.index(suit) + 1


def notation(card: int) -> str:
    """21 -> '7H'."""
    if not isinstance(card, int) or not 1 <= card <= 52:
        raise UnplayableError(f"{card!r} is not a card number (1 to 52)")
    return RANKS[(card - 1) // 4] + SUITS[(card - 1) % 4]


def load_player(path: Path, course: Path) -> ModuleType:
    """Import the player module, the course's files importable (before any copy beside it)."""
    for folder in (path.parent, course):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location("ai_player", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load a Python module from {str(path)!r}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["ai_player"] = module
    with contextlib.redirect_stdout(sys.stderr):
        spec.loader.exec_module(module)
    for name in ("draw", "discard"):
        if not callable(getattr(module, name, None)):
            raise SystemExit(f"{str(path)!r} has no function {name}()")
    return module


def picked_up(view: dict[str, Any]) -> list[list[int]]:
    """For each seat, the cards it took from the discard pile this round, in order."""
    taken: list[list[int]] = [[] for _ in range(view["players"])]
    for event in view["log"]:
        if event["kind"] == "draw-discard":
            taken[event["seat"]].append(number(event["card"]))
    return taken


class Seat:
    """One seat played by the course-style module, with its fallbacks counted."""

    def __init__(self, player: ModuleType, log: str | None) -> None:
        self.player = player
        self.log = log
        self.fallbacks = 0
        self.decisions = 0

    def choose(self, view: dict[str, Any]) -> str:
        self.decisions += 1
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        cards = list(view["hand"])
        if view["phase"] == "discard" and view["drawn"] in cards:
            cards.remove(view["drawn"])  # the course's game put the card drawn last
            cards.append(view["drawn"])
        hand = [number(card) for card in cards]
        wild = RANKS.index(view["wild_rank"]) if view["wild_rank"] in RANKS else -1
        common = (
            view["out_seat"] is not None,
            picked_up(view),
            view["seat"],
            wild,
            view["turn"],
        )
        if view["phase"] == "draw":
            top = None if view["top_discard"] is None else number(view["top_discard"])
            try:
                with contextlib.redirect_stdout(sys.stderr):
                    where = self.player.draw(list(hand), top, *common)
            except Exception as error:  # the player's own bug: the fallback plays
                return self._fallback(legal, f"draw raised {error!r}")
            action = {"stock": "draw stock", "discard": "draw discard"}.get(where)
            if action in legal:
                return action
            return self._fallback(legal, f"draw answered {where!r}")
        try:
            with contextlib.redirect_stdout(sys.stderr):
                card = self.player.discard(list(hand), *common)
            name = notation(card)
        except Exception as error:
            return self._fallback(legal, f"discard raised {error!r}")
        for action in (f"out {name}", f"discard {name}"):
            if action in legal:
                return action
        return self._fallback(legal, f"discard answered {card!r} ({name}), not playable")

    def _fallback(self, legal: list[str], why: str) -> str:
        self.fallbacks += 1
        print(f"comp202 engine: fallback at decision {self.decisions}: {why}", file=sys.stderr)
        if "draw stock" in legal:
            return "draw stock"
        outs = [a for a in legal if a.startswith("out ")]
        if outs:
            return outs[0]
        discards = [a for a in legal if a.startswith("discard ")]
        if not discards:
            return legal[0]
        return max(discards, key=lambda a: POINTS[(number(a.split()[1]) - 1) // 4])

    def close(self) -> None:
        if self.log:
            with open(self.log, "a", encoding="utf-8") as file:
                file.write(f"{self.decisions} {self.fallbacks}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("player", type=Path, help="the player module (an ai_player.py)")
    parser.add_argument(
        "--course",
        type=Path,
        default=Path(__file__).resolve().parent,
        help="folder of card.py, arrangement.py and game.py (default: this program's stand-ins)",
    )
    args = parser.parse_args()
    player = load_player(args.player.resolve(), args.course.resolve())
    seat = Seat(player, os.environ.get("COMP202_LOG"))
    real_stdout = sys.stdout
    try:
        for line in sys.stdin:
            message: dict[str, Any] = json.loads(line)
            kind = message.get("type")
            reply: dict[str, Any]
            if kind == "hello":
                random.seed(message.get("seed"))
                reply = {"type": "ready", "protocol": 1, "name": f"comp202 {args.player.name}"}
            elif kind == "choose":
                reply = {
                    "type": "action",
                    "id": message["id"],
                    "action": seat.choose(message["view"]),
                }
            elif kind == "quit":
                return
            else:
                continue
            print(json.dumps(reply), file=real_stdout, flush=True)
    except UnplayableError as error:
        raise SystemExit(f"comp202 engine: {error}") from None
    finally:
        seat.close()


if __name__ == "__main__":
    main()
