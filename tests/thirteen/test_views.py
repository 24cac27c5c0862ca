"""What a Thirteen seat sees: its own cards and public facts, never another seat's cards.

The no-leak test builds pairs of matches that differ only in cards the viewer
cannot know (other seats' unplayed cards, swapped between them, and with two or
three players the cards left out of the deal), plays the same actions in both,
and checks that the viewer's views are equal at every step.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from threethirteen.cards import Card, parse_cards
from threethirteen.game import SeatView, Stage
from threethirteen.games.thirteen.actions import Action, Pass, parse_action
from threethirteen.games.thirteen.combos import Combo
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase, ThirteenView

C = Card.parse
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
ALL_CARDS = [Card.parse(f"{rank}{suit}") for rank in RANKS for suit in "SCDH"]


def play_randomly(
    players: int, seed: int, steps: int
) -> tuple[tuple[tuple[Card, ...], ...], list[Action]]:
    """A round-1 deal and ``steps`` random legal actions in it (fewer if it ends)."""
    state = ThirteenState.new(None, players, seed=seed)
    deal = state.hands
    rng = random.Random(seed)
    done: list[Action] = []
    while len(done) < steps and state.phase in (Phase.LEAD, Phase.FOLLOW):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        done.append(action)
    return deal, done


def _order(card: Card) -> int:
    return ALL_CARDS.index(card)


# Cards compare by their place in the deck's order here (Card has no order of its own).
def _above(card: Card, bound: Card) -> bool:
    return _order(card) > _order(bound)


def replayed(
    hands: list[list[Card]] | tuple[tuple[Card, ...], ...], actions: list[Action]
) -> Iterator[ThirteenState]:
    state = ThirteenState.stack(None, [list(h) for h in hands])
    yield state
    for action in actions:
        state.apply(action)
        yield state


def swapped_deal(
    deal: tuple[tuple[Card, ...], ...], actions: list[Action], viewer: int, seed: int
) -> list[list[Card]]:
    played = {card for a in actions if not isinstance(a, Pass) for card in a.cards}
    keep = ThirteenState.stack(None, [list(h) for h in deal]).first_lead_card
    assert keep is not None
    hands = [list(hand) for hand in deal]
    dealt = {card for hand in deal for card in hand}
    others = [seat for seat in range(len(deal)) if seat != viewer]
    pool = [c for seat in others for c in hands[seat] if c not in played and c != keep]
    pool += [c for c in ALL_CARDS if c not in dealt and _above(c, keep)]
    rng = random.Random(seed)
    rng.shuffle(pool)
    for seat in others:
        fixed = [c for c in hands[seat] if c in played or c == keep]
        need = len(hands[seat]) - len(fixed)
        hands[seat] = fixed + [pool.pop() for _ in range(need)]
    return hands


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_views_do_not_depend_on_other_seats_hidden_cards(players: int, seed: int) -> None:
    deal, actions = play_randomly(players, seed, steps=5 + 7 * seed)
    differing = 0
    for viewer in range(players):
        other = swapped_deal(deal, actions, viewer, seed * 10 + viewer)
        assert other[viewer] == list(deal[viewer])
        differing += [set(h) for h in deal] != [set(h) for h in other]
        for one, two in zip(replayed(deal, actions), replayed(other, actions), strict=True):
            assert one.view(viewer) == two.view(viewer)
    assert differing >= players - 1  # the swaps did hide something different


def test_the_swap_really_changes_what_the_view_would_show_of_the_viewer() -> None:
    # The comparison can fail: swap one of the viewer's own unplayed cards instead.
    deal = (parse_cards("3S 5D 9H"), parse_cards("4S 6C KD"))
    moved = [list(parse_cards("3S 5D 9H")), list(parse_cards("4S 6C AD"))]
    one = ThirteenState.stack(None, [list(h) for h in deal])
    two = ThirteenState.stack(None, moved)
    assert one.view(0) == two.view(0)  # seat 1's KD or AD: seat 0 cannot tell
    assert one.view(1) != two.view(1)


def _cards_in(value: Any) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _cards_in(getattr(value, f.name))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_view_holds_no_card_but_its_own_and_the_played(players: int) -> None:
    deal, actions = play_randomly(players, 77, steps=25)
    for state in replayed(deal, actions):
        for seat in range(players):
            view = state.view(seat)
            allowed = set(view.hand) | set(view.played) | {view.first_lead_card}
            fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
            fields.pop("rules")
            assert set(_cards_in(list(fields.values()))) <= allowed


def test_view_fields_at_a_known_position() -> None:
    state = ThirteenState.stack(None, ["3S 4S KH", "5S 9D", "6S 10D", "7S JD"], totals=(1, 2, 3, 4))
    for text in ["3S", "pass", "6S"]:
        state.apply(parse_action(text))
    view = state.view(3)
    assert isinstance(view, ThirteenView) and isinstance(view, SeatView)
    assert (view.seat, view.players, view.round_number) == (3, 4, 1)
    assert (view.phase, view.stage, view.current, view.is_my_turn) == (
        Phase.FOLLOW,
        Stage.PLAY,
        3,
        True,
    )
    assert view.hand == (C("7S"), C("JD"))
    assert view.hand_sizes == (2, 2, 1, 2)
    assert view.table == Combo.parse("6S") and view.table_owner == 2
    assert view.passed == {1}
    assert view.finished == ()
    assert view.totals == (1, 2, 3, 4)
    assert (view.leader, view.first_lead_card) == (0, C("3S"))
    assert [str(e) for e in view.log] == ["seat 0: play 3S", "seat 1: pass", "seat 2: play 6S"]
    assert view.played == (C("3S"), C("6S"))
    assert [str(a) for a in view.legal_actions] == ["pass", "play 7S", "play JD"]
    assert [str(a) for a in view.plays] == ["play 7S", "play JD"]
    assert len(view.unseen) == 52 - 2 - 2
    assert C("KH") in view.unseen and C("7S") not in view.unseen
    assert view.winners == ()
    # another seat's view: no legal actions when it is not its turn
    other = state.view(0)
    assert other.legal_actions == () and not other.is_my_turn
    assert other.hand == (C("4S"), C("KH"))


def test_views_after_the_round_show_the_finishing_order_and_points() -> None:
    state = ThirteenState.stack(None, ["3S", "4S", "5S 6S"])
    state.apply(parse_action("3S"))
    state.apply(parse_action("4S"))
    view = state.view(2)
    assert view.phase is Phase.ROUND_OVER and view.stage is Stage.ROUND_OVER
    assert view.finished == (0, 1, 2)
    assert view.results[-1].points == (3, 2, 1)
    assert view.totals == (3, 2, 1)
    assert view.legal_actions == ()
    assert [str(e) for e in view.log] == ["seat 0: play 3S (out)", "seat 1: play 4S (out)"]


def test_a_cleared_table_is_logged() -> None:
    state = ThirteenState.stack(None, ["3S 9H", "4S 5S"])
    for text in ["3S", "4S", "pass"]:
        state.apply(parse_action(text))
    assert str(state.view(0).log[-1]) == "seat 0: pass (table clears)"
    assert state.view(0).table is None


def test_a_bad_seat_has_no_view() -> None:
    state = ThirteenState.new(None, 2, seed=1)
    with pytest.raises(ValueError, match="no seat 2 at a table of 2"):
        state.view(2)
