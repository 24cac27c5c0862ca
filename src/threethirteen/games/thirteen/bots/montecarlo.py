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
import math
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
from threethirteen.games.thirteen.bots.sim import world_of
from threethirteen.games.thirteen.scoring import place_points
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["MonteCarloBot", "SearchStats"]

_MAX_SECONDS = 0.9  # a decision never spends more than this, whatever it is asked


@dataclass
class SearchStats:
    """What the last decision's search did: worlds sampled, each candidate's mean."""

    worlds: int = 0
    candidates: list[tuple[str, int, float]] = field(default_factory=list)
    switched: bool = False


class _Arm:
    """One candidate's tallies: its values, and its differences from the prior."""

    __slots__ = ("dsq", "dsum", "live", "move", "n", "sq", "sum")

    def __init__(self, move: Move | None) -> None:
        self.move = move
        self.n = 0
        self.sum = 0.0
        self.sq = 0.0
        self.dsum = 0.0
        self.dsq = 0.0
        self.live = True

    def mean(self) -> float:
        return self.sum / self.n if self.n else 0.0

    def diff(self) -> tuple[float, float]:
        """The mean paired difference from the prior, and its standard error."""
        n = self.n
        if n < 2:
            return 0.0, math.inf
        mean = self.dsum / n
        var = max(0.0, (self.dsq - n * mean * mean) / (n - 1))
        return mean, math.sqrt(var / n)


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
        if not 0 < seconds <= _MAX_SECONDS:
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
        arms = [_Arm(m) for m in self._candidates(view, reading, prior)]
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

    def _search(self, view: ThirteenView, reading: Reading, arms: list[_Arm], start: float) -> _Arm:
        rng = random.Random(_digest(self.seed, view))
        me = view.seat
        value_of = self._valuer(view)
        pool = [s for s in range(52) if reading.pool >> s & 1]
        opponents = [s for s in range(view.players) if s != me and view.hand_sizes[s]]
        limit = _MAX_SECONDS if self.samples is not None else self.seconds
        worlds = 0
        prior = arms[0]
        while True:
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
            base = world_of(view, hands)
            values = []
            for arm in arms:
                if not arm.live:
                    values.append(0.0)
                    continue
                world = base.copy()
                world.apply(arm.move)
                values.append(value_of(tuple(world.play_out())))
            worlds += 1
            p_value = values[0]
            for arm, value in zip(arms, values, strict=True):
                if arm.live:
                    arm.n += 1
                    arm.sum += value
                    arm.sq += value * value
                    d = value - p_value
                    arm.dsum += d
                    arm.dsq += d * d
            if self.samples is not None and worlds >= self.samples:
                break
            if time.thread_time() - start >= limit:
                break
            if worlds >= self.min_samples:
                for arm in arms[1:]:
                    if arm.live:
                        mean, se = arm.diff()
                        if mean + self.z * se < 0:
                            arm.live = False
                if not any(arm.live for arm in arms[1:]):
                    break
        self.stats.worlds = worlds
        self.stats.candidates = [
            ("pass" if a.move is None else " ".join(map(str, cards_of(a.move[3]))), a.n, a.mean())
            for a in arms
        ]
        best = max((a for a in arms if a.live), key=lambda a: a.mean())
        if best is prior:
            return prior
        mean, se = best.diff()
        if mean > self.switch_z * se and mean > 0:
            return best
        return prior

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
