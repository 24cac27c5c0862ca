"""Cards numbered as COMP 202's Three Thirteen project numbers them: a stand-in for its ``card.py``.

Written for this adapter from the project's published interface (the names a
player module imports), not taken from the course: card ``n`` in 1..52 has
rank ``(n - 1) // 4`` (two=0 ... ace=12) and suit ``(n - 1) % 4`` (hearts=0,
diamonds=1, clubs=2, spades=3). Two decks hold two of each number.
"""

from collections.abc import Iterable

__all__ = [
    "ACE", "CARDS_OF_RANK", "CARDS_OF_SUIT", "CLUBS", "DIAMONDS", "EIGHT", "FIVE", "FOUR",
    "HEARTS", "JACK", "KING", "NINE", "QUEEN", "RANKS", "RANKS_STR", "SEVEN", "SIX",
    "SPADES", "SUITS", "SUITS_STR", "TEN", "THREE", "TWO", "all_same_rank", "all_same_suit",
    "card_to_string", "get_card", "get_deck", "get_rank", "get_suit", "hand_to_string",
    "same_color_suit", "same_rank", "same_suit",
]  # fmt: skip

HEARTS, DIAMONDS, CLUBS, SPADES = 0, 1, 2, 3
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

SUITS = [HEARTS, DIAMONDS, CLUBS, SPADES]
RANKS = list(range(13))
SUITS_STR = ["hearts", "diamonds", "clubs", "spades"]
RANKS_STR = [
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
]  # fmt: skip


def get_suit(card: int) -> int:
    return (card - 1) % 4


def get_rank(card: int) -> int:
    return (card - 1) // 4


def same_rank(card1: int, card2: int) -> bool:
    return get_rank(card1) == get_rank(card2)


def same_suit(card1: int, card2: int) -> bool:
    return get_suit(card1) == get_suit(card2)


def same_color_suit(card1: int, card2: int) -> bool:
    # hearts and diamonds are red, clubs and spades black
    return (get_suit(card1) < 2) == (get_suit(card2) < 2)


def get_card(suit: int, rank: int) -> int:
    return rank * 4 + suit + 1


CARDS_OF_RANK = [[get_card(suit, rank) for suit in SUITS] for rank in RANKS]
CARDS_OF_SUIT = [[get_card(suit, rank) for rank in RANKS] for suit in SUITS]


def card_to_string(card: int) -> str:
    return f"{RANKS_STR[get_rank(card)].upper()} of {SUITS_STR[get_suit(card)].upper()}"


def hand_to_string(hand: Iterable[int]) -> str:
    return ", ".join(card_to_string(card) for card in hand)


def get_deck() -> list[int]:
    return [get_card(suit, rank) for suit in SUITS for rank in RANKS]


def all_same_suit(cards: Iterable[int]) -> bool:
    return len({get_suit(card) for card in cards}) <= 1


def all_same_rank(cards: Iterable[int]) -> bool:
    return len({get_rank(card) for card in cards}) <= 1
