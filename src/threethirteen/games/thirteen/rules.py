"""Thirteen's rules: one validated, immutable :class:`Rules` value holds every option.

The default is cardgames.io's game (the ``cardgames`` preset): a race to 10
points, ties at the top play on, no instant wins, no extra bombs, a player who
passed stays out of the trick, and the winner of a round leads the next one.
The points of a round do not vary: they are fixed by the number of players
(3, 2, 1, 0 with four; see :func:`threethirteen.games.thirteen.scoring.place_points`).

House rules go on top of a preset with :meth:`Rules.with_options` (field names,
dashes or underscores) or :func:`apply_house_rule` (a name such as
``instant-wins``, or ``option=value``). A bad value raises
:class:`~threethirteen.errors.RulesError` quoting it; nothing is ever replaced
by a default.

>>> rules = get_rules("cardgames")
>>> rules.target, rules.tie_at_top, rules.instant_wins
(10, TieAtTop.PLAY_ON, False)
>>> apply_house_rule(rules, "target=15").summary()
'cardgames: race to 15, ties at the top play on'
>>> apply_house_rule(rules, "instant-wins").instant_wins
True
>>> rules.with_options(target="zero")
Traceback (most recent call last):
...
threethirteen.errors.RulesError: bad value 'zero' for rules option 'target': expected a whole number
>>> rules.check_players(5)
Traceback (most recent call last):
...
threethirteen.errors.RulesError: Thirteen is played by 2 to 4 players, got 5
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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
    "MAX_TARGET",
    "MIN_PLAYERS",
    "PRESETS",
    "RoundLeader",
    "Rules",
    "TieAtTop",
    "apply_house_rule",
    "get_rules",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_TARGET = 100


class TieAtTop(enum.Enum):
    """What happens when several players reach the target with the same top score."""

    PLAY_ON = "play-on"  # cardgames.io: more rounds until one player is alone at the top
    SHARE = "share"  # every player tied at the top wins

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"TieAtTop.{self.name}"


class RoundLeader(enum.Enum):
    """Who leads the rounds after the first."""

    WINNER = "winner"  # cardgames.io: the previous round's winner, with any play
    THREE_OF_SPADES = "three-of-spades"  # the holder of 3♠ (the lowest card dealt), with it

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"RoundLeader.{self.name}"


@dataclass(frozen=True, slots=True)
class Rules:
    """Every variation of Thirteen in one validated value; ``Rules()`` is cardgames.io's.

    The constructor validates and raises :class:`~threethirteen.errors.RulesError`
    for a value of the wrong type or out of range.

    >>> Rules() == get_rules("cardgames")
    True
    >>> Rules(target=0)
    Traceback (most recent call last):
    ...
    threethirteen.errors.RulesError: invalid rules 'cardgames': target must be 1 to 100, got 0
    """

    name: str = "cardgames"
    target: int = 10  # points that win the match
    tie_at_top: TieAtTop = TieAtTop.PLAY_ON
    instant_wins: bool = False  # four 2s, or 3 to Ace, win a round at the deal
    four_on_pair_of_twos: bool = False  # four of a kind also beats a pair of 2s
    bomb_after_pass: bool = False  # a player who passed may still bomb 2s
    round_leader: RoundLeader = RoundLeader.WINNER
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        _validate(self)

    def check_players(self, players: int) -> None:
        """Raise :class:`~threethirteen.errors.RulesError` unless 2 to 4 players can play.

        >>> Rules().check_players(1)
        Traceback (most recent call last):
        ...
        threethirteen.errors.RulesError: Thirteen is played by 2 to 4 players, got 1
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"the number of players must be a whole number, got {players!r}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                f"Thirteen is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}"
            )

    def with_options(self, **options: Any) -> Rules:
        """A copy with options replaced; values given as text (``"on"``, ``"15"``) are read.

        Option names take dashes or underscores. Raises
        :class:`~threethirteen.errors.RulesError` for an unknown option or a bad value.

        >>> Rules().with_options(**{"tie-at-top": "share"}).tie_at_top
        TieAtTop.SHARE
        """
        return with_options(self, options, _OPTION_NAMES, _KINDS)

    def options(self) -> dict[str, Any]:
        """The rules as JSON-ready options; :meth:`from_options` reads them back equal.

        >>> Rules().options()["round_leader"]
        'winner'
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

        >>> Rules(bomb_after_pass=True, round_leader=RoundLeader.THREE_OF_SPADES).summary()
        'cardgames: race to 10, ties at the top play on, bombs after a pass, 3♠ leads every round'
        """
        parts = [f"race to {self.target}"]
        parts.append(
            "ties at the top play on"
            if self.tie_at_top is TieAtTop.PLAY_ON
            else "ties at the top share the win"
        )
        if self.instant_wins:
            parts.append("instant wins")
        if self.four_on_pair_of_twos:
            parts.append("four of a kind beats a pair of 2s")
        if self.bomb_after_pass:
            parts.append("bombs after a pass")
        if self.round_leader is RoundLeader.THREE_OF_SPADES:
            parts.append("3♠ leads every round")
        return f"{self.name}: " + ", ".join(parts)


