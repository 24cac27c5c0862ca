"""Contracts: going out with at least so many sets and runs (``Rules.contracts``).

A separate search in which every meld is chosen with its exact number of wilds (a
meld split in two is two melds here) and counts as a set, a run or, for one
natural with wilds, either; wilds left at the end make all-wild melds, each
counting as either. Its memo (``Engine.contract_memo``) lives in the engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from threethirteen.cards import Card
from threethirteen.games.three_thirteen.rules import Contract
from threethirteen.games.three_thirteen.solver.encoding import Hand, card_positions
from threethirteen.games.three_thirteen.solver.melds import Arrangement, MeldKind
from threethirteen.games.three_thirteen.solver.plans import (
    Core,
    Plan,
    arrange,
    materialise,
    split_sizes,
)
from threethirteen.games.three_thirteen.solver.search import Engine

__all__ = ["can_meet", "contract_plan", "goes_out", "going_out"]


def goes_out(engine: Engine, contract: Contract | None, cards: Sequence[Card]) -> bool:
    """Do ``cards`` meld completely, meeting ``contract`` (if any)?"""
    if engine.cost_of(cards) != 0:
        return False
    if contract is None or (contract.sets == 0 and contract.runs == 0):
        return True
    hand = engine.split(cards)
    return any(
        can_meet(engine, x, hand.jokers + acting_wild, contract.sets, contract.runs)
        for x, _, acting_wild in engine.acting_choices(hand)
    )


def going_out(
    engine: Engine, contract: Contract | None, cards: Sequence[Card]
) -> Arrangement | None:
    """An arrangement melding every card of ``cards`` and meeting ``contract``, or None."""
    if not goes_out(engine, contract, cards):
        return None
    if contract is None or (contract.sets == 0 and contract.runs == 0):
        return arrange(engine, cards)
    hand = engine.split(cards)
    found = contract_plan(engine, hand, contract)
    assert found is not None
    plan, x = found
    melds, unmelded, deadwood, _ = materialise(engine, plan, x, hand)
    return Arrangement(tuple(melds), tuple(unmelded), deadwood)


def contract_plan(engine: Engine, hand: Hand, contract: Contract) -> tuple[Plan, int] | None:
    """A plan melding every card with at least the contract's sets and runs, or None.

    Returns (plan, naturals) like :func:`~.plans.best_plan`.
    """
    for x, _, acting_wild in engine.acting_choices(hand):
        w = hand.jokers + acting_wild
        if can_meet(engine, x, w, contract.sets, contract.runs):
            return _plan_contract(engine, x, w, contract.sets, contract.runs), x
    return None


def _contract_melds(engine: Engine, x: int) -> Iterator[tuple[int, int, int, str, bool]]:
    """Melds holding the lowest card: (naturals mask, least and most wilds, direction, flex).

    ``direction`` is empty for a set; ``flex`` marks one natural with wilds,
    which is a set and a run at once.
    """
    b = (x & -x).bit_length() - 1
    p = b >> 2
    big = 255 if engine.cap is None else engine.cap
    shift = (p >> 2) << 4
    for sub, m, need in engine.sets((x >> shift) & 0xFFFF):
        if need <= big:
            yield sub << shift, need, big, "", m == 1
    unit = 1 << (b & ~3)
    for options, sh, direction in engine.run_choices(x, p, False):
        for sub, m, need in options:
            most = min(big, 13 - m)
            if need <= most:
                yield unit + (sub << sh), need, most, direction, False


def _counts_as(direction: str, flex: bool, q: int, sets: int, runs: int) -> list[tuple[int, int]]:
    """The (sets, runs) still needed after a meld, for each kind the meld may count as."""
    as_set = (max(sets - 1, 0), runs)
    as_run = (sets, max(runs - 1, 0))
    if direction:
        return [as_run]
    if flex and q + 1 <= 13:
        return [as_set, as_run]
    return [as_set]


def can_meet(engine: Engine, x: int, w: int, sets: int, runs: int) -> bool:
    """Can naturals ``x`` and ``w`` wilds all be melded with >= sets sets and >= runs runs?

    Every meld is chosen with its exact number of wilds (a meld split in two is
    two melds here), and wilds left at the end make all-wild melds.
    """
    key = (x, w, sets, runs)
    known = engine.contract_memo.get(key)
    if known is not None:
        return known
    result = False
    if not x:
        result = _contract_end(engine, w, sets, runs)
    else:
        for mask, least, most, direction, flex in _contract_melds(engine, x):
            for q in range(least, min(most, w) + 1):
                for s, r in _counts_as(direction, flex, q, sets, runs):
                    if can_meet(engine, x - mask, w - q, s, r):
                        result = True
                        break
                if result:
                    break
            if result:
                break
    if len(engine.contract_memo) > engine.memo_limit:
        engine.contract_memo.clear()
    engine.contract_memo[key] = result
    return result


def _contract_end(engine: Engine, w: int, sets: int, runs: int) -> bool:
    """Can ``w`` wilds alone make all-wild melds numbering at least sets + runs?"""
    if w == 0:
        return sets == 0 and runs == 0
    cap = engine.cap
    if not engine.rules.all_wild_melds or (cap is not None and cap < 3):
        return False
    parts = w // 3
    return parts >= max(1, sets + runs) and (cap is None or w <= cap * parts)


def _plan_contract(engine: Engine, x: int, w: int, sets: int, runs: int) -> Plan:
    plan = Plan()
    while x:
        chosen: tuple[Core, int, int, int, int] | None = None
        for mask, least, most, direction, flex in _contract_melds(engine, x):
            for q in range(least, min(most, w) + 1):
                for s, r in _counts_as(direction, flex, q, sets, runs):
                    if can_meet(engine, x - mask, w - q, s, r):
                        core = Core(MeldKind.SET, card_positions(mask), direction, q, 0, flex)
                        if direction:
                            core.kind = MeldKind.RUN
                        elif flex and (s, r) != (max(sets - 1, 0), runs):
                            core.kind = MeldKind.RUN  # one natural and wilds, as a run
                            core.direction = _single_direction(engine, core.naturals[0])
                        chosen = (core, mask, q, s, r)
                        break
                if chosen:
                    break
            if chosen:
                break
        assert chosen is not None, "contract plan lost its way"
        core, mask, q, sets, runs = chosen
        plan.cores.append(core)
        x, w = x - mask, w - q
    if w:
        plan.all_wild.extend(split_sizes(w))
        plan.all_wild_runs = runs  # the rest of the contract: these count as runs
    return plan


def _single_direction(engine: Engine, p: int) -> str:
    """How a run around one natural is laid: an ace under HIGH ends ace-high."""
    if engine.cyclic:
        return "cyc"
    return "down" if p < 4 and not engine.ace_up else "up"
