"""A Thirteen match as an explicit phase state machine: deal, lead, follow, score.

A :class:`ThirteenState` is the omniscient position of a whole match: every
hand, the table, who passed, the finishing order, the totals, and the log of
every round. Players get a :class:`~threethirteen.games.thirteen.views.ThirteenView`
from :meth:`ThirteenState.view`.

Chance comes only from the match seed: round ``n`` is shuffled by
:func:`round_generator` ``(seed, n)`` alone, so a round's cards depend on the
seed and the round number only (duplicate deals), and the seed and the actions
reproduce a match exactly.

Phases (:class:`~threethirteen.games.thirteen.views.Phase`) and what is legal:

``LEAD``
    The table is empty: the seat to act plays any combination from its hand
    (the round's first play must hold :attr:`ThirteenState.first_lead_card`
    when there is one). Passing is not allowed.
``FOLLOW``
    ``pass``, or a play that beats the table
    (:func:`~threethirteen.games.thirteen.combos.beats`).
``ROUND_OVER``
    No action; :meth:`ThirteenState.next_round` deals the next round, or ends the
    match when the round just scored decided it.
``MATCH_OVER``
    No action; :meth:`ThirteenState.winners` names the winners.

How play moves on, where the sources leave it open, decided here:

* Seats are numbered 0 .. n-1 in playing order: after seat ``s`` comes ``s+1``
  (mod n). The turn passes to the next seat that still holds cards and has not
  passed in this trick.
* A seat that passes is out of the trick until the table clears, even if it
  holds a bomb. With ``bomb_after_pass``, while the table holds 2s (a single,
  pair or triple of 2s) the seats that passed get their turn again and may play
  a bomb that beats the 2s (which brings them back into the trick), or pass.
* The table clears when every other seat still holding cards has passed on it;
  the seat that played it leads, or, when that play was its last card, the next
  seat after it (in seat order) still holding cards.
* The round ends when one seat still holds cards: it takes the last place.
  Each seat scores its place's points (:func:`~.scoring.place_points`).
* The first round is led by the holder of 3♠, whose play must hold it; with two
  or three players, when 3♠ was not dealt, by the holder of the lowest card
  dealt, with that card. Later rounds are led by the previous round's winner
  with any play, or, under ``round_leader=three-of-spades``, as the first.
* With ``instant_wins``, a hand dealt four 2s or the twelve ranks 3 to Ace wins
  the round at the deal: that seat takes first place's points and every other
  seat 0. When several hands qualify, the one holding 3♠ wins, else the lowest
  seat.
* When a round ends, the match is decided if someone has at least the target
  and is alone at the top (or under ``tie_at_top=share``, whoever is at the top
  then); :meth:`~ThirteenState.next_round` then ends the match instead of
  dealing.

>>> from threethirteen.games.thirteen.actions import parse_action
>>> state = ThirteenState.stack(None, ["3S 4S 5D 9C", "6H 7H 8H 2S", "10C JC QD KS"])
>>> state.phase, state.current, state.first_lead_card
(Phase.LEAD, 0, Card.parse('3S'))
>>> state.apply(parse_action("4S 5D 3S")).combo
Combo.parse('3S 4S 5D')
>>> state.phase, state.current
(Phase.FOLLOW, 1)
>>> state.apply(parse_action("play 2S"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.errors.IllegalActionError: illegal action 'play 2S' by seat 1 in phase follow: ...
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card, Rank, format_cards
from threethirteen.errors import IllegalActionError, ThreeThirteenError
from threethirteen.game import CheckedApply, Stage
from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.cards import (
    THREE_OF_SPADES,
    deck,
    parse_hand,
    sort_cards,
    strength,
)
from threethirteen.games.thirteen.combos import Combo, Kind, beats, classify
from threethirteen.games.thirteen.moves import legal_plays
from threethirteen.games.thirteen.rules import RoundLeader, Rules, get_rules
from threethirteen.games.thirteen.scoring import RoundResult, match_winners
from threethirteen.games.thirteen.views import Event, Phase, ThirteenView

__all__ = [
    "HAND_SIZE",
    "RoundLog",
    "ThirteenState",
    "deal_hands",
    "instant_win_hand",
    "lowest_card",
    "round_generator",
]

HAND_SIZE = 13

_INSTANT_RUN = frozenset(rank for rank in Rank if rank is not Rank.TWO)  # 3 to Ace


def round_generator(seed: int, number: int) -> random.Random:
    """The generator that shuffles round ``number`` of the match seeded ``seed``.

    ``random.Random(f"thirteen:{seed}:{number}")``: a text seed is hashed with
    SHA-512, stable across Python versions, and depends on the seed and the round
    number only.

    >>> round_generator(7, 2).random() == random.Random("thirteen:7:2").random()
    True
    """
    return random.Random(f"thirteen:{seed}:{number}")


def deal_hands(seed: int, number: int, players: int) -> tuple[tuple[Card, ...], ...]:
    """The hands of round ``number``: 13 cards a seat, each hand in ascending strength.

    The deck is shuffled by :func:`round_generator` and dealt one card at a time,
    seat 0 first; with two or three players the cards left over stay out.

    >>> hands = deal_hands(1, 1, 3)
    >>> [len(h) for h in hands], len(set().union(*hands))
    ([13, 13, 13], 39)
    """
    cards = list(deck())
    round_generator(seed, number).shuffle(cards)
    dealt = cards[: HAND_SIZE * players]
    return tuple(sort_cards(dealt[seat::players]) for seat in range(players))


def lowest_card(hands: Sequence[Sequence[Card]]) -> tuple[int, Card]:
    """The seat holding the lowest card dealt, and that card (3♠ when it was dealt).

    >>> lowest_card([parse_hand("5S 9H"), parse_hand("4H KD")])
    (1, Card.parse('4H'))
    """
    dealt = [(strength(card), seat, card) for seat, hand in enumerate(hands) for card in hand]
    if not dealt:
        raise ThreeThirteenError("no card was dealt")
    _, seat, card = min(dealt)
    return seat, card


def instant_win_hand(hand: Sequence[Card]) -> bool:
    """Whether ``hand`` wins at the deal under ``instant_wins``: four 2s, or 3 to Ace.

    >>> instant_win_hand(parse_hand("2S 2C 2D 2H 5S"))
    True
    >>> instant_win_hand(parse_hand("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H"))
    True
    >>> instant_win_hand(parse_hand("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2H"))
    False
    """
    ranks = [card.rank for card in hand]
    return ranks.count(Rank.TWO) == 4 or set(ranks) >= _INSTANT_RUN


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round as it was played: the deal, its leader, and every action in order.

    ``hands`` are as dealt (ascending); ``first_lead_card`` is the card the first
    play had to hold (None when the leader was free); ``actions`` pairs each action
    with its seat.
    """

    number: int
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    first_lead_card: Card | None
    actions: tuple[tuple[int, Action], ...]


