"""The match as an explicit phase state machine: deal, draw, discard, go out, score.

A :class:`MatchState` is the omniscient position of a whole match: every hand,
the stock in order, the discard pile, the table, the score sheet, and the
seeded generator of the round being played. Players get a
:class:`~threethirteen.games.three_thirteen.views.PlayerView` from :meth:`MatchState.view`.

Chance comes only from the match seed, through generators derived from it (see
:func:`round_generator`): one for the first dealer, and one per round for that
round's shuffle and every reshuffle of its discard pile. So every round's deal
depends on the seed alone, never on how earlier rounds were played: the same
seed deals the same cards whoever sits at the table (duplicate deals), and the
seed and the actions reproduce a match exactly.

Phases (:class:`Phase`) and what is legal in each:

``DRAW``
    ``draw stock`` (while the stock, or a reshuffle of the pile, has a card) and
    ``draw discard`` (the discard pile always has a card at the start of a turn).
``DISCARD``
    ``discard C`` for each distinct card ``C`` in hand, and ``out C`` when the
    hand left after discarding ``C`` melds completely (satisfying the round's
    contract, if any) and nobody has gone out yet. Under ``discard_taken_card``
    off, the card just taken from the pile may not be discarded (unless the hand
    holds another equal card). Under ``auto_go_out`` (the app) a discard that
    leaves a fully melded hand is offered only as ``out C``: going out is
    automatic, so ``discard C`` is illegal then.
``ROUND_OVER``
    No action; :meth:`MatchState.next_round` deals the next round.
``MATCH_OVER``
    No action; :meth:`MatchState.winners` names the winners.

The rules of play, where the sources are silent or differ, decided here:

* The first dealer comes from ``rules.first_dealer``: ``CUT`` (each seat cuts a
  card from a freshly shuffled shoe, highest wins, aces high for the cut, a
  joker is cut again, seats tied for the highest cut again), ``RANDOM`` or
  ``FIRST_SEAT`` (seat 0). The deal passes to the next seat every round, and
  the seat after the dealer starts. Seats are numbered 0 .. n-1 clockwise
  (to the left).
* Each round shuffles a full shoe with the round's generator, deals the hands
  one card at a time from the seat after the dealer, turns one card up to start
  the discard pile, and leaves the rest as the stock.
* Going out: the going-out discard is made, the player's melds go on the table
  (its hand is then empty), and every other seat takes exactly one final turn
  in order. In a final turn nobody may go out, but a hand that is fully melded
  then scores 0. With ``lay_off`` on, final hands are scored as if their cards
  were laid off onto the table's melds (the cards stay in hand; the scoring
  arrangement shows them).
* Scoring: each seat's penalty is the solver's lowest deadwood of its final
  hand (onto the table's melds with ``lay_off``) times the round's multiplier;
  the seat that went out scores 0.
* Empty stock, ``RESHUFFLE``: when a seat draws from an empty stock, the
  discard pile but its top card is shuffled (with the round's generator) into a
  new stock; if the pile holds only its top card, ``draw stock`` is not legal
  and the seat takes the discard. ``END_ROUND``: when a turn ends with the stock
  empty the round is scored as it stands (remaining final turns are not played).
* Stall rule: when ``rules.turn_limit`` turns have been completed in a round and
  nobody has gone out, the round is scored as it stands: every seat's deadwood,
  nobody out. (Final turns are never cut short by it.)

>>> from threethirteen.games.three_thirteen.actions import parse_action
>>> from threethirteen.games.three_thirteen.rules import get_rules
>>> state = MatchState.new(get_rules("classic"), 4, seed=1)
>>> state.phase, state.round_number, state.spec.hand_size
(Phase.DRAW, 1, 3)
>>> state.current == (state.dealer + 1) % 4
True
>>> state.apply(parse_action("draw stock")).kind
EventKind.DRAW_STOCK
>>> state.phase
Phase.DISCARD
>>> state.apply(parse_action("draw stock"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.errors.IllegalActionError: illegal action 'draw stock' by seat 1 in phase discard: ...
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, Rank, format_cards, make_shoe, parse_cards
from threethirteen.errors import IllegalActionError, RecordError, ThreeThirteenError
from threethirteen.game import CheckedApply, Stage
from threethirteen.games.three_thirteen.actions import Action, Discard, Draw, GoOut, Source
from threethirteen.games.three_thirteen.records import GameRecord, RoundRecord
from threethirteen.games.three_thirteen.rules import (
    DealerChoice,
    EmptyStock,
    RoundSpec,
    Rules,
    get_rules,
)
from threethirteen.games.three_thirteen.scoring import RoundEnd, RoundResult, ScoreSheet, winners
from threethirteen.games.three_thirteen.solver import Arrangement, HandSolver, Meld
from threethirteen.games.three_thirteen.views import Event, EventKind, EventLog, Phase, PlayerView

__all__ = ["Deal", "MatchState", "Phase", "dealer_generator", "round_generator", "solver_for"]


_STAGES = {
    Phase.DRAW: Stage.PLAY,
    Phase.DISCARD: Stage.PLAY,
    Phase.ROUND_OVER: Stage.ROUND_OVER,
    Phase.MATCH_OVER: Stage.MATCH_OVER,
}


def solver_for(rules: Rules, number: int) -> HandSolver:
    """The (cached) solver of round ``number`` under ``rules``."""
    return HandSolver.for_round(rules, number)


def round_generator(seed: int, number: int) -> random.Random:
    """The generator of round ``number``: its shuffle and its reshuffles of the pile.

    ``random.Random(f"{seed}:{number}")``: Python seeds a text with its UTF-8
    bytes followed by their SHA-512 digest, which is stable across versions, and
    neighbouring seeds or rounds give unrelated generators. The generator depends
    on the match seed and the round number only, so a round deals the same cards
    however the rounds before it were played.

    >>> round_generator(7, 2).random() == random.Random("7:2").random()
    True
    """
    return random.Random(f"{seed}:{number}")


def dealer_generator(seed: int) -> random.Random:
    """The generator of the first dealer (the cut, or the random choice).

    ``random.Random(f"{seed}:first-dealer")``, apart from every round's generator.
    """
    return random.Random(f"{seed}:first-dealer")


def _sort_key(card: Card) -> tuple[int, int]:
    return card.sort_key()


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_sort_key))


@dataclass(frozen=True, slots=True)
class Deal:
    """How one round was dealt: its dealer, every hand (sorted) and the up card."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    up: Card


