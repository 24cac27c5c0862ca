"""The tournament lab playing Thirteen: duplicate deals, figures, documents, merge and compare.

Matches race to 3 points (``target=3``) between ``simple`` and ``random``, so a
tournament takes a fraction of a second. The figures are checked against the
records the lab keeps, read as data (points, totals), not through the code that
computed them.
"""

from __future__ import annotations

import copy
import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from command_line import cli
from threethirteen.engines import EngineSpec
from threethirteen.errors import RulesError, ThreeThirteenError
from threethirteen.games import get_game
from threethirteen.games.thirteen.game import GAME
from threethirteen.lab import BotSummary, TournamentPlan, TournamentResult, run_tournament
from threethirteen.lab.compare import CompareError, compare_runs, load_run
from threethirteen.lab.merge import MergeError, merge_documents
from threethirteen.lab.tournament import _Batch, _play_batch, margin

SHORT = GAME.rules(None, ["target=3"])
BOTS = ["simple", "random"]
# Figures the seed decides (the float sums of rounds won may differ in their last bit
# when parts are added up in another grouping than one run's).
DECIDED = (
    *("seats", "matches", "wins", "win_rate", "win_rate_ci", "mean_total", "mean_margin"),
    *("rounds", "rounds_out", "out_rate", "decisions"),
)


def plan(
    matches: int, seed: int = 7, players: int = 3, bots: list[str] = BOTS, first_deal: int = 0
) -> TournamentPlan:
    return TournamentPlan.build(SHORT, players, bots, matches, seed, first_deal, game="thirteen")


def document(result: TournamentResult, house: str = "target=3") -> dict[str, Any]:
    """The --json document as read back from its file."""
    return dict(json.loads(json.dumps(result.to_dict(house=[house]))))


def outcome(result: TournamentResult) -> dict[str, dict[str, object]]:
    return {name: bot.outcome() for name, bot in result.bots.items()}


@pytest.fixture(scope="module")
def recorded() -> TournamentResult:
    """One simple against two randoms (three seatings), 4 deals, the records kept."""
    return run_tournament(plan(12), keep_records=True)


# -- plans ---------------------------------------------------------------------------------


def test_a_plan_names_its_game_and_checks_rules_players_and_bots() -> None:
    built = TournamentPlan.build(SHORT, 4, ["Heuristic", "simple"], 4, 1, game="Tien-Len")
    assert built.game == "thirteen"  # the registry's name, whatever alias was given
    assert built.seats == ("heuristic", "simple", "simple", "simple")
    assert len(built.seatings) == 4
    with pytest.raises(RulesError, match="are not Thirteen rules"):
        TournamentPlan.build(get_game("three-thirteen").rules(), 2, BOTS, 2, 1, game="thirteen")
    with pytest.raises(RulesError, match="are not Three-Thirteen rules"):
        TournamentPlan.build(SHORT, 2, ["greedy"], 2, 1)  # the default game
    with pytest.raises(RulesError, match="Thirteen is played by 2 to 4 players, got 5"):
        plan(2, players=5)
    with pytest.raises(ThreeThirteenError, match="unknown bot 'greedy'"):
        plan(2, bots=["greedy"])  # a Three-Thirteen bot
    with pytest.raises(RulesError, match="unknown game 'chess'"):
        TournamentPlan.build(SHORT, 2, BOTS, 2, 1, game="chess")
    engine = EngineSpec.parse("mine=never-started-program-xyz")
    with pytest.raises(ThreeThirteenError, match="never-started-program-xyz"):
        TournamentPlan.build(SHORT, 2, ["mine"], 2, 1, engines=[engine], game="thirteen")


def test_plans_and_batches_travel_by_pickle() -> None:
    # The process pool, Dask and Ray ship the batches to their workers pickled.
    thirteen = plan(3)
    assert pickle.loads(pickle.dumps(thirteen)) == thirteen
    batch = _Batch(thirteen.rules, tuple(thirteen.games()), False, (), thirteen.game)
    again = pickle.loads(pickle.dumps(batch))
    assert again == batch
    shipped = pickle.loads(pickle.dumps(_play_batch(again)))
    assert [r.totals for r in shipped] == [r.totals for r in _play_batch(batch)]


