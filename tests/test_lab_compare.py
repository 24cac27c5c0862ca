"""Comparing two tournament runs match by match (``threethirteen.lab.compare``, ``compare``)."""

from __future__ import annotations

import copy
import json
import math
import random
import statistics
from pathlib import Path
from typing import Any

import pytest

from command_line import cli
from threethirteen.lab import TournamentPlan, run_tournament
from threethirteen.lab.compare import CompareError, compare_runs, load_run
from threethirteen.lab.stats import student_t_quantile
from threethirteen.rules import apply_house_rule, get_rules

SHORT = apply_house_rule(get_rules("classic"), "hand_sizes=3-5")


# Two-sided Student t critical values from published tables (0.975 and 0.995 quantiles).
T_TABLE = {
    1: (12.706, 63.657),
    2: (4.303, 9.925),
    3: (3.182, 5.841),
    5: (2.571, 4.032),
    10: (2.228, 3.169),
    30: (2.042, 2.750),
    120: (1.980, 2.617),
}


@pytest.mark.parametrize("df", sorted(T_TABLE))
def test_t_quantiles_match_published_tables(df: int) -> None:
    t975, t995 = T_TABLE[df]
    assert student_t_quantile(0.975, df) == pytest.approx(t975, abs=6e-4)
    assert student_t_quantile(0.995, df) == pytest.approx(t995, abs=6e-4)
    assert student_t_quantile(0.025, df) == pytest.approx(-t975, abs=6e-4)
    assert student_t_quantile(0.5, df) == pytest.approx(0.0, abs=1e-9)


def test_t_quantile_tends_to_the_normal_and_rejects_bad_input() -> None:
    assert student_t_quantile(0.975, 10**7) == pytest.approx(1.959964, abs=1e-5)
    with pytest.raises(ValueError, match="must lie in"):
        student_t_quantile(1.0, 3)
    with pytest.raises(ValueError, match="positive"):
        student_t_quantile(0.9, 0)


def document(
    seats: list[str], games: list[tuple[int, int, list[str], list[int], list[int]]], seed: int = 1
) -> dict[str, Any]:
    """A --json document with the given matches (deal, seating, seats, totals, winners)."""
    return {
        "format": "threethirteen-tournament",
        "version": 2,
        "settings": {
            "rules": "classic",
            "rules_options": {"name": "classic", "hand_sizes": [3, 4, 5]},
            "players": len(seats),
            "seed": seed,
            "seats": seats,
        },
        "games": [
            {"deal": d, "seating": s, "seats": st, "totals": t, "winners": w}
            for d, s, st, t, w in games
        ],
    }


# Three deals, each in both seatings. The totals are (tested bot, simple) per match.
NEW = [(10, 30), (25, 20), (0, 12), (8, 8), (40, 35), (15, 50)]
OLD = [(12, 30), (30, 20), (5, 12), (20, 8), (40, 30), (10, 50)]


def hand_run(bot: str, totals: list[tuple[int, int]]) -> dict[str, Any]:
    games = []
    for number, (own, other) in enumerate(totals):
        deal, seating = divmod(number, 2)
        seats = [bot, "simple"] if seating == 0 else ["simple", bot]
        pair = [own, other] if seating == 0 else [other, own]
        low = min(pair)
        winners = [seat for seat, total in enumerate(pair) if total == low]
        games.append((deal, seating, seats, pair, winners))
    return document([bot, "simple"], games)


def test_hand_computed_paired_difference_and_interval() -> None:
    result = compare_runs(load_run(hand_run("new", NEW)), load_run(hand_run("old", OLD)))
    assert (result.bot_a, result.bot_b, result.deals, result.pairs) == ("new", "old", 3, 6)
    # Documents that name no game (version 2, as every document before Thirteen) are
    # Three-Thirteen's: a penalty game.
    assert result.game == "three-thirteen"
    win, total, margin = result.measures

    # Win shares by hand: NEW wins, loses, wins | ties (1/2), loses, wins;
    # OLD wins, loses, wins | loses, loses, wins.
    new_wins = [1, 0, 1, 0.5, 0, 1]
    old_wins = [1, 0, 1, 0, 0, 1]
    per_deal = [
        (new_wins[2 * d] + new_wins[2 * d + 1] - old_wins[2 * d] - old_wins[2 * d + 1]) / 2
        for d in range(3)
    ]
    assert per_deal == [0, 0.25, 0]
    half = 4.302653 * statistics.stdev(per_deal) / math.sqrt(3)
    assert win.difference == pytest.approx(0.25 / 3)
    assert win.ci == pytest.approx((0.25 / 3 - half, 0.25 / 3 + half), abs=1e-6)
    assert win.mean_a == pytest.approx(3.5 / 6)
    assert win.mean_b == pytest.approx(3 / 6)
    assert win.verdict == "neither"

    totals_per_deal = [
        ((NEW[2 * d][0] + NEW[2 * d + 1][0]) - (OLD[2 * d][0] + OLD[2 * d + 1][0])) / 2
        for d in range(3)
    ]
    assert totals_per_deal == [-3.5, -8.5, 2.5]
    assert total.difference == pytest.approx(statistics.fmean(totals_per_deal))
    half = 4.302653 * statistics.stdev(totals_per_deal) / math.sqrt(3)
    assert total.ci[1] - total.ci[0] == pytest.approx(2 * half, abs=1e-5)
    assert not total.higher_is_better and margin.higher_is_better
    # Margins (the other's total less the own) by hand: deal 0 (20 - 5) - (18 - 10),
    # deal 1 (12 + 0) - (7 - 12), deal 2 (-5 + 35) - (-10 + 40), each over 2 seatings.
    assert margin.difference == pytest.approx((3.5 + 8.5 + 0) / 3)


