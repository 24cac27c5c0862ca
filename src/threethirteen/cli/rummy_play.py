"""``threethirteen play --game rummy``: Rummy in the terminal, you against bots.

You are seat 0; the other seats are bots (``--bots``, by default the ``medium``
difficulty when it is registered, else ``simple``; two players unless
``--players`` says otherwise). ``--watch`` seats bots everywhere and prints the
match as a spectator, who sees every hand as dealt and every card drawn. As in
the other terminal games, the human seat is driven through its
:class:`~threethirteen.games.rummy.views.RummyView` only: the screen, the hint and
the checks of what you type are built from the view; the match state only applies
moves, hands out views, and shows the cards left in every hand once a hand is over.

The screen shows, at every prompt, the table's melds numbered 1, 2, ... with who laid
each down, the discard pile's top and size, the stock's size, and your hand sorted
and numbered; every move of the others is printed as it happens (a card drawn from
the stock is not named to a player).

Input at the prompt (see ``help``): ``draw``/``s``, ``take``/``t``; ``meld 4H 5H
6H`` (or positions, ``meld 1 2 3``); ``lay 7H on 2`` (``layoff 7H 2``, positions
too); ``discard KC``, a bare card (``KC``) or a position (``3``); ``sort``;
``hint``; ``help``; ``q``/``quit``. Bad input re-prompts with a message in plain
words (why a meld is not one, why a card does not fit a meld, why the card taken
from the pile may not be discarded); the end of input stops the game cleanly
(status 0) and Ctrl-C with status 130, saving the record first with ``--save``.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from threethirteen.bots import bot_name, game_bots, make_bot
from threethirteen.bots.base import close_bot
from threethirteen.bots.match import GameBot
from threethirteen.cards import Card
from threethirteen.cli.common import (
    QuitError,
    check_writable,
    engine_specs,
    make_console,
    pause_between_rounds,
    read_move,
)
from threethirteen.cli.games import game_and_rules
from threethirteen.cli.rummy_render import (
    Narrator,
    card_label,
    card_text,
    cards_label,
    count,
    hand_table,
    meld_label,
    plain,
    players_table,
    result_heading,
    result_table,
    score_sheet_table,
    seat_name,
    table_lines,
    totals_line,
    winner_line,
)
from threethirteen.engines import EngineError, EngineSpec, engine_table
from threethirteen.errors import IllegalActionError, NotationError, RulesError, ThreeThirteenError
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.analysis import analyse, arrange, deadwood
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.melds import Meld, MeldKind, fits, meld_kind, run_position
from threethirteen.games.rummy.record import record_to_json
from threethirteen.games.rummy.scoring import hand_points
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.views import Phase, RummyView

__all__ = [
    "HELP",
    "Hint",
    "default_level",
    "help_text",
    "hint_for",
    "hint_reason",
    "interpret",
    "meld_problem",
    "run",
    "why_not",
]

GAME_NAME = "rummy"
DEFAULT_PLAYERS = 2  # cardgames.io deals rummy to two

HELP = """\
Commands:
  s, draw            draw the top card of the stock
  t, take            take the top card of the discard pile
  meld 4H 5H 6H      lay a set or a run down on the table (by positions: meld 1 2 3)
  lay 7H on 2        lay 7H off onto table meld 2 (also: layoff 7H 2; by position:
                     lay 5 on 2 for the card at position 5 of your hand)
  KC, discard KC     discard a card, which ends your turn (by position: 3)
  sort               show your hand by suit or by rank
  h, hint            a suggested move from the bots, and why
  help               this list
  q, quit            stop the game (the record is saved first with --save)
Cards: 7H, 10S or TH, QD, AC (suits S H D C, or the symbols), any case.
A set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit
in sequence ({aces}). A lay-off adds one card to any meld on the table.
The first to get rid of every card ends the hand; the others score the
cards left in their hands (face cards 10, aces 1, the rest their value).
Your "count" is what the cards in no meld would cost you now. The lowest
total wins when someone reaches {target}."""


def help_text(view: RummyView) -> str:
    """:data:`HELP` with the rules of ``view``'s match filled in."""
    aces = "aces low: A-2-3, and Q-K-A too" if view.rules.ace_high else "aces low: A-2-3"
    return HELP.format(aces=aces, target=view.rules.target)


