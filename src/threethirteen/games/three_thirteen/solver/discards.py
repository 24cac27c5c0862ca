"""The after-draw analysis: every discard of a hand that just drew, weighed at once.

:func:`discard_costs` gives the least cost after each distinct discard with one
shared memo; without wild restrictions the groups of the whole hand stay valid
groups after any discard (coarser is fine), so only the group that lost the card
is solved again and the others' cost vectors are combined from both sides.
:func:`discard_choices` turns the costs into :class:`~.melds.DiscardChoice` values
whose arrangements are built when first read.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from threethirteen.cards import JOKER, Card
from threethirteen.games.three_thirteen.rules import Contract
from threethirteen.games.three_thirteen.solver.contracts import goes_out, going_out
from threethirteen.games.three_thirteen.solver.encoding import (
    CARD_AT,
    JOKER_KEY,
    SCALE,
    Hand,
    suit_major,
)
from threethirteen.games.three_thirteen.solver.layoff import LayOff
from threethirteen.games.three_thirteen.solver.melds import Arrangement, DiscardChoice, Meld
from threethirteen.games.three_thirteen.solver.plans import arrange
from threethirteen.games.three_thirteen.solver.search import Engine
from threethirteen.games.three_thirteen.solver.vectors import combine_vector, vector_at

__all__ = ["can_go_out", "discard_choices", "discard_costs"]


def discard_choices(
    engine: Engine,
    lay_off: LayOff,
    contract: Contract | None,
    cards: tuple[Card, ...],
    table: Sequence[Meld] = (),
) -> list[DiscardChoice]:
    """Every distinct discard from ``cards`` with the best arrangement after it, in card
    order (suit, then rank, jokers last); ``table`` (under ``rules.lay_off``) lets the
    arrangements lay off. The caller checks the hand's size.
    """
    # Every discard is weighed now, sharing the memo; arrangements are built on demand.
    costs = discard_costs(engine, engine.split(cards))
    needs_contract = contract is not None and (contract.sets > 0 or contract.runs > 0)
    on_table = tuple(table)
    read = lay_off.table(on_table) if engine.rules.lay_off and table else None
    choices = []
    for key in sorted(costs, key=_card_order):
        card = JOKER if key == JOKER_KEY else CARD_AT[key]
        cost = costs[key]
        if cost == 0 and (not needs_contract or goes_out(engine, contract, _without(cards, card))):
            make = functools.partial(_going_out_after, engine, contract, cards, card)
            choices.append(DiscardChoice(card, make, True, 0))
        elif read is not None:
            rest = _without(cards, card)
            make = functools.partial(lay_off.solve, rest, on_table)
            cost = lay_off.cost(rest, read)
            choices.append(DiscardChoice(card, make, False, cost // SCALE))
        else:
            make = functools.partial(_arrange_after, engine, cards, card)
            choices.append(DiscardChoice(card, make, False, cost // SCALE))
    return choices


def can_go_out(engine: Engine, contract: Contract | None, cards: Sequence[Card]) -> bool:
    """Can ``cards`` (a hand that just drew) discard one card and go out?"""
    costs = discard_costs(engine, engine.split(cards))
    if contract is None or (contract.sets == 0 and contract.runs == 0):
        return 0 in costs.values()
    return any(
        goes_out(engine, contract, _without(cards, JOKER if key == JOKER_KEY else CARD_AT[key]))
        for key, cost in costs.items()
        if cost == 0
    )


def _arrange_after(engine: Engine, cards: Sequence[Card], discard: Card) -> Arrangement:
    return arrange(engine, _without(cards, discard))


def _going_out_after(
    engine: Engine, contract: Contract | None, cards: Sequence[Card], discard: Card
) -> Arrangement:
    arrangement = going_out(engine, contract, _without(cards, discard))
    assert arrangement is not None
    return arrangement


def _card_order(key: int) -> int:
    """Sort key of a discard key: card order (suit, then rank), jokers last."""
    return 1 << 8 if key == JOKER_KEY else suit_major(key)


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


def discard_costs(engine: Engine, hand: Hand) -> dict[int, int]:
    """Least scaled cost after each distinct discard.

    Keyed by the discard's position p (0..51, ``(rank - 1) * 4 + suit index``),
    52 (``JOKER_KEY``) for a joker.
    """
    if engine.unrestricted and hand.n:
        return _fast_discard_costs(engine, hand)
    out: dict[int, int] = {}
    x = hand.x
    while x:
        b = (x & -x).bit_length() - 1
        p = b >> 2
        unit = 1 << (b & ~3)
        x -= ((x >> (b & ~3)) & 15) * unit
        rest = Hand(
            hand.x - unit,
            hand.n - 1,
            hand.cost - engine.cost[p],
            hand.jokers,
            hand.wild_rank_cards,
        )
        out[p] = engine.hand_cost(rest)
    if hand.jokers:
        rest = Hand(hand.x, hand.n, hand.cost, hand.jokers - 1, hand.wild_rank_cards)
        out[JOKER_KEY] = engine.hand_cost(rest)
    for s, k in enumerate(hand.wild_rank_cards):
        if k:
            counts = list(hand.wild_rank_cards)
            counts[s] -= 1
            rest = Hand(hand.x, hand.n, hand.cost, hand.jokers, counts)
            out[engine.wild_index + s] = engine.hand_cost(rest)
    return out


def _fast_discard_costs(engine: Engine, hand: Hand) -> dict[int, int]:
    """:func:`discard_costs` without wild restrictions, sharing work between discards.

    The groups of the whole hand stay valid groups of the hand less any card
    (coarser than needed is fine), so only the group that lost a natural is
    solved again; the others' cost vectors are combined from both sides.
    """
    if len(engine.memo) > engine.memo_limit:
        engine.memo.clear()
    wilds = hand.jokers + sum(hand.wild_rank_cards)
    groups = engine.components(hand.x, wilds)
    vectors = [engine.vector(g, wilds) for g in groups]
    k = len(vectors)
    # before[i]: groups 0..i-1 combined; after[i]: groups i..k-1 combined.
    before: list[list[int]] = [[0]]
    for v in vectors:
        before.append(combine_vector(before[-1], v, wilds))
    after: list[list[int]] = [[0]] * (k + 1)
    for i in range(k - 1, -1, -1):
        after[i] = combine_vector(vectors[i], after[i + 1], wilds)
    out: dict[int, int] = {}
    costs = engine.cost
    for i, group in enumerate(groups):
        others = combine_vector(before[i], after[i + 1], wilds)
        x = group
        while x:
            b = (x & -x).bit_length() - 1
            unit = 1 << (b & ~3)
            x -= ((x >> (b & ~3)) & 15) * unit
            rest = group - unit
            total = (
                vector_at(combine_vector(others, engine.vector(rest, wilds), wilds), wilds)
                if rest
                else vector_at(others, wilds)
            )
            p = b >> 2
            cut = Hand(
                hand.x - unit,
                hand.n - 1,
                hand.cost - costs[p],
                hand.jokers,
                hand.wild_rank_cards,
            )
            out[p] = engine.finish(cut, total, wilds) if cut.n else engine.no_naturals(cut)
    if wilds:
        total = vector_at(before[k], wilds - 1)
        if hand.jokers:
            cut = Hand(hand.x, hand.n, hand.cost, hand.jokers - 1, hand.wild_rank_cards)
            out[JOKER_KEY] = engine.finish(cut, total, wilds - 1)
        for s, count in enumerate(hand.wild_rank_cards):
            if count:
                counts = list(hand.wild_rank_cards)
                counts[s] -= 1
                cut = Hand(hand.x, hand.n, hand.cost, hand.jokers, counts)
                out[engine.wild_index + s] = engine.finish(cut, total, wilds - 1)
    return out
