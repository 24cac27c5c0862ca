"""The tournament lab: plans, duplicate deals, reproducibility, pooled figures, statistics."""

from __future__ import annotations

import math
import random

import pytest

from threethirteen.actions import GoOut
from threethirteen.errors import RulesError, ThreeThirteenError
from threethirteen.lab import (
    TimeHistogram,
    TournamentPlan,
    TournamentResult,
    make_executor,
    run_tournament,
    wilson_interval,
)
from threethirteen.lab.executors import ProcessPoolExecutor, SerialExecutor
from threethirteen.records import replay
from threethirteen.rules import apply_house_rule, get_rules

# Three rounds (3 to 5 cards) keep each match to a few milliseconds.
SHORT = apply_house_rule(get_rules("classic"), "hand_sizes=3-5")


def outcome(result: TournamentResult) -> dict[str, dict[str, object]]:
    return {name: bot.outcome() for name, bot in result.bots.items()}


# -- statistics ---------------------------------------------------------------------------


# Wilson score intervals published by Newcombe (1998), "Two-sided confidence intervals
# for the single proportion", Statistics in Medicine 17, table I, method 3.
NEWCOMBE = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


@pytest.mark.parametrize(("successes", "trials", "low", "high"), NEWCOMBE)
def test_wilson_matches_published_intervals(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson_interval(successes, trials)
    assert got[0] == pytest.approx(low, abs=6e-5)
    assert got[1] == pytest.approx(high, abs=6e-5)


def test_wilson_hand_computed_edges() -> None:
    z2 = 1.959963984540054**2
    # With no success the upper end is z^2 / (n + z^2); with all, the lower end mirrors it.
    none, every = wilson_interval(0, 10), wilson_interval(10, 10)
    assert none[0] == 0.0 and none[1] == pytest.approx(z2 / (10 + z2))
    assert every[0] == pytest.approx(10 / (10 + z2)) and every[1] == 1.0
    # Half the trials: symmetric about one half.
    low, high = wilson_interval(50, 100)
    assert low + high == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # A 99% interval is wider than the 95% one.
    assert wilson_interval(50, 100, 2.5758)[0] < low


def test_wilson_fractional_successes_lie_between_neighbours() -> None:
    assert wilson_interval(2, 10)[0] < wilson_interval(2.5, 10)[0] < wilson_interval(3, 10)[0]


@pytest.mark.parametrize(("successes", "trials"), [(-1, 10), (11, 10), (1, -1)])
def test_wilson_rejects_impossible_counts(successes: float, trials: int) -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(successes, trials)


def test_histogram_quantiles_are_within_two_percent() -> None:
    rng = random.Random(5)
    durations = [int(rng.lognormvariate(10, 1.5)) + 1 for _ in range(5000)]
    hist = TimeHistogram.of(durations)
    ordered = sorted(durations)
    for q in (0.5, 0.9, 0.99):
        exact = ordered[math.ceil(q * len(ordered)) - 1]
        assert hist.quantile_ns(q) == pytest.approx(exact, rel=0.02)
    assert hist.count == len(durations)
    assert hist.mean_ns == pytest.approx(sum(durations) / len(durations))
    assert hist.quantile_ns(1.0) <= hist.max_ns == max(durations)


def test_histogram_merge_equals_one_histogram_of_everything() -> None:
    first, second = [5, 900, 12_000], [7, 7, 3_000_000]
    merged = TimeHistogram.of(first)
    merged.merge(TimeHistogram.of(second))
    assert merged == TimeHistogram.of(first + second)
    with pytest.raises(ValueError, match="quantile"):
        merged.quantile_ns(0)
    assert TimeHistogram().quantile_ns(0.99) == 0.0


# -- plans --------------------------------------------------------------------------------


def test_plan_fills_seats_with_the_last_bot_and_counts_distinct_seatings() -> None:
    plan = TournamentPlan.build(SHORT, 4, ["Greedy", "random"], matches=10, seed=1)
    assert plan.seats == ("greedy", "random", "random", "random")
    assert plan.bot_names == ("greedy", "random")
    # One greedy among three randoms: four distinct seatings, greedy in each seat once.
    assert len(plan.seatings) == 4
    assert sorted(s.index("greedy") for s in plan.seatings) == [0, 1, 2, 3]
    # 10 matches round up to 3 whole deals of 4 seatings.
    assert (plan.deals, plan.total_matches) == (3, 12)
    three = TournamentPlan.build(SHORT, 3, ["greedy", "random", "greedy"], matches=1, seed=1)
    assert len(three.seatings) == 3
    # A bot against itself has one seating.
    assert TournamentPlan.build(SHORT, 3, ["greedy"], 1, 1).seatings == (("greedy",) * 3,)


def test_plan_games_share_one_seed_per_deal_and_differ_between_deals() -> None:
    plan = TournamentPlan.build(SHORT, 2, ["greedy", "random"], matches=6, seed=9)
    games = plan.games()
    assert [g.index for g in games] == list(range(6))
    assert [(g.deal, g.seating) for g in games] == [(d, s) for d in range(3) for s in range(2)]
    seeds = {g.deal: g.seed for g in games}
    assert all(g.seed == seeds[g.deal] for g in games)
    assert len(set(seeds.values())) == 3
    other = TournamentPlan.build(SHORT, 2, ["greedy", "random"], matches=6, seed=10).games()
    assert {g.seed for g in other}.isdisjoint(seeds.values())


@pytest.mark.parametrize(
    ("players", "bots", "matches", "seed", "message"),
    [
        (2, ["greedy", "clever"], 2, 0, "unknown bot 'clever'"),
        (2, ["greedy", "random", "greedy"], 2, 0, "3 bots"),
        (2, [], 2, 0, "at least one bot"),
        (2, ["greedy"], 0, 0, "matches must be at least 1"),
        (2, ["greedy"], 2, "x", "seed must be an integer"),
        (0, ["greedy"], 2, 0, "players"),
    ],
)
def test_plan_rejects_bad_settings(
    players: int, bots: list[str], matches: int, seed: object, message: str
) -> None:
    with pytest.raises(ThreeThirteenError, match=message):
        TournamentPlan.build(SHORT, players, bots, matches, seed)  # type: ignore[arg-type]


def test_plan_rejects_a_player_count_the_rules_do_not_allow() -> None:
    with pytest.raises(RulesError, match="3 players cannot play 'app'"):
        TournamentPlan.build(get_rules("app"), 3, ["greedy"], 4, 0)


# -- playing ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def recorded() -> TournamentResult:
    plan = TournamentPlan.build(SHORT, 4, ["greedy", "random"], matches=12, seed=21)
    return run_tournament(plan, keep_records=True)


def test_duplicate_seatings_deal_the_same_cards(recorded: TournamentResult) -> None:
    plan, records = recorded.plan, recorded.records
    assert len(records) == plan.total_matches == 12
    group = len(plan.seatings)
    for start in range(0, len(records), group):
        deal = records[start : start + group]
        first = deal[0].rounds[0]
        for record, seating in zip(deal, plan.seatings, strict=True):
            assert record.seed == deal[0].seed
            assert record.names == seating
            assert record.rounds[0].dealer == first.dealer
            assert record.rounds[0].hands == first.hands
            assert record.rounds[0].up == first.up
        # The greedy bot sat in every seat of this deal once.
        assert sorted(r.names.index("greedy") for r in deal) == [0, 1, 2, 3]
    # Different deals deal different cards.
    assert records[0].rounds[0].hands != records[group].rounds[0].hands


def test_figures_agree_with_the_records(recorded: TournamentResult) -> None:
    records = recorded.records
    for record in records:
        replay(record)  # every match was legal and reproduces from its seed
    for name, bot in recorded.bots.items():
        seats = [(r, s) for r in records for s, n in enumerate(r.names) if n == name]
        assert bot.matches == len(seats)
        assert bot.seats == recorded.plan.seats.count(name)
        wins = sum(1 / len(r.winners) for r, s in seats if r.winners is not None and s in r.winners)
        assert bot.wins == pytest.approx(wins)
        assert bot.mean_total == pytest.approx(sum(r.totals[s] for r, s in seats) / len(seats))
        decisions = sum(
            1 for r, s in seats for rnd in r.rounds for seat, _ in rnd.actions if seat == s
        )
        assert bot.decisions == decisions
        outs = sum(
            1
            for r, s in seats
            for rnd in r.rounds
            for seat, action in rnd.actions
            if seat == s and isinstance(action, GoOut)
        )
        assert bot.rounds_out == outs
        round_wins = 0.0
        for r, s in seats:
            for rnd in r.rounds:
                assert rnd.scores is not None
                low = min(rnd.scores)
                if rnd.scores[s] == low:
                    round_wins += 1 / rnd.scores.count(low)
        assert bot.round_wins == pytest.approx(round_wins)
        margin = sum(
            min(t for i, t in enumerate(r.totals) if i != s) - r.totals[s] for r, s in seats
        )
        assert bot.mean_margin == pytest.approx(margin / len(seats))
    # Every match hands out one win in all (shared wins split) under the classic tie-break.
    assert sum(b.wins for b in recorded.bots.values()) == pytest.approx(len(records))


def test_same_seed_same_results_and_another_seed_differs() -> None:
    plan = TournamentPlan.build(SHORT, 2, ["greedy", "random"], matches=8, seed=4)
    first = run_tournament(plan)
    again = run_tournament(plan, batch_size=1)
    assert outcome(first) == outcome(again)
    other = TournamentPlan.build(SHORT, 2, ["greedy", "random"], matches=8, seed=5)
    assert outcome(run_tournament(other)) != outcome(first)


def test_one_worker_and_two_worker_processes_agree() -> None:
    plan = TournamentPlan.build(SHORT, 3, ["greedy", "random"], matches=12, seed=77)
    with make_executor("local", workers=1) as serial:
        assert isinstance(serial, SerialExecutor)
        alone = run_tournament(plan, serial)
    seen: list[tuple[int, int]] = []
    with make_executor("local", workers=2) as pool:
        assert isinstance(pool, ProcessPoolExecutor)
        pooled = run_tournament(plan, pool, progress=lambda done, total: seen.append((done, total)))
    assert outcome(alone) == outcome(pooled)
    assert (pooled.executor, pooled.workers) == ("local", 2)
    assert seen[0] == (0, 12) and seen[-1] == (12, 12)


def test_dask_executor_gives_the_same_results() -> None:
    pytest.importorskip("distributed")  # the 'cluster' extra (also in 'dev')
    from threethirteen.lab.executors import DaskExecutor

    plan = TournamentPlan.build(SHORT, 2, ["greedy", "random"], matches=6, seed=12)
    with DaskExecutor(workers=1, processes=False) as executor:
        on_dask = run_tournament(plan, executor)
    assert on_dask.executor == "dask"
    assert outcome(on_dask) == outcome(run_tournament(plan))


def test_make_executor_rejects_bad_choices() -> None:
    with pytest.raises(ThreeThirteenError, match="unknown executor 'spark'"):
        make_executor("spark")
    with pytest.raises(ThreeThirteenError, match="at least 1"):
        make_executor("local", workers=0)
    with pytest.raises(ThreeThirteenError, match="not local"):
        make_executor("local", address="tcp://somewhere:8786")


def test_json_document_has_the_promised_keys(recorded: TournamentResult) -> None:
    document = recorded.to_dict(house=["hand_sizes=3-5"])
    settings = document["settings"]
    assert settings["game"] == "three-thirteen"
    assert settings["rules"] == "classic"
    assert settings["house"] == ["hand_sizes=3-5"]
    assert settings["rules_options"]["hand_sizes"] == [3, 4, 5]
    assert (settings["players"], settings["matches"], settings["seed"]) == (4, 12, 21)
    assert set(document["bots"]) == {"greedy", "random"}
    for figures in document["bots"].values():
        assert {"matches", "win_rate", "win_rate_ci", "mean_total", "mean_decision_ms"} <= set(
            figures
        )
        low, high = figures["win_rate_ci"]
        assert 0 <= low <= figures["win_rate"] <= high <= 1
        assert figures["mean_decision_ms"] > 0
    assert document["bots"]["random"]["matches"] == 36


def test_json_games_are_the_records_match_by_match(recorded: TournamentResult) -> None:
    games = recorded.to_dict()["games"]
    plan = recorded.plan
    assert len(games) == len(recorded.records) == plan.total_matches
    for number, (game, record) in enumerate(zip(games, recorded.records, strict=True)):
        assert (game["deal"], game["seating"]) == divmod(number, len(plan.seatings))
        assert game["seats"] == list(record.names)
        assert game["totals"] == list(record.totals)
        assert game["winners"] == list(record.winners or ())
