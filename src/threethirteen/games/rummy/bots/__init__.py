"""Rummy's bots: the registry the shared bot layer reads, weakest first.

``REGISTRY`` maps a name to a factory ``factory(seed=None, **options) -> bot``; each
bot has a ``name`` and ``choose(view) -> action``, which returns one of
``view.legal_actions`` and reads nothing but that
:class:`~threethirteen.games.rummy.views.RummyView`. ``DIFFICULTIES`` names the
levels players choose from (``expert`` has no bot yet).

>>> list(REGISTRY)
['random', 'simple', 'heuristic', 'montecarlo']
>>> DIFFICULTIES["easy"]
'simple'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from threethirteen.games.rummy.bots.heuristic import HeuristicBot
from threethirteen.games.rummy.bots.montecarlo import MonteCarloBot
from threethirteen.games.rummy.bots.random_bot import RandomBot
from threethirteen.games.rummy.bots.simple import SimpleBot

__all__ = ["DIFFICULTIES", "REGISTRY", "HeuristicBot", "MonteCarloBot", "RandomBot", "SimpleBot"]

REGISTRY: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "simple": SimpleBot,
    "heuristic": HeuristicBot,
    "montecarlo": MonteCarloBot,
}

DIFFICULTIES: dict[str, str] = {
    "easy": "simple",
    "medium": "heuristic",
    "hard": "montecarlo",
    "expert": "expert",
}