# The options a record stores and a house rule may set (``name`` and ``description``
# label the rules and change no play).
_OPTION_NAMES = (
    "target",
    "tie_at_top",
    "instant_wins",
    "four_on_pair_of_twos",
    "bomb_after_pass",
    "round_leader",
)
_ENUM_FIELDS: dict[str, type[enum.Enum]] = {
    "tie_at_top": TieAtTop,
    "round_leader": RoundLeader,
}
_BOOL_FIELDS = ("instant_wins", "four_on_pair_of_twos", "bomb_after_pass")
_KINDS = OptionKinds(bools=_BOOL_FIELDS, ints=("target",), enums=_ENUM_FIELDS)


def _validate(r: Rules) -> None:
    def bad(message: str) -> RulesError:
        return RulesError(f"invalid rules {r.name!r}: {message}")

    if not isinstance(r.name, str) or not isinstance(r.description, str):
        raise RulesError(f"rules need a text name and description, got {r.name!r}")
    if isinstance(r.target, bool) or not isinstance(r.target, int):
        raise bad(f"target must be a whole number, got {r.target!r}")
    if not 1 <= r.target <= MAX_TARGET:
        raise bad(f"target must be 1 to {MAX_TARGET}, got {r.target}")
    for name, enum_type in _ENUM_FIELDS.items():
        if not isinstance(getattr(r, name), enum_type):
            raise bad(f"{name} must be a {enum_type.__name__}, got {getattr(r, name)!r}")
    for name in _BOOL_FIELDS:
        if not isinstance(getattr(r, name), bool):
            raise bad(f"{name} must be True or False, got {getattr(r, name)!r}")


PRESETS: dict[str, Rules] = {
    "cardgames": Rules(
        name="cardgames",
        description="cardgames.io (seed 003): four players, race to 10 points, ties at the "
        "top play on, no instant wins, the round's winner leads the next round.",
    ),
}

_ALIASES = {
    "cardgames.io": "cardgames",
    "cardgames-io": "cardgames",
    "default": "cardgames",
}

HOUSE_RULES: dict[str, dict[str, Any]] = {
    "instant-wins": {"instant_wins": True},
    "four-on-pair-of-twos": {"four_on_pair_of_twos": True},
    "bomb-after-pass": {"bomb_after_pass": True},
    "three-of-spades-leads": {"round_leader": RoundLeader.THREE_OF_SPADES},
    "winner-leads": {"round_leader": RoundLeader.WINNER},
    "share-ties": {"tie_at_top": TieAtTop.SHARE},
    "play-on-ties": {"tie_at_top": TieAtTop.PLAY_ON},
}
"""Named house rules: each a set of options applied on top of any preset."""


def get_rules(name: str) -> Rules:
    """The preset called ``name`` (case-insensitive; ``cardgames.io`` and ``default`` too).

    Raises :class:`~threethirteen.errors.RulesError` naming the known presets.

    >>> get_rules("CardGames.io").name
    'cardgames'
    >>> get_rules("southern")
    Traceback (most recent call last):
    ...
    threethirteen.errors.RulesError: unknown Thirteen rules preset 'southern'; known: cardgames
    """
    return preset(name, PRESETS, _ALIASES, "Thirteen")


def apply_house_rule(rules: Rules, spec: str) -> Rules:
    """Apply one house rule: a name from :data:`HOUSE_RULES` or ``option=value``.

    Raises :class:`~threethirteen.errors.RulesError` for an unknown name or a bad value.

    >>> apply_house_rule(Rules(), "bomb-after-pass=on").bomb_after_pass
    True
    >>> apply_house_rule(Rules(), "three-of-spades-leads").round_leader
    RoundLeader.THREE_OF_SPADES
    """
    return house_rule(rules, spec, HOUSE_RULES, "Thirteen")
