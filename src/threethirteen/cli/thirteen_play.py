"""``threethirteen play --game thirteen``: Thirteen (Tiến lên) in the terminal, you against bots.

You are seat 0; the other seats are bots (``--bots``, by default the ``medium``
difficulty when it is registered, else ``simple``). ``--watch`` seats bots
everywhere and prints the match as a spectator, who sees every hand as dealt.
As in the Three-Thirteen game (:mod:`threethirteen.cli.play`), the human seat is
driven through its :class:`~threethirteen.games.thirteen.views.ThirteenView`
only: the screen, the hint and the checks of what you type are built from the
view; the match state only applies moves and hands out views.

Input at the prompt (see ``help``): cards by notation (``7H 8C 9D``, ``10H`` or
``TH``, suit symbols) or by their positions in the hand shown (``1 2 3``),
optionally after ``play``; ``pass`` (``p``); ``hint``; ``help``; ``q``/``quit``.
Bad input re-prompts with a message in plain words; the end of input stops the
game cleanly (status 0) and Ctrl-C with status 130, saving the record first
with ``--save``.
"""

from __future__ import annotations

import argparse

from rich.rule import Rule
from rich.text import Text

from threethirteen.bots.match import GameBot
from threethirteen.bots.thirteen_hints import reason
from threethirteen.cards import Card, Rank
from threethirteen.cli import terminal
from threethirteen.cli.common import COMMAND_WORDS, Hint, listed, read_card, reads_as_card
from threethirteen.cli.terminal import TerminalMatch, play_in_terminal, print_final_scores
from threethirteen.cli.thirteen_render import (
    Narrator,
    cards_label,
    cards_text,
    count,
    hand_table,
    kind_label,
    leader_line,
    plain,
    players_table,
    result_heading,
    result_table,
    score_sheet_table,
    seat_name,
    totals_line,
    winner_line,
)
from threethirteen.errors import IllegalActionError, NotationError
from threethirteen.games.thirteen.actions import Action, Pass, Play
from threethirteen.games.thirteen.cards import strength
from threethirteen.games.thirteen.combos import Combo, Kind, beats, classify
from threethirteen.games.thirteen.game import GAME
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase, ThirteenView

__all__ = [
    "HELP",
    "Hint",
    "default_level",
    "hint_for",
    "hint_reason",
    "interpret",
    "run",
    "why_not",
]

GAME_NAME = "thirteen"
DEFAULT_PLAYERS = 4  # cardgames.io always seats four

HELP = """\
Commands:
  7H 8C 9D      play these cards, in any order ('play 7H 8C 9D' too);
                ten is 10 or T, suits S C D H (or ♠ ♣ ♦ ♥), any case
  1 2 3         play the cards at these positions of your hand as shown
  p, pass       pass: you stay out of this trick until the table clears
  h, hint       a suggested move from the bots, and why
  help          this list
  q, quit       stop the game (the record is saved first with --save)
A play is the table's kind and size with a higher top card (ranks 3 up
to A, then 2; suits ♠ ♣ ♦ ♥ low to high); bombs also beat 2s."""


def run(args: argparse.Namespace) -> int:
    """Play a Thirteen match from the ``play`` command's options; the exit status."""
    return play_in_terminal(args, GAME, DEFAULT_PLAYERS, ThirteenTerminal)


def default_level() -> str:
    """The bots' default: the ``medium`` difficulty once its bot is registered, else ``simple``."""
    return terminal.default_level(GAME_NAME)


# -- reading the player's input -------------------------------------------------------------


def interpret(text: str, view: ThirteenView, *, unicode: bool = True) -> Action | str:
    """One line of input as an action, or a command word (``hint``, ``help``, ``quit``, ``""``).

    Cards are read by notation or by position in ``view.hand`` (ascending, as shown),
    optionally after ``play``. Raises :class:`~threethirteen.errors.NotationError` in
    plain words quoting what does not read; whether the play is legal is
    :func:`why_not`'s business.

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> view = ThirteenState.stack(None, ["3S 4D 5C 9H", "6H 7H"]).view(0)
    >>> interpret("1 2 3", view), interpret("play 9h", view), interpret("p", view)
    (Play.parse('play 3S 4D 5C'), Play.parse('play 9H'), Pass())
    >>> interpret("7Q", view)
    Traceback (most recent call last):
    ...
    threethirteen.errors.NotationError: '7Q' is not a card: write cards like 7H, 10S or TH, or \
their positions 1 to 4 in your hand
    """
    words = text.replace(",", " ").split()
    if not words:
        return ""
    head = words[0].lower()
    if len(words) == 1 and head in COMMAND_WORDS:
        return COMMAND_WORDS[head]
    if len(words) == 1 and head in ("p", "pass"):
        return Pass()
    if head == "play":
        words = words[1:]
        if not words:
            raise NotationError("'play' needs cards: 'play 7H 8C 9D' or 'play 1 2 3'")
    elif len(words) == 1 and not reads_as_card(head) and not head.isdigit() and len(head) > 3:
        # A short word is taken for a card (its message says how to write one).
        raise NotationError(f"{text.strip()[:40]!r} is neither a play nor a command; type 'help'")
    hand = view.hand
    cards: list[Card] = []
    for word in words:
        card = read_card(word, hand, game_title=GAME.title)
        if card in cards:
            raise NotationError(f"{_label(card, unicode)} is given twice in {text.strip()[:40]!r}")
        cards.append(card)
    return Play(tuple(cards))


