"""Rummy's :class:`~threethirteen.game.Game` object, :data:`GAME`, for the registry.

The shared layers (records, bots, the server, the command line) reach Rummy only
through this object: its rules and presets, a new match, its notation, and its
records.

>>> from threethirteen.games import get_game
>>> game = get_game("rummy")
>>> game is GAME, game.title, game.presets, game.player_counts, game.higher_wins
(True, 'Rummy', ('cardgames',), (2, 3, 4, 5, 6), False)
>>> game.rules(house=["target=50", "ace-high"]).summary()
'cardgames: to 50, Q-K-A runs'
>>> state = game.new_match(game.rules(), 2, seed=11)
>>> str(state.stage), len(state.hand(state.current))
('play', 10)
>>> game.parse_action("lay 7h on 2")
LayOff(Card.parse('7H'), 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from threethirteen.errors import RulesError
from threethirteen.game import Game, MatchState, RoundOutcome
from threethirteen.games.rummy import record as _record
from threethirteen.games.rummy.actions import Action, parse_action
from threethirteen.games.rummy.rules import HOUSE_RULES, Rules, apply_house_rule, get_rules
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.view_json import decode_view, view_to_json
from threethirteen.games.rummy.views import RummyView

__all__ = ["GAME", "RummyGame"]


@dataclass(frozen=True, slots=True)
class RummyGame:
    """Rummy as the platform sees it: points are penalties (``higher_wins`` False),
    2 to 6 players."""

    name: str = "rummy"
    title: str = "Rummy"
    presets: tuple[str, ...] = ("cardgames",)
    default_preset: str = "cardgames"
    higher_wins: bool = False
    player_counts: tuple[int, ...] = (2, 3, 4, 5, 6)

    def house_rules(self) -> dict[str, dict[str, Any]]:
        """The named house rules (``docs/rummy.md``): name -> the options it sets."""
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
        """The option dictionary of Rummy ``rules``; raises RulesError for other rules."""
        if not isinstance(rules, Rules):
            raise RulesError(f"not Rummy rules: {rules!r}"[:120])
        return rules.options()

    def new_match(self, rules: Any, players: int, seed: int | None = None) -> RummyState:
        """A new match, dealt; raises RulesError for a player count outside 2 to 6."""
        return RummyState.new(rules, players, seed)

    def parse_action(self, text: str) -> Action:
        """An action from notation (``draw``, ``meld 4H 5H 6H``, ...); raises NotationError."""
        return parse_action(text)

    def record(self, state: Any, names: Sequence[str]) -> dict[str, Any]:
        """The record of a Rummy match so far, as JSON-ready data."""
        if not isinstance(state, RummyState):
            raise RulesError(f"not a Rummy match: {state!r}"[:120])
        return _record.record_of(state, names)

    def replay(self, data: Mapping[str, Any]) -> RummyState:
        """Rebuild and check the match a record describes; raises RecordError saying where."""
        return _record.replay(data)

    def view_to_json(self, view: RummyView) -> dict[str, Any]:
        return view_to_json(view)

    def decode_view(self, data: Any, rules: Rules) -> RummyView:
        return decode_view(data, rules)

    def round_outcomes(self, state: Any) -> tuple[RoundOutcome, ...]:
        """Each finished hand: the seat that went out won it; a void hand has no winner.

        Raises RulesError for another game's match.

        >>> import random
        >>> rules, rng = GAME.rules(house=["target=10", "cards_dealt=3"]), random.Random(0)
        >>> state = GAME.new_match(rules, 2, seed=4)
        >>> while str(state.stage) != "match-over":
        ...     if str(state.stage) == "round-over":
        ...         state.next_round()
        ...     else:
        ...         _ = state.apply(rng.choice(state.legal_actions()))
        >>> [result.points for result in state.results], GAME.round_outcomes(state)
        ([(0, 0), (0, 22)], (RoundOutcome(best=(), out=None), RoundOutcome(best=(0,), out=0)))
        """
        if not isinstance(state, RummyState):
            raise RulesError(f"not a Rummy match: {state!r}"[:120])
        return tuple(
            RoundOutcome(() if result.out is None else (result.out,), result.out)
            for result in state.results
        )


GAME = RummyGame()
"""The Rummy game object the registry finds."""


def _conforms(game: RummyGame, state: RummyState) -> tuple[Game, MatchState]:
    # mypy checks here that the game object and its state meet the platform's protocols.
    return game, state
