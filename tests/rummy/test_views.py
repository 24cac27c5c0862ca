"""What a Rummy seat sees: its own cards and public facts, never another seat's hand
or the stock.

Two checks. Over random matches, every seat's view (as the engine protocol sends it)
names no card that is in another seat's hand or in the stock, but for the cards
this hand's log showed to everyone (taken from the pile, or discarded before the
pile became the stock). And a pair of deals that differ only in cards the viewer
cannot know (swapped between the other seats' hands and the bottom of the stock)
give the viewer equal views at every step of the same play.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from threethirteen.cards import Card
from threethirteen.errors import NotationError, RecordError
from threethirteen.game import SeatView, Stage
from threethirteen.games.rummy.actions import Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.view_json import decode_view, view_to_json
from threethirteen.games.rummy.views import Event, Phase, RummyView

C = Card.parse
CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


def shown_in_log(log: tuple[Event, ...]) -> set[Card]:
    shown: set[Card] = set()
    for event in log:
        shown.update(event.cards_shown)
        if event.taken is not None:
            shown.add(event.taken)
    return shown


def check_view(state: RummyState, seat: int) -> RummyView:
    view = state.view(seat)
    assert isinstance(view, SeatView)
    assert view.seat == seat and view.hand == state.hand(seat)
    assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert view.stock_size == len(state.stock)
    assert (view.table, view.table_owners, view.pile) == (
        state.table,
        state.table_owners,
        state.pile,
    )
    own_turn = seat == state.current and state.stage is Stage.PLAY
    assert view.legal_actions == (state.legal_actions() if own_turn else ())
    assert view.taken == (state.taken if own_turn else None)
    expected_unseen = {c for s in range(state.players) if s != seat for c in state.hand(s)}
    assert set(view.unseen) == expected_unseen | set(state.stock)
    data = view_to_json(view)
    del data["hand"], data["legal_actions"]
    named = {C(text) for text in CARD.findall(json.dumps(data))}
    hidden = {c for s in range(state.players) if s != seat for c in state.hand(s)}
    hidden |= set(state.stock)
    assert not (named & hidden) - shown_in_log(state.log), (seat, str(state))
    return view


def test_views_never_show_another_hand_or_the_stock() -> None:
    for players, seed, rules in [
        (2, 1, Rules(target=30)),
        (3, 2, Rules(target=30, shuffle_stock=True, stock_turns=2)),
        (5, 3, Rules(target=30, cards_dealt=4, discard_taken_card=True)),
    ]:
        state = RummyState.new(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(800):
            if state.stage is Stage.MATCH_OVER:
                break
            for seat in range(players):
                check_view(state, seat)
            if state.stage is Stage.ROUND_OVER:
                state.next_round()
                continue
            legal = state.legal_actions()
            laying = [a for a in legal if isinstance(a, NewMeld | LayOff)]
            state.apply(rng.choice(laying if laying and rng.random() < 0.7 else legal))


def test_a_drawn_card_is_named_to_no_one_else() -> None:
    state = RummyState.stack(None, ["2C 9D KS", "3H 8S JD"], pile="4D", stock="QH 5S")
    state.apply(Draw())
    other = state.view(1)
    assert "5S" not in json.dumps(view_to_json(other))
    assert other.log == (Event(0, Draw()),) and other.hand_sizes == (4, 3)
    assert other.stock_size == 1 and other.top == C("4D")
    assert C("5S") in state.view(0).hand


def test_the_card_taken_from_the_pile_is_public() -> None:
    state = RummyState.stack(None, ["2C 9D KS", "3H 8S JD"], pile="4D", stock="QH 5S")
    state.apply(Take())
    for seat in (0, 1):
        assert state.view(seat).log == (Event(0, Take(), taken=C("4D")),)
    assert state.view(0).taken == C("4D") and state.view(1).taken is None
    assert state.view(1).top is None and state.view(1).pile == ()


def _hidden_twin(state: RummyState) -> RummyState:
    """The same deal but for cards seat 0 cannot know: seat 1's first card swapped with
    seat 2's first, and seat 2's last with the stock's bottom card."""
    hands = [list(hand) for hand in state.hands]
    stock = list(state.stock)
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    hands[2][-1], stock[0] = stock[0], hands[2][-1]
    return RummyState.stack(
        state.rules, hands, pile=state.pile, stock=stock, seed=state.seed, first=state.current
    )


def test_hidden_cards_do_not_change_a_view() -> None:
    for seed in range(6):
        real = RummyState.new(Rules(), 3, seed)
        twin = _hidden_twin(real)
        assert real.hands != twin.hands
        rng = random.Random(seed)
        drawn: Card | None = None
        for _ in range(40):  # fewer draws than the stock holds: its bottom stays hidden
            assert real.view(0) == twin.view(0)
            if real.stage is not Stage.PLAY:
                break
            if real.current == 0:
                action = rng.choice(real.legal_actions())
            elif real.phase is Phase.DRAW:
                action, drawn = Draw(), real.stock[-1]
            else:  # the others discard what they drew: the same card in both deals
                assert drawn is not None
                action = Discard(drawn)
            real.apply(action)
            twin.apply(action)


# -- the JSON form of a view ----------------------------------------------------------------------


def test_every_view_survives_json() -> None:
    rules = Rules(target=30, ace_high=True)
    state = RummyState.new(rules, 3, 12)
    rng = random.Random(12)
    checked = 0
    while state.stage is not Stage.MATCH_OVER and checked < 1_500:
        for seat in range(3):
            view = state.view(seat)
            data = json.loads(json.dumps(view_to_json(view)))
            assert decode_view(data, rules) == view
            checked += 1
        if state.stage is Stage.ROUND_OVER:
            state.next_round()
            continue
        legal = state.legal_actions()
        laying = [a for a in legal if isinstance(a, NewMeld | LayOff)]
        state.apply(rng.choice(laying or legal))


@pytest.mark.parametrize(
    ("field", "value", "error", "message"),
    [
        ("hand", ["5S", "5S"], RecordError, "view.hand: 5S is listed twice"),
        ("hand", ["JK"], NotationError, "view.hand: Rummy has no jokers"),
        ("phase", "lead", RecordError, "view.phase is 'lead'; known: draw, meld"),
        ("target", 7, RecordError, "view.target is 7, but the rules play to 100"),
        ("hand_sizes", [10, -2], RecordError, "view.hand_sizes must be 2 whole numbers"),
        ("stock_size", 53, RecordError, "view.stock_size must be a whole number 0 to 52"),
        (
            "table",
            [{"cards": ["4H", "5H", "7H"], "kind": "run", "owner": 0}],
            RecordError,
            "view.table[0]: '4H 5H 7H' is not a meld",
        ),
        (
            "table",
            [{"cards": ["6H", "5H", "4H"], "kind": "run", "owner": 0}],
            RecordError,
            "view.table[0].cards are not in meld order",
        ),
        (
            "log",
            [{"seat": 0, "action": "draw", "taken": "5S", "went_out": False, "rebuilt": False}],
            RecordError,
            "view.log[0].taken names the card of a take, and only of a take",
        ),
        ("legal_actions", ["dance"], NotationError, "view.legal_actions[0]: malformed action"),
    ],
)
def test_a_bad_view_object_says_where(
    field: str, value: object, error: type[Exception], message: str
) -> None:
    view = RummyState.new(None, 2, 1).view(0)
    data = {**view_to_json(view), field: value}
    with pytest.raises(error) as caught:
        decode_view(data, view.rules)
    assert message in str(caught.value)
