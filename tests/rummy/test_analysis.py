"""The exact hand analysis (games/rummy/analysis.py) against known answers and the oracle.

Known answers are worked out by hand from the rules (docs/rummy.md, issue 40 section 2)
and written in notation; Hypothesis then checks the analysis against the brute-force
reference (:mod:`threethirteen.games.rummy.reference`, every meld and lay-off in every
order) on random hands of up to nine cards and random valid tables, and that every
arrangement it gives really is one: its melds valid, its lay-offs fitting in order,
each card used once, its count the points of the cards it leaves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from threethirteen.cards import Card, Rank, Suit, parse_cards, standard_deck
from threethirteen.errors import IllegalActionError, NotationError, RulesError
from threethirteen.games.rummy import analysis
from threethirteen.games.rummy.analysis import (
    Arrangement,
    HandAnalysis,
    analyse,
    arrange,
    deadwood,
    discard_key,
    read_table,
)
from threethirteen.games.rummy.melds import Meld, MeldKind, fits, meld_kind
from threethirteen.games.rummy.reference import reference_analysis, reference_deadwood
from threethirteen.games.rummy.rules import Rules, card_points

DECK = standard_deck()


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def table_of(*melds: str, ace_high: bool = False) -> tuple[Meld, ...]:
    return read_table(melds, ace_high=ace_high)


# -- known answers -----------------------------------------------------------------------------


def test_the_issue_example() -> None:
    result = analyse("4H 5H 6H 9S 9D 9C KC", ["7H 8H 9H", "JS JD JC"])
    assert result.count == 10
    assert result.discard == Card.parse("KC")
    assert result.count_after == 0
    assert result.can_go_out
    assert result.goes_out_by_discard
    assert [str(c) for c in result.arrangement.left] == ["KC"]
    assert result.after is not None and result.after.all_played


@pytest.mark.parametrize(
    ("hand", "table", "count"),
    [
        # Lay-offs chain: 7H onto 4H-6H makes room for 8H.
        ("7H 8H 2C", ["4H 5H 6H"], 2),
        ("8H 2C", ["4H 5H 6H"], 10),  # 8H alone does not fit
        # Down the low end too, to the ace.
        ("3H 2H AH KC", ["4H 5H 6H"], 10),
        ("2H AH KC", ["4H 5H 6H"], 13),  # 3H missing: nothing fits
        # Both ends of one run.
        ("3H 7H 8H", ["4H 5H 6H"], 0),
        # A set takes its missing suit; a set of four takes nothing.
        ("9H 2C", ["9S 9D 9C"], 2),
        ("9H", ["9S 9D 9C"], 0),
        ("2C 3C", ["9S 9H 9D 9C"], 5),
        # A card fitting two melds is laid off once.
        ("5H", ["2H 3H 4H", "6H 7H 8H"], 0),
        # Three cards in a row beside a run: a run of their own or laid off, both 0.
        ("7H 8H 9H", ["4H 5H 6H"], 0),
        # Sets and runs share no card: 7H goes to one of them only.
        ("5H 6H 7H 7S 7D", [], 5 + 6),  # the 7s, or 5H-7H leaving 7S 7D (14)
        ("5H 6H 7H 7S", [], 7),
        ("4H 5H 6H 7H 7S 7D", [], 0),  # 4H-6H and the 7s
        # Melds from the hand and lay-offs together.
        ("AS 2S 3S 9H 5D", ["9S 9D 9C"], 5),
        # No melds at all: every card counts (face cards 10, ace 1).
        ("KS QH 2C 9D AC", [], 10 + 10 + 2 + 9 + 1),
        ("", [], 0),
        ("", ["4H 5H 6H"], 0),
    ],
)
def test_counts_worked_out_by_hand(hand: str, table: list[str], count: int) -> None:
    assert deadwood(cards(hand), table_of(*table)) == count
    assert analyse(hand, table).count == count
    assert reference_deadwood(cards(hand), table_of(*table)) == count


def test_chained_lay_offs_are_played_in_order() -> None:
    found = arrange(cards("8H 7H 2C"), table_of("4H 5H 6H"))
    assert found.layoffs == ((Card.parse("7H"), 1), (Card.parse("8H"), 1))
    assert found.left == cards("2C")
    low = arrange(cards("AH 2H 3H KC"), table_of("JS JD JC", "4H 5H 6H"))
    # AH 2H 3H is a run of its own, or three lay-offs onto meld 2: either counts 10.
    assert low.count == 10
    two = arrange(cards("2H 3H KC"), table_of("JS JD JC", "4H 5H 6H"))
    assert two.layoffs == ((Card.parse("3H"), 2), (Card.parse("2H"), 2))
    assert str(two) == "layoff 3H on 2; layoff 2H on 2; left KC (count 10)"


@pytest.mark.parametrize(
    ("hand", "table", "high", "low"),
    [
        # (count with ace-high runs, count with aces low only)
        ("QH KH AH", [], 0, 21),
        ("QH KH AH 5C", [], 5, 26),
        ("AH 2H 3H", [], 0, 0),  # ace low always
        ("KH AH 2H", [], 13, 13),  # never round the corner
        ("AH", ["JH QH KH"], 0, 1),  # laid off high
        ("AH", ["2H 3H 4H"], 0, 0),  # laid off low
        ("KH AH", ["10H JH QH"], 0, 1),  # a chain up to the high ace
        ("AH", ["2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"], 0, 0),
        ("JS", [], 10, 10),
    ],
)
def test_ace_high_runs(hand: str, table: list[str], high: int, low: int) -> None:
    assert deadwood(cards(hand), table_of(*table), ace_high=True) == high
    assert deadwood(cards(hand), table_of(*table), ace_high=False) == low
    assert analyse(hand, table, Rules(ace_high=True)).count == high


def test_a_table_run_ending_in_the_high_ace_extends_down_only() -> None:
    table = table_of("QS KS AS", ace_high=True)
    assert deadwood(cards("JS 10S"), table, ace_high=True) == 0
    assert deadwood(cards("2S"), table, ace_high=True) == 2


def test_a_q_k_a_table_run_needs_ace_high_rules() -> None:
    with pytest.raises(IllegalActionError, match="'QS KS AS' is not a meld"):
        analyse("2C", ["QS KS AS"])
    melds = table_of("QS KS AS", ace_high=True)
    with pytest.raises(RulesError, match=r"'QS KS AS'.*ace-high"):
        deadwood(cards("2C"), melds, ace_high=False)


def test_must_discard_needs_a_card_to_discard() -> None:
    # A hand that melds whole goes out by melding, unless it must discard...
    assert analyse("2C 2D 2S").can_go_out
    assert not analyse("2C 2D 2S", rules=Rules(must_discard=True)).can_go_out
    # ...when it keeps one card back to discard it.
    strict = analyse("4H 5H 6H 7H", rules=Rules(must_discard=True))
    assert strict.can_go_out and strict.discard == Card.parse("7H") and strict.count_after == 0
    laid = analyse("7H 2C 2D 2S", ["4H 5H 6H"], Rules(must_discard=True))
    assert laid.count == 0 and laid.can_go_out  # discard 7H (or a 2) and meld the rest
    assert analyse("7H", ["4H 5H 6H"], Rules(must_discard=True)).can_go_out  # discards 7H


def test_the_card_taken_from_the_pile() -> None:
    hand = "5S 5D 5C 8H"
    plain = analyse(hand, taken="8H")
    assert plain.count == 8
    assert Card.parse("8H") not in dict(plain.discards)
    assert plain.discard == Card.parse("5S") and plain.count_after == 18
    assert not plain.can_go_out
    allowed = analyse(hand, rules=Rules(discard_taken_card=True), taken="8H")
    assert allowed.discard == Card.parse("8H") and allowed.can_go_out
    assert analyse(hand).can_go_out  # 8H drawn from the stock may go
    # Only the taken card left, and it fits the table: laid off, the hand goes out.
    last = analyse("8H", ["5H 6H 7H"], taken="8H")
    assert last.discard is None and last.discards == ()
    assert last.count == 0 and last.can_go_out
    assert not analyse("8H", ["5H 6H 7H"], Rules(must_discard=True), taken="8H").can_go_out
    assert not analyse("8H", [], taken="8H").can_go_out


def test_the_best_discard_breaks_ties_by_points_then_rank_then_suit() -> None:
    # Nothing melds: the highest count goes; K over Q over J (all 10), then S H D C.
    assert analyse("QH KD 2C 9S KS").discard == Card.parse("KS")
    assert analyse("JC QD 2C").discard == Card.parse("QD")
    assert analyse("10S JS").discard == Card.parse("JS")
    # The count left comes first: 7H sits in a run, so 9C goes.
    assert analyse("5H 6H 7H 9C").discard == Card.parse("9C")
    # A whole-meld hand discards the card whose loss costs nothing, highest first.
    assert analyse("4H 5H 6H 7H").discard == Card.parse("7H")
    result = analyse("5H 6H 7H 9C AS")
    assert [str(card) for card, _ in result.discards] == ["9C", "AS", "7H", "6H", "5H"]
    assert sorted(result.discards, key=lambda x: discard_key(*x)) == list(result.discards)


def test_an_empty_hand_has_no_discard() -> None:
    empty = analyse("")
    assert empty.count == 0 and empty.discard is None and empty.after is None
    assert not empty.can_go_out
    assert empty.count_after is None


@pytest.mark.parametrize(
    ("call", "error", "quoted"),
    [
        (lambda: analyse("7H 7X"), NotationError, "'7X'"),
        (lambda: analyse("7H 8H 7H"), RulesError, "'7H' is twice in the hand"),
        (lambda: analyse("7H 8H JK"), RulesError, "no jokers"),
        (lambda: analyse("7H 2C", ["7H 8H 9H"]), RulesError, "'7H' is both in the hand"),
        (lambda: analyse("2C", ["7H 8H 9H", "9H 9S 9D"]), RulesError, "'9H' is twice on"),
        (lambda: analyse("2C", ["7H 8H"]), IllegalActionError, "'7H 8H' is not a meld"),
        (lambda: analyse("2C", ["7H 8H 9X"]), NotationError, "'9X'"),
        (lambda: analyse("2C 3C", taken="KD"), RulesError, "'KD', is not in the hand"),
        (lambda: deadwood(cards("2C 2C")), RulesError, "'2C' is twice in the hand"),
        (lambda: deadwood(cards("7H"), table_of("7H 8H 9H")), RulesError, "'7H' is both"),
    ],
)
def test_bad_input_is_a_typed_error_quoting_it(call: object, error: type, quoted: str) -> None:
    assert callable(call)
    with pytest.raises(error) as caught:
        call()
    assert quoted in str(caught.value)


def test_values_print_as_notation_and_rebuild() -> None:
    result = analyse("4H 5H 6H 9S 9D 9C KC", ["7H 8H 9H", "JS JD JC"])
    assert str(result).splitlines() == [
        "count 10: meld 9S 9D 9C; meld 4H 5H 6H; left KC",
        "discard KC, count 0 after it: meld 9S 9D 9C; meld 4H 5H 6H",
        "can go out: yes",
    ]
    namespace = {"Arrangement": Arrangement, "Meld": Meld, "Card": Card}
    assert eval(repr(result.arrangement), namespace) == result.arrangement
    namespace["HandAnalysis"] = HandAnalysis
    assert eval(repr(result), namespace) == result
    assert result.arrangement.steps() == ("meld 9S 9D 9C", "meld 4H 5H 6H")
    assert str(arrange((), ())) == "nothing (count 0)"


def test_the_memo_is_per_table_and_survives_new_tuples() -> None:
    analysis.clear_memo()
    table = table_of("4H 5H 6H")
    assert deadwood(cards("7H 8H"), table) == 0
    assert deadwood(cards("7H 8H"), table_of("4H 5H 6H")) == 0  # an equal table
    assert deadwood(cards("7H 8H"), list(table)) == 0  # a list
    assert deadwood(cards("7H 8H"), ()) == 15  # another table
    assert deadwood(cards("7H 8H"), table) == 0


# -- Hypothesis: the reference, and arrangements that are real ---------------------------------


def run_cards(suit: Suit, start: int, length: int) -> list[Card]:
    """The cards of a run of ``suit`` at positions start.. (14: the ace played high)."""
    return [Card(Rank((p - 1) % 13 + 1), suit) for p in range(start, start + length)]


def beside(meld: Meld) -> list[Card]:
    """The cards one or two places beyond a run's ends, or the rank of a set."""
    first = meld.cards[0]
    if meld.kind is MeldKind.SET:
        return [card for card in DECK if card.rank is first.rank]
    low = int(first.rank or 0)
    high = low + len(meld.cards) - 1
    return [
        Card(Rank((p - 1) % 13 + 1), first.suit)
        for p in (low - 2, low - 1, high + 1, high + 2)
        if 1 <= p <= 14
    ]


