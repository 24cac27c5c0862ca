"""The ``montecarlo`` bot: determinized search with cheap rollouts, valued by the match.

For each decision:

1. **Candidates.** The ``heuristic`` bot's move
   (:class:`~threethirteen.games.three_thirteen.bots.heuristic.HeuristicBot`, a few milliseconds) is
   the *prior*. The draw is the prior's, unsearched (searched draws measured
   worse: the rollouts' players ignore what taking a card tells the table).
   In the discard phase going out is played at once when legal (a zero round
   can only help); else the prior's discard is searched first, with the
   ``candidates - 1`` other discards with the lowest deadwood after them (ties
   to the highest penalty), and played unless the search finds a better one
   with confidence (step 5). With ``near`` (by default 3 points at a table of
   two, :data:`TABLE_NEAR`), the other discards are instead those the prior
   itself scores within ``near`` points of its choice: the search only settles
   what the heuristic finds close, and plays the rest unsearched.
2. **Worlds.** The hidden cards are dealt at random consistently with the view
   (:func:`threethirteen.games.three_thirteen.worlds.sample_world`, weighted by what each opponent
   took and refused). With ``infer`` (a number of proposals, 0 = off) they are
   instead drawn by how well they explain the opponents' play this round
   (:func:`threethirteen.games.three_thirteen.inference.infer_worlds`: ``infer`` proposals, a
   quarter of them kept, each kept world replayed with fresh stocks).
3. **Rollouts.** On each world every live candidate is played, then the round
   is played on by a fast greedy policy for every seat (take the discard when a
   discard afterwards lowers the deadwood, go out when possible, discard to the
   lowest deadwood), for at most ``horizon`` turns: by default one turn a seat.
   A round still running then is scored by the race (``race``, on by default):
   each hand's deadwood times the share of it a hand so far from going out,
   against the nearest other hand, still holds when rounds end
   (:func:`race_penalties`, :data:`RACE_TABLES`). The greedy players see only
   deadwood, so left to play the round out (``race=0``, 40 turns) they value
   every move by what a deadwood-minded hand makes of it, and the search leaves
   the prior for moves that lower the deadwood at the cost of the hand's shape:
   measured, it then played worse than the prior alone
   (docs/lab-notes/three-thirteen-search.md). All
   candidates see the same world and the same stock, so their differences are
   paired and far less noisy than their values.
4. **Value.** The round's penalties are added to the score sheet and turned
   into a chance of winning the match: a logistic of the projected margin over
   each opponent, scaled by the spread the remaining rounds can still bring
   (:func:`match_value`). A big lead late in the match is worth almost a sure
   win, so moves that risk it score lower: the bot plays safe when ahead and
   gambles when behind.
5. **Stopping.** After ``min_samples`` worlds, a move other than the prior is
   dropped when it is worse than the leader, or no better than the prior, with
   confidence (``z`` standard errors) or within ``indifference``; the prior is
   dropped only when the leader beats it by more than ``indifference`` with that
   confidence, so near-equal moves never push it out on noise. The search stops
   when one move is left, or when the budget is spent: ``seconds`` of the
   deciding thread's CPU time (the default, 0.5 s; on an idle core that is wall
   time, and other work on a busy machine does not shrink the search) or
   ``samples`` worlds (reproducible). The move played is the best mean, except
   that the prior is kept unless the best beats it by ``switch_z`` standard
   errors.

The choice depends only on the view, the bot's seed and a sample budget: the
decision's generator is seeded from the seed and a digest of the view, so the
same view gives the same choice whatever the bot saw before, and cards the view
does not show cannot change it. Time budgets are not reproducible (how many
worlds fit in the time varies).

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic"), 2, seed=4)
>>> view = state.view(state.current)
>>> bot = MonteCarloBot(seed=1, samples=8)
>>> bot.choose(view) in view.legal_actions
True
>>> from threethirteen.bots import make_bot
>>> make_bot("montecarlo:0.2").seconds, make_bot("montecarlo:samples=16", seed=1).samples
(0.2, 16)
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Action, Discard, Draw, GoOut, Source
from threethirteen.games.three_thirteen.bots.heuristic import HeuristicBot
from threethirteen.games.three_thirteen.bots.outlook import match_value, remaining_spread
from threethirteen.games.three_thirteen.distance import draws_to_go_out
from threethirteen.games.three_thirteen.inference import infer_worlds
from threethirteen.games.three_thirteen.rules import EmptyStock
from threethirteen.games.three_thirteen.solver import DiscardChoice, HandSolver
from threethirteen.games.three_thirteen.state import MatchState, solver_for
from threethirteen.games.three_thirteen.views import Phase, PlayerView
from threethirteen.games.three_thirteen.worlds import sample_world

__all__ = [
    "RACE_TABLES",
    "TABLE_NEAR",
    "MonteCarloBot",
    "SearchStats",
    "match_value",
    "race_penalties",
    "remaining_spread",
    "rollout",
]

_STOCK, _TAKE = Draw(Source.STOCK), Draw(Source.DISCARD)
# Turns a rollout plays without the race table: in effect to the round's end.
_FULL_ROUND = 40


# -- the rollout policy -----------------------------------------------------------------


def discard_key(solver: HandSolver, choice: DiscardChoice) -> tuple[int, int, tuple[int, int]]:
    return (choice.deadwood, -solver.penalty(choice.discard), choice.discard.sort_key())


def is_locked(state: MatchState, card: Card, hand: Sequence[Card]) -> bool:
    """Under ``discard_taken_card`` off, the card just taken may not go back at once."""
    return (
        not state.rules.discard_taken_card
        and state.drawn_from is Source.DISCARD
        and card == state.drawn
        and hand.count(card) == 1
    )


def _policy_discard(
    state: MatchState, solver: HandSolver, choices: list[DiscardChoice], hand: Sequence[Card]
) -> tuple[Action, int]:
    """The greedy discard and the deadwood it leaves; reads only the choices' numbers.

    Lowest deadwood, then highest penalty; the choices come in card order, so the
    first of equals is the first in card order (as :func:`discard_key` ranks them).
    """
    best: DiscardChoice | None = None
    best_key = (0, 0)
    for choice in choices:
        if is_locked(state, choice.discard, hand):
            continue
        if choice.can_go_out and state.out_seat is None:
            return GoOut(choice.discard), 0
        key = (choice.deadwood, -solver.penalty(choice.discard))
        if best is None or key < best_key:
            best, best_key = choice, key
    assert best is not None
    return Discard(best.discard), best.deadwood


# The share of a hand's deadwood still held when its round ends, by how many turns the
# hand is from going out (the row, 1 to 4 and more) and how many the nearest other hand
# is (the column, 0 to 4 and more), by table size (a table uses the largest size not
# above its own). Measured by `python benchmarks/race_table.py --opponents simple
# --players P --matches M` (the heuristic and simple, classic): 2 players, 600 matches,
# 72,165 draws; 4 players, 300 matches, 46,402 draws. Rare cells take the figure on
# their left; the column 0 is one figure pooled over the rows.
RACE_TABLES: dict[int, tuple[tuple[float, ...], ...]] = {
    2: (
        (0.0, 0.0, 0.0, 0.0, 0.0),
        (0.546, 0.192, 0.071, 0.030, 0.016),
        (0.546, 0.268, 0.099, 0.042, 0.013),
        (0.546, 0.321, 0.142, 0.060, 0.025),
        (0.546, 0.437, 0.205, 0.098, 0.044),
    ),
    4: (
        (0.0, 0.0, 0.0, 0.0, 0.0),
        (0.570, 0.250, 0.105, 0.047, 0.047),
        (0.570, 0.353, 0.158, 0.072, 0.072),
        (0.570, 0.405, 0.213, 0.115, 0.115),
        (0.570, 0.471, 0.271, 0.157, 0.157),
    ),
}


def race_penalties(state: MatchState, deadwoods: Sequence[float]) -> tuple[float, ...]:
    """What each hand of a round still running is expected to cost when the round ends.

    Its ``deadwoods`` figure times the share :data:`RACE_TABLES` gives for its
    distance to going out and the nearest other hand's: the race decides how
    much of a hand's deadwood will still be held.
    """
    rules, wild = state.rules, state.wild_rank
    table = RACE_TABLES[max(n for n in RACE_TABLES if n <= max(2, len(deadwoods)))]
    cap = len(table) - 1
    far = [min(cap, draws_to_go_out(hand, rules, wild)) for hand in state.hands]
    return tuple(
        deadwood * table[far[seat]][min(k for other, k in enumerate(far) if other != seat)]
        for seat, deadwood in enumerate(deadwoods)
    )


def rollout(state: MatchState, horizon: int, race: bool = False) -> tuple[float, ...]:
    """Play the round on with the greedy policy; the round's penalties, as scored or expected.

    Mutates ``state`` (pass a copy). Stops when the round ends, or after
    ``horizon`` more turns; then each hand still in play scores its deadwood (the
    multiplier applied) and the seat that went out 0; with ``race``, a round in
    which nobody has gone out scores each hand by :func:`race_penalties` instead
    (what it is expected to cost when the round ends).
    """
    rules = state.rules
    solver = state.solver
    known: dict[int, int] = {}  # seat -> deadwood of its hand as it stands
    pending: list[DiscardChoice] | None = None  # the discards weighed for the draw
    turns = 0
    while state.phase is Phase.DRAW or state.phase is Phase.DISCARD:
        seat = state.current
        hand = state.hand(seat)
        if state.phase is Phase.DRAW:
            if turns >= horizon:
                break
            turns += 1
            top = state.top_discard
            stock_ok = bool(state.stock_size) or (
                rules.empty_stock is EmptyStock.RESHUFFLE and len(state.discard_pile) >= 2
            )
            take = not stock_ok
            pending = None
            if top is not None and stock_ok:
                table = state.table if rules.lay_off else ()
                choices = solver.discards([*hand, top], table)
                usable = [c for c in choices if c.discard != top]
                if usable:
                    if state.out_seat is None and any(c.can_go_out for c in usable):
                        take = True
                    else:
                        now = known.get(seat)
                        if now is None:
                            now = solver.deadwood(hand, table)
                        take = min(c.deadwood for c in usable) < now
                if take:
                    pending = choices
            state.apply_unchecked(_TAKE if take else _STOCK)
            continue
        table = state.table if rules.lay_off else ()
        choices = pending if pending is not None else solver.discards(hand, table)
        pending = None
        action, deadwood = _policy_discard(state, solver, choices, hand)
        state.apply_unchecked(action)
        known[seat] = deadwood
    if state.phase is Phase.ROUND_OVER or state.phase is Phase.MATCH_OVER:
        return state.results[-1].penalties
    table = state.table if rules.lay_off else ()
    multiplier = state.spec.multiplier
    deadwoods = [
        0
        if seat == state.out_seat
        else multiplier * (known[seat] if seat in known else solver.deadwood(hand, table))
        for seat, hand in enumerate(state.hands)
    ]
    if race and state.out_seat is None:
        return race_penalties(state, deadwoods)
    return tuple(deadwoods)


# -- the search -------------------------------------------------------------------------

# The default ``near`` by table size (absent: 0, every low-deadwood discard searched).
# Two players: searching only what the heuristic scores within 3 points of its choice
# took the search from 3.45 points of match wins below its prior head to head to level
# with it (docs/lab-notes/three-thirteen-search.md#montecarlo-near).
# At 3 and more players it stays off: the search
# over the low-deadwood discards is level with the heuristic or above it (bga), and
# near=3 at 4 players (classic) was level too, +0.60 points (-0.87 to +2.07) paired,
# no better than the +0.07 of the search without it
# (docs/lab-notes/three-thirteen-search.md#montecarlo-near-4p);
# under bga it kept less of the search's lead, +1.47 against +2.35 (#montecarlo-near-bga-4p).
TABLE_NEAR: dict[int, float] = {2: 3.0}


def _lower_bound(a: list[float], b: list[float], z: float) -> float:
    """The mean paired difference ``a - b`` less ``z`` standard errors of it."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean - z * math.sqrt(variance / n)