class ThirteenState(CheckedApply[Action, Event]):
    """The whole position of a Thirteen match, with a checked ``apply`` and a ``copy``.

    Build one with :meth:`new` (or :meth:`stack` for a chosen deal).
    """

    rules: Rules
    players: int
    seed: int

    def __init__(self, rules: Rules | str | None, players: int, seed: int | None = None) -> None:
        self._setup(rules, players, seed, (0,) * players if _is_int(players) else ())
        self._start_round(deal_hands(self.seed, 1, players), leader=None)

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
            raise ThreeThirteenError(f"Thirteen needs Thirteen rules, got {rules!r}")
        rules.check_players(players)
        if seed is None:
            seed = secrets.randbits(63)
        if not _is_int(seed):
            raise ThreeThirteenError(f"a match seed must be an integer, got {seed!r}")
        if len(totals) != players or not all(_is_int(t) and t >= 0 for t in totals):
            raise ThreeThirteenError(
                f"totals must be {players} whole numbers >= 0, got {list(totals)!r}"
            )
        if not _is_int(round_number) or round_number < 1:
            raise ThreeThirteenError(f"a round number is 1 or more, got {round_number!r}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self._round_number = round_number
        self._totals = list(totals)
        self._results: list[RoundResult] = []
        self._history: list[RoundLog] = []  # rounds whose log is closed
        self._winners: tuple[int, ...] = ()
        self._version = 0
        self._phase = Phase.LEAD

    @classmethod
    def new(cls, rules: Rules | str | None, players: int, seed: int | None = None) -> ThirteenState:
        """A new match, round 1 dealt, ready for its first play.

        ``rules`` is a :class:`~.rules.Rules`, a preset name, or None for the
        default; ``seed`` drives every shuffle (None: a fresh random seed, kept in
        :attr:`seed`). Raises :class:`~threethirteen.errors.RulesError` for a player
        count outside 2 to 4 or an unknown preset.

        >>> state = ThirteenState.new("cardgames", 4, seed=1)
        >>> state.phase, state.hand(state.current)[0]
        (Phase.LEAD, Card.parse('3S'))
        >>> ThirteenState.new("cardgames", 5)
        Traceback (most recent call last):
        ...
        threethirteen.errors.RulesError: Thirteen is played by 2 to 4 players, got 5
        """
        return cls(rules, players, seed)

    @classmethod
    def stack(
        cls,
        rules: Rules | str | None,
        hands: Sequence[str | Sequence[Card]],
        *,
        seed: int = 0,
        round_number: int = 1,
        leader: int | None = None,
        totals: Sequence[int] | None = None,
    ) -> ThirteenState:
        """A position dealt with chosen hands: for tests, puzzles and tutorials.

        ``hands`` gives every seat's cards (notation or cards; 1 to 13 each, no card
        twice). ``leader`` names the seat that leads with any play; by default the
        holder of the lowest card leads with it, as in a first round. ``totals``
        are the points before this round, ``round_number`` its number (later
        rounds are dealt from ``seed``). Under ``instant_wins`` the hands are
        checked as at a deal. A stacked round's record does not replay (the seed
        did not deal it). Raises :class:`~threethirteen.errors.NotationError` for
        bad cards and :class:`~threethirteen.errors.ThreeThirteenError` for a
        position that cannot be.

        >>> state = ThirteenState.stack(None, ["9S 9H", "3C 4D 5H"], totals=(8, 9))
        >>> state.current, state.first_lead_card, state.totals
        (1, Card.parse('3C'), (8, 9))
        """
        parsed = [parse_hand(h) if isinstance(h, str) else sort_cards(h) for h in hands]
        players = len(parsed)
        self = cls.__new__(cls)
        self._setup(
            rules,
            players,
            seed,
            (0,) * players if totals is None else tuple(totals),
            round_number,
        )
        seen: set[Card] = set()
        for seat, hand in enumerate(parsed):
            if not 1 <= len(hand) <= HAND_SIZE:
                raise ThreeThirteenError(
                    f"seat {seat}'s hand {format_cards(hand)!r} has {len(hand)} cards; "
                    f"a hand holds 1 to {HAND_SIZE}"
                )
            twice = seen.intersection(hand)
            if twice:
                raise ThreeThirteenError(
                    f"{format_cards(sort_cards(twice))} dealt to two seats (seat {seat} again)"
                )
            seen.update(hand)
        if leader is not None and (not _is_int(leader) or not 0 <= leader < players):
            raise ThreeThirteenError(f"no seat {leader!r} to lead at a table of {players}")
        self._start_round(tuple(parsed), leader=leader)
        return self

    def _start_round(self, hands: tuple[tuple[Card, ...], ...], leader: int | None) -> None:
        """Deal ``hands`` for round :attr:`round_number`; None: the lowest card leads with it."""
        self._dealt = hands
        self._hands = [list(hand) for hand in hands]
        self._played: list[Card] = []
        self._actions: list[tuple[int, Action]] = []
        self._events: list[Event] = []
        self._table: Combo | None = None
        self._table_owner: int | None = None
        self._passed: set[int] = set()
        self._responded: set[int] = set()  # seats that passed since the table's last play
        self._finished: list[int] = []
        if leader is None:
            leader, card = lowest_card(hands)
            self._first_lead_card: Card | None = card
        else:
            self._first_lead_card = None
        self._leader = leader
        self._current = leader
        self._phase = Phase.LEAD
        self._version += 1
        self._legal: tuple[int, tuple[Action, ...]] | None = None
        if self.rules.instant_wins:
            holders = [seat for seat, hand in enumerate(hands) if instant_win_hand(hand)]
            if holders:
                with_three = [seat for seat in holders if THREE_OF_SPADES in hands[seat]]
                winner = (with_three or holders)[0]
                self._current = winner
                self._finish_round(
                    RoundResult.instant_win(self._round_number, winner, self.players)
                )

    def copy(self) -> ThirteenState:
        """An independent copy, cheap enough for search."""
        new = ThirteenState.__new__(ThirteenState)
        new.__dict__.update(self.__dict__)
        new._totals = list(self._totals)
        new._results = list(self._results)
        new._history = list(self._history)
        new._hands = [list(hand) for hand in self._hands]
        new._played = list(self._played)
        new._actions = list(self._actions)
        new._events = list(self._events)
        new._passed = set(self._passed)
        new._responded = set(self._responded)
        new._finished = list(self._finished)
        return new

    # -- reading the position -----------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def stage(self) -> Stage:
        """The shared stage: ``PLAY`` in ``LEAD`` and ``FOLLOW``."""
        return self._phase.stage

    @property
    def current(self) -> int:
        """The seat to act (once a round is over: the seat that acted last, or the instant
        winner)."""
        return self._current

    @property
    def round_number(self) -> int:
        return self._round_number

    @property
    def totals(self) -> tuple[int, ...]:
        """Every seat's points so far, this round's included once it is scored."""
        return tuple(self._totals)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards now, each in ascending strength."""
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s cards, ascending; raises ThreeThirteenError for a bad seat."""
        return tuple(self._hands[self._check_seat(seat)])

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """This round's hands as dealt."""
        return self._dealt

    @property
    def table(self) -> Combo | None:
        """The combination to beat; None when the table is empty."""
        return self._table

    @property
    def table_owner(self) -> int | None:
        """The seat that played :attr:`table`."""
        return self._table_owner

    @property
    def passed(self) -> frozenset[int]:
        """The seats that passed in this trick (out until the table clears)."""
        return frozenset(self._passed)

    @property
    def finished(self) -> tuple[int, ...]:
        """The seats that have shed every card this round, in order (all, once scored)."""
        return tuple(self._finished)

    @property
    def leader(self) -> int:
        """The seat that led this round's first play."""
        return self._leader

    @property
    def first_lead_card(self) -> Card | None:
        """The card this round's first play must hold (None: the leader plays anything)."""
        return self._first_lead_card

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards played this round, in the order they were played."""
        return tuple(self._played)

    @property
    def log(self) -> tuple[Event, ...]:
        """This round's events, in order."""
        return tuple(self._events)

    @property
    def history(self) -> tuple[RoundLog, ...]:
        """Every round so far, the one being played included: deal, leader, actions."""
        logs = list(self._history)
        if self._phase is not Phase.MATCH_OVER:
            logs.append(self._round_log())
        return tuple(logs)

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The results of the rounds scored so far (of this match object)."""
        return tuple(self._results)

    def winners(self) -> tuple[int, ...]:
        """The match's winners once a round's score has decided it; empty before."""
        return self._winners

    def _round_log(self) -> RoundLog:
        return RoundLog(
            self._round_number,
            self._leader,
            self._dealt,
            self._first_lead_card,
            tuple(self._actions),
        )

    def _check_seat(self, seat: int) -> int:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise ThreeThirteenError(
                f"no seat {seat!r} at a table of {self.players} (seats 0 to {self.players - 1})"
            )
        return seat

    # -- legality -------------------------------------------------------------------------

    def _must_hold(self) -> Card | None:
        """The card the play now must hold: the round's first lead card, before any play."""
        return self._first_lead_card if not self._actions else None

    def _bomb_window(self) -> bool:
        """Whether seats that passed may come back with a bomb: the table holds only 2s."""
        table = self._table
        return (
            self.rules.bomb_after_pass
            and table is not None
            and table.kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)
            and table.high.rank is Rank.TWO
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions now, in a fixed order (empty once the round is over).

        ``LEAD``: a play of each combination in the hand; ``FOLLOW``: ``pass``, then
        each play that beats the table; both in the move generator's order
        (:func:`~threethirteen.games.thirteen.moves.legal_plays`).

        >>> state = ThirteenState.stack(None, ["3S 3H 4D", "5C 6C 7C"])
        >>> [str(a) for a in state.legal_actions()]
        ['play 3S', 'play 3S 3H']
        """
        if self._legal is not None and self._legal[0] == self._version:
            return self._legal[1]
        actions: list[Action] = []
        if self._phase is Phase.LEAD:
            hand = self._hands[self._current]
            combos = legal_plays(
                hand,
                None,
                must_contain=self._must_hold(),
                four_on_pair_of_twos=self.rules.four_on_pair_of_twos,
            )
            actions.extend(Play(combo.cards) for combo in combos)
        elif self._phase is Phase.FOLLOW:
            hand = self._hands[self._current]
            combos = legal_plays(
                hand, self._table, four_on_pair_of_twos=self.rules.four_on_pair_of_twos
            )
            if self._current in self._passed:  # back on 2s under bomb_after_pass
                combos = tuple(combo for combo in combos if combo.is_bomb)
            actions.append(Pass())
            actions.extend(Play(combo.cards) for combo in combos)
        result = tuple(actions)
        self._legal = (self._version, result)
        return result

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now."""
        return self._illegal_reason(action) is None

    def _illegal_reason(self, action: object) -> str | None:
        if not isinstance(action, Play | Pass):
            return f"{action!r} is not an action (read text with parse_action)"
        if self._phase is Phase.ROUND_OVER:
            return "the round is over; next_round() deals the next one"
        if self._phase is Phase.MATCH_OVER:
            return "the match is over"
        seat = self._current
        if isinstance(action, Pass):
            if self._phase is Phase.LEAD:
                return f"seat {seat} leads to an empty table and may not pass"
            return None
        hand = self._hands[seat]
        missing = [card for card in action.cards if card not in hand]
        if missing:
            return (
                f"seat {seat} holds no {format_cards(missing)} "
                f"(hand: {format_cards(hand) or 'empty'})"
            )
        try:
            combo = classify(action.cards)
        except IllegalActionError as exc:
            return str(exc)
        if self._phase is Phase.LEAD:
            must = self._must_hold()
            if must is not None and must not in action.cards:
                return f"the round's first play must hold {must}"
            return None
        table = self._table
        assert table is not None
        if seat in self._passed and not combo.is_bomb:
            return (
                f"seat {seat} passed in this trick and may come back only with a bomb "
                f"that beats the 2s"
            )
        if not beats(combo, table, four_on_pair_of_twos=self.rules.four_on_pair_of_twos):
            return f"{combo} ({combo.kind}) does not beat {table} ({table.kind}) on the table"
        return None

    # -- moves -----------------------------------------------------------------------------

    def _turn_words(self) -> str:
        return f"seat {self._current} in phase {self._phase}"

    def _play(self, action: Action) -> Event:
        seat = self._current
        self._version += 1
        self._actions.append((seat, action))
        combo: Combo | None = None
        went_out = False
        if isinstance(action, Pass):
            self._passed.add(seat)
            self._responded.add(seat)
        else:
            combo = classify(action.cards)
            hand = self._hands[seat]
            for card in combo.cards:
                hand.remove(card)
            self._played.extend(combo.cards)
            self._table = combo
            self._table_owner = seat
            self._passed.discard(seat)
            self._responded.clear()
            if not hand:
                self._finished.append(seat)
                went_out = True
        cleared = self._advance(seat)
        event = Event(seat, action, combo, went_out, cleared)
        self._events.append(event)
        return event

    def _advance(self, actor: int) -> bool:
        """Move the turn on after ``actor``'s action; True when the table cleared."""
        n = self.players
        holders = [seat for seat in range(n) if self._hands[seat]]
        if len(holders) <= 1:
            self._finished.extend(holders)
            self._finish_round(RoundResult.from_order(self._round_number, self._finished))
            return False
        owner = self._table_owner
        window = self._bomb_window()
        waiting = {
            seat
            for seat in holders
            if seat != owner
            and seat not in self._responded
            and (window or seat not in self._passed)
        }
        if not waiting:
            assert owner is not None
            self._table = None
            self._passed.clear()
            self._responded.clear()
            self._phase = Phase.LEAD
            self._current = owner if self._hands[owner] else self._next(owner, set(holders))
            return True
        self._phase = Phase.FOLLOW
        self._current = self._next(actor, waiting)
        return False

    def _next(self, seat: int, among: set[int]) -> int:
        """The first seat after ``seat`` in seat order that is in ``among``."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate in among:
                return candidate
        raise AssertionError(f"no seat among {sorted(among)}")

    def _finish_round(self, result: RoundResult) -> None:
        self._results.append(result)
        self._totals = [t + p for t, p in zip(self._totals, result.points, strict=True)]
        self._winners = match_winners(self.rules, self._totals)
        self._phase = Phase.ROUND_OVER
        self._version += 1

    def next_round(self) -> None:
        """From ``ROUND_OVER``: deal the next round, or end the match if it is decided.

        Raises :class:`~threethirteen.errors.IllegalActionError` in any other phase.
        """
        if self._phase is not Phase.ROUND_OVER:
            raise IllegalActionError(
                f"next_round() needs phase {Phase.ROUND_OVER}, but round "
                f"{self._round_number} is in phase {self._phase}"
            )
        self._history.append(self._round_log())
        if self._winners:
            self._phase = Phase.MATCH_OVER
            self._version += 1
            return
        previous = self._results[-1]
        self._round_number += 1
        leader = previous.winner if self.rules.round_leader is RoundLeader.WINNER else None
        self._start_round(deal_hands(self.seed, self._round_number, self.players), leader)

    # -- what players see ------------------------------------------------------------------

    def view(self, seat: int) -> ThirteenView:
        """What seat ``seat`` may see now; raises ThreeThirteenError for a bad seat."""
        self._check_seat(seat)
        own_turn = seat == self._current and self._phase in (Phase.LEAD, Phase.FOLLOW)
        return ThirteenView(
            rules=self.rules,
            players=self.players,
            seat=seat,
            phase=self._phase,
            current=self._current,
            round_number=self._round_number,
            leader=self._leader,
            first_lead_card=self._first_lead_card,
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            table=self._table,
            table_owner=self._table_owner,
            passed=frozenset(self._passed),
            finished=tuple(self._finished),
            totals=tuple(self._totals),
            results=tuple(self._results),
            log=tuple(self._events),
            played=sort_cards(self._played),
            legal_actions=self.legal_actions() if own_turn else (),
            winners=self._winners,
        )

    def __repr__(self) -> str:
        return (
            f"<ThirteenState {self.rules.name} players={self.players} seed={self.seed} "
            f"round={self._round_number} phase={self._phase} current={self._current}>"
        )

    def __str__(self) -> str:
        lines = [
            f"round {self._round_number}, phase {self._phase}, seat {self._current} to act; "
            f"totals {' '.join(map(str, self._totals))}",
            f"table: {self._table or '-'}"
            + (f" (seat {self._table_owner})" if self._table is not None else ""),
        ]
        for seat in range(self.players):
            mark = "*" if seat == self._current else " "
            notes = " (passed)" if seat in self._passed else ""
            lines.append(f"{mark} seat {seat}: {format_cards(self._hands[seat]) or '-'}{notes}")
        return "\n".join(lines)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
