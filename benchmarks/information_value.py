"""What the opponent's hidden hand is worth to ``heuristic``, reading by reading (2 players).

``heuristic`` reads its opponent in two ways, both from the public log: how
many more draws it may expect this round (a fixed horizon from its turns so
far) and how much a discard would help the next player (the ranks and
neighbours that player took from the pile, weight ``feeds_next``). This
benchmark replaces one reading at a time with the truth, read from the real
state (a cheat, for measuring only), or with a fair estimate from hands dealt
from the bot's own view, and plays each variant on the same deals against
``--opponents``, in both seatings:

* ``heuristic``: the bot as it is: the reference.
* ``timing``: the horizon from the opponent's true distance to going out
  (:func:`threethirteen.games.three_thirteen.distance.draws_to_go_out`). Two or more turns away it
  cannot go out on its next turn, so the bot's next draw is sure; one away, the
  chance it goes out is the share of the real stock that completes its hand.
* ``blocking``: the danger of a discard from the opponent's true hand:
  ``--out-points`` if the card would let it go out, ``--closer-points`` if it
  brings it a turn closer
  (:func:`threethirteen.games.three_thirteen.distance.closer_draws`), nothing otherwise.
  The rule from the log is dropped.
* ``closer``: ``blocking`` with the closer points only.
* ``sampled``: ``blocking`` without the cheat: the same points averaged over
  ``--samples`` hands dealt from the bot's view. Each holds the cards the
  opponent is known to hold (taken from the pile), the rest drawn from the
  unseen cards weighted by the opponent's public play
  (:func:`threethirteen.games.three_thirteen.worlds.card_weights`, ``--bias``). A fair bot.
* ``settled``: ``sampled``, each dealt hand then played on alone for as many
  turns as the opponent has drawn from the stock this round: a random unseen
  card in, out the card that leaves the least deadwood (the highest of equals;
  never a card known to be held). A dealt hand is shapeless; a hand that has
  been played for a few turns holds melds and low cards, as a real one does.

Printed per variant: matches won and the mean margin (the opponent's total less
the bot's), and, paired on the same deals and seats, the difference from
``heuristic`` with a 95% interval. The cheats bound what reading the opponent
better could give; ``sampled`` says how much of it the view holds.

With ``--ranking N`` it plays no variants; instead the heuristic plays ``N``
deals against ``--opponents`` (seat 0) and, at each of its discards before
anyone has gone out, each *reading* scores the natural cards of its hand by how
much they would help the next player: ``log`` (the heuristic's rule from the
public log), ``dealt`` (the share of ``--samples`` hands dealt from the view with
no bias that the card brings closer), ``sampled`` (the same, ``--bias``) and
``settled``. The truth is whether the card brings the opponent's real hand
closer. Printed per reading: the *ranking accuracy*, the share of the pairs of
cards of one hand, one helping and one not, that the reading orders right (ties
count a half; 0.5 is blind, 1 is the truth), and the share of such pairs tied.

Run: ``python benchmarks/information_value.py --deals 200`` (about half an hour on
two cores; ``--variants`` to play fewer). Results depend only on the options.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from threethirteen.bots import Bot, make_bot
from threethirteen.bots.base import decisions
from threethirteen.cards import Card, Rank
from threethirteen.games.three_thirteen.actions import Source
from threethirteen.games.three_thirteen.bots.heuristic import HeuristicBot, _Context
from threethirteen.games.three_thirteen.bots.outlook import lead_in_spreads
from threethirteen.games.three_thirteen.distance import closer_draws, draws_to_go_out
from threethirteen.games.three_thirteen.rules import get_rules
from threethirteen.games.three_thirteen.solver import HandSolver
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.views import (
    Phase,
    PlayerView,
    known_holdings,
    round_turns,
    unseen_cards,
)
from threethirteen.games.three_thirteen.worlds import card_weights
from threethirteen.lab.tournament import derive_seed

VARIANTS = ("heuristic", "timing", "blocking", "closer", "sampled", "settled")
# After the opponent's sure turns, the chance a turn of a hand one card from going
# out ends the round (only the horizon's cap is reached in practice).
_LATER_HAZARD = 0.3


@dataclass(frozen=True)
class Options:
    """How the informed variants read the opponent (the command's options)."""

    rules: str
    out_points: float
    closer_points: float
    samples: int
    bias: float


@dataclass
class _Table:
    """The match being played, shared with the cheating variants."""

    state: MatchState | None = None


Reading = tuple[int, Callable[[Card], bool]]  # a hand's distance and what brings it closer


class InformedBot(HeuristicBot):
    """``heuristic`` with its horizon or its danger term read from the opponent's hand."""

    name = "informed"

    def __init__(self, variant: str, options: Options, table: _Table) -> None:
        super().__init__()
        self.variant = variant
        self.options = options
        self.table = table
        self._cached: tuple[_Context, list[Reading]] | None = None

    def _truth(self, view: PlayerView) -> tuple[MatchState, tuple[Card, ...]]:
        state = self.table.state
        assert state is not None
        return state, state.hand((view.seat + 1) % view.players)

    def _context(self, view: PlayerView, solver: HandSolver) -> _Context:
        ctx = super()._context(view, solver)
        if self.variant != "timing":
            return ctx
        state, hand = self._truth(view)
        w = ctx.weights
        lead = lead_in_spreads(view.scores.totals, view.seat, view.rules, view.round_number)
        gamble = min(w.risk_cap, max(1 / w.risk_cap, math.exp(-w.risk * lead)))
        distance = draws_to_go_out(hand, view.rules, solver.wild_rank)
        if distance >= 2:
            sure, draws = 1.0, min(w.horizon_cap, distance - 1 + 1 / _LATER_HAZARD)
        elif distance == 1:
            opponent = (view.seat + 1) % view.players
            stock = unseen_cards(state.view(opponent)) - Counter(view.hand)
            goes_out = closer_draws(hand, 1, view.rules, solver.wild_rank)
            hazard = sum(n for card, n in stock.items() if goes_out(card)) / max(
                1, sum(stock.values())
            )
            sure, draws = 1 - hazard, min(w.horizon_cap, (1 - hazard) / max(hazard, 0.05))
        else:
            sure, draws = 0.0, 0.0
        ctx.next_draw = sure * gamble
        ctx.draws_left = draws * gamble
        ctx.lookahead = w.potential * draws * gamble
        return ctx

    def _feed_cost(self, ctx: _Context, card: Card) -> float:
        if self.variant in ("heuristic", "timing"):
            return super()._feed_cost(ctx, card)
        return ctx.weights.feeds_next * self._feeds(ctx, card)  # the readings below

    def _feeds(self, ctx: _Context, card: Card) -> float:
        if self.variant in ("heuristic", "timing"):
            return super()._feeds(ctx, card)
        if card.rank is None or ctx.solver.is_wild(card):
            return ctx.weights.wild_danger
        if ctx.next_read is None:
            return 0.0  # the next seat has no turn left to use it
        if self._cached is None or self._cached[0] is not ctx:
            # Held with its context, so a later context cannot reuse a stale reading.
            self._cached = (ctx, self._readings(ctx))
        readings = self._cached[1]
        out = 0.0 if self.variant == "closer" else self.options.out_points
        points = 0.0
        for distance, helps in readings:
            if distance >= 1 and helps(card):
                points += out if distance == 1 else self.options.closer_points
        return points / len(readings) / ctx.weights.feeds_next

    def _readings(self, ctx: _Context) -> list[Reading]:
        view, wild = ctx.view, ctx.solver.wild_rank
        if self.variant in ("sampled", "settled"):
            hands = sampled_hands(
                view, self.options.samples, self.options.bias, settle=self.variant == "settled"
            )
        else:
            hands = [list(self._truth(view)[1])]
        return readings_of(hands, view, wild)


def readings_of(hands: Sequence[Sequence[Card]], view: PlayerView, wild: Rank) -> list[Reading]:
    """Each hand's distance to going out and its test of which draws bring it closer."""
    readings: list[Reading] = []
    for hand in hands:
        distance = draws_to_go_out(hand, view.rules, wild)
        readings.append((distance, closer_draws(hand, distance, view.rules, wild)))
    return readings


def sampled_hands(
    view: PlayerView, samples: int, bias: float, *, settle: bool = False
) -> list[list[Card]]:
    """``samples`` hands the next player may hold, dealt from ``view`` alone.

    Its known cards (taken from the pile), the rest drawn without replacement
    from the unseen cards, weighted by its public play (``card_weights``); the
    generator is seeded from the view, so the same view gives the same hands.
    With ``settle`` each hand is then played on alone for as many turns as the
    seat has drawn from the stock this round (``settled`` in the module
    docstring).
    """
    seat = (view.seat + 1) % view.players
    known = list(known_holdings(view)[seat].elements())
    pool = sorted(unseen_cards(view).elements(), key=Card.sort_key)
    needed = view.hand_sizes[seat] - len(known)
    weights = card_weights(view, seat, pool, bias)
    rng = random.Random(hashlib.sha256(repr(view).encode()).digest())
    hands = []
    for _ in range(samples):
        # Weighted sampling without replacement: the largest keys u ** (1 / w).
        keys = sorted(range(len(pool)), key=lambda i: -(rng.random() ** (1 / weights[i])))
        hand = known + [pool[i] for i in keys[:needed]]
        if settle:
            rest = [pool[i] for i in keys[needed:]]
            hand = _settle(view, hand, len(known), rest, _stock_draws(view, seat), rng)
        hands.append(hand)
    return hands


def _stock_draws(view: PlayerView, seat: int) -> int:
    """How many times ``seat`` has drawn from the stock this round."""
    return sum(1 for turn in round_turns(view)[seat] if turn.source is Source.STOCK)


def _settle(
    view: PlayerView,
    hand: list[Card],
    known: int,
    rest: list[Card],
    turns: int,
    rng: random.Random,
) -> list[Card]:
    """``hand`` (its first ``known`` cards known to be held) after ``turns`` turns of
    drawing from ``rest`` and throwing the card that leaves the least deadwood."""
    solver = HandSolver.for_round(view.rules, view.round_number)
    hand, rest = list(hand), list(rest)
    pinned = Counter(hand[:known])
    for _ in range(min(turns, len(rest))):
        hand.append(rest.pop(rng.randrange(len(rest))))
        choices = [c for c in solver.discards(hand) if hand.count(c.discard) > pinned[c.discard]]
        if not choices:
            break
        best = min(choices, key=lambda c: (c.deadwood, -solver.penalty(c.discard)))
        hand.remove(best.discard)
        rest.append(best.discard)
    return hand


@dataclass(frozen=True)
class Job:
    variant: str
    deal: int
    seat: int  # the variant's seat; the opponent holds the other


def play(job: Job, options: Options, opponents: str, seed: int) -> tuple[Job, float, int]:
    """One match of ``job``: the variant's share of the win and its margin."""
    rules = get_rules(options.rules)
    state = MatchState.new(rules, 2, derive_seed(seed, "deal", job.deal))
    table = _Table(state)
    me: Bot = InformedBot(job.variant, options, table)
    other = make_bot(opponents, derive_seed(seed, "bot", job.deal, job.seat))
    bots = [me, other] if job.seat == 0 else [other, me]
    for _ in decisions(state, bots):
        pass
    mine, theirs = state.scores.totals[job.seat], state.scores.totals[1 - job.seat]
    win = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return job, win, theirs - mine


def _play(args: tuple[Job, Options, str, int]) -> tuple[Job, float, int]:
    return play(*args)


def paired(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its 95% half-width."""
    if len(values) < 2:
        return statistics.fmean(values), 0.0
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


READINGS = ("log", "dealt", "sampled", "settled")


@dataclass
class Ranked:
    """Pairs of cards (one helping the opponent, one not) and how a reading ordered them."""

    right: int = 0
    tied: int = 0
    pairs: int = 0

    def add(self, helping: Sequence[float], others: Sequence[float]) -> None:
        for a in helping:
            for b in others:
                self.pairs += 1
                self.right += a > b
                self.tied += a == b

    @property
    def accuracy(self) -> float:
        return (self.right + self.tied / 2) / self.pairs if self.pairs else math.nan


def reading_scores(
    view: PlayerView, cards: Sequence[Card], reading: str, options: Options
) -> list[float]:
    """How much each of ``cards`` would help the next player, by ``reading``."""
    solver = HandSolver.for_round(view.rules, view.round_number)
    if reading == "log":
        bot = HeuristicBot()
        ctx = bot._context(view, solver)
        return [bot._feeds(ctx, card) for card in cards]
    bias = 0.0 if reading == "dealt" else options.bias
    hands = sampled_hands(view, options.samples, bias, settle=reading == "settled")
    tests = [helps for _, helps in readings_of(hands, view, solver.wild_rank)]
    return [sum(helps(card) for helps in tests) / len(tests) for card in cards]


def rank_deal(deal: int, options: Options, opponents: str, seed: int) -> dict[str, Ranked]:
    """The readings' ranking counts over the heuristic's discards in one deal (seat 0)."""
    state = MatchState.new(get_rules(options.rules), 2, derive_seed(seed, "deal", deal))
    bots = [make_bot("heuristic"), make_bot(opponents, derive_seed(seed, "bot", deal, 0))]
    ranked = {reading: Ranked() for reading in READINGS}
    for decision in decisions(state, bots):
        view = decision.view
        if decision.seat != 0 or view.phase is not Phase.DISCARD or view.out_seat is not None:
            continue
        solver = HandSolver.for_round(view.rules, view.round_number)
        naturals = {c for c in view.hand if c.rank is not None and not solver.is_wild(c)}
        cards = sorted(naturals, key=Card.sort_key)
        hand = state.hand(1)
        helps = closer_draws(
            hand, draws_to_go_out(hand, view.rules, solver.wild_rank), view.rules, solver.wild_rank
        )
        truth = [helps(card) for card in cards]
        for reading in READINGS:
            scores = reading_scores(view, cards, reading, options)
            ranked[reading].add(
                [x for x, t in zip(scores, truth, strict=True) if t],
                [x for x, t in zip(scores, truth, strict=True) if not t],
            )
    return ranked


def _rank(args: tuple[int, Options, str, int]) -> dict[str, Ranked]:
    return rank_deal(*args)


def report_ranking(args: argparse.Namespace, options: Options) -> None:
    start = time.perf_counter()
    total = {reading: Ranked() for reading in READINGS}
    with ProcessPoolExecutor(args.workers) as pool:
        work = [(deal, options, args.opponents, args.seed) for deal in range(args.ranking)]
        for ranked in pool.map(_rank, work):
            for reading, counts in ranked.items():
                total[reading].right += counts.right
                total[reading].tied += counts.tied
                total[reading].pairs += counts.pairs
    print(
        f"{args.rules}, 2 players, heuristic against {args.opponents}: {args.ranking} deals, "
        f"seed {args.seed}, {options.samples} hands a reading, "
        f"{time.perf_counter() - start:.0f} s"
    )
    print("| reading | ranking accuracy | pairs tied | pairs |")
    print("|---|---|---|---|")
    for reading, counts in total.items():
        print(
            f"| {reading} | {counts.accuracy:.3f} | {counts.tied / max(1, counts.pairs):.2f} "
            f"| {counts.pairs} |"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--opponents", default="simple")
    parser.add_argument("--deals", type=int, default=200, help="each played in both seatings")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--out-points", type=float, default=25.0)
    parser.add_argument("--closer-points", type=float, default=8.0)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--bias", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--ranking", type=int, default=0, help="measure the readings' ranking on N deals instead"
    )
    args = parser.parse_args(argv)
    options = Options(args.rules, args.out_points, args.closer_points, args.samples, args.bias)
    if args.ranking:
        report_ranking(args, options)
        return
    variants = [v.strip() for v in args.variants.split(",")]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant {unknown[0]!r}; variants: {', '.join(VARIANTS)}")
    if "heuristic" not in variants:
        variants.insert(0, "heuristic")
    jobs = [Job(v, d, s) for d in range(args.deals) for s in (0, 1) for v in variants]
    start = time.perf_counter()
    results: dict[tuple[str, int, int], tuple[float, int]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        work = [(job, options, args.opponents, args.seed) for job in jobs]
        for job, win, margin in pool.map(_play, work, chunksize=4):
            results[job.variant, job.deal, job.seat] = (win, margin)
    elapsed = time.perf_counter() - start
    print(
        f"{args.rules}, 2 players, against {args.opponents}: {args.deals} deals x 2 seatings, "
        f"seed {args.seed}, {elapsed:.0f} s"
    )
    print("| variant | matches | win % | margin | win % - heuristic | margin - heuristic |")
    print("|---|---|---|---|---|---|")
    keys = [(d, s) for d in range(args.deals) for s in (0, 1)]
    for variant in variants:
        wins = [results[variant, d, s][0] for d, s in keys]
        margins = [float(results[variant, d, s][1]) for d, s in keys]
        row = f"| {variant} | {len(keys)} | {100 * statistics.fmean(wins):.1f} | "
        row += f"{statistics.fmean(margins):+.1f} |"
        if variant == "heuristic":
            print(row + " | |")
            continue
        dw = paired([results[variant, d, s][0] - results["heuristic", d, s][0] for d, s in keys])
        dm = paired([results[variant, d, s][1] - results["heuristic", d, s][1] for d, s in keys])
        print(f"{row} {100 * dw[0]:+.1f} ± {100 * dw[1]:.1f} | {dm[0]:+.1f} ± {dm[1]:.1f} |")


if __name__ == "__main__":
    main()
