"""Player views: what a seat sees, the public log, hidden-card invariance, unseen cards."""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections import Counter

import pytest

import threethirteen.games.three_thirteen.views as views_module
from threethirteen.actions import Discard, Draw, GoOut, Source, parse_action
from threethirteen.bots import make_bot
from threethirteen.cards import Card, make_shoe, parse_cards
from threethirteen.rules import get_rules
from threethirteen.state import MatchState, Phase
from threethirteen.views import (
    Event,
    EventKind,
    EventLog,
    PlayerView,
    known_holdings,
    unseen_cards,
)

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")


def play(state: MatchState, *moves: str) -> None:
    for move in moves:
        state.apply(parse_action(move))


def stacked() -> MatchState:
    """Three seats, 3s wild; seat 0 deals, seat 1 starts."""
    state = MatchState.new(CLASSIC, 3, seed=11)
    state.stack(["KS QD 10H", "7H 8H KD", "2S 2D JC"], up="4C", stock_top="9H 2H 5C 6D")
    return state


def reshuffle_hidden(state: MatchState, viewer: int, rng: random.Random) -> MatchState:
    """A copy with every card the viewer cannot see dealt anew: other hands and the stock."""
    other = state.copy()
    seats = [s for s in range(state.players) if s != viewer]
    hidden = [c for s in seats for c in other._hands[s]] + other._stock
    rng.shuffle(hidden)
    for s in seats:
        size = len(other._hands[s])
        other._hands[s], hidden = hidden[:size], hidden[size:]
    other._stock = hidden
    other._legal = None
    other._reset_out_cache()
    return other


def test_a_view_holds_the_own_hand_sorted_and_only_counts_of_others() -> None:
    state = stacked()
    view = state.view(1)
    assert isinstance(view, PlayerView)
    assert view.seat == 1 and view.players == 3 and view.dealer == 0
    assert view.hand == parse_cards("7H 8H KD")
    assert view.hand_sizes == (3, 3, 3)
    assert view.discard_pile == parse_cards("4C") and view.top_discard == Card.parse("4C")
    assert view.stock_size == state.stock_size
    assert view.round_number == 1 and view.wild_rank == state.wild_rank
    assert view.is_my_turn and not view.is_final_turn
    assert view.legal_actions == state.legal_actions()
    # a seat whose turn it is not has no legal actions
    assert state.view(0).legal_actions == () and not state.view(0).is_my_turn


def test_the_drawn_card_shows_to_its_drawer_only() -> None:
    state = stacked()
    play(state, "draw stock")
    assert state.view(1).drawn == Card.parse("9H")
    assert state.view(1).drawn_from is Source.STOCK
    assert state.view(1).hand == parse_cards("7H 8H 9H KD")
    for seat in (0, 2):
        assert state.view(seat).drawn is None and state.view(seat).drawn_from is None
        assert state.view(seat).hand_sizes == (3, 4, 3)


def test_public_log_hides_stock_draws_and_shows_the_rest() -> None:
    state = stacked()
    play(state, "draw stock", "discard KD", "draw discard", "discard JC")
    assert state.log[0].card == Card.parse("9H")  # the state is omniscient
    for seat in range(3):
        log = state.view(seat).log
        assert [e.kind for e in log] == [
            EventKind.DRAW_STOCK,
            EventKind.DISCARD,
            EventKind.DRAW_DISCARD,
            EventKind.DISCARD,
        ]
        assert log[0].card is None  # nobody's view shows a stock draw's card
        assert [e.card for e in log[1:]] == list(parse_cards("KD KD JC"))
        assert [e.action for e in log] == [
            Draw(Source.STOCK),
            Discard(Card.parse("KD")),
            Draw(Source.DISCARD),
            Discard(Card.parse("JC")),
        ]


def test_view_is_unchanged_when_hidden_cards_change() -> None:
    rng = random.Random(1)
    state = MatchState.new(get_rules("bga"), 4, seed=5)
    moves = 0
    while moves < 30:
        for viewer in range(4):
            other = reshuffle_hidden(state, viewer, rng)
            assert other.hands != state.hands or other._stock != state._stock
            assert other.view(viewer) == state.view(viewer)
        legal = state.legal_actions()
        state.apply(next((a for a in legal if not isinstance(a, GoOut)), legal[0]))
        moves += 1


def test_view_changes_when_the_own_hand_changes() -> None:
    # the negative control: the comparison above would see a difference
    state = stacked()
    other = state.copy()
    other._hands[1] = list(parse_cards("7H 8H KS"))
    assert other.view(1) != state.view(1)
    assert other.view(0) == state.view(0)


