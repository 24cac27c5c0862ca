"""What a Rummy player types in the terminal, why a move is refused, and the hint.

The part of ``threethirteen play --game rummy`` (:mod:`threethirteen.cli.rummy_play`)
that reads one line of input into an action (:func:`interpret`), says in plain words
why a move may not be played (:func:`why_not`, :func:`meld_problem`), and explains a
suggested move (:func:`hint_reason`). Everything here works from the player's
:class:`~threethirteen.games.rummy.views.RummyView` alone and prints nothing.

Input (see :data:`HELP`): ``draw``/``s``, ``take``/``t``; ``meld 4H 5H 6H`` (or
positions, ``meld 1 2 3``); ``lay 7H on 2`` (``layoff 7H 2``, positions too);
``discard KC``, a bare card (``KC``) or a position (``3``); ``sort``; ``hint``;
``help``; ``q``/``quit``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from threethirteen.bots.match import GameBot
from threethirteen.bots.rummy_hints import reason
from threethirteen.cards import Card
from threethirteen.cli.common import COMMAND_WORDS, Hint, listed, read_card, reads_as_card
from threethirteen.cli.rummy_render import card_label, cards_label
from threethirteen.errors import NotationError
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.melds import Meld, MeldKind, fits, meld_kind, run_position
from threethirteen.games.rummy.views import Phase, RummyView

__all__ = [
    "HELP",
    "Hint",
    "help_text",
    "hint_for",
    "hint_reason",
    "interpret",
    "meld_problem",
    "why_not",
]

HELP = """\
Commands:
  s, draw          draw the top card of the stock
  t, take          take the top card of the discard pile
  meld 4H 5H 6H    lay a set or a run down on the table
  meld 1 2 3       the same, by the cards' positions in your hand
  lay 7H on 2      lay 7H off onto table meld 2 (also: layoff 7H 2, or
                   lay 5 on 2 for the card at position 5 of your hand)
  KC, discard KC   discard a card, which ends your turn (by position: 3)
  sort             show your hand by suit or by rank
  h, hint          a suggested move from the bots, and why
  help             this list
  q, quit          stop the game (the record is saved first with --save)
Cards: 7H, 10S or TH, QD, AC (suits S H D C, or the symbols), any case.
A set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit
in sequence ({aces}).
A lay-off adds a card to any meld on the table. The first to get rid
of every card ends the hand; the others score the cards left in their
hands (face cards 10, aces 1, the rest their value). Your "count" is
what your cards in no meld would cost you now. The lowest total wins
when someone reaches {target}."""


def help_text(view: RummyView) -> str:
    """:data:`HELP` with the rules of ``view``'s match filled in."""
    aces = "aces low: A-2-3, and Q-K-A too" if view.rules.ace_high else "aces low: A-2-3"
    return HELP.format(aces=aces, target=view.rules.target)


# -- reading the player's input -------------------------------------------------------------

_COMMANDS = {**COMMAND_WORDS, "sort": "sort"}
_DRAW_WORDS = frozenset({"s", "stock", "draw"})
_TAKE_WORDS = frozenset({"t", "take", "pile", "p"})
_MELD_WORDS = frozenset({"meld", "m"})
_LAY_WORDS = frozenset({"lay", "layoff", "l"})
_DISCARD_WORDS = frozenset({"discard", "x"})


def interpret(text: str, view: RummyView, shown: Sequence[Card] | None = None) -> Action | str:
    """One line of input as an action, or a command word (``hint``, ``help``, ``sort``,
    ``quit``, ``""`` for nothing typed).

    Cards are read by notation or by position in ``shown`` (the hand in its displayed
    order; ``view.hand``, by rank, when None). Raises
    :class:`~threethirteen.errors.NotationError` in plain words quoting what does not
    read; whether the move is legal is :func:`why_not`'s business.

    >>> from threethirteen.games.rummy.state import RummyState
    >>> state = RummyState.stack(None, ["4H 5H 6H 9S KC", "2C 3D"], pile="7H", stock="8D")
    >>> _ = state.apply(Draw())
    >>> view = state.view(0)
    >>> [str(interpret(text, view)) for text in ("meld 1 2 3", "lay 7h on 2", "kc", "6", "s")]
    ['meld 4H 5H 6H', 'layoff 7H on 2', 'discard KC', 'discard KC', 'draw']
    >>> interpret("7H 8H 9H", view)
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: to lay cards down, start with 'meld': meld 7H 8H 9H
    """
    words = text.replace(",", " ").split()
    if not words:
        return ""
    hand = list(view.hand if shown is None else shown)
    head = words[0].lower()
    rest = words[1:]
    if not rest:
        if head in _COMMANDS:
            return _COMMANDS[head]
        if head in _DRAW_WORDS:
            return Draw()
        if head in _TAKE_WORDS:
            return Take()
        if head == "d":
            raise NotationError(
                "'d' could mean draw or discard: type 's' to draw from the stock, 't' to take "
                "the pile's top card, or a card (or its position) to discard it"
            )
    if head in _MELD_WORDS:
        if not rest:
            raise NotationError("'meld' needs cards: 'meld 4H 5H 6H', or by positions 'meld 1 2 3'")
        cards = [_card(word, hand) for word in rest]
        twice = next((card for card in cards if cards.count(card) > 1), None)
        if twice is not None:
            raise NotationError(f"{card_label(twice)} is given twice in {text.strip()[:40]!r}")
        return NewMeld(tuple(cards))
    if head in _LAY_WORDS:
        return _layoff(text, rest, hand)
    if head in _DISCARD_WORDS:
        if len(rest) != 1:
            raise NotationError(
                "'discard' takes one card: 'discard KC', or its position 'discard 3'"
            )
        return Discard(_card(rest[0], hand))
    if not rest:
        if reads_as_card(head) or head.isdecimal() or len(head) <= 3:
            # A short word is taken for a card (its message says how to write one).
            return Discard(_card(words[0], hand))
        raise NotationError(f"{text.strip()[:40]!r} is neither a move nor a command; type 'help'")
    if all(reads_as_card(word) or word.isdecimal() for word in words):
        cards = [_card(word, hand) for word in words]
        typed = " ".join(str(card) for card in cards)
        raise NotationError(f"to lay cards down, start with 'meld': meld {typed}")
    raise NotationError(f"{text.strip()[:40]!r} is neither a move nor a command; type 'help'")


