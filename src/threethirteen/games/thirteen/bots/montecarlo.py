"""The ``montecarlo`` bot (hard): the heuristic's move, checked by sampling the hidden cards.

For each decision:

1. **Candidates.** The ``heuristic`` bot's move is the *prior*
   (:class:`~.heuristic.HeuristicBot`). Leading, the others are the other plays of
   its plan (:func:`~.hands.best_split`; on the round's first lead, the plays that
   hold the card it must); following, the pass, the lowest play of each kind that
   beats the table (its own kind, and bombs on 2s), then the plays the heuristic
   values best (:func:`~.heuristic.follow_values`): ``candidates`` in all (6). A
   play that empties the hand, or a lone legal action, is played unsearched.
2. **Worlds.** The cards the bot has not seen are dealt at random to the other seats,
   as many as each holds; with two or three players the rest stay out of the round
   (the cards known never to have been dealt, below a first round's lowest card, are
   left out: :class:`~.reading.Reading`).
3. **Rollouts.** In each world every candidate is played, then the round is played
   out by every seat with the cheap policy of :func:`~.sim.rollout_move`, on the
   integer world of :mod:`.sim`. All candidates see the same worlds, so their
   differences are paired.
4. **Value.** The bot's chance to win the match once the round is scored
   (:func:`~.outlook.win_chance`: the totals after the round, later rounds drawn
   fairly), so that it plays safe when ahead and keeps a seat near the target off
   first place; with the leader more than 12 points from the target, or with
   ``match_value=0``, its points for the round (3, 2, 1, 0 by place).
5. **Choice.** After ``min_samples`` worlds, a candidate worse than the prior with
   confidence (``z`` standard errors of the paired differences) is dropped. The
   search stops when the prior alone is left, or the budget is spent: ``seconds``
   of the deciding thread's CPU time (:func:`time.thread_time`, default 0.25) or
   ``samples`` worlds (reproducible; still cut at 0.9 s, so that no decision takes
   a second). The move played is the best mean, but the
   prior is kept unless the best beats it by ``switch_z`` standard errors of their
   paired difference (a Welch-style check on the differences).

The choice depends only on the view, the seed and a sample budget: the decision's
generator is seeded from the seed and a digest of the view, so cards the view does
not show cannot change it. Time budgets are not reproducible.

>>> from threethirteen.games.thirteen.state import ThirteenState
>>> state = ThirteenState.new(None, 2, seed=5)
>>> view = state.view(state.current)
>>> MonteCarloBot(seed=1, samples=4).choose(view) in view.legal_actions
True
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from threethirteen.errors import ThreeThirteenError
from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.bots.hands import Move, best_split, cards_of, move_of_cards
from threethirteen.games.thirteen.bots.heuristic import HeuristicBot, follow_values
from threethirteen.games.thirteen.bots.outlook import near_the_end, win_chance
from threethirteen.games.thirteen.bots.reading import Reading
from threethirteen.games.thirteen.bots.sim import World, world_of
from threethirteen.games.thirteen.scoring import place_points
from threethirteen.games.thirteen.views import ThirteenView
from threethirteen.racing import MAX_SECONDS, Arm, Limits, race

__all__ = ["MonteCarloBot", "SearchStats"]


@dataclass
class SearchStats:
    """What the last decision's search did: worlds sampled, each candidate's mean."""

    worlds: int = 0
    candidates: list[tuple[str, int, float]] = field(default_factory=list)
    switched: bool = False


class MonteCarloBot:
    """Determinized search over the unseen cards around the heuristic's move.

    Options: ``seconds`` (thread CPU time a decision, default 0.25, at most 0.9),
    ``samples`` (a fixed number of worlds instead: reproducible), ``candidates``
    (moves searched, default 6), ``min_samples`` (worlds before any is dropped,
    default 8), ``z`` (dropping), ``switch_z`` (leaving the prior, default 1.5).
    Raises :class:`~threethirteen.errors.ThreeThirteenError` for a bad option.
    """

    name = "montecarlo"

    def __init__(
        self,
        seed: int | None = None,
        seconds: float = 0.25,
        samples: int | None = None,
        candidates: int = 6,
        min_samples: int = 8,
        z: float = 2.0,
        switch_z: float = 1.5,
        match_value: bool = True,
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
        self.match_value = bool(match_value)
        self.prior = HeuristicBot()
        self.stats = SearchStats()

    # -- the decision ---------------------------------------------------------------------

    def choose(self, view: ThirteenView) -> Action:
        start = time.thread_time()
        self.stats = SearchStats()
        legal = view.legal_actions
        prior_action = self.prior.choose(view)
        if len(legal) == 1 or (
            isinstance(prior_action, Play) and len(prior_action.cards) == len(view.hand)
        ):
            return prior_action
        reading = Reading.of(view)
        prior = None if isinstance(prior_action, Pass) else move_of_cards(prior_action.cards)
        arms = [Arm(m) for m in self._candidates(view, reading, prior)]
        if len(arms) == 1:
            return prior_action
        best = self._search(view, reading, arms, start)
        if best.move == prior:
            return prior_action
        self.stats.switched = True
        return Pass() if best.move is None else Play(cards_of(best.move[3]))

    def _candidates(
        self, view: ThirteenView, reading: Reading, prior: Move | None
    ) -> list[Move | None]:
        """The prior first, then the others worth a look (see the module)."""
        out: list[Move | None] = [prior]
        if view.table is None:
            if view.first_lead_card is not None and not view.log:
                # The first lead must hold a given card: every such play, fewest cards first.
                others = [move_of_cards(play.cards) for play in view.plays]
            else:
                others = best_split(reading.hand)
            for m in others:
                if m not in out:
                    out.append(m)
        else:
            # The pass, the lowest play of each kind (the table's kind, then bombs), then
            # the plays the heuristic values best.
            moves = [move_of_cards(play.cards) for play in view.plays]
            lowest: dict[int, Move] = {}
            for m in moves:
                if m[0] not in lowest or m[2] < lowest[m[0]][2]:
                    lowest[m[0]] = m
            ranked = sorted(
                follow_values(reading, moves, self.prior.weights), key=lambda c: c.value
            )
            for answer in [None, *lowest.values(), *(c.move for c in ranked)]:
                if answer not in out:
                    out.append(answer)
        return out[: self.candidates]

    def _search(
        self, view: ThirteenView, reading: Reading, arms: list[Arm[Move | None]], start: float
    ) -> Arm[Move | None]:
        rng = random.Random(_digest(self.seed, view))
        me = view.seat
        value_of = self._valuer(view)
        pool = [s for s in range(52) if reading.pool >> s & 1]
        opponents = [s for s in range(view.players) if s != me and view.hand_sizes[s]]

        def deal() -> World:
            hands = [0] * view.players
            hands[me] = reading.hand
            rng.shuffle(pool)
            at = 0
            for s in opponents:
                k = view.hand_sizes[s]
                hand = 0
                for card in pool[at : at + k]:
                    hand |= 1 << card
                hands[s] = hand
                at += k
            return world_of(view, hands)

        def value(base: World, move: Move | None) -> float:
            world = base.copy()
            world.apply(move)
            return value_of(tuple(world.play_out()))

        limits = Limits(self.seconds, self.samples, self.min_samples, self.z, self.switch_z, start)
        won = race(arms, deal, value, limits)
        self.stats.worlds = won.worlds
        self.stats.candidates = [
            ("pass" if a.move is None else " ".join(map(str, cards_of(a.move[3]))), a.n, a.mean())
            for a in arms
        ]
        return won.chosen

    def _valuer(self, view: ThirteenView) -> Callable[[tuple[int, ...]], float]:
        """The value of a finishing order to the bot: its match chance, or its points."""
        me = view.seat
        points = place_points(view.players)
        if not (self.match_value and near_the_end(view.rules, view.totals)):
            return lambda order: float(points[order.index(me)])
        known: dict[tuple[int, ...], float] = {}
        rules, totals = view.rules, view.totals

        def value(order: tuple[int, ...]) -> float:
            found = known.get(order)
            if found is None:
                after = list(totals)
                for place, seat in enumerate(order):
                    after[seat] += points[place]
                found = known[order] = win_chance(rules, after, me)
            return found

        return value


def _digest(seed: int, view: ThirteenView) -> int:
    """A number from the seed and everything the view shows (so hidden cards cannot
    change it)."""
    text = "|".join(
        [
            str(seed),
            str(view.seat),
            str(view.round_number),
            " ".join(map(str, view.hand)),
            ";".join(map(str, view.log)),
            ",".join(map(str, view.hand_sizes)),
            ",".join(map(str, view.totals)),
        ]
    )
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