@st.composite
def positions(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Meld, ...], Rules, Card | None]:
    """A hand of up to nine cards, a valid table, rules and maybe a taken card."""
    ace_high = draw(st.booleans())
    used: set[Card] = set()
    table: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            rank = draw(st.sampled_from(list(Rank)))
            order = draw(st.permutations(list(Suit)))
            meld_cards = [Card(rank, suit) for suit in order[: draw(st.sampled_from([3, 4]))]]
        else:
            top = 14 if ace_high else 13
            start = draw(st.integers(1, top - 2))
            length = draw(st.integers(3, min(6, top - start + 1)))
            meld_cards = run_cards(draw(st.sampled_from(list(Suit))), start, length)
        if used.isdisjoint(meld_cards):
            table.append(Meld.of(meld_cards, ace_high=ace_high))
            used.update(meld_cards)
    # Hands near each other (a few suits, a window of ranks) meld often; cards beside the
    # table's melds lay off often.
    suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=1, max_size=4))
    low = draw(st.integers(1, 13))
    width = draw(st.integers(3, 13))
    near = {card for meld in table for card in beside(meld)} if draw(st.booleans()) else set()
    pool = [
        card
        for card in DECK
        if card not in used
        and (card in near or (card.suit in suits and (int(card.rank or 0) - low) % 13 < width))
    ]
    size = min(len(pool), draw(st.sampled_from([7, 8, 9, 6, 5, 4, 3, 2, 1, 0])))
    hand = tuple(draw(st.permutations(pool))[:size])
    rules = Rules(
        ace_high=ace_high,
        must_discard=draw(st.booleans()),
        discard_taken_card=draw(st.booleans()),
    )
    taken: Card | None = None
    if draw(st.booleans()) and hand:
        taken = draw(st.sampled_from(hand))
    return hand, tuple(table), rules, taken


