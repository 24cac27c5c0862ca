"""A Rummy player's five moves: draw, take the pile's top, meld, lay off, discard.

Notation (what ``str()`` prints and :func:`parse_action` reads, case-insensitively):

=====================  ==============================================================
``draw``               draw the stock's top card (``stock`` reads the same)
``take``               take the discard pile's top card (``pile`` reads the same)
``meld 4H 5H 6H``      lay these cards down as a new meld (printed in meld order when
                       they make one, else by rank then suit)
``layoff 7H on 2``     lay 7H off onto table meld number 2 (1-based, in the order the
                       melds were laid down this hand); ``layoff 7H 2`` and
                       ``lay 7H on 2`` read the same
``discard KC``         discard KC, ending the turn; the bare card ``KC`` reads the same
=====================  ==============================================================

Parsing checks syntax only: known cards, none twice, no joker, a meld number of 1 or
more. Whether the cards are in hand, make a meld or fit is the state's business
(:meth:`threethirteen.games.rummy.state.RummyState.apply`).

>>> parse_action("meld 6h 4h 5h")
NewMeld.parse('meld 4H 5H 6H')
>>> [str(parse_action(text)) for text in ("stock", "pile", "lay 7h 2", "kc")]
['draw', 'take', 'layoff 7H on 2', 'discard KC']
>>> parse_action("meld 3S 3S")
Traceback (most recent call last):
...
threethirteen.errors.NotationError: malformed action 'meld 3S 3S': 3S is listed twice
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from threethirteen.cards import Card, parse_cards
from threethirteen.errors import NotationError, ThreeThirteenError
from threethirteen.games.rummy.melds import Meld

__all__ = [
    "Action",
    "Discard",
    "Draw",
    "LayOff",
    "NewMeld",
    "Take",
    "parse_action",
    "rank_key",
    "sort_cards",
]


def rank_key(card: Card) -> tuple[int, int]:
    """The sort key of a hand: by rank (ace low) then suit (S H D C).

    >>> sorted(parse_cards("KC 2H AS 2S"), key=rank_key)
    [Card.parse('AS'), Card.parse('2S'), Card.parse('2H'), Card.parse('KC')]
    """
    return card.sort_key("rank")


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted by rank (ace low) then suit (S H D C), as hands are shown."""
    return tuple(sorted(cards, key=rank_key))