@dataclass(slots=True)
class SearchStats:
    """What the last decision did: worlds sampled, candidates and their mean values."""

    worlds: int = 0
    seconds: float = 0.0
    candidates: tuple[Action, ...] = ()
    values: dict[Action, float] = field(default_factory=dict)
    shortcut: str = ""  # why no search was needed ("only move", "goes out"), else ""


class MonteCarloBot:
    """Determinized search over the top candidate moves, valued by the chance to win the match.

    ``seconds`` is the time budget of one decision (default 0.5); ``samples``,
    when given, replaces it by a fixed number of worlds (reproducible: give it in
    tests; the search may still stop earlier when one candidate is clearly best).
    ``candidates`` is how many discards are searched, ``horizon`` the turns a
    rollout plays (all seats together; default one a seat with ``race``, else 40)
    before the hands are scored, ``race`` (1, the default, or 0) whether a round
    still running is scored by :func:`race_penalties` or by the hands' deadwood as
    they stand, ``bias`` how strongly
    the opponents' public play weights their sampled cards, ``z`` and
    ``indifference`` the early-stopping margin, ``min_samples`` the worlds
    before any candidate is dropped, ``switch_z`` how sure (in standard errors)
    the search must be before it plays another move than the prior (the
    ``heuristic`` bot's choice), ``infer`` how many proposal worlds a decision
    weighs by the opponents' play (0, the default: worlds dealt by ``bias``
    alone; the inference's time counts against ``seconds``), ``near`` (points; 0
    turns it off; by default :data:`TABLE_NEAR` for the table's size) which
    discards are searched: with it, only those the prior scores within ``near``
    points of its best (:meth:`HeuristicBot.discard_scores`), and none when no
    other is that close, the prior then played unsearched. Raises
    :class:`ThreeThirteenError` for a budget or option out of range.
    """

    name = "montecarlo"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = 0.5,
        samples: int | None = None,
        candidates: int = 4,
        horizon: int | None = None,
        bias: float = 1.0,
        z: float = 2.0,
        indifference: float = 0.003,
        min_samples: int = 8,
        switch_z: float = 1.0,
        infer: int = 0,
        race: int = 1,
        near: float | None = None,
    ) -> None:
        if samples is None and seconds is None:
            raise ThreeThirteenError("montecarlo needs a budget: seconds or samples")
        if seconds is not None and not seconds > 0:
            raise ThreeThirteenError(f"montecarlo seconds must be positive, got {seconds!r}")
        if samples is not None and samples < 1:
            raise ThreeThirteenError(f"montecarlo samples must be at least 1, got {samples!r}")
        if candidates < 1 or (horizon is not None and horizon < 1) or min_samples < 1:
            raise ThreeThirteenError(
                f"montecarlo candidates, horizon and min_samples must be at least 1, got "
                f"{candidates!r}, {horizon!r}, {min_samples!r}"
            )
        if min(bias, z, indifference, switch_z, infer, 0 if near is None else near) < 0:
            raise ThreeThirteenError(
                "montecarlo bias, z, indifference, switch_z, infer and near must be 0 or more, "
                f"got {bias!r}, {z!r}, {indifference!r}, {switch_z!r}, {infer!r}, {near!r}"
            )
        self.seed = secrets.randbits(63) if seed is None else seed
        self.seconds = None if samples is not None else seconds
        self.samples = samples
        self.candidates = candidates
        self.horizon = horizon
        self.bias = bias
        self.z = z
        self.indifference = indifference
        self.min_samples = min_samples
        self.switch_z = switch_z
        self.infer = int(infer)
        self.race = bool(race)
        self.near = near
        self.last = SearchStats()
        # The move searched first and kept unless another beats it with confidence.
        self._prior = HeuristicBot()

    # -- the decision ---------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        start = time.thread_time()
        moves, why = self._candidates(view)
        if len(moves) == 1:
            self.last = SearchStats(0, time.thread_time() - start, moves, {}, why)
            return moves[0]
        rng = random.Random(self._decision_seed(view))
        spread = remaining_spread(view.rules, view.round_number)
        horizon = self.horizon or (view.players if self.race else _FULL_ROUND)
        totals = view.scores.totals
        live = list(range(len(moves)))
        # values[i][k]: candidate i's value in world k; every live candidate is played in
        # every world so far, so any two live candidates are paired world by world.
        values: list[list[float]] = [[] for _ in moves]
        leader = 0
        worlds = 0
        pool = (
            infer_worlds(view, rng, max(1, self.infer // 4), self.infer, bias=self.bias)
            if self.infer
            else []
        )
        while True:
            world = (
                pool[worlds % len(pool)].with_shuffled_stock(rng.getrandbits(63))
                if pool
                else sample_world(view, rng, self.bias)
            )
            for index in live:
                state = world.copy()  # the copy's generator too: the same reshuffles
                state.apply_unchecked(moves[index])
                penalties = rollout(state, horizon, self.race)
                projected = [t + p for t, p in zip(totals, penalties, strict=True)]
                values[index].append(match_value(projected, view.seat, spread))
            worlds += 1
            leader = max(live, key=lambda i: (sum(values[i]), -i))
            if worlds >= self.min_samples:
                live = [i for i in live if not self._dropped(i, leader, values, live)]
                leader = max(live, key=lambda i: (sum(values[i]), -i))
            if len(live) == 1 or self._spent(start, worlds):
                break
        # Leave the prior (candidate 0, the heuristic's move) only for a move that beats it
        # with some confidence: among near-equal moves the noise of a few worlds would
        # otherwise pick at random.
        if (
            leader != 0
            and 0 in live
            and not (worlds >= 2 and _lower_bound(values[leader], values[0], self.switch_z) > 0)
        ):
            leader = 0
        self.last = SearchStats(
            worlds,
            time.thread_time() - start,
            moves,
            {moves[i]: sum(values[i]) / worlds for i in live},
            "",
        )
        choice = moves[leader]
        assert choice in legal
        return choice

    def _dropped(self, index: int, leader: int, values: list[list[float]], live: list[int]) -> bool:
        """Is candidate ``index`` out of the race after the worlds so far?

        The prior (candidate 0) is dropped only when the leader beats it by more
        than ``indifference`` with confidence (``z`` standard errors). Another move
        is dropped when it is worse than the leader, or no better than the prior,
        with that confidence or within ``indifference``: it could not be worth a
        switch. So near-equal moves never push the prior out on noise.
        """
        if index == 0:
            return index != leader and _lower_bound(values[leader], values[0], self.z) > (
                self.indifference
            )
        if index != leader and _lower_bound(values[leader], values[index], self.z) > (
            -self.indifference
        ):
            return True
        return 0 in live and _lower_bound(values[0], values[index], self.z) > -self.indifference

    def _spent(self, start: float, worlds: int) -> bool:
        if self.samples is not None and worlds >= self.samples:
            return True
        return self.seconds is not None and time.thread_time() - start >= self.seconds

    def _decision_seed(self, view: PlayerView) -> int:
        """A seed from the bot's seed and everything the view shows, stable across runs."""
        text = repr(
            (
                self.seed,
                view.rules.name,
                view.seat,
                view.round_number,
                view.turn,
                str(view.phase),
                [str(c) for c in view.hand],
                [str(c) for c in view.discard_pile],
                [str(e) for e in view.log],
                view.scores.rows,
            )
        )
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")

    # -- candidates -----------------------------------------------------------------------

    def _candidates(self, view: PlayerView) -> tuple[tuple[Action, ...], str]:
        """The moves worth searching, best guess first, and why there is only one if so."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal, "only move"
        solver = solver_for(view.rules, view.round_number)
        table = view.table if view.rules.lay_off else ()
        if view.phase is Phase.DRAW:
            top = view.top_discard
            if (
                view.out_seat is None
                and top is not None
                and _TAKE in legal
                and solver.can_go_out([*view.hand, top])
            ):
                return (_TAKE,), "goes out"
            # The draw is the prior's. Searched, the draw lost (benchmarks/rollout_gain.py,
            # docs/lab-notes/three-thirteen-search.md):
            # -0.00024 +- 0.00016 of a match win a draw over 15 matches,
            # -0.00092 +- 0.00023 in the first rounds. The rollouts' greedy players ignore
            # what a take tells the table, so the search over-values takes.
            return (self._prior.choose(view),), "the prior's draw"
        if any(isinstance(a, GoOut) for a in legal):
            # The prior goes out too, with the card the next player can use least.
            return (self._prior.choose(view),), "goes out"
        near = TABLE_NEAR.get(view.players, 0.0) if self.near is None else self.near
        scores = self._prior.discard_scores(view) if near else []
        if scores:
            # The first scored discard is the prior's move (what HeuristicBot.choose plays).
            prior, best = scores[0]
            close = [a for a, score in scores[1:] if score <= best + near]
            if not close:
                return (prior,), "the prior is clear"
            return (prior, *close[: self.candidates - 1]), ""
        allowed = {a.card for a in legal if isinstance(a, Discard)}
        choices = [c for c in solver.discards(view.hand, table) if c.discard in allowed]
        choices.sort(key=lambda c: discard_key(solver, c))
        moves = [Discard(c.discard) for c in choices]
        chosen = self._prior.choose(view)
        if chosen in moves:
            moves.remove(chosen)
        return (chosen, *moves[: self.candidates - 1]), ""