def _label(card: Card, unicode: bool) -> str:
    return cards_label([card], unicode=unicode)


def why_not(view: ThirteenView, action: Action, *, unicode: bool = True) -> str | None:
    """Why ``action`` may not be played from ``view``, in plain words; None when it may.

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> state = ThirteenState.stack(None, ["3S 4D 8C 9H", "6H 7H 9D"], leader=1)
    >>> _ = state.apply(Play.of("9D"))
    >>> view = state.view(0)
    >>> why_not(view, Play.of("8C"))
    '8♣ does not beat 9♦ (a higher single is needed)'
    >>> why_not(view, Play.of("7H")), why_not(view, Play.of("3S 8C")), why_not(view, Play.of("9H"))
    ('7♥ is not in your hand', '3♠ 8♣ is not a combination: a play is one rank, or 3 or more \
consecutive ranks (one or two cards of each)', None)
    """
    if isinstance(action, Pass):
        if view.phase is Phase.LEAD:
            return "you lead: you cannot pass"
        return None
    missing = [card for card in action.cards if card not in view.hand]
    if missing:
        labels = [_label(card, unicode) for card in missing]
        verb = "is" if len(labels) == 1 else "are"
        return f"{listed(labels)} {verb} not in your hand"
    shown = cards_label(action.cards, unicode=unicode)
    try:
        combo = classify(action.cards)
    except IllegalActionError:
        values = sorted({strength(card) // 4 for card in action.cards})  # rank places
        consecutive = values == list(range(values[0], values[0] + len(values)))
        if any(card.rank is Rank.TWO for card in action.cards) and len(values) > 1:
            why = "a 2 cannot be part of a sequence"
        elif consecutive and len(values) < 3:
            why = "a sequence needs 3 or more consecutive ranks"
        else:
            why = "a play is one rank, or 3 or more consecutive ranks (one or two cards of each)"
        return f"{shown} is not a combination: {why}"
    if view.phase is Phase.LEAD:
        must = view.first_lead_card if not view.log else None
        if must is not None and must not in action.cards:
            return f"the round's first play must hold {_label(must, unicode)}"
        return None
    table = view.table
    if table is None:  # not your turn at all (a round over): the state says why
        return None
    if view.seat in view.passed and not combo.is_bomb:
        return "you passed in this trick: only a bomb on the 2s brings you back in (or pass again)"
    four = view.rules.four_on_pair_of_twos
    if not beats(combo, table, four_on_pair_of_twos=four):
        needed = _needed(table, four_on_pair_of_twos=four)
        return f"{shown} does not beat {cards_label(table.cards, unicode=unicode)} ({needed})"
    return None


def _needed(table: Combo, *, four_on_pair_of_twos: bool) -> str:
    """What would beat ``table``, in words: ``a higher single is needed``."""
    shape = kind_label(table)
    if table.kind is Kind.SEQUENCE:
        shape += f" of {table.size} cards"
    elif table.kind is Kind.DOUBLE_SEQUENCE:
        shape += f" of {table.pairs} pairs"
    needed = f"a higher {shape}"
    if table.high.rank is Rank.TWO and table.kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE):
        bombs = {
            Kind.SINGLE: "four of a kind or a double sequence of 3 pairs",
            Kind.PAIR: "a double sequence of 4 pairs"
            + (" or four of a kind" if four_on_pair_of_twos else ""),
            Kind.TRIPLE: "a double sequence of 5 pairs",
        }[table.kind]
        return f"{needed} is needed, or a bomb: {bombs}"
    return f"{needed} is needed"


# -- the hint --------------------------------------------------------------------------------


def hint_for(view: ThirteenView, bot: GameBot, level: str, *, unicode: bool = True) -> Hint[Action]:
    """``bot``'s move on ``view`` (the player's own view), with a reason in plain words."""
    action: Action = bot.choose(view)
    return Hint(action, hint_reason(view, action, unicode=unicode), level)


def hint_reason(view: ThirteenView, action: Action, *, unicode: bool = True) -> str:
    """Why the move makes sense, in one line: ``leads your lowest sequence``
    (:func:`threethirteen.bots.thirteen_hints.reason`, in English).

    >>> from threethirteen.games.thirteen.state import ThirteenState
    >>> view = ThirteenState.stack(None, ["3S 4D 5C 9H 9S", "6H 7H"]).view(0)
    >>> hint_reason(view, Play.of("3S 4D 5C"))
    'leads your lowest sequence (the first play must hold 3♠)'
    """
    return reason(view, action).text(unicode=unicode)


# -- the game loop ---------------------------------------------------------------------------


class ThirteenTerminal(TerminalMatch[ThirteenState, ThirteenView, Action]):
    """One Thirteen match in the terminal: renders views, reads the human, runs the bots."""

    game = GAME
    # An engine that breaks the protocol ends a Thirteen match without its record (as
    # before the games shared this loop; Rummy and Three-Thirteen save it).
    saves_on_engine_error = False

    def _setup(self) -> None:
        self.narrator = Narrator(self.names, self.state.players, self.human, unicode=self.unicode)

    # -- driving the match ---------------------------------------------------------------------

    def _intro(self) -> None:
        self._introduce(
            plain("Thirteen (Tiến lên)", unicode=self.unicode),
            plain(self.state.rules.summary(), unicode=self.unicode),
        )

    def _announce_round(self, view: ThirteenView) -> None:
        self.narrator.start_round()
        console = self.console
        console.print()
        console.print(Rule(Text(f"Round {view.round_number}", style="bold")))
        previous = view.results[-1].number if view.results else None
        if view.phase is not Phase.ROUND_OVER:  # (an instant win ends the round at the deal)
            console.print(leader_line(self.narrator, view.leader, view.first_lead_card, previous))

    def _hand_text(self, seat: int) -> Text:
        return cards_text(self.state.hand(seat), unicode=self.unicode)

    def _flush_events(self) -> None:
        """Print this round's moves not printed yet, one line each, as they happened."""
        log = self._viewer().log
        for event in log[self._shown_events :]:
            for line in self.narrator.lines(event):
                self.console.print(Text("  ") + line)
        self._shown_events = len(log)

    # -- the human's turn --------------------------------------------------------------------

    def _interpret(self, text: str, view: ThirteenView) -> Action | str:
        return interpret(text, view, unicode=self.unicode)

    def _why_not(self, view: ThirteenView, action: Action) -> str | None:
        return why_not(view, action, unicode=self.unicode)

    def _help(self, view: ThirteenView) -> str:
        return plain(HELP, unicode=self.unicode)

    def _prompt(self, view: ThirteenView) -> str:
        if view.phase is Phase.LEAD:
            return "Lead"
        if view.seat in view.passed:
            return "Bomb or pass"
        return "Play or pass"

    def _show_turn(self, view: ThirteenView) -> None:
        console = self.console
        console.print()
        console.print(
            Text(
                plain(
                    f"Round {view.round_number} · race to {view.rules.target} · your turn",
                    unicode=self.unicode,
                ),
                style="bold",
            )
        )
        console.print(players_table(view, self.names))
        table = view.table
        if table is None:
            line = Text("Table empty: you lead")
            must = view.first_lead_card if not view.log else None
            if must is not None:
                line.append("; your play must hold ")
                line.append_text(cards_text([must], unicode=self.unicode))
            console.print(line)
        else:
            owner = seat_name(self.names, table_owner(view))
            console.print(
                Text.assemble(
                    "Table: ",
                    cards_text(table.cards, unicode=self.unicode),
                    f" ({kind_label(table)}), played by {owner}",
                )
            )
            if view.seat in view.passed:
                console.print(
                    Text(
                        "You passed in this trick, but the table holds 2s: "
                        "you may come back with a bomb, or pass again.",
                        style="yellow",
                    )
                )
        console.print(Text(f"Your hand ({count('card', len(view.hand))}):", style="bold"))
        console.print(hand_table(view.hand, unicode=self.unicode))

    def _show_hint(self, view: ThirteenView) -> None:
        bot, level = self._hinter()
        hint = hint_for(view, bot, level, unicode=self.unicode)
        action = hint.action
        if isinstance(action, Play):
            shown = f"play {cards_label(action.cards, unicode=self.unicode)}"
            positions = " ".join(str(view.hand.index(card) + 1) for card in action.cards)
            typed = (
                f"{' '.join(str(card) for card in action.cards)}   (or by position: {positions})"
            )
        else:
            shown = typed = "pass"
        self.console.print(Text(f"Hint ({hint.bot} bot): {shown}: {hint.reason}", style="cyan"))
        self.console.print(Text(f"  to play it, type: {typed}", style="dim"))

    # -- round and match ends ----------------------------------------------------------------

    def _round_over(self) -> None:
        view = self._viewer()
        result = view.results[-1]
        console = self.console
        console.print()
        console.print(Text(result_heading(result, self.names), style="bold"))
        console.print(result_table(result, self.names, view.totals))
        console.print(totals_line(view.totals, self.names, view.rules))
        if not view.winners:
            self._pause()

    def _match_over(self) -> None:
        state = self.state
        print_final_scores(
            self.console,
            "Match over",
            score_sheet_table(state.results, self.names),
            totals_line(state.totals, self.names, state.rules),
            Text(winner_line(state.winners(), state.totals, self.names), style="bold"),
        )


def table_owner(view: ThirteenView) -> int:
    """The seat that played the table (the view's own seat if unknown)."""
    return view.table_owner if view.table_owner is not None else view.seat
