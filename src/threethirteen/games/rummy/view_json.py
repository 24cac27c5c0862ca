"""The JSON form of what a Rummy seat sees: :func:`view_to_json` and :func:`decode_view`.

This is the ``view`` object the engine protocol sends a Rummy engine. Every field
comes from a :class:`~threethirteen.games.rummy.views.RummyView`, which holds
nothing its seat may not see; :func:`decode_view` reads it back whole, so that
``decode_view(view_to_json(view), view.rules) == view``. Cards and actions are
written in notation (``"10H"``, ``"layoff 7H on 2"``). No I/O: ``json.dumps``
and ``json.loads`` are the caller's.

>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.stack(None, ["4H 5H 6H 9S", "2C 3D 8C 9C"], pile="7H", stock="KD QD")
>>> _ = state.apply(state.legal_actions()[1])
>>> _ = state.apply(state.legal_actions()[1])
>>> data = view_to_json(state.view(1))
>>> data["hand"], data["table"], data["pile"], data["stock_size"]
(['2C', '3D', '8C', '9C'], [{'cards': ['4H', '5H', '6H', '7H'], 'kind': 'run', 'owner': 0}], [], 2)
>>> data["log"][0]
{'seat': 0, 'action': 'take', 'taken': '7H', 'went_out': False, 'rebuilt': False}
>>> decode_view(data, state.rules) == state.view(1)
True
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from threethirteen.cards import Card
from threethirteen.errors import NotationError, RecordError, ThreeThirteenError
from threethirteen.games.rummy.actions import Action, Take, parse_action
from threethirteen.games.rummy.melds import Meld, MeldKind
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.scoring import RoundResult
from threethirteen.games.rummy.views import Event, Phase, RummyView
from threethirteen.viewfields import field as _field
from threethirteen.viewfields import flag as _bool
from threethirteen.viewfields import items as _list
from threethirteen.viewfields import member as _enum
from threethirteen.viewfields import numbers as _numbers
from threethirteen.viewfields import seat as _seat
from threethirteen.viewfields import seats as _seats
from threethirteen.viewfields import show as _show
from threethirteen.viewfields import whole as _int

__all__ = ["decode_view", "view_to_json"]

_E = TypeVar("_E", bound=enum.Enum)


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _event(event: Event) -> dict[str, Any]:
    return {
        "seat": event.seat,
        "action": str(event.action),
        "taken": None if event.taken is None else str(event.taken),
        "went_out": event.went_out,
        "rebuilt": event.rebuilt,
    }


def _result(result: RoundResult) -> dict[str, Any]:
    return {
        "round": result.number,
        "out": result.out,
        "points": list(result.points),
        "rummy": result.rummy,
        "void": result.void,
    }


def view_to_json(view: RummyView) -> dict[str, Any]:
    """The JSON-ready object of ``view``.

    The rules are not in it (the engine protocol sends them beside it) but for
    ``target``, the points that end the match. ``table`` lists each meld with its
    cards in meld order, its kind and the seat that laid it down; ``pile`` is bottom
    first; ``laid`` lists seats ascending; every other list keeps the view's order.
    """
    return {
        "seat": view.seat,
        "players": view.players,
        "round": view.round_number,
        "phase": view.phase.value,
        "current": view.current,
        "dealer": view.dealer,
        "hand": _cards(view.hand),
        "legal_actions": [str(action) for action in view.legal_actions],
        "hand_sizes": list(view.hand_sizes),
        "table": [
            {"cards": _cards(meld.cards), "kind": meld.kind.value, "owner": owner}
            for meld, owner in zip(view.table, view.table_owners, strict=True)
        ],
        "pile": _cards(view.pile),
        "stock_size": view.stock_size,
        "rebuilds": view.rebuilds,
        "taken": None if view.taken is None else str(view.taken),
        "laid": sorted(view.laid),
        "totals": list(view.totals),
        "target": view.rules.target,
        "log": [_event(event) for event in view.log],
        "results": [_result(result) for result in view.results],
        "winners": list(view.winners),
    }


# -- reading a view back ------------------------------------------------------------------


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(f"{where} must be a card in notation, got {_show(value)}")
    try:
        card = Card.parse(value)
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from None
    if card.is_joker:
        raise NotationError(f"{where}: Rummy has no jokers, got {value[:20]!r}")
    return card


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    """Cards in notation from one deck, in the order given."""
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list of cards in notation, got {_show(value)}")
    cards = tuple(_card(text, where) for text in value)
    if len(set(cards)) != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        raise RecordError(f"{where}: {twice} is listed twice")
    return cards


def _card_or_none(value: Any, where: str) -> Card | None:
    return None if value is None else _card(value, where)


def _action(value: Any, where: str) -> Action:
    if not isinstance(value, str):
        raise RecordError(f"{where} must be an action in notation, got {_show(value)}")
    try:
        return parse_action(value)
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from None


def _decode_meld(data: Any, rules: Rules, players: int, where: str) -> tuple[Meld, int]:
    cards = _card_list(_field(data, "cards", where), f"{where}.cards")
    kind = _enum(MeldKind, data, "kind", where)
    try:
        meld = Meld(cards, kind, rules.ace_high)
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if meld.cards != cards:
        raise RecordError(f"{where}.cards are not in meld order: {' '.join(map(str, cards))}")
    return meld, _seat(_field(data, "owner", where), players, f"{where}.owner")


def _decode_event(data: Any, players: int, where: str) -> Event:
    seat = _seat(_field(data, "seat", where), players, f"{where}.seat")
    action = _action(_field(data, "action", where), f"{where}.action")
    taken = _card_or_none(_field(data, "taken", where), f"{where}.taken")
    if (taken is not None) != isinstance(action, Take):
        raise RecordError(f"{where}.taken names the card of a take, and only of a take")
    return Event(seat, action, taken, _bool(data, "went_out", where), _bool(data, "rebuilt", where))


def _decode_result(data: Any, players: int, where: str) -> RoundResult:
    number = _int(data, "round", where, low=1)
    raw_out = _field(data, "out", where)
    out = None if raw_out is None else _seat(raw_out, players, f"{where}.out")
    points = _numbers(data, "points", players, where)
    rummy = _bool(data, "rummy", where)
    void = _bool(data, "void", where)
    if void != (out is None) or (void and (rummy or any(points))):
        raise RecordError(f"{where}: a void hand has no seat out and no points, and only it")
    if out is not None and points[out] != 0:
        raise RecordError(f"{where}.points: seat {out} went out and scores 0, not {points[out]}")
    return RoundResult(number, out, points, rummy, void)


def decode_view(data: Any, rules: Rules) -> RummyView:
    """The :class:`RummyView` that :func:`view_to_json` wrote ``data`` from, under
    ``rules`` (which the object does not carry, but for ``target``).

    Unknown fields are ignored. Raises :class:`~threethirteen.errors.RecordError`
    naming the field for a missing field, a value of the wrong type or out of
    range, table cards that are not the meld written beside them, or a ``target``
    that is not the rules'; and :class:`~threethirteen.errors.NotationError` naming
    the field for a card or an action that does not read.

    >>> from threethirteen.games.rummy.state import RummyState
    >>> view = RummyState.new(None, 4, seed=9).view(2)
    >>> decode_view(view_to_json(view), view.rules) == view
    True
    >>> decode_view({**view_to_json(view), "hand": ["5S", "1Z"]}, view.rules)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: view.hand: malformed card '1Z': ...
    >>> decode_view({**view_to_json(view), "laid": [7]}, view.rules)
    Traceback (most recent call last):
    ...
    threethirteen.errors.RecordError: view.laid[0] must be a seat, 0 to 3, got 7
    """
    where = "view"
    if not isinstance(rules, Rules):
        raise RecordError(f"{where}: not Rummy rules: {_show(rules)}")
    players = _int(data, "players", where)
    try:
        rules.check_players(players)
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}.players: {exc}") from None
    target = _int(data, "target", where)
    if target != rules.target:
        raise RecordError(f"{where}.target is {target}, but the rules play to {rules.target}")
    seat = _seat(_field(data, "seat", where), players, f"{where}.seat")
    hand = _card_list(_field(data, "hand", where), f"{where}.hand")
    sizes = _numbers(data, "hand_sizes", players, where)
    if any(size > 52 for size in sizes):
        raise RecordError(f"{where}.hand_sizes: a seat holds at most 52: {list(sizes)}")
    if sizes[seat] != len(hand):
        raise RecordError(
            f"{where}.hand_sizes[{seat}] is {sizes[seat]}, but the hand holds {len(hand)}"
        )
    table = [
        _decode_meld(meld, rules, players, f"{where}.table[{i}]")
        for i, meld in enumerate(_list(data, "table", where))
    ]
    legal = tuple(
        _action(text, f"{where}.legal_actions[{i}]")
        for i, text in enumerate(_list(data, "legal_actions", where))
    )
    return RummyView(
        rules=rules,
        players=players,
        seat=seat,
        phase=_enum(Phase, data, "phase", where),
        current=_seat(_field(data, "current", where), players, f"{where}.current"),
        round_number=_int(data, "round", where, low=1),
        dealer=_seat(_field(data, "dealer", where), players, f"{where}.dealer"),
        hand=hand,
        hand_sizes=sizes,
        table=tuple(meld for meld, _ in table),
        table_owners=tuple(owner for _, owner in table),
        pile=_card_list(_field(data, "pile", where), f"{where}.pile"),
        stock_size=_int(data, "stock_size", where, high=52),
        rebuilds=_int(data, "rebuilds", where),
        taken=_card_or_none(_field(data, "taken", where), f"{where}.taken"),
        laid=frozenset(_seats(data, "laid", players, where)),
        totals=_numbers(data, "totals", players, where),
        results=tuple(
            _decode_result(result, players, f"{where}.results[{i}]")
            for i, result in enumerate(_list(data, "results", where))
        ),
        log=tuple(
            _decode_event(event, players, f"{where}.log[{i}]")
            for i, event in enumerate(_list(data, "log", where))
        ),
        legal_actions=legal,
        winners=_seats(data, "winners", players, where),
    )
