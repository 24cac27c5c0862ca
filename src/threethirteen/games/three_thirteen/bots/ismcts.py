"""The ``ismcts`` bot: information-set Monte Carlo tree search, the ``expert`` candidate.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) over the turns
after the bot's move, with ``montecarlo``'s candidates at the root and its
cheap rollouts and race valuation at the leaves:

1. **Root.** The moves searched are :class:`MonteCarloBot`'s candidates: the
   ``heuristic`` bot's move first (the *prior*), then the other discards it
   finds close. Going out, a forced move or a clear prior is played unsearched.
   The draw is the prior's unless ``draws`` is 1, which searches both draws.
2. **Worlds.** Each iteration deals the hidden cards anew, consistently with the
   view (:func:`threethirteen.games.three_thirteen.worlds.sample_world`), and walks one tree with
   them: a node is a sequence of public moves (a discard, which pile a seat
   drew from), so the same tree gathers every world, and an opponent's moves
   are those its hand *in this world* allows.
3. **Tree.** Below the root the tree holds ``depth`` more turns (all seats
   together; by default one a seat). At each node the seat to play weighs at
   most ``width`` moves of its hand in the world: both draws, and the ``width``
   discards with the lowest deadwood after them (going out, when it can, is its
   only move). A node's unvisited moves are tried first, best first; then the
   move with the highest upper confidence bound (UCB1 with availability counts,
   ``exploration`` its constant, each seat maximising its own value).
4. **Leaves.** From the first new node the round is played on by ``montecarlo``'s
   greedy policy for one turn a seat (:func:`~.montecarlo.rollout`)
   and a round still running is valued by the race; the round's penalties are
   added to the score sheet and turned into each seat's chance of winning the
   match (:func:`~threethirteen.games.three_thirteen.bots.outlook.match_value`).
5. **Choice.** When the budget is spent (``seconds`` of the thread's CPU time,
   0.5 by default, or ``samples`` iterations), or earlier once every root move has
   ``min_samples`` iterations and none can still beat the prior by
   ``indifference`` (``z`` standard errors), the move with the best mean is
   played, but the prior is kept unless that move's mean beats the prior's by
   ``switch_z`` standard errors: with a few hundred noisy worlds, near-equal
   moves would otherwise be picked on noise.

Like ``montecarlo``, a decision's generator is seeded from the bot's seed and a
digest of the view, so a sample budget makes the choice depend on the view alone.

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic"), 2, seed=4)
>>> view = state.view(state.current)
>>> bot = IsmctsBot(seed=1, samples=32)
>>> bot.choose(view) in view.legal_actions
True
"""

from __future__ import annotations

import math
import random
import time

from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Action, Discard, Draw, GoOut, Source
from threethirteen.games.three_thirteen.bots.montecarlo import (
    MonteCarloBot,
    SearchStats,
    discard_key,
    is_locked,
    rollout,
)
from threethirteen.games.three_thirteen.bots.outlook import match_value, remaining_spread
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.views import Phase, PlayerView
from threethirteen.games.three_thirteen.worlds import sample_world

__all__ = ["IsmctsBot", "tree_moves"]


def tree_moves(state: MatchState, width: int) -> list[Action]:
    """The moves the tree weighs for the seat to play in ``state``, best guess first.

    A draw: the legal draws, the pile first when taking its card lowers the
    hand's deadwood, else the stock first. A discard: going out when the seat
    can (its only move: a zero round can only help), else the ``width`` legal
    discards with the lowest deadwood after them (ties to the highest penalty).
    """
    legal = state.legal_actions()
    solver = state.solver
    hand = state.hand(state.current)
    table = state.table if state.rules.lay_off else ()
    if state.phase is Phase.DRAW:
        if len(legal) < 2:
            return list(legal)
        top = state.top_discard
        assert top is not None
        usable = [c for c in solver.discards([*hand, top], table) if c.discard != top]
        take = bool(usable) and min(c.deadwood for c in usable) < solver.deadwood(hand, table)
        stock, pile = Draw(Source.STOCK), Draw(Source.DISCARD)
        return [pile, stock] if take else [stock, pile]
    goes: list[Action] = [a for a in legal if isinstance(a, GoOut)]
    if goes:
        return goes[:1]
    choices = [c for c in solver.discards(hand, table) if not is_locked(state, c.discard, hand)]
    choices.sort(key=lambda c: discard_key(solver, c))
    return [Discard(c.discard) for c in choices[:width]]


