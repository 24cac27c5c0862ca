"""Thirteen's :class:`~threethirteen.game.Game` object, :data:`GAME`, for the registry.

The shared layers (records, bots, the server, the command line) reach Thirteen
only through this object: its rules and presets, a new match, its notation, and
its records.

>>> from threethirteen.games import get_game
>>> game = get_game("thirteen")
>>> game is GAME, game.title, game.presets, game.player_counts
(True, 'Thirteen', ('cardgames',), (2, 3, 4))
>>> game.rules(house=["target=5", "instant-wins"]).summary()
'cardgames: race to 5, ties at the top play on, instant wins'
>>> state = game.new_match(game.rules(), 4, seed=11)
>>> str(state.stage), len(state.hand(state.current))
('play', 13)
>>> game.parse_action("play 3s 4s 5h")
Play.parse('play 3S 4S 5H')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from threethirteen.errors import RulesError
from threethirteen.game import Game, MatchState, RoundOutcome
from threethirteen.games.thirteen import record as _record
from threethirteen.games.thirteen.actions import Action, parse_action
from threethirteen.games.thirteen.rules import HOUSE_RULES, Rules, apply_house_rule, get_rules
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.view_json import decode_view, view_to_json
from threethirteen.games.thirteen.views import ThirteenView

__all__ = ["GAME", "ThirteenGame"]


@dataclass(frozen=True, slots=True)
class ThirteenGame:
    """Thirteen as the platform sees it: points are good (``higher_wins``), 2 to 4 players."""

    name: str = "thirteen"
    title: str = "Thirteen"
    presets: tuple[str, ...] = ("cardgames",)
    default_preset: str = "cardgames"
    higher_wins: bool = True
    player_counts: tuple[int, ...] = (2, 3, 4)

    def house_rules(self) -> dict[str, dict[str, Any]]:
        """The named house rules (``docs/thirteen.md``): name -> the options it sets."""
        return {name: dict(options) for name, options in HOUSE_RULES.items()}

    def rules(self, preset: str | None = None, house: Sequence[str] = ()) -> Rules:
        """The rules of ``preset`` (default ``cardgames``) with each house rule applied.

        Raises :class:`~threethirteen.errors.RulesError` quoting an unknown preset,
        house rule or value.
        """
        rules = get_rules(self.default_preset if preset is None else preset)
        if isinstance(house, str):
            house = (house,)
        for spec in house:
            rules = apply_house_rule(rules, spec)
        return rules

    def rules_from_options(self, options: Mapping[str, Any]) -> Rules:
        """Rules from their option dictionary; raises RulesError."""
        return Rules.from_options(options)

    def rules_options(self, rules: Any) -> dict[str, Any]:
        """The option dictionary of Thirteen ``rules``; raises RulesError for other rules."""
        if not isinstance(rules, Rules):
            raise RulesError(f"not Thirteen rules: {rules!r}")
        return rules.options()

    def new_match(self, rules: Any, players: int, seed: int | None = None) -> ThirteenState:
        """A new match, dealt; raises RulesError for a player count outside 2 to 4."""
        return ThirteenState.new(rules, players, seed)

    def parse_action(self, text: str) -> Action:
        """An action from notation (``pass``, ``play 3S 4S 5H``); raises NotationError."""
        return parse_action(text)

    def record(self, state: Any, names: Sequence[str]) -> dict[str, Any]:
        """The record of a Thirteen match so far, as JSON-ready data."""
        if not isinstance(state, ThirteenState):
            raise RulesError(f"not a Thirteen match: {state!r}")
        return _record.record_of(state, names)

    def replay(self, data: Mapping[str, Any]) -> ThirteenState:
        """Rebuild and check the match a record describes; raises RecordError saying where."""
        return _record.replay(data)

    def view_to_json(self, view: ThirteenView) -> dict[str, Any]:
        return view_to_json(view)

    def decode_view(self, data: Any, rules: Rules) -> ThirteenView:
        return decode_view(data, rules)

    def round_outcomes(self, state: Any) -> tuple[RoundOutcome, ...]:
        """Each scored round: the seat that finished first won it and went out (an
        instant win too); raises RulesError for another game's match.

        >>> import random
        >>> state, rng = GAME.new_match(GAME.rules(house=["target=3"]), 3, seed=3), random.Random(0)
        >>> while str(state.stage) == "play":
        ...     _ = state.apply(rng.choice(state.legal_actions()))
        >>> state.results[0].order, GAME.round_outcomes(state)
        ((1, 2, 0), (RoundOutcome(best=(1,), out=1),))
        """
        if not isinstance(state, ThirteenState):
            raise RulesError(f"not a Thirteen match: {state!r}")
        return tuple(RoundOutcome((result.winner,), result.winner) for result in state.results)

    def legal_plays_text(
        self,
        rules: Any,
        hand: Sequence[str],
        table: Sequence[str] | None,
        *,
        first_lead: bool = False,
    ) -> tuple[str, ...]:
        """Every legal play of ``hand`` on ``table`` in notation (``threethirteen legal``)."""
        # query sits beside this module and is needed only by that command.
        from threethirteen.games.thirteen.query import legal_plays_text

        if not isinstance(rules, Rules):
            raise RulesError(f"not Thirteen rules: {rules!r}")
        return legal_plays_text(rules, hand, table, first_lead=first_lead)


GAME = ThirteenGame()
"""The Thirteen game object the registry finds."""


def _conforms(game: ThirteenGame, state: ThirteenState) -> tuple[Game, MatchState]:
    # mypy checks here that the game object and its state meet the platform's protocols.
    return game, state