def test_verdict_follows_the_side_of_the_interval() -> None:
    better = [(own - 30, other) for own, other in NEW]  # always far ahead
    result = compare_runs(load_run(hand_run("new", better)), load_run(hand_run("old", OLD)))
    win, total, margin = result.measures
    # A now wins all six; B won one of the two seatings of each deal: +0.5 a deal, always.
    assert win.difference == pytest.approx(0.5)
    assert win.ci[0] == pytest.approx(0.5) == win.ci[1]
    assert win.verdict == "A"
    assert total.ci[1] < 0 and total.verdict == "A"  # lower totals: A is better
    assert margin.ci[0] > 0 and margin.verdict == "A"
    reverse = compare_runs(load_run(hand_run("old", OLD)), load_run(hand_run("new", better)))
    assert reverse.measures[1].verdict == "B"
    assert reverse.measures[1].difference == pytest.approx(-total.difference)


@pytest.fixture(scope="module")
def played() -> dict[str, dict[str, Any]]:
    """Short real runs at one seed (and one at another): the same deals, bots swapped."""
    runs = {}
    for key, bots, matches, seed in [
        ("greedy", ["greedy", "random"], 40, 8),
        ("random", ["random", "random"], 30, 8),
        ("greedy_other_seed", ["greedy", "random"], 40, 9),
    ]:
        plan = TournamentPlan.build(SHORT, 2, bots, matches=matches, seed=seed)
        runs[key] = json.loads(json.dumps(run_tournament(plan).to_dict(house=["hand_sizes=3-5"])))
    return runs


def test_real_runs_pair_deal_by_deal_over_the_deals_both_played(
    played: dict[str, dict[str, Any]],
) -> None:
    result = compare_runs(load_run(played["greedy"]), load_run(played["random"]))
    # The greedy run played 20 deals in 2 seatings; the self-play run the first 30 deals once.
    assert (result.bot_a, result.bot_b) == ("greedy", "random")
    assert (result.deals, result.pairs) == (20, 40)
    assert result.rules == "classic +hand_sizes=3-5"
    win = result.measures[0]
    assert win.mean_b == pytest.approx(0.5)  # self-play: the two seats share each deal's win
    assert win.verdict == "A" and win.ci[0] > 0.2
    # The pairing does not depend on the order of the matches in the file.
    shuffled = copy.deepcopy(played["random"])
    random.Random(3).shuffle(shuffled["games"])
    again = compare_runs(load_run(played["greedy"]), load_run(shuffled))
    assert again.measures == result.measures


def test_a_run_against_itself_differs_by_exactly_nothing(
    played: dict[str, dict[str, Any]],
) -> None:
    run = load_run(played["greedy"])
    result = compare_runs(run, run, bot="Greedy")
    assert (result.bot_a, result.bot_b) == ("greedy", "greedy")
    for measure in result.measures:
        assert measure.difference == 0 and measure.ci == (0, 0)
        assert measure.verdict == "neither"
    # (greedy wins every one of these matches, so only the scores vary:) unpaired, the
    # same data look uncertain.
    assert result.measures[0].mean_a == 1.0
    assert all(m.unpaired_half_width > 0 for m in result.measures[1:])


def test_runs_of_other_deals_are_refused(played: dict[str, dict[str, Any]]) -> None:
    a = load_run(played["greedy"])
    with pytest.raises(CompareError, match="seed 8 and run B seed 9"):
        compare_runs(a, load_run(played["greedy_other_seed"]))
    other_rules = copy.deepcopy(played["random"])
    other_rules["settings"]["rules_options"]["hand_sizes"] = [3, 4]
    with pytest.raises(CompareError, match=r"hand_sizes: \[3, 4, 5\] against \[3, 4\]"):
        compare_runs(a, load_run(other_rules))


