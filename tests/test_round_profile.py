"""The round-by-round profile (benchmarks/round_profile.py) reports what was played."""

from __future__ import annotations

from types import ModuleType

import pytest

from benchmark_scripts import load_benchmark


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_benchmark("round_profile")


def test_a_match_is_recorded_round_by_round_from_the_bots_seat(tool: ModuleType) -> None:
    record = tool.play(("classic", 2, "heuristic", "simple", 31, 1))
    assert [r.number for r in record.rounds] == list(range(1, 12))
    assert [r.hand_size for r in record.rounds] == list(range(3, 14))
    for r in record.rounds:
        assert r.margin == r.opp_penalty - r.penalty  # two players: the other's penalty
        assert r.best_other == r.opp_penalty
        assert not (r.out and r.opp_out)
        assert r.penalty == 0 or not r.out
        assert r.turns >= 1
    assert record.won in (0.0, 0.5, 1.0)


def test_the_seats_of_a_deal_are_the_same_game_seen_from_each_side(tool: ModuleType) -> None:
    # simple against simple: the bot's seat only changes whose side the record takes.
    first = tool.play(("classic", 2, "simple", "simple", 40, 0))
    second = tool.play(("classic", 2, "simple", "simple", 40, 1))
    assert [r.margin for r in first.rounds] == [-r.margin for r in second.rounds]
    assert [r.out for r in first.rounds] == [r.opp_out for r in second.rounds]
    assert [r.turns for r in first.rounds] == [r.turns for r in second.rounds]
    assert first.won + second.won == 1.0
    assert sum(r.margin for r in first.rounds) != 0 or first.won == 0.5


def test_the_turns_still_to_come_are_means_over_the_rounds_still_running(
    tool: ModuleType,
) -> None:
    def match(*turns: float) -> object:
        rounds = tuple(
            tool.RoundRecord(n, n + 2, 0.0, False, False, 0, 0.0, 0, t)
            for n, t in enumerate(turns, start=1)
        )
        return tool.MatchRecord(rounds, 0.0, False)

    lines = tool.remaining_table([match(2.0, 1.5), match(4.0, 3.0)], least=1)
    assert lines[0].split() == ["cards", "0", "1", "2", "3"]
    # Round 1 (3 cards) lasted 2 and 4: 3 to come at first, 2 after one turn (1 and 3),
    # 2 after two turns (only the 4-turn round runs), 1 after three.
    assert lines[1].split() == ["3", "3.0", "2.0", "2.0", "1.0"]
    # Round 2 lasted 1.5 and 3: after two turns only the 3-turn round runs, 1 to come.
    assert lines[2].split() == ["4", "2.2", "1.2", "1.0", "-"]
    # With 2 rounds needed a cell, one running round is not enough.
    assert tool.remaining_table([match(2.0, 1.5), match(4.0, 3.0)], least=2)[1].split() == [
        "3",
        "3.0",
        "2.0",
    ]


def test_an_unknown_bot_is_refused_before_any_match_is_played(
    tool: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        tool.main(["--bot", "nosuch", "--matches", "1"])
    assert "'nosuch'" in capsys.readouterr().err
