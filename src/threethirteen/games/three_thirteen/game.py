"""Three-Thirteen as one game of the platform: ``GAME``, its :class:`~threethirteen.game.Game`.

The registry (:func:`threethirteen.games.get_game`) finds it by the name
``three-thirteen``; the shared layers reach the game's rules, matches, notation and
records through it.

>>> GAME.name, GAME.title, GAME.presets, GAME.higher_wins
('three-thirteen', 'Three-Thirteen', ('classic', 'bga', 'app'), False)
>>> rules = GAME.rules("bga", ["lay-off"])
>>> rules.lay_off, rules.jokers
(True, 4)
>>> state = GAME.new_match(GAME.rules(None, ["hand_sizes=3"]), 2, seed=1)
>>> print(state.stage, state.current == (state.dealer + 1) % 2)
play True
>>> GAME.parse_action("draw stock")
Draw(Source.STOCK)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from threethirteen.errors import RecordError
from threethirteen.game import Game, RoundOutcome
from threethirteen.games.three_thirteen.actions import Action, parse_action
from threethirteen.games.three_thirteen.records import GAME as GAME_NAME
from threethirteen.games.three_thirteen.records import GameRecord
from threethirteen.games.three_thirteen.replay import replay
from threethirteen.games.three_thirteen.rules import (
    HOUSE_RULES,
    PRESETS,
    Rules,
    apply_house_rule,
    get_rules,
)
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.view_json import decode_view, encode_view
from threethirteen.games.three_thirteen.views import PlayerView

__all__ = ["GAME", "ThreeThirteen"]


class ThreeThirteen:
    """The :class:`~threethirteen.game.Game` of Three-Thirteen: penalty points, lowest wins."""

    name = GAME_NAME
    title = "Three-Thirteen"
    presets: tuple[str, ...] = tuple(PRESETS)  # classic first: the default
    default_preset = presets[0]
    higher_wins = False
    # Every player count some preset seats (classic 2-8, bga 2-6, app 4).
    player_counts: tuple[int, ...] = tuple(
        range(
            min(r.min_players for r in PRESETS.values()),
            max(r.max_players for r in PRESETS.values()) + 1,
        )
    )

    def house_rules(self) -> dict[str, dict[str, Any]]:
        """The named house rules (``docs/rules.md``): name -> the options it sets."""
        return {name: dict(options) for name, options in HOUSE_RULES.items()}

    def rules(self, preset: str | None = None, house: Sequence[str] = ()) -> Rules:
        """The preset (default ``classic``) with each house rule applied in order;
        :class:`~threethirteen.errors.RulesError` quoting an unknown name or bad value."""
        rules = get_rules(self.default_preset if preset is None else preset)
        for spec in house:
            rules = apply_house_rule(rules, spec)
        return rules

    def rules_from_options(self, options: Mapping[str, Any]) -> Rules:
        return Rules.from_options(options)

    def rules_options(self, rules: Rules) -> dict[str, Any]:
        return rules.options()

    def new_match(self, rules: Rules, players: int, seed: int | None = None) -> MatchState:
        return MatchState.new(rules, players, seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def record(self, state: MatchState, names: Sequence[str]) -> dict[str, Any]:
        """The record's JSON-ready data (version 3: ``"game": "three-thirteen"``)."""
        return state.record(names).to_dict()

    def replay(self, data: Mapping[str, Any]) -> MatchState:
        """The match a record's data describes, checked; :class:`RecordError` saying where
        (another game's record, a version 1 record, a deal the seed does not make ...)."""
        if not isinstance(data, Mapping):
            raise RecordError(f"not a game record: expected a JSON object, got {data!r:.40}")
        return replay(GameRecord.from_dict(data))

    def view_to_json(self, view: PlayerView) -> dict[str, Any]:
        # Without the solver's hints (arrangement, can_go_out, best_discard are null): an
        # engine is measured on its own reading of the hand.
        return encode_view(view, hints=False)

    def decode_view(self, data: Any, rules: Rules) -> PlayerView:
        return decode_view(rules, data)

    def round_outcomes(self, state: MatchState) -> tuple[RoundOutcome, ...]:
        """Each scored round: the seats with its lowest penalty (ties all), and who went out.

        >>> import random
        >>> state, rng = GAME.new_match(GAME.rules(None, ["hand_sizes=3"]), 3, 1), random.Random(0)
        >>> while str(state.stage) == "play":
        ...     _ = state.apply(rng.choice(state.legal_actions()))
        >>> state.results[0].penalties, GAME.round_outcomes(state)
        ((11, 0, 16), (RoundOutcome(best=(1,), out=1),))
        """
        outcomes: list[RoundOutcome] = []
        for result in state.results:
            low = min(result.penalties)
            best = tuple(seat for seat, p in enumerate(result.penalties) if p == low)
            outcomes.append(RoundOutcome(best, result.out_seat))
        return tuple(outcomes)

    def __repr__(self) -> str:
        return "GAME"


GAME = ThreeThirteen()
"""The one Three-Thirteen game object."""

_CHECKED: Game = GAME  # mypy checks here that it meets the Game protocol