# -- playing -------------------------------------------------------------------------------


def test_every_seating_of_a_deal_gets_the_same_cards(recorded: TournamentResult) -> None:
    plan, records = recorded.plan, recorded.records
    group = len(plan.seatings)
    assert (group, len(records)) == (3, plan.total_matches) == (3, 12)
    for start in range(0, len(records), group):
        deal = records[start : start + group]
        for record, seating in zip(deal, plan.seatings, strict=True):
            assert record["game"] == "thirteen"
            assert record["seed"] == deal[0]["seed"]
            assert tuple(record["seats"]) == seating
            assert record["rounds"][0]["hands"] == deal[0]["rounds"][0]["hands"]
            GAME.replay(record)  # every match was legal and reproduces from its seed
        assert sorted(r["seats"].index("simple") for r in deal) == [0, 1, 2]
    assert records[0]["rounds"][0]["hands"] != records[group]["rounds"][0]["hands"]


def test_figures_agree_with_the_records(recorded: TournamentResult) -> None:
    records = recorded.records
    for name, bot in recorded.bots.items():
        seats = [(r, s) for r in records for s, n in enumerate(r["seats"]) if n == name]
        assert bot.matches == len(seats)
        wins = sum(1 / len(r["winners"]) for r, s in seats if s in r["winners"])
        assert bot.wins == pytest.approx(wins)
        assert bot.total_sum == sum(r["totals"][s] for r, s in seats)
        # Points: the margin is the own total less the best other total.
        assert bot.margin_sum == sum(
            r["totals"][s] - max(t for i, t in enumerate(r["totals"]) if i != s) for r, s in seats
        )
        assert bot.rounds == sum(len(r["rounds"]) for r, _ in seats)
        # A round is won (and gone out of) by the first to finish: the seat with 3 points.
        firsts = sum(1 for r, s in seats for rnd in r["rounds"] if rnd["points"][s] == 3)
        assert bot.round_wins == firsts and bot.rounds_out == firsts
        assert bot.decisions == sum(
            1 for r, s in seats for rnd in r["rounds"] for seat, _ in rnd["actions"] if seat == s
        )
    # A race to 3 that plays on through ties at the top always ends with one winner.
    assert sum(b.wins for b in recorded.bots.values()) == pytest.approx(len(records))


def test_same_seed_same_figures_and_another_seed_differs() -> None:
    first = run_tournament(plan(6, seed=4))
    again = run_tournament(plan(6, seed=4), batch_size=1)
    assert outcome(first) == outcome(again)
    assert first.games == again.games
    assert outcome(run_tournament(plan(6, seed=5))) != outcome(first)


def test_dask_executor_plays_thirteen_the_same() -> None:
    pytest.importorskip("distributed")  # the 'cluster' extra (also in 'dev')
    from threethirteen.lab.executors import DaskExecutor

    thirteen = plan(6, seed=12, players=2)
    with DaskExecutor(workers=1, processes=False) as executor:
        on_dask = run_tournament(thirteen, executor)
    assert on_dask.executor == "dask"
    assert outcome(on_dask) == outcome(run_tournament(thirteen))


# -- margins in a points game --------------------------------------------------------------


def test_margins_count_points_upward_in_thirteen() -> None:
    # Hand-built matches of three seats; Thirteen's totals are points (highest wins).
    matches = [((10, 4, 7), (0,)), ((3, 11, 11), (1, 2)), ((6, 10, 2), (1,))]
    points = BotSummary("a", seats=1, higher_wins=True)
    penalty = BotSummary("a", seats=1)
    for totals, winners in matches:
        points.add_outcome(totals, winners, 0)
        penalty.add_outcome(totals, winners, 0)
    # Seat 0: 10 - 7, 3 - 11, 6 - 10 in points; 4 - 10, 11 - 3, 2 - 6 in penalties.
    assert points.margin_sum == 3 - 8 - 4 == -9
    assert penalty.margin_sum == -6 + 8 - 4 == -2
    assert points.total_sum == penalty.total_sum == 19
    assert points.wins == penalty.wins == 1
    assert [margin((10, 4, 7), seat, higher_wins=True) for seat in range(3)] == [3, -6, -3]
    assert [margin((10, 4, 7), seat) for seat in range(3)] == [-6, 3, -3]


