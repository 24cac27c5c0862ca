"""One validated :class:`Rules` object holds every variation; presets are named entries.

A preset is a complete ``Rules`` value; house rules are options applied on top of
any preset with :meth:`Rules.with_options` (field names) or :func:`apply_house_rule`
(named bundles such as ``six-fourteen``). Invalid values and impossible
combinations raise :class:`~threethirteen.errors.RulesError`; nothing is ever
silently replaced by a default.

>>> rules = get_rules("classic")
>>> rules.round_spec(1)
RoundSpec(number=1, hand_size=3, wild_rank=Rank.THREE, contract=None, multiplier=1)
>>> rules.round_spec(11).wild_rank
Rank.KING
>>> get_rules("bga").card_penalty(Card.parse("QS"), Rank.KING)
12
>>> get_rules("checkers")
Traceback (most recent call last):
...
threethirteen.errors.RulesError: unknown rules preset 'checkers'; known: app, bga, classic
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from threethirteen.cards import Card, Rank
from threethirteen.errors import RulesError

__all__ = [
    "HOUSE_RULES",
    "PRESETS",
    "AceMode",
    "Contract",
    "DealerChoice",
    "EmptyStock",
    "FaceScoring",
    "RoundSpec",
    "Rules",
    "TieBreak",
    "apply_house_rule",
    "get_rules",
    "wild_rank_for_hand_size",
]


class AceMode(enum.Enum):
    """Where an ace may stand in a run."""

    LOW = "low"  # A-2-3 only
    HIGH = "high"  # Q-K-A only
    EITHER = "either"  # A-2-3 or Q-K-A, never K-A-2
    WRAP = "wrap"  # around the corner too: K-A-2

    def __str__(self) -> str:
        return self.value


class FaceScoring(enum.Enum):
    """Penalty of J, Q and K left in hand."""

    TEN = "ten"  # 10 each
    RANK = "rank"  # J=11, Q=12, K=13

    def __str__(self) -> str:
        return self.value


class DealerChoice(enum.Enum):
    """How the first dealer is chosen (the player left of the dealer starts)."""

    CUT = "cut"  # high-card cut from the shuffled shoe, ties cut again
    RANDOM = "random"  # uniformly at random from the match's generator
    FIRST_SEAT = "first-seat"  # seat 0 deals, seat 1 starts (fixed; tests, tutorials)

    def __str__(self) -> str:
        return self.value


class TieBreak(enum.Enum):
    """What happens when several players share the lowest total."""

    MOST_ZERO_ROUNDS = "most-zero-rounds"  # more rounds scored 0 wins; still tied: shared
    SHARED = "shared"  # every tied player wins
    NO_WINNER = "no-winner"  # nobody wins the match

    def __str__(self) -> str:
        return self.value


class EmptyStock(enum.Enum):
    """What happens when a player must draw from an empty stock."""

    RESHUFFLE = "reshuffle"  # the discard pile but its top card is shuffled into a new stock
    END_ROUND = "end-round"  # the round is scored as it stands

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Contract:
    """The smallest numbers of sets and runs a going-out arrangement must contain."""

    sets: int = 0
    runs: int = 0

    def __post_init__(self) -> None:
        if self.sets < 0 or self.runs < 0:
            raise RulesError(f"a contract needs non-negative counts: {self!r}")

    @property
    def min_cards(self) -> int:
        return 3 * (self.sets + self.runs)

    def __str__(self) -> str:
        parts = []
        if self.sets:
            parts.append(f"{self.sets} set{'s' if self.sets > 1 else ''}")
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''}")
        return " + ".join(parts) or "any melds"


def wild_rank_for_hand_size(hand_size: int) -> Rank:
    """The round's wild rank: the rank equal to the hand size, Aces for 14 cards.

    With 14 cards (the last round of Six-Fourteen) the Aces are wild: the ace is
    the rank after the King, as in ace-high counting.
    """
    if 3 <= hand_size <= 13:
        return Rank(hand_size)
    if hand_size == 14:
        return Rank.ACE
    raise RulesError(f"hand size {hand_size} has no wild rank; hand sizes run from 3 to 14")


@dataclass(frozen=True, slots=True)
class RoundSpec:
    """Everything that depends on the round: its size, its wild rank, its contract."""

    number: int  # 1-based position in the match
    hand_size: int
    wild_rank: Rank
    contract: Contract | None  # None: any arrangement goes out
    multiplier: int  # penalty multiplier (2 in a doubled final round)


# The contract schedule of the "contracts" house rule, by hand size (Contract Rummy's
# patterns; rounds too small for two melds go out with any arrangement).
DEFAULT_CONTRACTS: Mapping[int, Contract] = {
    6: Contract(sets=2),
    7: Contract(sets=1, runs=1),
    8: Contract(runs=2),
    9: Contract(sets=3),
    10: Contract(sets=2, runs=1),
    11: Contract(sets=1, runs=2),
    12: Contract(runs=3),
    13: Contract(sets=4),
    14: Contract(sets=3, runs=1),
}


_DEFAULT_SCHEDULE = tuple(sorted(DEFAULT_CONTRACTS.items()))


@dataclass(frozen=True, slots=True)
class Rules:
    """Every variation of Three-Thirteen in one validated, immutable value.

    Construct from a preset with :func:`get_rules` and vary with
    :meth:`with_options`; the constructor validates and raises
    :class:`RulesError` on any impossible value.
    """

    name: str = "custom"
    min_players: int = 2
    max_players: int = 8
    # Decks by player count: (from_players, decks) pairs, ascending.
    # A third deck from 7 players, so that the default (2 to 8 players) can deal 13 cards.
    decks_by_players: tuple[tuple[int, int], ...] = ((2, 2), (7, 3))
    jokers: int = 0  # jokers in the shoe, always wild
    hand_sizes: tuple[int, ...] = tuple(range(3, 14))
    aces: AceMode = AceMode.LOW
    ace_points: int = 1
    face_scoring: FaceScoring = FaceScoring.TEN
    wild_penalty: int = 15  # a round-rank card left unmelded
    joker_penalty: int = 15  # a joker left unmelded
    all_wild_melds: bool = True  # may a meld hold no card standing for itself?
    max_wilds_per_meld: int | None = None  # None: no cap
    lay_off: bool = False  # final-turn players may extend the melds on the table
    # (hand_size, contract) pairs; a pair for a size no round deals is harmless, so that
    # the default schedule applies whichever hand sizes are chosen, in either order.
    contracts: tuple[tuple[int, Contract], ...] = ()
    double_final_round: bool = False
    auto_go_out: bool = False  # a discard that leaves a fully melded hand goes out by itself
    discard_taken_card: bool = True  # may the card just taken from the pile be discarded?
    first_dealer: DealerChoice = DealerChoice.CUT
    tie_break: TieBreak = TieBreak.MOST_ZERO_ROUNDS
    empty_stock: EmptyStock = EmptyStock.RESHUFFLE
    # Stall rule: after this many turns in one round it is scored as it stands.
    turn_limit: int | None = 400
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        _validate(self)

    # -- derived values ---------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """The number of rounds in a match."""
        return len(self.hand_sizes)

    def decks_for(self, players: int) -> int:
        """The number of decks shuffled together for ``players`` players."""
        decks = self.decks_by_players[0][1]
        for from_players, count in self.decks_by_players:
            if players >= from_players:
                decks = count
        return decks

    def shoe_size(self, players: int) -> int:
        return 52 * self.decks_for(players) + self.jokers

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless ``players`` can play under these rules."""
        if not self.min_players <= players <= self.max_players:
            takes = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise RulesError(
                f"{players} player{'' if players == 1 else 's'} cannot play {self.name!r}: "
                f"it takes {takes} players"
            )
        need = players * max(self.hand_sizes) + 2  # hands, the up-card, one stock card
        have = self.shoe_size(players)
        if need > have:
            raise RulesError(
                f"{players} players need at least {need} cards for hands of "
                f"{max(self.hand_sizes)}, but {self.name!r} shuffles only {have}"
            )

    def round_spec(self, number: int) -> RoundSpec:
        """The :class:`RoundSpec` of round ``number`` (1-based)."""
        if not 1 <= number <= self.rounds:
            raise RulesError(
                f"round {number} does not exist: {self.name!r} has rounds 1 to {self.rounds}"
            )
        size = self.hand_sizes[number - 1]
        contract = dict(self.contracts).get(size)
        multiplier = 2 if self.double_final_round and number == self.rounds else 1
        return RoundSpec(number, size, wild_rank_for_hand_size(size), contract, multiplier)

    def round_for_hand(self, cards: int) -> int:
        """The round a hand of ``cards`` cards belongs to, or just drew in.

        The round whose hand size is ``cards``; failing that, the round whose hand
        size is ``cards - 1`` (a hand after drawing). Raises :class:`RulesError`.
        """
        for size in (cards, cards - 1):
            if size in self.hand_sizes:
                return self.hand_sizes.index(size) + 1
        raise RulesError(
            f"no round of {self.name!r} deals {cards} or {cards - 1} cards "
            f"(hand sizes {self.hand_sizes[0]} to {self.hand_sizes[-1]}); give the round"
        )

    def is_wild(self, card: Card, wild_rank: Rank) -> bool:
        """Jokers are always wild; so is every card of the round's wild rank."""
        return card.rank is None or card.rank is wild_rank

    def card_penalty(self, card: Card, wild_rank: Rank) -> int:
        """The penalty of ``card`` left unmelded in a round whose wild rank is ``wild_rank``."""
        rank = card.rank
        if rank is None:
            return self.joker_penalty
        if rank is wild_rank:
            return self.wild_penalty
        if rank is Rank.ACE:
            return self.ace_points
        if rank >= Rank.JACK:
            return 10 if self.face_scoring is FaceScoring.TEN else int(rank)
        return int(rank)

    def with_options(self, **options: Any) -> Rules:
        """A copy with fields replaced; values given as text are converted.

        Raises :class:`RulesError` for an unknown option or an invalid value.
        """
        known = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for key, value in options.items():
            name = key.replace("-", "_")
            if name not in known:
                raise RulesError(f"unknown rules option {key!r}; known: {', '.join(sorted(known))}")
            changes[name] = _convert(name, value, getattr(self, name))
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """The fields as JSON-ready values; ``Rules.from_options`` reads them back."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`options` output; raises :class:`RulesError`."""
        if not isinstance(options, Mapping):
            raise RulesError(f"rules must be an object of options, got {options!r}")
        return cls().with_options(**dict(options))

    def summary(self) -> str:
        """A one-line description for people."""
        parts = [f"{self.rounds} rounds of {self.hand_sizes[0]}-{self.hand_sizes[-1]} cards"]
        if self.jokers:
            parts.append(f"{self.jokers} jokers")
        parts.append(f"aces {self.aces}")
        if self.lay_off:
            parts.append("laying off")
        if self.max_wilds_per_meld is not None:
            parts.append(f"at most {self.max_wilds_per_meld} wild a meld")
        if not self.all_wild_melds:
            parts.append("no all-wild melds")
        if self.contracts:
            parts.append("contracts")
        if self.double_final_round:
            parts.append("final round doubled")
        return f"{self.name}: " + ", ".join(parts)