def check_arrangement(
    found: Arrangement, hand: Sequence[Card], table: Sequence[Meld], ace_high: bool
) -> None:
    """The arrangement plays the hand's cards once each, legally, and counts what it leaves."""
    played = found.cards
    assert sorted(played, key=Card.sort_key) == sorted(hand, key=Card.sort_key)
    assert len(set(played)) == len(played)
    for meld in found.melds:
        assert meld_kind(meld.cards, ace_high=ace_high) is meld.kind
        assert meld.kind in (MeldKind.SET, MeldKind.RUN)
    grown = list(table)
    for card, number in found.layoffs:
        assert 1 <= number <= len(grown)
        assert fits(grown[number - 1], card), (card, number, grown)
        grown[number - 1] = grown[number - 1].extended(card)
    assert found.count == sum(card_points(card) for card in found.left)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_analysis_equals_the_reference(
    position: tuple[tuple[Card, ...], tuple[Meld, ...], Rules, Card | None],
) -> None:
    hand, table, rules, taken = position
    result = analyse(hand, table, rules, taken)
    count, discards, out = reference_analysis(hand, table, rules, taken)
    assert result.count == count
    assert dict(result.discards) == discards
    assert result.can_go_out == out
    assert deadwood(hand, table, rules.ace_high) == count


