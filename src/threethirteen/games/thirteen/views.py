"""What one Thirteen seat may see: :class:`ThirteenView`, the phases, and the log entries.

Visibility is decided by owner: a view holds the viewer's own hand and only
public facts about the others (how many cards each holds, the table and who
played it, who passed, the finishing order, the totals, every play and pass of
the round, and so the cards played so far). It never holds another seat's cards,
nor, with two or three players, the cards left out of the deal. Views are made
by :meth:`threethirteen.games.thirteen.state.ThirteenState.view`; bots and
front ends receive views, never the state.

This module also holds :class:`Phase`, which a view shares with the state, and
:class:`Event`, one entry of a round's log.

>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.stack(None, ["3S 9H", "4S 5S", "JD QD"])
>>> view = state.view(1)
>>> view.hand, view.hand_sizes, view.current, view.is_my_turn
((Card.parse('4S'), Card.parse('5S')), (2, 2, 2), 0, False)
>>> _ = state.apply(state.legal_actions()[0])
>>> view = state.view(1)
>>> [str(e) for e in view.log], [str(a) for a in view.legal_actions]
(['seat 0: play 3S'], ['pass', 'play 4S', 'play 5S'])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from threethirteen.cards import Card
from threethirteen.game import Stage
from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.cards import deck, sort_cards
from threethirteen.games.thirteen.combos import Combo
from threethirteen.games.thirteen.rules import Rules
from threethirteen.games.thirteen.scoring import RoundResult

__all__ = ["Event", "Phase", "ThirteenView"]


class Phase(enum.Enum):
    """Where a Thirteen match stands, and what the seat to act may do."""

    LEAD = "lead"  # the table is empty: the seat plays any combination; no pass
    FOLLOW = "follow"  # the seat beats the table or passes
    ROUND_OVER = "round-over"  # the round is scored; next_round() deals the next one
    MATCH_OVER = "match-over"  # the match is decided

    @property
    def stage(self) -> Stage:
        """The shared :class:`~threethirteen.game.Stage`: ``LEAD`` and ``FOLLOW`` are ``PLAY``.

        >>> Phase.FOLLOW.stage
        Stage.PLAY
        """
        return _STAGES[self]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


_STAGES = {
    Phase.LEAD: Stage.PLAY,
    Phase.FOLLOW: Stage.PLAY,
    Phase.ROUND_OVER: Stage.ROUND_OVER,
    Phase.MATCH_OVER: Stage.MATCH_OVER,
}


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a round's log: a seat's action, and what it did to the trick.

    ``combo`` is the combination a play made (None for a pass); ``went_out`` says
    the play was the seat's last card; ``cleared`` says the table cleared after
    the action (everyone else still holding cards had passed).
    """

    seat: int
    action: Action
    combo: Combo | None = None
    went_out: bool = False
    cleared: bool = False

    @property
    def is_pass(self) -> bool:
        return isinstance(self.action, Pass)

    def __str__(self) -> str:
        notes = []
        if self.went_out:
            notes.append("out")
        if self.cleared:
            notes.append("table clears")
        tail = f" ({', '.join(notes)})" if notes else ""
        return f"seat {self.seat}: {self.action}{tail}"


@dataclass(frozen=True, slots=True)
class ThirteenView:
    """Everything seat ``seat`` may know: its hand and the public state of the match.

    ``hand_sizes`` counts every seat's cards; ``table`` is the combination to
    beat (None when the table is empty) and ``table_owner`` who played it;
    ``passed`` the seats out of this trick; ``finished`` the seats that have
    shed every card, in order; ``log`` this round's plays and passes;
    ``played`` the cards played this round (ascending); ``legal_actions`` the
    seat's choices, empty when it is not the seat's turn; ``first_lead_card``
    the card the round's first play had to hold (None when the leader was free);
    ``winners`` the match's winners once it is decided, else empty.
    """

    rules: Rules
    players: int
    seat: int
    phase: Phase
    current: int
    round_number: int
    leader: int
    first_lead_card: Card | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: Combo | None
    table_owner: int | None
    passed: frozenset[int]
    finished: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    log: tuple[Event, ...]
    played: tuple[Card, ...]
    legal_actions: tuple[Action, ...]
    winners: tuple[int, ...]

    @property
    def stage(self) -> Stage:
        return self.phase.stage

    @property
    def is_my_turn(self) -> bool:
        return bool(self.legal_actions)

    @property
    def plays(self) -> tuple[Play, ...]:
        """The legal plays only (the legal actions but the pass)."""
        return tuple(a for a in self.legal_actions if isinstance(a, Play))

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the seat has not seen (in others' hands or not dealt), ascending."""
        known = set(self.hand) | set(self.played)
        return sort_cards([card for card in deck() if card not in known])