_ENUM_FIELDS: dict[str, type[enum.Enum]] = {
    "aces": AceMode,
    "face_scoring": FaceScoring,
    "first_dealer": DealerChoice,
    "tie_break": TieBreak,
    "empty_stock": EmptyStock,
}


def _to_json(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Contract):
        return {"sets": value.sets, "runs": value.runs}
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _convert(name: str, value: Any, current: Any) -> Any:
    """Turn option text or JSON into the field's type; raises :class:`RulesError`."""
    try:
        if name in _ENUM_FIELDS:
            enum_type = _ENUM_FIELDS[name]
            if isinstance(value, enum_type):
                return value
            try:
                return enum_type(str(value).lower())
            except ValueError:
                valid = ", ".join(member.value for member in enum_type)
                raise RulesError(
                    f"bad value {value!r} for rules option {name!r}; valid: {valid}"
                ) from None
        if name == "contracts":
            if value in ("default", True, "true", "on"):
                return _DEFAULT_SCHEDULE
            if value in ("none", False, "false", "off", None):
                return ()
            return tuple(
                (
                    int(size),
                    c if isinstance(c, Contract) else Contract(int(c["sets"]), int(c["runs"])),
                )
                for size, c in value
            )
        if name == "decks_by_players":
            if isinstance(value, str):
                value = [part.split(":") for part in value.split(",")]
            return tuple((int(a), int(b)) for a, b in value)
        if name == "hand_sizes":
            if isinstance(value, str):
                if "-" in value:
                    lo, hi = value.split("-")
                    return tuple(range(int(lo), int(hi) + 1))
                value = value.split(",")
            return tuple(int(v) for v in value)
        if name == "max_wilds_per_meld" or name == "turn_limit":
            if value in (None, "none", "off", ""):
                return None
            return _to_int(value)
        if isinstance(current, bool):
            return _to_bool(value)
        if isinstance(current, int):
            return _to_int(value)
        if isinstance(current, str):
            return str(value)
    except (ValueError, TypeError, KeyError) as exc:
        if isinstance(exc, RulesError):
            raise
        raise RulesError(f"bad value {value!r} for rules option {name!r}") from exc
    raise RulesError(f"bad value {value!r} for rules option {name!r}")


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(value)


