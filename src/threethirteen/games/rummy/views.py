"""What one Rummy seat may see: :class:`RummyView`, the phases, and the log entries.

Visibility is decided by owner: a view holds the viewer's own hand and only
public facts about the others (how many cards each holds, the melds on the
table and who laid each, the discard pile, how many cards the stock holds, the
card a seat took from the pile, the totals and this hand's log). It never holds
another seat's cards, nor the stock's cards or order, nor the cards anyone drew
from the stock. Views are made by
:meth:`threethirteen.games.rummy.state.RummyState.view`; bots and front ends
receive views, never the state.

This module also holds :class:`Phase`, which a view shares with the state, and
:class:`Event`, one entry of a hand's log.

>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.stack(None, ["4H 5H 6H 9S", "2C 3D 8C 9C"], pile="7H", stock="KD QD")
>>> _ = state.apply(state.legal_actions()[1])  # take 7H
>>> view = state.view(1)
>>> view.hand, view.hand_sizes, view.top, view.is_my_turn
((Card.parse('2C'), Card.parse('3D'), Card.parse('8C'), Card.parse('9C')), (5, 4), None, False)
>>> [str(e) for e in view.log], state.view(0).taken
(['seat 0: take 7H'], Card.parse('7H'))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from threethirteen.cards import Card, standard_deck
from threethirteen.game import Stage
from threethirteen.games.rummy.actions import Action, Discard, LayOff, NewMeld, sort_cards
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.scoring import RoundResult

__all__ = ["Event", "Phase", "RummyView"]


class Phase(enum.Enum):
    """Where a Rummy match stands, and what the seat to act may do."""

    DRAW = "draw"  # the seat draws from the stock or takes the pile's top
    MELD = "meld"  # the seat melds and lays off, any number of times, then discards
    ROUND_OVER = "round-over"  # the hand is scored; next_round() deals the next one
    MATCH_OVER = "match-over"  # the match is decided

    @property
    def stage(self) -> Stage:
        """The shared :class:`~threethirteen.game.Stage`: ``DRAW`` and ``MELD`` are ``PLAY``.

        >>> Phase.MELD.stage
        Stage.PLAY
        """
        return _STAGES[self]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


_STAGES = {
    Phase.DRAW: Stage.PLAY,
    Phase.MELD: Stage.PLAY,
    Phase.ROUND_OVER: Stage.ROUND_OVER,
    Phase.MATCH_OVER: Stage.MATCH_OVER,
}


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a hand's log: a seat's action and what it did.

    ``taken`` is the card a ``take`` took from the pile (public; a card drawn from
    the stock is never named); ``went_out`` says the action emptied the seat's hand;
    ``rebuilt`` says that after this discard the stock was empty and was rebuilt
    from the pile for the next seat's draw.

    >>> from threethirteen.games.rummy.actions import Take
    >>> str(Event(1, Take(), taken=Card.parse("7H")))
    'seat 1: take 7H'
    >>> str(Event(0, Discard(Card.parse("KC")), went_out=True))
    'seat 0: discard KC (out)'
    """

    seat: int
    action: Action
    taken: Card | None = None
    went_out: bool = False
    rebuilt: bool = False

    @property
    def cards_shown(self) -> tuple[Card, ...]:
        """The cards this action put face up on the table or the pile."""
        action = self.action
        if isinstance(action, NewMeld):
            return action.cards
        if isinstance(action, LayOff | Discard):
            return (action.card,)
        return ()

    def __str__(self) -> str:
        text = f"seat {self.seat}: {self.action}"
        if self.taken is not None:
            text += f" {self.taken}"
        notes = []
        if self.went_out:
            notes.append("out")
        if self.rebuilt:
            notes.append("stock rebuilt")
        return text + (f" ({', '.join(notes)})" if notes else "")


@dataclass(frozen=True, slots=True)
class RummyView:
    """Everything seat ``seat`` may know: its hand and the public state of the match.

    ``hand`` is sorted by rank then suit; ``hand_sizes`` counts every seat's cards;
    ``table`` holds the melds laid down this hand (number ``i + 1`` is
    ``table[i]``) and ``table_owners`` the seat that laid each down; ``pile`` is
    the discard pile, bottom first and top last; ``stock_size`` how many cards
    the stock holds; ``rebuilds`` how many times the stock was rebuilt this hand;
    ``taken`` the card this seat took from the pile this turn (None otherwise);
    ``laid`` the seats that have melded or laid off this hand; ``log`` this
    hand's events; ``legal_actions`` the seat's choices, empty when it is not
    the seat's turn; ``winners`` the match's winners once it is decided.
    """

    rules: Rules
    players: int
    seat: int
    phase: Phase
    current: int
    round_number: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Meld, ...]
    table_owners: tuple[int, ...]
    pile: tuple[Card, ...]
    stock_size: int
    rebuilds: int
    taken: Card | None
    laid: frozenset[int]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    log: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    winners: tuple[int, ...]

    @property
    def stage(self) -> Stage:
        return self.phase.stage

    @property
    def is_my_turn(self) -> bool:
        return bool(self.legal_actions)

    @property
    def top(self) -> Card | None:
        """The discard pile's top card, None when the pile is empty."""
        return self.pile[-1] if self.pile else None

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards not in this seat's hand, on the table or in the pile (in the
        others' hands or the stock), by rank then suit."""
        known = set(self.hand) | set(self.pile)
        for meld in self.table:
            known.update(meld.cards)
        return sort_cards(card for card in standard_deck() if card not in known)
