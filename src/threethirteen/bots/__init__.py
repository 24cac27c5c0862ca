"""Bots: the :class:`Bot` protocol, the registry, and the match runner.

>>> sorted(BOT_NAMES)
['greedy', 'random']
>>> make_bot("greedy").name
'greedy'
>>> make_bot("clever")
Traceback (most recent call last):
...
threethirteen.errors.ThreeThirteenError: unknown bot 'clever'; known: greedy, random
"""

from __future__ import annotations

from collections.abc import Callable

from threethirteen.bots.base import Bot, PlayedMatch, play_match
from threethirteen.bots.greedy import GreedyBot
from threethirteen.bots.random_bot import RandomBot
from threethirteen.errors import ThreeThirteenError

__all__ = [
    "BOT_NAMES",
    "Bot",
    "GreedyBot",
    "PlayedMatch",
    "RandomBot",
    "make_bot",
    "play_match",
]

_REGISTRY: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}

BOT_NAMES: tuple[str, ...] = tuple(_REGISTRY)
"""The registered bot names, weakest first."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot by registry name (case-insensitive); ``seed`` for bots that use chance.

    Raises :class:`~threethirteen.errors.ThreeThirteenError` for an unknown name.
    """
    key = name.strip().lower()
    if key not in _REGISTRY:
        raise ThreeThirteenError(f"unknown bot {name!r}; known: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[key](seed)
