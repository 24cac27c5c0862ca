"""Versioned JSON game records, and replaying them into a :class:`MatchState`.

A record is event-sourced: the rules, the seed, the seats and every action
rebuild the match; the deals, the round scores, the totals and the winners are
stored too, so that :func:`replay` can check the rebuilt match against them and
a person can read the file. The format is documented in
``docs/record-format.md``; :data:`FORMAT` and :data:`VERSION` head every file.

Version 2 records are replayed: the seed gives each round's deal through the
round's own generator (:func:`threethirteen.state.round_generator`). Version 1
records (one generator for the whole match) are still read, and written back
unchanged, but :func:`replay` refuses them: this engine no longer deals them.

Every problem with a file (not JSON, a foreign format, an unknown version, a
missing or mistyped field, bad notation, an illegal action, a deal or a score
that the seed and actions do not reproduce) raises
:class:`~threethirteen.errors.RecordError` with a message that says where.

>>> from threethirteen.bots import make_bot, play_match
>>> from threethirteen.rules import get_rules
>>> played = play_match(get_rules("classic"), [make_bot("greedy"), make_bot("greedy")], seed=5)
>>> text = played.record.to_json()
>>> GameRecord.from_json(text) == played.record
True
>>> replay(GameRecord.from_json(text)).scores == played.state.scores
True
>>> try:
...     GameRecord.from_json('{"format": "chess-pgn"}')
... except RecordError as exc:
...     print(exc)
not a threethirteen record: format is 'chess-pgn', expected 'threethirteen-record'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from threethirteen.actions import Action, parse_action
from threethirteen.cards import Card, format_cards, parse_cards
from threethirteen.errors import IllegalActionError, RecordError, ThreeThirteenError
from threethirteen.rules import Rules
from threethirteen.state import MatchState, Phase

__all__ = ["FORMAT", "READABLE_VERSIONS", "VERSION", "GameRecord", "RoundRecord", "replay"]

FORMAT = "threethirteen-record"
VERSION = 2  # the version written and replayed
READABLE_VERSIONS = (1, 2)  # read (and written back as they are); only VERSION replays


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
    :meth:`threethirteen.state.MatchState.record`, read one with
    :meth:`from_json` (raises :class:`RecordError`), rebuild the match with
    :func:`replay`.
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
    def from_state(cls, state: MatchState, names: Sequence[str] | None = None) -> GameRecord:
        """The record of ``state`` so far; raises :class:`RecordError` for bad names."""
        if names is None:
            names = [f"seat {seat}" for seat in range(state.players)]
        names = tuple(names)
        if len(names) != state.players or not all(isinstance(n, str) for n in names):
            raise RecordError(f"a record needs {state.players} seat names (text), got {names!r}")
        rounds = []
        for index, (deal, events) in enumerate(state.history):
            scores = state.results[index].penalties if index < len(state.results) else None
            actions = tuple((e.seat, e.action) for e in events if e.action is not None)
            rounds.append(
                RoundRecord(deal.number, deal.dealer, deal.hands, deal.up, actions, scores)
            )
        return cls(
            rules=state.rules,
            seed=state.seed,
            players=state.players,
            names=names,
            rounds=tuple(rounds),
            totals=state.scores.totals,
            winners=state.winners() if state.phase is Phase.MATCH_OVER else None,
        )

    # -- JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :meth:`to_json` writes)."""
        return {
            "format": FORMAT,
            "version": self.version,
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
        data = self.to_dict()
        lines = []
        for key, value in data.items():
            if key == "rounds" and value:
                inner = ",\n".join("  " + _dumps(r) for r in value)
                text = f"[\n{inner}\n ]"
            else:
                text = _dumps(value)
            lines.append(f" {_dumps(key)}: {text}")
        return "{\n" + ",\n".join(lines) + "\n}\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record; raises :class:`RecordError` saying what is wrong and where."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"not a game record: invalid JSON at line {exc.lineno} column {exc.colno}: "
                f"{exc.msg}"
            ) from exc
        except UnicodeDecodeError as exc:
            raise RecordError(f"not a game record: the file is not UTF-8 text ({exc})") from exc
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record from parsed JSON; raises :class:`RecordError`."""
        if not isinstance(data, Mapping):
            raise RecordError(
                f"not a threethirteen record: expected a JSON object, got {_kind(data)}"
            )
        fmt = data.get("format")
        if fmt != FORMAT:
            raise RecordError(f"not a threethirteen record: format is {fmt!r}, expected {FORMAT!r}")
        version = data.get("version")
        if (
            isinstance(version, bool)
            or not isinstance(version, int)
            or version not in READABLE_VERSIONS
        ):
            raise RecordError(
                f"unsupported record version {version!r}: this threethirteen reads versions "
                f"{' and '.join(str(v) for v in READABLE_VERSIONS)}"
            )
        rules_data = _get(data, "rules", Mapping, "record")
        try:
            rules = Rules.from_options(rules_data)
        except ThreeThirteenError as exc:
            raise RecordError(f"record: bad rules: {exc}") from exc
        seed = _get_int(data, "seed", "record")
        players = _get_int(data, "players", "record")
        names = tuple(_get_list(data, "seats", str, "record"))
        if len(names) != players:
            raise RecordError(f"record: {len(names)} seat names for {players} players")
        raw_rounds = _get(data, "rounds", list, "record")
        rounds = tuple(
            _read_round(raw, index, players) for index, raw in enumerate(raw_rounds, start=1)
        )
        totals = tuple(_get_list(data, "totals", int, "record"))
        if len(totals) != players:
            raise RecordError(f"record: {len(totals)} totals for {players} players")
        raw_winners = data.get("winners", _MISSING)
        if raw_winners is _MISSING:
            raise RecordError("record: missing field 'winners'")
        winners = None if raw_winners is None else tuple(_get_list(data, "winners", int, "record"))
        return cls(rules, seed, players, names, rounds, totals, winners, version)


_MISSING = object()


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


_TYPE_NAMES = {Mapping: "an object", list: "a list", str: "text", int: "an integer"}


def _get(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}: missing field {key!r}")
    value = data[key]
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise RecordError(
            f"{where}: field {key!r} must be {_TYPE_NAMES[kind]}, got {_kind(value)} {value!r}"
        )
    return value


def _get_int(data: Mapping[str, Any], key: str, where: str) -> int:
    value: int = _get(data, key, int, where)
    return value


def _get_list(data: Mapping[str, Any], key: str, item: type, where: str) -> list[Any]:
    values: list[Any] = _get(data, key, list, where)
    for value in values:
        ok = isinstance(value, item) and not (item is int and isinstance(value, bool))
        if not ok:
            raise RecordError(
                f"{where}: every entry of {key!r} must be {_TYPE_NAMES[item]}, got {value!r}"
            )
    return values


def _read_round(raw: Any, index: int, players: int) -> RoundRecord:
    where = f"record: round entry {index}"
    if not isinstance(raw, Mapping):
        raise RecordError(f"{where}: expected an object, got {_kind(raw)}")
    number = _get_int(raw, "round", where)
    where = f"record: round {number}"
    dealer = _get_int(raw, "dealer", where)
    hand_texts = _get_list(raw, "hands", str, where)
    if len(hand_texts) != players:
        raise RecordError(f"{where}: {len(hand_texts)} hands for {players} players")
    up_text = _get(raw, "up", str, where)
    try:
        hands = tuple(parse_cards(text) for text in hand_texts)
        up = Card.parse(up_text)
    except ThreeThirteenError as exc:
        raise RecordError(f"{where}: bad deal: {exc}") from exc
    actions: list[tuple[int, Action]] = []
    for number_in_round, entry in enumerate(_get(raw, "actions", list, where), start=1):
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
        scores = tuple(_get_list(raw, "scores", int, where))
        if len(scores) != players:
            raise RecordError(f"{where}: {len(scores)} scores for {players} players")
    return RoundRecord(number, dealer, hands, up, tuple(actions), scores)


def replay(record: GameRecord) -> MatchState:
    """Rebuild the match of ``record`` from its rules, seed and actions, checking it.

    Returns the state after the last recorded action (``MATCH_OVER`` for a
    finished match). Raises :class:`RecordError` quoting the first difference:
    a deal, a dealer or a score the seed does not reproduce, an action by the
    wrong seat or an illegal one, wrong totals or winners; and for a record of
    an older version than :data:`VERSION`, whose deals this engine does not make.
    """
    if record.version != VERSION:
        raise RecordError(
            f"record version {record.version} cannot be replayed: its seed dealt every "
            f"round from one generator for the whole match, and this threethirteen deals "
            f"each round from its own (version {VERSION}); the record can still be read"
        )
    try:
        state = MatchState.new(record.rules, record.players, record.seed)
    except ThreeThirteenError as exc:
        raise RecordError(f"record cannot start its match: {exc}") from exc
    if not record.rounds:
        raise RecordError("record has no rounds")
    if len(record.rounds) > record.rules.rounds:
        raise RecordError(
            f"record has {len(record.rounds)} rounds, but its rules play {record.rules.rounds}"
        )
    last = len(record.rounds) - 1
    for index, rnd in enumerate(record.rounds):
        if index > 0:
            state.next_round()
        _replay_round(state, rnd, is_last=index == last)
    if record.winners is not None:
        if state.phase is not Phase.ROUND_OVER or state.round_number != record.rules.rounds:
            raise RecordError(
                f"record names winners {list(record.winners)}, but its match is not over "
                f"(round {state.round_number} of {record.rules.rounds}, phase {state.phase})"
            )
        state.next_round()
        if state.winners() != record.winners:
            raise RecordError(
                f"record names winners {list(record.winners)}, but the replayed match's "
                f"winners are {list(state.winners())}"
            )
    if state.scores.totals != record.totals:
        raise RecordError(
            f"record totals {list(record.totals)} differ from the replayed totals "
            f"{list(state.scores.totals)}"
        )
    return state


def _replay_round(state: MatchState, rnd: RoundRecord, *, is_last: bool) -> None:
    where = f"record round {rnd.number}"
    if rnd.number != state.round_number:
        raise RecordError(f"{where}: expected round {state.round_number} here")
    deal = state.deal
    if rnd.dealer != deal.dealer:
        raise RecordError(
            f"{where}: the record's dealer is seat {rnd.dealer}, the seed's {deal.dealer}"
        )
    for seat, (recorded, dealt) in enumerate(zip(rnd.hands, deal.hands, strict=True)):
        if tuple(sorted(recorded, key=Card.sort_key)) != dealt:
            raise RecordError(
                f"{where}: seat {seat} was dealt {format_cards(dealt)!r} by the seed, "
                f"but the record says {format_cards(recorded)!r}"
            )
    if rnd.up != deal.up:
        raise RecordError(
            f"{where}: the up card is {deal.up} by the seed, the record says {rnd.up}"
        )
    for number, (seat, action) in enumerate(rnd.actions, start=1):
        if state.phase not in (Phase.DRAW, Phase.DISCARD):
            raise RecordError(
                f"{where}, action {number} (seat {seat}: {str(action)!r}): "
                "the round is already over"
            )
        if seat != state.current:
            raise RecordError(
                f"{where}, action {number} (seat {seat}: {str(action)!r}): seat "
                f"{state.current} is to act"
            )
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{where}, action {number}: {exc}") from exc
    over = state.phase is Phase.ROUND_OVER
    if rnd.scores is None:
        if over:
            raise RecordError(f"{where}: the round ends after its actions, but it has no scores")
        if not is_last:
            raise RecordError(f"{where}: the round is unfinished, but more rounds follow")
        return
    if not over:
        raise RecordError(
            f"{where}: the record scores the round, but after its {len(rnd.actions)} actions "
            f"it is not over (phase {state.phase}, seat {state.current} to act)"
        )
    replayed = state.results[-1].penalties
    if replayed != rnd.scores:
        raise RecordError(
            f"{where}: the record's scores {list(rnd.scores)} differ from the replayed "
            f"{list(replayed)}"
        )
