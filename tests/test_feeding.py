"""The learned reading of the next player (threethirteen.bots.feeding) and its fitting tool."""

from __future__ import annotations

import math
import random
from types import ModuleType

import pytest

from benchmark_scripts import load_benchmark
from threethirteen.actions import Discard, parse_action
from threethirteen.bots import make_bot
from threethirteen.bots.feeding import FEATURES, FEEDING_MODEL, FeedingModel, feeding_features
from threethirteen.cards import Card
from threethirteen.distance import closer_draws, draws_to_go_out
from threethirteen.melds import HandSolver
from threethirteen.rules import get_rules
from threethirteen.state import MatchState
from threethirteen.views import PlayerView

CLASSIC = get_rules("classic").with_options(first_dealer="first-seat")


def took_a_king() -> PlayerView:
    """Seat 1 took KH from the pile and threw 8C; seat 0 drew QC and holds AS 2D KD QC."""
    state = MatchState.new(CLASSIC, 2, seed=5)
    state.stack(["AS 2D KD", "KS 5D 8C"], up="KH", stock_top="QC")
    for move in ("draw discard", "discard 8C", "draw stock"):
        state.apply(parse_action(move))
    return state.view(0)


def named(row: list[float]) -> dict[str, float]:
    return dict(zip(FEATURES, row, strict=True))


def test_features_count_what_the_next_player_holds_took_and_threw() -> None:
    view = took_a_king()
    cards = [Card.parse(c) for c in ("KD", "QH", "JH", "9C", "8D", "2D")]
    kd, qh, jh, c9, d8, d2 = (named(r) for r in feeding_features(view, 1, cards))
    assert kd["held_rank"] == kd["taken_rank"] == 1 and kd["held_step1"] == 0
    assert qh["held_step1"] == qh["taken_step1"] == 1 and qh["held_rank"] == 0
    assert jh["held_step2"] == jh["taken_step2"] == 1
    assert c9["thrown_step1"] == c9["last_thrown_step1"] == 1 and c9["thrown_rank"] == 0
    assert d8["thrown_rank"] == d8["last_thrown_rank"] == 1
    assert not any(d2[f"{s}_{n}"] for s in ("held", "taken", "thrown") for n in ("rank", "step1"))
    # Seat 1 holds 3 cards, one known (KH); seen: my 4, the pile's 8C and KH: 98 unseen.
    share = 2 / 98
    assert d2["share"] == pytest.approx(share)
    assert kd["exp_rank"] == pytest.approx(6 * share)  # 8 kings less KD (mine) and KH (held)
    assert d2["exp_wild"] == pytest.approx(8 * share)  # round one: the threes are wild
    assert d2["hand_size"] == pytest.approx(3 / 13) and kd["penalty"] == 1.0
    assert kd["takes"] == pytest.approx(1 / 5) and kd["refusals"] == 0
    assert kd["held_set"] == 0 and qh["held_gap"] == 0  # one king: no pair, no two in a row


def test_a_card_that_joins_two_held_cards_in_a_row_is_flagged() -> None:
    from collections import Counter

    from threethirteen.cards import Rank
    from threethirteen.games.three_thirteen.bots.feeding import _joins_two

    held = Counter(Card.parse(c) for c in ("7H", "9H", "JS"))
    joins = [
        c
        for c in ("5H", "6H", "8H", "10H", "8S", "QS")
        if _joins_two(Card.parse(c), held, Rank.THREE)
    ]
    assert joins == ["8H"]  # 6H or 10H would need 8H too; JS is alone in spades
    held[Card.parse("8H")] += 1
    joins = [c for c in ("5H", "6H", "10H", "JH") if _joins_two(Card.parse(c), held, Rank.THREE)]
    assert joins == ["6H", "10H"]
    assert not _joins_two(
        Card.parse("8H"), Counter(Card.parse(c) for c in ("7H", "9H")), Rank.SEVEN
    )


def test_the_model_prices_a_card_near_what_the_next_player_holds_higher() -> None:
    view = took_a_king()
    cards = [Card.parse(c) for c in ("KD", "QH", "8D", "2D")]
    kd, qh, d8, d2 = (FEEDING_MODEL.chances(r)[0] for r in feeding_features(view, 1, cards))
    assert kd > qh > d2 > d8  # its rank, a neighbour, a stranger, a rank it threw


def test_a_model_is_a_logistic_of_its_weights() -> None:
    model = FeedingModel(
        closer=(0.5, *([0.0] * len(FEATURES))), out=(0.0, 2.0, *[0.0] * (len(FEATURES) - 1))
    )
    row = [1.0] + [0.0] * (len(FEATURES) - 1)
    closer, out = model.chances(row)
    assert closer == pytest.approx(1 / (1 + math.exp(-0.5)))
    assert out == pytest.approx(1 / (1 + math.exp(-2.0)))


