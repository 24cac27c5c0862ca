"""What the table service needs of each game, over the game interface.

A table names its game (``three-thirteen``, ``thirteen``, ``rummy``: the registry's
names, :mod:`threethirteen.games`), and the service reaches the game only through the
:class:`TableGame` of that name (:func:`table_game`): its rules from a preset and house
rules, its notation, a new match, whether a match is decided, its record, its bots and
stand-in, the view a seat is sent and the hint in it, and a step of a replay.

:class:`TableGame` does all of it through :class:`threethirteen.game.Game`, so a game
added to the registry plays at the web tables with no change here; the view a seat
gets is the game's engine-protocol view (``Game.view_to_json``) with the ``hint``
added. Three-Thirteen, the first game, keeps the view and the replay it had before
the platform (``docs/protocol.md``: the revealed arrangements, the score sheet, the
wild rank): :class:`ThreeThirteenTable` supplies them.

>>> table_game("rummy").default_seats, table_game("thirteen").default_opponents
(2, 3)
>>> table_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.server.protocol.ProtocolError: unknown game 'chess'; known: three-thirteen, ...
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from threethirteen.bots import Bot, bot_name, game_bots, make_bot
from threethirteen.bots.game_hints import reason_for
from threethirteen.bots.hints import encode_hint
from threethirteen.errors import NotationError, ThreeThirteenError
from threethirteen.game import Game, MatchState, Stage
from threethirteen.games import GAME_NAMES, get_game
from threethirteen.games.three_thirteen.records import GameRecord
from threethirteen.games.three_thirteen.state import MatchState as ThreeThirteenState
from threethirteen.server.protocol import QUOTE_LIMIT, ProtocolError, encode_view_json, quote
from threethirteen.server.protocol import encode_table_view as encode_three_thirteen_view
from threethirteen.server.replays import replay_step as three_thirteen_replay_step

__all__ = ["DEFAULT_GAME", "TableGame", "ThreeThirteenTable", "game_options", "table_game"]

DEFAULT_GAME = "three-thirteen"
"""The game of a table whose request names none (every request accepted before the
platform had more games means what it meant)."""

# Seats of an online table and opponents of a solo one, when the request names none.
_DEFAULT_SEATS = {"three-thirteen": 4, "thirteen": 4, "rummy": 2}

_TURN_PHASES = {"three-thirteen": "draw", "rummy": "draw"}

_HINT_SEED = 0  # hints are the medium bot's move: the same position, the same hint


class TableGame:
    """One game as the table service plays it: everything through :class:`Game`.

    ``default_seats`` is an online table's seat count when its request names none,
    ``default_opponents`` a solo table's; ``stand_in`` is the registry name of the
    bot that plays for an absent or timed-out player (the game's ``medium``).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.name = game.name
        self.default_seats = _DEFAULT_SEATS.get(game.name, min(game.player_counts))
        self.default_opponents = self.default_seats - 1
        self.stand_in = game_bots(game.name)[1]["medium"]
        # The phase a turn starts in, for games whose turn is several moves.
        self._turn_phase = _TURN_PHASES.get(game.name)
        self._hints = threading.local()

    def __repr__(self) -> str:
        return f"table_game({self.name!r})"

    # -- rules --------------------------------------------------------------------------

    def rules(self, preset: object, house: object) -> Any:
        """The rules of ``preset`` (None: the game's default) with ``house`` applied;
        ``ProtocolError`` (``unknown-preset``, ``bad-rules``) quoting what is wrong."""
        if preset is None:
            preset = self.game.default_preset
        if not isinstance(preset, str):
            raise ProtocolError(
                "unknown-preset", f"a preset must be text, got {quote(preset)}", preset
            )
        if not isinstance(house, list | tuple) or not all(isinstance(h, str) for h in house):
            raise ProtocolError(
                "bad-rules", f"house must be a list of text, got {quote(house)}", house
            )
        if preset not in self.game.presets:
            known = ", ".join(self.game.presets)
            raise ProtocolError(
                "unknown-preset",
                f"{self.game.title} has no preset {quote(preset)}; known: {known}",
                preset,
            )
        rules = self.game.rules(preset)
        for i, spec in enumerate(house):  # one at a time, to quote the one refused
            try:
                rules = self.game.rules(preset, house[: i + 1])
            except ThreeThirteenError as exc:
                raise ProtocolError("bad-rules", str(exc), spec) from exc
        return rules

    def rules_from_options(self, options: Mapping[str, Any]) -> Any:
        """Stored rules back (a row's ``rules``)."""
        return self.game.rules_from_options(options)

    def rules_options(self, rules: Any) -> dict[str, Any]:
        return self.game.rules_options(rules)

    def rules_object(self, preset: str, house: Sequence[str], rules: Any) -> dict[str, Any]:
        """The ``rules`` of the table object."""
        return {
            "preset": preset,
            "house": list(house),
            "name": rules.name,
            "summary": rules.summary(),
            "options": self.game.rules_options(rules),
        }

    def check_players(self, rules: Any, seats: object) -> int:
        """``seats`` when the rules seat that many, else ``ProtocolError('bad-request')``."""
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise ProtocolError(
                "bad-request", f"seats must be a whole number, got {quote(seats)}", seats
            )
        try:
            rules.check_players(seats)
        except ThreeThirteenError as exc:
            raise ProtocolError("bad-request", str(exc), seats) from exc
        return seats

    # -- play ---------------------------------------------------------------------------

    def new_match(self, rules: Any, players: int, seed: int) -> Any:
        return self.game.new_match(rules, players, seed)

    def parse_action(self, text: str) -> Any:
        """An action from a client's notation; ``ProtocolError('bad-notation')``."""
        if len(text) > 4 * QUOTE_LIMIT:  # far above any game's longest move
            raise ProtocolError("bad-notation", f"not an action: {quote(text)}", text)
        try:
            return self.game.parse_action(text)
        except NotationError as exc:
            raise ProtocolError("bad-notation", str(exc), text) from exc

    def turn_start(self, state: Any) -> bool:
        """Whether the seat to act is at the start of its turn (a player the stand-in
        played for takes the seat back only then, and a turn the timer ends counts once
        however many of its moves the timer plays). A turn of Three-Thirteen and of
        Rummy starts with the draw; each of Thirteen's plays or passes is a turn."""
        if self._turn_phase is None:
            return True
        return bool(state.phase.value == self._turn_phase)

    def decided(self, state: MatchState) -> bool:
        """In ``ROUND_OVER``: whether the next :meth:`~MatchState.next_round` ends the match
        (asked of a copy: the interface says when, not how, a match ends)."""
        probe = state.copy()
        probe.next_round()
        return probe.stage is Stage.MATCH_OVER

    def record_text(self, state: Any, names: Sequence[str]) -> str:
        """The finished match's record, as the store keeps it (``docs/record-format.md``)."""
        return json.dumps(self.game.record(state, names), separators=(",", ":"))

    def load_record(self, text: str) -> Any:
        """A stored record read back, checked by replaying it: its JSON-ready data
        (Three-Thirteen: its :class:`GameRecord`)."""
        data = json.loads(text)
        self.game.replay(data)
        return data

    def record_export(self, text: str) -> str:
        """A stored record as ``GET /api/matches/ID/record`` serves it (checked first)."""
        return json.dumps(self.load_record(text), indent=1)

    def record_summary(self, text: str) -> dict[str, Any]:
        """What the history lists of a stored record: names, totals, winners, rounds."""
        data = json.loads(text)
        return {
            "names": list(data["seats"]),
            "totals": list(data["totals"]),
            "winners": data.get("winners"),
            "rounds": len(data["rounds"]),
        }

    # -- bots ---------------------------------------------------------------------------

    def resolve_bot(self, requested: object) -> str:
        """The registry name of a difficulty or bot of this game, or
        ``ProtocolError('unknown-bot')``."""
        if not isinstance(requested, str):
            raise ProtocolError(
                "unknown-bot", f"a bot is named by text, got {quote(requested)}", requested
            )
        try:
            return bot_name(requested, self.name)
        except ThreeThirteenError as exc:
            raise ProtocolError("unknown-bot", str(exc), requested) from exc

    def make_bot(self, name: str, seed: int | None) -> Bot:
        bot: Bot = make_bot(name, seed, game=self.name)
        return bot

    def difficulties(self) -> list[dict[str, Any]]:
        """The difficulty names, the bot each maps to, and whether that bot exists."""
        out = []
        registry, levels = game_bots(self.name)
        for level, bot in levels.items():
            out.append({"name": level, "bot": bot, "available": bot in registry})
        return out

    # -- views --------------------------------------------------------------------------

    def hint(self, view: Any) -> dict[str, Any] | None:
        """The web view's ``hint``: the ``medium`` bot's move for the seat to act, or None.

        ``{"action": "play 4S 4H", "key": "hint.beatLowest", "params": {"cards": "4S 4H",
        ...}, "text": ...}``, as Three-Thirteen's hints are shaped: the reason as a key
        the browser translates (:func:`~threethirteen.bots.game_hints.reason_for`), and
        English text. A game without reasons sends ``hint.medium`` (``params``: the
        ``action``)."""
        if not view.legal_actions:
            return None
        move = self._hint_bot().choose(view)
        action = str(move)
        reason = reason_for(self.name, view, move)
        if reason is not None:
            return {"action": action, **reason.to_json()}
        return {
            "action": action,
            "key": "hint.medium",
            "params": {"action": action},
            "text": f"The medium bot would play {action}.",
        }

    def _hint_bot(self) -> Bot:
        """This thread's ``medium`` bot for hints: made once (making one costs as much as a
        decision), one a thread since a bot may keep scratch state while it decides."""
        bot: Bot | None = getattr(self._hints, "bot", None)
        if bot is None:
            bot = make_bot(self.stand_in, _HINT_SEED, game=self.name)
            self._hints.bot = bot
        return bot

    def view_data(self, state: Any, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` (None: a spectator, who sees no hand) the web table gets."""
        if seat is None:
            data = self.game.view_to_json(state.view(0))
            data.update(seat=None, hand=[], legal_actions=[], hint=None)
            return data
        view = state.view(seat)
        data = self.game.view_to_json(view)
        data["hint"] = self.hint(view)
        return data

    def view_text(self, state: Any, seat: int | None, texts: Any) -> str:
        """``json.dumps(self.view_data(state, seat))`` (``texts``: the table's cache)."""
        return json.dumps(self.view_data(state, seat))

    # -- replays ------------------------------------------------------------------------

    def replay_step(self, text: str, step: object) -> dict[str, Any]:
        """The position after ``step`` of a finished match (every hand shown), as the
        replay endpoint returns it: step 0 is the first deal, each action one step,
        each later deal one step. ``ProtocolError('bad-request')`` for a step out of range.
        """
        data = json.loads(text)
        rounds = data["rounds"]
        total = sum(1 + len(r["actions"]) for r in rounds)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < total:
            raise ProtocolError(
                "bad-request", f"step {step!r} is not a step of this match: 0 to {total - 1}", step
            )
        rules = self.game.rules_from_options(data["rules"])
        state = self.game.new_match(rules, int(data["players"]), int(data["seed"]))
        action: dict[str, Any] | None = None
        position = 0
        for index, rnd in enumerate(rounds):
            if index > 0:
                state.next_round()
                position += 1
            if position == step:
                break
            for seat, text_action in rnd["actions"]:
                state.apply(self.game.parse_action(text_action))
                position += 1
                if position == step:
                    action = {"seat": seat, "action": text_action}
                    break
            if position == step:
                break
        view = self.game.view_to_json(state.view(0))
        hands = [self.game.view_to_json(state.view(s))["hand"] for s in range(state.players)]
        view.update(seat=None, hand=[], legal_actions=[], hint=None, hands=hands)
        return {
            "game": self.name,
            "step": step,
            "steps": total,
            "round": state.round_number,
            "action": action,
            "names": list(data["seats"]),
            "view": view,
        }


class ThreeThirteenTable(TableGame):
    """Three-Thirteen: the view with its revealed arrangements and score sheet, hints
    with reasons, the record and replay formats it has always had."""

    def view_data(self, state: Any, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return encode_three_thirteen_view(state.view(0), own=False)
        return encode_three_thirteen_view(state.view(seat))

    def view_text(self, state: Any, seat: int | None, texts: Any) -> str:
        if seat is None:
            return encode_view_json(state.view(0), texts.results, texts.log, own=False)
        return encode_view_json(
            state.view(seat), texts.results, texts.log, arrangements=texts.arrangements
        )

    def hint(self, view: Any) -> dict[str, Any] | None:
        return encode_hint(view)

    def decided(self, state: MatchState) -> bool:
        assert isinstance(state, ThreeThirteenState)
        return state.round_number >= state.rules.rounds

    def record_text(self, state: Any, names: Sequence[str]) -> str:
        text: str = state.record(names).to_json()
        return text

    def load_record(self, text: str) -> GameRecord:
        return GameRecord.from_json(text)

    def record_export(self, text: str) -> str:
        exported: str = GameRecord.from_json(text).to_json()
        return exported

    def record_summary(self, text: str) -> dict[str, Any]:
        record = GameRecord.from_json(text)
        return {
            "names": list(record.names),
            "totals": list(record.totals),
            "winners": None if record.winners is None else list(record.winners),
            "rounds": len(record.rounds),
        }

    def replay_step(self, text: str, step: object) -> dict[str, Any]:
        return {"game": self.name, **three_thirteen_replay_step(GameRecord.from_json(text), step)}  # type: ignore[arg-type]


def table_game(name: object) -> TableGame:
    """The :class:`TableGame` of a registry name; ``ProtocolError('unknown-game')`` quoting
    anything else."""
    if not isinstance(name, str) or name not in GAME_NAMES:
        known = ", ".join(GAME_NAMES)
        raise ProtocolError("unknown-game", f"unknown game {quote(name)}; known: {known}", name)
    return _table_game(name)


@cache
def _table_game(name: str) -> TableGame:
    game = get_game(name)
    return ThreeThirteenTable(game) if name == DEFAULT_GAME else TableGame(game)


def game_options(name: str) -> dict[str, Any]:
    """What ``GET /api/options`` says of one game: its presets (each with its summary,
    description and the player counts it seats), its house rules, difficulties, bots,
    and the seats and opponents a request gets when it names none."""
    kind = table_game(name)
    game = kind.game
    presets = []
    for preset in game.presets:
        rules = game.rules(preset)
        seats = [n for n in game.player_counts if _seats(rules, n)]
        presets.append(
            {
                "name": preset,
                "summary": rules.summary(),
                "description": rules.description,
                "min_players": min(seats),
                "max_players": max(seats),
            }
        )
    return {
        "name": game.name,
        "title": game.title,
        "higher_wins": game.higher_wins,
        "default_preset": game.default_preset,
        "presets": presets,
        "house_rules": [
            {"name": rule, "options": _plain(options)}
            for rule, options in game.house_rules().items()
        ],
        "difficulties": kind.difficulties(),
        "bots": list(game_bots(name)[0]),
        "default_seats": kind.default_seats,
        "default_opponents": kind.default_opponents,
    }


def _seats(rules: Any, players: int) -> bool:
    try:
        rules.check_players(players)
    except ThreeThirteenError:
        return False
    return True


def _plain(options: Mapping[str, Any]) -> dict[str, Any]:
    """House rule options as JSON: enums by their value."""
    return {k: v if isinstance(v, bool | int | str | tuple) else str(v) for k, v in options.items()}
