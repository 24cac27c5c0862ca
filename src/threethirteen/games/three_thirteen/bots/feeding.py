"""How likely a discard is to help the next player: a model learned from played matches.

The ``heuristic`` bot's own reading of the next player (its rule over the
public log, :meth:`HeuristicBot._feeds`) counts the ranks and neighbours that
player took. This module instead describes a card by a few numbers read from the
view (:func:`feeding_features`: what the next player took, still holds, refused
and threw, near the card's rank and suit; how many cards that could meld with
it are still unseen, and how likely each is to be in that player's hand; how
far the round has gone) and turns them into two chances with logistic models
fitted to the truth of many played matches (``benchmarks/learn_feeding.py``):

* :attr:`FeedingModel.closer`: the chance the card brings the next player's
  hand a turn nearer going out (:func:`threethirteen.games.three_thirteen.distance.closer_draws`);
* :attr:`FeedingModel.out`: the chance it lets that player go out.

Everything comes from the view: a bot that uses it still sees nothing hidden.

>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> from threethirteen.games.three_thirteen.state import MatchState
>>> state = MatchState.new(get_rules("classic"), 2, seed=4)
>>> view = state.view(state.current)
>>> rows = feeding_features(view, (view.seat + 1) % 2, view.hand)
>>> len(rows) == len(view.hand) and all(len(r) == len(FEATURES) for r in rows)
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Source
from threethirteen.games.three_thirteen.bots.tracking import read_log
from threethirteen.games.three_thirteen.views import (
    PlayerView,
    known_holdings,
    round_turns,
    unseen_cards,
)

__all__ = ["FEATURES", "FEEDING_MODEL", "FeedingModel", "feeding_features"]

# The names of the features, in the order feeding_features gives them. For each of the
# next player's card lists (held: taken from the pile and not thrown since; taken;
# refused: left on the pile when it drew from the stock; thrown) three counts: cards of
# the same rank, of the same suit one rank away, two ranks away.
_SOURCES = ("held", "taken", "refused", "thrown", "last_thrown", "last_refused")
FEATURES: tuple[str, ...] = (
    *(f"{source}_{near}" for source in _SOURCES for near in ("rank", "step1", "step2")),
    "held_set",  # two or more held of the card's rank: it lengthens or makes a set
    "held_gap",  # two held of its suit that it would join into three in a row
    "takes",  # the next player's takes this round / 5
    "refusals",  # its refusals this round / 5
    # Unseen cards that meld with this one, times the chance that one unseen card is in
    # the next player's unknown cards: the expected number it holds.
    "exp_rank",
    "exp_step1",
    "exp_step2",
    "exp_wild",
    "share",  # that chance itself
    "hand_size",  # the round's hand size / 13
    "stock_draws",  # the next player's stock draws this round / 10
    "penalty",  # the card's penalty / 10
)


def _near(card: Card, cards: Counter[Card], wild: object) -> tuple[int, int, int]:
    """Copies in ``cards`` of ``card``'s rank, and of its suit one and two ranks away."""
    rank = card.rank
    assert rank is not None
    same = step1 = step2 = 0
    for other, copies in cards.items():
        if other.rank is None or other.rank == wild:
            continue
        if other.rank == rank:
            same += copies
        elif other.suit == card.suit:
            gap = abs(int(other.rank) - int(rank))
            if gap == 1:
                step1 += copies
            elif gap == 2:
                step2 += copies
    return same, step1, step2


def _joins_two(card: Card, held: Counter[Card], wild: object) -> bool:
    """Would ``card`` make three in a row of its suit with two cards of ``held``?"""
    assert card.rank is not None
    ranks = {
        int(c.rank) for c in held if c.rank is not None and c.rank != wild and c.suit == card.suit
    }
    r = int(card.rank)
    return any({r + a, r + b} <= ranks for a, b in ((-2, -1), (-1, 1), (1, 2)))


