"""The ``heuristic`` bot (medium): plans with the exact analysis, counts cards, reads the others.

Its rule, in words a player would use:

* **Going out.** When the hand can go out this turn
  (:func:`~threethirteen.games.rummy.analysis.analyse`), it does: it melds and lays
  off the rest and discards its last card.
* **Weighing a hand.** A hand kept after the discard is worth its exact count, less
  what the next card from the stock should take off it, less the chance that the
  next draw lets it go out (:class:`~.outlook.Outlook`, over the cards the stock may
  hold: the ones it has not seen, less those another seat took from the pile and
  still holds). So it keeps pairs and near-runs that many hidden cards complete, and
  lets go of cards that nothing completes.
* **Drawing.** It takes the pile's top card when the hand that card makes (after the
  best discard) is worth more than what a stock card should bring, or when it goes
  out with it.
* **Discarding.** Among its best discards by that worth, it avoids the cards the next
  seat can use: ones that make a set or a run with the cards that seat is known to
  have taken from the pile, or, by the odds, with the hidden cards
  (:func:`~.outlook.feed_risk`). A seat that refused a card (drew from the stock
  instead) showed it holds no meld with it, so that card's rank is safer.
* **Melding or holding.** It lays off onto the table whenever its best arrangement
  does. It holds back a meld that the others could lay off onto while every other
  seat holds ``hold_min`` cards or more, and lays everything down as soon as a seat
  comes close to going out (then the melds held would count against it). With the
  option ``keep=4`` (the search bot's prior; off by default) it lays the melds it would
  hold down anyway, the biggest first, as long as its hand keeps 4 cards: its points
  are safe on the table while the others, seeing 4 cards or more, hold theirs.

Its few numbers (:class:`Weights`) can be given as options, ``heuristic:feed=3``; they
were set by matches against ``simple`` (``threethirteen tournament --game rummy``).
Deterministic (``seed`` is unused).

>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.stack(None, ["4H 5H 6H 9S 9D 9C KC", "2C 3D"], pile="8S", stock="7H")
>>> bot, played = HeuristicBot(), []
>>> while state.current == 0 and str(state.stage) == "play":
...     played.append(str(bot.choose(state.view(0))))
...     _ = state.apply(bot.choose(state.view(0)))
>>> played  # it draws 7H and goes out
['draw', 'meld 9S 9D 9C', 'meld 4H 5H 6H 7H', 'discard KC']
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.analysis import analyse, arrange
from threethirteen.games.rummy.bots.masks import BIT, POINTS, mask_of
from threethirteen.games.rummy.bots.outlook import Planner, feed_risk
from threethirteen.games.rummy.bots.reading import Reading
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.moves import fitting_cards
from threethirteen.games.rummy.views import Phase, RummyView

__all__ = ["HeuristicBot", "Turn", "TurnPlan", "Weights", "plan_discard", "ranked_discards"]


@dataclass(frozen=True, slots=True)
class Weights:
    """The heuristic's few numbers (in points, the unit of a hand's count)."""

    gain: float = 1.0  # what the next stock card should take off the count
    out: float = 30.0  # the chance of going out with the next draw
    feed: float = 4.0  # the chance the discard gives the next seat a meld
    refused: float = 0.5  # how much a refused rank's risk is kept
    take_margin: float = 0.0  # how much better taking must look than drawing
    hold_min: int = 4  # hold melds back while every other seat holds this many cards
    hold_points: int = 0  # and melds this small when the closest seat holds one card fewer
    keep: int = 0  # if above 0: lay held melds down, biggest first, keeping this many cards
    candidates: int = 5  # discards weighed in full (the best by count)


DEFAULT = Weights()


class Turn:
    """One decision's reading of the view and its planner."""

    __slots__ = ("planner", "reading", "view")

    def __init__(self, view: RummyView) -> None:
        self.view = view
        self.reading = reading = Reading.of(view)
        known = reading.known
        pool = [card for card in reading.unseen if card not in known]
        self.planner = Planner(view.table, view.rules.ace_high, pool)

    def risk(self, card: Card, w: Weights) -> float:
        """The chance (discounted for refused ranks) that ``card`` feeds the next seat."""
        reading = self.reading
        if not reading.opponents:
            return 0.0
        nxt = reading.opponents[0]
        held = reading.holds[nxt]
        hidden = reading.unseen
        unknown = len(hidden) - len(reading.known)
        size = self.view.hand_sizes[nxt] - len(held)
        share = size / unknown if unknown > 0 else 0.0
        risk = feed_risk(card, self.view.rules.ace_high, hidden, held, share)
        if any(r.rank is card.rank for r in reading.refused[nxt][-2:]):
            risk *= w.refused
        return risk


def ranked_discards(
    turn: Turn, hand: int, allowed: list[Card], w: Weights
) -> list[tuple[float, Card]]:
    """The discards from ``hand`` (a mask) among ``allowed``, best first, each with its
    value (lower is better): the ``w.candidates`` best by count are valued in full (the
    outlook of the hand kept and the risk of feeding the next seat), the rest after them."""
    planner = turn.planner
    count = planner.count
    scored = sorted(
        allowed,
        key=lambda e: (count(hand ^ BIT[e]), -POINTS[e.index], e.sort_key("rank")),
    )
    valued = [
        (planner.outlook(hand ^ BIT[e]).value(w.gain, w.out) + w.feed * turn.risk(e, w), i)
        for i, e in enumerate(scored[: w.candidates])
    ]
    valued.sort()
    out = [(value, scored[i]) for value, i in valued]
    out += [(float("inf"), e) for e in scored[w.candidates :]]
    return out


