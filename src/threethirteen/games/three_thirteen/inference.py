"""What the other seats' play this round says about their hidden cards.

:func:`~threethirteen.games.three_thirteen.worlds.sample_world` deals the hidden cards at random,
consistently with the view (and, with a ``bias``, weighted card by card by what
each seat took and refused). A real hand is not random: every turn its owner
kept what melds and threw what does not, so a hand dealt at random is a poor
guess of it. :func:`infer_worlds` corrects the guess by *importance
resampling*: it samples many worlds, weighs each by how likely the other
seats' play this round would have been had their hands been those, and keeps
a sample of worlds drawn by those weights.

The player model (:func:`play_log_likelihood`) is a *noisy greedy* player,
the shape of play every sensible bot or person shares rather than any one
bot: it takes the up card with a chance that grows with how much the card
lowers its deadwood (a wild nearly always), throws a card with a chance that
falls with the deadwood that card leaves above the best throw
(``exp(-sharpness * excess)``), and nearly always goes out when it can. A
seat's hands at its earlier turns are rebuilt backwards from the hand a world
gives it: undo each discard (the card comes back) and each draw (the card
taken from the pile leaves; for a stock draw, one of its cards of unknown
origin, chosen at random, leaves), which is the exchangeable prior of a fair
deal.

Measured (``benchmarks/world_accuracy.py``, classic, 2 players): the share of
the opponent's hidden cards that a world places in its hand rises from about
0.14 (fair deal) and 0.18 (``bias=1``) to about 0.20 to 0.21 (16 worlds kept
of 64 proposals); see docs/montecarlo.md for what that does to a search (nothing
measurable yet).

>>> import random
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new("classic", 2, seed=5)
>>> event = state.apply(state.legal_actions()[0])
>>> view = state.view(state.current)
>>> worlds = infer_worlds(view, random.Random(1), count=4, proposals=16)
>>> len(worlds), all(w.view(view.seat) == view for w in worlds)
(4, True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Source
from threethirteen.games.three_thirteen.solver import HandSolver
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.views import PlayerView, Turn, round_turns
from threethirteen.games.three_thirteen.worlds import sample_world

__all__ = ["infer_worlds", "play_log_likelihood"]

# A seat that could go out and did not: rare for any sensible player.
_STAYED_IN = math.log(0.05)
# The chance of taking a wild from the pile (everybody wants one), and the bounds
# on any take's chance (so that one odd choice does not zero a world).
_TAKE_WILD = 0.95
_TAKE_FLOOR = 0.02


def play_log_likelihood(
    solver: HandSolver,
    hand: Sequence[Card],
    turns: Sequence[Turn],
    rng: random.Random,
    *,
    sharpness: float = 2.0,
    take_sharpness: float = 3.0,
    discard_taken_card: bool = True,
) -> float:
    """The log-likelihood of ``turns`` under the noisy greedy model, given the ``hand`` now.

    ``hand`` is the seat's whole hand after its last turn (or after its draw,
    when its last turn has no discard yet). One history is rebuilt backwards,
    the card each stock draw brought chosen at random by ``rng`` among the
    cards whose origin is unknown. ``sharpness`` is how fast a discard's
    chance falls per point of deadwood it leaves above the best discard;
    ``take_sharpness`` how fast the chance of taking the up card grows with
    the deadwood it saves. Raises :class:`ThreeThirteenError` when the turns
    cannot have been played from the hand (a taken card it cannot hold).
    """
    held = Counter(hand)
    # Cards taken from the pile before the turn in hand, kept as the loop walks back.
    taken = Counter(t.top for t in turns if t.source is Source.DISCARD and t.top is not None)
    total = 0.0
    for k in range(len(turns) - 1, -1, -1):
        turn = turns[k]
        after = held + Counter([turn.discard]) if turn.discard is not None else held
        if turn.source is Source.DISCARD and turn.top is not None:
            taken[turn.top] -= 1
        if turn.source is Source.DISCARD:
            if turn.top is None or after[turn.top] == 0:
                raise ThreeThirteenError(
                    f"the turns do not fit the hand {' '.join(map(str, hand))!r}: "
                    f"turn {k + 1} took {turn.top} from the pile"
                )
            before = after - Counter([turn.top])
        else:
            # The stock card is any card of the hand then whose origin is unknown: not a
            # card taken from the pile earlier this round (equal copies aside).
            unknown = sorted((after - taken).elements(), key=Card.sort_key) or sorted(
                after.elements(), key=Card.sort_key
            )
            before = after - Counter([rng.choice(unknown)])
        if turn.discard is not None:
            locked = turn.top if turn.source is Source.DISCARD and not discard_taken_card else None
            total += _discard_log_chance(solver, after, turn, locked, sharpness)
        if turn.top is not None:
            chance = _take_chance(solver, before, turn.top, take_sharpness)
            total += math.log(chance if turn.source is Source.DISCARD else 1.0 - chance)
        held = before
    return total


def _discard_log_chance(
    solver: HandSolver, after: Counter[Card], turn: Turn, locked: Card | None, sharpness: float
) -> float:
    assert turn.discard is not None
    choices = [
        c
        for c in solver.discards(list(after.elements()))
        if c.discard != locked or after[c.discard] > 1
    ]
    best = min(c.deadwood for c in choices)
    norm = 0.0
    mine = None
    for choice in choices:
        norm += after[choice.discard] * math.exp(-sharpness * (choice.deadwood - best))
        if choice.discard == turn.discard:
            mine = choice
    if mine is None:  # thrown against the house rule: not a hand this seat held
        return -math.inf
    chance = math.log(after[turn.discard] / norm) - sharpness * (mine.deadwood - best)
    if not turn.out and not turn.final and any(c.can_go_out for c in choices):
        chance += _STAYED_IN
    return chance


def _take_chance(solver: HandSolver, before: Counter[Card], top: Card, sharpness: float) -> float:
    if solver.is_wild(top):
        return _TAKE_WILD
    cards = list(before.elements())
    now = solver.deadwood(cards)
    kept = [c.deadwood for c in solver.discards([*cards, top]) if c.discard != top]
    saved = now - min(kept) if kept else -1
    chance = 1.0 / (1.0 + math.exp(-sharpness * (saved - 0.5)))
    return min(1.0 - _TAKE_FLOOR, max(_TAKE_FLOOR, chance))


def infer_worlds(
    view: PlayerView,
    rng: random.Random,
    count: int,
    proposals: int,
    *,
    bias: float = 1.0,
    sharpness: float = 2.0,
    take_sharpness: float = 3.0,
) -> list[MatchState]:
    """``count`` worlds drawn by how well they explain the other seats' play this round.

    ``proposals`` worlds are sampled (:func:`~.worlds.sample_world`
    with ``bias``), each weighed by the joint likelihood of every other seat's
    turns this round (:func:`play_log_likelihood`), and ``count`` are kept by
    systematic resampling: a likely world may be kept several times (give each
    copy its own future with :meth:`MatchState.with_shuffled_stock`). Every
    world agrees with the view as :func:`sample_world`'s do; the result depends
    only on the view, ``rng``'s state and the options. Raises
    :class:`ThreeThirteenError` for counts below 1 or a round that is over.
    """
    if count < 1 or proposals < 1:
        raise ThreeThirteenError(
            f"infer_worlds needs count and proposals of 1 or more, got {count!r}, {proposals!r}"
        )
    solver = HandSolver.for_round(view.rules, view.round_number)
    turns = round_turns(view)
    seats = [s for s in range(view.players) if s != view.seat and s != view.out_seat and turns[s]]
    worlds: list[MatchState] = []
    logs: list[float] = []
    for _ in range(proposals):
        world = sample_world(view, rng, bias)
        logs.append(
            sum(
                play_log_likelihood(
                    solver,
                    world.hand(s),
                    turns[s],
                    rng,
                    sharpness=sharpness,
                    take_sharpness=take_sharpness,
                    discard_taken_card=view.rules.discard_taken_card,
                )
                for s in seats
            )
        )
        worlds.append(world)
    top = max(logs)
    if top == -math.inf:  # no proposal explains the play: keep them as dealt
        logs = [0.0] * proposals
        top = 0.0
    weights = [math.exp(x - top) for x in logs]
    step = sum(weights) / count
    point = rng.random() * step
    kept: list[MatchState] = []
    reached = weights[0]
    index = 0
    for _ in range(count):
        while reached < point and index < proposals - 1:
            index += 1
            reached += weights[index]
        kept.append(worlds[index])
        point += step
    return kept
