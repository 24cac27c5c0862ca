"""The JSON form of what a seat sees: its view, round results, scores and log events.

This is the ``view`` object of ``docs/protocol.md``: the web app sends it to
its clients (:mod:`threethirteen.server.protocol`) and the lab to its engines
(:mod:`threethirteen.engines`). Every function builds plain JSON-ready values
from a :class:`~threethirteen.games.three_thirteen.views.PlayerView` (or what a view holds), so
nothing a seat may not see can get in; :func:`decode_view` reads a seat's own
view back, whole. No I/O: ``json.dumps`` and ``json.loads`` are the caller's.

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic"), 2, seed=4)
>>> data = encode_view(state.view(0))
>>> data["hand"], data["legal_actions"], data["best_discard"]
(['5S', '7S', '7H'], ['draw stock', 'draw discard'], None)
>>> encode_view(state.view(0), own=False)["hand"] is None
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, TypeVar

from threethirteen.cards import Card
from threethirteen.errors import NotationError, RulesError, ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Discard, GoOut, Source, parse_action
from threethirteen.games.three_thirteen.rules import Rules
from threethirteen.games.three_thirteen.scoring import RoundEnd, RoundResult, ScoreSheet
from threethirteen.games.three_thirteen.solver import Arrangement, HandSolver, Meld, MeldKind
from threethirteen.games.three_thirteen.views import Event, EventKind, EventLog, Phase, PlayerView

__all__ = [
    "Arrangements",
    "ViewJsonError",
    "decode_arrangement",
    "decode_event",
    "decode_result",
    "decode_view",
    "encode_arrangement",
    "encode_event",
    "encode_result",
    "encode_scores",
    "encode_view",
    "view_fields",
]


def _cards(cards: tuple[Any, ...] | list[Any]) -> list[str]:
    return [str(card) for card in cards]


def _meld(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind.value, "cards": _cards(meld.cards)}


def encode_arrangement(arrangement: Arrangement) -> dict[str, Any]:
    """An arrangement: melds in order, unmelded cards, deadwood, laid-off cards."""
    return {
        "melds": [_meld(m) for m in arrangement.melds],
        "unmelded": _cards(arrangement.unmelded),
        "deadwood": arrangement.deadwood,
        "laid_off": [[index, _cards(cards)] for index, cards in arrangement.laid_off],
    }


def encode_result(result: RoundResult) -> dict[str, Any]:
    """A finished round, every hand revealed (public once scored)."""
    return {
        "round": result.number,
        "wild_rank": str(result.wild_rank),
        "multiplier": result.multiplier,
        "dealer": result.dealer,
        "out_seat": result.out_seat,
        "ending": result.ending.value,
        "penalties": list(result.penalties),
        "hands": [_cards(hand) for hand in result.hands],
        "arrangements": [encode_arrangement(a) for a in result.arrangements],
    }


def encode_scores(scores: ScoreSheet) -> dict[str, Any]:
    """The score sheet: one row a finished round, and the totals."""
    return {"rows": [list(row) for row in scores.rows], "totals": list(scores.totals)}


def encode_event(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": event.kind.value,
        "seat": event.seat,
        "card": None if event.card is None else str(event.card),
    }
    if event.count:
        data["count"] = event.count
    return data


def encode_view(view: PlayerView, *, own: bool = True, hints: bool = True) -> dict[str, Any]:
    """The ``view`` of a snapshot; ``own=False`` is the spectators' (no hand, no hints).

    Everything comes from ``view``, which holds nothing its seat may not see, and
    for a spectator every field about the viewing seat's hand is dropped.
    ``hints=False`` leaves the solver's help out (``arrangement``, ``can_go_out``
    and ``best_discard`` stay null), as the lab's engines receive it.
    """
    return view_fields(view, own, past=True, hints=hints)


Arrangements = dict[int, tuple[tuple[Any, ...], dict[str, Any]]]
"""A table's last encoded arrangement of each seat, keyed by what it was solved from."""