def hand_document(bot: str, totals: list[tuple[int, int]]) -> dict[str, Any]:
    """A Thirteen run of ``bot`` against simple: deal by deal, both seatings, the totals
    given as (bot's, simple's); the highest total wins."""
    games = []
    for number, (own, other) in enumerate(totals):
        deal, seating = divmod(number, 2)
        seats = [bot, "simple"] if seating == 0 else ["simple", bot]
        pair = [own, other] if seating == 0 else [other, own]
        winners = [seat for seat, total in enumerate(pair) if total == max(pair)]
        games.append(
            {"deal": deal, "seating": seating, "seats": seats, "totals": pair, "winners": winners}
        )
    return {
        "format": "threethirteen-tournament",
        "version": 3,
        "settings": {
            "game": "thirteen",
            "rules": "cardgames",
            "rules_options": GAME.rules_options(SHORT),
            "players": 2,
            "seed": 1,
            "seats": [bot, "simple"],
        },
        "games": games,
    }


def test_compare_reads_points_as_higher_is_better() -> None:
    new = hand_document("new", [(10, 4), (3, 10), (11, 2), (10, 9)])
    old = hand_document("old", [(10, 6), (5, 10), (10, 8), (7, 10)])
    result = compare_runs(load_run(new), load_run(old))
    assert result.game == "thirteen"
    win, total, margin_ = result.measures
    assert total.higher_is_better and margin_.higher_is_better
    # new's margins: 6, -7, 9, 1; old's: 4, -5, 2, -3.
    assert margin_.mean_a == pytest.approx(9 / 4) and margin_.mean_b == pytest.approx(-2 / 4)
    assert total.mean_a == pytest.approx(34 / 4) and total.mean_b == pytest.approx(32 / 4)
    assert (win.mean_a, win.mean_b) == (0.75, 0.5)


# -- documents, merge and compare ----------------------------------------------------------


@pytest.fixture(scope="module")
def runs() -> dict[str, dict[str, Any]]:
    """At 2 players: simple against random over 6 deals, whole and in two parts; random
    against itself on the same deals; and a short Three-Thirteen run."""
    three = get_game("three-thirteen")
    return {
        "whole": document(run_tournament(plan(12, players=2))),
        "a": document(run_tournament(plan(6, players=2))),
        "b": document(run_tournament(plan(6, players=2, first_deal=3))),
        "self": document(run_tournament(plan(6, players=2, bots=["random"]))),
        "three": document(
            run_tournament(
                TournamentPlan.build(three.rules(None, ["hand_sizes=3-4"]), 2, BOTS, 4, 7)
            ),
            house="hand_sizes=3-4",
        ),
    }


def test_the_document_records_the_game_and_its_rules(runs: dict[str, dict[str, Any]]) -> None:
    settings = runs["whole"]["settings"]
    assert settings["game"] == "thirteen"
    assert settings["rules"] == "cardgames" and settings["house"] == ["target=3"]
    assert GAME.rules_from_options(settings["rules_options"]) == SHORT
    assert runs["three"]["settings"]["game"] == "three-thirteen"
    run = load_run(runs["whole"])
    assert (run.game, run.higher_wins) == ("thirteen", True)
    # A document from before games were named is Three-Thirteen's.
    old = copy.deepcopy(runs["three"])
    del old["settings"]["game"]
    assert load_run(old).game == "three-thirteen"
    # A document whose rules are not its game's is refused, quoting the file.
    wrong = copy.deepcopy(runs["whole"])
    wrong["settings"]["rules_options"] = runs["three"]["settings"]["rules_options"]
    with pytest.raises(
        CompareError, match=re.escape("'w.json' settings: 'rules_options' are not Thirteen")
    ):
        load_run(wrong, "'w.json'")


