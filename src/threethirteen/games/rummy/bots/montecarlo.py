"""The ``montecarlo`` bot (hard): a heuristic's plan, checked by dealing the hidden cards.

For each decision:

1. **Candidates.** The prior is the ``heuristic`` bot with ``keep=4``
   (:class:`~.heuristic.HeuristicBot`): it lays its melds down, the biggest first,
   as long as its hand keeps 4 cards, so that the others (who hold their melds back
   while every other seat holds 4 cards or more) keep theirs in hand, at risk, while
   its own are safe on the table. At the draw, the other candidate is the other draw
   (searched only when the pile's top card could make a group with the hand or fits
   the table, or the prior takes it). After the draw, a candidate is a plan for the
   rest of the turn (:class:`~.heuristic.TurnPlan`: lay-offs, the melds laid down,
   the discard): the prior's, its ``discards`` next best discards, and its discard with
   the melds held as the plain heuristic holds them (or all held, or none):
   ``candidates`` plans at most. A hand that can go out goes out unsearched; a lone
   legal action is played as is.
2. **Worlds.** The cards the bot has not seen are dealt at random: each other seat gets
   the cards it took from the pile and still holds (:class:`~.reading.Reading`), then
   hidden cards up to its hand's size; the rest is the stock, shuffled.
3. **Rollouts.** In each world every candidate is played, then the hand is played out
   by every seat with the cheap policy of :mod:`.sim` (which holds its melds back as
   the heuristic does). All candidates see the same worlds, so their differences are
   paired.
4. **Value.** The hand's points: the mean of what the others score less what the bot
   scores (a void hand is 0).
5. **Choice.** After ``min_samples`` worlds, a candidate worse than the prior with
   confidence (``z`` standard errors of the paired differences) is dropped. The search
   stops when the prior alone is left or the budget is spent: ``seconds`` of the
   deciding thread's CPU time (:func:`time.thread_time`, default 0.1) or ``samples``
   worlds (reproducible; still cut at 0.9 s, so that no decision takes a second). The
   best mean is played when it beats the prior by ``switch_z`` standard errors of their
   paired difference; else the prior. The plan chosen is followed for the rest of the
   turn.

The choice depends only on the view, the seed and a sample budget: the decision's
generator is seeded from the seed and a digest of the view, so cards the view does not
show cannot change it. Time budgets are not reproducible.

>>> from threethirteen.games.rummy.state import RummyState
>>> state = RummyState.new(None, 2, seed=5)
>>> view = state.view(state.current)
>>> MonteCarloBot(seed=1, samples=4).choose(view) in view.legal_actions
True
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field

from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.bots.heuristic import (
    HeuristicBot,
    Turn,
    TurnPlan,
    ranked_discards,
)
from threethirteen.games.rummy.bots.masks import BIT, mask_of, near_mask
from threethirteen.games.rummy.bots.reading import Reading
from threethirteen.games.rummy.bots.sim import World, policy_meld, table_melds
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.moves import fitting_cards
from threethirteen.games.rummy.views import Phase, RummyView
from threethirteen.racing import MAX_SECONDS, Arm, Limits, race

__all__ = ["MonteCarloBot", "SearchStats"]


Candidate = bool | TurnPlan
"""A draw (True: take the pile's top) or a plan for the rest of the turn."""


@dataclass
class SearchStats:
    """What the last decision's search did: worlds dealt, each candidate's mean."""

    worlds: int = 0
    candidates: list[tuple[str, int, float]] = field(default_factory=list)
    switched: bool = False


def _describe(move: Candidate) -> str:
    if isinstance(move, bool):
        return "take" if move else "draw"
    text = "; ".join(str(step) for step in move.steps)
    tail = f"discard {move.discard}" if move.discard is not None else "out"
    return f"{text}; {tail}" if text else tail


class MonteCarloBot:
    """Determinized search over the hidden cards around the heuristic's plan.

    Options: ``seconds`` (thread CPU time a decision, default 0.1, at most 0.9),
    ``samples`` (a fixed number of worlds instead: reproducible), ``candidates``
    (plans searched after the draw, default 4), ``discards`` (other discards among
    them, default 2), ``keep`` (the prior's ``keep``, default 4; 0 is the plain
    heuristic), ``min_samples`` (worlds before any is dropped, default 8), ``z``
    (dropping), ``switch_z`` (leaving the prior, default 2.0).
    Raises :class:`~threethirteen.errors.ThreeThirteenError` for a bad option.
    """

    name = "montecarlo"

    def __init__(
        self,
        seed: int | None = None,
        seconds: float = 0.1,
        samples: int | None = None,
        candidates: int = 4,
        min_samples: int = 8,
        z: float = 2.0,
        switch_z: float = 2.0,
        keep: int = 4,
        discards: int = 2,
    ) -> None:
        if not 0 < seconds <= MAX_SECONDS:
            raise ThreeThirteenError(f"seconds must be above 0 and at most 0.9, got {seconds!r}")
        if samples is not None and samples < 1:
            raise ThreeThirteenError(f"samples must be 1 or more, got {samples!r}")
        if candidates < 1:
            raise ThreeThirteenError(f"candidates must be 1 or more, got {candidates!r}")
        self.seed = 0 if seed is None else seed
        self.seconds = float(seconds)
        self.samples = samples
        self.candidates = candidates
        self.min_samples = min_samples
        self.z = z
        self.switch_z = switch_z
        self.prior = HeuristicBot(keep=keep)
        self.discards = discards
        self.stats = SearchStats()
        # The plan chosen this turn, with the view it is expected to meet next.
        self._plan: tuple[tuple[object, ...], TurnPlan] | None = None

    # -- the decision ---------------------------------------------------------------------

    def choose(self, view: RummyView) -> Action:
        start = time.thread_time()
        self.stats = SearchStats()
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.DRAW:
            self._plan = None
            return self._draw(view, start)
        plan = self._turn_plan(view, start)
        action = plan.first(legal)
        self._plan = (_expected(view, action), plan)
        return action

    def _draw(self, view: RummyView, start: float) -> Action:
        legal = view.legal_actions
        take = self.prior.wants_top(view)
        if Take() not in legal or Draw() not in legal:
            return Take() if take else Draw()
        top = view.top
        assert top is not None
        ace_high = view.rules.ace_high
        near = 0
        for card in view.hand:
            near |= near_mask(card.index, ace_high)
        fits = any(top in fitting_cards(meld) for meld in view.table)
        if not take and not fits and not near & BIT[top]:
            return Draw()
        best = self._search(view, [take, not take], start)
        return Take() if best.move is True else Draw()

    def _turn_plan(self, view: RummyView, start: float) -> TurnPlan:
        if self._plan is not None and self._plan[0] == _fingerprint(view):
            return self._plan[1]
        prior = self.prior
        out = prior.going_out(view)
        if out is not None:
            return out
        plan = prior.plan(view)
        moves: list[Candidate] = [plan]
        turn = Turn(view)
        allowed = [a.card for a in view.legal_actions if isinstance(a, Discard)]
        ranked = ranked_discards(turn, mask_of(view.hand), allowed, prior.weights)
        for value, card in ranked[: self.discards + 1]:
            if len(moves) >= self.candidates:
                break
            if card != plan.discard and value != float("inf"):
                moves.append(prior.plan(view, discard=card))
        others = [prior.plan(view, discard=plan.discard, keep=k) for k in (0, prior.weights.keep)]
        others += [prior.plan(view, discard=plan.discard, hold=h) for h in (True, False)]
        for other in others:
            if other.steps != plan.steps and other not in moves:
                moves.append(other)
                break
        if len(moves) == 1:
            return plan
        best = self._search(view, moves, start)
        assert isinstance(best.move, TurnPlan)
        return best.move

    # -- the search -----------------------------------------------------------------------

    def _search(self, view: RummyView, moves: list[Candidate], start: float) -> Arm[Candidate]:
        arms = [Arm(move) for move in moves]
        rng = random.Random(_digest(self.seed, view))
        reading = Reading.of(view)
        me = view.seat
        players = view.players
        known = [reading.holds[s] if s != me else frozenset() for s in range(players)]
        every_known = frozenset().union(*known)
        pool = [BIT[c] for c in sorted(reading.unseen - every_known, key=lambda c: c.index)]
        mine = mask_of(view.hand)
        base_hands = [mask_of(known[s]) for s in range(players)]
        base_hands[me] = mine
        need = [
            0 if s == me else max(0, view.hand_sizes[s] - len(known[s])) for s in range(players)
        ]

        def deal() -> World:
            rng.shuffle(pool)
            hands = list(base_hands)
            at = 0
            for s in range(players):
                for card in pool[at : at + need[s]]:
                    hands[s] |= card
                at += need[s]
            stock = pool[at:]
            return World.of(view, hands, stock, hold_min=self.prior.weights.hold_min, rng=rng)

        def value(base: World, move: Candidate) -> float:
            world = base.copy()
            _play(world, move, view)
            return _value(world.play_out(), me)

        limits = Limits(self.seconds, self.samples, self.min_samples, self.z, self.switch_z, start)
        won = race(arms, deal, value, limits)
        self.stats.worlds = won.worlds
        self.stats.candidates = [(_describe(a.move), a.n, a.mean()) for a in arms]
        self.stats.switched = won.switched
        return won.chosen


def _play(world: World, move: Candidate, view: RummyView) -> None:
    """Play ``move`` in ``world``: a draw and the rest of the turn by the policy, or a plan."""
    if isinstance(move, bool):
        world.draw(move)
        policy_meld(world)
        return
    ace_high = view.rules.ace_high
    for step in move.steps:
        if isinstance(step, LayOff):
            world.lay_off(BIT[step.card], step.target - 1)
        elif isinstance(step, NewMeld):
            meld = Meld.of(step.cards, ace_high=ace_high)
            world.meld(mask_of(step.cards), table_melds([meld])[0])
        if not world.hands[world.current]:
            world.went_out(world.current)
            return
    if move.discard is not None:
        world.discard(BIT[move.discard])


def _value(points: tuple[int, ...] | None, me: int) -> float:
    """The hand's worth to seat ``me``: the others' mean points less its own."""
    if points is None:
        return 0.0
    others = [p for s, p in enumerate(points) if s != me]
    return sum(others) / len(others) - points[me]


def _fingerprint(view: RummyView) -> tuple[object, ...]:
    return (view.round_number, view.seat, view.totals, len(view.log), view.hand)


def _expected(view: RummyView, action: Action) -> tuple[object, ...]:
    """The fingerprint of the view the seat meets after playing ``action`` (in its turn)."""
    gone: tuple[Card, ...] = ()
    if isinstance(action, NewMeld):
        gone = action.cards
    elif isinstance(action, LayOff | Discard):
        gone = (action.card,)
    hand = tuple(c for c in view.hand if c not in gone)
    return (view.round_number, view.seat, view.totals, len(view.log) + 1, hand)


def _digest(seed: int, view: RummyView) -> int:
    """A number from the seed and everything the view shows (so hidden cards cannot
    change it)."""
    text = "|".join(
        [
            str(seed),
            str(view.seat),
            str(view.round_number),
            " ".join(map(str, view.hand)),
            ";".join(map(str, view.log)),
            " ".join(map(str, view.pile)),
            ",".join(map(str, view.hand_sizes)),
            ",".join(map(str, view.totals)),
        ]
    )
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