def view_fields(
    view: PlayerView,
    own: bool,
    *,
    past: bool,
    arrangements: Arrangements | None = None,
    hints: bool = True,
) -> dict[str, Any]:
    """The view's fields in wire order; ``past=False`` leaves out the last two,
    ``results`` and ``log``, for the server's ``encode_view_json`` to add as text;
    ``hints=False`` leaves the solver's fields null."""
    spec = view.spec
    mine = own and view.is_my_turn and view.phase is Phase.DISCARD
    data: dict[str, Any] = {
        "seat": view.seat if own else None,
        "players": view.players,
        "round": spec.number,
        "rounds": view.rules.rounds,
        "hand_size": spec.hand_size,
        "wild_rank": str(spec.wild_rank),
        "wild_name": spec.wild_rank.plural,
        "multiplier": spec.multiplier,
        "contract": None if spec.contract is None else str(spec.contract),
        "phase": view.phase.value,
        "current": view.current,
        "dealer": view.dealer,
        "turn": view.turn,
        "final_turn": view.is_final_turn,
        "out_seat": view.out_seat,
        "hand": None,
        "drawn": None,
        "drawn_from": None,
        "arrangement": None,
        "legal_actions": [],
        "can_go_out": None,
        "best_discard": None,
        "hand_sizes": list(view.hand_sizes),
        "discard_pile": _cards(view.discard_pile),
        "top_discard": None if view.top_discard is None else str(view.top_discard),
        "stock_size": view.stock_size,
        "table_melds": [_meld(m) for m in view.table],
        "scores": encode_scores(view.scores),
    }
    if past:
        data["results"] = [encode_result(r) for r in view.results]
        data["log"] = [encode_event(e) for e in view.log]
    if not own:
        return data
    data["hand"] = _cards(view.hand)
    data["drawn"] = None if view.drawn is None else str(view.drawn)
    data["drawn_from"] = None if view.drawn_from is None else view.drawn_from.value
    data["legal_actions"] = [str(a) for a in view.legal_actions]
    if not hints:
        return data
    if view.phase in (Phase.DRAW, Phase.DISCARD) and view.hand:
        table = view.table if view.rules.lay_off and view.out_seat is not None else ()
        key = (spec.number, view.hand, tuple(table))
        known = None if arrangements is None else arrangements.get(view.seat)
        if known is not None and known[0] == key:
            data["arrangement"] = known[1]
        else:
            solver = HandSolver.for_round(view.rules, spec.number)
            data["arrangement"] = encode_arrangement(solver.solve(view.hand, table))
            if arrangements is not None:
                arrangements[view.seat] = (key, data["arrangement"])
    if mine:
        data["can_go_out"] = any(isinstance(a, GoOut) for a in view.legal_actions)
        legal = {a.card for a in view.legal_actions if isinstance(a, Discard | GoOut)}
        best = HandSolver.for_round(view.rules, spec.number).best_discard(view.hand)
        # A hint only: under no-discard-taken the solver's choice may be the locked card.
        data["best_discard"] = str(best.discard) if best.discard in legal else None
    return data


# -- reading a view back ------------------------------------------------------------------


class ViewJsonError(ThreeThirteenError):
    """A view object that is not what :func:`encode_view` writes; the message names
    the field and quotes its value."""


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]``, checked to be of ``kind`` (``None`` allowed where ``kind`` says)."""
    if not isinstance(data, Mapping):
        raise ViewJsonError(f"{where} must be an object, got {data!r}")
    if key not in data:
        raise ViewJsonError(f"{where} has no {key!r}")
    value = data[key]
    bad_bool = isinstance(value, bool) and bool not in (
        kind if isinstance(kind, tuple) else (kind,)
    )
    if bad_bool or not isinstance(value, kind):
        raise ViewJsonError(f"{where}.{key} has the wrong type: {value!r}")
    return value


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise ViewJsonError(f"{where} must be a list of cards, got {value!r}")
    try:
        return tuple(Card.parse(text) for text in value)
    except NotationError as error:
        raise ViewJsonError(f"{where}: {error}") from None


def _card_or_none(value: Any, where: str) -> Card | None:
    return None if value is None else _card_list([value], where)[0]


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in value
    ):
        raise ViewJsonError(f"{where} must be a list of whole numbers, got {value!r}")
    return tuple(value)


def _enum(kind: type[E], value: Any, where: str) -> E:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(str(member.value) for member in kind)
        raise ViewJsonError(f"{where} is {value!r}; known: {known}") from None


E = TypeVar("E", bound=enum.Enum)


def _decode_meld(data: Any, where: str) -> Meld:
    kind = _enum(MeldKind, _get(data, "kind", str, where), f"{where}.kind")
    return Meld(kind, _card_list(_get(data, "cards", list, where), f"{where}.cards"))


def decode_arrangement(data: Any, where: str = "arrangement") -> Arrangement:
    """An :class:`Arrangement` from :func:`encode_arrangement`'s object."""
    melds = tuple(
        _decode_meld(m, f"{where}.melds[{i}]")
        for i, m in enumerate(_get(data, "melds", list, where))
    )
    laid_off = []
    for i, pair in enumerate(_get(data, "laid_off", list, where)):
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], int):
            raise ViewJsonError(f"{where}.laid_off[{i}] must be [index, [cards]], got {pair!r}")
        laid_off.append((pair[0], _card_list(pair[1], f"{where}.laid_off[{i}]")))
    return Arrangement(
        melds,
        _card_list(_get(data, "unmelded", list, where), f"{where}.unmelded"),
        _get(data, "deadwood", int, where),
        tuple(laid_off),
    )