def _to_int(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int):
        return value
    return int(str(value).strip())


def _validate(r: Rules) -> None:
    def bad(message: str) -> RulesError:
        return RulesError(f"invalid rules {r.name!r}: {message}")

    for name, enum_type in _ENUM_FIELDS.items():
        if not isinstance(getattr(r, name), enum_type):
            raise bad(f"{name} must be a {enum_type.__name__}, got {getattr(r, name)!r}")
    if not 2 <= r.min_players <= r.max_players:
        raise bad(f"players must satisfy 2 <= min ({r.min_players}) <= max ({r.max_players})")
    if not r.decks_by_players or r.decks_by_players[0][0] > r.min_players:
        raise bad(
            f"decks_by_players {r.decks_by_players!r} must start at or below "
            f"{r.min_players} players"
        )
    steps = [p for p, _ in r.decks_by_players]
    if steps != sorted(set(steps)) or any(d < 1 for _, d in r.decks_by_players):
        raise bad(f"decks_by_players {r.decks_by_players!r} must ascend with at least one deck")
    if r.jokers < 0:
        raise bad(f"jokers must be >= 0, got {r.jokers}")
    if not r.hand_sizes:
        raise bad("there must be at least one round")
    for size in r.hand_sizes:
        if not 3 <= size <= 14:
            raise bad(f"hand size {size} is outside 3..14")
    for name in ("ace_points", "wild_penalty", "joker_penalty"):
        if getattr(r, name) < 0:
            raise bad(f"{name} must be >= 0, got {getattr(r, name)}")
    if r.max_wilds_per_meld is not None and r.max_wilds_per_meld < 0:
        raise bad(f"max_wilds_per_meld must be None or >= 0, got {r.max_wilds_per_meld}")
    for size, contract in r.contracts:
        if not 3 <= size <= 14:
            raise bad(f"a contract names hand size {size}, outside 3..14")
        if contract.min_cards > size:
            raise bad(
                f"contract {contract} needs {contract.min_cards} cards but the hand holds {size}"
            )
    if r.turn_limit is not None and r.turn_limit < 1:
        raise bad(f"turn_limit must be None or >= 1, got {r.turn_limit}")
    for p in range(r.min_players, r.max_players + 1):
        r.check_players(p)