def _card(word: str, hand: Sequence[Card]) -> Card:
    return read_card(word, hand, game_title="Rummy")


def _layoff(text: str, rest: list[str], hand: Sequence[Card]) -> LayOff:
    if len(rest) == 3 and rest[1].lower() in ("on", "to", "onto"):
        rest = [rest[0], rest[2]]
    if len(rest) != 2:
        raise NotationError(
            "write a lay-off as 'lay 7H on 2': the card (or its position in your hand), "
            "then the number of the table meld"
        )
    card = _card(rest[0], hand)
    number = rest[1]
    if not number.isdecimal() or int(number) < 1:
        raise NotationError(
            f"{number[:20]!r} is not a table meld's number: the table's melds are numbered "
            "1, 2, ... as shown"
        )
    return LayOff(card, int(number))


# -- why a move is refused ------------------------------------------------------------------


def meld_problem(
    cards: Sequence[Card], *, ace_high: bool = False, unicode: bool = True
) -> str | None:
    """Why ``cards`` make no meld, in plain words; None when they make one.

    >>> from threethirteen.cards import parse_cards
    >>> meld_problem(parse_cards("4H 5H 7H"))
    '4♥ 5♥ 7♥ is not a meld: a run has no gaps (6♥ is missing)'
    >>> meld_problem(parse_cards("QS KS AS"), unicode=False)
    'QS KS AS is not a meld: aces are low here (A-2-3); Q-K-A needs the house rule ace-high'
    >>> meld_problem(parse_cards("4H 5H 6H")) is None
    True
    """
    shown = cards_label(cards, unicode=unicode)
    if meld_kind(cards, ace_high=ace_high) is not None:
        return None
    if len(cards) < 3:
        why = (
            "a meld needs at least 3 cards: a set (3 or 4 of one rank) or a run (3 or more "
            "of one suit in sequence)"
        )
    elif len({card.rank for card in cards}) == 1:
        why = "a set has 3 or 4 cards of one rank"
    elif len({card.suit for card in cards}) != 1:
        why = "a set is one rank and a run one suit; these cards mix both"
    elif not ace_high and meld_kind(cards, ace_high=True) is not None:
        why = "aces are low here (A-2-3); Q-K-A needs the house rule ace-high"
    else:
        suit = cards[0].suit
        high = ace_high and any(run_position(card, True) == 13 for card in cards)
        positions = sorted(run_position(card, high) for card in cards)
        missing = [p for p in range(positions[0], positions[-1]) if p not in positions]
        assert suit is not None
        by_position = {p: Card.from_index(((p - 1) % 13) + 13 * suit.index) for p in missing}
        if ace_high and {1, 13} <= {int(card.rank or 0) for card in cards} and 2 in positions:
            why = "a run may not turn the corner: K-A-2 is not a run"
        elif len(missing) <= 3:
            labels = [card_label(by_position[p], unicode=unicode) for p in missing]
            verb = "is" if len(labels) == 1 else "are"
            why = f"a run has no gaps ({listed(labels)} {verb} missing)"
        else:
            why = "a run is cards of one suit in sequence, with no gaps"
    return f"{shown} is not a meld: {why}"


def _fit_problem(meld: Meld, card: Card, number: int, *, unicode: bool) -> str:
    """Why ``card`` does not fit on table meld ``number``, and what would."""
    shown = card_label(card, unicode=unicode)
    where = f"meld {number} ({cards_label(meld.cards, unicode=unicode)})"
    if meld.kind is MeldKind.SET:
        if len(meld.cards) == 4:
            return f"{shown} does not fit {where}: the set has all four suits already"
        missing = [card_label(c, unicode=unicode) for c in _fitting(meld)]
        return (
            f"{shown} does not fit {where}: a set takes only its missing card ({listed(missing)})"
        )
    ends = [card_label(c, unicode=unicode) for c in _fitting(meld)]
    takes = f"only the next card at either end ({' or '.join(ends)})" if ends else "no card"
    return f"{shown} does not fit {where}: a run takes {takes}"


