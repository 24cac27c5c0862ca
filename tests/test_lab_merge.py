"""A tournament played in parts (``--first-deal``) and joined (``threethirteen.lab.merge``)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from command_line import cli
from threethirteen.errors import ThreeThirteenError
from threethirteen.lab import TimeHistogram, TournamentPlan, run_tournament
from threethirteen.lab.compare import compare_runs, load_run
from threethirteen.lab.merge import MergeError, merge_documents
from threethirteen.rules import apply_house_rule, get_rules

SHORT = apply_house_rule(get_rules("classic"), "hand_sizes=3-5")
BOTS = ["greedy", "random"]
SEED = 11
# Figures the seed decides, and the float sums that may differ in their last bit when
# parts are added up in another grouping than one run's.
DECIDED = (
    *("seats", "matches", "wins", "win_rate", "win_rate_ci", "mean_total", "mean_margin"),
    *("rounds", "rounds_out", "out_rate", "decisions"),
)
SUMMED = ("rounds_won", "round_win_rate")


def run(matches: int, first_deal: int = 0, players: int = 2) -> dict[str, Any]:
    plan = TournamentPlan.build(SHORT, players, BOTS, matches, SEED, first_deal)
    document = run_tournament(plan).to_dict(house=["hand_sizes=3-5"])
    return dict(json.loads(json.dumps(document)))  # as read back from the file


@pytest.fixture(scope="module")
def parts() -> dict[str, dict[str, Any]]:
    """A 2-player run of 9 deals, and the same deals in three parts of 4, 2 and 3."""
    return {
        "whole": run(18),
        "a": run(8),
        "b": run(4, first_deal=4),
        "c": run(6, first_deal=6),
    }


def test_a_plan_from_a_first_deal_plays_the_later_deals_of_the_longer_plan() -> None:
    whole = TournamentPlan.build(SHORT, 4, BOTS, 12, SEED).games()
    later = TournamentPlan.build(SHORT, 4, BOTS, 8, SEED, first_deal=1).games()
    assert [(g.deal, g.seating, g.seed, g.seats, g.bot_seeds) for g in later] == [
        (g.deal, g.seating, g.seed, g.seats, g.bot_seeds) for g in whole[4:]
    ]
    assert [g.index for g in later] == list(range(8))  # its own plan order
    with pytest.raises(ThreeThirteenError, match="first deal must be a whole number >= 0, got -1"):
        TournamentPlan.build(SHORT, 2, BOTS, 2, SEED, first_deal=-1)


def test_parts_join_into_the_whole_run(parts: dict[str, dict[str, Any]]) -> None:
    # In any order of the files: the parts are put in the order of their deals.
    joined = merge_documents([("c", parts["c"]), ("a", parts["a"]), ("b", parts["b"])])
    whole = parts["whole"]
    assert joined["games"] == whole["games"]
    settings = joined["settings"]
    assert (settings["first_deal"], settings["deals"], settings["matches"]) == (0, 9, 18)
    assert settings["game"] == whole["settings"]["game"] == "three-thirteen"
    assert [p["file"] for p in settings["parts"]] == ["a", "b", "c"]
    for name in BOTS:
        mine, theirs = joined["bots"][name], whole["bots"][name]
        assert {k: mine[k] for k in DECIDED} == {k: theirs[k] for k in DECIDED}
        for key in SUMMED:
            assert mine[key] == pytest.approx(theirs[key])
        # The timing histograms add up: the count is every part's, the maximum the largest.
        times = TimeHistogram.from_dict(mine["decision_times"])
        part_times = [
            TimeHistogram.from_dict(parts[p]["bots"][name]["decision_times"]) for p in "abc"
        ]
        assert times.count == sum(t.count for t in part_times) == mine["decisions"]
        assert times.max_ns == max(t.max_ns for t in part_times)
        assert mine["median_decision_ms"] == pytest.approx(times.quantile_ns(0.5) / 1e6)
    # The joined document is a run like any other: compare reads it, and the twin
    # of every match is itself.
    same = compare_runs(load_run(joined), load_run(whole), bot="greedy")
    assert same.deals == 9 and all(m.difference == 0 for m in same.measures)


def test_parts_without_timing_histograms_leave_the_quantiles_unknown(
    parts: dict[str, dict[str, Any]],
) -> None:
    old = copy.deepcopy(parts["b"])
    old["version"] = 2
    for figures in old["bots"].values():
        del figures["decision_times"]
    joined = merge_documents([("a", parts["a"]), ("old", old), ("c", parts["c"])])
    figures = joined["bots"]["greedy"]
    assert figures["median_decision_ms"] is None and figures["p99_decision_ms"] is None
    assert figures["decision_times"] is None
    # The mean and the maximum still join exactly (to the rounding of milliseconds).
    ms = [
        (parts[p]["bots"]["greedy"]["mean_decision_ms"], parts[p]["bots"]["greedy"]["decisions"])
        for p in "abc"
    ]
    mean = sum(m * n for m, n in ms) / sum(n for _, n in ms)
    assert figures["mean_decision_ms"] == pytest.approx(mean, rel=1e-6)
    assert figures["max_decision_ms"] == pytest.approx(
        max(parts[p]["bots"]["greedy"]["max_decision_ms"] for p in "abc"), rel=1e-6
    )


def test_parts_that_overlap_or_leave_a_gap_are_refused(parts: dict[str, dict[str, Any]]) -> None:
    with pytest.raises(
        MergeError, match=r"a \(deals 0 to 3\) and whole \(deals 0 to 8\) both hold deal 0"
    ):
        merge_documents([("a", parts["a"]), ("whole", parts["whole"])])
    with pytest.raises(MergeError, match="no part holds deals 4 to 5, between a and c"):
        merge_documents([("a", parts["a"]), ("c", parts["c"])])
    with pytest.raises(MergeError, match="at least two parts"):
        merge_documents([("a", parts["a"])])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["settings"].update(seed=12), "seed: 11 against 12"),
        (lambda d: d["settings"].update(seats=["random", "greedy"]), "seats"),
        (
            lambda d: d["settings"]["rules_options"].update(hand_sizes=[3, 4]),
            "rules: their options differ",
        ),
        (lambda d: d["games"].pop(), r"missing \(deal, seating\) \[\(5, 1\)\]"),
        (lambda d: d["games"][0].update(deal=9), r"outside that range \[\(9, 0\)\]"),
        (
            lambda d: d["bots"]["greedy"].update(rounds="many"),
            "'rounds' is not a number >= 0: 'many'",
        ),
        (lambda d: d["bots"].pop("random"), "has no figures for 'random'"),
        (
            lambda d: d["bots"]["greedy"]["decision_times"]["bins"].clear(),
            "its bins hold 0 durations, its count says",
        ),
        (lambda d: d.update(format="other"), "not a tournament's --json document"),
    ],
)
def test_a_part_that_does_not_fit_is_refused_quoting_it(
    parts: dict[str, dict[str, Any]], change: Any, message: str
) -> None:
    bad = copy.deepcopy(parts["b"])
    change(bad)
    given = copy.deepcopy(bad), copy.deepcopy(parts["a"])
    with pytest.raises(MergeError, match=message) as caught:
        merge_documents([("a", parts["a"]), ("bad.json", bad)])
    assert "bad.json" in str(caught.value)
    # Nothing it was given is changed by a refusal.
    assert (bad, parts["a"]) == given


def test_merge_command_end_to_end(tmp_path: Path) -> None:
    common = [
        "--house",
        "hand_sizes=3-5",
        "--bots",
        "greedy,random",
        "--seed",
        "5",
        "--workers",
        "1",
    ]
    files = {}
    for name, extra in (
        ("whole", ["--matches", "12"]),
        ("one", ["--matches", "6"]),
        ("two", ["--matches", "6", "--first-deal", "3"]),
    ):
        files[name] = tmp_path / f"{name}.json"
        done = cli("tournament", *common, *extra, "--json", str(files[name]))
        assert done.returncode == 0, done.stderr
    assert "from deal 3" in cli("tournament", *common, "--matches", "2", "--first-deal", "3").stdout
    out = tmp_path / "joined.json"
    done = cli("merge", str(files["two"]), str(files["one"]), "--json", str(out))
    assert done.returncode == 0, done.stderr
    joined = json.loads(out.read_text(encoding="utf-8"))
    whole = json.loads(files["whole"].read_text(encoding="utf-8"))
    assert joined["games"] == whole["games"]
    lines = done.stdout.splitlines()
    assert "6 deals x 2 seatings = 12 matches, joined from 2 parts" in lines[0]
    row = next(line for line in lines if line.startswith("greedy"))
    assert f"{100 * whole['bots']['greedy']['win_rate']:.1f}" in row
    # Refusals exit 2 quoting the file, and never overwrite a part.
    done = cli("merge", str(files["one"]), str(files["whole"]))
    assert (
        done.returncode == 2
        and "both hold deal 0" in done.stderr
        and "Traceback" not in done.stderr
    )
    before = files["one"].read_text(encoding="utf-8")
    done = cli("merge", str(files["one"]), str(files["two"]), "--json", str(files["one"]))
    assert done.returncode == 2 and "is one of the parts" in done.stderr
    assert files["one"].read_text(encoding="utf-8") == before
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    done = cli("merge", str(files["one"]), str(bad))
    assert done.returncode == 2 and f"{str(bad)!r} is not JSON" in done.stderr
    done = cli("tournament", *common, "--first-deal", "-1")
    assert done.returncode == 2 and "must be at least 0, got '-1'" in done.stderr
