"""The old module paths still work: each re-exports its former public names, the same objects.

The core of Three-Thirteen moved to ``threethirteen.games.three_thirteen`` (the solver
to its ``solver`` package); users and plug-in bots import ``threethirteen.melds``,
``threethirteen.state`` and the rest, so each old module stays as a short module
re-exporting what it had. The names below are each old module's ``__all__`` before
the move (plus ``DEFAULT_CONTRACTS``, public and imported by users of
``threethirteen.rules``).

Three-Thirteen's bots moved the same way, from ``threethirteen.bots`` into the game's
own ``bots`` package; ``threethirteen.bots.heuristic`` and the rest stay as short
modules, and ``threethirteen.bots`` and ``threethirteen.bots.base`` keep their names.
"""

from __future__ import annotations

import importlib

import pytest

NEW = "threethirteen.games.three_thirteen"

# old module -> (new module, its former public names)
FORMER: dict[str, tuple[str, list[str]]] = {
    "rules": (
        "rules",
        [
            "DEFAULT_CONTRACTS",
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
        ],
    ),
    "actions": ("actions", ["Action", "Discard", "Draw", "GoOut", "Source", "parse_action"]),
    "state": (
        "state",
        ["Deal", "MatchState", "Phase", "dealer_generator", "round_generator", "solver_for"],
    ),
    "views": (
        "views",
        [
            "Event",
            "EventKind",
            "EventLog",
            "Phase",
            "PlayerView",
            "Turn",
            "known_holdings",
            "round_turns",
            "unseen_cards",
        ],
    ),
    "scoring": ("scoring", ["RoundEnd", "RoundResult", "ScoreSheet", "winners"]),
    "distance": ("distance", ["closer_draws", "draw_brings_closer", "draws_to_go_out"]),
    "worlds": ("worlds", ["card_weights", "public_signals", "sample_world"]),
    "inference": ("inference", ["infer_worlds", "play_log_likelihood"]),
    "view_json": (
        "view_json",
        [
            "Arrangements",
            "ViewJsonError",
            "decode_arrangement",
            "decode_event",
            "decode_result",
            "decode_view",
            "encode_arrangement",
            "encode_event",
            "encode_result",
            "encode_scores",
            "encode_view",
            "view_fields",
        ],
    ),
    # ``replay`` moved on to its own module (records no longer imports the state).
    "records": ("records", ["FORMAT", "READABLE_VERSIONS", "VERSION", "GameRecord", "RoundRecord"]),
    "melds": (
        "solver",
        [
            "Arrangement",
            "DiscardChoice",
            "HandSolver",
            "Meld",
            "MeldKind",
            "best_discard",
            "is_valid_meld",
            "meld_kind",
            "solve",
        ],
    ),
    "melds_reference": (
        "solver.reference",
        [
            "ReferenceResult",
            "is_reference_run",
            "is_reference_set",
            "reference_best_discard",
            "reference_can_go_out",
            "reference_deadwood",
            "reference_going_out",
            "reference_solve",
        ],
    ),
    # Three-Thirteen's bots: threethirteen.bots.<module> -> <NEW>.bots.<module>
    "bots.random_bot": ("bots.random_bot", ["RandomBot"]),
    "bots.greedy": ("bots.greedy", ["GreedyBot", "deadwood_after_discards"]),
    "bots.simple": ("bots.simple", ["SimpleBot"]),
    "bots.heuristic": ("bots.heuristic", ["TABLE_WEIGHTS", "HeuristicBot", "Weights"]),
    "bots.tracking": ("bots.tracking", ["SeatRead", "read_log"]),
    "bots.feeding": (
        "bots.feeding",
        ["FEATURES", "FEEDING_MODEL", "FeedingModel", "feeding_features"],
    ),
    "bots.outlook": ("bots.outlook", ["lead_in_spreads", "match_value", "remaining_spread"]),
    "bots.montecarlo": (
        "bots.montecarlo",
        [
            "RACE_TABLES",
            "TABLE_NEAR",
            "MonteCarloBot",
            "SearchStats",
            "match_value",
            "race_penalties",
            "remaining_spread",
            "rollout",
        ],
    ),
    "bots.ismcts": ("bots.ismcts", ["IsmctsBot", "tree_moves"]),
}


@pytest.mark.parametrize("old", sorted(FORMER))
def test_the_old_module_re_exports_its_former_names(old: str) -> None:
    new_name, names = FORMER[old]
    before = importlib.import_module(f"threethirteen.{old}")
    after = importlib.import_module(f"{NEW}.{new_name}")
    for name in names:
        assert getattr(before, name) is getattr(after, name), f"threethirteen.{old}.{name}"
    expected = set(names) | ({"replay"} if old == "records" else set())
    assert set(before.__all__) == expected
    assert f"{NEW}.{new_name}" in (before.__doc__ or "")  # it says where the code went


def test_replay_is_still_importable_from_records() -> None:
    from threethirteen.games.three_thirteen.replay import replay
    from threethirteen.records import replay as old_replay

    assert old_replay is replay


def test_old_and_new_paths_give_one_class() -> None:
    from threethirteen.games.three_thirteen.solver import HandSolver as New
    from threethirteen.games.three_thirteen.state import MatchState
    from threethirteen.melds import HandSolver as Old
    from threethirteen.rules import get_rules
    from threethirteen.state import MatchState as OldState

    assert Old is New and OldState is MatchState
    state = OldState.new(get_rules("classic"), 2, seed=1)
    assert isinstance(state, MatchState) and isinstance(state.solver, Old)


def test_the_bots_package_keeps_its_names() -> None:
    import threethirteen.bots as shared
    import threethirteen.games.three_thirteen.bots as own

    classes = ("RandomBot", "GreedyBot", "SimpleBot", "HeuristicBot", "MonteCarloBot", "IsmctsBot")
    for name in classes:
        assert getattr(shared, name) is getattr(own, name), name
    assert tuple(own.REGISTRY) == shared.BOT_NAMES
    assert shared.DIFFICULTIES is own.DIFFICULTIES
    assert shared.game_bots("three-thirteen") == (own.REGISTRY, own.DIFFICULTIES)
    assert type(shared.make_bot("Medium")) is own.HeuristicBot


def test_base_re_exports_the_draws() -> None:
    from threethirteen.bots import base
    from threethirteen.games.three_thirteen.bots import draws

    assert (base.STOCK, base.TAKE, base.forced_draw) == (draws.STOCK, draws.TAKE, draws.forced_draw)
    assert base.forced_draw is draws.forced_draw
    assert {"STOCK", "TAKE", "forced_draw", "play_match", "close_bot", "decisions"} <= set(
        base.__all__
    )
