"""The ``heuristic`` bot: the exact solver, card counting and a small evaluation.

Every decision weighs a few candidate hands with one readable score, in
deadwood points (lower is better)::

    score = deadwood
            - next_draw * (draw_weight * draw_gain + out_value * out_chance)
            - lookahead * meld_gain
            + distance * draws_to_go_out
            - acceptance * closer_share
            + danger
            + keep_wild * (the discard is wild)

* **deadwood**: the solver's exact lowest penalty of the hand kept.
* **draw_gain**: the expected fall in deadwood from the next stock draw (and a
  discard), over the cards the bot has not seen (``unseen_cards``), each
  weighed by its live copies. A card that extends a meld, or makes one with
  the unmelded cards, lets the worst unmelded card go; a low card can replace
  a high one. Weighed once, this makes the score the expected deadwood after
  one more turn.
* **meld_gain**: the part of ``draw_gain`` that comes from cards joining
  melds: a meld made keeps helping and is what goes out, a swap helps once. It
  favours pairs and near-runs whose cards are still live over dead ones.
* **out_chance**: the chance that the next draw lets the hand go out, which
  scores the opponents' deadwood against them: ``out_value`` is
  :attr:`Weights.going_out` points per card of the hand size per opponent.
* **draws_to_go_out**: how many turns the hand kept is from going out, were
  every draw the card it needs
  (:func:`threethirteen.games.three_thirteen.distance.draws_to_go_out`).
  Deadwood says what the hand costs if the round ends now; this says how soon
  the hand can end it. It matters most where going out needs long melds (5,
  8 and 11 cards), where the hand with the least deadwood is often further from
  going out than one with a high card left over.
* **closer_share**: the share of the unseen cards (by live copies) whose draw
  would bring the hand kept a turn nearer going out
  (:func:`threethirteen.games.three_thirteen.distance.closer_draws`; mahjong's *ukeire*). The
  distance supposes every needed card comes; this counts how many can. Of two
  hands equally far, the one more cards bring closer is likely to get there
  sooner. The two terms go together: a hand further away is brought closer by
  more cards, so with the share counted a turn of distance weighs 12 points,
  not 5, with 2 players (both fitted to randomized play,
  ``benchmarks/fit_weights.py``; with 3 and 4, 6 points and 8 or 10 for the
  share).
* **next_draw**, **lookahead**: how many more draws the bot expects this round
  (from the hand size and its turns so far; at most 1, and at most
  :attr:`Weights.horizon_cap` times :attr:`Weights.potential`). Both shrink to
  nothing as the round runs long, so late in a round the bot stops counting on
  its draws and dumps its high cards (only the distance to going out and the
  share of cards that bring it closer still count for the hand's shape).
  Both are also weighed by the match: ``exp(-risk * lead)``, where
  ``lead`` is how far the bot leads the best other total in spreads of the
  rounds left (:func:`~.outlook.lead_in_spreads`), kept within
  ``[1/risk_cap, risk_cap]``. Ahead, draws still to come count less and the bot
  plays for low deadwood (less variance); behind, they count more.
* **danger**: how much the discard helps the next player. With two players a
  natural card costs :attr:`Weights.feed_closer` (5) points times the chance it
  brings that player a turn nearer going out, plus :attr:`Weights.feed_out`
  (15) times the chance it lets it go out, both from logistic models over
  what the public log and the unseen cards say near the card's rank and suit,
  fitted to the truth of played matches (:mod:`threethirteen.games.three_thirteen.bots.feeding`).
  With those weights 0, a rule over the public log
  (:mod:`threethirteen.games.three_thirteen.bots.tracking`) reads it instead, weighed
  ``feeds_next``: the ranks it took from the pile, and the same-suit
  neighbours of what it took, count against a card; ranks it refused or threw
  away itself count for it. A wild or joker counts :attr:`Weights.wild_danger`
  (3) times ``feeds_next``: everybody takes one. That is also how the bot goes
  out: with the card the next player's final turn can use least, never a spare
  wild if a natural card will do.
* **keep_wild**: wilds are kept unless nothing else is left to throw.

Drawing compares taking the discard (the best score after taking it) with the
stock (the hand's deadwood less one expected draw, and its potential after).
A wild on the pile is always taken; so is a card that lets the bot go out.
The bot goes out whenever it can, with the card that helps the next player's
final turn least. In its own final turn it only minimises the deadwood it will
be scored on (laying off included).

The weights (:class:`Weights`) depend on the table's size
(:data:`TABLE_WEIGHTS`): with three or more players, weights fitted to
randomized play (``benchmarks/fit_weights.py``) ignore feeding the next player
and weigh going out less, since the next player is one opponent of several.

Every figure comes from the view (the solver, the unseen cards, the public
log): the bot never sees another hand or the stock, and it uses no chance
(``seed`` is accepted and unused).
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from threethirteen.cards import Card, Rank, Suit
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Action, Discard, GoOut
from threethirteen.games.three_thirteen.bots.draws import STOCK, TAKE, forced_draw
from threethirteen.games.three_thirteen.bots.feeding import FEEDING_MODEL, feeding_features
from threethirteen.games.three_thirteen.bots.outlook import lead_in_spreads
from threethirteen.games.three_thirteen.bots.tracking import SeatRead, read_log
from threethirteen.games.three_thirteen.distance import closer_draws, draws_to_go_out
from threethirteen.games.three_thirteen.rules import AceMode
from threethirteen.games.three_thirteen.solver import DiscardChoice, HandSolver, Meld, MeldKind
from threethirteen.games.three_thirteen.views import Phase, PlayerView, unseen_cards

__all__ = ["TABLE_WEIGHTS", "HeuristicBot", "Weights"]


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's named weights, in deadwood points."""

    draw_weight: float = 1.0  # per point the next draw is expected to save (draw_gain)
    potential: float = 0.3  # per expected future draw, times the meld part of a draw's gain
    horizon_cap: float = 3.0  # at most this many future draws are credited
    feeds_next: float = 4.0  # per unit of "the next player collects this"
    wild_danger: float = 3.0  # a wild or joker thrown counts this many (it is always taken)
    keep_wild: float = 12.0  # throwing a wild away
    take_cost: float = 1.0  # taking from the pile tells the table what we collect
    # Going out scores every opponent's deadwood against them: about this much per card
    # of the round's hand size, per opponent, times the chance a draw goes out.
    going_out: float = 2.0
    candidates: int = 5  # discards weighed beyond their deadwood, best deadwood first
    # The match, not only the round: what future draws may bring (a gamble) is
    # weighed exp(-risk * lead), the lead over the best other total in spreads of the
    # rounds to come (outlook.lead_in_spreads), within
    # [1/risk_cap, risk_cap]: ahead, the bot dumps high cards sooner; behind, it gambles.
    risk: float = 1.0
    risk_cap: float = 2.0
    # Expected own turns in a round: base + per_card * hand size - per_player * (players
    # - 2). Measured (heuristic against simple, classic): a round lasts about 5 turns a
    # player with 2 players and 4.5 with 4, not growing with the hand, though hands that
    # must go out in long melds last longer (benchmarks/round_profile.py, 2 players: 3.5
    # turns with 3 cards, 6.1 with 4, 9.7 with 5, 8.2 with 8, 5.2 with 13). A horizon by
    # hand size from those figures won no more
    # (docs/lab-notes/three-thirteen-heuristic.md, "Round by round").
    turns_base: float = 5.0
    turns_per_card: float = 0.0
    turns_per_player: float = 0.25
    # Per turn the hand kept is from going out (distance.draws_to_go_out), with every
    # draw the card it needs. 5 alone; 12 beside the acceptance term (fitted together:
    # a hand further away is brought closer by more cards).
    distance: float = 12.0
    # Per share of the unseen cards whose draw brings the hand kept a turn closer to
    # going out (distance.closer_draws; mahjong's ukeire): how soon the distance
    # is likely to fall, where the distance supposes every needed card comes.
    acceptance: float = 20.0
    # The learned reading of the next player (the feeding module): a natural card
    # thrown costs feed_closer points times the fitted chance that it brings that player
    # a turn nearer going out, plus feed_out times the chance it lets it go out. Both 0:
    # the rule over the public log (feeds_next times the danger) reads it instead, as
    # before the model. With either set, feeds_next prices only a wild thrown. Measured
    # against the rule (2 players, 2,000 matches a run, paired;
    # docs/lab-notes/three-thirteen-heuristic.md): head to
    # head +0.8 and +1.1 points of margin a match (seeds 2026, 2027), against simple
    # +1.4 and +0.2 points of match wins, under bga -0.5 with a lower total.
    feed_closer: float = 5.0
    feed_out: float = 15.0


