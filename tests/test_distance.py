"""``draws_to_go_out`` against a brute-force search with the exact solver.

The oracle tries every way of drawing one or two cards and throwing as many,
and asks :meth:`HandSolver.going_out` whether the hand left is wholly melded.
Hands are dealt near a meld (a run or set core plus random cards) so that
small distances, where a mistake would show, are common.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from threethirteen.cards import JOKER, Card, Rank, Suit, parse_cards
from threethirteen.distance import closer_draws, draw_brings_closer, draws_to_go_out
from threethirteen.melds import HandSolver
from threethirteen.rules import Rules, get_rules

DECK = [Card(rank, suit) for rank in Rank for suit in Suit]
ACES = ("low", "high", "either", "wrap")


def brute_force(solver: HandSolver, kept: Sequence[Card], limit: int) -> int:
    """The fewest draws (at most ``limit``; ``limit + 1`` if more) that complete ``kept``."""
    if solver.going_out(kept) is not None:
        return 0
    # A drawn natural card melds with at least one kept card (a meld holds 3 or more and
    # at most ``limit`` < 3 cards are drawn), so it shares a rank or a suit with one.
    ranks = {c.rank for c in kept}
    suits = {c.suit for c in kept}
    pool = [c for c in DECK if c.rank in ranks or c.suit in suits] + [JOKER]
    for k in range(1, limit + 1):
        for drawn in itertools.combinations_with_replacement(pool, k):
            for thrown in itertools.combinations(range(len(kept)), k):
                left = [c for i, c in enumerate(kept) if i not in thrown]
                if solver.going_out([*left, *drawn]) is not None:
                    return k
    return limit + 1


@st.composite
def near_hands(draw: st.DrawFn, last_round: int = 3) -> tuple[Rules, int, list[Card]]:
    """Rules (an ace mode, jokers), a round up to ``last_round`` (by default 3 to 5
    cards), and a hand near a meld."""
    rules = get_rules("classic").with_options(aces=draw(st.sampled_from(ACES)), jokers=2)
    number = draw(st.integers(1, last_round))
    size = rules.round_spec(number).hand_size
    suit = draw(st.sampled_from(list(Suit)))
    start = draw(st.integers(1, 13))
    if draw(st.booleans()):  # a run core
        core = [Card(Rank((start + i - 1) % 13 + 1), suit) for i in range(draw(st.integers(1, 4)))]
    else:  # a set core
        suits = draw(st.lists(st.sampled_from(list(Suit)), max_size=4))
        core = [Card(Rank(start), s) for s in suits]
    rest = draw(st.lists(st.sampled_from([*DECK, JOKER]), min_size=size, max_size=size))
    return rules, number, (core + rest)[:size]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_hands())
def test_the_distance_is_the_fewest_draws_that_complete_the_hand(
    case: tuple[Rules, int, list[Card]],
) -> None:
    rules, number, kept = case
    solver = HandSolver.for_round(rules, number)
    distance = draws_to_go_out(kept, rules, solver.wild_rank)
    assert min(distance, 3) == brute_force(solver, kept, 2), [str(c) for c in kept]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_hands())
def test_under_a_wild_cap_the_distance_is_a_lower_bound(
    case: tuple[Rules, int, list[Card]],
) -> None:
    rules, number, kept = case
    capped = rules.with_options(max_wilds_per_meld=1, all_wild_melds=False)
    solver = HandSolver.for_round(capped, number)
    distance = draws_to_go_out(kept, capped, solver.wild_rank)
    assert min(distance, 3) <= brute_force(solver, kept, 2), [str(c) for c in kept]


def test_long_melds_count_in_the_rounds_of_five_eight_and_eleven_cards() -> None:
    classic = get_rules("classic")
    eight = HandSolver.for_round(classic, 6)  # 8 cards, 8s wild
    # 3+5 or 4+4: two three-card runs are two draws away, one per run.
    assert draws_to_go_out(parse_cards("2C 3C 4C 9H 10H JH KS KD"), classic, eight.wild_rank) == 2
    # Thirteen cards in four melds of at least three: one card is always spare to lengthen.
    king = HandSolver.for_round(classic, 11)
    hand = parse_cards("AS 2S 3S 5D 5H 5C 9C 10C JC QH QD QS 7D")
    assert draws_to_go_out(hand, classic, king.wild_rank) == 1
    assert king.going_out(hand) is None
    # Wilds fill the holes: a king in the 13-card round stands for anything.
    with_wild = [*hand[:-1], Card.parse("KD")]
    assert draws_to_go_out(with_wild, classic, king.wild_rank) == 0
    assert king.going_out(with_wild) is not None


def test_duplicate_cards_from_two_decks_fill_two_melds() -> None:
    classic = get_rules("classic")
    six = HandSolver.for_round(classic, 4)  # 6 cards, 6s wild
    hand = parse_cards("4H 4H 3H 3H 5H 5H")  # two runs 3-4-5 of hearts
    assert draws_to_go_out(hand, classic, six.wild_rank) == 0
    assert six.going_out(hand) is not None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([*DECK, JOKER]), min_size=13, max_size=13))
def test_a_thirteen_card_hand_is_never_further_than_its_natural_cards(hand: list[Card]) -> None:
    rules = get_rules("bga")  # jokers, aces either way
    king = HandSolver.for_round(rules, 11)
    distance = draws_to_go_out(hand, rules, king.wild_rank)
    naturals = sum(1 for c in hand if not king.is_wild(c))
    assert 0 <= distance <= naturals
    assert (distance == 0) == (king.going_out(hand) is not None)


def closer_by_every_throw(
    kept: Sequence[Card], drawn: Card, rules: Rules, solver: HandSolver
) -> bool:
    """The definition: some card thrown after the draw leaves a hand nearer going out."""
    before = draws_to_go_out(kept, rules, solver.wild_rank)
    after = [*kept, drawn]
    return any(
        draws_to_go_out(after[:i] + after[i + 1 :], rules, solver.wild_rank) < before
        for i in range(len(after))
    )


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_hands(), st.lists(st.sampled_from([*DECK, JOKER]), min_size=6, max_size=6))
def test_a_draw_brings_a_hand_closer_when_some_throw_after_it_does(
    case: tuple[Rules, int, list[Card]], draws: list[Card]
) -> None:
    rules, number, kept = case
    solver = HandSolver.for_round(rules, number)
    distance = draws_to_go_out(kept, rules, solver.wild_rank)
    # Cards of the hand's ranks and suits too, where the answer is most often yes.
    near = [Card(c.rank, s) for c in kept if c.rank is not None for s in Suit][:6]
    for drawn in [*draws, *near]:
        expected = closer_by_every_throw(kept, drawn, rules, solver)
        got = draw_brings_closer(kept, drawn, distance, rules, solver.wild_rank)
        assert got == expected, ([str(c) for c in kept], str(drawn))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_hands(last_round=11))
def test_one_search_finds_the_same_closer_draws_as_a_search_a_card(
    case: tuple[Rules, int, list[Card]],
) -> None:
    rules, number, kept = case
    solver = HandSolver.for_round(rules, number)
    distance = draws_to_go_out(kept, rules, solver.wild_rank)
    helps = closer_draws(kept, distance, rules, solver.wild_rank)
    for drawn in [*DECK, JOKER]:
        one_each = draw_brings_closer(kept, drawn, distance, rules, solver.wild_rank)
        assert helps(drawn) == one_each, ([str(c) for c in kept], str(drawn), distance)


def test_a_complete_hand_is_brought_no_closer() -> None:
    classic = get_rules("classic")
    three = HandSolver.for_round(classic, 1)  # 3s wild
    hand = parse_cards("7H 8H 9H")
    assert draws_to_go_out(hand, classic, three.wild_rank) == 0
    helps = closer_draws(hand, 0, classic, three.wild_rank)
    assert not any(helps(c) for c in [*DECK, JOKER])
    assert not draw_brings_closer(hand, Card.parse("3S"), 0, classic, three.wild_rank)
