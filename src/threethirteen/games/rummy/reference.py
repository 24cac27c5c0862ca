"""The naive oracle for :mod:`.analysis`: every meld and lay-off, in every order.

Slow on purpose and written from the rules alone, for tests (hands up to about nine
cards). A turn is played out by brute force: from the cards still held and the
melds on the table (those laid down before and those made this turn), every subset
of the cards held that :func:`~.melds.meld_kind` calls a meld may be melded (it joins
the table), and every card held that :func:`~.melds.fits` a table meld may be laid off
onto it; the count is the least ``card_points`` of the cards still held over every
sequence of plays. Going out is searched the same way, with the rules on the last
card (``must_discard``, the card taken from the pile).

>>> from threethirteen.cards import parse_cards
>>> table = (Meld.of("4H 5H 6H"),)
>>> reference_deadwood(parse_cards("7H 8H 2C"), table)
2
>>> reference_can_go_out(parse_cards("2C 2D 2S"), table, Rules(must_discard=True))
False
>>> reference_can_go_out(parse_cards("7H 2C 2D 2S"), table, Rules(must_discard=True))
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import combinations

from threethirteen.cards import Card
from threethirteen.games.rummy.melds import Meld, fits, meld_kind
from threethirteen.games.rummy.rules import Rules, card_points

__all__ = [
    "clear_reference_cache",
    "reference_analysis",
    "reference_can_go_out",
    "reference_deadwood",
    "reference_discards",
]

_Table = tuple[tuple[Card, ...], ...]  # melds as sorted card tuples, sorted: a memo key


def _key(melds: Iterable[Meld]) -> _Table:
    melds_cards = (tuple(sorted(m.cards, key=_order)) for m in melds)
    return tuple(sorted(melds_cards, key=lambda cards: [_order(card) for card in cards]))


def _order(card: Card) -> tuple[int, int]:
    return card.sort_key("rank")


def _melds(key: _Table, ace_high: bool) -> list[Meld]:
    return [Meld.of(cards, ace_high=ace_high) for cards in key]


def _plays(
    held: frozenset[Card], key: _Table, ace_high: bool
) -> list[tuple[frozenset[Card], _Table]]:
    """Every single play from this position: the cards held after it, and the table."""
    out = []
    cards = sorted(held, key=_order)
    table = _melds(key, ace_high)
    for size in range(3, len(cards) + 1):
        for chosen in combinations(cards, size):
            if meld_kind(chosen, ace_high=ace_high) is not None:
                meld = Meld.of(chosen, ace_high=ace_high)
                out.append((held - set(chosen), _key([*table, meld])))
    for card in cards:
        for i, meld in enumerate(table):
            if fits(meld, card):
                grown = [*table[:i], meld.extended(card), *table[i + 1 :]]
                out.append((held - {card}, _key(grown)))
    return out


@functools.lru_cache(maxsize=1 << 16)
def _least(held: frozenset[Card], key: _Table, ace_high: bool) -> int:
    best = sum(card_points(card) for card in held)
    for rest, table in _plays(held, key, ace_high):
        best = min(best, _least(rest, table, ace_high))
    return best


def reference_deadwood(
    hand: Sequence[Card], table: Sequence[Meld] = (), ace_high: bool = False
) -> int:
    """The least count of ``hand`` over every sequence of melds and lay-offs."""
    return _least(frozenset(hand), _key(table), ace_high)


def reference_discards(
    hand: Sequence[Card],
    table: Sequence[Meld] = (),
    rules: Rules | None = None,
    taken: Card | None = None,
) -> dict[Card, int]:
    """Each card the rules let the hand discard, and the least count of the rest."""
    rules = Rules() if rules is None else rules
    return {
        card: reference_deadwood([c for c in hand if c != card], table, rules.ace_high)
        for card in hand
        if card != taken or rules.discard_taken_card
    }


def reference_can_go_out(
    hand: Sequence[Card],
    table: Sequence[Meld] = (),
    rules: Rules | None = None,
    taken: Card | None = None,
) -> bool:
    """Whether some sequence of plays empties the hand this turn under ``rules``."""
    rules = Rules() if rules is None else rules
    return _out(frozenset(hand), _key(table), rules, taken)


@functools.lru_cache(maxsize=1 << 16)
def _out(held: frozenset[Card], key: _Table, rules: Rules, taken: Card | None) -> bool:
    if len(held) == 1 and (taken not in held or rules.discard_taken_card):
        return True  # discard the last card
    for rest, table in _plays(held, key, rules.ace_high):
        if not rest:
            if not rules.must_discard:
                return True
        elif _out(rest, table, rules, taken):
            return True
    return False


def reference_analysis(
    hand: Sequence[Card],
    table: Sequence[Meld] = (),
    rules: Rules | None = None,
    taken: Card | None = None,
) -> tuple[int, dict[Card, int], bool]:
    """(the count, the count after each allowed discard, whether it can go out)."""
    rules = Rules() if rules is None else rules
    return (
        reference_deadwood(hand, table, rules.ace_high),
        reference_discards(hand, table, rules, taken),
        reference_can_go_out(hand, table, rules, taken),
    )


def clear_reference_cache() -> None:
    """Forget the positions searched (a benchmark times each hand from nothing)."""
    _least.cache_clear()
    _out.cache_clear()