def run(args: argparse.Namespace) -> int:
    """Play a Rummy match from the ``play`` command's options; the exit status."""
    game, rules = game_and_rules(args)
    if game.name != GAME_NAME:
        raise RulesError(f"the Rummy terminal game cannot play {game.title}")
    # Engines (--engine NAME=COMMAND) are seated by name in --bots, as in the other games.
    engines = engine_table(engine_specs(args)) if getattr(args, "engine", None) else {}
    players = DEFAULT_PLAYERS if args.players is None else args.players
    rules.check_players(players)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    human = None if args.watch else 0
    bot_seats = [seat for seat in range(players) if seat != human]
    levels = _bot_levels(args.bots, len(bot_seats), engines)
    save = Path(args.save) if args.save else None
    if save is not None:
        check_writable(save)
    state = RummyState.new(rules, players, seed)
    names: list[str] = []
    bots: dict[int, GameBot] = {}
    try:
        for seat in range(players):
            if seat == human:
                names.append(args.name.strip() or "You")
                continue
            level = levels[bot_seats.index(seat)]
            # Each bot's generator derives from the match seed, so --seed replays the bots too.
            engine = engines.get(level)
            bot_seed = seed * 101 + seat
            bots[seat] = (
                make_bot(level, seed=bot_seed, game=GAME_NAME)
                if engine is None
                else engine.bot(bot_seed, game=GAME_NAME)
            )
            names.append(f"{level.split(':')[0].capitalize()} {seat}")
        terminal = RummyTerminal(state, names, bots, human, make_console(), sys.stdin, save)
        return terminal.run()
    finally:
        for bot in bots.values():
            close_bot(bot)  # an engine's process quits with the match


def default_level() -> str:
    """The bots' default: the ``medium`` difficulty once its bot is registered, else ``simple``."""
    try:
        bot_name("medium", GAME_NAME)
    except ThreeThirteenError:
        return "simple"
    return "medium"


def _bot_levels(
    spec: str | None, seats: int, engines: Mapping[str, EngineSpec] | None = None
) -> list[str]:
    """One bot name a bot seat, from ``medium`` or ``simple,random,...`` (or an engine's
    name); checked."""
    try:
        game_bots(GAME_NAME)
    except ImportError:
        raise RulesError("Rummy's bots are not installed in this threethirteen") from None
    names = [part.strip().lower() for part in (spec or default_level()).split(",")]
    for name in names:
        if engines and name in engines:
            continue
        bot_name(name.split(":")[0], GAME_NAME)  # its message names the known bots
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise RulesError(f"--bots {spec!r} names {len(names)} bots for {seats} bot seats")
    return names


# -- reading the player's input -------------------------------------------------------------

_COMMANDS = {
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "h": "hint",
    "hint": "hint",
    "help": "help",
    "?": "help",
    "sort": "sort",
}
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
        if _reads_as_card(head) or head.isdecimal() or len(head) <= 3:
            # A short word is taken for a card (its message says how to write one).
            return Discard(_card(words[0], hand))
        raise NotationError(f"{text.strip()[:40]!r} is neither a move nor a command; type 'help'")
    if all(_reads_as_card(word) or word.isdecimal() for word in words):
        cards = [_card(word, hand) for word in words]
        typed = " ".join(str(card) for card in cards)
        raise NotationError(f"to lay cards down, start with 'meld': meld {typed}")
    raise NotationError(f"{text.strip()[:40]!r} is neither a move nor a command; type 'help'")


def _reads_as_card(word: str) -> bool:
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def _card(word: str, hand: Sequence[Card]) -> Card:
    """The card ``word`` names: notation, or a position 1..n in ``hand``."""
    if word.isdecimal():
        position = int(word)
        if not 1 <= position <= len(hand):
            raise NotationError(
                f"there is no card at position {word}: your hand has "
                f"{count('card', len(hand))} (positions 1 to {len(hand)})"
            )
        return hand[position - 1]
    try:
        card = Card.parse(word)
    except NotationError:
        raise NotationError(
            f"{word[:20]!r} is not a card: write cards like 7H, 10S or TH, or their "
            f"positions 1 to {len(hand)} in your hand"
        ) from None
    if card.is_joker:
        raise NotationError(f"{word[:20]!r}: Rummy is played without jokers")
    return card


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


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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
            why = f"a run has no gaps ({_and(labels)} {verb} missing)"
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
        return f"{shown} does not fit {where}: a set takes only its missing card ({_and(missing)})"
    ends = [card_label(c, unicode=unicode) for c in _fitting(meld)]
    takes = f"only the next card at either end ({' or '.join(ends)})" if ends else "no card"
    return f"{shown} does not fit {where}: a run takes {takes}"