def test_parts_merge_into_the_whole_run(runs: dict[str, dict[str, Any]]) -> None:
    joined = merge_documents([("b.json", runs["b"]), ("a.json", runs["a"])])
    whole = runs["whole"]
    assert joined["settings"]["game"] == "thirteen"
    assert joined["games"] == whole["games"]
    for name, figures in whole["bots"].items():
        assert {k: joined["bots"][name][k] for k in DECIDED} == {k: figures[k] for k in DECIDED}
    # The joined run compares like the whole one.
    against = load_run(runs["self"])
    paired = compare_runs(load_run(joined), against)
    assert paired.measures == compare_runs(load_run(whole), against).measures
    assert (paired.game, paired.bot_a, paired.bot_b, paired.deals) == (
        "thirteen",
        "simple",
        "random",
        6,
    )


def test_runs_of_two_games_are_neither_merged_nor_compared(
    runs: dict[str, dict[str, Any]],
) -> None:
    with pytest.raises(
        MergeError, match=re.escape("'3.json' is a run of three-thirteen and '13.json' a run")
    ):
        merge_documents([("'13.json'", runs["a"]), ("'3.json'", runs["three"])])
    with pytest.raises(CompareError, match="run A plays thirteen and run B three-thirteen"):
        compare_runs(load_run(runs["a"]), load_run(runs["three"]))


# -- the command line ----------------------------------------------------------------------


def test_tournament_merge_and_compare_commands(tmp_path: Path) -> None:
    out, joined = tmp_path / "t.json", tmp_path / "j.json"
    common = ["--game", "thirteen", "--house", "target=3", "--seed", "7", "--workers", "1"]
    done = cli(
        "tournament",
        *common,
        "--players",
        "3",
        "--bots",
        "simple,random",
        "--matches",
        "6",
        "--json",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Thirteen, cardgames +target=3, 3 players (simple, random, random)")
    assert "2 deals x 3 seatings = 6 matches" in lines[0]
    assert "margin = own total - best other total" in " ".join(done.stdout.split())
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["settings"]["game"] == "thirteen"
    assert data["bots"]["simple"]["matches"] == 6 and data["bots"]["random"]["matches"] == 12
    row = next(line for line in lines if line.startswith("simple"))
    assert f"{100 * data['bots']['simple']['win_rate']:.1f}" in row
    # --bots at 2 players, in two parts, merged and compared with random's self-play.
    parts = []
    for name, extra in (("p1", []), ("p2", ["--first-deal", "2"]), ("self", [])):
        parts.append(tmp_path / f"{name}.json")
        bots = "random" if name == "self" else "simple,random"
        done = cli(
            "tournament",
            *common,
            "--bots",
            bots,
            "--matches",
            "4",
            *extra,
            "--json",
            str(parts[-1]),
        )
        assert done.returncode == 0, done.stderr
    done = cli("merge", str(parts[0]), str(parts[1]), "--json", str(joined))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Thirteen, cardgames +target=3, 2 players")
    assert json.loads(joined.read_text(encoding="utf-8"))["settings"]["game"] == "thirteen"
    done = cli("compare", str(joined), str(parts[2]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Thirteen, cardgames +target=3, 2 players, seed 7")
    assert "A higher total (points) is better" in " ".join(done.stdout.split())
    # An engine that cannot start, and another game's preset, are refused.
    for args, message in (
        (["--engine", "x=never-run-xyz", "--bots", "x"], "never-run-xyz"),
        (["--rules", "classic", "--bots", "simple"], "unknown Thirteen rules preset 'classic'"),
    ):
        done = cli("tournament", "--game", "thirteen", "--matches", "2", *args)
        assert done.returncode == 2 and message in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""


def test_an_engine_plays_thirteen_in_the_lab() -> None:
    """The example engine (another process, speaking the protocol) in a Thirteen run."""
    pile = Path(__file__).resolve().parents[2] / "examples" / "engines" / "pile_engine.py"
    engine = EngineSpec.parse(f"pile=python3 {pile}")
    plan = TournamentPlan.build(
        SHORT, 2, ["pile", "simple"], 2, 5, engines=[engine], game="thirteen"
    )
    result = run_tournament(plan)
    assert result.bots["pile"].matches == result.bots["simple"].matches == 2
    assert result.bots["pile"].decisions > 0
    assert result.plan.game == "thirteen"
