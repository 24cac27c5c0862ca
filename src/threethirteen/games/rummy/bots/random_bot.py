"""The ``random`` bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from threethirteen.games.rummy.actions import Action
from threethirteen.games.rummy.views import RummyView

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action; ``seed`` makes it repeatable.

    >>> from threethirteen.games.rummy.state import RummyState
    >>> state = RummyState.new(None, 2, seed=3)
    >>> view = state.view(state.current)
    >>> RandomBot(seed=1).choose(view) in view.legal_actions
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: RummyView) -> Action:
        return self._rng.choice(view.legal_actions)