class _Node:
    """A node of the tree: the public moves from the root to it, and their statistics.

    ``value`` and ``squares`` sum the values, to the seat that made the move
    leading here, of the iterations through it; ``avail`` counts the iterations
    in which that move was available (the UCB's count of chances).
    """

    __slots__ = ("avail", "children", "squares", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.squares = 0.0
        self.children: dict[Action, _Node] = {}

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0

    def error(self) -> float:
        """The standard error of the mean (infinite with fewer than two visits)."""
        if self.visits < 2:
            return math.inf
        mean = self.mean()
        variance = max(0.0, self.squares / self.visits - mean * mean)
        return math.sqrt(variance / (self.visits - 1))


def _welch_gap(a: _Node, b: _Node) -> float:
    """The standard error of ``a``'s mean less ``b``'s: they come from different
    iterations, so the two are not paired (Welch)."""
    return math.sqrt(a.error() ** 2 + b.error() ** 2)


def _most_promising(node: _Node, options: list[Action], exploration: float) -> Action:
    """The option with the highest upper confidence bound (UCB1, availability counts)."""
    best, best_bound = options[0], -math.inf
    for move in options:
        kid = node.children[move]
        bound = kid.mean() + exploration * math.sqrt(math.log(kid.avail) / kid.visits)
        if bound > best_bound:
            best, best_bound = move, bound
    return best


class IsmctsBot(MonteCarloBot):
    """Information-set MCTS over the turns after the move, from ``montecarlo``'s candidates.

    ``seconds`` (default 0.5) or ``samples`` (iterations, reproducible) is the
    budget; ``depth`` the turns below the root the tree may hold (default one a
    seat), ``width`` the moves a seat weighs at a node, ``exploration`` the UCB
    constant (in chances of winning the match), ``draws`` (0 or 1) whether the
    draw is searched. ``candidates``, ``near``, ``bias`` and ``switch_z`` are as
    for :class:`MonteCarloBot`, and so are ``z``, ``indifference`` and
    ``min_samples`` for stopping early. Raises :class:`ThreeThirteenError` for an option
    out of range.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = 0.5,
        samples: int | None = None,
        depth: int | None = None,
        width: int = 3,
        exploration: float = 0.1,
        draws: int = 0,
        candidates: int = 4,
        near: float | None = None,
        bias: float = 1.0,
        switch_z: float = 1.0,
        z: float = 2.0,
        indifference: float = 0.003,
        min_samples: int = 8,
    ) -> None:
        super().__init__(
            seed,
            seconds=seconds,
            samples=samples,
            candidates=candidates,
            near=near,
            bias=bias,
            switch_z=switch_z,
            z=z,
            indifference=indifference,
            min_samples=min_samples,
        )
        if (depth is not None and depth < 0) or width < 1 or exploration < 0:
            raise ThreeThirteenError(
                "ismcts depth must be 0 or more, width at least 1 and exploration 0 or more, "
                f"got {depth!r}, {width!r}, {exploration!r}"
            )
        self.depth = depth
        self.width = width
        self.exploration = exploration
        self.draws = bool(draws)

    def _root_moves(self, view: PlayerView) -> tuple[tuple[Action, ...], str]:
        moves, why = self._candidates(view)
        if self.draws and view.phase is Phase.DRAW and why == "the prior's draw":
            others = [a for a in view.legal_actions if a != moves[0]]
            return (*moves, *others), ""
        return moves, why

    def choose(self, view: PlayerView) -> Action:
        start = time.thread_time()
        moves, why = self._root_moves(view)
        if len(moves) == 1:
            self.last = SearchStats(0, time.thread_time() - start, moves, {}, why)
            return moves[0]
        rng = random.Random(self._decision_seed(view))
        spread = remaining_spread(view.rules, view.round_number)
        depth = view.players if self.depth is None else self.depth
        totals = view.scores.totals
        root = _Node()
        iterations = 0
        while True:
            world = sample_world(view, rng, self.bias)
            self._iterate(world, root, moves, depth, totals, spread, view.seat)
            iterations += 1
            if self._spent(start, iterations) or self._settled(root, moves):
                break
        searched = [m for m in moves if m in root.children]
        best = max(searched, key=lambda m: (root.children[m].mean(), -moves.index(m)))
        prior, chosen = root.children[moves[0]], root.children[best]
        gap = _welch_gap(prior, chosen)
        if best != moves[0] and not chosen.mean() - prior.mean() > self.switch_z * gap:
            best = moves[0]
        self.last = SearchStats(
            iterations,
            time.thread_time() - start,
            moves,
            {m: root.children[m].mean() for m in searched},
            "",
        )
        assert best in view.legal_actions
        return best

    def _settled(self, root: _Node, moves: tuple[Action, ...]) -> bool:
        """Can no move any longer beat the prior by ``indifference``, with ``z`` confidence?

        Checked once every root move has ``min_samples`` iterations; the search
        then stops early, as ``montecarlo``'s does when the prior is clearly best.
        """
        kids = [root.children.get(m) for m in moves]
        if any(k is None or k.visits < self.min_samples for k in kids):
            return False
        prior = kids[0]
        assert prior is not None
        for kid in kids[1:]:
            assert kid is not None
            if kid.mean() + self.z * _welch_gap(prior, kid) > prior.mean() + self.indifference:
                return False
        return True

    def _iterate(
        self,
        state: MatchState,
        root: _Node,
        moves: tuple[Action, ...],
        depth: int,
        totals: tuple[int, ...],
        spread: float,
        me: int,
    ) -> None:
        """One iteration on one world: select, expand one node, roll out, back up."""
        path: list[tuple[_Node, int]] = []  # each node visited and the seat that moved into it
        node, options, turns = root, list(moves), -1
        while True:
            seat = state.current
            if state.phase is Phase.DRAW:
                turns += 1
            for move in options:
                child = node.children.get(move)
                if child is not None:
                    child.avail += 1
            fresh = [m for m in options if m not in node.children]
            # Every root move gets min_samples iterations before the bound may starve it:
            # a prior that one unlucky world made look bad is still measured.
            short = (
                [m for m in options if node.children[m].visits < self.min_samples]
                if node is root and not fresh
                else []
            )
            if fresh:
                move = fresh[0]
                node.children[move] = child = _Node()
                child.avail = 1
            elif short:
                move = min(short, key=lambda m: node.children[m].visits)
                child = node.children[move]
            else:
                move = _most_promising(node, options, self.exploration)
                child = node.children[move]
            state.apply_unchecked(move)
            path.append((child, seat))
            node = child
            if fresh or state.phase not in (Phase.DRAW, Phase.DISCARD):
                break
            if state.phase is Phase.DRAW and turns + 1 >= depth:
                break
            options = tree_moves(state, self.width)
        penalties = rollout(state, len(totals), True)
        projected = [t + p for t, p in zip(totals, penalties, strict=True)]
        values = {
            seat: match_value(projected, seat, spread) for seat in {me, *(s for _, s in path)}
        }
        for visited, seat in path:
            value = values[seat]
            visited.visits += 1
            visited.value += value
            visited.squares += value * value
