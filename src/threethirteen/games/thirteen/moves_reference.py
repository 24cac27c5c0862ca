"""The naive move generator: every subset of the hand, classified. The tests' oracle.

Slow on purpose (a 13-card hand has 8,191 subsets): it follows the rules' words with
nothing clever, so that :mod:`.moves` can be checked against it and measured beside it.

>>> from threethirteen.games.thirteen.cards import parse_hand
>>> [str(p) for p in naive_legal_plays(parse_hand("4D 4C 9S 9H"), Combo.parse("4S 4H"))]
['9S 9H']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from threethirteen.cards import Card
from threethirteen.errors import IllegalActionError
from threethirteen.games.thirteen.cards import check_one_deck
from threethirteen.games.thirteen.combos import Combo, beats, classify, play_order_key

__all__ = ["naive_legal_plays"]


def naive_legal_plays(
    hand: Sequence[Card],
    table: Combo | None,
    *,
    must_contain: Card | None = None,
    four_on_pair_of_twos: bool = False,
) -> tuple[Combo, ...]:
    """Every legal play from ``hand``, as :func:`.moves.legal_plays` defines them.

    Raises :class:`~threethirteen.errors.NotationError` for a joker or a repeated
    card in the hand.
    """
    cards = check_one_deck(hand)
    plays = []
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            if must_contain is not None and must_contain not in subset:
                continue
            try:
                combo = classify(subset)
            except IllegalActionError:
                continue
            if table is None or beats(combo, table, four_on_pair_of_twos=four_on_pair_of_twos):
                plays.append(combo)
    return tuple(sorted(plays, key=play_order_key))
