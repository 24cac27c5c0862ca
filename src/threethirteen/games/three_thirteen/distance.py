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
    >>> from threethirteen.games.three_thirteen.rules import get_rules
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

That weighing needs to know which cards bring the hand a turn closer (mahjong's
*ukeire*): :func:`draw_brings_closer` answers for one drawn card,
:func:`closer_draws` for every card from one search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from threethirteen.cards import Card, Rank
from threethirteen.games.three_thirteen.rules import AceMode, Rules

__all__ = ["closer_draws", "draw_brings_closer", "draws_to_go_out"]

# The search works on a hand's natural cards as one sorted ``bytes``, a card a byte:
# ``position * 4 + suit index``, the position being the rank number, except an
# ace-high-only ace, which is 14. Bytes (and the memo's bytes keys and bool values) are
# not tracked by Python's garbage collector: a memo of tuples made every full collection
# walk it, which showed as pauses of tens of milliseconds in the heuristic's decisions.
_MEMO: dict[bytes, bool] = {}
_MEMO_LIMIT = 1 << 16
# closer_draws' search by the same keys: the fillers' bit mask and the most slack left,
# packed in one int (a tuple or a frozenset would be walked by every full collection).
_FILL_MEMO: dict[bytes, int] = {}
# Bit ``code`` of a mask is one card; bit ``_ANY_OF_RANK + position`` any card of a rank.
_ANY_OF_RANK = 64
_ACES = {mode: index for index, mode in enumerate(AceMode)}
# A run's lowest place (an ace-high-only ace is 14, so no run starts at 1).
_LOWEST = {AceMode.LOW: 1, AceMode.HIGH: 2, AceMode.EITHER: 1, AceMode.WRAP: 1}


