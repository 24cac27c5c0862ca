"""Melds as COMP 202's Three Thirteen project judged them: a stand-in for its ``arrangement.py``.

Written for this adapter from the project's published interface and rules,
not taken from the course. The rules are the course's, which differ from the
lab's in places (the lab plays its own rules; these are what the players
*think* with):

- a *group* is 3 or more cards whose non-wild cards share a rank;
- a *sequence* is 3 or more cards whose non-wild cards share a suit and have
  distinct ranks, the gaps between them no more than the wild cards; aces are
  high only (two=0 ... ace=12, no wrapping);
- any number of wild cards may sit in a meld, and a meld may be all wild;
- :func:`get_arrangement` arranges as many cards of the hand as it can, and
  among those arrangements leaves the fewest points (aces 1, faces 10, wild
  cards at face value).

The course's ``get_arrangement`` tried every combination of melds, which takes
seconds to minutes for the hands of the last rounds (and the lab allows 30 s a
decision). This one finds an arrangement with the same two figures (cards
arranged, points left) by a search over the hand's natural cards with the wild
cards counted, in milliseconds. Where several arrangements tie, it may return
another of them than the course's would have.

Return values keep the course's shapes: ``[]`` for a hand of fewer than 3
cards, ``()`` when nothing can be arranged, else a tuple of melds, each a tuple
of the hand's cards in the hand's order.
"""

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from card import *  # noqa: F403  (a player module may expect these names from here too)
from card import get_rank, get_suit, hand_to_string

POINTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1]

Meld = tuple[int, ...]
# A meld found by the search: its natural cards, and how many wild cards it takes.
Found = tuple[Meld, int]


def _split(cards: Sequence[int], wildcard_rank: int) -> tuple[list[int], int]:
    naturals = [card for card in cards if get_rank(card) != wildcard_rank]
    return naturals, len(cards) - len(naturals)


def is_valid_group(cards: Iterable[int], wildcard_rank: int) -> bool:
    cards = tuple(cards)
    if len(cards) < 3:
        return False
    naturals, _ = _split(cards, wildcard_rank)
    return len({get_rank(card) for card in naturals}) <= 1


def is_valid_sequence(cards: Iterable[int], wildcard_rank: int) -> bool:
    cards = tuple(cards)
    if len(cards) < 3:
        return False
    naturals, wilds = _split(cards, wildcard_rank)
    if not naturals:
        return True
    if len({get_suit(card) for card in naturals}) > 1:
        return False
    ranks = sorted(get_rank(card) for card in naturals)
    if len(set(ranks)) < len(ranks):
        return False
    return (ranks[-1] - ranks[0] + 1) - len(ranks) <= wilds


def equal_occurrences(l1: Iterable[int], l2: Iterable[int]) -> bool:
    return sorted(l1) == sorted(l2)


def is_valid_arrangement(
    arrangement: Iterable[Iterable[int]], hand: Iterable[int], wildcard_rank: int
) -> bool:
    cards: list[int] = []
    for meld in arrangement:
        meld = tuple(meld)
        if not is_valid_group(meld, wildcard_rank) and not is_valid_sequence(meld, wildcard_rank):
            return False
        cards.extend(meld)
    return equal_occurrences(hand, cards)


def arrangement_to_string(arrangement: Iterable[Iterable[int]]) -> str:
    return "".join(f"{i}\t{hand_to_string(meld)}\n" for i, meld in enumerate(arrangement, 1))


@lru_cache(maxsize=4096)
def get_arrangement(hand: Sequence[int], wildcard_rank: int) -> list[Meld] | tuple[Meld, ...]:
    hand = tuple(hand)
    if len(hand) < 3:
        return []
    naturals, wilds = _split(hand, wildcard_rank)
    wild_points = POINTS[wildcard_rank] if 0 <= wildcard_rank < 13 else 0
    _, _, melds = _best(tuple(sorted(naturals)), wilds, False, wild_points)
    if not melds:
        return ()
    return _lay_out(hand, wildcard_rank, melds)


@lru_cache(maxsize=200_000)
def _best(
    naturals: Meld, wilds: int, melded: bool, wild_points: int
) -> tuple[int, int, tuple[Found, ...]]:
    """(cards left, points left, melds) of the best arrangement of what remains.

    ``naturals`` is sorted, so its first card is the lowest of its suit left;
    every meld holding it is a group of its rank or a sequence starting at it.
    Each meld takes only the wild cards it needs; the wild cards left over join
    any meld (always valid), or make one of their own when 3 or more.
    """
    if not naturals:
        if melded:
            return 0, 0, ()  # the wild cards left join a meld (_lay_out)
        if wilds >= 3:
            return 0, 0, (((), wilds),)  # a meld of wild cards alone
        return wilds, wilds * wild_points, ()
    first, rest = naturals[0], naturals[1:]
    left, points, melds = _best(rest, wilds, melded, wild_points)
    best = (left + 1, points + POINTS[get_rank(first)], melds)
    for meld, need in _melds_from(first, rest, wilds):
        remaining = list(rest)
        for card in meld[1:]:
            remaining.remove(card)
        left, points, melds = _best(tuple(remaining), wilds - need, True, wild_points)
        if (left, points) < best[:2]:
            best = (left, points, ((meld, need), *melds))
    return best


def _melds_from(first: int, rest: Meld, wilds: int) -> Iterator[Found]:
    """Every meld (its natural cards, the wild cards it needs) of ``first`` with ``rest``."""
    rank, suit = get_rank(first), get_suit(first)
    same = [card for card in rest if get_rank(card) == rank]
    seen: set[Meld] = set()
    for mask in range(1 << len(same)):
        chosen = tuple(card for i, card in enumerate(same) if mask >> i & 1)
        if chosen not in seen:
            seen.add(chosen)
            need = max(0, 2 - len(chosen))
            if need <= wilds:
                yield (first, *chosen), need
    above = sorted({card for card in rest if get_suit(card) == suit and get_rank(card) > rank})

    def extend(index: int, meld: Meld, gaps: int) -> Iterator[Found]:
        if len(meld) > 1:
            need = gaps + max(0, 3 - len(meld) - gaps)
            if need <= wilds:
                yield meld, need
        for card in above[index:]:
            more = gaps + get_rank(card) - get_rank(meld[-1]) - 1
            if more > wilds:
                break
            yield from extend(above.index(card) + 1, (*meld, card), more)

    yield from extend(0, (first,), 0)


def _lay_out(hand: Meld, wildcard_rank: int, melds: tuple[Found, ...]) -> tuple[Meld, ...]:
    """The melds as tuples of the hand's own cards, each in the hand's order."""
    wild_cards = [card for card in hand if get_rank(card) == wildcard_rank]
    groups = [[*naturals, *(wild_cards.pop() for _ in range(need))] for naturals, need in melds]
    groups[-1].extend(wild_cards)  # the wild cards left over join the last meld
    places: dict[int, list[int]] = {}
    for position, card in enumerate(hand):
        places.setdefault(card, []).append(position)
    laid = [sorted(places[card].pop(0) for card in cards) for cards in groups]
    return tuple(tuple(hand[p] for p in positions) for positions in sorted(laid))
