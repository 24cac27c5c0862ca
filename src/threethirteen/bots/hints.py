"""Three-Thirteen's hint: the ``medium`` bot's move, with a one-line reason.

One function, :func:`hint_for`, serves every place a player asks for help: the
terminal's ``hint`` command (:mod:`threethirteen.cli.play`) and the web table's
Hint button (the ``hint`` field the server adds to a seat's view,
:func:`encode_hint`). The move is the one the game's ``medium`` bot
(``DIFFICULTIES["medium"]``, the heuristic) would play from the same view, so a
hint never throws a wild the bot would keep and takes a discard that completes a
meld; on top of the bot, a hint always takes a pile card that lets the hand go
out and always goes out when some discard does. The ``hard`` bot is not used: a Monte
Carlo search does not answer within a quarter of a second on the larger hands.

The reason is said in a player's words ("take the 7♥: it makes a set (7♥ 7♣
7♦)"; "discard the K♠; keep the wild 5♦: it completes a run (3♦ 4♦ 5♦)"). It
comes as a message ``key`` with ``params`` (card codes in notation, numbers), so
the browser can translate it (the keys are in its ``i18n`` catalogs), and as
English text, :meth:`Hint.text`.

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> from threethirteen.games.three_thirteen.actions import parse_action
>>> rules = get_rules("classic").with_options(first_dealer="first-seat", hand_sizes=(4,))
>>> state = MatchState.new(rules, 2, seed=5)
>>> state.stack(["9C 5D 6S JH", "7S 7C 2H KD"], up="7D", stock_top="QH")
>>> hint = hint_for(state.view(1))
>>> str(hint.action), hint.key
('draw discard', 'hint.takeSet')
>>> hint.text()
'take the 7♦: it makes a set (7♠ 7♦ 7♣)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from threethirteen.cards import Card
from threethirteen.games.three_thirteen.actions import Action, Discard, Draw, GoOut, Source
from threethirteen.games.three_thirteen.bots import DIFFICULTIES, REGISTRY
from threethirteen.games.three_thirteen.solver import Arrangement, HandSolver, Meld, MeldKind
from threethirteen.games.three_thirteen.views import Phase, PlayerView

__all__ = ["HINT_BOT", "MESSAGES", "Hint", "encode_hint", "hint_for"]

HINT_BOT = DIFFICULTIES["medium"]
"""The registry name of the bot whose move a hint is."""

MESSAGES: dict[str, str] = {
    "hint.takeOut": "take the {card}: it lets you go out",
    "hint.takeWild": "take the {card}: it is wild",
    "hint.takeSet": "take the {card}: it makes a set ({meld})",
    "hint.takeRun": "take the {card}: it makes a run ({meld})",
    "hint.takeLower": "take the {card}: it lowers your unmelded points from {before} to {after}",
    "hint.take": "take the {card}: it brings your hand nearer going out",
    "hint.pileOnly": "take the {card}: the stock is empty",
    "hint.stock": "draw from the stock: the {card} does not help your hand",
    "hint.stockOnly": "draw from the stock",
    "hint.out": "go out with the {card}: every other card is in a meld",
    "hint.discardFinal": "discard the {card}: it leaves you the fewest points ({deadwood})",
    "hint.discardWild": "discard the wild {card}: every other choice is worse",
    "hint.keepWildSet": "discard the {card}; keep the wild {wild}: it completes a set ({meld})",
    "hint.keepWildRun": "discard the {card}; keep the wild {wild}: it completes a run ({meld})",
    "hint.keepWild": "discard the {card}; keep the wild {wild}: with it a pair becomes a set",
    "hint.discard": "discard the {card}: it helps your hand least ({deadwood} unmelded after it)",
    "hint.none": "no card may be discarded",
}
"""The English text of each reason key; the browser's catalogs hold the same keys."""

_CARD_PARAMS = ("card", "wild")


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested move for a view, and why.

    ``arrangement`` is the hand as it stands before drawing, or as it is left after
    the suggested discard. ``action`` is None only when nothing may be played.
    ``key`` names the reason (a key of :data:`MESSAGES`), ``params`` fills it: card
    codes in notation (``card``, ``wild``; ``meld`` the cards of a meld, spaced)
    and numbers (``before``, ``after``, ``deadwood``).
    """

    arrangement: Arrangement
    action: Action | None
    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The reason in English, suits as symbols: ``text()``."""
        return self.text()

    def text(self, *, unicode: bool = True) -> str:
        """The reason in English; ``unicode=False`` writes suits as letters (``7H``)."""
        values: dict[str, str] = {}
        for name, value in self.params.items():
            if isinstance(value, str) and (name in _CARD_PARAMS or name == "meld"):
                values[name] = " ".join(_card(code, unicode) for code in value.split())
            else:
                values[name] = str(value)
        return MESSAGES[self.key].format(**values)