PRESETS: dict[str, Rules] = {
    "classic": Rules(
        name="classic",
        min_players=2,
        max_players=8,
        decks_by_players=((2, 2), (7, 3)),
        jokers=0,
        aces=AceMode.LOW,
        ace_points=1,
        face_scoring=FaceScoring.TEN,
        wild_penalty=15,
        joker_penalty=20,
        first_dealer=DealerChoice.CUT,
        tie_break=TieBreak.MOST_ZERO_ROUNDS,
        description="The classic rules (seed 000): 2-8 players, no jokers, aces low.",
    ),
    "bga": Rules(
        name="bga",
        min_players=2,
        max_players=6,
        decks_by_players=((2, 2),),
        jokers=4,
        aces=AceMode.EITHER,
        ace_points=15,
        face_scoring=FaceScoring.RANK,
        wild_penalty=50,
        joker_penalty=50,
        first_dealer=DealerChoice.RANDOM,
        tie_break=TieBreak.SHARED,
        description="Board Game Arena (seed 001): 108 cards with 4 jokers, ace high or low.",
    ),
    "app": Rules(
        name="app",
        min_players=4,
        max_players=4,
        decks_by_players=((2, 2),),
        jokers=0,
        aces=AceMode.LOW,
        ace_points=1,
        face_scoring=FaceScoring.TEN,
        wild_penalty=15,
        joker_penalty=20,
        all_wild_melds=True,
        auto_go_out=True,
        first_dealer=DealerChoice.RANDOM,
        tie_break=TieBreak.NO_WINNER,
        description="The Three-Thirteen Rummy app (seed 004): you and three computer players.",
    ),
}

