#!/usr/bin/env python3
"""Check the stand-in ``arrangement.py`` against the course's own, on random hands.

    python3 examples/engines/comp202/compare_arrangement.py COURSE_DIR [--hands N] [--sizes 3-11]

``COURSE_DIR`` holds the course's ``card.py`` and ``arrangement.py`` (its
``get_arrangement`` takes a tuple). For each hand, drawn from two decks and
often from a few ranks and suits so that it holds melds, both arrangements
must be valid by both files' rules and agree on the two figures the course
optimizes: how many cards are arranged and how many points are left. Prints
the hands checked and the time each took; exits 1 at the first disagreement,
quoting the hand.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
POINTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1]


def load(folder: Path, name: str) -> ModuleType:
    """``folder``'s arrangement.py under ``name``, with its own card.py."""
    sys.path.insert(0, str(folder))
    for cached in ("card", "arrangement"):
        sys.modules.pop(cached, None)
    try:
        spec = importlib.util.spec_from_file_location(name, folder / "arrangement.py")
        if spec is None or spec.loader is None:
            raise SystemExit(f"no arrangement.py in {str(folder)!r}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module


def figures(
    module: ModuleType, judges: list[ModuleType], hand: list[int], wild: int
) -> tuple[int, int]:
    """(cards arranged, points left) of ``module``'s arrangement, its melds checked by both."""
    melds = module.get_arrangement(tuple(hand), wild)
    left = list(hand)
    for meld in melds:
        for judge in judges:
            if not (
                judge.is_valid_group(tuple(meld), wild)
                or judge.is_valid_sequence(tuple(meld), wild)
            ):
                raise SystemExit(
                    f"{module.__name__} laid an invalid meld {meld} of hand {hand}, wild {wild}"
                )
        for card in meld:
            left.remove(card)
    return len(hand) - len(left), sum(POINTS[(card - 1) // 4] for card in left)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "course", type=Path, help="folder of the course's card.py and arrangement.py"
    )
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--sizes", default="3-11", help="hand sizes, LOW-HIGH (default 3-11)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    low, high = map(int, args.sizes.split("-"))
    course, ours = load(args.course.resolve(), "course_arrangement"), load(HERE, "stand_in")
    rng = random.Random(args.seed)
    deck = list(range(1, 53)) * 2
    seconds = {"course": 0.0, "stand-in": 0.0}
    for _ in range(args.hands):
        size = rng.randint(low, high)
        wild = size - 2 if rng.random() < 0.7 else rng.randrange(13)
        pool = deck
        if rng.random() < 0.6:  # a few ranks and one suit: hands that hold melds
            ranks, suit = rng.sample(range(13), 6), rng.randrange(4)
            pool = [c for c in deck if (c - 1) // 4 in ranks or (c - 1) % 4 == suit]
        hand = rng.sample(pool, size)
        found = []
        for label, module in (("course", course), ("stand-in", ours)):
            start = time.perf_counter()
            found.append(figures(module, [course, ours], hand, wild))
            seconds[label] += time.perf_counter() - start
        if found[0] != found[1]:
            raise SystemExit(
                f"hand {hand}, wild {wild}: the course arranges {found[0][0]} cards leaving "
                f"{found[0][1]} points, the stand-in {found[1][0]} leaving {found[1][1]}"
            )
    print(
        f"{args.hands} hands of {low} to {high} cards agree; course {seconds['course']:.2f} s, "
        f"stand-in {seconds['stand-in']:.2f} s"
    )


if __name__ == "__main__":
    main()
