"""What one seat may see: :class:`PlayerView`, the public log, and the unseen cards.

Visibility is decided by owner, never by phase: a view holds the viewer's own
hand, the card it drew this turn, and only public facts about everyone else
(card counts, the whole discard pile, the table, the stock's size, the score
sheet, the hands revealed by past rounds, and a public log in which a draw from
the stock shows no card). Views are built only by
:meth:`threethirteen.games.three_thirteen.state.MatchState.view`; bots, the terminal and the server
receive views, never the state.

This module also holds the two enums a view shares with the state,
:class:`Phase` and :class:`EventKind`, the log entry :class:`Event`, and
:class:`EventLog`, the read-only sequence a view's log is.

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic").with_options(first_dealer="first-seat"), 3, seed=7)
>>> view = state.view(1)
>>> view.phase, view.current, view.is_my_turn, len(view.hand), view.hand_sizes
(Phase.DRAW, 1, True, 3, (3, 3, 3))
>>> [str(a) for a in view.legal_actions]
['draw stock', 'draw discard']
>>> sum(unseen_cards(view).values()) == view.stock_size + 3 + 3
True
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from threethirteen.cards import Card, Rank, make_shoe
from threethirteen.games.three_thirteen.actions import Action, Discard, Draw, GoOut, Source
from threethirteen.games.three_thirteen.rules import RoundSpec, Rules
from threethirteen.games.three_thirteen.scoring import RoundResult, ScoreSheet
from threethirteen.games.three_thirteen.solver import Meld

__all__ = [
    "Event",
    "EventKind",
    "EventLog",
    "Phase",
    "PlayerView",
    "Turn",
    "known_holdings",
    "round_turns",
    "unseen_cards",
]


class Phase(enum.Enum):
    """The phase of a match: whose move it is and what kind of move is legal."""

    DRAW = "draw"  # the current seat draws from the stock or takes the discard
    DISCARD = "discard"  # the current seat discards, or goes out
    ROUND_OVER = "round-over"  # the round is scored; next_round() deals the next one
    MATCH_OVER = "match-over"  # every round is played

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class EventKind(enum.Enum):
    """What one entry of a round's log records."""

    DRAW_STOCK = "draw-stock"
    DRAW_DISCARD = "draw-discard"
    DISCARD = "discard"
    GO_OUT = "go-out"
    RESHUFFLE = "reshuffle"  # the discard pile but its top became the new stock

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"EventKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a round's log.

    ``card`` is the card drawn, taken, discarded or gone out with; in a public
    log (a view's) a draw from the stock has ``card=None``. A ``RESHUFFLE`` is
    logged just before the stock draw that needed it; ``seat`` is the drawer and
    ``count`` the number of cards shuffled into the new stock.
    """

    kind: EventKind
    seat: int
    card: Card | None = None
    count: int = 0

    @property
    def action(self) -> Action | None:
        """The action this entry records; None for a ``RESHUFFLE``."""
        if self.kind is EventKind.DRAW_STOCK:
            return Draw(Source.STOCK)
        if self.kind is EventKind.DRAW_DISCARD:
            return Draw(Source.DISCARD)
        if self.card is None:
            return None
        if self.kind is EventKind.DISCARD:
            return Discard(self.card)
        if self.kind is EventKind.GO_OUT:
            return GoOut(self.card)
        return None

    def public(self) -> Event:
        """The entry as every seat sees it: a stock draw loses its card."""
        if self.kind is EventKind.DRAW_STOCK and self.card is not None:
            return Event(self.kind, self.seat)
        return self

    def __str__(self) -> str:
        if self.kind is EventKind.RESHUFFLE:
            return f"seat {self.seat}: {self.count} cards of the discard pile reshuffled as stock"
        text = f"seat {self.seat}: {self.action}"
        if self.kind in (EventKind.DRAW_STOCK, EventKind.DRAW_DISCARD) and self.card is not None:
            text += f" -> {self.card}"
        return text


class EventLog(Sequence[Event]):
    """A round's public log as a view holds it: an immutable sequence of events.

    The state keeps each round's public log in one list that it only appends to
    (a new round gets a new list), and a view's log is a prefix of that list:
    taking a view costs no copy, and the view still reads the same events after
    the state moves on. ``EventLog(events)`` copies ``events``.

    It compares equal to a tuple (or another log) of the same events, and hashes
    like that tuple; slicing gives a tuple.

    >>> seven = Card.parse("7H")
    >>> log = EventLog([Event(EventKind.DRAW_STOCK, 0), Event(EventKind.DISCARD, 0, seven)])
    >>> len(log), log[-1].card, log == (log[0], log[1])
    (2, Card.parse('7H'), True)
    """

    __slots__ = ("_events", "_length")

    _events: list[Event]
    _length: int

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._events = list(events)
        self._length = len(self._events)

    @classmethod
    def _prefix(cls, events: list[Event], length: int) -> EventLog:
        """The first ``length`` entries of ``events``, shared, not copied.

        The caller promises never to change those entries (appending is fine).
        """
        log = cls.__new__(cls)
        log._events = events
        log._length = length
        return log

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self._events[: self._length][index])
        length = self._length
        position = index + length if index < 0 else index
        if not 0 <= position < length:
            raise IndexError(f"event log index {index} out of range (length {length})")
        return self._events[position]

    def __iter__(self) -> Iterator[Event]:
        return itertools.islice(self._events, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            if other._events is self._events:
                return other._length == self._length
            return len(other) == self._length and tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return len(other) == self._length and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle the prefix only, not the whole shared list
        return (EventLog, (list(self),))

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything seat ``seat`` may know at one moment, and nothing else.

    Hidden from it: the other hands (only their sizes show), the stock's order
    and contents, and the card another seat drew from the stock. ``hand`` is
    sorted by suit then rank (jokers last), so it does not reveal the order of
    draws. ``legal_actions`` is empty unless it is the viewer's move.
    ``results`` holds past rounds with every hand revealed (public once scored).
    """

    rules: Rules
    spec: RoundSpec
    seat: int
    players: int
    phase: Phase
    current: int
    dealer: int
    hand: tuple[Card, ...]
    drawn: Card | None  # the card the viewer drew this turn, while it is to discard
    drawn_from: Source | None
    hand_sizes: tuple[int, ...]  # cards held by every seat, the viewer's included
    discard_pile: tuple[Card, ...]  # bottom first; the last card is the top
    stock_size: int
    table: tuple[Meld, ...]  # the melds of the player who went out
    out_seat: int | None
    turn: int  # turns completed this round
    scores: ScoreSheet
    results: tuple[RoundResult, ...]
    log: Sequence[Event]  # this round's public log (an EventLog from a state)
    legal_actions: tuple[Action, ...]

    @property
    def round_number(self) -> int:
        return self.spec.number

    @property
    def wild_rank(self) -> Rank:
        return self.spec.wild_rank

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def is_my_turn(self) -> bool:
        return self.current == self.seat and self.phase in (Phase.DRAW, Phase.DISCARD)

    @property
    def is_final_turn(self) -> bool:
        """True while somebody has gone out and the current seat plays its last turn."""
        return self.out_seat is not None and self.phase in (Phase.DRAW, Phase.DISCARD)


def known_holdings(view: PlayerView) -> tuple[Counter[Card], ...]:
    """Per seat, cards it is known to hold from the public log (the viewer's: its hand).

    A card taken from the discard pile is known to be held until the seat
    discards a card equal to it (two decks: an equal card is indistinguishable).
    The seat that went out holds nothing: its cards are on the table.
    """
    known: list[Counter[Card]] = [Counter() for _ in range(view.players)]
    for event in view.log:
        held = known[event.seat]
        if event.kind is EventKind.DRAW_DISCARD and event.card is not None:
            held[event.card] += 1
        elif event.kind in (EventKind.DISCARD, EventKind.GO_OUT) and event.card is not None:
            if held[event.card] > 0:
                held[event.card] -= 1
            if event.kind is EventKind.GO_OUT:
                held.clear()
    known[view.seat] = Counter(view.hand)
    return tuple(+held for held in known)


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a seat this round, as the public log tells it.

    ``source`` is where it drew from; ``top`` the card on the pile when it drew
    (taken, or refused for a stock draw; ``None`` on an empty pile);
    ``discard`` the card it threw (``None`` while it has not yet), ``out``
    whether it went out with it, ``final`` whether another seat had gone out
    before (a final turn: the seat plays for its deadwood alone).
    """

    source: Source
    top: Card | None
    discard: Card | None = None
    out: bool = False
    final: bool = False


def round_turns(view: PlayerView) -> tuple[tuple[Turn, ...], ...]:
    """Per seat, its turns of this round in order, replayed from the public log.

    The one replay of the pile that the readers of the log share (the search's
    world weights, the heuristic's card counting, the inference of hands). The
    round's first up card is not in the log: it is named by the first time it
    is taken, or by the bottom of the pile while it is still there; a stock draw
    that passed over it before it was reshuffled unseen has ``top=None``.
    """
    pile: list[Card | None] = [_first_up_card(view)]
    turns: list[list[Turn]] = [[] for _ in range(view.players)]
    final = False  # has a seat gone out?
    for event in view.log:
        mine = turns[event.seat]
        if event.kind is EventKind.DRAW_STOCK:
            mine.append(Turn(Source.STOCK, pile[-1] if pile else None, final=final))
        elif event.kind is EventKind.DRAW_DISCARD:
            if pile:
                pile.pop()
            mine.append(Turn(Source.DISCARD, event.card, final=final))
        elif event.kind in (EventKind.DISCARD, EventKind.GO_OUT) and mine:
            out = event.kind is EventKind.GO_OUT
            last = mine[-1]
            mine[-1] = Turn(last.source, last.top, event.card, out, last.final)
            pile.append(event.card)
            final = final or out
        elif event.kind is EventKind.RESHUFFLE:
            pile = pile[-1:]
    return tuple(tuple(seat_turns) for seat_turns in turns)


def _first_up_card(view: PlayerView) -> Card | None:
    """The card turned up at the deal, when the public log and pile still tell it."""
    depth = 1  # cards on the pile, the up card at the bottom
    for event in view.log:
        if event.kind is EventKind.RESHUFFLE:
            return None
        if event.kind is EventKind.DRAW_DISCARD:
            if depth == 1:
                return event.card
            depth -= 1
        elif event.kind in (EventKind.DISCARD, EventKind.GO_OUT):
            depth += 1
    return view.discard_pile[0] if view.discard_pile else None


def unseen_cards(view: PlayerView) -> Counter[Card]:
    """The cards whose place the viewer does not know: the shoe minus what it has seen.

    Seen: its own hand, the discard pile, the melds on the table, and the cards
    other seats are known to hold (see :func:`known_holdings`). What is left is
    spread over the stock and the unknown part of the other hands, so its size
    is ``stock_size`` plus the other hands' sizes minus their known cards; a
    search bot deals these at random to resample the hidden state.
    """
    shoe = _shoe_counts(view.rules.decks_for(view.players), view.rules.jokers)
    seen: Counter[Card] = Counter(view.discard_pile)
    for meld in view.table:
        seen.update(meld.cards)
    for held in known_holdings(view):
        seen.update(held)
    return shoe - seen


@functools.lru_cache(maxsize=16)
def _shoe_counts(decks: int, jokers: int) -> Counter[Card]:
    """The shoe's copies of each card; cached because bots ask at every decision.

    Callers must not change the counter (``shoe - seen`` builds a new one).
    """
    return Counter(make_shoe(decks, jokers))
