"""The ``heuristic`` bot (medium): plays its hand as a plan of combinations, counting cards.

Its rule, in words a player would use:

* **The plan.** It splits its hand into combinations so as to empty it in the fewest
  leads (:func:`~.hands.best_split`: sequences, double sequences, fours, triples,
  pairs and singles; a low single that can never win a trick counts against a plan,
  a 2, a high pair, a long sequence or a bomb counts for it).
* **Counting.** It knows which cards are still out (the view's played cards) and so
  which of its plays nobody can beat (*boss* plays), and which seats have passed and
  cannot answer this trick.
* **Going out.** When every combination of its plan but one is a boss, it leads the
  bosses and then the last one: it goes out. A play that empties its hand is always
  made.
* **Leading.** Otherwise it leads the weakest combination of its plan, longer plays
  before shorter ones of the same strength, keeping its 2s and bombs. When another
  seat holds one card it leads no single it can avoid (and if only singles are
  left, its highest), and with two cards left it avoids leading a pair.
* **Following.** It weighs each play that beats the table by how much it sets its
  plan back (breaking a sequence to play a single is costly, playing a combination of
  the plan is progress) and by whether it surely wins the trick (then it leads
  next). It spends a 2 or a bomb only when that wins the trick and it is near the
  end, or lets it go out, or when another seat is close to going out. Passing has
  its cost too when nobody else is left to answer (the table's owner then leads,
  more so when it is close to going out): then it beats with whatever sets its plan
  back least, unless that costs more than handing over the lead.

Its few numbers (:class:`Weights`) can be given as options, ``heuristic:save_cost=2``;
they were set by matches against ``simple`` (``threethirteen tournament --game thirteen``).
Deterministic (``seed`` is unused); a decision takes a fraction of a millisecond.

>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.stack(None, ["3S 4S 5S 9D 9H", "6C 7C 8C 10D"], leader=0)
>>> str(HeuristicBot().choose(state.view(0)))
'play 3S 4S 5S'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from threethirteen.errors import ThreeThirteenError
from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.bots.hands import (
    PAIR,
    SINGLE,
    TWO,
    Move,
    best_split,
    cards_of,
    is_bomb,
    move_of_cards,
    split_cost,
)
from threethirteen.games.thirteen.bots.reading import Reading
from threethirteen.games.thirteen.cards import strength
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["Choice", "HeuristicBot", "Weights", "follow_values", "lead_move"]

_TWOS = 0xF << (4 * TWO)  # the mask of the four 2s


def _has_two(move: Move) -> bool:
    return bool(move[3] & _TWOS)


@dataclass(frozen=True, slots=True)
class Choice:
    """A play and the heuristic's value for it (lower is better); ``move`` None is a pass."""

    move: Move | None
    value: float


@dataclass(frozen=True, slots=True)
class Weights:
    """The heuristic's few numbers (in the units of :func:`~.hands.split_cost`)."""

    lead_worth: float = 0.45  # the worth of winning a trick: the lead it brings
    save_cost: float = 1.5  # spending a 2 or a bomb when nothing presses
    danger: int = 3  # another seat this close to going out presses
    near_end: int = 6  # hands this small spend a 2 or a bomb that wins its trick
    pass_cost: float = 1.2  # passing when that hands the lead to the table's owner


DEFAULT = Weights()


def finishing(reading: Reading, hand: int) -> bool:
    """Whether ``hand``, led, goes out for sure: every play of its split but one is a boss."""
    split = best_split(hand)
    return sum(1 for m in split if not reading.is_boss(m)) <= 1


def lead_move(reading: Reading, must: int = 0) -> Move:
    """The combination the heuristic leads (``must``: the mask of a card the lead must hold)."""
    split = best_split(reading.hand)
    if must:
        holding = [m for m in split if m[3] & must]
        return holding[0] if holding else (SINGLE, 1, must.bit_length() - 1, must)
    if len(split) == 1:
        return split[0]
    bosses = [m for m in split if reading.is_boss(m)]
    losers = [m for m in split if not reading.is_boss(m)]
    if len(losers) <= 1 and bosses:
        # Lead the bosses, the biggest first, and go out with the last play.
        return max(bosses, key=lambda m: (m[1], -m[2]))
    plain = [m for m in losers if not _has_two(m) and not is_bomb(m)] or losers or split
    fewest = reading.fewest()
    if fewest == 1:
        # A seat with one card answers only a single: lead anything else first.
        wide = [m for m in split if m[0] != SINGLE]
        if wide:
            plain = [m for m in wide if not _has_two(m) and not is_bomb(m)] or wide
        else:
            return max(split, key=lambda m: m[2])
    elif fewest == 2:
        plain = [m for m in plain if m[0] != PAIR] or plain
    # The weakest play: lowest top rank, the longer first among equals.
    return min(plain, key=lambda m: (m[2] >> 2, -m[1], m[2]))


def follow_values(reading: Reading, moves: list[Move], w: Weights = DEFAULT) -> list[Choice]:
    """Every answer to the table, the pass first, each valued (lower is better)."""
    hand = reading.hand
    now = split_cost(hand)
    fewest = reading.fewest()
    owner = reading.owner
    owner_left = reading.sizes[owner] if owner is not None else 99
    danger = fewest <= w.danger
    # Passing hands the lead to the table's owner when nobody else may still answer.
    others = [s for s in reading.opponents if s != owner and s not in reading.passed]
    pass_value = 0.0 if others else w.pass_cost
    if owner_left <= w.danger:
        pass_value += w.lead_worth
    choices = [Choice(None, pass_value)]
    size = hand.bit_count()
    for move in moves:
        after = hand & ~move[3]
        if not after:
            choices.append(Choice(move, -100.0))
            continue
        sure = reading.is_sure(move)
        value = split_cost(after) - now
        if sure:
            value -= w.lead_worth
            if finishing(reading, after):
                value -= 10.0
        costly = _has_two(move) or is_bomb(move)
        if costly and not danger and not (sure and size <= w.near_end):
            value += w.save_cost
        choices.append(Choice(move, value))
    return choices


class HeuristicBot:
    """Plays by its plan of combinations and by counting cards (see the module)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, **weights: float) -> None:
        """Raises :class:`~threethirteen.errors.ThreeThirteenError` for an unknown weight."""
        del seed  # deterministic
        known = {f.name: f.type for f in dataclasses.fields(Weights)}
        for key in weights:
            if key not in known:
                raise ThreeThirteenError(
                    f"unknown heuristic weight {key!r}; known: {', '.join(known)}"
                )
        values: dict[str, Any] = {
            k: int(v) if known[k] == "int" else float(v) for k, v in weights.items()
        }
        self.weights = dataclasses.replace(DEFAULT, **values)

    def choose(self, view: ThirteenView) -> Action:
        reading = Reading.of(view)
        if view.table is None:
            must = 0
            if view.first_lead_card is not None and not view.log:
                must = 1 << strength(view.first_lead_card)
            return Play(cards_of(lead_move(reading, must)[3]))
        moves = [move_of_cards(play.cards) for play in view.plays]
        best = min(follow_values(reading, moves, self.weights), key=lambda c: c.value)
        if best.move is None:
            return Pass()
        return Play(cards_of(best.move[3]))
