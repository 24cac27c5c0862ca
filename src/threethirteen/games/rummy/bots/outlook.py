"""How good a Rummy hand is for the next draw: its count, what a draw should bring, the risk.

A hand left after the discard is weighed by :meth:`Outlook.value`:

* ``count``: its exact count after the best melds and lay-offs onto the table
  (:func:`~threethirteen.games.rummy.analysis.deadwood`);
* ``gain``: how much one card from the stock should lower it, on average over the
  cards the stock may hold (each unseen card not known to be in another hand), the
  hand discarding its best card after the draw;
* ``out``: the share of those cards with which the hand goes out next turn.

Only the cards that make a group with the hand or the table can do more than replace
the hand's worst card, so only they are weighed exactly; the others are counted in
one sum. :func:`feed_risk` is the chance that a discard helps the next seat, read from
the cards it is known to hold and the cards still hidden.

>>> from threethirteen.cards import parse_cards, standard_deck
>>> from threethirteen.games.rummy.bots.masks import mask_of
>>> pool = [c for c in standard_deck() if c not in parse_cards("4H 5H 9S 9D KC")]
>>> look = Planner((), False, pool)
>>> out = look.outlook(mask_of(parse_cards("4H 5H 9S 9D KC")))
>>> out.count, round(out.gain, 2), round(out.out, 3)
(37, 5.28, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from threethirteen.cards import Card, Rank
from threethirteen.games.rummy.bots.masks import (
    BIT,
    CARDS,
    POINTS,
    bits,
    counter,
    mask_of,
    near_mask,
)
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.moves import fitting_cards

__all__ = ["Outlook", "Planner", "feed_risk"]

_BY_INDEX = CARDS


def _card(suit: int, position: int) -> Card | None:
    """The card of suit index ``suit`` at run position 1..14 (14: the ace), or None."""
    if not 1 <= position <= 14:
        return None
    return _BY_INDEX[suit * 13 + (position - 1) % 13]


@dataclass(frozen=True, slots=True)
class Outlook:
    """A hand's ``count``, the ``gain`` a stock card should bring, and the chance ``out``
    that the next draw lets it go out (see the module)."""

    count: int
    gain: float
    out: float

    def value(self, gain_weight: float, out_weight: float) -> float:
        """The hand's worth in points (lower is better)."""
        return self.count - gain_weight * self.gain - out_weight * self.out


class Planner:
    """Weighs hands (masks, :mod:`.masks`) against one table and one pool of cards the
    stock may hold.

    Outlooks are kept by hand, so that a turn's decisions share them.
    """

    __slots__ = ("ace_high", "count", "fits", "known", "pool", "table")

    def __init__(self, table: tuple[Meld, ...], ace_high: bool, pool: Iterable[Card]) -> None:
        self.table = table
        self.ace_high = ace_high
        self.pool = tuple(BIT[card] for card in pool)
        self.fits = mask_of(card for meld in table for card in fitting_cards(meld))
        self.count: Callable[[int], int] = counter(table, ace_high)
        """The least count of a hand (a mask) against the table."""
        self.known: dict[int, Outlook] = {}

    def related(self, hand: int) -> int:
        """The cards that may make a group with ``hand``'s cards or the table."""
        out = self.fits
        high = self.ace_high
        for low in bits(hand):
            out |= near_mask(low.bit_length() - 1, high)
        return out

    def outlook(self, hand: int) -> Outlook:
        """The :class:`Outlook` of ``hand`` (the cards held after the discard, a mask)."""
        found = self.known.get(hand)
        if found is not None:
            return found
        count = self.count
        now = count(hand)
        pool = self.pool
        if not pool:
            found = Outlook(now, 0.0, 0.0)
            self.known[hand] = found
            return found
        held = bits(hand)
        # Without one card: what a card that makes no group can at best replace.
        worst = min((count(hand ^ e) for e in held), default=0)
        related = self.related(hand)
        gain = 0
        outs = 0
        for c in pool:
            if c & related:
                grown = hand | c
                best = now
                for e in held:
                    value = count(grown ^ e)
                    if value < best:
                        best = value
            else:
                best = min(now, worst + POINTS[c.bit_length() - 1])
            gain += now - best
            if not best:
                outs += 1
        found = Outlook(now, gain / len(pool), outs / len(pool))
        if len(self.known) > 4096:
            self.known.clear()
        self.known[hand] = found
        return found


def feed_risk(
    card: Card,
    ace_high: bool,
    hidden: frozenset[Card],
    held: frozenset[Card],
    share: float,
) -> float:
    """The chance that the next seat can meld ``card`` with two cards of its hand.

    ``hidden``: the cards the bot cannot see (the others' hands and the stock);
    ``held``: those known to be in the next seat's hand; ``share``: the chance that a
    hidden card not known is in that hand (its size over the hidden cards).

    >>> from threethirteen.cards import standard_deck
    >>> hidden = frozenset(standard_deck()) - {Card.parse("7S")}
    >>> round(feed_risk(Card.parse("7S"), False, hidden, frozenset(), 0.2), 3)
    0.207
    >>> held = frozenset({Card.parse("7H"), Card.parse("7D")})
    >>> feed_risk(Card.parse("7S"), False, hidden, held, 0.2)
    1.0
    """

    def chance(other: Card | None) -> float:
        if other is None:
            return 0.0
        if other in held:
            return 1.0
        return share if other in hidden else 0.0

    rank, suit = card.rank, card.suit
    assert rank is not None and suit is not None
    # A set: two of the rank's other cards.
    odds = [chance(c) for c in _BY_INDEX[int(rank) - 1 :: 13] if c != card]
    none = one = 1.0
    for p in odds:
        one = one * (1 - p) + none * p
        none *= 1 - p
    one -= none  # the chance of exactly one
    set_chance = max(0.0, 1.0 - none - one)
    # A run: two neighbours in its suit, below, around or above it.
    s = suit.index
    positions = [int(rank)] + ([14] if ace_high and rank is Rank.ACE else [])
    miss = 1.0
    for p in positions:
        near = {
            d: chance(_card(s, p + d)) if (p + d != 14 or ace_high) else 0.0 for d in (-2, -1, 1, 2)
        }
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            miss *= 1 - near[a] * near[b]
    run_chance = 1.0 - miss
    return 1.0 - (1.0 - set_chance) * (1.0 - run_chance)
