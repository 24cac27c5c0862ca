"""Why a Rummy move makes sense: the reason of a hint, for the terminal and the web.

:func:`reason` reads the player's :class:`~threethirteen.games.rummy.views.RummyView`
and the hinted move (the ``medium`` bot's) and names the reason: a key of
:data:`MESSAGES` with its params. Cards are in notation: ``card`` one card (the
pile's top, the card laid off or discarded), ``cards`` a new meld's, ``meld`` the
table meld a card is laid off onto. Numbers: the count (what the cards in no meld
would cost after the best melds and lay-offs,
:func:`~threethirteen.games.rummy.analysis.deadwood`) ``before`` and ``after`` the
move, or ``count`` when it does not change; ``n`` the points a meld or a lay-off
takes off the hand (the plural forms go by it), ``size`` a meld's cards, ``target``
the table meld's number. The terminal prints
:meth:`~threethirteen.bots.reasons.Reason.text`; the web table sends the key, which
the browser looks up as ``rummy.<key>`` in its catalogs.

>>> from threethirteen.games.rummy.actions import Take
>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="6H", table=["JS JD JC"])
>>> why = reason(state.view(0), Take())
>>> why.key, dict(why.params)
('hint.takeLowers', {'card': '6H', 'before': 28, 'after': 9})
>>> why.text()
'6♥ lowers your count from 28 to 9'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from threethirteen.bots.reasons import Message, Reason
from threethirteen.cards import Card
from threethirteen.games.rummy.actions import Action, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.analysis import arrange, deadwood
from threethirteen.games.rummy.melds import Meld, MeldKind
from threethirteen.games.rummy.scoring import hand_points
from threethirteen.games.rummy.views import RummyView

__all__ = ["MESSAGES", "RummyReason", "reason"]


MESSAGES: dict[str, Message] = {
    "hint.pileEmpty": "the discard pile is empty",
    "hint.takeLowers": "{card} lowers your count from {before} to {after}",
    "hint.takeAnyway": "the bot wants {card}, though it does not lower your count ({count}) yet",
    "hint.drawLowers": (
        "{card} would lower your count from {before} to {after}, but taking it shows the "
        "others what you collect"
    ),
    "hint.drawNoHelp": "{card} on the pile would not lower your count of {count}",
    "hint.meldOut": "these are your last cards: you go out",
    "hint.meldRun": {
        "one": "it lays down a run of {size}, {n} point off your hand",
        "other": "it lays down a run of {size}, {n} points off your hand",
    },
    "hint.meldSet": {
        "one": "it lays down a set of {size}, {n} point off your hand",
        "other": "it lays down a set of {size}, {n} points off your hand",
    },
    "hint.layOffOut": "it is your last card: you go out",
    "hint.fitsMeld": {
        "one": "{card} fits table meld {target} ({meld}), {n} point off your hand",
        "other": "{card} fits table meld {target} ({meld}), {n} points off your hand",
    },
    "hint.fits": {
        "one": "{card} fits table meld {target}, {n} point off your hand",
        "other": "{card} fits table meld {target}, {n} points off your hand",
    },
    "hint.discardOut": "it is your last card: discard it and you go out",
    "hint.discardMelded": "the cards you keep all make melds (your count after it is 0)",
    "hint.discardLoose": "it is in no meld; your count after it is {after}",
    "hint.discardCount": "your count after it is {after}",
}
"""The English of each reason key, as the terminal prints it; the browser's catalogs
hold the same keys under ``rummy.`` (``rummy.hint.takeLowers``)."""


@dataclass(frozen=True, slots=True)
class RummyReason(Reason):
    """A Rummy hint's reason (:data:`MESSAGES`)."""

    MESSAGES: ClassVar[Mapping[str, Message]] = MESSAGES
    CARD_PARAMS: ClassVar[frozenset[str]] = frozenset({"card", "cards", "meld"})


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _count_with(view: RummyView, card: Card) -> int:
    """The least count of the hand after taking ``card`` and discarding another card."""
    hand = [*view.hand, card]
    ace_high = view.rules.ace_high
    best = None
    for other in view.hand:
        left = [c for c in hand if c != other]
        value = deadwood(left, view.table, ace_high)
        best = value if best is None else min(best, value)
    return deadwood(hand, view.table, ace_high) if best is None else best


def reason(view: RummyView, action: Action) -> RummyReason:
    """Why ``action`` makes sense from ``view`` (the seat to act's own view)."""
    hand = view.hand
    table = view.table
    ace_high = view.rules.ace_high
    if isinstance(action, Draw | Take):
        top = view.top
        if top is None:
            return RummyReason("hint.pileEmpty")
        now = deadwood(hand, table, ace_high)
        after = _count_with(view, top)
        card = str(top)
        if isinstance(action, Take):
            if after < now:
                return RummyReason("hint.takeLowers", {"card": card, "before": now, "after": after})
            return RummyReason("hint.takeAnyway", {"card": card, "count": now})
        if after < now:
            return RummyReason("hint.drawLowers", {"card": card, "before": now, "after": after})
        return RummyReason("hint.drawNoHelp", {"card": card, "count": now})
    if isinstance(action, NewMeld):
        cards = _codes(action.cards)
        if len(action.cards) == len(hand):
            return RummyReason("hint.meldOut", {"cards": cards})
        meld = Meld.of(action.cards, ace_high=ace_high)
        key = "hint.meldRun" if meld.kind is MeldKind.RUN else "hint.meldSet"
        points = hand_points(action.cards)
        return RummyReason(key, {"cards": cards, "size": len(meld.cards), "n": points})
    if isinstance(action, LayOff):
        card = str(action.card)
        if len(hand) == 1:
            return RummyReason("hint.layOffOut", {"card": card})
        params: dict[str, str | int] = {
            "card": card,
            "target": action.target,
            "n": hand_points([action.card]),
        }
        if 0 < action.target <= len(table):
            params["meld"] = _codes(table[action.target - 1].cards)
            return RummyReason("hint.fitsMeld", params)
        return RummyReason("hint.fits", params)
    card = str(action.card)
    if len(hand) == 1:
        return RummyReason("hint.discardOut", {"card": card})
    rest = [c for c in hand if c != action.card]
    after = deadwood(rest, table, ace_high)
    if after == 0:
        return RummyReason("hint.discardMelded", {"card": card, "after": 0})
    if action.card in arrange(hand, table, ace_high).left:
        return RummyReason("hint.discardLoose", {"card": card, "after": after})
    return RummyReason("hint.discardCount", {"card": card, "after": after})
