"""The legal plays of a hand against a table, out of any match, in notation.

What ``threethirteen legal --game thirteen`` prints: ``pass`` first when passing
is allowed (when there is a table to beat), then every distinct play in the move
generator's order (by number of cards, then by strength), each its cards in
ascending strength.

>>> from threethirteen.games.thirteen.rules import Rules
>>> legal_plays_text(Rules(), "3S 4S 5S 5H 9D 9C 2H".split(), ["4D", "4C"])
('pass', '5S 5H', '9C 9D')
>>> legal_plays_text(Rules(), ["4S", "5S"], None, first_lead=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
threethirteen.errors.IllegalActionError: the first lead must hold 3S, and the hand '4S 5S' ...
"""

from __future__ import annotations

from collections.abc import Sequence

from threethirteen.cards import format_cards
from threethirteen.errors import IllegalActionError, NotationError
from threethirteen.games.thirteen.cards import THREE_OF_SPADES, parse_hand
from threethirteen.games.thirteen.combos import classify
from threethirteen.games.thirteen.moves import legal_plays
from threethirteen.games.thirteen.rules import Rules

__all__ = ["legal_plays_text"]


def legal_plays_text(
    rules: Rules,
    hand: Sequence[str],
    table: Sequence[str] | None,
    *,
    first_lead: bool = False,
) -> tuple[str, ...]:
    """Every legal play of ``hand`` on ``table`` (None: the player leads), in notation.

    ``first_lead`` is the match's first play, which must hold 3♠. Raises
    :class:`~threethirteen.errors.NotationError` for a malformed or repeated card
    or a card both in the hand and on the table, and
    :class:`~threethirteen.errors.IllegalActionError` for a table that is no
    combination, or a first lead from a hand without 3♠, each quoting the input.
    """
    cards = parse_hand(hand)
    if not cards:
        raise NotationError("the hand holds no card")
    combo = None
    if table:
        combo = classify(parse_hand(table))
        both = sorted(set(cards) & set(combo.cards), key=cards.index)
        if both:
            raise NotationError(f"{format_cards(both)[:40]!r} is both in the hand and on the table")
    must = None
    if first_lead:
        if combo is not None:
            raise IllegalActionError("the first lead is made to an empty table")
        if THREE_OF_SPADES not in cards:
            raise IllegalActionError(
                f"the first lead must hold {THREE_OF_SPADES}, and the hand "
                f"{format_cards(cards)[:60]!r} has none"
            )
        must = THREE_OF_SPADES
    plays = legal_plays(
        cards, combo, must_contain=must, four_on_pair_of_twos=rules.four_on_pair_of_twos
    )
    return (("pass",) if combo is not None else ()) + tuple(str(play) for play in plays)
