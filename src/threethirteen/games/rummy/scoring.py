"""Rummy's scoring: what a hand left holding costs, hand results, and the match's winners.

When a player goes out, every other player adds the count of the cards left in
hand (face cards 10, the ace 1, the others their face value); the player who
went out adds 0. Going rummy (out in the turn of one's first meld or lay-off of
the hand) doubles the others' points under ``rummy_doubles``. A void hand (the
stock ran out once too often, or the turn limit) scores 0 for everyone. Totals
are penalties: when someone reaches the target, the lowest total wins, ties
sharing the win.

>>> from threethirteen.cards import parse_cards
>>> hand_points(parse_cards("AS 7H 10D KC"))
28
>>> RoundResult.scored(1, 0, [parse_cards("AS"), parse_cards("7H QD")])
RoundResult(number=1, out=0, points=(0, 17), rummy=False, void=False)
>>> match_winners(Rules(), (34, 101, 34))
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from threethirteen.cards import Card
from threethirteen.errors import RulesError
from threethirteen.games.rummy.rules import Rules, card_points

__all__ = ["RoundResult", "hand_points", "match_winners"]


def hand_points(cards: Iterable[Card]) -> int:
    """The count of ``cards`` left in hand: face cards 10, the ace 1, the others their value.

    >>> hand_points(())
    0
    """
    return sum(card_points(card) for card in cards)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one hand ended: ``out`` the seat that went out (None for a void hand),
    ``points`` what each seat adds to its total, ``rummy`` whether the seat going out
    went rummy (recorded whether or not it doubled the points), ``void`` whether the
    hand ended with no score."""

    number: int
    out: int | None
    points: tuple[int, ...]
    rummy: bool = False
    void: bool = False

    @classmethod
    def scored(
        cls,
        number: int,
        out: int,
        hands: Sequence[Iterable[Card]],
        *,
        rummy: bool = False,
        doubled: bool = False,
    ) -> RoundResult:
        """Hand ``number`` won by ``out``: each other seat pays the cards in ``hands``,
        twice over when ``doubled``; raises RulesError for a seat not at the table.

        >>> from threethirteen.cards import parse_cards
        >>> hands = [(), parse_cards("KS 2H"), parse_cards("AC")]
        >>> RoundResult.scored(3, 0, hands, rummy=True, doubled=True).points
        (0, 24, 2)
        """
        if not 0 <= out < len(hands):
            raise RulesError(f"no seat {out} at a table of {len(hands)}")
        factor = 2 if doubled else 1
        points = tuple(
            0 if seat == out else factor * hand_points(hand) for seat, hand in enumerate(hands)
        )
        return cls(number, out, points, rummy)

    @classmethod
    def voided(cls, number: int, players: int) -> RoundResult:
        """Hand ``number`` ended with no score: every seat adds 0.

        >>> RoundResult.voided(2, 3)
        RoundResult(number=2, out=None, points=(0, 0, 0), rummy=False, void=True)
        """
        return cls(number, None, (0,) * players, False, True)


def match_winners(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """The winners of a match standing at ``totals``; empty while it goes on.

    Decided once some total reaches ``rules.target``: every seat with the lowest
    total wins (ties share).

    >>> match_winners(Rules(), (99, 12))
    ()
    >>> match_winners(Rules(target=50), (50, 12, 40))
    (1,)
    """
    if not totals or max(totals) < rules.target:
        return ()
    low = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == low)
