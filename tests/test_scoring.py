"""Score sheets, round results and the tie-breaks, on sheets built by hand."""

from __future__ import annotations

import pytest

from threethirteen.cards import Rank, parse_cards
from threethirteen.errors import ThreeThirteenError
from threethirteen.melds import Arrangement
from threethirteen.rules import TieBreak, get_rules
from threethirteen.scoring import RoundEnd, RoundResult, ScoreSheet, winners


def sheet(*rows: tuple[int, ...]) -> ScoreSheet:
    return ScoreSheet(len(rows[0]), tuple(rows))


def test_totals_and_zero_rounds() -> None:
    s = sheet((0, 12, 5), (7, 0, 2), (3, 3, 0))
    assert s.totals == (10, 15, 7)
    assert s.zero_rounds == (1, 1, 1)
    assert s.standings() == (2, 0, 1)


def test_empty_sheet() -> None:
    s = ScoreSheet.empty(4)
    assert s.totals == (0, 0, 0, 0)
    assert s.zero_rounds == (0, 0, 0, 0)
    assert s.add((1, 2, 3, 4)).rows == ((1, 2, 3, 4),)


def test_add_is_pure() -> None:
    s = ScoreSheet.empty(2)
    s2 = s.add((4, 0))
    assert s.rows == ()
    assert s2.rows == ((4, 0),)


@pytest.mark.parametrize("row", [(1, 2), (1, 2, 3, 4), ()])
def test_row_of_wrong_width_is_rejected(row: tuple[int, ...]) -> None:
    with pytest.raises(ThreeThirteenError, match="3 seats"):
        ScoreSheet.empty(3).add(row)


def test_negative_score_is_rejected() -> None:
    with pytest.raises(ThreeThirteenError, match="negative"):
        ScoreSheet(2, ((0, -1),))


def test_repr_rebuilds() -> None:
    s = sheet((0, 12), (5, 0))
    assert eval(repr(s)) == s


# (rows, tie_break, winners): the lowest total wins; ties per tie-break.
TIE_TABLE = [
    # a clear winner needs no tie-break, under every rule
    ([(0, 12, 5)], TieBreak.MOST_ZERO_ROUNDS, (0,)),
    ([(0, 12, 5)], TieBreak.SHARED, (0,)),
    ([(0, 12, 5)], TieBreak.NO_WINNER, (0,)),
    # seats 0 and 2 tie on 7; seat 0 has one zero round, seat 2 none
    ([(0, 12, 5), (7, 0, 2)], TieBreak.MOST_ZERO_ROUNDS, (0,)),
    ([(0, 12, 5), (7, 0, 2)], TieBreak.SHARED, (0, 2)),
    ([(0, 12, 5), (7, 0, 2)], TieBreak.NO_WINNER, ()),
    # tied on total and on zero rounds: shared under MOST_ZERO_ROUNDS
    ([(0, 4, 9), (4, 0, 1)], TieBreak.MOST_ZERO_ROUNDS, (0, 1)),
    # the zero-round count decides only among the tied: seat 1 has more zeros but a higher total
    ([(4, 0, 0), (0, 0, 4), (0, 9, 0), (2, 0, 2)], TieBreak.MOST_ZERO_ROUNDS, (0, 2)),
    ([(3, 0, 0), (0, 9, 0), (0, 0, 3)], TieBreak.MOST_ZERO_ROUNDS, (0, 2)),
    # three-way tie; two of them with two zero rounds
    ([(0, 0, 6, 1), (6, 0, 0, 9), (0, 6, 0, 0)], TieBreak.MOST_ZERO_ROUNDS, (0, 1, 2)),
    ([(0, 5, 0, 1), (5, 0, 0, 9), (0, 0, 5, 0)], TieBreak.MOST_ZERO_ROUNDS, (0, 1, 2)),
    ([(0, 5, 0, 1), (5, 0, 0, 9), (0, 0, 5, 0)], TieBreak.NO_WINNER, ()),
    ([(0, 5, 0, 1), (5, 0, 0, 9), (0, 0, 5, 0)], TieBreak.SHARED, (0, 1, 2)),
]


@pytest.mark.parametrize(("rows", "tie_break", "expected"), TIE_TABLE)
def test_winners_by_tie_break(
    rows: list[tuple[int, ...]], tie_break: TieBreak, expected: tuple[int, ...]
) -> None:
    assert winners(tie_break, sheet(*rows)) == expected


def test_winners_reads_the_tie_break_from_rules() -> None:
    s = sheet((0, 12, 5), (7, 0, 2))
    assert get_rules("classic").tie_break is TieBreak.MOST_ZERO_ROUNDS
    assert winners(get_rules("classic"), s) == (0,)
    assert get_rules("bga").tie_break is TieBreak.SHARED
    assert winners(get_rules("bga"), s) == (0, 2)
    assert get_rules("app").tie_break is TieBreak.NO_WINNER
    assert winners(get_rules("app"), s) == ()


def _result(ending: RoundEnd, out: int | None) -> RoundResult:
    hands = (parse_cards("3H 4H 5H"), parse_cards("KS KD 2C"))
    arrangements = (Arrangement((), hands[0], 12), Arrangement((), hands[1], 22))
    return RoundResult(1, Rank.THREE, 1, 0, (12, 22), hands, arrangements, out, ending)


def test_round_result_stalled_flag() -> None:
    assert not _result(RoundEnd.OUT, 0).stalled
    assert _result(RoundEnd.TURN_LIMIT, None).stalled
    assert _result(RoundEnd.STOCK_EMPTY, None).stalled


def test_round_result_rejects_mismatched_seats() -> None:
    hands = (parse_cards("3H 4H 5H"),)
    with pytest.raises(ThreeThirteenError):
        RoundResult(
            1, Rank.THREE, 1, 0, (0, 5), hands, (Arrangement((), (), 0),), None, RoundEnd.OUT
        )
    with pytest.raises(ThreeThirteenError, match="out seat"):
        r = _result(RoundEnd.OUT, 0)
        RoundResult(1, Rank.THREE, 1, 0, r.penalties, r.hands, r.arrangements, 5, RoundEnd.OUT)


def test_round_result_text_names_every_seat() -> None:
    text = str(_result(RoundEnd.TURN_LIMIT, None))
    assert "nobody out" in text and "turn-limit" in text
    assert "KS KD 2C" in text