class MatchState(CheckedApply[Action, Event]):
    """The whole position of a match, with a checked ``apply`` and a fast ``copy``.

    Build one with :meth:`new`. Raises :class:`~threethirteen.errors.RulesError`
    when the rules cannot seat ``players``.
    """

    rules: Rules
    players: int
    seed: int

    # -- building -----------------------------------------------------------------

    def __init__(self, rules: Rules | str, players: int, seed: int | None = None) -> None:
        if isinstance(rules, str):
            rules = get_rules(rules)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ThreeThirteenError(f"players must be a whole number, got {players!r}")
        rules.check_players(players)
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ThreeThirteenError(f"a match seed must be an integer, got {seed!r}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self._cuts: tuple[tuple[int, Card], ...] = ()
        self._first_dealer = self._choose_first_dealer()
        self._results: list[RoundResult] = []
        self._scores = ScoreSheet.empty(players)
        self._history: list[tuple[Deal, tuple[Event, ...]]] = []  # finished rounds
        self._round_number = 1
        self._deal_round()

    @classmethod
    def new(cls, rules: Rules | str, players: int, seed: int | None = None) -> MatchState:
        """A new match, dealt and ready for the first draw.

        ``rules`` is a :class:`Rules` or a preset name. ``seed`` drives every
        shuffle, through a generator per round derived from it (see
        :func:`round_generator`; None: a fresh random seed, kept in :attr:`seed`). Raises
        :class:`~threethirteen.errors.RulesError` when ``players`` cannot play
        under ``rules`` (or for an unknown preset).

        >>> MatchState.new("app", 4, seed=3).phase
        Phase.DRAW
        >>> MatchState.new("app", 3)
        Traceback (most recent call last):
        ...
        threethirteen.errors.RulesError: 3 players cannot play 'app': it takes exactly 4 players
        """
        return cls(rules, players, seed)

    def _choose_first_dealer(self) -> int:
        choice = self.rules.first_dealer
        if choice is DealerChoice.FIRST_SEAT:
            return 0
        rng = dealer_generator(self.seed)
        if choice is DealerChoice.RANDOM:
            return rng.randrange(self.players)
        return self._cut(rng)

    def _new_shoe(self, rng: random.Random) -> list[Card]:
        shoe = make_shoe(self.rules.decks_for(self.players), self.rules.jokers)
        rng.shuffle(shoe)
        return shoe

    def _cut(self, rng: random.Random) -> int:
        """High-card cut: aces high, jokers cut again, seats tied for the highest cut again."""
        shoe = self._new_shoe(rng)
        cuts: list[tuple[int, Card]] = []
        contenders = list(range(self.players))
        while True:
            best = 0
            leaders: list[int] = []
            for seat in contenders:
                while True:
                    if not shoe:  # only after very many ties; shuffle a fresh shoe
                        shoe = self._new_shoe(rng)
                    card = shoe.pop()
                    cuts.append((seat, card))
                    if card.rank is not None:
                        break
                value = 14 if card.rank is Rank.ACE else int(card.rank)
                if value > best:
                    best, leaders = value, [seat]
                elif value == best:
                    leaders.append(seat)
            if len(leaders) == 1:
                self._cuts = tuple(cuts)
                return leaders[0]
            contenders = leaders

    def _deal_round(self) -> None:
        """The chance step: shuffle a full shoe, deal, turn up a card, leave the stock."""
        n = self.players
        self._spec: RoundSpec = self.rules.round_spec(self._round_number)
        self._solver = solver_for(self.rules, self._round_number)
        self._dealer = (self._first_dealer + self._round_number - 1) % n
        self._rng = round_generator(self.seed, self._round_number)
        shoe = self._new_shoe(self._rng)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for _ in range(self._spec.hand_size):
            for offset in range(1, n + 1):
                hands[(self._dealer + offset) % n].append(shoe.pop())
        up = shoe.pop()
        self._hands = hands
        self._pile: list[Card] = [up]
        self._stock: list[Card] = shoe  # the top of the stock is the end of the list
        self._table: tuple[Meld, ...] = ()
        self._out_seat: int | None = None
        self._out_arrangement: Arrangement | None = None
        self._turns = 0
        self._drawn: Card | None = None
        self._drawn_from: Source | None = None
        self._events: list[Event] = []
        # The public form of each event, appended as it happens. Views hold a prefix
        # of this list (an EventLog), so it is never changed in place: a new round
        # gets a new list, and a state that shares it with a copy forks it (_log).
        self._public: list[Event] = []
        self._sorted_hands: dict[int, tuple[list[Card], tuple[Card, ...]]] = {}
        self._deal = Deal(self._round_number, self._dealer, tuple(_sorted(h) for h in hands), up)
        self._current = (self._dealer + 1) % n
        self._phase = Phase.DRAW
        self._version = 0
        self._legal: tuple[int, tuple[Action, ...]] | None = None
        self._reset_out_cache()

    def stack(
        self,
        hands: Sequence[Sequence[Card] | str],
        up: Card | str,
        stock_top: Sequence[Card] | str = (),
    ) -> None:
        """Replace the fresh deal by chosen cards: for tests, puzzles and tutorials.

        Allowed only before the round's first action. ``hands`` gives every
        seat's hand (cards or notation), ``up`` the discard pile's card and
        ``stock_top`` the next cards of the stock, first drawn first; the rest of
        the shoe is shuffled under them. A stacked round's record does not replay
        (the seed does not deal it). Raises :class:`ThreeThirteenError` when the
        cards are not in the shoe, a hand has the wrong size, or the round has
        begun; :class:`~threethirteen.errors.NotationError` for bad notation.

        >>> from threethirteen.games.three_thirteen.rules import get_rules
        >>> state = MatchState.new(get_rules("classic"), 2, seed=1)
        >>> state.stack(["3H 4H 9C", "KS KD 2C"], up="QH", stock_top="5H")
        >>> state.hand(1), state.top_discard
        ((Card.parse('KS'), Card.parse('KD'), Card.parse('2C')), Card.parse('QH'))
        """
        if self._phase is not Phase.DRAW or self._events:
            raise ThreeThirteenError(
                f"stack() needs a fresh round, but round {self._round_number} has begun"
            )
        new_hands = [list(parse_cards(h) if isinstance(h, str) else h) for h in hands]
        up_card = Card.parse(up) if isinstance(up, str) else up
        top = list(parse_cards(stock_top) if isinstance(stock_top, str) else stock_top)
        if len(new_hands) != self.players:
            raise ThreeThirteenError(f"{len(new_hands)} hands given for {self.players} seats")
        for seat, hand in enumerate(new_hands):
            if len(hand) != self._spec.hand_size:
                raise ThreeThirteenError(
                    f"seat {seat}'s hand {format_cards(hand)!r} has {len(hand)} cards; "
                    f"round {self._round_number} deals {self._spec.hand_size}"
                )
        rest = Counter(make_shoe(self.rules.decks_for(self.players), self.rules.jokers))
        wanted = Counter(c for hand in new_hands for c in hand) + Counter([up_card, *top])
        missing = wanted - rest
        if missing:
            raise ThreeThirteenError(
                f"the shoe has too few of {format_cards(_sorted(list(missing.elements())))} "
                f"for the stacked deal"
            )
        under = list((rest - wanted).elements())
        self._rng.shuffle(under)
        self._hands = new_hands
        self._pile = [up_card]
        self._stock = under + top[::-1]
        self._deal = Deal(
            self._round_number, self._dealer, tuple(_sorted(h) for h in new_hands), up_card
        )
        self._version += 1
        self._reset_out_cache()

    def _reset_out_cache(self) -> None:
        # Per discard phase: can the hand go out at all, and with which discard.
        self._can_out: bool | None = None
        self._outs: dict[Card, Arrangement | None] = {}

    @classmethod
    def _from_world(
        cls,
        view: PlayerView,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        drawn: Card | None,
        seed: int,
    ) -> MatchState:
        """A state matching ``view`` in everything public, with the given hidden cards.

        For :func:`threethirteen.games.three_thirteen.worlds.sample_world`, which checks the cards:
        ``hands`` per seat (the viewer's as in the view), ``stock`` bottom first,
        ``drawn`` the current seat's drawn card in ``DISCARD``. The round's log is
        the public one and earlier rounds' deals are unknown, so a world's
        :meth:`record` does not replay; its :attr:`deal` lists the sampled hands.
        """
        new = cls.__new__(cls)
        new.rules, new.players, new.seed = view.rules, view.players, seed
        new._rng = random.Random(seed)
        new._cuts = ()
        new._round_number = view.round_number
        new._first_dealer = (view.dealer - view.round_number + 1) % view.players
        new._results = list(view.results)
        new._scores = view.scores
        new._history = []
        new._spec = view.spec
        new._solver = solver_for(view.rules, view.round_number)
        new._dealer = view.dealer
        new._hands = [list(hand) for hand in hands]
        new._pile = list(view.discard_pile)
        new._stock = list(stock)
        new._table = view.table
        new._out_seat = view.out_seat
        new._out_arrangement = Arrangement(view.table, (), 0) if view.out_seat is not None else None
        new._turns = view.turn
        new._drawn = drawn
        new._drawn_from = None
        if view.phase is Phase.DISCARD and view.log:
            last = view.log[-1]
            new._drawn_from = Source.STOCK if last.kind is EventKind.DRAW_STOCK else Source.DISCARD
        new._events = list(view.log)
        new._public = list(view.log)
        new._sorted_hands = {}
        up = view.discard_pile[0] if view.discard_pile else drawn
        assert up is not None
        new._deal = Deal(view.round_number, view.dealer, tuple(_sorted(h) for h in hands), up)
        new._current = view.current
        new._phase = view.phase
        new._version = 0
        new._legal = None
        new._reset_out_cache()
        return new

    def copy(self) -> MatchState:
        """An independent copy (the generator's state included), cheap enough for search."""
        new = MatchState.__new__(MatchState)
        new.__dict__.update(self.__dict__)
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        new._rng = rng
        new._results = list(self._results)
        new._history = list(self._history)
        new._hands = [list(h) for h in self._hands]
        new._pile = list(self._pile)
        new._stock = list(self._stock)
        new._events = list(self._events)
        # new._public is shared: whichever of the two logs an event first forks it (_log)
        new._sorted_hands = {}  # keyed by the hand lists, which are new
        new._outs = dict(self._outs)
        return new

    def with_shuffled_stock(self, seed: int) -> MatchState:
        """A copy whose stock is in a new order and whose generator is seeded anew.

        The same position with another future: for analysis that values moves
        from a real position (the hands as they are) over many possible draws. The
        copy's record does not replay (its stock was not dealt by its seed).
        """
        new = self.copy()
        new._rng = random.Random(seed)
        new._rng.shuffle(new._stock)
        return new

    # -- reading the position -------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def stage(self) -> Stage:
        """The phase in the terms every game shares (:class:`threethirteen.game.Stage`):
        ``PLAY`` while a seat draws or discards."""
        return _STAGES[self._phase]

    @property
    def current(self) -> int:
        """The seat to act (after a round ends: the seat that acted last)."""
        return self._current

    @property
    def round_number(self) -> int:
        return self._round_number

    @property
    def spec(self) -> RoundSpec:
        return self._spec

    @property
    def wild_rank(self) -> Rank:
        return self._spec.wild_rank

    @property
    def solver(self) -> HandSolver:
        """The hand solver of the current round (for hints and analysis)."""
        return self._solver

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @property
    def cuts(self) -> tuple[tuple[int, Card], ...]:
        """The cut for the first dealer, ``(seat, card)`` in order (empty unless ``CUT``)."""
        return self._cuts

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s hand, sorted (omniscient: a player sees only its own)."""
        return self._sorted_hand(self._check_seat(seat))

    def _sorted_hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s hand sorted, cached until the hand changes.

        A hand changes in place only in :meth:`_play`, which drops its entry; any
        other change replaces the list, which the identity check notices.
        """
        hand = self._hands[seat]
        cached = self._sorted_hands.get(seat)
        if cached is not None and cached[0] is hand:
            return cached[1]
        result = _sorted(hand)
        self._sorted_hands[seat] = (hand, result)
        return result

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(self._sorted_hand(seat) for seat in range(self.players))

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first; the last card is the top."""
        return tuple(self._pile)

    @property
    def top_discard(self) -> Card | None:
        return self._pile[-1] if self._pile else None

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds laid down by the seat that went out (empty until somebody does)."""
        return self._table

    @property
    def out_seat(self) -> int | None:
        return self._out_seat

    @property
    def is_final_turn(self) -> bool:
        """True while somebody has gone out and :attr:`current` plays its last turn."""
        return self._out_seat is not None and self._phase in (Phase.DRAW, Phase.DISCARD)

    @property
    def turn(self) -> int:
        """Turns completed in this round."""
        return self._turns

    @property
    def drawn(self) -> Card | None:
        """The card the current seat drew this turn, while it is to discard."""
        return self._drawn

    @property
    def drawn_from(self) -> Source | None:
        return self._drawn_from

    @property
    def log(self) -> tuple[Event, ...]:
        """This round's events, omniscient (stock draws show their card)."""
        return tuple(self._events)

    @property
    def deal(self) -> Deal:
        """How the current round was dealt."""
        return self._deal

    @property
    def history(self) -> tuple[tuple[Deal, tuple[Event, ...]], ...]:
        """Every round so far, the current one last: its deal and its events."""
        return (*self._history, (self._deal, tuple(self._events)))

    @property
    def results(self) -> tuple[RoundResult, ...]:
        return tuple(self._results)

    @property
    def scores(self) -> ScoreSheet:
        return self._scores

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total penalty so far (``scores.totals``): the lowest wins."""
        return self._scores.totals

    def winners(self) -> tuple[int, ...]:
        """The winning seats by the score sheet so far (final once the match is over)."""
        return winners(self.rules, self._scores)

    def _check_seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ThreeThirteenError(
                f"no seat {seat!r} at a table of {self.players} (seats 0 to {self.players - 1})"
            )
        return seat

    # -- legality ------------------------------------------------------------------------

    def _stock_drawable(self) -> bool:
        return bool(self._stock) or (
            self.rules.empty_stock is EmptyStock.RESHUFFLE and len(self._pile) >= 2
        )

    def _going_out(self, card: Card) -> Arrangement | None:
        """The going-out arrangement of the current hand without ``card``, or None."""
        if self._can_out is None:
            self._can_out = self._solver.can_go_out(self._hands[self._current])
        if not self._can_out:
            return None
        if card not in self._outs:
            rest = list(self._hands[self._current])
            rest.remove(card)
            self._outs[card] = self._solver.going_out(rest)
        return self._outs[card]

    def _taken_card_locked(self, card: Card) -> bool:
        return (
            not self.rules.discard_taken_card
            and self._drawn_from is Source.DISCARD
            and card == self._drawn
            and self._hands[self._current].count(card) == 1
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions now, in a fixed order (empty when the round or match is over).

        ``DRAW``: ``draw stock`` then ``draw discard``; ``DISCARD``: per distinct
        card in hand, sorted by suit then rank, ``discard C`` then ``out C``.

        >>> state = MatchState.new("classic", 2, seed=1)
        >>> state.current
        1
        >>> state.stack(["3H 4H 9C", "7H 8H KD"], up="9H")
        >>> [str(a) for a in state.legal_actions()]
        ['draw stock', 'draw discard']
        >>> _ = state.apply(Draw(Source.DISCARD))
        >>> [str(a) for a in state.legal_actions()]
        ['discard 7H', 'discard 8H', 'discard 9H', 'discard KD', 'out KD']
        """
        if self._legal is not None and self._legal[0] == self._version:
            return self._legal[1]
        actions: list[Action] = []
        if self._phase is Phase.DRAW:
            if self._stock_drawable():
                actions.append(Draw(Source.STOCK))
            if self._pile:
                actions.append(Draw(Source.DISCARD))
        elif self._phase is Phase.DISCARD:
            for card in _sorted(list(set(self._hands[self._current]))):
                if self._taken_card_locked(card):
                    continue
                goes_out = self._out_seat is None and self._going_out(card) is not None
                if not (goes_out and self.rules.auto_go_out):
                    actions.append(Discard(card))
                if goes_out:
                    actions.append(GoOut(card))
        result = tuple(actions)
        self._legal = (self._version, result)
        return result

    def is_legal(self, action: Action) -> bool:
        return self._illegal_reason(action) is None

    def _illegal_reason(self, action: object) -> str | None:
        if not isinstance(action, Draw | Discard | GoOut):
            return f"{action!r} is not an action (parse text with parse_action)"
        phase = self._phase
        if phase is Phase.ROUND_OVER:
            return "the round is over; next_round() deals the next one"
        if phase is Phase.MATCH_OVER:
            return "the match is over"
        seat = self._current
        if phase is Phase.DRAW:
            if not isinstance(action, Draw):
                return "a turn starts with a draw: 'draw stock' or 'draw discard'"
            if action.source is Source.STOCK and not self._stock_drawable():
                return "the stock is empty and no pile is left to reshuffle; take the discard"
            if action.source is Source.DISCARD and not self._pile:
                return "the discard pile is empty"
            return None
        if isinstance(action, Draw):
            return f"seat {seat} already drew {self._drawn}; discard a card (or go out) next"
        card = action.card
        hand = self._hands[seat]
        if card not in hand:
            return f"seat {seat} holds no {card} (hand: {format_cards(_sorted(hand))})"
        if self._taken_card_locked(card):
            return f"{card} was just taken from the discard pile and may not be discarded"
        if isinstance(action, GoOut):
            if self._out_seat is not None:
                return f"seat {self._out_seat} has gone out; nobody may go out in a final turn"
            if self._going_out(card) is None:
                rest = list(hand)
                rest.remove(card)
                contract = self._spec.contract
                with_contract = f" satisfying the contract {contract}" if contract else ""
                return (
                    f"the hand left after discarding {card} ({format_cards(_sorted(rest))}) "
                    f"does not meld completely{with_contract}"
                )
            return None
        if self.rules.auto_go_out and self._out_seat is None and self._going_out(card) is not None:
            return (
                f"discarding {card} leaves a fully melded hand, and under these rules that "
                f"goes out: play 'out {card}'"
            )
        return None

    # -- moves ---------------------------------------------------------------------------

    def _turn_words(self) -> str:
        return f"seat {self._current} in phase {self._phase}"

    def _play(self, action: Action) -> Event:
        seat = self._current
        hand = self._hands[seat]
        self._version += 1
        self._sorted_hands.pop(seat, None)  # the hand changes in place below
        if isinstance(action, Draw):
            if action.source is Source.STOCK:
                if not self._stock:
                    self._reshuffle(seat)
                card = self._stock.pop()
                event = Event(EventKind.DRAW_STOCK, seat, card)
            else:
                card = self._pile.pop()
                event = Event(EventKind.DRAW_DISCARD, seat, card)
            hand.append(card)
            self._drawn, self._drawn_from = card, action.source
            self._phase = Phase.DISCARD
            self._reset_out_cache()
            self._log(event)
            return event
        card = action.card
        if isinstance(action, GoOut):
            arrangement = self._going_out(card)
            if arrangement is None:
                raise IllegalActionError(
                    f"illegal action {str(action)!r}: the hand does not go out"
                )
            hand.remove(card)
            self._pile.append(card)
            self._out_seat = seat
            self._out_arrangement = arrangement
            self._table = arrangement.melds
            hand.clear()  # its cards are on the table now
            event = Event(EventKind.GO_OUT, seat, card)
        else:
            hand.remove(card)
            self._pile.append(card)
            event = Event(EventKind.DISCARD, seat, card)
        self._log(event)
        self._turns += 1
        self._drawn = self._drawn_from = None
        self._reset_out_cache()
        self._end_turn(seat)
        return event

    def _reshuffle(self, seat: int) -> None:
        cards = self._pile[:-1]
        self._pile = self._pile[-1:]
        self._rng.shuffle(cards)
        self._stock = cards
        self._log(Event(EventKind.RESHUFFLE, seat, None, len(cards)))

    def _log(self, event: Event) -> None:
        """Append ``event`` to the round's log, and its public form to the public log."""
        logged = len(self._events)
        self._events.append(event)
        public = self._public
        if len(public) != logged:
            # A copy shares this list and has logged past our end: fork our prefix.
            # (Never change logged entries in place: views hold prefixes of the list.)
            public = self._public = public[:logged]
        public.append(event.public())

    def _end_turn(self, seat: int) -> None:
        following = (seat + 1) % self.players
        if self._out_seat is not None and following == self._out_seat:
            self._finish_round(RoundEnd.OUT)
        elif self.rules.empty_stock is EmptyStock.END_ROUND and not self._stock:
            self._finish_round(RoundEnd.STOCK_EMPTY)
        elif (
            self._out_seat is None
            and self.rules.turn_limit is not None
            and self._turns >= self.rules.turn_limit
        ):
            self._finish_round(RoundEnd.TURN_LIMIT)
        else:
            self._current = following
            self._phase = Phase.DRAW

    def _finish_round(self, ending: RoundEnd) -> None:
        table = self._table if self.rules.lay_off else ()
        hands: list[tuple[Card, ...]] = []
        arrangements: list[Arrangement] = []
        penalties: list[int] = []
        for seat in range(self.players):
            if seat == self._out_seat and self._out_arrangement is not None:
                arrangement = self._out_arrangement
                hands.append(_sorted([c for meld in arrangement.melds for c in meld.cards]))
                penalties.append(0)
            else:
                hand = _sorted(self._hands[seat])
                arrangement = self._solver.solve(hand, table)
                hands.append(hand)
                penalties.append(arrangement.deadwood * self._spec.multiplier)
            arrangements.append(arrangement)
        result = RoundResult(
            number=self._round_number,
            wild_rank=self._spec.wild_rank,
            multiplier=self._spec.multiplier,
            dealer=self._dealer,
            penalties=tuple(penalties),
            hands=tuple(hands),
            arrangements=tuple(arrangements),
            out_seat=self._out_seat,
            ending=ending,
        )
        self._results.append(result)
        self._scores = self._scores.add(result.penalties)
        self._phase = Phase.ROUND_OVER

    def next_round(self) -> None:
        """From ``ROUND_OVER``: deal the next round, or end the match after the last.

        Raises :class:`~threethirteen.errors.IllegalActionError` in any other phase.
        """
        if self._phase is not Phase.ROUND_OVER:
            raise IllegalActionError(
                f"next_round() needs phase {Phase.ROUND_OVER}, but round "
                f"{self._round_number} is in phase {self._phase}"
            )
        if self._round_number >= self.rules.rounds:
            self._phase = Phase.MATCH_OVER
            self._version += 1
            return
        self._history.append((self._deal, tuple(self._events)))
        self._round_number += 1
        self._deal_round()

    # -- what players see ----------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What seat ``seat`` may see now; raises :class:`ThreeThirteenError` for a bad seat."""
        self._check_seat(seat)
        own_turn = seat == self._current and self._phase in (Phase.DRAW, Phase.DISCARD)
        return PlayerView(
            rules=self.rules,
            spec=self._spec,
            seat=seat,
            players=self.players,
            phase=self._phase,
            current=self._current,
            dealer=self._dealer,
            hand=self._sorted_hand(seat),
            drawn=self._drawn if own_turn else None,
            drawn_from=self._drawn_from if own_turn else None,
            hand_sizes=tuple(map(len, self._hands)),
            discard_pile=tuple(self._pile),
            stock_size=len(self._stock),
            table=self._table,
            out_seat=self._out_seat,
            turn=self._turns,
            scores=self._scores,
            results=tuple(self._results),
            log=EventLog._prefix(self._public, len(self._events)),
            legal_actions=self.legal_actions() if own_turn else (),
        )

    def record(self, names: Sequence[str] | None = None) -> GameRecord:
        """The match so far as a :class:`~threethirteen.games.three_thirteen.records.GameRecord`.

        ``names`` labels the seats (default ``seat 0`` ...); raises
        :class:`~threethirteen.errors.RecordError` for names that are not one text a seat.
        """
        if names is None:
            names = [f"seat {seat}" for seat in range(self.players)]
        names = tuple(names)
        if len(names) != self.players or not all(isinstance(n, str) for n in names):
            raise RecordError(f"a record needs {self.players} seat names (text), got {names!r}")
        rounds = []
        for index, (deal, events) in enumerate(self.history):
            scores = self._results[index].penalties if index < len(self._results) else None
            actions = tuple((e.seat, e.action) for e in events if e.action is not None)
            rounds.append(
                RoundRecord(deal.number, deal.dealer, deal.hands, deal.up, actions, scores)
            )
        return GameRecord(
            rules=self.rules,
            seed=self.seed,
            players=self.players,
            names=names,
            rounds=tuple(rounds),
            totals=self._scores.totals,
            winners=self.winners() if self._phase is Phase.MATCH_OVER else None,
        )

    def __repr__(self) -> str:
        return (
            f"<MatchState {self.rules.name} players={self.players} seed={self.seed} "
            f"round={self._round_number} phase={self._phase} current={self._current}>"
        )

    def __str__(self) -> str:
        lines = [
            f"round {self._round_number}/{self.rules.rounds}: {self._spec.hand_size} cards, "
            f"{self._spec.wild_rank.plural} wild; dealer seat {self._dealer}; "
            f"phase {self._phase}, seat {self._current} to act",
            f"stock {len(self._stock)}, discard pile top {self.top_discard or '-'}",
        ]
        for seat in range(self.players):
            mark = "*" if seat == self._current else " "
            lines.append(f"{mark} seat {seat}: {format_cards(self.hand(seat))}")
        if self._table:
            lines.append("table: " + " | ".join(str(m) for m in self._table))
        return "\n".join(lines)
