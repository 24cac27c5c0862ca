"""The reason of a hint in any game that has reasons: :func:`reason_for`.

A web table's hint is the ``medium`` bot's move with a reason
(:class:`~threethirteen.bots.reasons.Reason`). Three-Thirteen's hints have their own
module, :mod:`threethirteen.bots.hints`; Thirteen's and Rummy's reasons are in
:mod:`threethirteen.bots.thirteen_hints` and :mod:`threethirteen.bots.rummy_hints`,
loaded when a game asks for them. A game with none gets None, and its table says
only whose move the hint is.

>>> from threethirteen.games.thirteen.actions import Pass
>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.stack(None, ["3S 4D", "2H 6H"], leader=1)
>>> _ = state.apply(state.legal_actions()[-1])
>>> reason_for("thirteen", state.view(0), Pass()).key
'hint.passForced'
>>> reason_for("chess", None, None) is None
True
"""

from __future__ import annotations

from typing import Any

from threethirteen.bots.reasons import Reason

__all__ = ["HINT_GAMES", "reason_for"]

HINT_GAMES = ("thirteen", "rummy")
"""The games whose hints :func:`reason_for` explains."""


def reason_for(game: str, view: Any, action: Any) -> Reason | None:
    """Why ``action`` (the hinted move) makes sense from ``view``, in the game named
    ``game``; None for a game without reasons here."""
    if game == "thirteen":
        from threethirteen.bots.thirteen_hints import reason as thirteen_reason

        return thirteen_reason(view, action)
    if game == "rummy":
        from threethirteen.bots.rummy_hints import reason as rummy_reason

        return rummy_reason(view, action)
    return None
