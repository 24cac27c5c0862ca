"""The ``random`` bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from threethirteen.games.thirteen.actions import Action
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action; ``seed`` makes it repeatable.

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> state = ThirteenState.new(None, 4, seed=3)
    >>> view = state.view(state.current)
    >>> RandomBot(seed=1).choose(view) in view.legal_actions
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: ThirteenView) -> Action:
        return self._rng.choice(view.legal_actions)