def test_unseen_cards_and_known_holdings() -> None:
    state = stacked()
    shoe_size = 104
    view = state.view(0)
    unseen = unseen_cards(view)
    assert sum(unseen.values()) == shoe_size - 3 - 1  # own hand and the up card
    assert sum(unseen.values()) == view.stock_size + 3 + 3
    assert unseen[Card.parse("4C")] == 1  # two decks: the other 4C is somewhere
    play(state, "draw discard")  # seat 1 takes the 4C
    view = state.view(0)
    assert known_holdings(view)[1] == Counter(parse_cards("4C"))
    assert unseen_cards(view)[Card.parse("4C")] == 1
    assert sum(unseen_cards(view).values()) == view.stock_size + 4 + 3 - 1
    play(state, "discard 4C")  # back on the pile: no longer known to be held
    view = state.view(0)
    assert known_holdings(view)[1] == Counter()
    assert unseen_cards(view)[Card.parse("4C")] == 1
    assert known_holdings(view)[0] == Counter(view.hand)


def test_unseen_cards_exclude_the_table_and_the_out_seat_holds_nothing() -> None:
    state = stacked()
    play(state, "draw stock", "out KD")
    view = state.view(2)
    assert view.is_final_turn and view.out_seat == 1
    assert [Counter(m.cards) for m in view.table] == [Counter(parse_cards("7H 8H 9H"))]
    assert known_holdings(view)[1] == Counter()
    unseen = unseen_cards(view)
    full = Counter(make_shoe(2, 0))
    seen = Counter(view.hand) + Counter(view.discard_pile) + Counter(parse_cards("7H 8H 9H"))
    assert unseen == full - seen
    assert sum(unseen.values()) == view.stock_size + view.hand_sizes[0]


def test_round_over_view_reveals_the_round() -> None:
    state = stacked()
    play(state, "draw stock", "out KD", "draw stock", "discard JC", "draw stock", "discard KS")
    view = state.view(2)
    assert view.phase is Phase.ROUND_OVER and view.legal_actions == ()
    assert view.results == state.results
    assert view.results[-1].hands[0] == parse_cards("10H QD 5C")
    assert view.scores == state.scores


# -- views are snapshots: cheap to take, unchanged by what happens later -------------


def public_log(state: MatchState) -> tuple[Event, ...]:
    return tuple(event.public() for event in state.log)


def frozen_copy(view: PlayerView) -> tuple[object, ...]:
    """Every field of ``view`` as plain values (the log as a tuple)."""
    return tuple(
        tuple(value) if isinstance(value, EventLog) else value
        for value in (getattr(view, f.name) for f in dataclasses.fields(view))
    )


def test_a_view_does_not_change_when_the_state_moves_on() -> None:
    rules = get_rules("classic").with_options(hand_sizes=(3, 4), turn_limit=40)
    state = MatchState.new(rules, 3, seed=4)
    taken: list[tuple[PlayerView, tuple[object, ...], MatchState]] = []
    bot = make_bot("random", 1)
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.ROUND_OVER:
            state.next_round()
            continue
        for seat in range(3):
            view = state.view(seat)
            assert view.log == public_log(state)
            taken.append((view, frozen_copy(view), state.copy()))
        state.apply(bot.choose(state.view(state.current)))
    assert any(view.round_number == 2 for view, _, _ in taken)
    for view, fields, then in taken:  # every field reads as it did, the log included
        assert frozen_copy(view) == fields
        assert view == then.view(view.seat)


def test_copies_share_the_public_log_and_keep_their_own_events() -> None:
    state = stacked()
    play(state, "draw stock", "discard KD")
    before = state.view(2)
    twin = state.copy()
    play(state, "draw discard", "discard JC")  # the original logs first ...
    play(twin, "draw stock", "discard 2S")  # ... then the copy: it must not see those
    play(state, "draw stock")
    for each in (state, twin):
        assert each.view(0).log == public_log(each)
    assert [str(e) for e in twin.view(0).log[2:]] == ["seat 2: draw stock", "seat 2: discard 2S"]
    assert len(state.view(0).log) == 5 and len(before.log) == 2
    assert before == stacked_after_two_moves().view(2)


def stacked_after_two_moves() -> MatchState:
    state = stacked()
    play(state, "draw stock", "discard KD")
    return state


def test_the_event_log_reads_like_a_tuple() -> None:
    state = stacked()
    play(state, "draw stock", "discard KD", "draw discard", "discard JC")
    log = state.view(0).log
    assert isinstance(log, EventLog)
    events = public_log(state)
    assert len(log) == 4 and list(log) == list(events) and tuple(log) == events
    assert log[0] == events[0] and log[-1] == events[-1] and log[-4] == events[0]
    assert log[1:3] == events[1:3] and log[::-1] == events[::-1] and log[5:] == ()
    for bad in (4, -5):
        with pytest.raises(IndexError):
            log[bad]
    assert log == events and events == log and log != list(events)
    assert log == EventLog(events) and hash(log) == hash(events)
    assert events[2] in log and log.index(events[3]) == 3
    assert list(reversed(log)) == list(reversed(events))
    shorter = state.view(0)
    play(state, "draw stock")
    assert shorter.log == events and len(state.view(0).log) == 5
    assert pickle.loads(pickle.dumps(shorter.log)) == events
    assert eval(repr(log), vars(views_module)) == log