@settings(max_examples=300, deadline=None)
@given(positions())
def test_arrangements_reach_the_count(
    position: tuple[tuple[Card, ...], tuple[Meld, ...], Rules, Card | None],
) -> None:
    hand, table, rules, taken = position
    result = analyse(hand, table, rules, taken)
    check_arrangement(result.arrangement, hand, table, rules.ace_high)
    assert result.arrangement.count == result.count
    if result.discard is None:
        assert not [card for card in hand if card != taken or rules.discard_taken_card]
    else:
        assert result.after is not None
        assert result.discard != taken or rules.discard_taken_card
        rest = [card for card in hand if card != result.discard]
        check_arrangement(result.after, rest, table, rules.ace_high)
        assert result.after.count == min(count for _, count in result.discards)
        assert result.discards[0] == (result.discard, result.after.count)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=16, unique=True), st.booleans())
def test_bigger_hands_arrange_consistently(hand: list[Card], ace_high: bool) -> None:
    # Beyond the reference's reach: the arrangement still reaches the count, and no
    # single card's removal lowers the count by more than the card's points.
    found = arrange(hand, (), ace_high)
    check_arrangement(found, hand, (), ace_high)
    total = deadwood(hand, (), ace_high)
    assert found.count == total
    for card in hand:
        less = deadwood([c for c in hand if c != card], (), ace_high)
        assert total - card_points(card) <= less


