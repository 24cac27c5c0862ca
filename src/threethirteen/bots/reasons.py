"""The reason of a hint: a message key with parameters, and its English text.

A hint says why its move makes sense in one line. The line travels as a message
``key`` with JSON-ready ``params`` (cards in notation, ``"4S 4H"``; numbers; names
such as a combination's kind), so that the browser says it in the page's language
(the keys are in its ``i18n`` catalogs), and reads in English through
:meth:`Reason.text`, as the terminal prints it. Each game's reasons are a subclass
with its own English messages: Thirteen's in :mod:`threethirteen.bots.thirteen_hints`,
Rummy's in :mod:`threethirteen.bots.rummy_hints` (the game of a table finds its
reason through :func:`threethirteen.bots.game_hints.reason_for`). Three-Thirteen's
hints (:mod:`threethirteen.bots.hints`) came first and are shaped the same way.

A message is a ``str.format`` template, or plural forms ``{"one": ..., "other": ...}``
chosen by the number ``n`` among the params (as the browser's catalogs hold them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from threethirteen.cards import Card

__all__ = ["Message", "Reason"]

Message = str | Mapping[str, str]
"""A message's English: a template, or its plural forms (``one``, ``other``) by ``n``."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a hinted move makes sense: ``key`` names the message, ``params`` fill it.

    Subclasses (one a game) set :attr:`MESSAGES`, the English of each key, and
    :attr:`CARD_PARAMS`, the params that hold cards in notation (written with suit
    symbols by :meth:`text`); :attr:`LABELS` gives the English words of a param's
    values where the param holds a name (Thirteen's ``kind``).
    """

    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    MESSAGES: ClassVar[Mapping[str, Message]] = {}
    CARD_PARAMS: ClassVar[frozenset[str]] = frozenset()
    LABELS: ClassVar[Mapping[str, Mapping[str, str]]] = {}

    def text(self, *, unicode: bool = True) -> str:
        """The reason in English; ``unicode=False`` writes suits as letters (``7H``)."""
        message = self.MESSAGES[self.key]
        if not isinstance(message, str):
            message = message["one" if self.params.get("n") == 1 else "other"]
        values: dict[str, str] = {}
        for name, value in self.params.items():
            if isinstance(value, str) and name in self.CARD_PARAMS:
                values[name] = " ".join(_card(code, unicode) for code in value.split())
            elif isinstance(value, str) and name in self.LABELS:
                values[name] = self.LABELS[name].get(value, value)
            else:
                values[name] = str(value)
        return message.format(**values)

    def to_json(self) -> dict[str, Any]:
        """``{"key", "params", "text"}``: the reason as a web table's hint carries it."""
        return {"key": self.key, "params": dict(self.params), "text": self.text()}


def _card(code: str, unicode: bool) -> str:
    return Card.parse(code).pretty() if unicode else code