_DECK = tuple(Card.from_index(index) for index in range(52))


def _fitting(meld: Meld) -> list[Card]:
    """The cards that could be laid off on ``meld``, in deck order."""
    return [card for card in _DECK if fits(meld, card)]


def why_not(view: RummyView, action: Action, *, unicode: bool = True) -> str | None:
    """Why ``action`` may not be played from ``view``, in plain words; None when it may.

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
        return f"{_and(missing)} {'is' if len(missing) == 1 else 'are'} not in your hand"
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


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move: the action, the one-line reason, and the bot that chose it."""

    action: Action
    reason: str
    bot: str


def hint_for(view: RummyView, bot: GameBot, level: str, *, unicode: bool = True) -> Hint:
    """``bot``'s move on ``view`` (the player's own view), with a reason in plain words."""
    action: Action = bot.choose(view)
    return Hint(action, hint_reason(view, action, unicode=unicode), level)


def _count_with(view: RummyView, card: Card) -> int:
    """The least count of the hand after taking ``card`` and discarding another card."""
    hand = [*view.hand, card]
    ace_high = view.rules.ace_high
    best = None
    for other in view.hand:
        left = [c for c in hand if c != other]
        value = deadwood(left, view.table, ace_high)
        best = value if best is None else min(best, value)
    return deadwood(hand, view.table, ace_high) if best is None else best