def plan_discard(turn: Turn, hand: int, allowed: list[Card], w: Weights) -> Card:
    """The discard the heuristic makes from ``hand`` (a mask), among ``allowed``."""
    return ranked_discards(turn, hand, allowed, w)[0][1]


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The rest of a turn: lay-offs and new melds in order, then the discard (None when
    the steps empty the hand)."""

    steps: tuple[Action, ...]
    discard: Card | None

    def first(self, legal: tuple[Action, ...]) -> Action:
        """The plan's next legal action."""
        for step in self.steps:
            if step in legal:
                return step
        if self.discard is not None and Discard(self.discard) in legal:
            return Discard(self.discard)
        return _fallback(legal)


class HeuristicBot:
    """Plans with the exact analysis and the cards seen (see the module)."""

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

    def choose(self, view: RummyView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.DRAW:
            return Take() if self.wants_top(view) else Draw()
        return self.meld_or_discard(view)

    # -- the draw -------------------------------------------------------------------------

    def wants_top(self, view: RummyView) -> bool:
        """Whether to take the pile's top card rather than draw from the stock."""
        legal = view.legal_actions
        if Take() not in legal:
            return False
        if Draw() not in legal:
            return True
        top = view.top
        assert top is not None
        rules = view.rules
        grown = (*view.hand, top)
        if analyse(grown, view.table, rules, taken=top).can_go_out:
            return True
        w = self.weights
        turn = Turn(view)
        planner = turn.planner
        hand = mask_of(view.hand)
        now = planner.outlook(hand)
        draw_value = now.value(w.gain, w.out) - now.gain
        allowed = list(view.hand)
        if rules.discard_taken_card:
            allowed.append(top)
        if not allowed:
            return False
        grown_mask = hand | BIT[top]
        e = plan_discard(turn, grown_mask, allowed, w)
        take_value = planner.outlook(grown_mask ^ BIT[e]).value(w.gain, w.out)
        return take_value + w.take_margin < draw_value

    # -- melds, lay-offs and the discard --------------------------------------------------

    def meld_or_discard(self, view: RummyView) -> Action:
        return self.plan(view).first(view.legal_actions)

    def going_out(self, view: RummyView) -> TurnPlan | None:
        """The plan that goes out this turn, when the hand can."""
        rules = view.rules
        hand = view.hand
        taken = view.taken if view.taken in hand else None
        analysis = analyse(hand, view.table, rules, taken=taken)
        if not analysis.can_go_out:
            return None
        out_all = analysis.count == 0 and not rules.must_discard
        plan = analysis.arrangement if out_all else analysis.after
        assert plan is not None
        steps = tuple(_steps(plan.melds, plan.layoffs))
        if out_all and not any(step in view.legal_actions for step in steps):
            return None
        return TurnPlan(steps, None if out_all else analysis.discard)

    def plan(
        self,
        view: RummyView,
        discard: Card | None = None,
        hold: bool | None = None,
        keep: int | None = None,
    ) -> TurnPlan:
        """The rest of the turn (in the meld phase): go out when the hand can; else lay
        off, lay down the melds not held back, and discard. ``discard`` and ``hold`` (True:
        hold every meld others could lay off onto, False: hold none) replace the
        heuristic's own choices (the search bot tries them)."""
        if discard is None and hold is None:
            out = self.going_out(view)
            if out is not None:
                return out
        legal = view.legal_actions
        hand = view.hand
        turn = Turn(view)
        if discard is None:
            allowed = [a.card for a in legal if isinstance(a, Discard)]
            discard = plan_discard(turn, mask_of(hand), allowed, self.weights)
        arranged = arrange([c for c in hand if c != discard], view.table, view.rules.ace_high)
        if hold is None:
            melds = self.to_lay(arranged.melds, turn.reading)
        elif hold:
            melds = tuple(m for m in arranged.melds if not _exposed(m, turn.reading.unseen))
        else:
            melds = arranged.melds
        keep = self.weights.keep if keep is None else keep
        if keep and len(melds) < len(arranged.melds):
            left = len(hand) - 1 - len(arranged.layoffs) - sum(len(m.cards) for m in melds)
            held = sorted((m for m in arranged.melds if m not in melds), key=lambda m: -m.points())
            laid = list(melds)
            for meld in held:
                if left - len(meld.cards) >= keep:
                    laid.append(meld)
                    left -= len(meld.cards)
            melds = tuple(m for m in arranged.melds if m in laid)
        return TurnPlan(tuple(_steps(melds, arranged.layoffs)), discard)

    def to_lay(self, melds: tuple[Meld, ...], reading: Reading) -> tuple[Meld, ...]:
        """The melds of the plan to lay down now; the others are held back."""
        w = self.weights
        fewest = reading.fewest
        if fewest >= w.hold_min:
            budget = 10_000
        elif fewest == w.hold_min - 1:
            budget = w.hold_points
        else:
            return melds
        out = []
        for meld in sorted(melds, key=lambda m: m.points()):
            if _exposed(meld, reading.unseen) and meld.points() <= budget:
                budget -= meld.points()
            else:
                out.append(meld)
        return tuple(out)


def _steps(melds: tuple[Meld, ...], layoffs: tuple[tuple[Card, int], ...]) -> list[Action]:
    """Lay-offs first (onto the table as it is), then the new melds."""
    steps: list[Action] = [LayOff(card, number) for card, number in layoffs]
    steps += [NewMeld(meld.cards) for meld in melds]
    return steps


def _exposed(meld: Meld, unseen: frozenset[Card]) -> bool:
    """Whether another seat could lay a card off onto ``meld`` (a fitting card is hidden)."""
    return any(card in unseen for card in fitting_cards(meld))


def _fallback(legal: tuple[Action, ...]) -> Action:
    discards = [a for a in legal if isinstance(a, Discard)]
    return discards[-1] if discards else legal[0]