# The weights by table size: a table uses the entry of the largest size not above its
# own. Two players: the hand-set weights above. Three and four: fitted to randomized
# play (benchmarks/fit_weights.py: the heuristic throws a random shortlisted discard at
# a quarter of its discards against `simple`, and the round's margin is fitted on what
# each term of the chosen discard changed; 67,000 and 74,000 such discards). With two or
# three opponents a card fed to the next player costs nothing measurable, the chance of
# going out is worth a sixth (4 players) to two fifths (3) of the two-player weight per
# opponent, and the meld term a third. Against `simple`, classic: 56.2% of 4,002 matches
# with 3 players (54.0% with the two-player weights, same deals), 46.6% of 4,000 with 4
# (44.1%). With 2 players the fitted weights lost (70.2% against 72.4%): see
# docs/lab-notes/three-thirteen-heuristic.md.
# The acceptance term and the distance beside it were fitted the same way,
# from 0 and 5: 20 and 12 with 2 players, 8 and 6 with 3, 10 and 6 with 4.
# At tables of 3 or more: no term for feeding the next player, a turn of distance 6.
_SEVERAL = Weights(feeds_next=0.0, feed_closer=0.0, feed_out=0.0, distance=6.0)
TABLE_WEIGHTS: dict[int, Weights] = {
    2: Weights(),
    3: dataclasses.replace(_SEVERAL, going_out=0.76, potential=0.1, acceptance=8.0),
    4: dataclasses.replace(_SEVERAL, going_out=0.35, potential=0.11, acceptance=10.0),
}