def _card(code: str, unicode: bool) -> str:
    return Card.parse(code).pretty() if unicode else code


def hint_for(view: PlayerView) -> Hint:
    """The ``medium`` bot's move from ``view`` and its reason (the view's seat must act).

    Before drawing the hint weighs the pile's top card against the stock; after
    drawing it names the discard, going out whenever some discard goes out.
    """
    solver = HandSolver.for_round(view.rules, view.round_number)
    table = view.table if view.rules.lay_off else ()
    if view.phase is Phase.DRAW:
        return _draw_hint(view, solver, table)
    cards = [a.card for a in view.legal_actions if isinstance(a, Discard | GoOut)]
    if not cards:
        return Hint(solver.solve(view.hand, table), None, "hint.none")
    action = REGISTRY[HINT_BOT]().choose(view)
    if not isinstance(action, Discard | GoOut) or action not in view.legal_actions:
        action = Discard(cards[0])  # a bot that answers nonsense: any legal discard
    outs = [a for a in view.legal_actions if isinstance(a, GoOut)]
    if isinstance(action, Discard) and outs:
        action = outs[0]  # never advise playing on when the hand can go out
    card = action.card
    after = solver.solve(_without(view.hand, card), table)
    return _discard_hint(view, solver, action, after)


def _draw_hint(view: PlayerView, solver: HandSolver, table: Sequence[Meld]) -> Hint:
    now = solver.solve(view.hand, table)
    top = view.top_discard
    take = Draw(Source.DISCARD)
    stock = Draw(Source.STOCK)
    if stock not in view.legal_actions:
        assert top is not None  # some draw is legal
        return Hint(now, take, "hint.pileOnly", {"card": str(top)})
    if take not in view.legal_actions or top is None:
        return Hint(now, stock, "hint.stockOnly")
    with_top = (*view.hand, top)
    if view.out_seat is None and solver.can_go_out(with_top):
        return Hint(now, take, "hint.takeOut", {"card": str(top)})  # always take it
    action = REGISTRY[HINT_BOT]().choose(view)
    if action != take:
        return Hint(now, stock, "hint.stock", {"card": str(top)})
    if solver.is_wild(top):
        return Hint(now, take, "hint.takeWild", {"card": str(top)})
    best = min(
        (c for c in solver.discards(with_top, table) if c.discard != top),
        key=lambda c: c.deadwood,
        default=None,
    )
    if best is not None:
        for meld in best.arrangement.melds:
            if top in meld.cards:
                key = "hint.takeSet" if meld.kind is MeldKind.SET else "hint.takeRun"
                return Hint(now, take, key, {"card": str(top), "meld": _meld(meld)})
        if best.deadwood < now.deadwood:
            params: dict[str, str | int] = {
                "card": str(top),
                "before": now.deadwood,
                "after": best.deadwood,
            }
            return Hint(now, take, "hint.takeLower", params)
    return Hint(now, take, "hint.take", {"card": str(top)})


def _discard_hint(
    view: PlayerView, solver: HandSolver, action: Discard | GoOut, after: Arrangement
) -> Hint:
    card = action.card
    if isinstance(action, GoOut):
        return Hint(after, action, "hint.out", {"card": str(card)})
    if view.is_final_turn:
        return Hint(
            after, action, "hint.discardFinal", {"card": str(card), "deadwood": after.deadwood}
        )
    if solver.is_wild(card):
        return Hint(after, action, "hint.discardWild", {"card": str(card)})
    for meld in after.melds:
        wilds = [c for c in meld.cards if solver.is_wild(c)]
        if wilds:
            key = "hint.keepWildSet" if meld.kind is MeldKind.SET else "hint.keepWildRun"
            params = {"card": str(card), "wild": str(wilds[0]), "meld": _meld(meld)}
            return Hint(after, action, key, params)
    loose = [c for c in after.unmelded if solver.is_wild(c)]
    if loose:
        return Hint(after, action, "hint.keepWild", {"card": str(card), "wild": str(loose[0])})
    return Hint(after, action, "hint.discard", {"card": str(card), "deadwood": after.deadwood})


def _meld(meld: Meld) -> str:
    return " ".join(str(c) for c in meld.cards)


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def encode_hint(view: PlayerView) -> dict[str, Any] | None:
    """The web view's ``hint`` field: None unless the view's seat is to draw or discard.

    ``{"action": "discard 7H", "key": "hint.discard", "params": {...}, "text": ...}``:
    the move in notation, the reason's message key and parameters (cards in
    notation) for the browser to translate, and the English text.
    """
    if not view.is_my_turn or view.phase not in (Phase.DRAW, Phase.DISCARD) or not view.hand:
        return None
    hint = hint_for(view)
    if hint.action is None:
        return None
    return {
        "action": str(hint.action),
        "key": hint.key,
        "params": dict(hint.params),
        "text": hint.text(),
    }