def decode_result(rules: Rules, data: Any, where: str = "result") -> RoundResult:
    """A :class:`RoundResult` from :func:`encode_result`'s object, under ``rules``."""
    number = _get(data, "round", int, where)
    try:
        spec = rules.round_spec(number)
    except RulesError as error:
        raise ViewJsonError(f"{where}.round: {error}") from None
    if _get(data, "wild_rank", str, where) != str(spec.wild_rank):
        raise ViewJsonError(
            f"{where}.wild_rank is {data['wild_rank']!r}, but round {number} of "
            f"{rules.name!r} has {str(spec.wild_rank)!r} wild"
        )
    hands = _get(data, "hands", list, where)
    arrangements = _get(data, "arrangements", list, where)
    try:
        return RoundResult(
            number=number,
            wild_rank=spec.wild_rank,
            multiplier=_get(data, "multiplier", int, where),
            dealer=_get(data, "dealer", int, where),
            penalties=_ints(_get(data, "penalties", list, where), f"{where}.penalties"),
            hands=tuple(_card_list(h, f"{where}.hands[{i}]") for i, h in enumerate(hands)),
            arrangements=tuple(
                decode_arrangement(a, f"{where}.arrangements[{i}]")
                for i, a in enumerate(arrangements)
            ),
            out_seat=_get(data, "out_seat", (int, type(None)), where),
            ending=_enum(RoundEnd, _get(data, "ending", str, where), f"{where}.ending"),
        )
    except ViewJsonError:
        raise
    except ThreeThirteenError as error:
        raise ViewJsonError(f"{where}: {error}") from None


def decode_event(data: Any, where: str = "event") -> Event:
    """An :class:`Event` from :func:`encode_event`'s object."""
    count = data.get("count", 0) if isinstance(data, Mapping) else 0
    if isinstance(count, bool) or not isinstance(count, int):
        raise ViewJsonError(f"{where}.count has the wrong type: {count!r}")
    return Event(
        _enum(EventKind, _get(data, "kind", str, where), f"{where}.kind"),
        _get(data, "seat", int, where),
        _card_or_none(_get(data, "card", (str, type(None)), where), f"{where}.card"),
        count,
    )


def decode_view(rules: Rules, data: Any) -> PlayerView:
    """The :class:`PlayerView` that :func:`encode_view` wrote ``data`` from (a seat's
    own view, hints or not), under ``rules`` (which the object does not carry).

    ``decode_view(rules, encode_view(view)) == view`` for every view of a seat:
    the JSON object carries everything a seat may know. Raises
    :class:`ViewJsonError` naming the field for anything else.

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> from threethirteen.games.three_thirteen.state import MatchState
    >>> state = MatchState.new(get_rules("bga"), 3, seed=2)
    >>> view = state.view(1)
    >>> decode_view(get_rules("bga"), encode_view(view)) == view
    True
    >>> decode_view(get_rules("bga"), {**encode_view(view), "hand": ["5S", "1Z"]})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threethirteen.games.three_thirteen.view_json.ViewJsonError: view.hand: malformed card '1Z': ...
    """
    where = "view"
    number = _get(data, "round", int, where)
    try:
        spec = rules.round_spec(number)
    except RulesError as error:
        raise ViewJsonError(f"{where}.round: {error}") from None
    players = _get(data, "players", int, where)
    seat = _get(data, "seat", int, where)
    scores = _get(data, "scores", Mapping, where)
    rows = _get(scores, "rows", list, f"{where}.scores")
    drawn_from = _get(data, "drawn_from", (str, type(None)), where)
    table = _get(data, "table_melds", list, where)
    try:
        sheet = ScoreSheet(
            players, tuple(_ints(row, f"{where}.scores.rows[{i}]") for i, row in enumerate(rows))
        )
    except ViewJsonError:
        raise
    except ThreeThirteenError as error:
        raise ViewJsonError(f"{where}.scores: {error}") from None
    legal = []
    for i, text in enumerate(_get(data, "legal_actions", list, where)):
        try:
            legal.append(parse_action(text if isinstance(text, str) else repr(text)))
        except NotationError as error:
            raise ViewJsonError(f"{where}.legal_actions[{i}]: {error}") from None
    return PlayerView(
        rules=rules,
        spec=spec,
        seat=seat,
        players=players,
        phase=_enum(Phase, _get(data, "phase", str, where), f"{where}.phase"),
        current=_get(data, "current", int, where),
        dealer=_get(data, "dealer", int, where),
        hand=_card_list(_get(data, "hand", list, where), f"{where}.hand"),
        drawn=_card_or_none(_get(data, "drawn", (str, type(None)), where), f"{where}.drawn"),
        drawn_from=None if drawn_from is None else _enum(Source, drawn_from, f"{where}.drawn_from"),
        hand_sizes=_ints(_get(data, "hand_sizes", list, where), f"{where}.hand_sizes"),
        discard_pile=_card_list(_get(data, "discard_pile", list, where), f"{where}.discard_pile"),
        stock_size=_get(data, "stock_size", int, where),
        table=tuple(_decode_meld(m, f"{where}.table_melds[{i}]") for i, m in enumerate(table)),
        out_seat=_get(data, "out_seat", (int, type(None)), where),
        turn=_get(data, "turn", int, where),
        scores=sheet,
        results=tuple(
            decode_result(rules, r, f"{where}.results[{i}]")
            for i, r in enumerate(_get(data, "results", list, where))
        ),
        log=EventLog(
            decode_event(e, f"{where}.log[{i}]")
            for i, e in enumerate(_get(data, "log", list, where))
        ),
        legal_actions=tuple(legal),
    )
