"""Three-Thirteen's bots: the registry the shared bot layer reads, weakest first.

``REGISTRY`` maps a name to a factory ``factory(seed=None, **options) -> bot``; each
bot has a ``name`` and ``choose(view) -> action``, which returns one of
``view.legal_actions`` and reads nothing but that
:class:`~threethirteen.games.three_thirteen.views.PlayerView`. ``DIFFICULTIES`` names
the levels players choose from (``expert`` has no bot yet).

The ladder, each module's docstring its reference: :mod:`.random_bot`,
:mod:`.greedy`, :mod:`.simple`, :mod:`.heuristic` (with what it reads: :mod:`.tracking`,
:mod:`.feeding`, :mod:`.outlook`), :mod:`.montecarlo`, :mod:`.ismcts`; :mod:`.draws`
holds the two draws and the draw a bot has no choice about.

>>> list(REGISTRY)
['random', 'greedy', 'simple', 'heuristic', 'montecarlo', 'ismcts']
>>> DIFFICULTIES["medium"]
'heuristic'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from threethirteen.games.three_thirteen.bots.greedy import GreedyBot
from threethirteen.games.three_thirteen.bots.heuristic import HeuristicBot
from threethirteen.games.three_thirteen.bots.ismcts import IsmctsBot
from threethirteen.games.three_thirteen.bots.montecarlo import MonteCarloBot
from threethirteen.games.three_thirteen.bots.random_bot import RandomBot
from threethirteen.games.three_thirteen.bots.simple import SimpleBot

__all__ = [
    "DIFFICULTIES",
    "REGISTRY",
    "GreedyBot",
    "HeuristicBot",
    "IsmctsBot",
    "MonteCarloBot",
    "RandomBot",
    "SimpleBot",
]

# One line a bot, weakest first. Keep it a plain dict literal: each bot's author adds
# its own line here (the montecarlo and expert bots register the same way).
REGISTRY: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "simple": SimpleBot,
    "heuristic": HeuristicBot,
    "montecarlo": MonteCarloBot,
    "ismcts": IsmctsBot,
}

DIFFICULTIES: dict[str, str] = {
    "easy": "simple",
    "medium": "heuristic",
    "hard": "montecarlo",
    "expert": "expert",
}
"""Difficulty names players choose from, each an alias of a registry name.

An alias whose bot is not registered (yet) is refused by
:func:`threethirteen.bots.make_bot` like an unknown name.
"""
