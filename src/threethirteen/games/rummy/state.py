"""A Rummy match as an explicit phase state machine: deal, draw, meld, discard, score.

A :class:`RummyState` is the omniscient position of a whole match: every hand,
the melds on the table, the discard pile, the stock, the totals, and the log of
every hand. Players get a :class:`~threethirteen.games.rummy.views.RummyView`
from :meth:`RummyState.view`.

Chance comes only from the match seed: hand ``r`` is shuffled by
:func:`round_generator` ``(seed, r)`` alone, and the ``k``-th shuffled rebuild of
its stock by ``random.Random(f"rummy:{seed}:{r}:stock:{k}")``, so the seed and
the actions reproduce a match exactly.

Phases (:class:`~threethirteen.games.rummy.views.Phase`) and what is legal, in
this order:

``DRAW``
    ``draw`` (when the stock has cards), ``take`` (when the pile has cards).
``MELD``
    every ``meld`` of the hand's cards (:func:`~.moves.hand_melds`), every
    ``layoff`` of a card onto a table meld it fits, then every ``discard`` (not
    the card taken from the pile this turn, unless ``discard_taken_card``). A meld
    or lay-off that would leave the turn no way to end is not legal: one that
    empties the hand under ``must_discard``, or leaves only the card taken from
    the pile (when that card may not be discarded) and that card fits no table
    meld afterwards or ``must_discard`` is on.
``ROUND_OVER``
    No action; :meth:`RummyState.next_round` deals the next hand, or ends the
    match when the hand just scored decided it.
``MATCH_OVER``
    No action; :meth:`RummyState.winners` names the winners.

How play moves on, decided here (docs/rummy.md):

* Seats ``0 .. n-1`` are in playing order. In hand ``r`` the dealer is seat
  ``(r - 2) % n`` and the seat after it, ``(r - 1) % n``, plays first.
* The hand ends when a seat's hand empties (by a meld, a lay-off or the discard;
  under ``must_discard`` only by the discard): each other seat adds the points
  of its cards, doubled under ``rummy_doubles`` when the seat going out went
  rummy (laid nothing before this turn in the hand).
* When a seat is to draw and the stock is empty, the pile less its top card is
  turned over as the new stock (shuffled under ``shuffle_stock``), at most
  ``stock_turns`` times a hand and only when the pile holds two cards or more;
  otherwise the hand ends void (nobody scores). So does a hand that reaches
  ``turn_limit`` discards.
* After a scored hand, when some total reaches the target, the match is decided:
  the lowest total wins, ties sharing.

>>> from threethirteen.games.rummy.actions import parse_action
>>> state = RummyState.stack(None, ["4H 5H 6H 9S", "2C 3D 8C 9C"], pile="7H", stock="KD QD")
>>> state.phase, state.current, [str(a) for a in state.legal_actions()]
(Phase.DRAW, 0, ['draw', 'take'])
>>> str(state.apply(parse_action("take")))
'seat 0: take 7H'
>>> [str(a) for a in state.legal_actions()]
['meld 4H 5H 6H', 'meld 4H 5H 6H 7H', 'meld 5H 6H 7H', 'discard 4H', 'discard 5H', \
'discard 6H', 'discard 9S']
>>> state.apply(parse_action("discard 7H"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.errors.IllegalActionError: illegal action 'discard 7H' by seat 0 in phase meld: ...
"""

from __future__ import annotations

import secrets
from bisect import insort
from collections.abc import Iterable, Sequence

from threethirteen.cards import Card, format_cards, standard_deck
from threethirteen.errors import IllegalActionError, ThreeThirteenError
from threethirteen.game import CheckedApply, Stage
from threethirteen.games.rummy.actions import (
    Action,
    Discard,
    Draw,
    LayOff,
    NewMeld,
    Take,
    rank_key,
)
from threethirteen.games.rummy.deal import (
    RoundLog,
    deal,
    round_generator,
    stacked_position,
    stock_generator,
)
from threethirteen.games.rummy.melds import Meld, fits, meld_kind
from threethirteen.games.rummy.moves import hand_layoffs, hand_melds
from threethirteen.games.rummy.rules import Rules, get_rules
from threethirteen.games.rummy.scoring import RoundResult, match_winners
from threethirteen.games.rummy.views import Event, Phase, RummyView

