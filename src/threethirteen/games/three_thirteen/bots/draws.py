"""The two draws of Three-Thirteen, and the draw a bot has no choice about.

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic"), 2, seed=4)
>>> str(STOCK), str(TAKE)
('draw stock', 'draw discard')
>>> forced_draw(state.view(state.current)) is None  # stock and pile both open
True
"""

from __future__ import annotations

from threethirteen.games.three_thirteen.actions import Action, Draw, Source
from threethirteen.games.three_thirteen.views import PlayerView

__all__ = ["STOCK", "TAKE", "forced_draw"]

STOCK, TAKE = Draw(Source.STOCK), Draw(Source.DISCARD)


def forced_draw(view: PlayerView) -> Action | None:
    """The draw when there is no choice, else ``None``.

    The stock when the pile cannot be taken (empty, or not legal), the pile when
    the stock cannot be drawn (an empty stock under the ``end-round`` rule).
    """
    if TAKE not in view.legal_actions or view.top_discard is None:
        return STOCK
    if STOCK not in view.legal_actions:
        return TAKE
    return None
