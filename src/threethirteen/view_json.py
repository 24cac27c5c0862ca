"""The JSON form of what a seat sees: its view, round results, scores and log events.

This is the ``view`` object of ``docs/protocol.md``: the web app sends it to
its clients (:mod:`threethirteen.server.protocol`) and the lab to its engines
(:mod:`threethirteen.engines`). Every function builds plain JSON-ready values
from a :class:`~threethirteen.views.PlayerView` (or what a view holds), so
nothing a seat may not see can get in. No I/O: ``json.dumps`` is the caller's.

>>> from threethirteen.rules import get_rules
>>> from threethirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic"), 2, seed=4)
>>> data = encode_view(state.view(0))
>>> data["hand"], data["legal_actions"], data["best_discard"]
(['5S', '7S', '7H'], ['draw stock', 'draw discard'], None)
>>> encode_view(state.view(0), own=False)["hand"] is None
True
"""

from __future__ import annotations

from typing import Any

from threethirteen.actions import Discard, GoOut
from threethirteen.melds import Arrangement, HandSolver, Meld
from threethirteen.scoring import RoundResult, ScoreSheet
from threethirteen.views import Event, Phase, PlayerView

__all__ = [
    "Arrangements",
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
