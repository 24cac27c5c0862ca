"""How far a hand is from going out: the fewest draws that could complete it.

A hand's *distance* (mahjong players call the same count *shanten*) is the
fewest turns after which it could be wholly melded, if each turn's draw were
the card it needs: every turn brings one card and throws one, so the distance
is the number of the hand's cards that must be thrown for cards that fit.
``0`` is a hand already wholly melded (it goes out with the next draw's
discard); a hand one card from going out has distance 1.

The deadwood of a hand says what it would cost if the round ended now; the
distance says how soon it can end the round itself. They disagree most where
going out needs long melds, as with 5 cards (one meld of five, 5s wild):
``2C 3C 4C 2D 3D`` has deadwood 5 and needs two more clubs, ``2C 3C 4C 6C KD``
has deadwood 16 and needs one card::

    >>> from threethirteen.cards import Rank, parse_cards
    >>> from threethirteen.rules import get_rules
    >>> classic = get_rules("classic")
    >>> draws_to_go_out(parse_cards("2C 3C 4C 2D 3D"), classic, Rank.FIVE)
    2
    >>> draws_to_go_out(parse_cards("2C 3C 4C 6C KD"), classic, Rank.FIVE)
    1

How it is counted: some of the natural cards are taken as the cores of melds
still to complete, each either cards of one rank (a set) or cards of one suit
within a window of positions (a run); a meld's completed size is at least 3
(a set: its cards; a run: its window), and the completed sizes together fit
in the hand; the wilds fill the holes or lengthen melds, and every natural
card outside the cores is thrown, one a turn. The distance is the fewest such
throws. It is exact for the rules without a cap on wilds per meld, without
the ban on all-wild melds and without contracts; under those it is a lower
bound (they can only forbid an arrangement). It counts any card as drawable:
whether the cards needed are still live is the caller's to weigh.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from threethirteen.cards import Card, Rank
from threethirteen.rules import AceMode, Rules

__all__ = ["draws_to_go_out"]

# The search works on a hand's natural cards as one sorted ``bytes``, a card a byte:
# ``position * 4 + suit index``, the position being the rank number, except an
# ace-high-only ace, which is 14. Bytes (and the memo's bytes keys and bool values) are
# not tracked by Python's garbage collector: a memo of tuples made every full collection
# walk it, which showed as pauses of tens of milliseconds in the heuristic's decisions.
_MEMO: dict[bytes, bool] = {}
_MEMO_LIMIT = 1 << 16
_ACES = {mode: index for index, mode in enumerate(AceMode)}


def draws_to_go_out(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> int:
    """The fewest turns after which ``cards`` could be wholly melded (module docstring).

    ``cards`` is the hand kept after a discard; jokers and ``wild_rank`` cards
    are wild. The result is between 0 and the number of natural cards.
    """
    codes = []
    for card in cards:
        if card.rank is None or card.suit is None or card.rank is wild_rank:
            continue
        position = int(card.rank)
        if card.rank is Rank.ACE and rules.aces is AceMode.HIGH:
            position = 14
        codes.append(position * 4 + card.suit.index)
    hand = bytes(sorted(codes))
    wilds = len(cards) - len(hand)
    if len(_MEMO) > _MEMO_LIMIT:
        _MEMO.clear()
    # The fewest throws first: a search bounded by a small throw budget is quick, and the
    # first budget that works is the answer (all natural cards thrown always works).
    for throws in range(len(hand)):
        if _completes(hand, throws, wilds, rules.aces):
            return throws
    return len(hand)


def _without(hand: bytes, taken: Sequence[int]) -> bytes:
    """``hand`` less one copy of each code in ``taken``."""
    rest = bytearray(hand)
    for code in taken:
        rest.remove(code)
    return bytes(rest)


def _set_choices(hand: bytes) -> list[list[int]]:
    """Every multiset of cards of the first card's rank that holds it: a set's core."""
    position = hand[0] >> 2
    same = [code for code in hand if code >> 2 == position]
    choices: list[list[int]] = [[hand[0]]]
    for code in sorted(set(same)):
        copies = same.count(code) - (code == hand[0])
        choices = [c + [code] * k for c in choices for k in range(copies + 1)]
    return choices


@cache
def _windows(position: int, longest: int, aces: AceMode) -> tuple[tuple[int, ...], ...]:
    """The positions of each run window of 2 or more that holds ``position``, the lowest left.

    Every other card left is at a position at least as high, so the window starts at
    ``position``, except where an ace may also stand high (the window ends at 14) or
    runs wrap around the corner (the window may start below, at the high ranks).
    Positions come as the hand's codes hold them (an ace standing high is 1 under
    EITHER, and WRAP counts around the corner).
    """
    longest = min(13, longest)
    if aces is AceMode.WRAP:
        spans = [(position - below, n) for n in range(2, longest + 1) for below in range(n)]
    else:
        top = 13 if aces is AceMode.LOW else 14
        spans = [(position, n) for n in range(2, longest + 1) if position + n - 1 <= top]
        if aces is AceMode.EITHER and position == 1:
            spans += [(15 - n, n) for n in range(2, longest + 1)]  # ..., K, A (14)
    return tuple(tuple(_NORMAL[aces](start + i) for i in range(n)) for start, n in spans)


_NORMAL: dict[AceMode, Callable[[int], int]] = {
    AceMode.LOW: lambda p: p,
    AceMode.HIGH: lambda p: p,
    AceMode.EITHER: lambda p: 1 if p == 14 else p,
    AceMode.WRAP: lambda p: (p - 1) % 13 + 1,
}


@cache
def _near(position: int, aces: AceMode) -> frozenset[int]:
    """The positions within two places of ``position`` (around the corner, or an ace
    either end, as ``aces`` allows), as the hand's codes hold them."""
    places = {position + d for d in (-2, -1, 1, 2)}
    if aces is AceMode.WRAP or (aces is AceMode.EITHER and position in (1, 12, 13)):
        places = {(p - 1) % 13 + 1 for p in places}
    return frozenset(places - {position})


