"""A naive, obviously correct hand solver: the oracle for tests and the benchmark baseline.

It tries every way to split a hand into groups (memoised on the cards left) and
checks each group with a brute-force meld test written from the rules, sharing
no code with :mod:`threethirteen.games.three_thirteen.solver`. It is exponential: use it on small
hands (up to about 10 cards) or in benchmarks, never in play.

>>> from threethirteen.cards import parse_cards
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> reference_deadwood(parse_cards("2H 2C 7C 8H 8S 10C JC JS"), get_rules("classic"), 6)
14
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from functools import cache

from threethirteen.cards import Card, Rank, Suit
from threethirteen.games.three_thirteen.rules import AceMode, Contract, Rules

__all__ = [
    "ReferenceResult",
    "is_reference_run",
    "is_reference_set",
    "reference_best_discard",
    "reference_can_go_out",
    "reference_deadwood",
    "reference_going_out",
    "reference_solve",
]

# A group as the reference sees it: the cards, sorted, as a tuple.
Group = tuple[Card, ...]
# (deadwood, groups melded in the hand, (table index, cards laid off) pairs, unmelded cards)
ReferenceResult = tuple[int, tuple[Group, ...], tuple[tuple[int, Group], ...], Group]


def _key(card: Card) -> tuple[int, int]:
    return card.sort_key()


def _is_wild(card: Card, wild_rank: Rank) -> bool:
    return card.rank is None or card.rank == wild_rank


def _within_limits(natural: int, wild: int, rules: Rules) -> bool:
    if rules.max_wilds_per_meld is not None and wild > rules.max_wilds_per_meld:
        return False
    return natural > 0 or rules.all_wild_melds


def _acting_choices(cards: Sequence[Card], wild_rank: Rank) -> Iterator[tuple[bool, ...]]:
    """Every way to say which cards act as wilds: jokers always, wild-rank cards maybe."""
    options = [
        (True,) if c.rank is None else (False, True) if c.rank == wild_rank else (False,)
        for c in cards
    ]
    yield from itertools.product(*options)


def is_reference_set(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    """Three or more cards whose natural-acting cards all share one rank, within the limits."""
    if len(cards) < 3:
        return False
    for acting in _acting_choices(cards, wild_rank):
        naturals = [c for c, wild in zip(cards, acting, strict=True) if not wild]
        if len({c.rank for c in naturals}) <= 1 and _within_limits(
            len(naturals), len(cards) - len(naturals), rules
        ):
            return True
    return False


def _line(rules: Rules) -> list[tuple[int, ...]]:
    """Every window of consecutive ranks a run may cover (ranks 1..13, ace as 1)."""
    windows = []
    for length in range(3, 14):
        if rules.aces is AceMode.WRAP:
            starts = range(1, 14) if length < 13 else range(1, 2)
            for s in starts:
                windows.append(tuple((s - 1 + i) % 13 + 1 for i in range(length)))
            continue
        positions = {
            AceMode.LOW: range(1, 14),
            AceMode.HIGH: range(2, 15),
            AceMode.EITHER: range(1, 15),
        }[rules.aces]
        lo, hi = positions[0], positions[-1]
        for s in range(lo, hi - length + 2):
            window = tuple((p - 1) % 13 + 1 for p in range(s, s + length))
            if len(set(window)) == length:  # EITHER: never the ace at both ends
                windows.append(window)
    return windows


def is_reference_run(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    """Cards that, in some order, fill a window of consecutive ranks of one suit."""
    n = len(cards)
    if not 3 <= n <= 13:
        return False
    for acting in _acting_choices(cards, wild_rank):
        naturals = [c for c, wild in zip(cards, acting, strict=True) if not wild]
        if not _within_limits(len(naturals), n - len(naturals), rules):
            continue
        if len({c.suit for c in naturals}) > 1:
            continue
        ranks = [int(c.rank) for c in naturals if c.rank is not None]
        if len(set(ranks)) < len(ranks):
            continue
        for window in _line(rules):
            # The cards fill the window exactly: naturals on their ranks, wilds elsewhere.
            if len(window) == n and set(ranks) <= set(window):
                return True
    return False


def _is_meld(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    return is_reference_set(cards, rules, wild_rank) or is_reference_run(cards, rules, wild_rank)


def _kinds(cards: Group, rules: Rules, wild_rank: Rank) -> tuple[bool, bool]:
    return is_reference_set(cards, rules, wild_rank), is_reference_run(cards, rules, wild_rank)


def _partitions(cards: Group) -> Iterator[tuple[Card, Group, Group]]:
    """(first card, other cards of a group with it, cards left) for every group with the first."""
    first, rest = cards[0], cards[1:]
    seen = set()
    for size in range(2, len(rest) + 1):
        for chosen in itertools.combinations(range(len(rest)), size):
            others = tuple(rest[i] for i in chosen)
            if others in seen:
                continue
            seen.add(others)
            left = tuple(rest[i] for i in range(len(rest)) if i not in chosen)
            yield first, others, left


def _extensions(
    table: Sequence[tuple[str, Group]], rules: Rules, wild_rank: Rank
) -> Callable[[int, Group], bool]:
    """A predicate: may ``added`` be laid off onto table meld ``i``?"""

    @cache
    def ok(i: int, added: Group) -> bool:
        kind, cards = table[i]
        if kind == "set":
            return is_reference_set((*cards, *added), rules, wild_rank)
        # A run keeps its cards and order; the added cards go before and after it.
        for perm in set(itertools.permutations(added)):
            for left in range(len(perm) + 1):
                if _is_ordered_run((*perm[:left], *cards, *perm[left:]), rules, wild_rank):
                    return True
        return False

    return ok


def _is_ordered_run(cards: Sequence[Card], rules: Rules, wild_rank: Rank) -> bool:
    """Is this sequence, in this order, a run? Each card matches its window rank or is wild."""
    n = len(cards)
    if not 3 <= n <= 13:
        return False
    for window in _line(rules):
        if len(window) != n:
            continue
        for suit in Suit:
            naturals = 0
            ok = True
            for card, rank in zip(cards, window, strict=True):
                if card.rank is not None and card.rank == rank and card.suit is suit:
                    naturals += 1
                elif not _is_wild(card, wild_rank):
                    ok = False
                    break
            if ok and _within_limits(naturals, n - naturals, rules):
                return True
    return False


def reference_solve(
    cards: Sequence[Card],
    rules: Rules,
    round_number: int,
    table: Sequence[tuple[str, Sequence[Card]]] = (),
) -> ReferenceResult:
    """The lowest deadwood of ``cards`` by trying every split into groups.

    ``table`` is a list of ``(kind, cards)`` pairs (``"set"`` or ``"run"``,
    run cards in sequence order) onto which, with ``rules.lay_off``, cards may
    be laid off.
    """
    wild_rank = rules.round_spec(round_number).wild_rank
    hand = tuple(sorted(cards, key=_key))
    tables = [(kind, tuple(group)) for kind, group in table] if rules.lay_off else []
    may_extend = _extensions(tables, rules, wild_rank)

    @cache
    def meld(group: Group) -> bool:
        return _is_meld(group, rules, wild_rank)

    @cache
    def best(left: Group) -> tuple[int, tuple[Group, ...], Group]:
        if not left:
            return 0, (), ()
        first = left[0]
        cost, groups, unmelded = best(left[1:])
        result = (cost + rules.card_penalty(first, wild_rank), groups, (first, *unmelded))
        for _, others, rest in _partitions(left):
            group = (first, *others)
            if meld(group):
                cost, groups, unmelded = best(rest)
                if cost < result[0]:
                    result = (cost, (group, *groups), unmelded)
        return result

    def lay(
        i: int, left: Group
    ) -> tuple[int, tuple[Group, ...], tuple[tuple[int, Group], ...], Group]:
        if i == len(tables):
            cost, groups, unmelded = best(left)
            return cost, groups, (), unmelded
        answer = lay(i + 1, left)
        for size in range(1, len(left) + 1):
            for chosen in set(itertools.combinations(range(len(left)), size)):
                added = tuple(left[j] for j in chosen)
                if may_extend(i, added):
                    rest = tuple(left[j] for j in range(len(left)) if j not in chosen)
                    cost, groups, laid, unmelded = lay(i + 1, rest)
                    if cost < answer[0]:
                        answer = (cost, groups, ((i, added), *laid), unmelded)
        return answer

    return lay(0, hand)


def reference_deadwood(
    cards: Sequence[Card],
    rules: Rules,
    round_number: int,
    table: Sequence[tuple[str, Sequence[Card]]] = (),
) -> int:
    """Only the number: the lowest deadwood."""
    return reference_solve(cards, rules, round_number, table)[0]


def _meets(kinds: Sequence[tuple[bool, bool]], contract: Contract | None) -> bool:
    """Can groups with these (is set, is run) flags be counted to meet the contract?"""
    if contract is None:
        return True
    only_sets = sum(1 for s, r in kinds if s and not r)
    only_runs = sum(1 for s, r in kinds if r and not s)
    both = sum(1 for s, r in kinds if s and r)
    return max(0, contract.sets - only_sets) + max(0, contract.runs - only_runs) <= both


def reference_going_out(cards: Sequence[Card], rules: Rules, round_number: int) -> bool:
    """Can every card be melded, meeting the round's contract? (Every full split is tried.)"""
    spec = rules.round_spec(round_number)
    wild_rank = spec.wild_rank
    hand = tuple(sorted(cards, key=_key))

    def splits(left: Group) -> Iterator[list[tuple[bool, bool]]]:
        if not left:
            yield []
            return
        for first, others, rest in _partitions(left):
            group = (first, *others)
            kinds = _kinds(group, rules, wild_rank)
            if any(kinds):
                for tail in splits(rest):
                    yield [kinds, *tail]

    return any(_meets(kinds, spec.contract) for kinds in splits(hand))


def reference_can_go_out(cards: Sequence[Card], rules: Rules, round_number: int) -> bool:
    """Some discard leaves a hand that goes out."""
    for i in range(len(cards)):
        rest = [c for j, c in enumerate(cards) if j != i]
        if reference_going_out(rest, rules, round_number):
            return True
    return False


def reference_best_discard(
    cards: Sequence[Card], rules: Rules, round_number: int
) -> tuple[bool, int, dict[Card, tuple[int, bool]]]:
    """(can go out, least deadwood after a discard, {discard: (deadwood, goes out)})."""
    answers: dict[Card, tuple[int, bool]] = {}
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        answers[card] = (
            reference_deadwood(rest, rules, round_number),
            reference_going_out(rest, rules, round_number),
        )
    out = any(goes for _, goes in answers.values())
    return out, min(d for d, _ in answers.values()), answers
