"""Thirteen's scoring: points by finishing place, round results, and the match's winners.

A round scores by the order in which players shed their cards: 3, 2, 1, 0 with
four players, 3, 2, 1 with three, 3, 2 with two (the last player, still holding
cards, scores the lowest). The scale is fixed by the number of players, not an
option. With ``instant_wins`` a round can also end at the deal: the instant
winner takes first place's 3 points and every other player scores 0.

The match is won by the first player to reach the rules' target (10) with the
top total alone; a tie at the top plays on (cardgames.io) or shares the win
(``tie_at_top=share``).

>>> place_points(4)
(3, 2, 1, 0)
>>> RoundResult.from_order(1, (2, 0, 3, 1))
RoundResult(number=1, order=(2, 0, 3, 1), points=(2, 0, 3, 1), instant=False)
>>> from threethirteen.games.thirteen.rules import Rules, TieAtTop
>>> match_winners(Rules(), (10, 12, 12, 4))
()
>>> match_winners(Rules(tie_at_top=TieAtTop.SHARE), (10, 12, 12, 4))
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.errors import RulesError
from threethirteen.games.thirteen.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, TieAtTop

__all__ = ["RoundResult", "match_winners", "place_points"]

_FIRST_PLACE = 3


def place_points(players: int) -> tuple[int, ...]:
    """The points of each finishing place, first to last, for ``players`` players.

    Raises :class:`~threethirteen.errors.RulesError` outside 2 to 4 players.

    >>> place_points(3), place_points(2)
    ((3, 2, 1), (3, 2))
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"the number of players must be a whole number, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(
            f"Thirteen is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}"
        )
    return tuple(range(_FIRST_PLACE, _FIRST_PLACE - players, -1))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round ended: ``order`` the seats in finishing order, ``points`` by seat.

    ``order`` lists every seat, the one left holding cards last; after an instant
    win (``instant``) it holds the instant winner only, and every other seat
    scores 0.
    """

    number: int
    order: tuple[int, ...]
    points: tuple[int, ...]
    instant: bool = False

    @classmethod
    def from_order(cls, number: int, order: Sequence[int]) -> RoundResult:
        """The result of round ``number`` whose seats finished in ``order`` (every seat).

        Raises :class:`~threethirteen.errors.RulesError` unless ``order`` names each
        seat once.
        """
        order = tuple(order)
        if sorted(order) != list(range(len(order))):
            raise RulesError(f"a finishing order names every seat once, got {list(order)}")
        scale = place_points(len(order))
        points = [0] * len(order)
        for place, seat in enumerate(order):
            points[seat] = scale[place]
        return cls(number, order, tuple(points))

    @classmethod
    def instant_win(cls, number: int, seat: int, players: int) -> RoundResult:
        """Round ``number`` won at the deal by ``seat``: first place's points, 0 for the rest.

        >>> RoundResult.instant_win(2, 1, 3).points
        (0, 3, 0)
        """
        scale = place_points(players)
        if not 0 <= seat < players:
            raise RulesError(f"no seat {seat} at a table of {players}")
        points = tuple(scale[0] if s == seat else 0 for s in range(players))
        return cls(number, (seat,), points, instant=True)

    @property
    def winner(self) -> int:
        """The seat that finished first (the next round's leader under the default rules)."""
        return self.order[0]


def match_winners(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """The winners of a match standing at ``totals``; empty while it goes on.

    Decided when the top total reaches ``rules.target``: a seat alone at the top
    wins; seats tied at the top share the win under ``tie_at_top=share`` and play
    on (empty) under ``play-on``.

    >>> match_winners(Rules(), (9, 8))
    ()
    >>> match_winners(Rules(), (9, 11))
    (1,)
    """
    if not totals:
        return ()
    top = max(totals)
    if top < rules.target:
        return ()
    tied = tuple(seat for seat, total in enumerate(totals) if total == top)
    if len(tied) == 1 or rules.tie_at_top is TieAtTop.SHARE:
        return tied
    return ()