_ALIASES = {
    "standard": "classic",
    "boardgamearena": "bga",
    "board-game-arena": "bga",
    "3-13": "classic",
}


# Named house rules: each is a set of options applied on top of any preset.
HOUSE_RULES: dict[str, dict[str, Any]] = {
    "jokers": {"jokers": 4, "joker_penalty": 20},
    "lay-off": {"lay_off": True},
    "one-wild-per-meld": {"max_wilds_per_meld": 1},
    "no-all-wild-melds": {"all_wild_melds": False},
    "all-wild-melds": {"all_wild_melds": True},
    "aces-high": {"aces": AceMode.HIGH},
    "aces-either": {"aces": AceMode.EITHER},
    "aces-wrap": {"aces": AceMode.WRAP},
    "face-rank-points": {"face_scoring": FaceScoring.RANK},
    "ace-15": {"ace_points": 15},
    "six-fourteen": {"hand_sizes": tuple(range(6, 15))},
    "shortened": {"hand_sizes": tuple(range(5, 13))},
    "contracts": {"contracts": "default"},
    "double-final": {"double_final_round": True},
    "third-deck-at-7": {"decks_by_players": ((2, 2), (7, 3))},
    "no-discard-taken": {"discard_taken_card": False},
}


def get_rules(name: str) -> Rules:
    """The preset called ``name`` (case-insensitive, aliases accepted).

    Raises :class:`RulesError` naming the known presets.
    """
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in PRESETS:
        raise RulesError(f"unknown rules preset {name!r}; known: {', '.join(sorted(PRESETS))}")
    return PRESETS[key]


def apply_house_rule(rules: Rules, spec: str) -> Rules:
    """Apply one house rule: a bundle name (``six-fourteen``) or ``option=value``.

    Raises :class:`RulesError` for an unknown name or a bad value.
    """
    if "=" in spec:
        key, value = spec.split("=", 1)
        return rules.with_options(**{key.strip(): value.strip()})
    key = spec.strip().lower()
    if key not in HOUSE_RULES:
        raise RulesError(
            f"unknown house rule {spec!r}; known: {', '.join(sorted(HOUSE_RULES))}, or option=value"
        )
    return rules.with_options(**HOUSE_RULES[key])
