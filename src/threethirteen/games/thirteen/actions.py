"""A Thirteen player's two moves: play cards onto the table, or pass.

Notation (what ``str()`` prints and :func:`parse_action` reads):

=====================  ==============================================================
``play 3S 4S 5H``      play these cards as one combination (listed in any order; printed
                       in ascending strength, 3♠ lowest, 2♥ highest)
``3S 4S 5H``           the same play, without the word
``pass``               pass (``p`` for short): stay out until the table clears
=====================  ==============================================================

Parsing checks syntax only: known cards, none twice, no joker. Whether the cards
form a combination, are in hand and beat the table is the state's business
(:meth:`threethirteen.games.thirteen.state.ThirteenState.apply`).

>>> parse_action("play 5h 4s 3s")
Play.parse('play 3S 4S 5H')
>>> str(parse_action("p"))
'pass'
>>> parse_action("play 3S 3S")
Traceback (most recent call last):
...
threethirteen.errors.NotationError: malformed action 'play 3S 3S': 3S is listed twice
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from threethirteen.cards import Card, parse_cards
from threethirteen.errors import NotationError
from threethirteen.games.thirteen.cards import sort_cards

__all__ = ["Action", "Pass", "Play", "parse_action"]


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``cards`` as one combination; they are kept in ascending strength.

    Raises :class:`~threethirteen.errors.NotationError` for no cards, a joker or a
    card listed twice.

    >>> Play(parse_cards("2H 3S")).cards
    (Card.parse('3S'), Card.parse('2H'))
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if not cards:
            raise NotationError("a play needs at least one card")
        seen: set[Card] = set()
        for card in cards:
            if not isinstance(card, Card):
                raise NotationError(f"a play holds cards, got {card!r}")
            if card.is_joker:
                raise NotationError("Thirteen has no jokers: a play cannot hold JK")
            if card in seen:
                raise NotationError(f"{card} is listed twice")
            seen.add(card)
        object.__setattr__(self, "cards", sort_cards(cards))

    @classmethod
    def of(cls, cards: Iterable[Card] | str) -> Play:
        """A play of ``cards`` (cards or notation such as ``"3S 4S 5H"``).

        >>> str(Play.of("KD KH"))
        'play KD KH'
        """
        return cls(parse_cards(cards) if isinstance(cards, str) else tuple(cards))

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read a play (``play 3S 4S`` or bare cards); raises NotationError for anything else."""
        action = parse_action(text)
        if not isinstance(action, Play):
            raise NotationError(f"malformed play {text!r}: expected 'play' and cards")
        return action

    def __str__(self) -> str:
        return "play " + " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: play nothing, and stay out of the trick until the table clears."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


Action = Play | Pass
"""Either move."""

_PASS_WORDS = frozenset({"pass", "p"})


def parse_action(text: str) -> Action:
    """Read an action: ``pass`` / ``p``, ``play CARDS``, or the bare cards.

    Cards are separated by spaces or commas and read case-insensitively (``10H``
    or ``TH``). Raises :class:`~threethirteen.errors.NotationError` quoting the text
    for bad syntax or a bad card; legality is the state's business.

    >>> parse_action("TH 10S")
    Play.parse('play 10S 10H')
    >>> parse_action("play")
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: malformed action 'play': expected 'pass', \
'play CARDS' or cards such as '3S 4S 5H'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, got {text!r}")
    words = text.replace(",", " ").split()
    if len(words) == 1 and words[0].lower() in _PASS_WORDS:
        return Pass()
    if words and words[0].lower() == "play":
        words = words[1:]
    if not words:
        raise NotationError(
            f"malformed action {text[:60]!r}: expected 'pass', 'play CARDS' or cards such "
            f"as '3S 4S 5H'"
        )
    try:
        return Play(parse_cards(words))
    except NotationError as exc:
        raise NotationError(f"malformed action {text[:60]!r}: {exc}") from exc