@dataclass(frozen=True, slots=True)
class _Draw:
    """What one stock draw is expected to save, in deadwood points."""

    total: float  # the expected fall in deadwood after the draw and a discard
    # The part of it from cards that join melds. Swapping a low card in for a high one
    # helps once; a meld made (or nearly made) keeps helping, and is what goes out.
    melds: float
    out: float  # the chance that the draw lets the hand go out


@dataclass(slots=True)
class _Context:
    """What one decision needs, computed once from the view."""

    view: PlayerView
    solver: HandSolver
    weights: Weights  # the table's (:meth:`HeuristicBot.weights_for`)
    unseen: list[tuple[Card, int]]  # distinct unseen cards and their copies
    unseen_total: int
    next_draw: float  # the chance-like weight of one more draw this round (0 to 1)
    draws_left: float  # the future draws credited (at most horizon_cap), times the match term
    lookahead: float  # the weight of the melds a draw makes: potential times draws_left
    out_value: float  # what going out is worth beyond our own deadwood: theirs
    next_read: SeatRead | None  # None when the next seat has no turn to use a discard
    # The learned feeding cost of each card of the hand (and a taken card), in points;
    # filled on first use when the weights ask for it.
    learned: dict[Card, float] = dataclasses.field(default_factory=dict)


class HeuristicBot:
    """Exact solver plus card counting; deterministic, a few milliseconds a decision.

    >>> from threethirteen.games.three_thirteen.rules import get_rules
    >>> from threethirteen.games.three_thirteen.state import MatchState
    >>> state = MatchState.new(get_rules("classic"), 2, seed=4)
    >>> state.stack(["KS QD 10H", "7H 8H KD"], up="9H")
    >>> HeuristicBot().choose(state.view(state.current))
    Draw(Source.DISCARD)
    """

    name = "heuristic"

    def __init__(
        self, seed: int | None = None, weights: Weights | None = None, **overrides: float
    ) -> None:
        """``overrides`` change single weights by name, as the lab writes them:
        ``make_bot("heuristic:risk=0")`` or ``--bots heuristic:risk=0+potential=0.5``.
        Raises :class:`ThreeThirteenError` quoting an unknown weight.
        """
        del seed  # deterministic
        unknown = sorted(set(overrides) - {f.name for f in dataclasses.fields(Weights)})
        if unknown:
            names = ", ".join(f.name for f in dataclasses.fields(Weights))
            raise ThreeThirteenError(f"heuristic has no weight {unknown[0]!r}; weights: {names}")
        changes: dict[str, Any] = dict(overrides)
        if "candidates" in changes:
            changes["candidates"] = int(changes["candidates"])
        tables = {2: weights} if weights is not None else dict(TABLE_WEIGHTS)
        self._tables = {n: dataclasses.replace(w, **changes) for n, w in sorted(tables.items())}
        self.weights = self._tables[min(self._tables)]  # a two-player table's

    def weights_for(self, players: int) -> Weights:
        """The weights this bot plays with at a table of ``players``.

        The entry of :data:`TABLE_WEIGHTS` for the largest table not above
        ``players`` (explicit ``weights`` serve every table), overrides applied.
        """
        return self._tables[max((n for n in self._tables if n <= players), default=2)]

    # -- the decision ------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        solver = HandSolver.for_round(view.rules, view.round_number)
        if view.out_seat is not None:
            return self._final_turn(view, solver)
        ctx = self._context(view, solver)
        if view.phase is Phase.DRAW:
            return self._draw(ctx)
        return self._discard(ctx)

    def _context(self, view: PlayerView, solver: HandSolver) -> _Context:
        w = self.weights_for(view.players)
        unseen = unseen_cards(view)
        my_turns = view.turn // view.players
        expected = (
            w.turns_base
            + w.turns_per_card * view.spec.hand_size
            - w.turns_per_player * (view.players - 2)
        )
        left = max(0.0, min(w.horizon_cap, expected - my_turns))
        nxt = (view.seat + 1) % view.players
        reads = read_log(view)
        lead = lead_in_spreads(view.scores.totals, view.seat, view.rules, view.round_number)
        gamble = min(w.risk_cap, max(1 / w.risk_cap, math.exp(-w.risk * lead)))
        return _Context(
            view=view,
            solver=solver,
            weights=w,
            unseen=sorted(unseen.items(), key=lambda item: item[0].sort_key()),
            unseen_total=sum(unseen.values()),
            next_draw=min(1.0, left) * gamble,
            draws_left=left * gamble,
            lookahead=w.potential * left * gamble,
            out_value=w.going_out * view.spec.hand_size * (view.players - 1),
            next_read=reads[nxt] if nxt != view.seat else None,
        )

    def _draw(self, ctx: _Context) -> Action:
        view, solver = ctx.view, ctx.solver
        stock, take = STOCK, TAKE
        top = view.top_discard
        forced = forced_draw(view)
        if forced is not None or top is None:
            return forced or stock
        if solver.is_wild(top):
            return take
        hand = view.hand
        now = solver.deadwood(hand)
        worst_now = _worst_unmelded(solver, hand)
        joined = solver.deadwood((*hand, top)) < now + solver.penalty(top)
        if not joined and solver.penalty(top) >= worst_now:
            return stock  # neither joins a meld nor replaces a worse card
        choices = _legal_choices(view, solver.discards((*hand, top)), top)
        if any(c.can_go_out for c in choices):
            return take
        # The stock: one expected draw now, then the same prospects again.
        draw_now = self._potential(ctx, hand, now)
        stock_value = now - (1 + ctx.next_draw) * (
            ctx.weights.draw_weight * draw_now.total + ctx.out_value * draw_now.out
        )
        stock_value -= ctx.lookahead * draw_now.melds
        turns = self._turns(ctx, hand)
        stock_value += ctx.weights.distance * self._distance(turns, draw_now)
        if ctx.weights.acceptance:
            stock_value -= ctx.weights.acceptance * self._acceptance(ctx, hand, turns)
        _, take_value = self._best(ctx, (*hand, top), self._shortlist(ctx, choices))
        return take if take_value + ctx.weights.take_cost < stock_value else stock

    def _discard(self, ctx: _Context) -> Action:
        view, solver = ctx.view, ctx.solver
        outs = [a for a in view.legal_actions if isinstance(a, GoOut)]
        if outs:
            # Going out ends the round at 0; the next player still gets one final turn,
            # so hand it the card it can use least.
            return min(
                outs, key=lambda a: (self._feed_cost(ctx, a.card), *_tie_break(solver, a.card))
            )
        legal, choices = _discards(view, solver)
        best, _ = self._best(ctx, view.hand, self._shortlist(ctx, choices))
        return legal[best.discard]

    def discard_scores(self, view: PlayerView) -> list[tuple[Discard, float]]:
        """The shortlisted discards of a discard decision and their full scores, best first.

        The scores :meth:`choose` weighs (in points, lower is better; ``-inf``
        for a card that goes out, which ``choose`` plays as a ``GoOut``), the
        acceptance term counted for every one, so the first is the discard
        ``choose`` plays. Empty outside a discard decision of a round still open
        to going out, where ``choose`` does not score discards this way.
        """
        if view.phase is not Phase.DISCARD or view.out_seat is not None:
            return []
        solver = HandSolver.for_round(view.rules, view.round_number)
        ctx = self._context(view, solver)
        legal, choices = _discards(view, solver)
        weight = ctx.weights.acceptance
        scored: list[tuple[float, int, Discard]] = []
        for index, choice in enumerate(self._shortlist(ctx, choices)):
            kept = list(view.hand)
            kept.remove(choice.discard)
            score, turns = self._score(ctx, kept, choice)
            if weight and score > float("-inf"):
                score -= weight * self._acceptance(ctx, kept, turns)
            scored.append((score, index, legal[choice.discard]))
        scored.sort(key=lambda item: item[:2])  # equal scores: the shortlist's order, as _best
        return [(action, score) for score, _, action in scored]

    def _final_turn(self, view: PlayerView, solver: HandSolver) -> Action:
        """One draw and one discard left, no going out: only the scored deadwood counts."""
        table = view.table if view.rules.lay_off else ()
        legal = view.legal_actions
        if view.phase is Phase.DISCARD:
            cards = {a.card: a for a in legal if isinstance(a, Discard)}
            after = [c for c in solver.discards(view.hand, table) if c.discard in cards]
            best = min(after, key=lambda c: (c.deadwood, *_tie_break(solver, c.discard)))
            return cards[best.discard]
        stock, take = STOCK, TAKE
        top = view.top_discard
        forced = forced_draw(view)
        if forced is not None or top is None:
            return forced or stock
        now = solver.deadwood(view.hand, table)
        choices = _legal_choices(view, solver.discards((*view.hand, top), table), top)
        take_value = min(c.deadwood for c in choices)
        # The stock's expected deadwood, by the same one-draw estimate (without the table).
        ctx = self._context(view, solver)
        gain = self._potential(ctx, view.hand, solver.deadwood(view.hand)).total
        return take if take_value < now - gain else stock

    # -- the evaluation ----------------------------------------------------------------

    def _shortlist(self, ctx: _Context, choices: Sequence[DiscardChoice]) -> list[DiscardChoice]:
        """The candidates worth a full score: the lowest deadwoods, and any that go out."""
        ranked = sorted(choices, key=lambda c: (c.deadwood, c.discard.sort_key()))
        count = ctx.weights.candidates
        return ranked[:count] + [c for c in ranked[count:] if c.can_go_out]

    def _best(
        self, ctx: _Context, cards: Sequence[Card], shortlist: Sequence[DiscardChoice]
    ) -> tuple[DiscardChoice, float]:
        """The shortlisted discard from ``cards`` with the lowest score, and its score.

        The acceptance term is the costly one (a search over the ways the hand kept can
        be completed) and lowers a score by at most its weight, so it is counted only for
        candidates that could still win with it: the same choice as counting it for all.
        """
        kept_hands = []
        for choice in shortlist:
            kept = list(cards)
            kept.remove(choice.discard)
            kept_hands.append(kept)
        scored = sorted(
            (self._score(ctx, kept, c), i)
            for i, (kept, c) in enumerate(zip(kept_hands, shortlist, strict=True))
        )
        weight = ctx.weights.acceptance
        best_score, best = float("inf"), 0
        for (score, turns), i in scored:
            if weight and score - weight > best_score:
                break  # sorted: no later candidate can win either
            if weight and score > float("-inf"):
                score -= weight * self._acceptance(ctx, kept_hands[i], turns)
            if score < best_score or (score == best_score and i < best):
                best_score, best = score, i
        return shortlist[best], best_score

    def _score(
        self, ctx: _Context, kept: Sequence[Card], choice: DiscardChoice
    ) -> tuple[float, int]:
        """The score of discarding ``choice.discard`` and keeping ``kept`` (lower is
        better) without the acceptance term, and the turns ``kept`` is from going out."""
        if choice.can_go_out:
            return float("-inf"), 0
        w = ctx.weights
        draw = self._potential(ctx, kept, choice.deadwood)
        expected = w.draw_weight * draw.total + ctx.out_value * draw.out
        score = choice.deadwood - ctx.next_draw * expected
        score -= ctx.lookahead * draw.melds
        score += self._feed_cost(ctx, choice.discard)
        if ctx.solver.is_wild(choice.discard):
            score += w.keep_wild
        turns = self._turns(ctx, kept)
        return score + w.distance * self._distance(turns, draw), turns

    def _turns(self, ctx: _Context, kept: Sequence[Card]) -> int:
        """How many turns ``kept`` is from going out (0 when neither the distance nor
        the acceptance is weighed: not computed)."""
        if not (ctx.weights.distance or ctx.weights.acceptance):
            return 0
        return draws_to_go_out(kept, ctx.view.rules, ctx.solver.wild_rank)

    @staticmethod
    def _distance(turns: int, draw: _Draw) -> int:
        """The distance term's turns: one turn away with no live card that goes out
        (``draw.out`` is 0) counts two, for the distance supposes every card can still
        be drawn and the count knows better."""
        return 2 if turns == 1 and draw.out == 0 else turns

    def _acceptance(self, ctx: _Context, kept: Sequence[Card], turns: int) -> float:
        """The share of the unseen cards (by live copies) whose draw brings ``kept``,
        ``turns`` from going out, a turn closer."""
        if turns == 0 or ctx.unseen_total == 0:
            return 0.0
        helps = closer_draws(kept, turns, ctx.view.rules, ctx.solver.wild_rank)
        return sum(copies for card, copies in ctx.unseen if helps(card)) / ctx.unseen_total

    def _potential(self, ctx: _Context, kept: Sequence[Card], deadwood: int) -> _Draw:
        """Expected fall in deadwood from one stock draw into ``kept`` (and a discard).

        A drawn card that extends one of the best arrangement's melds is melded at no
        cost and lets the worst unmelded card go. One that could make a meld with the
        unmelded cards (a set needs two more of its rank, a run two more of its suit
        within two ranks, free wilds counting for either) is weighed exactly with the
        solver; so are wilds. Any other card helps only if it is lower than the worst
        unmelded card, which it then replaces.
        """
        if ctx.unseen_total == 0 or deadwood == 0:
            return _Draw(0.0, 0.0, 0.0)
        solver = ctx.solver
        arrangement = solver.solve(kept)
        worst = max((solver.penalty(c) for c in arrangement.unmelded), default=0)
        extends = _extensions(ctx, arrangement.melds)
        free_wilds = 0
        loose_rank: Counter[int] = Counter()
        loose_suit: dict[object, set[int]] = {}
        for card in arrangement.unmelded:
            if card.rank is None or solver.is_wild(card):
                free_wilds += 1
                continue
            loose_rank[card.rank] += 1
            loose_suit.setdefault(card.suit, set()).update(_run_positions(ctx, card.rank))
        total = melds = out = 0.0
        for card, copies in ctx.unseen:
            penalty = solver.penalty(card)
            swap = min(deadwood, max(0, worst - penalty))  # it replaces the worst card
            gain = swap
            if card.rank is None or solver.is_wild(card):
                gain = deadwood - solver.deadwood((*kept, card)) + worst
            elif card in extends:
                gain = worst
            elif _could_join(ctx, card, loose_rank, loose_suit, free_wilds):
                after = solver.deadwood((*kept, card))
                if after < deadwood + penalty:  # it made a meld
                    gain = deadwood - after + worst
            gain = min(max(gain, swap), deadwood)
            total += copies * gain
            melds += copies * (gain - swap)
            out += copies * (gain >= deadwood)  # the worst card goes and nothing is left
        n = ctx.unseen_total
        return _Draw(total / n, melds / n, out / n)

    def _feed_cost(self, ctx: _Context, card: Card) -> float:
        """What throwing ``card`` costs in points for what it gives the next player.

        The log rule (:meth:`_feeds`) times ``feeds_next``; with ``feed_closer`` or
        ``feed_out`` set, a natural card is priced by the learned model instead
        (:mod:`threethirteen.games.three_thirteen.bots.feeding`), a wild still by the rule.
        """
        w = ctx.weights
        if not (w.feed_closer or w.feed_out) or ctx.next_read is None:
            return w.feeds_next * self._feeds(ctx, card)
        if card.rank is None or ctx.solver.is_wild(card):
            return w.feeds_next * w.wild_danger
        cost = ctx.learned.get(card)
        if cost is None:
            view = ctx.view
            # The hand, the card asked about and the card on the pile (a draw weighs
            # the hands after taking it): one pass over the log for them all.
            pile = () if view.top_discard is None else (view.top_discard,)
            cards = sorted({*view.hand, *pile, card}, key=Card.sort_key)
            rows = feeding_features(view, (view.seat + 1) % view.players, cards)
            for each, row in zip(cards, rows, strict=True):
                closer, out = FEEDING_MODEL.chances(row)
                ctx.learned[each] = w.feed_closer * closer + w.feed_out * out
            cost = ctx.learned[card]
        return cost

    def _feeds(self, ctx: _Context, card: Card) -> float:
        """How much discarding ``card`` helps the next player, from what it took and left."""
        read = ctx.next_read
        if read is None:
            return 0.0
        if card.rank is None or ctx.solver.is_wild(card):
            # Every player takes a wild (or joker) off the pile, and it melds with
            # anything: the surest feed there is. Scored below it, a wild thrown back and
            # forth by two players who both play for deadwood would loop a round.
            return ctx.weights.wild_danger
        danger = 0.0
        for taken, copies in read.taken.items():
            if taken.rank is None or ctx.solver.is_wild(taken):
                continue
            if taken.rank == card.rank:
                danger += copies
            elif taken.suit == card.suit and abs(taken.rank - card.rank) <= 2:
                danger += copies * (0.7 if abs(taken.rank - card.rank) == 1 else 0.4)
        for passed in (read.refused, read.discarded):
            for other, copies in passed.items():
                if other.rank == card.rank:
                    danger -= 0.3 * copies
        return max(0.0, danger)


