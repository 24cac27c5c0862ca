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

>>> from threethirteen.cards import parse_cards
>>> pool = [c for c in standard_deck() if c not in parse_cards("4H 5H 9S 9D KC")]
>>> look = Planner((), False, pool)
>>> out = look.outlook(parse_cards("4H 5H 9S 9D KC"))
>>> out.count, round(out.gain, 2), round(out.out, 3)
(37, 5.28, 0.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, Rank, standard_deck
from threethirteen.games.rummy.analysis import deadwood
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.moves import fitting_cards
from threethirteen.games.rummy.rules import card_points

__all__ = ["POINTS", "Outlook", "Planner", "feed_risk", "neighbours"]

_DECK = standard_deck()
POINTS: dict[Card, int] = {card: card_points(card) for card in _DECK}
_BY_INDEX: tuple[Card, ...] = tuple(sorted(_DECK, key=lambda c: c.index))


def _card(suit: int, position: int) -> Card | None:
    """The card of suit index ``suit`` at run position 1..14 (14: the ace), or None."""
    if not 1 <= position <= 14:
        return None
    return _BY_INDEX[suit * 13 + (position - 1) % 13]


def neighbours(card: Card, ace_high: bool, reach: int = 2) -> tuple[Card, ...]:
    """The cards that can share a meld with ``card``: its rank's other suits, and its
    suit's cards up to ``reach`` ranks away (over the king to the ace under ``ace_high``).

    >>> [str(c) for c in neighbours(Card.parse("KH"), True, reach=1)]
    ['KS', 'KD', 'KC', 'QH', 'AH']
    """
    rank, suit = card.rank, card.suit
    assert rank is not None and suit is not None
    out = [c for c in _BY_INDEX[int(rank) - 1 :: 13] if c != card]
    s = suit.index
    positions = [int(rank)]
    if ace_high and rank is Rank.ACE:
        positions.append(14)
    seen: set[Card] = {card, *out}
    for p in positions:
        for d in (*range(-reach, 0), *range(1, reach + 1)):
            q = p + d
            if q == 14 and not ace_high:
                continue
            other = _card(s, q)
            if other is not None and other not in seen:
                seen.add(other)
                out.append(other)
    return tuple(out)


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
    """Weighs hands against one table and one pool of cards the stock may hold.

    Outlooks are kept by hand, so that a turn's decisions share them.
    """

    __slots__ = ("ace_high", "fits", "known", "pool", "table")

    def __init__(self, table: tuple[Meld, ...], ace_high: bool, pool: Iterable[Card]) -> None:
        self.table = table
        self.ace_high = ace_high
        self.pool = tuple(pool)
        self.fits = frozenset(card for meld in table for card in fitting_cards(meld))
        self.known: dict[frozenset[Card], Outlook] = {}

    def count(self, hand: Sequence[Card]) -> int:
        """The hand's least count against the table."""
        return deadwood(hand, self.table, self.ace_high)

    def best_after_discard(self, hand: Sequence[Card]) -> int:
        """The least count of ``hand`` less one card (the hand's best discard)."""
        return min(self.count([c for c in hand if c != e]) for e in hand)

    def related(self, hand: Sequence[Card]) -> set[Card]:
        """The cards that may make a group with ``hand``'s cards or the table."""
        out = set(self.fits)
        for card in hand:
            out.update(neighbours(card, self.ace_high))
        return out

    def outlook(self, hand: Sequence[Card]) -> Outlook:
        """The :class:`Outlook` of ``hand`` (the cards held after the discard)."""
        key = frozenset(hand)
        found = self.known.get(key)
        if found is not None:
            return found
        cards = list(hand)
        count = self.count(cards)
        pool = self.pool
        if not pool:
            found = Outlook(count, 0.0, 0.0)
            self.known[key] = found
            return found
        # Without one card: what a card that makes no group can at best replace.
        worst = min((self.count([c for c in cards if c != e]) for e in cards), default=0)
        related = self.related(cards)
        gain = 0.0
        outs = 0
        for c in pool:
            if c in related:
                best = count
                grown = [*cards, c]
                for e in cards:
                    value = self.count([x for x in grown if x != e])
                    if value < best:
                        best = value
            else:
                best = min(count, worst + POINTS[c])
            gain += count - best
            if best == 0:
                outs += 1
        found = Outlook(count, gain / len(pool), outs / len(pool))
        if len(self.known) > 4096:
            self.known.clear()
        self.known[key] = found
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