def _check_card(card: object) -> Card:
    if not isinstance(card, Card):
        raise NotationError(f"expected a card, got {card!r}"[:80])
    if card.is_joker:
        raise NotationError("Rummy has no jokers: JK is not a card of the game")
    return card


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the stock's top card (the start of a turn)."""

    def __str__(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the discard pile's top card (the start of a turn)."""

    def __str__(self) -> str:
        return "take"

    def __repr__(self) -> str:
        return "Take()"


@dataclass(frozen=True, slots=True)
class NewMeld:
    """Lay ``cards`` down on the table as a new meld.

    The cards are kept in meld order when they make a meld (under either ace rule),
    else sorted by rank then suit, so that equal plays compare equal. Raises
    :class:`~threethirteen.errors.NotationError` for no cards, a joker or a card
    listed twice.

    >>> NewMeld(parse_cards("AS KS QS")).cards
    (Card.parse('QS'), Card.parse('KS'), Card.parse('AS'))
    >>> str(NewMeld(parse_cards("9D 2C 9S")))
    'meld 2C 9S 9D'
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(_check_card(card) for card in self.cards)
        if not cards:
            raise NotationError("a meld needs cards, such as 'meld 4H 5H 6H'")
        if len(set(cards)) != len(cards):
            twice = next(card for card in cards if cards.count(card) > 1)
            raise NotationError(f"{twice} is listed twice")
        try:
            ordered = Meld.of(cards, ace_high=True).cards
        except ThreeThirteenError:
            ordered = sort_cards(cards)
        object.__setattr__(self, "cards", ordered)

    @classmethod
    def of(cls, cards: Iterable[Card] | str) -> NewMeld:
        """A meld of ``cards`` (cards or notation such as ``"4H 5H 6H"``).

        >>> str(NewMeld.of("7D 7S 7C"))
        'meld 7S 7D 7C'
        """
        return cls(parse_cards(cards) if isinstance(cards, str) else tuple(cards))

    @classmethod
    def parse(cls, text: str) -> NewMeld:
        """Read ``meld CARDS``; raises NotationError for anything else."""
        action = parse_action(text)
        if not isinstance(action, NewMeld):
            raise NotationError(f"malformed meld {text[:60]!r}: expected 'meld' and cards")
        return action

    @classmethod
    def _ordered(cls, cards: tuple[Card, ...]) -> NewMeld:
        """A meld of cards already in meld order, unchecked (the move generator's)."""
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        return action

    def __str__(self) -> str:
        return "meld " + " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"NewMeld.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay ``card`` off onto table meld number ``target`` (1-based).

    >>> LayOff(Card.parse("7H"), 0)
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: a table meld number is 1 or more, got 0
    """

    card: Card
    target: int

    def __post_init__(self) -> None:
        _check_card(self.card)
        target = self.target
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise NotationError(f"a table meld number is 1 or more, got {target!r}"[:80])

    def __str__(self) -> str:
        return f"layoff {self.card} on {self.target}"

    def __repr__(self) -> str:
        return f"LayOff(Card.parse({str(self.card)!r}), {self.target})"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` onto the pile, ending the turn."""

    card: Card

    def __post_init__(self) -> None:
        _check_card(self.card)

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"Discard(Card.parse({str(self.card)!r}))"


Action = Draw | Take | NewMeld | LayOff | Discard
"""Any of the five moves."""

_DRAW_WORDS = frozenset({"draw", "stock"})
_TAKE_WORDS = frozenset({"take", "pile"})
_LAYOFF_WORDS = frozenset({"layoff", "lay"})
_FORMS = "'draw', 'take', 'meld 4H 5H 6H', 'layoff 7H on 2' or 'discard KC'"


def parse_action(text: str) -> Action:
    """Read an action in notation (see the module's table).

    Cards are separated by spaces or commas and read case-insensitively (``10H`` or
    ``TH``). Raises :class:`~threethirteen.errors.NotationError` quoting the text for
    bad syntax or a bad card; legality is the state's business.

    >>> parse_action("layoff 7H on 2")
    LayOff(Card.parse('7H'), 2)
    >>> parse_action("discard")
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: malformed action 'discard': expected 'draw', \
'take', 'meld 4H 5H 6H', 'layoff 7H on 2' or 'discard KC'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, got {text!r}"[:80])
    words = text.replace(",", " ").split()
    head = words[0].lower() if words else ""
    try:
        if len(words) == 1 and head in _DRAW_WORDS:
            return Draw()
        if len(words) == 1 and head in _TAKE_WORDS:
            return Take()
        if head == "meld" and len(words) > 1:
            return NewMeld(parse_cards(words[1:]))
        if head in _LAYOFF_WORDS:
            return _parse_layoff(text, words[1:])
        if head == "discard" and len(words) == 2:
            return Discard(Card.parse(words[1]))
        if len(words) == 1 and head not in _DRAW_WORDS | _TAKE_WORDS | {"meld", "discard"}:
            return Discard(Card.parse(words[0]))
    except NotationError as exc:
        raise NotationError(f"malformed action {text[:60]!r}: {exc}") from exc
    raise NotationError(f"malformed action {text[:60]!r}: expected {_FORMS}")


def _parse_layoff(text: str, rest: list[str]) -> LayOff:
    if len(rest) == 3 and rest[1].lower() == "on":
        rest = [rest[0], rest[2]]
    if len(rest) != 2:
        raise NotationError("expected 'layoff CARD on NUMBER', such as 'layoff 7H on 2'")
    card = Card.parse(rest[0])
    number = rest[1]
    if not number.isdecimal():
        raise NotationError(f"the table meld number {number[:20]!r} is not a whole number")
    return LayOff(card, int(number))
