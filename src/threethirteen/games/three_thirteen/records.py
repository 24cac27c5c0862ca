"""Versioned JSON game records of Three-Thirteen: :class:`GameRecord` and its JSON.

A record is event-sourced: the rules, the seed, the seats and every action
rebuild the match; the deals, the round scores, the totals and the winners are
stored too, so that :func:`~threethirteen.games.three_thirteen.replay.replay` can
check the rebuilt match against them and a person can read the file. The format
is documented in ``docs/record-format.md``; :data:`FORMAT`, :data:`VERSION` and,
from version 3, :data:`GAME` head every file.

This module holds the data and its JSON only: a record is made by
:meth:`~threethirteen.games.three_thirteen.state.MatchState.record` and replayed by
:mod:`~threethirteen.games.three_thirteen.replay`, which import it (it imports
neither, so the arrows point one way).

Version 3 records name their game (``"game": "three-thirteen"``); versions 2 and 3
are replayed: the seed gives each round's deal through the round's own generator
(:func:`threethirteen.games.three_thirteen.state.round_generator`). Version 1
records (one generator for the whole match) are still read, and written back
unchanged, but :func:`~threethirteen.games.three_thirteen.replay.replay` refuses
them: this engine no longer deals them. A record of another game is refused.

Every problem with a file (not JSON, a foreign format, another game, an unknown
version, a missing or mistyped field, bad notation) raises
:class:`~threethirteen.errors.RecordError` with a message that says where.

>>> try:
...     GameRecord.from_json('{"format": "chess-pgn"}')
... except RecordError as exc:
...     print(exc)
not a threethirteen record: format is 'chess-pgn', expected 'threethirteen-record'
>>> try:
...     GameRecord.from_json('{"format": "threethirteen-record", "version": 1, "game": "thirteen"}')
... except RecordError as exc:
...     print(exc)
this is a thirteen record, not a three-thirteen one: open it with the thirteen game
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from threethirteen.cards import Card, format_cards, parse_cards
from threethirteen.errors import RecordError, ThreeThirteenError
from threethirteen.games.three_thirteen.actions import Action, parse_action
from threethirteen.games.three_thirteen.rules import Rules
from threethirteen.jsonfields import (
    FORMAT,
    get_field,
    get_int,
    get_list,
    kind_of,
    parse_record,
    record_text,
)

__all__ = [
    "FORMAT",
    "GAME",
    "READABLE_VERSIONS",
    "REPLAYABLE_VERSIONS",
    "VERSION",
    "GameRecord",
    "Recordable",
    "RoundRecord",
]

GAME = "three-thirteen"  # the ``game`` field of version 3 on: the registry name
VERSION = 3  # the version written
READABLE_VERSIONS = (1, 2, 3)  # read (and written back as they are)
REPLAYABLE_VERSIONS = (2, 3)  # dealt as this engine deals (a generator a round)
GAME_FROM = 3  # the first version that names its game


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round of a record: the deal, the actions in order, and the scores.

    ``hands`` are sorted; ``actions`` pairs each action with the seat that made
    it; ``scores`` is None while the round is unfinished.
    """

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    up: Card
    actions: tuple[tuple[int, Action], ...]
    scores: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole match (or a match in progress) as data; JSON with :meth:`to_json`.

    ``winners`` is None until the match is over. ``version`` is the format
    version (:data:`VERSION` for a record made here; an older one when read from
    an older file). Build one from a state with
    :meth:`~threethirteen.games.three_thirteen.state.MatchState.record`, read one
    with :meth:`from_json` (raises :class:`RecordError`), rebuild the match with
    :func:`threethirteen.games.three_thirteen.replay.replay`.
    """

    rules: Rules
    seed: int
    players: int
    names: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...] | None
    version: int = VERSION

    @property
    def finished(self) -> bool:
        return self.winners is not None

    @classmethod
    def from_state(cls, state: Recordable, names: Sequence[str] | None = None) -> GameRecord:
        """The record of ``state`` so far: ``state.record(names)``; :class:`RecordError` for
        bad names. (A match writes its own record: this module does not import the match's,
        which imports this one.)"""
        return state.record(names)

    # -- JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :meth:`to_json` writes)."""
        head: dict[str, Any] = {"format": FORMAT, "version": self.version}
        if self.version >= GAME_FROM:
            head["game"] = GAME
        return {
            **head,
            "rules": self.rules.options(),
            "seed": self.seed,
            "players": self.players,
            "seats": list(self.names),
            "rounds": [
                {
                    "round": r.number,
                    "dealer": r.dealer,
                    "hands": [format_cards(hand) for hand in r.hands],
                    "up": str(r.up),
                    "actions": [[seat, str(action)] for seat, action in r.actions],
                    "scores": None if r.scores is None else list(r.scores),
                }
                for r in self.rounds
            ],
            "totals": list(self.totals),
            "winners": None if self.winners is None else list(self.winners),
        }

    def to_json(self) -> str:
        """The record as JSON text, one round a line; :meth:`from_json` reads it back equal."""
        return record_text(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record; raises :class:`RecordError` saying what is wrong and where."""
        return cls.from_dict(parse_record(text))

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record from parsed JSON; raises :class:`RecordError`."""
        if not isinstance(data, Mapping):
            raise RecordError(
                f"not a threethirteen record: expected a JSON object, got {kind_of(data)}"
            )
        fmt = data.get("format")
        if fmt != FORMAT:
            raise RecordError(f"not a threethirteen record: format is {fmt!r}, expected {FORMAT!r}")
        game = data.get("game", GAME)
        if game != GAME:
            # Another game's record (whatever its version): say whose it is.
            name = game if isinstance(game, str) else repr(game)
            raise RecordError(
                f"this is a {name[:40]} record, not a {GAME} one: open it with the {name[:40]} game"
            )
        version = data.get("version")
        if (
            isinstance(version, bool)
            or not isinstance(version, int)
            or version not in READABLE_VERSIONS
        ):
            raise RecordError(
                f"unsupported record version {version!r}: this threethirteen reads versions "
                f"{', '.join(str(v) for v in READABLE_VERSIONS[:-1])} and {READABLE_VERSIONS[-1]}"
            )
        if version >= GAME_FROM and "game" not in data:
            raise RecordError(
                f"record: missing field 'game' (a version {version} record names its game, "
                f"{GAME!r})"
            )
        rules_data = get_field(data, "rules", Mapping, "record")
        try:
            rules = Rules.from_options(rules_data)
        except ThreeThirteenError as exc:
            raise RecordError(f"record: bad rules: {exc}") from exc
        seed = get_int(data, "seed", "record")
        players = get_int(data, "players", "record")
        names = tuple(get_list(data, "seats", str, "record"))
        if len(names) != players:
            raise RecordError(f"record: {len(names)} seat names for {players} players")
        raw_rounds = get_field(data, "rounds", list, "record")
        rounds = tuple(
            _read_round(raw, index, players) for index, raw in enumerate(raw_rounds, start=1)
        )
        totals = tuple(get_list(data, "totals", int, "record"))
        if len(totals) != players:
            raise RecordError(f"record: {len(totals)} totals for {players} players")
        raw_winners = data.get("winners", _MISSING)
        if raw_winners is _MISSING:
            raise RecordError("record: missing field 'winners'")
        winners = None if raw_winners is None else tuple(get_list(data, "winners", int, "record"))
        return cls(rules, seed, players, names, rounds, totals, winners, version)


_MISSING = object()


def _read_round(raw: Any, index: int, players: int) -> RoundRecord:
    where = f"record: round entry {index}"
    if not isinstance(raw, Mapping):
        raise RecordError(f"{where}: expected an object, got {kind_of(raw)}")
    number = get_int(raw, "round", where)
    where = f"record: round {number}"
    dealer = get_int(raw, "dealer", where)
    hand_texts = get_list(raw, "hands", str, where)
    if len(hand_texts) != players:
        raise RecordError(f"{where}: {len(hand_texts)} hands for {players} players")
    up_text = get_field(raw, "up", str, where)
    try:
        hands = tuple(parse_cards(text) for text in hand_texts)
        up = Card.parse(up_text)
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}: bad deal: {exc}") from exc
    actions: list[tuple[int, Action]] = []
    for number_in_round, entry in enumerate(get_field(raw, "actions", list, where), start=1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
        ):
            raise RecordError(
                f'{where}, action {number_in_round}: expected [seat, "action"], got {entry!r}'
            )
        try:
            action = parse_action(entry[1])
        except ThreeThirteenError as exc:
            raise RecordError(f"{where}, action {number_in_round}: {exc}") from exc
        actions.append((entry[0], action))
    if "scores" not in raw:
        raise RecordError(f"{where}: missing field 'scores'")
    scores = None
    if raw["scores"] is not None:
        scores = tuple(get_list(raw, "scores", int, where))
        if len(scores) != players:
            raise RecordError(f"{where}: {len(scores)} scores for {players} players")
    return RoundRecord(number, dealer, hands, up, tuple(actions), scores)


class Recordable(Protocol):
    """What :meth:`GameRecord.from_state` needs: a match that writes its own record."""

    def record(self, names: Sequence[str] | None = None) -> GameRecord: ...