def test_the_heuristic_reads_the_next_player_by_the_learned_model() -> None:
    view = took_a_king()
    # KD and QC leave the same deadwood; simple (and the heuristic blind to feeding)
    # throws KD, the rank the next player collects.
    blind = make_bot("heuristic:feeds_next=0+feed_closer=0+feed_out=0")
    assert blind.choose(view) == Discard(Card.parse("KD"))
    assert make_bot("heuristic:feeds_next=0").choose(view) == Discard(Card.parse("QC"))


# -- the fitting tool (benchmarks/learn_feeding.py) ---------------------------------------


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_benchmark("learn_feeding")


def test_the_fit_recovers_a_known_logistic(tool: ModuleType) -> None:
    rng = random.Random(7)
    truth = (-1.0, 2.0, -0.5)
    x, y = [], []
    for _ in range(6000):
        row = [rng.gauss(1.0, 1.0), rng.uniform(0.0, 4.0)]
        z = truth[0] + truth[1] * row[0] + truth[2] * row[1]
        x.append(row)
        y.append(int(rng.random() < 1 / (1 + math.exp(-z))))
    fitted = tool.fit_logistic(x, y, l2=0.1)
    assert fitted == pytest.approx(truth, abs=0.2)


def test_ranking_accuracy_counts_pairs_within_a_decision(tool: ModuleType) -> None:
    # Decision 1: helping 0.9 and 0.2, not 0.5: one of two pairs right. Decision 2:
    # helping 0.3, not 0.3: a tie. Across decisions nothing is compared.
    acc, tied, pairs = tool.ranking_accuracy(
        [0.9, 0.2, 0.5, 0.3, 0.3], [1, 1, 0, 1, 0], [1, 1, 1, 2, 2]
    )
    assert pairs == 3 and tied == pytest.approx(1 / 3)
    assert acc == pytest.approx((1 + 0.5) / 3)


def test_rows_are_the_heuristics_discards_labelled_by_the_real_hand(tool: ModuleType) -> None:
    rows = tool.deal_rows("classic", "simple", 11, 0)
    assert len(rows.x) > 200 and len(set(rows.group)) > 40
    assert all(o <= c for c, o in zip(rows.closer, rows.out, strict=True))
    assert 0 < sum(rows.closer) < len(rows.closer)
    # Replay the deal and check the labels of the first decision against the real hand.
    from threethirteen.bots.base import decisions
    from threethirteen.bots.heuristic import HeuristicBot
    from threethirteen.lab.tournament import derive_seed
    from threethirteen.views import Phase

    state = MatchState.new(get_rules("classic"), 2, derive_seed(11, "deal", 0))
    bots = [HeuristicBot(), make_bot("simple", derive_seed(11, "bot", 0, 1))]
    for decision in decisions(state, bots):
        view = decision.view
        if decision.seat == 0 and view.phase is Phase.DISCARD and view.out_seat is None:
            solver = HandSolver.for_round(view.rules, view.round_number)
            cards = sorted(
                {c for c in view.hand if c.rank is not None and not solver.is_wild(c)},
                key=Card.sort_key,
            )
            if len(cards) >= 2:
                break
    hand = state.hand(1)
    distance = draws_to_go_out(hand, view.rules, solver.wild_rank)
    helps = closer_draws(hand, distance, view.rules, solver.wild_rank)
    first = [i for i, g in enumerate(rows.group) if g == rows.group[0]]
    assert [rows.closer[i] for i in first] == [int(helps(c)) for c in cards]
    assert [rows.x[i] for i in first] == feeding_features(view, 1, cards)


def test_a_model_with_the_wrong_number_of_weights_is_refused() -> None:
    from threethirteen.errors import ThreeThirteenError

    with pytest.raises(
        ThreeThirteenError, match=r"closer needs \d+ weights.*got 2: \(1\.0, 2\.0\)"
    ):
        FeedingModel(closer=(1.0, 2.0), out=FEEDING_MODEL.out)


def test_the_tool_runs_end_to_end_and_prints_a_model_that_loads(
    tool: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    tool.main(["--opponents", "simple", "--train", "3", "--test", "1", "--workers", "1"])
    out = capsys.readouterr().out
    assert "| simple | log |" in out and "| simple | model |" in out
    literal = out.strip().splitlines()[-1]
    assert literal.startswith("FeedingModel(closer=(")
    model = eval(literal, {"FeedingModel": FeedingModel})
    assert len(model.closer) == len(model.out) == len(FEATURES) + 1
