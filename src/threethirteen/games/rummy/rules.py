"""Rummy's rules: one validated, immutable :class:`Rules` value holds every option.

The default (the ``cardgames`` preset) is basic rummy as cardgames.io plays it
(seed 003), with the common rule books where the seed is silent: one 52-card
deck, 10 cards each for two players (7 for three or four, 6 for five or six),
the hand goes out by melding, laying off or discarding the last card, the card
just taken from the discard pile may not be discarded in the same turn, an
empty stock is rebuilt once from the discard pile turned over unshuffled (the
hand ends unscored when it runs out again), going rummy scores normally, aces
are low only (A-2-3), and the match ends when someone reaches 100 points: the
lowest total wins, ties sharing the win.

House rules go on top of a preset with :meth:`Rules.with_options` (field names,
dashes or underscores) or :func:`apply_house_rule` (a name such as
``ace-high``, or ``option=value``). A bad value raises
:class:`~threethirteen.errors.RulesError` quoting it.

>>> rules = get_rules("cardgames")
>>> rules.target, rules.cards_each(2), rules.cards_each(5)
(100, 10, 6)
>>> apply_house_rule(rules, "rummy-doubles").summary()
'cardgames: to 100, going rummy doubles'
>>> rules.with_options(target="lots")
Traceback (most recent call last):
...
threethirteen.errors.RulesError: bad value 'lots' for rules option 'target': expected a whole number
>>> rules.check_players(7)
Traceback (most recent call last):
...
threethirteen.errors.RulesError: Rummy is played by 2 to 6 players, got 7
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from threethirteen.cards import Card, Rank
from threethirteen.errors import RulesError
from threethirteen.ruleoptions import (
    OptionKinds,
    house_rule,
    options_of,
    preset,
    rules_from,
    with_options,
)

__all__ = [
    "HOUSE_RULES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "Rules",
    "apply_house_rule",
    "card_points",
    "get_rules",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_TARGET = 10_000
MAX_STOCK_TURNS = 10


def card_points(card: Card) -> int:
    """What a card left in hand costs: face cards 10, the ace 1, the others their value.

    >>> [card_points(Card.parse(c)) for c in ("AS", "7H", "10D", "KC")]
    [1, 7, 10, 10]
    """
    rank = card.rank
    if rank is None:
        raise RulesError("Rummy has no jokers")
    return min(int(rank), 10) if rank is not Rank.ACE else 1


@dataclass(frozen=True, slots=True)
class Rules:
    """Every variation of basic rummy in one validated value; ``Rules()`` is the default.

    ``cards_dealt`` 0 deals by the table: 10 cards each for two players, 7 for
    three or four, 6 for five or six. ``must_discard`` makes a player go out
    only by discarding the last card (never by melding or laying it off).
    ``discard_taken_card`` lets the card just taken from the pile be discarded
    in the same turn. ``shuffle_stock`` shuffles the discard pile (less its top
    card) into the new stock instead of turning it over; ``stock_turns`` is how
    many times a hand may rebuild its stock: when the stock is empty again after
    that, the hand ends with no score. ``rummy_doubles`` doubles the others'
    points when the player going out melded the whole hand in one turn, with no
    meld laid and no card laid off earlier in the hand. ``ace_high`` lets runs
    end Q-K-A as well as start A-2-3 (never K-A-2). ``turn_limit`` ends a hand
    unscored after that many turns (0: never); no source has it, it only
    guarantees that no hand is endless (players taking and discarding forever).

    >>> Rules(stock_turns=-1)
    Traceback (most recent call last):
    ...
    threethirteen.errors.RulesError: invalid rules 'cardgames': stock_turns must be 0 to 10, got -1
    """

    name: str = "cardgames"
    target: int = 100
    cards_dealt: int = 0
    must_discard: bool = False
    discard_taken_card: bool = False
    shuffle_stock: bool = False
    stock_turns: int = 1
    rummy_doubles: bool = False
    ace_high: bool = False
    turn_limit: int = 300
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        _validate(self)

    def check_players(self, players: int) -> None:
        """Raise :class:`~threethirteen.errors.RulesError` unless the table can play.

        Two to six players; with ``cards_dealt`` set, the deck must hold every
        hand and the card turned up.

        >>> Rules(cards_dealt=10).check_players(6)
        Traceback (most recent call last):
        ...
        threethirteen.errors.RulesError: 6 players with 10 cards each need 61 cards; the deck has 52
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"the number of players must be a whole number, got {players!r}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                f"Rummy is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}"
            )
        need = players * self.cards_each(players) + 1
        if need > 52:
            raise RulesError(
                f"{players} players with {self.cards_each(players)} cards each need "
                f"{need} cards; the deck has 52"
            )

    def cards_each(self, players: int) -> int:
        """The cards dealt to each player at a table of ``players``.

        >>> [Rules().cards_each(n) for n in range(2, 7)]
        [10, 7, 7, 6, 6]
        """
        if self.cards_dealt:
            return self.cards_dealt
        return 10 if players <= 2 else 7 if players <= 4 else 6

    def with_options(self, **options: Any) -> Rules:
        """A copy with options replaced; values given as text (``"on"``, ``"150"``) are read.

        Option names take dashes or underscores. Raises
        :class:`~threethirteen.errors.RulesError` for an unknown option or a bad value.

        >>> Rules().with_options(**{"ace-high": "on"}).ace_high
        True
        """
        return with_options(self, options, _OPTION_NAMES, _KINDS)

    def options(self) -> dict[str, Any]:
        """The rules as JSON-ready options; :meth:`from_options` reads them back equal.

        >>> Rules.from_options(Rules(ace_high=True).options()) == Rules(ace_high=True)
        True
        """
        return options_of(self, ("name", *_OPTION_NAMES))

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`options` output (missing options take the defaults).

        Raises :class:`~threethirteen.errors.RulesError` for anything but an object of
        known options with valid values.
        """
        return rules_from(cls(), options)

    def summary(self) -> str:
        """A one-line description for people: the target and every option not at its default.

        >>> Rules(must_discard=True, ace_high=True).summary()
        'cardgames: to 100, out only by a discard, Q-K-A runs'
        """
        parts = [f"to {self.target}"]
        if self.cards_dealt:
            parts.append(f"{self.cards_dealt} cards each")
        if self.must_discard:
            parts.append("out only by a discard")
        if self.discard_taken_card:
            parts.append("the card taken may be discarded")
        if self.shuffle_stock:
            parts.append("the pile is shuffled into the stock")
        if self.stock_turns != 1:
            parts.append(f"the stock is rebuilt {self.stock_turns} times")
        if self.rummy_doubles:
            parts.append("going rummy doubles")
        if self.ace_high:
            parts.append("Q-K-A runs")
        if self.turn_limit != 300:
            parts.append(f"turn limit {self.turn_limit or 'none'}")
        return f"{self.name}: " + ", ".join(parts)


# The options a record stores and a house rule may set (``name`` and ``description``
# label the rules and change no play).
_OPTION_NAMES = (
    "target",
    "cards_dealt",
    "must_discard",
    "discard_taken_card",
    "shuffle_stock",
    "stock_turns",
    "rummy_doubles",
    "ace_high",
    "turn_limit",
)
_BOOL_FIELDS = (
    "must_discard",
    "discard_taken_card",
    "shuffle_stock",
    "rummy_doubles",
    "ace_high",
)
_INT_FIELDS = ("target", "cards_dealt", "stock_turns", "turn_limit")
_KINDS = OptionKinds(bools=_BOOL_FIELDS, ints=_INT_FIELDS)


def _validate(r: Rules) -> None:
    def bad(message: str) -> RulesError:
        return RulesError(f"invalid rules {r.name!r}: {message}")

    if not isinstance(r.name, str) or not isinstance(r.description, str):
        raise RulesError(f"rules need a text name and description, got {r.name!r}")
    for name in _INT_FIELDS:
        value = getattr(r, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(f"{name} must be a whole number, got {value!r}")
    if not 1 <= r.target <= MAX_TARGET:
        raise bad(f"target must be 1 to {MAX_TARGET}, got {r.target}")
    if r.cards_dealt != 0 and not 3 <= r.cards_dealt <= 25:
        raise bad(f"cards_dealt must be 0 (by the table) or 3 to 25, got {r.cards_dealt}")
    if not 0 <= r.stock_turns <= MAX_STOCK_TURNS:
        raise bad(f"stock_turns must be 0 to {MAX_STOCK_TURNS}, got {r.stock_turns}")
    if not 0 <= r.turn_limit <= 100_000:
        raise bad(f"turn_limit must be 0 (none) to 100000, got {r.turn_limit}")
    for name in _BOOL_FIELDS:
        if not isinstance(getattr(r, name), bool):
            raise bad(f"{name} must be True or False, got {getattr(r, name)!r}")


PRESETS: dict[str, Rules] = {
    "cardgames": Rules(
        name="cardgames",
        description="cardgames.io (seed 003) with the common rule books where it is silent: "
        "two players, 10 cards each, out by melding, laying off or discarding the last card, "
        "the lowest total wins when someone reaches 100.",
    ),
}

_ALIASES = {"cardgames.io": "cardgames", "cardgames-io": "cardgames", "default": "cardgames"}

HOUSE_RULES: dict[str, dict[str, Any]] = {
    "must-discard": {"must_discard": True},
    "discard-taken-card": {"discard_taken_card": True},
    "shuffle-stock": {"shuffle_stock": True},
    "rummy-doubles": {"rummy_doubles": True},
    "ace-high": {"ace_high": True},
}
"""Named house rules: each a set of options applied on top of any preset."""


def get_rules(name: str) -> Rules:
    """The preset called ``name`` (case-insensitive; ``cardgames.io`` and ``default`` too).

    >>> get_rules("gin")
    Traceback (most recent call last):
    ...
    threethirteen.errors.RulesError: unknown Rummy rules preset 'gin'; known: cardgames
    """
    return preset(name, PRESETS, _ALIASES, "Rummy")


def apply_house_rule(rules: Rules, spec: str) -> Rules:
    """Apply one house rule: a name from :data:`HOUSE_RULES` or ``option=value``.

    >>> apply_house_rule(Rules(), "stock-turns=3").stock_turns
    3
    >>> apply_house_rule(Rules(), "wild-deuces")
    Traceback (most recent call last):
    ...
    threethirteen.errors.RulesError: unknown Rummy house rule 'wild-deuces'; known: ace-high, \
discard-taken-card, must-discard, rummy-doubles, shuffle-stock, or option=value
    """
    return house_rule(rules, spec, HOUSE_RULES, "Rummy")