def seeded_positions(
    count: int, seed: int
) -> list[tuple[tuple[Card, ...], tuple[Meld, ...], bool]]:
    """Dense nine-card hands beside random tables, dealt from a seeded shuffle."""
    rng = random.Random(seed)
    out: list[tuple[tuple[Card, ...], tuple[Meld, ...], bool]] = []
    while len(out) < count:
        ace_high = rng.random() < 0.5
        used: set[Card] = set()
        table: list[Meld] = []
        for _ in range(rng.randrange(5)):
            if rng.random() < 0.5:
                rank = Rank(rng.randrange(1, 14))
                meld_cards = [
                    Card(rank, suit) for suit in rng.sample(list(Suit), rng.choice([3, 4]))
                ]
            else:
                top = 14 if ace_high else 13
                start = rng.randrange(1, top - 1)
                length = rng.randrange(3, min(6, top - start + 1) + 1)
                meld_cards = run_cards(rng.choice(list(Suit)), start, length)
            if used.isdisjoint(meld_cards):
                table.append(Meld.of(meld_cards, ace_high=ace_high))
                used.update(meld_cards)
        suits = rng.sample(list(Suit), rng.choice([1, 2, 2, 3]))
        low = rng.randrange(1, 14)
        near = {card for meld in table for card in beside(meld)}
        pool = [
            card
            for card in DECK
            if card not in used
            and (card in near or (card.suit in suits and (int(card.rank or 0) - low) % 13 < 7))
        ]
        out.append((tuple(rng.sample(pool, min(9, len(pool)))), tuple(table), ace_high))
    return out


def test_dense_seeded_hands_equal_the_reference() -> None:
    for hand, table, ace_high in seeded_positions(120, seed=40):
        rules = Rules(ace_high=ace_high)
        result = analyse(hand, table, rules)
        count, discards, out = reference_analysis(hand, table, rules)
        assert (result.count, dict(result.discards), result.can_go_out) == (count, discards, out)
        check_arrangement(result.arrangement, hand, table, ace_high)
