"""Why a Thirteen move makes sense: the reason of a hint, for the terminal and the web.

:func:`reason` reads the player's :class:`~threethirteen.games.thirteen.views.ThirteenView`
and the hinted move (the ``medium`` bot's) and names the reason: a key of
:data:`MESSAGES` with its params (``cards`` the play, ``table`` the combination to
beat, ``first`` the card the round's first play must hold, all in notation; ``kind``
the play's kind, :class:`~threethirteen.games.thirteen.combos.Kind`'s value). The
terminal prints :meth:`~threethirteen.bots.reasons.Reason.text`; the web table sends
the key, which the browser looks up as ``thirteen.<key>`` in its catalogs.

>>> from threethirteen.games.thirteen.actions import Play
>>> from threethirteen.games.thirteen.state import ThirteenState
>>> view = ThirteenState.stack(None, ["3S 4D 5C 9H 9S", "6H 7H"]).view(0)
>>> why = reason(view, Play.of("3S 4D 5C"))
>>> why.key, dict(why.params)
('hint.leadLowestFirst', {'cards': '3S 4D 5C', 'kind': 'sequence', 'first': '3S'})
>>> why.text()
'leads your lowest sequence (the first play must hold 3♠)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from threethirteen.bots.reasons import Message, Reason
from threethirteen.cards import Card, Rank
from threethirteen.games.thirteen.actions import Action, Pass
from threethirteen.games.thirteen.cards import strength
from threethirteen.games.thirteen.combos import Kind, classify
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["KIND_LABELS", "MESSAGES", "ThirteenReason", "reason"]

_FIRST = " (the first play must hold {first})"

MESSAGES: dict[str, Message] = {
    "hint.passLead": "passing is not allowed when you lead",
    "hint.passForced": "nothing in your hand beats {table}",
    "hint.passKeep": "keeps your cards for later",
    "hint.lastCard": "plays your last card",
    "hint.lastCards": "plays your last cards",
    "hint.leadLowest": "leads your lowest {kind}",
    "hint.leadLowestFirst": "leads your lowest {kind}" + _FIRST,
    "hint.leadAny": "leads a {kind}",
    "hint.leadAnyFirst": "leads a {kind}" + _FIRST,
    "hint.leadFour": "leads your four of a kind",
    "hint.leadFourFirst": "leads your four of a kind" + _FIRST,
    "hint.bomb": "bombs the {table}",
    "hint.beatLowest": "the lowest {kind} that beats {table}",
    "hint.beat": "beats {table}",
}
"""The English of each reason key, as the terminal prints it; the browser's catalogs
hold the same keys under ``thirteen.`` (``thirteen.hint.leadLowest``)."""

KIND_LABELS: dict[str, str] = {
    Kind.SINGLE.value: "single",
    Kind.PAIR.value: "pair",
    Kind.TRIPLE.value: "triple",
    Kind.FOUR.value: "four of a kind",
    Kind.SEQUENCE.value: "sequence",
    Kind.DOUBLE_SEQUENCE.value: "double sequence",
}
"""A combination's kind in English words, by the kind's value (the ``kind`` param)."""


@dataclass(frozen=True, slots=True)
class ThirteenReason(Reason):
    """A Thirteen hint's reason (:data:`MESSAGES`)."""

    MESSAGES: ClassVar[Mapping[str, Message]] = MESSAGES
    CARD_PARAMS: ClassVar[frozenset[str]] = frozenset({"cards", "table", "first"})
    LABELS: ClassVar[Mapping[str, Mapping[str, str]]] = {"kind": KIND_LABELS}


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def reason(view: ThirteenView, action: Action) -> ThirteenReason:
    """Why ``action`` makes sense from ``view`` (the seat to act's own view)."""
    table = view.table
    if isinstance(action, Pass):
        if table is None:
            return ThirteenReason("hint.passLead")
        if not view.plays:
            return ThirteenReason("hint.passForced", {"table": _codes(table.cards)})
        return ThirteenReason("hint.passKeep", {"table": _codes(table.cards)})
    combo = classify(action.cards)
    params: dict[str, str | int] = {"cards": _codes(action.cards), "kind": combo.kind.value}
    if len(action.cards) == len(view.hand):
        key = "hint.lastCard" if len(action.cards) == 1 else "hint.lastCards"
        return ThirteenReason(key, params)
    alike = [
        classify(play.cards)
        for play in view.plays
        if len(play.cards) == combo.size and classify(play.cards).kind is combo.kind
    ]
    lowest = all(strength(other.high) >= strength(combo.high) for other in alike)
    if table is None:
        key = "hint.leadLowest" if lowest else "hint.leadAny"
        if combo.kind is Kind.FOUR:
            key = "hint.leadFour"
        must = view.first_lead_card if not view.log else None
        if must is not None:
            key += "First"
            params["first"] = str(must)
        return ThirteenReason(key, params)
    params["table"] = _codes(table.cards)
    if combo.is_bomb and table.high.rank is Rank.TWO and not table.is_bomb:
        return ThirteenReason("hint.bomb", params)
    return ThirteenReason("hint.beatLowest" if lowest else "hint.beat", params)