def hint_reason(view: RummyView, action: Action, *, unicode: bool = True) -> str:
    """Why the move makes sense, in one line: ``7♥ lowers your count from 23 to 16``.

    The count is what the cards left in hand would cost after the best melds and
    lay-offs (:func:`~threethirteen.games.rummy.analysis.deadwood`).

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
    hand = view.hand
    table = view.table
    ace_high = view.rules.ace_high
    label = _labeller(unicode)
    if isinstance(action, Draw | Take):
        top = view.top
        if top is None:
            return "the discard pile is empty"
        now = deadwood(hand, table, ace_high)
        after = _count_with(view, top)
        if isinstance(action, Take):
            if after < now:
                return f"{label(top)} lowers your count from {now} to {after}"
            return f"the bot wants {label(top)}, though it does not lower your count ({now}) yet"
        if after < now:
            return (
                f"{label(top)} would lower your count from {now} to {after}, but taking it "
                "shows the others what you collect"
            )
        return f"{label(top)} on the pile would not lower your count of {now}"
    if isinstance(action, NewMeld):
        if len(action.cards) == len(hand):
            return "these are your last cards: you go out"
        meld = Meld.of(action.cards, ace_high=ace_high)
        points = count("point", hand_points(action.cards))
        return f"it lays down {meld_label(meld)}, {points} off your hand"
    if isinstance(action, LayOff):
        if len(hand) == 1:
            return "it is your last card: you go out"
        where = ""
        if 0 < action.target <= len(table):
            where = f" ({cards_label(table[action.target - 1].cards, unicode=unicode)})"
        points = count("point", hand_points([action.card]))
        return (
            f"{label(action.card)} fits table meld {action.target}{where}, {points} off your hand"
        )
    if len(hand) == 1:
        return "it is your last card: discard it and you go out"
    rest = [card for card in hand if card != action.card]
    after = deadwood(rest, table, ace_high)
    if after == 0:
        return "the cards you keep all make melds (your count after it is 0)"
    if action.card in arrange(hand, table, ace_high).left:
        return f"it is in no meld; your count after it is {after}"
    return f"your count after it is {after}"


# -- the game loop ---------------------------------------------------------------------------


class RummyTerminal:
    """One Rummy match in the terminal: renders views, reads the human, runs the bots."""

    def __init__(
        self,
        state: RummyState,
        names: Sequence[str],
        bots: dict[int, GameBot],
        human: int | None,
        console: Console,
        stdin: TextIO,
        save: Path | None,
    ) -> None:
        self.state = state
        self.names = list(names)
        self.bots = bots
        self.human = human
        self.console = console
        self.stdin = stdin
        self.save = save
        self.unicode = (console.encoding or "").lower().startswith("utf")
        self.interactive = stdin.isatty()
        self.narrator = Narrator(self.names, human, unicode=self.unicode, rules=state.rules)
        self.sort_by = "rank"
        self._shown_events = 0  # events of this hand already printed
        self._shown: list[Card] = []  # the human's hand in displayed order
        self._drawn: dict[int, Card] = {}  # log index -> the card drawn, for who may see it
        self._table_changed = False
        self._hint_bot: tuple[GameBot, str] | None = None

    # -- driving the match ---------------------------------------------------------------------

    def run(self) -> int:
        state = self.state
        try:
            self._intro()
            while state.phase is not Phase.MATCH_OVER:
                if state.phase is Phase.ROUND_OVER:
                    self._flush_events()
                    self._round_over()
                    state.next_round()
                    self._round_start()
                    continue
                seat = state.current
                if seat == self.human:
                    self._human_turn(seat)
                else:
                    self._bot_turn(seat)
                self._flush_events()
        except QuitError as stop:
            self._flush_events()
            self.console.print(Text(str(stop), style="yellow"))
            self._save()
            return 0
        except KeyboardInterrupt:
            self.console.print(Text("\nInterrupted.", style="yellow"))
            self._save()
            return 130
        except EngineError:
            # An engine that broke the protocol ends the match, but not the record of it.
            self._save()
            raise
        self._match_over()
        self._save()
        return 0

    def _viewer(self) -> RummyView:
        """The view the screen is drawn from: the human's, or seat 0's when watching."""
        return self.state.view(self.human if self.human is not None else 0)

    def _text(self, text: str, style: str = "") -> Text:
        return Text(plain(text, unicode=self.unicode), style=style)

    def _intro(self) -> None:
        state = self.state
        console = self.console
        console.print(Rule(Text("Rummy", style="bold")))
        console.print(state.rules.summary())
        seats = ", ".join(
            f"{name}{' (you)' if seat == self.human and name.lower() != 'you' else ''}"
            for seat, name in enumerate(self.names)
        )
        console.print(f"Players: {seats}")
        console.print(f"Seed {state.seed} (play the same deals again with --seed {state.seed})")
        console.print(
            f"Melds go on the table; the first to get rid of every card ends the hand. "
            f"Lowest total wins when someone reaches {state.rules.target}."
        )
        if self.human is not None:
            console.print("Type 'help' at the prompt for the commands.")
        self._round_start()

    def _round_start(self) -> None:
        state = self.state
        if state.phase is Phase.MATCH_OVER:
            return
        self._shown_events = 0
        self._drawn = {}
        self._table_changed = False
        view = self._viewer()
        self.narrator.start_hand(len(view.pile))
        console = self.console
        console.print()
        console.print(Rule(Text(f"Hand {view.round_number}", style="bold")))
        each = count("card", state.rules.cards_each(state.players))
        console.print(
            Text.assemble(
                f"{self.narrator.subject(view.dealer, 'deal')} {each} each; "
                f"{self.narrator.subject(view.current, 'play')} first. The card turned up, ",
                self._card(view.top),
                ", starts the discard pile.",
            )
        )
        if self.human is None:
            # A spectator of bots may see every hand.
            for seat in range(state.players):
                console.print(
                    Text.assemble(
                        f"  {seat_name(self.names, seat)}: ",
                        self._cards(state.hand(seat)),
                    )
                )

    def _card(self, card: Card | None) -> Text:
        if card is None:
            return Text("-", style="dim")
        return card_text(card, unicode=self.unicode)

    def _cards(self, cards: Sequence[Card]) -> Text:
        if not cards:
            return Text("-", style="dim")
        return Text(" ").join(self._card(card) for card in cards)

    def _bot_turn(self, seat: int) -> None:
        state = self.state
        action = self.bots[seat].choose(state.view(seat))
        self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        """Apply ``action``; note the card drawn from the stock for whoever may see it."""
        state = self.state
        before = state.hand(seat)
        state.apply(action)
        if isinstance(action, Draw) and (self.human is None or seat == self.human):
            (drawn,) = set(state.hand(seat)) - set(before)
            self._drawn[len(state.log) - 1] = drawn

    def _flush_events(self) -> None:
        """Print this hand's moves not printed yet, one line each, as they happened; a
        spectator also sees the table after a turn that changed it."""
        log = self._viewer().log
        for index in range(self._shown_events, len(log)):
            event = log[index]
            for line in self.narrator.lines(event, self._drawn.get(index)):
                self.console.print(Text("  ") + line)
            if isinstance(event.action, NewMeld | LayOff):
                self._table_changed = True
            ends_turn = isinstance(event.action, Discard) or event.went_out
            if ends_turn and self._table_changed and self.human is None:
                view = self._viewer()
                for line in table_lines(
                    view.table, view.table_owners, self.names, unicode=self.unicode
                ):
                    self.console.print(Text("    ") + line)
            if ends_turn:
                self._table_changed = False
        self._shown_events = len(log)

    # -- the human's turn --------------------------------------------------------------------

    def _human_turn(self, seat: int) -> None:
        view = self.state.view(seat)
        self._show_turn(view)
        while True:
            text = self._read(view)
            try:
                command = interpret(text, view, self._shown)
            except NotationError as exc:
                self._refuse(str(exc))
                continue
            if command == "":
                continue
            if command == "quit":
                raise QuitError("You stopped the game.")
            if command == "help":
                self.console.print(plain(help_text(view), unicode=self.unicode))
                continue
            if command == "sort":
                self.sort_by = "suit" if self.sort_by == "rank" else "rank"
                self._show_hand(view)
                continue
            if command == "hint":
                self._show_hint(view)
                continue
            assert not isinstance(command, str)
            reason = why_not(view, command, unicode=self.unicode)
            if reason is not None:
                self._refuse(reason)
                continue
            try:
                self._apply(seat, command)
            except IllegalActionError as exc:
                self._refuse(_reason(exc))
                continue
            return

    def _refuse(self, reason: str) -> None:
        """Say in red why the input was not taken, as a sentence."""
        self.console.print(self._text(reason[:1].upper() + reason[1:], "red"))

    def _read(self, view: RummyView) -> str:
        if view.phase is Phase.DRAW:
            top = f", t = take {card_label(view.top, unicode=self.unicode)}" if view.top else ""
            prompt = f"Draw (s = stock{top})"
        else:
            prompt = "Meld, lay off or discard"
        return read_move(self.console, self.stdin, prompt, echo=not self.interactive)

    def _show_turn(self, view: RummyView) -> None:
        console = self.console
        if view.phase is Phase.DRAW:
            console.print()
            console.print(
                self._text(
                    f"Hand {view.round_number} · your turn · the match ends at {view.rules.target}",
                    "bold",
                )
            )
            console.print(players_table(view, self.names))
        for line in table_lines(
            view.table, view.table_owners, self.names, unicode=self.unicode, player=True
        ):
            console.print(line)
        pile = Text("Discard pile: ")
        if view.top is None:
            pile.append("empty")
        else:
            pile.append_text(self._card(view.top))
            pile.append(f" on top ({count('card', len(view.pile))})")
        pile.append(plain(" · ", unicode=self.unicode) + f"Stock: {count('card', view.stock_size)}")
        console.print(pile)
        self._show_hand(view)
        if view.phase is Phase.MELD:
            try:
                outlook = analyse(view.hand, view.table, view.rules, view.taken)
            except ThreeThirteenError:  # (a view always analyses; never stop the game on it)
                return
            if outlook.can_go_out:
                console.print(
                    Text(
                        "You can go out this turn! (type 'hint' if you want help)",
                        style="bold green",
                    )
                )

    def _show_hand(self, view: RummyView) -> None:
        if self.sort_by == "suit":
            self._shown = sorted(view.hand, key=lambda card: card.sort_key("suit"))
        else:
            self._shown = list(view.hand)
        mark = None
        if view.phase is Phase.MELD:
            mark = view.taken if view.taken is not None else self._last_drawn(view)
            if mark not in view.hand:
                mark = None
        try:
            now = f", count {deadwood(view.hand, view.table, view.rules.ace_high)}"
        except ThreeThirteenError:  # (a view always counts; never stop the game on it)
            now = ""
        self.console.print(
            Text(
                f"Your hand ({count('card', len(view.hand))}, by {self.sort_by}{now}):",
                style="bold",
            )
        )
        self.console.print(hand_table(self._shown, unicode=self.unicode, mark=mark))
        if mark is None:
            return
        if view.taken is None:
            self.console.print(Text.assemble("Just drawn: ", self._card(mark)))
        elif view.rules.discard_taken_card:
            self.console.print(Text.assemble("Just taken from the pile: ", self._card(mark)))
        else:
            self.console.print(
                Text.assemble(
                    "Just taken from the pile: ",
                    self._card(mark),
                    " (you may not discard it this turn)",
                )
            )

    def _last_drawn(self, view: RummyView) -> Card | None:
        """The card this seat drew from the stock this turn, if it did."""
        for index in range(len(view.log) - 1, -1, -1):
            event = view.log[index]
            if event.seat != view.seat:
                return None
            if isinstance(event.action, Draw):
                card = self._drawn.get(index)
                return card if card in view.hand else None
        return None

    def _show_hint(self, view: RummyView) -> None:
        bot, level = self._hinter()
        hint = hint_for(view, bot, level, unicode=self.unicode)
        action = hint.action
        positions = ""
        if isinstance(action, NewMeld):
            shown = f"meld {cards_label(action.cards, unicode=self.unicode)}"
            where = " ".join(str(self._shown.index(card) + 1) for card in action.cards)
            positions = f"   (or by position: meld {where})"
        elif isinstance(action, LayOff):
            shown = f"lay {card_label(action.card, unicode=self.unicode)} on {action.target}"
            where = str(self._shown.index(action.card) + 1)
            positions = f"   (or by position: lay {where} on {action.target})"
        elif isinstance(action, Discard):
            shown = f"discard {card_label(action.card, unicode=self.unicode)}"
            positions = f"   (or by position: {self._shown.index(action.card) + 1})"
        else:
            shown = "draw from the stock" if isinstance(action, Draw) else "take the pile's top"
        typed = str(action)
        if isinstance(action, LayOff):
            typed = f"lay {action.card} on {action.target}"
        elif isinstance(action, Draw | Take):
            positions = f"   (or {'s' if isinstance(action, Draw) else 't'})"
        self.console.print(
            self._text(f"Hint ({hint.bot} bot): {shown}. Why: {hint.reason}.", "cyan")
        )
        self.console.print(Text(f"  to play it, type: {typed}{positions}", style="dim"))

    def _hinter(self) -> tuple[GameBot, str]:
        """The bot that hints: ``medium`` when registered, else ``simple`` (said in the hint)."""
        if self._hint_bot is None:
            level = default_level()
            seat = self.human if self.human is not None else 0
            bot = make_bot(level, seed=self.state.seed * 101 + seat, game=GAME_NAME)
            self._hint_bot = (bot, level)
        return self._hint_bot

    # -- hand and match ends -------------------------------------------------------------------

    def _round_over(self) -> None:
        state = self.state
        view = self._viewer()
        result = view.results[-1]
        console = self.console
        console.print()
        console.print(
            Text(result_heading(result, self.names, state.rules, state.turns), style="bold")
        )
        hands = [state.hand(seat) for seat in range(state.players)]
        console.print(result_table(result, hands, self.names, view.totals, unicode=self.unicode))
        console.print(totals_line(view.totals, self.names, state.rules))
        if self.interactive and self.human is not None and not view.winners:
            pause_between_rounds(console, self.stdin)

    def _match_over(self) -> None:
        state = self.state
        console = self.console
        console.print()
        console.print(Rule(Text("Match over", style="bold")))
        console.print(score_sheet_table(state.results, self.names))
        console.print(totals_line(state.totals, self.names, state.rules))
        console.print(Text(winner_line(state.winners(), state.totals, self.names), style="bold"))

    def _save(self) -> None:
        if self.save is None:
            return
        record = GAME.record(self.state, self.names)
        self.save.write_text(record_to_json(record), encoding="utf-8")
        self.console.print(f"Game record saved to {self.save}")


def _reason(exc: IllegalActionError) -> str:
    """The state's message without its technical prefix (action, seat, phase)."""
    text = str(exc)
    _, sep, reason = text.partition(": ")
    return f"Not allowed: {reason}" if sep else text