def test_runs_must_differ_in_one_swapped_bot(played: dict[str, dict[str, Any]]) -> None:
    a = load_run(played["greedy"])
    with pytest.raises(CompareError, match="name the one to compare with --bot"):
        compare_runs(a, a)
    with pytest.raises(CompareError, match="no seat of"):
        compare_runs(a, a, bot="simple")
    with pytest.raises(CompareError, match="one bot's name replaced"):
        compare_runs(load_run(played["random"]), a)  # random,random -> greedy,random
    two_swaps = document(["x", "y"], [(0, 0, ["x", "y"], [1, 2], [0])], seed=8)
    two_swaps["settings"]["rules_options"] = played["greedy"]["settings"]["rules_options"]
    with pytest.raises(CompareError, match="should be run A's"):
        compare_runs(a, load_run(two_swaps))


def test_a_deal_without_its_twin_is_an_error_not_a_silent_gap(
    played: dict[str, dict[str, Any]],
) -> None:
    broken = copy.deepcopy(played["random"])
    broken["games"] = [g for g in broken["games"] if g["deal"] != 4]
    broken["games"].append(
        {"deal": 4, "seating": 0, "seats": ["random", "random"], "totals": [1], "winners": [0]}
    )
    with pytest.raises(CompareError, match=r"games\[29\] does not fit"):
        load_run(broken)
    one_deal = copy.deepcopy(played["random"])
    one_deal["games"] = one_deal["games"][:1]
    with pytest.raises(CompareError, match="only 1 deal"):
        compare_runs(load_run(played["greedy"]), load_run(one_deal))
    # A twin seating missing from a deal run B played:
    a = copy.deepcopy(played["greedy"])
    b = hand_run("old", OLD)
    a_hand = hand_run("new", NEW)
    b["games"][1]["seats"] = ["old", "simple"]  # deal 0's second seating seated the wrong way
    with pytest.raises(CompareError, match="without the twin seating"):
        compare_runs(load_run(a_hand), load_run(b))
    assert a["games"]  # the real run is untouched by the copies above


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "not a tournament's --json document"),
        (lambda d: d.update(version=1), "version 1, which has no match-by-match record"),
        (lambda d: d.pop("games"), "has no 'games'"),
        (lambda d: d["games"].clear(), "records no match"),
        (lambda d: d["games"][0].update(totals="10,30"), "totals is not a list of whole numbers"),
        (lambda d: d["games"][0].update(winners=[5]), "does not fit a 2-player run"),
        (lambda d: d["games"][0].update(deal=True), "'deal' is not what it should be: True"),
        (lambda d: d["settings"].update(seed="8"), "'seed' is not what it should be: '8'"),
        (lambda d: d["settings"].update(seats=["a"]), "'seats' should name 2 bots"),
        (lambda d: d["games"].append(d["games"][0]), r"games\[6\] repeats deal 0, seating 0"),
    ],
)
def test_malformed_documents_are_refused_quoting_the_fault(change: Any, message: str) -> None:
    data = hand_run("new", NEW)
    change(data)
    with pytest.raises(CompareError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_run(data, "'a.json'")


def test_compare_command_end_to_end(tmp_path: Path) -> None:
    a, b, out = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    common = ["--house", "hand_sizes=3-5", "--matches", "24", "--seed", "5", "--workers", "1"]
    for path, bots in ((a, "greedy,random"), (b, "random")):
        done = cli("tournament", *common, "--bots", bots, "--json", str(path))
        assert done.returncode == 0, done.stderr
    done = cli("compare", str(a), str(b), "--json", str(out))
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["bot_a"], data["bot_b"], data["deals"], data["pairs"]) == (
        "greedy",
        "random",
        12,
        24,
    )
    win = data["measures"]["win"]
    low, high = win["ci"]
    assert low <= win["difference"] <= high
    assert win["better"] == ("A" if low > 0 else "B" if high < 0 else "neither")
    lines = done.stdout.splitlines()
    assert "A = greedy" in lines[0] and "12 deals played by both" in lines[0]
    row = next(line for line in lines if line.startswith("win %"))
    assert f"{100 * win['difference']:+.2f}" in row
    assert f"{100 * low:+.2f} to {100 * high:+.2f}" in row
    assert lines[-1].startswith(
        "greedy wins more matches than random" if low > 0 else "No difference shown"
    )


def test_compare_command_bad_files_exit_2_quoting_them(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    done = cli("compare", str(bad), str(bad))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{str(bad)!r} is not JSON" in done.stderr
    missing = tmp_path / "missing.json"
    done = cli("compare", str(missing), str(bad))
    assert done.returncode == 2 and "missing.json" in done.stderr
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"format": "threethirteen-tournament", "version": 1}), "utf-8")
    done = cli("compare", str(old), str(old))
    assert done.returncode == 2 and "version 1" in done.stderr and "old.json" in done.stderr
    assert done.stdout == ""