# -- helpers ---------------------------------------------------------------------------


def _discards(
    view: PlayerView, solver: HandSolver
) -> tuple[dict[Card, Discard], list[DiscardChoice]]:
    """The legal discards by card, and the solver's choices among them."""
    legal = {a.card: a for a in view.legal_actions if isinstance(a, Discard)}
    return legal, [c for c in solver.discards(view.hand) if c.discard in legal]


def _tie_break(solver: HandSolver, card: Card) -> tuple[int, tuple[int, int]]:
    return (-solver.penalty(card), card.sort_key())


def _legal_choices(
    view: PlayerView, choices: Sequence[DiscardChoice], taken: Card
) -> list[DiscardChoice]:
    """The discards legal after taking ``taken`` (no-discard-taken forbids it going back)."""
    if view.rules.discard_taken_card or taken in view.hand:
        return list(choices)
    return [c for c in choices if c.discard != taken]


def _worst_unmelded(solver: HandSolver, cards: Sequence[Card]) -> int:
    """The highest penalty among the cards the best arrangement leaves unmelded."""
    return max((solver.penalty(c) for c in solver.solve(cards).unmelded), default=0)


def _run_positions(ctx: _Context, rank: Rank) -> tuple[int, ...]:
    """The run positions a rank may stand at: 1..13, and 14 for an ace that can be high."""
    if rank is Rank.ACE and ctx.view.rules.aces is not AceMode.LOW:
        return (1, 14)
    return (int(rank),)