def draws_to_go_out(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> int:
    """The fewest turns after which ``cards`` could be wholly melded (module docstring).

    ``cards`` is the hand kept after a discard; jokers and ``wild_rank`` cards
    are wild. The result is between 0 and the number of natural cards.
    """
    hand, wilds = _encode(cards, rules, wild_rank)
    # The fewest throws first: a search bounded by a small throw budget is quick, and the
    # first budget that works is the answer (all natural cards thrown always works).
    for throws in range(len(hand)):
        if _completes(hand, throws, wilds, rules.aces):
            return throws
    return len(hand)


def draw_brings_closer(
    cards: Sequence[Card], drawn: Card, distance: int, rules: Rules, wild_rank: Rank
) -> bool:
    """Whether drawing ``drawn`` into ``cards`` and throwing the best card leaves a hand
    fewer than ``distance`` turns from going out.

    ``distance`` is ``draws_to_go_out(cards, ...)``. Mahjong players count the
    tiles for which this holds (*ukeire*): how many of the unseen cards bring a
    hand closer says how soon it is likely to get there, where the distance
    alone supposes every needed card comes. With the ``distance`` known this is
    one bounded search, not one for each card that could be thrown:
    the throw that pays for the draw is a throw that fills no hole, so the
    ``distance`` throws of the search start one hole short.

    >>> from threethirteen.cards import parse_cards
    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> classic = get_rules("classic")
    >>> hand = parse_cards("2C 3C 4C 2D 3D")  # 5s wild; two clubs short
    >>> [draw_brings_closer(hand, Card.parse(c), 2, classic, Rank.FIVE) for c in ("6C", "9H")]
    [True, False]
    """
    if distance <= 0:
        return False
    hand, wilds = _encode((*cards, drawn), rules, wild_rank)
    code = _code(drawn, rules, wild_rank)
    if code is not None and not _has_partner(hand, code, wilds + distance, rules.aces):
        # The drawn card would sit in a core alone, or across a gap no hole budget spans.
        # Alone, its core is no better than one of the card thrown for it (a wild thrown
        # leaves its place to fill): the hand was as close without the draw.
        return False
    return _completes(hand, distance, wilds - 1, rules.aces)


def closer_draws(
    cards: Sequence[Card], distance: int, rules: Rules, wild_rank: Rank
) -> Callable[[Card], bool]:
    """Which draws bring ``cards``, ``distance`` turns from going out, a turn closer.

    The same answer as :func:`draw_brings_closer` for every card, from one search
    instead of one a card: the test of each card is then a set lookup. A draw
    brings the hand closer exactly when, in some way of completing the hand in
    ``distance`` throws, the card fills one of the holes (a missing card of a
    run, a missing card of a set's rank, a wild's place) or lengthens a meld
    while the arrangement has a hole to spare (its throws and wilds fill more
    holes than it has); the card thrown for it is one of the throws. Every
    wild brings a hand that is not yet complete closer. ``distance`` is
    ``draws_to_go_out(cards, ...)``.

    >>> from threethirteen.cards import parse_cards
    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> classic = get_rules("classic")
    >>> helps = closer_draws(parse_cards("2C 3C 4C 2D 3D"), 2, classic, Rank.FIVE)
    >>> [helps(Card.parse(c)) for c in ("6C", "AC", "4D", "9H", "5S")]  # 4D: still two
    [True, True, False, False, True]
    """
    if distance <= 0:
        return lambda card: False
    hand, wilds = _encode(cards, rules, wild_rank)
    if len(_FILL_MEMO) > _MEMO_LIMIT:
        _FILL_MEMO.clear()
    _, fillers = _fillers(hand, distance, wilds, rules.aces)

    def helps(card: Card) -> bool:
        code = _code(card, rules, wild_rank)
        if code is None:
            return True
        return bool(fillers >> code & 1 or fillers >> (_ANY_OF_RANK + (code >> 2)) & 1)

    return helps


def _fillers(hand: bytes, throws: int, slack: int, aces: AceMode) -> tuple[int, int]:
    """Every arrangement of ``hand`` into cores and at most ``throws`` thrown cards (as
    :func:`_completes` searches): the most slack any leaves over (-1 if none completes),
    and the cards a draw could place in one, each within the slack that arrangement
    leaves, as a bit mask (bit ``code`` a card, bit ``_ANY_OF_RANK + position`` any card
    of a set's rank)."""
    if not hand:
        return (slack, 0) if slack >= 0 else (-1, 0)
    key = hand + bytes((throws, slack + 128, _ACES[aces]))
    known = _FILL_MEMO.get(key)
    if known is not None:
        return (known & 127) - 1, known >> 7
    suits: list[set[int]] = [set(), set(), set(), set()]
    for code in hand:
        suits[code & 3].add(code >> 2)
    most, found = -1, 0
    if _lonely(hand, suits, aces) <= 2 * throws + slack:
        first = hand[0]
        position, suit = first >> 2, first & 3
        present = suits[suit]
        # The cores holding the first card: (holes, its cards, its run window or None).
        cores: list[tuple[int, list[int], tuple[int, ...] | None]] = [
            (max(0, 3 - len(core)), core, None) for core in _set_choices(hand)
        ]
        for span in _windows(position, len(hand) + throws + slack, aces):
            if span[0] in present and span[-1] in present:  # see _completes
                run = [p * 4 + suit for p in span if p in present]
                cores.append((max(3, len(span)) - len(run), run, span))
        for holes, core, window in cores:
            if slack - holes + throws < 0:
                continue
            left, below = _fillers(_without(hand, core), throws, slack - holes, aces)
            if left < 0:
                continue
            most = max(most, left)
            found |= below
            if window is not None:
                found |= _run_fillers(window, present, suit, left, aces)
                continue
            # Another card of the rank fills a hole, or lengthens the set with one to spare.
            if left >= (0 if holes else 1):
                found |= 1 << (_ANY_OF_RANK + position)
            if len(core) == 1:  # alone, it could start a run with a card of its suit
                found |= _run_fillers((position,), {position}, suit, left, aces)
    if throws > 0:  # the first card thrown
        left, below = _fillers(hand[1:], throws - 1, slack + 1, aces)
        if left >= 0:
            most = max(most, left)
            found |= below
    _FILL_MEMO[key] = found << 7 | (most + 1)
    return most, found


def _run_fillers(
    window: Sequence[int], held: set[int], suit: int, spare: int, aces: AceMode
) -> int:
    """The cards of ``suit`` (a mask of their codes) that fill a hole of a run core (the
    positions ``held`` of ``window``) or lengthen it: ``k`` places beyond an end, when
    the ``spare`` slack pays for the holes the longer window opens."""
    length = len(window)
    codes = [p * 4 + suit for p in window if p not in held]  # its holes
    first = window[0]
    if aces is AceMode.EITHER:
        last = 14 if window[-1] == 1 and length > 1 else window[-1]  # an ace high
    else:
        last = first + length - 1  # WRAP counts on past the king; LOW and HIGH are plain
    # Where a run may go from each end, on the raw positions; a lone ace either way
    # aces allow reaches up from 1 and down from 14.
    ends = [(first, last)]
    if aces is AceMode.EITHER and window == (1,):
        ends.append((14, 14))
    for k in range(1, 14 - length):
        if max(3, length + k) - max(3, length) > spare:
            break
        for place in [p for low, high in ends for p in (low - k, high + k)]:
            if aces is AceMode.WRAP:
                codes.append(((place - 1) % 13 + 1) * 4 + suit)
            elif aces is AceMode.EITHER and 1 <= place <= 14:
                codes.append((1 if place == 14 else place) * 4 + suit)
            elif _LOWEST[aces] <= place <= _LOWEST[aces] + 12:  # LOW 1-13, HIGH 2-14
                codes.append(place * 4 + suit)
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask


def _has_partner(hand: bytes, code: int, reach: int, aces: AceMode) -> bool:
    """Whether another card of ``hand`` shares ``code``'s rank, or its suit within
    ``reach`` places: a run of it and a card ``g`` places away has ``g - 1`` holes, and
    the holes one draw leaves to fill are at most the wilds and the throws left."""
    position, suit = code >> 2, code & 3
    seen_self = False
    for other in hand:
        if other == code and not seen_self:
            seen_self = True
            continue
        there = other >> 2
        if there == position:
            return True
        if other & 3 == suit and _gap(position, there, aces) <= reach:
            return True
    return False


def _gap(a: int, b: int, aces: AceMode) -> int:
    """How many places apart two positions stand in a run (around the corner where the
    aces allow: an ace is 1 or 14 under EITHER, WRAP runs K-A-2)."""
    gap = abs(a - b)
    if aces is AceMode.WRAP:
        return min(gap, 13 - gap)
    if aces is AceMode.EITHER and 1 in (a, b):
        return min(gap, 14 - (a + b - 1))  # the ace taken as 14, the other card below it
    return gap


def _code(card: Card, rules: Rules, wild_rank: Rank) -> int | None:
    """The search's code of a natural card (module comment above), None for a wild."""
    if card.rank is None or card.suit is None or card.rank is wild_rank:
        return None
    position = int(card.rank)
    if card.rank is Rank.ACE and rules.aces is AceMode.HIGH:
        position = 14
    return position * 4 + card.suit.index


def _encode(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> tuple[bytes, int]:
    """The natural cards of ``cards`` as the search's sorted codes, and how many are wild."""
    codes = [c for c in (_code(card, rules, wild_rank) for card in cards) if c is not None]
    if len(_MEMO) > _MEMO_LIMIT:
        _MEMO.clear()
    return bytes(sorted(codes)), len(cards) - len(codes)


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