_DECK = tuple(Card.from_index(index) for index in range(52))


def _fitting(meld: Meld) -> list[Card]:
    """The cards that could be laid off on ``meld``, in deck order."""
    return [card for card in _DECK if fits(meld, card)]


def why_not(view: RummyView, action: Action, *, unicode: bool = True) -> str | None:
    """Why ``action`` may not be played from ``view``, in plain words; None when it may.

    >>> from threethirteen.games.rummy.state import RummyState
    >>> state = RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="6H", table=["JS JD JC"])
    >>> why_not(state.view(0), Discard(Card.parse("KC")))
    "draw a card first: 's' for the stock, or 't' to take the pile's top card (6♥)"
    >>> _ = state.apply(Take())
    >>> view = state.view(0)
    >>> why_not(view, Discard(Card.parse("6H")))
    'you took 6♥ from the pile this turn: discard another card (6♥ may go in a later turn)'
    >>> why_not(view, LayOff(Card.parse("9S"), 1))
    '9♠ does not fit meld 1 (J♠ J♦ J♣): a set takes only its missing card (J♥)'
    >>> why_not(view, NewMeld.of("4H 5H 6H")) is None
    True
    """
    if not view.legal_actions:
        return "it is not your turn"
    label = _labeller(unicode)
    if view.phase is Phase.DRAW:
        if isinstance(action, Draw):
            return None if action in view.legal_actions else "the stock is empty"
        if isinstance(action, Take):
            return None if view.top is not None else "the discard pile is empty: draw with 's'"
        top = f" ({label(view.top)})" if view.top is not None else ""
        return f"draw a card first: 's' for the stock, or 't' to take the pile's top card{top}"
    if isinstance(action, Draw | Take):
        return "you have drawn this turn: now meld, lay off, or discard a card to end your turn"
    cards = action.cards if isinstance(action, NewMeld) else (action.card,)
    missing = [label(card) for card in cards if card not in view.hand]
    if missing:
        return f"{listed(missing)} {'is' if len(missing) == 1 else 'are'} not in your hand"
    if isinstance(action, NewMeld):
        problem = meld_problem(cards, ace_high=view.rules.ace_high, unicode=unicode)
        if problem is not None:
            return problem
    elif isinstance(action, LayOff):
        if not view.table:
            return "there are no melds on the table yet to lay off on"
        if action.target > len(view.table):
            return (
                f"there is no table meld {action.target}: the table has melds 1 to "
                f"{len(view.table)}"
            )
        meld = view.table[action.target - 1]
        if not fits(meld, action.card):
            return _fit_problem(meld, action.card, action.target, unicode=unicode)
    elif action.card == view.taken and action not in view.legal_actions:
        shown = label(action.card)
        return (
            f"you took {shown} from the pile this turn: discard another card "
            f"({shown} may go in a later turn)"
        )
    if action in view.legal_actions:
        return None
    left = len(view.hand) - len(cards)
    if left == 0:
        return (
            "that would leave you no card to discard: under these rules you go out only by "
            "discarding your last card"
        )
    taken = label(view.taken) if view.taken is not None else "the card you took"
    return (
        f"that would leave only {taken}, which you took from the pile this turn and may not "
        "discard, and it fits no meld: your turn could not end"
    )


def _labeller(unicode: bool) -> Callable[[Card], str]:
    def label(card: Card) -> str:
        return card_label(card, unicode=unicode)

    return label


# -- the hint --------------------------------------------------------------------------------


def hint_for(view: RummyView, bot: GameBot, level: str, *, unicode: bool = True) -> Hint[Action]:
    """``bot``'s move on ``view`` (the player's own view), with a reason in plain words."""
    action: Action = bot.choose(view)
    return Hint(action, hint_reason(view, action, unicode=unicode), level)


def hint_reason(view: RummyView, action: Action, *, unicode: bool = True) -> str:
    """Why the move makes sense, in one line: ``7♥ lowers your count from 23 to 16``
    (:func:`threethirteen.bots.rummy_hints.reason`, in English).

    The count is what the cards left in hand would cost after the best melds and
    lay-offs (:func:`~threethirteen.games.rummy.analysis.deadwood`).

    >>> from threethirteen.games.rummy.state import RummyState
    >>> state = RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="6H", table=["JS JD JC"])
    >>> view = state.view(0)
    >>> hint_reason(view, Take())
    '6♥ lowers your count from 28 to 9'
    >>> hint_reason(view, Draw())
    '6♥ would lower your count from 28 to 9, but taking it shows the others what you collect'
    >>> _ = state.apply(Take())
    >>> hint_reason(state.view(0), NewMeld.of("4H 5H 6H"))
    'it lays down a run of 3, 15 points off your hand'
    >>> hint_reason(state.view(0), Discard(Card.parse("KC")))
    'it is in no meld; your count after it is 9'
    """
    return reason(view, action).text(unicode=unicode)
