"""The JSON form of what a Thirteen seat sees: :func:`view_to_json` and :func:`decode_view`.

This is the ``view`` object the engine protocol sends a Thirteen engine
(``docs/engines.md``, section "Thirteen"). Every field comes from a
:class:`~threethirteen.games.thirteen.views.ThirteenView`, which holds nothing
its seat may not see; :func:`decode_view` reads it back whole, so that
``decode_view(view_to_json(view), view.rules) == view``. Cards and actions are
written in notation (``"10H"``, ``"play 3S 4S 5H"``, ``"pass"``). No I/O:
``json.dumps`` and ``json.loads`` are the caller's.

>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.stack(None, ["3S 9H", "4S 5S", "JD QD"])
>>> _ = state.apply(state.legal_actions()[0])
>>> data = view_to_json(state.view(1))
>>> data["hand"], data["table"], data["legal_actions"]
(['4S', '5S'], {'cards': ['3S'], 'kind': 'single'}, ['pass', 'play 4S', 'play 5S'])
>>> data["log"]
[{'seat': 0, 'action': 'play 3S', 'kind': 'single', 'went_out': False, 'cleared': False}]
>>> decode_view(data, state.rules) == state.view(1)
True
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from threethirteen.cards import Card
from threethirteen.errors import NotationError, RecordError, ThreeThirteenError
from threethirteen.games.thirteen.actions import Action, Play, parse_action
from threethirteen.games.thirteen.cards import check_one_deck
from threethirteen.games.thirteen.combos import Combo, Kind, classify
from threethirteen.games.thirteen.rules import Rules
from threethirteen.games.thirteen.scoring import RoundResult
from threethirteen.games.thirteen.state import HAND_SIZE
from threethirteen.games.thirteen.views import Event, Phase, ThirteenView
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


def _combo(combo: Combo) -> dict[str, Any]:
    return {"cards": _cards(combo.cards), "kind": combo.kind.value}


def _event(event: Event) -> dict[str, Any]:
    return {
        "seat": event.seat,
        "action": str(event.action),
        "kind": None if event.combo is None else event.combo.kind.value,
        "went_out": event.went_out,
        "cleared": event.cleared,
    }


def _result(result: RoundResult) -> dict[str, Any]:
    return {
        "round": result.number,
        "order": list(result.order),
        "points": list(result.points),
        "instant": result.instant,
    }


def view_to_json(view: ThirteenView) -> dict[str, Any]:
    """The JSON-ready object of ``view`` (the fields of ``docs/engines.md``'s Thirteen section).

    The rules are not in it (the engine protocol sends them beside it) but for
    ``target``, the points that win the match. ``passed`` lists seats ascending;
    every other list keeps the view's order.
    """
    return {
        "seat": view.seat,
        "players": view.players,
        "round": view.round_number,
        "phase": view.phase.value,
        "current": view.current,
        "leader": view.leader,
        "first_lead_card": None if view.first_lead_card is None else str(view.first_lead_card),
        "hand": _cards(view.hand),
        "legal_actions": [str(action) for action in view.legal_actions],
        "hand_sizes": list(view.hand_sizes),
        "table": None if view.table is None else _combo(view.table),
        "table_owner": view.table_owner,
        "passed": sorted(view.passed),
        "finished": list(view.finished),
        "totals": list(view.totals),
        "target": view.rules.target,
        "played": _cards(view.played),
        "log": [_event(event) for event in view.log],
        "results": [_result(result) for result in view.results],
        "winners": list(view.winners),
    }


# -- reading a view back ------------------------------------------------------------------


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    """Cards in notation from one deck, in the order given."""
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise RecordError(f"{where} must be a list of cards in notation, got {_show(value)}")
    try:
        return check_one_deck(Card.parse(text) for text in value)
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from None


def _card_or_none(value: Any, where: str) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise RecordError(f"{where} must be a card in notation or null, got {_show(value)}")
    return _card_list([value], where)[0]


def _action(value: Any, where: str) -> Action:
    if not isinstance(value, str):
        raise RecordError(f"{where} must be an action in notation, got {_show(value)}")
    try:
        return parse_action(value)
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from None


def _classify(cards: tuple[Card, ...], kind: Any, where: str) -> Combo:
    """The combination ``cards`` form, checked to be of the ``kind`` written beside them."""
    try:
        combo = classify(cards)
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if combo.kind.value != kind:
        raise RecordError(f"{where}.kind is {_show(kind)}, but {combo} is a {combo.kind.value}")
    return combo


def _decode_table(value: Any, where: str) -> Combo | None:
    if value is None:
        return None
    cards = _card_list(_field(value, "cards", where), f"{where}.cards")
    _enum(Kind, value, "kind", where)
    return _classify(cards, value["kind"], where)


def _decode_event(data: Any, players: int, where: str) -> Event:
    seat = _seat(_field(data, "seat", where), players, f"{where}.seat")
    action = _action(_field(data, "action", where), f"{where}.action")
    kind = _field(data, "kind", where)
    combo: Combo | None = None
    if isinstance(action, Play):
        combo = _classify(action.cards, kind, where)
    elif kind is not None:
        raise RecordError(f"{where}.kind must be null for a pass, got {_show(kind)}")
    return Event(seat, action, combo, _bool(data, "went_out", where), _bool(data, "cleared", where))


def _decode_result(data: Any, players: int, where: str) -> RoundResult:
    number = _int(data, "round", where, low=1)
    order = _seats(data, "order", players, where)
    points = _numbers(data, "points", players, where)
    instant = _bool(data, "instant", where)
    try:
        if instant:
            if len(order) != 1:
                raise RecordError(f"{where}.order of an instant win names its winner only")
            result = RoundResult.instant_win(number, order[0], players)
        else:
            result = RoundResult.from_order(number, order)
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if result.points != points:
        raise RecordError(
            f"{where}.points are {list(points)}, but the order {list(order)} scores "
            f"{list(result.points)}"
        )
    return result


def decode_view(data: Any, rules: Rules) -> ThirteenView:
    """The :class:`ThirteenView` that :func:`view_to_json` wrote ``data`` from, under
    ``rules`` (which the object does not carry, but for ``target``).

    Unknown fields are ignored. Raises :class:`~threethirteen.errors.RecordError`
    naming the field for a missing field, a value of the wrong type or out of
    range, cards that are not the combination written beside them, or a
    ``target`` that is not the rules'; and
    :class:`~threethirteen.errors.NotationError` naming the field for a card or an
    action that does not read.

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> view = ThirteenState.new(None, 4, seed=9).view(2)
    >>> decode_view(view_to_json(view), view.rules) == view
    True
    >>> decode_view({**view_to_json(view), "hand": ["5S", "1Z"]}, view.rules)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: view.hand: malformed card '1Z': ...
    >>> decode_view({**view_to_json(view), "passed": [7]}, view.rules)
    Traceback (most recent call last):
    ...
    threethirteen.errors.RecordError: view.passed[0] must be a seat, 0 to 3, got 7
    """
    where = "view"
    if not isinstance(rules, Rules):
        raise RecordError(f"{where}: not Thirteen rules: {_show(rules)}")
    players = _int(data, "players", where)
    try:
        rules.check_players(players)
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}.players: {exc}") from None
    target = _int(data, "target", where)
    if target != rules.target:
        raise RecordError(f"{where}.target is {target}, but the rules race to {rules.target}")
    seat = _seat(_field(data, "seat", where), players, f"{where}.seat")
    hand = _card_list(_field(data, "hand", where), f"{where}.hand")
    sizes = _numbers(data, "hand_sizes", players, where)
    if any(size > HAND_SIZE for size in sizes):
        raise RecordError(f"{where}.hand_sizes: a seat holds at most {HAND_SIZE}: {list(sizes)}")
    if sizes[seat] != len(hand):
        raise RecordError(
            f"{where}.hand_sizes[{seat}] is {sizes[seat]}, but the hand holds {len(hand)}"
        )
    owner = _field(data, "table_owner", where)
    legal = tuple(
        _action(text, f"{where}.legal_actions[{i}]")
        for i, text in enumerate(_list(data, "legal_actions", where))
    )
    return ThirteenView(
        rules=rules,
        players=players,
        seat=seat,
        phase=_enum(Phase, data, "phase", where),
        current=_seat(_field(data, "current", where), players, f"{where}.current"),
        round_number=_int(data, "round", where, low=1),
        leader=_seat(_field(data, "leader", where), players, f"{where}.leader"),
        first_lead_card=_card_or_none(
            _field(data, "first_lead_card", where), f"{where}.first_lead_card"
        ),
        hand=hand,
        hand_sizes=sizes,
        table=_decode_table(_field(data, "table", where), f"{where}.table"),
        table_owner=None if owner is None else _seat(owner, players, f"{where}.table_owner"),
        passed=frozenset(_seats(data, "passed", players, where)),
        finished=_seats(data, "finished", players, where),
        totals=_numbers(data, "totals", players, where),
        results=tuple(
            _decode_result(result, players, f"{where}.results[{i}]")
            for i, result in enumerate(_list(data, "results", where))
        ),
        log=tuple(
            _decode_event(event, players, f"{where}.log[{i}]")
            for i, event in enumerate(_list(data, "log", where))
        ),
        played=_card_list(_field(data, "played", where), f"{where}.played"),
        legal_actions=legal,
        winners=_seats(data, "winners", players, where),
    )
