"""Rummy's deal: the seeded shuffles, the deal of a hand, a hand's log, and stacked positions.

Chance comes only from the match seed: hand ``r`` is shuffled by
:func:`round_generator` ``(seed, r)`` alone, and the ``k``-th shuffled rebuild of
its stock by :func:`stock_generator` ``(seed, r, k)``. :func:`stacked_position`
checks a chosen position (:meth:`~threethirteen.games.rummy.state.RummyState.stack`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, parse_cards, standard_deck
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.rummy.actions import Action, sort_cards
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.rules import Rules

__all__ = [
    "Position",
    "RoundLog",
    "deal",
    "round_generator",
    "stacked_position",
    "stock_generator",
]


def round_generator(seed: int, number: int) -> random.Random:
    """The generator that shuffles hand ``number`` of the match seeded ``seed``.

    >>> round_generator(7, 2).random() == random.Random("rummy:7:2").random()
    True
    """
    return random.Random(f"rummy:{seed}:{number}")


def stock_generator(seed: int, number: int, rebuild: int) -> random.Random:
    """The generator that shuffles the ``rebuild``-th new stock (1, 2, ...) of hand
    ``number`` under ``shuffle_stock``."""
    return random.Random(f"rummy:{seed}:{number}:stock:{rebuild}")


def deal(
    seed: int, number: int, players: int, cards_each: int
) -> tuple[tuple[tuple[Card, ...], ...], Card, list[Card]]:
    """Hand ``number``'s deal: every seat's hand (by rank then suit), the card turned up,
    and the stock (its top last).

    The deck is shuffled by :func:`round_generator` and dealt one card at a time,
    starting with the seat after the dealer, ``(number - 1) % players``.

    >>> hands, up, stock = deal(1, 1, 2, 10)
    >>> [len(h) for h in hands], len(stock), len({up, *stock, *hands[0], *hands[1]})
    ([10, 10], 31, 52)
    """
    cards = list(standard_deck())
    round_generator(seed, number).shuffle(cards)
    first = (number - 1) % players
    dealt = players * cards_each
    hands: list[tuple[Card, ...]] = [()] * players
    for i in range(players):
        hands[(first + i) % players] = sort_cards(cards[i:dealt:players])
    return tuple(hands), cards[dealt], cards[dealt + 1 :]


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One hand as it was played: its dealer, the hands as dealt (by rank then suit),
    the card turned up (None for a stacked hand with no pile), and every action with
    its seat."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card | None
    actions: tuple[tuple[int, Action], ...]


@dataclass(frozen=True, slots=True)
class Position:
    """A checked stacked position: the hands (by rank then suit), the pile (bottom
    first), the stock (top last), the table melds and who laid each down."""

    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    stock: tuple[Card, ...]
    table: tuple[Meld, ...]
    owners: tuple[int, ...]


def stacked_position(
    rules: Rules,
    hands: Sequence[str | Sequence[Card]],
    pile: str | Sequence[Card],
    stock: str | Sequence[Card] | None,
    table: Sequence[str | Meld],
    table_owners: Sequence[int] | None,
    first: int,
    rebuilds: int,
) -> Position:
    """Read and check a position for :meth:`~.state.RummyState.stack` (see there).

    Raises :class:`~threethirteen.errors.NotationError` for bad cards and
    :class:`~threethirteen.errors.ThreeThirteenError` for a position that cannot be.

    >>> position = stacked_position(Rules(), ["AS 2S", "3C"], "9D", None, (), None, 0, 0)
    >>> position.stock[-1], len(position.stock)
    (Card.parse('KC'), 48)
    """
    parsed = tuple(sort_cards(_cards(hand)) for hand in hands)
    players = len(parsed)
    melds = tuple(m if isinstance(m, Meld) else Meld.of(m, ace_high=rules.ace_high) for m in table)
    for meld in melds:
        if meld.ace_high != rules.ace_high:
            raise ThreeThirteenError(f"table meld {str(meld)[:40]!r} is of other ace rules")
    if not _is_int(first) or not 0 <= first < players:
        raise ThreeThirteenError(f"no seat {first!r} to play first at a table of {players}")
    owners = tuple(table_owners) if table_owners is not None else (first,) * len(melds)
    if len(owners) != len(melds) or not all(_is_int(s) and 0 <= s < players for s in owners):
        raise ThreeThirteenError(
            f"table_owners must name a seat for each of the {len(melds)} melds, "
            f"got {list(owners)!r}"[:120]
        )
    if not _is_int(rebuilds) or rebuilds < 0:
        raise ThreeThirteenError(f"rebuilds must be a whole number >= 0, got {rebuilds!r}")
    for seat, hand in enumerate(parsed):
        if not hand:
            raise ThreeThirteenError(f"seat {seat}'s hand is empty; a hand holds a card or more")
    pile_cards = _cards(pile)
    placed = [c for hand in parsed for c in hand]
    placed += [c for meld in melds for c in meld.cards] + list(pile_cards)
    if stock is None:
        taken = set(placed)
        stock_cards = tuple(card for card in standard_deck() if card not in taken)
    else:
        stock_cards = _cards(stock)
    seen: set[Card] = set()
    for card in placed + list(stock_cards):
        if card.is_joker:
            raise ThreeThirteenError("Rummy has no jokers: JK cannot be placed")
        if card in seen:
            raise ThreeThirteenError(f"{card} is placed twice in the stacked position")
        seen.add(card)
    return Position(parsed, pile_cards, stock_cards, melds, owners)


def _cards(value: str | Sequence[Card]) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
