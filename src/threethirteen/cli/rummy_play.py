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

Input at the prompt (see ``help``): ``draw``/``s``, ``take``/``t``, ``meld 4H 5H 6H``,
``lay 7H on 2``, a card to discard, ``sort``, ``hint``, ``help``, ``q``; how a line is
read, why a move is refused and the hint's reasons are
:mod:`threethirteen.cli.rummy_moves`'s. Bad input re-prompts with a message in plain
words (why a meld is not one, why a card does not fit a meld, why the card taken from
the pile may not be discarded); the end of input stops the game cleanly (status 0) and
Ctrl-C with status 130, saving the record first with ``--save``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rich.rule import Rule
from rich.text import Text

from threethirteen.cards import Card
from threethirteen.cli import terminal
from threethirteen.cli.rummy_moves import help_text, hint_for, interpret, why_not
from threethirteen.cli.rummy_render import (
    Narrator,
    card_label,
    card_text,
    cards_label,
    count,
    hand_table,
    plain,
    players_table,
    result_heading,
    result_table,
    score_sheet_table,
    table_lines,
    totals_line,
    winner_line,
)
from threethirteen.cli.terminal import TerminalMatch, play_in_terminal, print_final_scores
from threethirteen.errors import ThreeThirteenError
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.analysis import analyse, deadwood
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.views import Phase, RummyView

__all__ = ["RummyTerminal", "default_level", "run"]

GAME_NAME = "rummy"
DEFAULT_PLAYERS = 2  # cardgames.io deals rummy to two


def run(args: argparse.Namespace) -> int:
    """Play a Rummy match from the ``play`` command's options; the exit status."""
    return play_in_terminal(args, GAME, DEFAULT_PLAYERS, RummyTerminal)


def default_level() -> str:
    """The bots' default: the ``medium`` difficulty once its bot is registered, else ``simple``."""
    return terminal.default_level(GAME_NAME)


# -- the game loop ---------------------------------------------------------------------------


class RummyTerminal(TerminalMatch[RummyState, RummyView, Action]):
    """One Rummy match in the terminal: renders views, reads the human, runs the bots."""

    game = GAME

    def _setup(self) -> None:
        self.narrator = Narrator(
            self.names, self.human, unicode=self.unicode, rules=self.state.rules
        )
        self.sort_by = "rank"
        self._shown: list[Card] = []  # the human's hand in displayed order
        self._drawn: dict[int, Card] = {}  # log index -> the card drawn, for who may see it
        self._table_changed = False

    # -- driving the match ---------------------------------------------------------------------

    def _text(self, text: str, style: str = "") -> Text:
        return Text(plain(text, unicode=self.unicode), style=style)

    def _intro(self) -> None:
        state = self.state
        self._introduce(
            "Rummy",
            state.rules.summary(),
            f"Melds go on the table; the first to get rid of every card ends the hand. "
            f"Lowest total wins when someone reaches {state.rules.target}.",
        )

    def _announce_round(self, view: RummyView) -> None:
        state = self.state
        self._drawn = {}
        self._table_changed = False
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

    def _hand_text(self, seat: int) -> Text:
        return self._cards(self.state.hand(seat))

    def _card(self, card: Card | None) -> Text:
        if card is None:
            return Text("-", style="dim")
        return card_text(card, unicode=self.unicode)

    def _cards(self, cards: Sequence[Card]) -> Text:
        if not cards:
            return Text("-", style="dim")
        return Text(" ").join(self._card(card) for card in cards)

    def _play(self, seat: int, action: Action) -> None:
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

    def _interpret(self, text: str, view: RummyView) -> Action | str:
        return interpret(text, view, self._shown)

    def _why_not(self, view: RummyView, action: Action) -> str | None:
        return why_not(view, action, unicode=self.unicode)

    def _help(self, view: RummyView) -> str:
        return plain(help_text(view), unicode=self.unicode)

    def _command(self, command: str, view: RummyView) -> None:
        if command == "sort":
            self.sort_by = "suit" if self.sort_by == "rank" else "rank"
            self._show_hand(view)
        else:
            super()._command(command, view)

    def _refuse(self, reason: str) -> None:
        """Say in red why the input was not taken, as a sentence."""
        self.console.print(self._text(reason[:1].upper() + reason[1:], "red"))

    def _prompt(self, view: RummyView) -> str:
        if view.phase is Phase.DRAW:
            top = f", t = take {card_label(view.top, unicode=self.unicode)}" if view.top else ""
            return f"Draw (s = stock{top})"
        return "Meld, lay off or discard"

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
