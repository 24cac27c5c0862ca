"""The ``random`` bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from threethirteen.games.three_thirteen.actions import Action
from threethirteen.games.three_thirteen.views import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action; ``seed`` makes it repeatable.

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> from threethirteen.games.three_thirteen.state import MatchState
    >>> state = MatchState.new(get_rules("classic"), 2, seed=4)
    >>> view = state.view(state.current)
    >>> RandomBot(seed=1).choose(view) in view.legal_actions
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self._rng.choice(view.legal_actions)
