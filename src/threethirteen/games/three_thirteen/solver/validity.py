"""Meld validity: is a group of cards a set or a run in a round, under the rules?

A *set* is three or more cards whose natural cards share one rank (duplicates
allowed); a *run* is three or more cards of one suit with distinct ranks in
sequence, laid on a *line* of positions (rank numbers, ace-high at 14; around the
corner under ``WRAP``). Jokers are always wild; so is every card of the round's
wild rank, which may also stand for itself. The wild cap and the all-wild rule
apply to both. The exact search does not call these checks (it works on encoded
hands), but lays its melds out with the same line geometry.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from threethirteen.cards import Card, Rank, Suit
from threethirteen.games.three_thirteen.rules import AceMode, Rules
from threethirteen.games.three_thirteen.solver.encoding import SUITS
from threethirteen.games.three_thirteen.solver.melds import Meld, MeldKind

__all__ = [
    "allowed",
    "is_set",
    "is_valid_meld",
    "line_bounds",
    "meld_kind",
    "ordered_run_wilds",
    "rank_at",
    "windows",
]


def line_bounds(aces: AceMode) -> tuple[int, int]:
    """Where a run may lie on the line of positions: rank numbers, ace-high at 14.

    Under WRAP the line is a circle: position ``p`` is rank ``(p - 1) % 13 + 1``.
    """
    if aces is AceMode.LOW:
        return 1, 13
    if aces is AceMode.HIGH:
        return 2, 14
    return 1, 14  # EITHER (a window of <= 13 never holds both 1 and 14) and WRAP


def rank_at(position: int) -> int:
    return (position - 1) % 13 + 1


def windows(aces: AceMode, length: int) -> Iterator[int]:
    """Start positions of every window of ``length`` positions a run may occupy."""
    if aces is AceMode.WRAP:
        yield from range(1, 14) if length < 13 else range(1, 2)
        return
    lo, hi = line_bounds(aces)
    yield from range(lo, hi - length + 2)


def _set_wilds(cards: Sequence[Card], wild_rank: Rank) -> tuple[int, int] | None:
    """(natural-acting, wild-acting) counts of ``cards`` as a set, or None if no rank fits."""
    ranks = {c.rank for c in cards if c.rank is not None and c.rank is not wild_rank}
    if len(ranks) > 1:
        return None
    jokers = sum(1 for c in cards if c.rank is None)
    if ranks:
        wilds = jokers + sum(1 for c in cards if c.rank is wild_rank)
        return len(cards) - wilds, wilds
    # Only wild-rank cards and jokers: the wild-rank cards stand for themselves.
    return len(cards) - jokers, jokers


def allowed(naturals: int, wilds: int, rules: Rules) -> bool:
    """The wild cap and the all-wild rule, for a meld with these acting counts."""
    cap = rules.max_wilds_per_meld
    if cap is not None and wilds > cap:
        return False
    return rules.all_wild_melds or naturals > 0


def is_set(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    if len(cards) < 3:
        return False
    counts = _set_wilds(cards, wild_rank)
    return counts is not None and allowed(*counts, rules)


def ordered_run_wilds(
    cards: Sequence[Card], suit: Suit, start: int, wild_rank: Rank
) -> tuple[int, int] | None:
    """(natural-acting, wild-acting) counts of ``cards`` laid from ``start`` in ``suit``."""
    naturals = 0
    for offset, card in enumerate(cards):
        rank = rank_at(start + offset)
        if card.rank is None:
            continue
        if card.rank == rank and card.suit is suit:
            naturals += 1
        elif card.rank is not wild_rank:
            return None
    return naturals, len(cards) - naturals


def _ordered_run(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    """Is this sequence, in this order, a run (wilds where they stand)?"""
    if not 3 <= len(cards) <= 13:
        return False
    for suit in SUITS:
        for start in windows(rules.aces, len(cards)):
            counts = ordered_run_wilds(cards, suit, start, wild_rank)
            if counts is not None and allowed(*counts, rules):
                return True
    return False


def _run_layout(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> tuple[Card, ...] | None:
    """``cards`` put in sequence order as a run (fewest wilds), or None if no run fits."""
    length = len(cards)
    if not 3 <= length <= 13:
        return None
    jokers = [c for c in cards if c.rank is None]
    wild_rank_cards = [c for c in cards if c.rank is wild_rank]
    naturals = [c for c in cards if c.rank is not None and c.rank is not wild_rank]
    suits = {c.suit for c in naturals}
    if len(suits) > 1 or len({c.rank for c in naturals}) < len(naturals):
        return None
    for suit in [c.suit for c in naturals[:1] if c.suit is not None] or list(SUITS):
        for start in windows(rules.aces, length):
            ranks = [rank_at(start + i) for i in range(length)]
            if any(c.rank not in ranks for c in naturals):
                continue
            if ranks.count(wild_rank) > 1:  # cannot happen for length <= 13
                continue
            slots: list[Card | None] = [None] * length
            for c in naturals:
                slots[ranks.index(int(c.rank))] = c  # type: ignore[arg-type]
            spare = list(wild_rank_cards)
            if wild_rank in ranks:
                own = next((c for c in spare if c.suit is suit), None)
                if own is not None:
                    spare.remove(own)
                    slots[ranks.index(wild_rank)] = own
            natural_count = length - len(jokers) - len(spare)
            if not allowed(natural_count, len(jokers) + len(spare), rules):
                continue
            fill = iter(spare + jokers)
            return tuple(c if c is not None else next(fill) for c in slots)
    return None


def meld_kind(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> MeldKind | None:
    """Is this group of cards a valid meld in a round whose wild rank is ``wild_rank``?

    Returns :attr:`MeldKind.SET` if the cards form a set, else :attr:`MeldKind.RUN`
    if they form a run in some order, else None. A group that is both (all
    wilds, or one natural card and wilds) is reported as a set.

    >>> from threethirteen.cards import parse_cards
    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> bga = get_rules("bga")
    >>> meld_kind(parse_cards("QH KH AH"), bga, Rank.SEVEN)
    <MeldKind.RUN: 'run'>
    >>> meld_kind(parse_cards("KH AH 2H"), bga, Rank.SEVEN) is None
    True
    >>> meld_kind(parse_cards("7H 7H 8H"), bga, Rank.KING) is None
    True
    """
    if is_set(cards, rules, wild_rank):
        return MeldKind.SET
    if _run_layout(cards, rules, wild_rank) is not None:
        return MeldKind.RUN
    return None


def is_valid_meld(meld: Meld, rules: Rules, wild_rank: Rank) -> bool:
    """Is ``meld`` valid as its declared kind (a run also in its listed order)?

    >>> from threethirteen.cards import parse_cards
    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> classic = get_rules("classic")
    >>> is_valid_meld(Meld.of("run", "5H 8C 7H"), classic, Rank.EIGHT)
    True
    >>> is_valid_meld(Meld.of("run", "5H 6H 7H 8C"), classic, Rank.EIGHT)
    True
    >>> is_valid_meld(Meld.of("run", "7H 5H 8C"), classic, Rank.EIGHT)
    False
    """
    if meld.kind is MeldKind.SET:
        return is_set(meld.cards, rules, wild_rank)
    return _ordered_run(meld.cards, rules, wild_rank)