__all__ = ["RoundLog", "RummyState", "deal", "round_generator", "stock_generator"]

_ACTION_TYPES = (Draw, Take, NewMeld, LayOff, Discard)
# Actions are immutable values: the move generator hands out shared ones.
_DRAW, _TAKE = Draw(), Take()
_DISCARDS = {card: Discard(card) for card in standard_deck()}
_LAYOFFS: dict[tuple[Card, int], LayOff] = {}


def _layoff(card: Card, number: int) -> LayOff:
    action = _LAYOFFS.get((card, number))
    if action is None:
        action = _LAYOFFS[card, number] = LayOff(card, number)
    return action


class RummyState(CheckedApply[Action, Event]):
    """The whole position of a Rummy match, with a checked ``apply`` and a ``copy``.

    Build one with :meth:`new` (or :meth:`stack` for a chosen position).
    """

    rules: Rules
    players: int
    seed: int

    def __init__(self, rules: Rules | str | None, players: int, seed: int | None = None) -> None:
        self._setup(rules, players, seed, (0,) * players if _is_int(players) else ())
        hands, up, stock = deal(self.seed, 1, players, self.rules.cards_each(players))
        self._start_round(hands, [up], stock, (), (), set(), first=0)

    def _setup(
        self,
        rules: Rules | str | None,
        players: int,
        seed: int | None,
        totals: Sequence[int],
        round_number: int = 1,
    ) -> None:
        if rules is None:
            rules = Rules()
        elif isinstance(rules, str):
            rules = get_rules(rules)
        elif not isinstance(rules, Rules):
            raise ThreeThirteenError(f"Rummy needs Rummy rules, got {rules!r}"[:120])
        rules.check_players(players)
        if seed is None:
            seed = secrets.randbits(63)
        if not _is_int(seed):
            raise ThreeThirteenError(f"a match seed must be an integer, got {seed!r}"[:80])
        if len(totals) != players or not all(_is_int(t) and t >= 0 for t in totals):
            raise ThreeThirteenError(
                f"totals must be {players} whole numbers >= 0, got {list(totals)!r}"[:120]
            )
        if not _is_int(round_number) or round_number < 1:
            raise ThreeThirteenError(f"a hand number is 1 or more, got {round_number!r}"[:80])
        self.rules = rules
        self.players = players
        self.seed = seed
        self._round_number = round_number
        self._totals = list(totals)
        self._results: list[RoundResult] = []
        self._history: list[RoundLog] = []  # hands whose log is closed
        self._winners: tuple[int, ...] = ()
        self._version = 0
        self._phase = Phase.DRAW

    @classmethod
    def new(cls, rules: Rules | str | None, players: int, seed: int | None = None) -> RummyState:
        """A new match, hand 1 dealt, the seat after the dealer to draw.

        ``rules`` is a :class:`~.rules.Rules`, a preset name, or None for the
        default; ``seed`` drives every shuffle (None: a fresh random seed, kept in
        :attr:`seed`). Raises :class:`~threethirteen.errors.RulesError` for a
        player count outside 2 to 6 or an unknown preset.

        >>> state = RummyState.new(None, 3, seed=1)
        >>> state.dealer, state.current, [len(h) for h in state.hands], len(state.stock)
        (2, 0, [7, 7, 7], 30)
        >>> RummyState.new("cardgames", 7)
        Traceback (most recent call last):
        ...
        threethirteen.errors.RulesError: Rummy is played by 2 to 6 players, got 7
        """
        return cls(rules, players, seed)

    @classmethod
    def stack(
        cls,
        rules: Rules | str | None,
        hands: Sequence[str | Sequence[Card]],
        *,
        pile: str | Sequence[Card] = (),
        stock: str | Sequence[Card] | None = None,
        table: Sequence[str | Meld] = (),
        table_owners: Sequence[int] | None = None,
        first: int = 0,
        rebuilds: int = 0,
        seed: int = 0,
        round_number: int = 1,
        totals: Sequence[int] | None = None,
    ) -> RummyState:
        """A chosen position, seat ``first`` to draw: for tests, puzzles and tutorials.

        ``hands`` gives every seat's cards (notation or cards, at least one each);
        ``pile`` the discard pile, bottom first and top last; ``stock`` the stock,
        its top last (default: every card not placed elsewhere, in deck order, so
        ``KC`` is drawn first when free); ``table`` the melds already laid down this
        hand and ``table_owners`` who laid each (default seat ``first``; those seats
        count as having laid). ``rebuilds`` counts the stock's rebuilds already made,
        ``totals`` the points before this hand, ``round_number`` its number (later
        hands are dealt from ``seed``). The dealer is the seat before ``first``. A
        stacked hand's record does not replay (the seed did not deal it). Raises
        :class:`~threethirteen.errors.NotationError` for bad cards and
        :class:`~threethirteen.errors.ThreeThirteenError` for a position that
        cannot be.

        >>> state = RummyState.stack(None, ["AS 2S", "3C 4D"], table=["9H 10H JH"], first=1)
        >>> state.dealer, state.table, state.table_owners, state.stock[-1]
        (0, (Meld.parse('9H 10H JH'),), (1,), Card.parse('KC'))
        """
        players = len(hands)
        self = cls.__new__(cls)
        self._setup(
            rules, players, seed, (0,) * players if totals is None else tuple(totals), round_number
        )
        position = stacked_position(
            self.rules, hands, pile, stock, table, table_owners, first, rebuilds
        )
        self._start_round(
            position.hands,
            list(position.pile),
            list(position.stock),
            position.table,
            position.owners,
            set(position.owners),
            first=first,
            rebuilds=rebuilds,
        )
        return self

    def _start_round(
        self,
        hands: tuple[tuple[Card, ...], ...],
        pile: list[Card],
        stock: list[Card],
        table: Iterable[Meld],
        owners: Iterable[int],
        laid: set[int],
        first: int,
        rebuilds: int = 0,
    ) -> None:
        """Start hand :attr:`round_number` with ``hands`` dealt, seat ``first`` to draw."""
        self._dealt = hands
        self._upcard = pile[-1] if pile else None
        self._hands = [list(hand) for hand in hands]
        self._pile = pile
        self._stock = stock
        self._table = list(table)
        self._owners = list(owners)
        self._laid = laid
        self._laid_before = False  # whether the seat to act had laid before this turn
        self._taken: Card | None = None
        self._rebuilds = rebuilds
        self._turns = 0  # discards made this hand
        self._actions: list[tuple[int, Action]] = []
        self._events: list[Event] = []
        self._dealer = (first - 1) % self.players
        self._current = first
        self._phase = Phase.DRAW
        self._version += 1
        self._legal: tuple[int, tuple[Action, ...]] | None = None
        if self._refill_stock() is None:  # no stock at the deal: nothing to draw
            self._finish_round(RoundResult.voided(self._round_number, self.players))

    def copy(self) -> RummyState:
        """An independent copy, cheap enough for search."""
        new = RummyState.__new__(RummyState)
        new.__dict__.update(self.__dict__)
        new._totals = list(self._totals)
        new._results = list(self._results)
        new._history = list(self._history)
        new._hands = [list(hand) for hand in self._hands]
        new._pile = list(self._pile)
        new._stock = list(self._stock)
        new._table = list(self._table)
        new._owners = list(self._owners)
        new._laid = set(self._laid)
        new._actions = list(self._actions)
        new._events = list(self._events)
        return new

    # -- reading the position -----------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def stage(self) -> Stage:
        """The shared stage: ``PLAY`` in ``DRAW`` and ``MELD``."""
        return self._phase.stage

    @property
    def current(self) -> int:
        """The seat to act (once a hand is over: the seat that acted last)."""
        return self._current

    @property
    def round_number(self) -> int:
        return self._round_number

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def totals(self) -> tuple[int, ...]:
        """Every seat's points so far, this hand's included once it is scored."""
        return tuple(self._totals)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards now, each by rank then suit."""
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s cards by rank then suit; raises ThreeThirteenError for a bad seat."""
        return tuple(self._hands[self._check_seat(seat)])

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """This hand's hands as dealt."""
        return self._dealt

    @property
    def upcard(self) -> Card | None:
        """The card turned up to start this hand's pile."""
        return self._upcard

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds on the table, in the order laid down (number ``i + 1`` is ``table[i]``)."""
        return tuple(self._table)

    @property
    def table_owners(self) -> tuple[int, ...]:
        """The seat that laid down each table meld."""
        return tuple(self._owners)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first, top last."""
        return tuple(self._pile)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its top (the next card drawn) last."""
        return tuple(self._stock)

    @property
    def taken(self) -> Card | None:
        """The card the seat to act took from the pile this turn (None otherwise)."""
        return self._taken

    @property
    def laid(self) -> frozenset[int]:
        """The seats that have melded or laid off this hand."""
        return frozenset(self._laid)

    @property
    def rebuilds(self) -> int:
        """How many times this hand's stock was rebuilt from the pile."""
        return self._rebuilds

    @property
    def turns(self) -> int:
        """How many turns (discards) this hand has had."""
        return self._turns

    @property
    def log(self) -> tuple[Event, ...]:
        """This hand's events, in order."""
        return tuple(self._events)

    @property
    def history(self) -> tuple[RoundLog, ...]:
        """Every hand so far, the one being played included: deal, dealer, actions."""
        logs = list(self._history)
        if self._phase is not Phase.MATCH_OVER:
            logs.append(self._round_log())
        return tuple(logs)

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The results of the hands finished so far (of this match object)."""
        return tuple(self._results)

    def winners(self) -> tuple[int, ...]:
        """The match's winners once a hand's score has decided it; empty before."""
        return self._winners

    def _round_log(self) -> RoundLog:
        return RoundLog(
            self._round_number, self._dealer, self._dealt, self._upcard, tuple(self._actions)
        )

    def _check_seat(self, seat: int) -> int:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise ThreeThirteenError(
                f"no seat {seat!r} at a table of {self.players} (seats 0 to {self.players - 1})"
            )
        return seat

    # -- legality -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions now, in a fixed order (empty once the hand is over).

        ``DRAW``: ``draw``, ``take``. ``MELD``: the melds (:func:`~.moves.hand_melds`'s
        order), the lay-offs (by card, then meld number), the discards (by card).

        Laying AS off below would leave only 9D, just taken and fitting nowhere:

        >>> state = RummyState.stack(None, ["AS", "2C"], table=["2S 3S 4S"], pile="9D")
        >>> _ = state.apply(Take())
        >>> [str(a) for a in state.legal_actions()]
        ['discard AS']
        >>> state = RummyState.stack(None, ["AS", "2C"], table=["2S 3S 4S"], pile="5S")
        >>> _ = state.apply(Take())
        >>> [str(a) for a in state.legal_actions()]
        ['layoff AS on 1', 'layoff 5S on 1', 'discard AS']
        """
        legal = self._legal
        if legal is not None and legal[0] == self._version:
            return legal[1]
        actions: list[Action] = []
        if self._phase is Phase.DRAW:
            if self._stock:
                actions.append(_DRAW)
            if self._pile:
                actions.append(_TAKE)
        elif self._phase is Phase.MELD:
            hand = self._hands[self._current]
            for cards in hand_melds(hand, ace_high=self.rules.ace_high):
                if self._dead_end(hand, cards, None) is None:
                    actions.append(NewMeld._ordered(cards))
            for card, number in hand_layoffs(hand, self._table):
                if self._dead_end(hand, (card,), number) is None:
                    actions.append(_layoff(card, number))
            blocked = self._blocked_discard()
            actions.extend(_DISCARDS[card] for card in hand if card != blocked)
        result = tuple(actions)
        self._legal = (self._version, result)
        return result

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now."""
        return self._illegal_reason(action) is None

    def _blocked_discard(self) -> Card | None:
        """The card that may not be discarded now: the one taken from the pile this turn."""
        return None if self.rules.discard_taken_card else self._taken

    def _dead_end(self, hand: list[Card], cards: Sequence[Card], number: int | None) -> str | None:
        """Why laying ``cards`` down (as a new meld, or onto meld ``number``) would leave
        the turn no way to end; None when it would not."""
        left = len(hand) - len(cards)
        if left > 1:
            return None
        if left == 0:
            if self.rules.must_discard:
                return "it would empty the hand, and the rules let a hand go out only by a discard"
            return None
        blocked = self._blocked_discard()
        rest = [card for card in hand if card not in cards]
        if blocked is None or rest[0] != blocked:
            return None
        why = (
            f"it would leave only {blocked}, taken from the pile this turn: it may not be discarded"
        )
        if self.rules.must_discard:
            return why
        table = list(self._table)
        if number is None:
            table.append(Meld.of(cards, ace_high=self.rules.ace_high))
        else:
            table[number - 1] = table[number - 1].extended(cards[0])
        if any(fits(meld, blocked) for meld in table):
            return None
        return why + " nor laid off"

    def _illegal_reason(self, action: object) -> str | None:
        if not isinstance(action, _ACTION_TYPES):
            return f"{action!r} is not an action (read text with parse_action)"[:120]
        if self._phase is Phase.ROUND_OVER:
            return "the hand is over; next_round() deals the next one"
        if self._phase is Phase.MATCH_OVER:
            return "the match is over"
        seat = self._current
        if self._phase is Phase.DRAW:
            if isinstance(action, Draw):
                return None if self._stock else "the stock is empty"
            if isinstance(action, Take):
                return None if self._pile else "the discard pile is empty"
            return f"seat {seat} must first draw from the stock or take the pile's top"
        if isinstance(action, Draw | Take):
            return f"seat {seat} has drawn this turn; now meld, lay off or discard"
        hand = self._hands[seat]
        cards = action.cards if isinstance(action, NewMeld) else (action.card,)
        missing = [card for card in cards if card not in hand]
        if missing:
            shown = format_cards(hand)[:60] or "empty"
            return f"seat {seat} holds no {format_cards(missing)[:40]} (hand: {shown})"
        if isinstance(action, Discard):
            if action.card == self._blocked_discard():
                return (
                    f"{action.card} was taken from the pile this turn and may not be "
                    f"discarded until a later turn"
                )
            return None
        if isinstance(action, NewMeld):
            if meld_kind(cards, ace_high=self.rules.ace_high) is None:
                try:
                    Meld.of(cards, ace_high=self.rules.ace_high)
                except ThreeThirteenError as exc:
                    return str(exc)
                return f"{format_cards(cards)[:60]!r} is not a meld"
            return self._dead_end(hand, cards, None)
        count = len(self._table)
        if action.target > count:
            return f"there is no table meld {action.target} (the table holds {count})"
        meld = self._table[action.target - 1]
        if not fits(meld, action.card):
            return f"{action.card} does not fit on table meld {action.target}, {str(meld)[:40]}"
        return self._dead_end(hand, cards, action.target)

    # -- moves -----------------------------------------------------------------------------

    def _turn_words(self) -> str:
        return f"seat {self._current} in phase {self._phase}"

    def _play(self, action: Action) -> Event:
        seat = self._current
        self._version += 1
        self._actions.append((seat, action))
        hand = self._hands[seat]
        if isinstance(action, Draw):
            insort(hand, self._stock.pop(), key=rank_key)
            return self._begin_melding(Event(seat, action))
        if isinstance(action, Take):
            card = self._pile.pop()
            insort(hand, card, key=rank_key)
            self._taken = card
            return self._begin_melding(Event(seat, action, taken=card))
        if isinstance(action, Discard):
            hand.remove(action.card)
            self._pile.append(action.card)
            self._turns += 1
            if not hand:
                return self._went_out(Event(seat, action, went_out=True))
            self._current = (seat + 1) % self.players
            self._phase = Phase.DRAW
            self._taken = None
            limit = self.rules.turn_limit
            if limit and self._turns >= limit:
                event = Event(seat, action)
                self._events.append(event)
                self._finish_round(RoundResult.voided(self._round_number, self.players))
                return event
            rebuilt = self._refill_stock()
            event = Event(seat, action, rebuilt=bool(rebuilt))
            self._events.append(event)
            if rebuilt is None:  # the stock ran out once too often
                self._finish_round(RoundResult.voided(self._round_number, self.players))
            return event
        if isinstance(action, NewMeld):
            for card in action.cards:
                hand.remove(card)
            self._table.append(Meld.of(action.cards, ace_high=self.rules.ace_high))
            self._owners.append(seat)
        else:
            hand.remove(action.card)
            index = action.target - 1
            self._table[index] = self._table[index].extended(action.card)
        self._laid.add(seat)
        if not hand:
            return self._went_out(Event(seat, action, went_out=True))
        event = Event(seat, action)
        self._events.append(event)
        return event

    def _begin_melding(self, event: Event) -> Event:
        self._phase = Phase.MELD
        self._laid_before = event.seat in self._laid
        self._events.append(event)
        return event

    def _refill_stock(self) -> bool | None:
        """A seat is to draw: turn the pile (less its top) over as the stock when the stock
        is empty and the rules allow; True when rebuilt, False when the stock had cards,
        None when the stock is empty for good (the hand is void)."""
        if self._stock:
            return False
        if self._rebuilds >= self.rules.stock_turns or len(self._pile) < 2:
            return None
        self._rebuilds += 1
        self._stock = self._pile[-2::-1]  # the pile's bottom card becomes the stock's top
        self._pile = self._pile[-1:]
        if self.rules.shuffle_stock:
            stock_generator(self.seed, self._round_number, self._rebuilds).shuffle(self._stock)
        return True

    def _went_out(self, event: Event) -> Event:
        seat = event.seat
        self._events.append(event)
        rummy = not self._laid_before
        result = RoundResult.scored(
            self._round_number,
            seat,
            self._hands,
            rummy=rummy,
            doubled=rummy and self.rules.rummy_doubles,
        )
        self._finish_round(result)
        return event

    def _finish_round(self, result: RoundResult) -> None:
        self._results.append(result)
        self._totals = [t + p for t, p in zip(self._totals, result.points, strict=True)]
        self._winners = match_winners(self.rules, self._totals)
        self._phase = Phase.ROUND_OVER
        self._taken = None
        self._version += 1

    def next_round(self) -> None:
        """From ``ROUND_OVER``: deal the next hand, or end the match if it is decided.

        Raises :class:`~threethirteen.errors.IllegalActionError` in any other phase.
        """
        if self._phase is not Phase.ROUND_OVER:
            raise IllegalActionError(
                f"next_round() needs phase {Phase.ROUND_OVER}, but hand "
                f"{self._round_number} is in phase {self._phase}"
            )
        self._history.append(self._round_log())
        if self._winners:
            self._phase = Phase.MATCH_OVER
            self._version += 1
            return
        self._round_number += 1
        number, players = self._round_number, self.players
        hands, up, stock = deal(self.seed, number, players, self.rules.cards_each(players))
        self._start_round(hands, [up], stock, (), (), set(), first=(number - 1) % players)

    # -- what players see ------------------------------------------------------------------

    def view(self, seat: int) -> RummyView:
        """What seat ``seat`` may see now; raises ThreeThirteenError for a bad seat."""
        self._check_seat(seat)
        own_turn = seat == self._current and self._phase in (Phase.DRAW, Phase.MELD)
        return RummyView(
            rules=self.rules,
            players=self.players,
            seat=seat,
            phase=self._phase,
            current=self._current,
            round_number=self._round_number,
            dealer=self._dealer,
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            table=tuple(self._table),
            table_owners=tuple(self._owners),
            pile=tuple(self._pile),
            stock_size=len(self._stock),
            rebuilds=self._rebuilds,
            taken=self._taken if own_turn else None,
            laid=frozenset(self._laid),
            totals=tuple(self._totals),
            results=tuple(self._results),
            log=tuple(self._events),
            legal_actions=self.legal_actions() if own_turn else (),
            winners=self._winners,
        )

    def __repr__(self) -> str:
        return (
            f"<RummyState {self.rules.name} players={self.players} seed={self.seed} "
            f"hand={self._round_number} phase={self._phase} current={self._current}>"
        )

    def __str__(self) -> str:
        lines = [
            f"hand {self._round_number}, dealer {self._dealer}, phase {self._phase}, "
            f"seat {self._current} to act; totals {' '.join(map(str, self._totals))}",
        ]
        for number, (meld, owner) in enumerate(zip(self._table, self._owners, strict=True), 1):
            lines.append(f"  meld {number}: {meld} (seat {owner})")
        taken = f"; taken {self._taken}" if self._taken is not None else ""
        lines.append(f"pile: {format_cards(self._pile) or '-'} (top last){taken}")
        lines.append(
            f"stock ({len(self._stock)}, top last, {self._rebuilds} rebuilt, "
            f"{self._turns} turns): {format_cards(self._stock) or '-'}"
        )
        for seat in range(self.players):
            mark = "*" if seat == self._current else " "
            notes = " (laid)" if seat in self._laid else ""
            lines.append(f"{mark} seat {seat}: {format_cards(self._hands[seat]) or '-'}{notes}")
        return "\n".join(lines)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
