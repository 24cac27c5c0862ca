"""A player in the COMP 202 Three Thirteen interface, for the adapter's tests.

It plays plainly through the course-style helpers (the adapter's stand-ins):
it takes the discard when it is wild or arranges more of the hand, and throws
the highest-scoring card left out of its arrangement.
"""

from arrangement import get_arrangement
from card import get_rank
from game import calculate_round_points


def _left_out(hand: list[int], wildcard_rank: int) -> list[int]:
    left = list(hand)
    for meld in get_arrangement(tuple(hand), wildcard_rank):
        for card in meld:
            left.remove(card)
    return left


def draw(
    hand: list[int],
    top_discard: int | None,
    last_turn: bool,
    picked_up_discard_cards: list[list[int]],
    player_position: int,
    wildcard_rank: int,
    num_turns_this_round: int,
) -> str:
    if top_discard is None:
        return "stock"
    if get_rank(top_discard) == wildcard_rank:
        return "discard"
    before = len(hand) - len(_left_out(hand, wildcard_rank))
    after = len(hand) + 1 - len(_left_out([*hand, top_discard], wildcard_rank))
    return "discard" if after > before else "stock"


def discard(
    hand: list[int],
    last_turn: bool,
    picked_up_discard_cards: list[list[int]],
    player_position: int,
    wildcard_rank: int,
    num_turns_this_round: int,
) -> int:
    left = _left_out(hand, wildcard_rank) or list(hand)
    return max(left, key=lambda card: calculate_round_points([card]))