# The run positions (ace low = 1, ace high = 14) a card may take under each ace mode.
_RUN_SPAN = {
    AceMode.LOW: (1, 13),
    AceMode.HIGH: (2, 14),
    AceMode.EITHER: (1, 14),
    AceMode.WRAP: (-99, 99),
}


def _extensions(ctx: _Context, melds: Sequence[Meld]) -> frozenset[Card]:
    """The natural cards that would extend one of ``melds``: a set's rank, a run's ends."""
    wild = ctx.solver.is_wild
    out: set[Card] = set()
    for meld in melds:
        naturals = [(i, c) for i, c in enumerate(meld.cards) if not wild(c) and c.rank]
        if not naturals:
            continue
        index, first = naturals[0]
        assert first.rank is not None and first.suit is not None
        if meld.kind is MeldKind.SET:
            out.update(Card(first.rank, suit) for suit in Suit)
            continue
        low = _run_positions(ctx, first.rank)[-1 if index and first.rank is Rank.ACE else 0]
        low -= index
        for position in (low - 1, low + len(meld.cards)):
            rank = (position - 1) % 13 + 1
            if _RUN_SPAN[ctx.view.rules.aces][0] <= position <= _RUN_SPAN[ctx.view.rules.aces][1]:
                out.add(Card(Rank(rank), first.suit))
    return frozenset(out)


def _could_join(
    ctx: _Context,
    card: Card,
    by_rank: Counter[int],
    by_suit: dict[object, set[int]],
    wilds: int,
) -> bool:
    """A cheap filter: could ``card`` complete a meld with the kept cards?"""
    assert card.rank is not None
    if by_rank[card.rank] + wilds >= 2:
        return True
    held = by_suit.get(card.suit)
    if not held:
        return False
    wrap = ctx.view.rules.aces is AceMode.WRAP
    for pos in _run_positions(ctx, card.rank):
        near = 0
        for d in (-2, -1, 1, 2):
            other = pos + d
            if wrap:
                other = (other - 1) % 13 + 1
            near += other in held or (wrap and other == 1 and 14 in held)
        if near + wilds >= 2:
            return True
    return False