def _lonely(hand: bytes, suits: Sequence[set[int]], aces: AceMode) -> int:
    """How many cards of ``hand`` share their rank with no other and have no card of
    their suit within two places."""
    lonely = 0
    last = len(hand) - 1
    for i, code in enumerate(hand):
        position = code >> 2
        if (i and hand[i - 1] >> 2 == position) or (i < last and hand[i + 1] >> 2 == position):
            continue  # codes sort by position: a card of the same rank is a neighbour
        if _near(position, aces).isdisjoint(suits[code & 3]):
            lonely += 1
    return lonely


def _completes(hand: bytes, throws: int, slack: int, aces: AceMode) -> bool:
    """Can ``hand`` be split into cores and at most ``throws`` thrown cards, with holes to spare?

    ``slack`` is the holes the cores may still have: the wilds, and one for each card
    thrown (its turn draws a card that fills a hole), less the holes so far. The cores'
    completed sizes then fit in the hand: a hole needs a place a thrown card or a wild
    held.
    """
    if not hand:
        return slack >= 0
    key = hand + bytes((throws, slack + 128, _ACES[aces]))
    known = _MEMO.get(key)
    if known is not None:
        return known
    suits: list[set[int]] = [set(), set(), set(), set()]
    for code in hand:
        suits[code & 3].add(code >> 2)
    if _lonely(hand, suits, aces) > 2 * throws + slack:
        # A lonely card is thrown or costs its core at least a hole: a gap of two or
        # more lies between it and any other card of the core, and a gap borders at
        # most two of them.
        _MEMO[key] = False
        return False
    first = hand[0]
    suit = first & 3
    present = suits[suit]
    # The cores holding the first card: (their holes, what is left).
    cores = [(max(0, 3 - len(core)), _without(hand, core)) for core in _set_choices(hand)]
    for window in _windows(first >> 2, len(hand) + throws + slack, aces):
        # One card of the suit at each position of the window (the first card among them:
        # every window holds its position); a window that ends on a hole is skipped (a
        # shorter one holds the same cards and fits more).
        if window[0] not in present or window[-1] not in present:
            continue
        run = [position * 4 + suit for position in window if position in present]
        cores.append((max(3, len(window)) - len(run), _without(hand, run)))
    cores.sort(key=lambda core: core[0])
    found = False
    for holes, rest in cores:
        if slack - holes + throws < 0:
            break  # not even every throw left could pay for these holes
        if _completes(rest, throws, slack - holes, aces):
            found = True
            break
    if not found and throws > 0:  # the first card thrown
        found = _completes(hand[1:], throws - 1, slack + 1, aces)
    _MEMO[key] = found
    return found