def feeding_features(view: PlayerView, seat: int, cards: Sequence[Card]) -> list[list[float]]:
    """One row of :data:`FEATURES` for each of ``cards`` as a discard to ``seat``.

    Wild cards and jokers get a row too (all their counts as for a natural card
    are meaningless; callers score wilds otherwise).
    """
    wild = view.wild_rank
    turns = round_turns(view)[seat]
    read = read_log(view)[seat]
    # Its last turn alone: a card thrown or passed over just now says the most.
    last_thrown: Counter[Card] = Counter()
    last_refused: Counter[Card] = Counter()
    if turns:
        last = turns[-1]
        if last.discard is not None:
            last_thrown[last.discard] += 1
        if last.source is Source.STOCK and last.top is not None:
            last_refused[last.top] += 1
    held = known_holdings(view)[seat]
    unseen = unseen_cards(view)
    total = sum(unseen.values())
    unknown = view.hand_sizes[seat] - sum(held.values())
    share = unknown / total if total else 0.0
    wilds = sum(n for c, n in unseen.items() if c.rank is None or c.rank == wild)
    stock_draws = sum(1 for t in turns if t.source is Source.STOCK)
    sources = (held, read.taken, read.refused, read.discarded, last_thrown, last_refused)
    activity = [sum(read.taken.values()) / 5, sum(read.refused.values()) / 5]
    rows = []
    for card in cards:
        if card.rank is None:
            counts: list[float] = [0.0] * (3 * len(sources) + 7)
            penalty = 0.0
        else:
            counts = [float(n) for source in sources for n in _near(card, source, wild)]
            counts += [float(counts[0] >= 2), float(_joins_two(card, held, wild))]
            counts += activity
            rank_left, step1_left, step2_left = _near(card, unseen, wild)
            counts += [share * rank_left, share * step1_left, share * step2_left]
            penalty = min(int(card.rank), 10) / 10
        rows.append(
            [
                *counts,
                share * wilds,
                share,
                view.spec.hand_size / 13,
                stock_draws / 10,
                penalty,
            ]
        )
    return rows


@dataclass(frozen=True, slots=True)
class FeedingModel:
    """Two logistic models over :data:`FEATURES`: an intercept, then one weight a feature."""

    closer: tuple[float, ...]
    out: tuple[float, ...]

    def __post_init__(self) -> None:
        for name in ("closer", "out"):
            weights = getattr(self, name)
            if len(weights) != len(FEATURES) + 1:
                raise ThreeThirteenError(
                    f"a feeding model's {name} needs {len(FEATURES) + 1} weights (an "
                    f"intercept and one a feature), got {len(weights)}: {weights!r}"
                )

    def chances(self, row: Sequence[float]) -> tuple[float, float]:
        """The chances that the card of ``row`` brings the next player closer, and out."""
        return _logistic(self.closer, row), _logistic(self.out, row)


def _logistic(weights: Sequence[float], row: Sequence[float]) -> float:
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], row, strict=True))
    return 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))


# Fitted by ``python benchmarks/learn_feeding.py`` (see its docstring for the run).
FEEDING_MODEL = FeedingModel(
    closer=(
        -1.1883,
        1.4109,
        0.5677,
        0.5371,
        0.0741,
        0.3382,
        0.1692,
        -0.6956,
        -0.1607,
        -0.1396,
        -1.0455,
        -0.2711,
        -0.2106,
        0.1169,
        0.097,
        0.0124,
        -0.098,
        -0.0794,
        0.0018,
        0.1371,
        0.7584,
        -0.0293,
        -0.134,
        1.4648,
        0.6739,
        0.5105,
        0.0803,
        13.2635,
        -2.65,
        -0.268,
        -0.4504,
    ),
    out=(
        -4.2786,
        1.7527,
        0.4929,
        0.2675,
        -0.4941,
        0.0261,
        0.0613,
        -0.8024,
        -0.0637,
        -0.0471,
        -0.8296,
        0.0686,
        -0.0589,
        -0.1341,
        0.121,
        0.0352,
        -0.0083,
        0.1426,
        0.1195,
        -0.3809,
        0.8687,
        0.3516,
        0.4929,
        0.9278,
        0.187,
        -0.1239,
        0.8702,
        0.7699,
        -0.5096,
        0.9858,
        -0.2936,
    ),
)
