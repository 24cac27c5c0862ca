"""``threethirteen play``: a match in the terminal, you (seat 0) against bots.

The human seat is driven through its :class:`~threethirteen.games.three_thirteen.views.PlayerView`
only, exactly as a bot is: the screen, the hints and the input checks are built
from the view, and the match's :class:`~threethirteen.games.three_thirteen.state.MatchState` is used
only to apply moves and to hand out views. ``--watch`` seats bots everywhere
and prints the match as a spectator, who may see every hand. ``--game thirteen``
hands the command over to :mod:`threethirteen.cli.thirteen_play`, ``--game rummy``
to :mod:`threethirteen.cli.rummy_play`.

Input at the prompt (see ``help``): ``s``/``stock`` or ``d``/``pile`` to draw; a
card (``7H``, ``x 7H``) or its position in the displayed hand to discard;
``out 7H`` (or ``out``) to go out; ``h``/``hint``; ``sort``; ``help``; ``q``/``quit``.
Bad input re-prompts with a message; the end of input stops the game cleanly,
saving the record first with ``--save``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from rich.rule import Rule
from rich.text import Text

from threethirteen.bots import BOT_NAMES, DIFFICULTIES, bot_name
from threethirteen.bots.hints import Hint, hint_for
from threethirteen.cards import Card
from threethirteen.cli.common import (
    add_engine_option,
    engine_specs,
    make_console,
    not_allowed,
    reads_as_card,
    rules_from_args,
)
from threethirteen.cli.games import add_game_options
from threethirteen.cli.render import (
    arrangement_lines,
    card_text,
    cards_text,
    hand_table,
    players_table,
    result_heading,
    result_table,
    round_title,
    score_sheet_table,
    seat_label,
    sort_hand,
    totals_line,
    winner_line,
)
from threethirteen.cli.terminal import TerminalMatch, bot_levels, print_final_scores, seated
from threethirteen.engines import EngineSpec, engine_table
from threethirteen.errors import IllegalActionError, NotationError, RulesError, ThreeThirteenError
from threethirteen.games import get_game
from threethirteen.games.three_thirteen.actions import (
    Action,
    Discard,
    Draw,
    GoOut,
    Source,
    parse_action,
)
from threethirteen.games.three_thirteen.game import GAME
from threethirteen.games.three_thirteen.rules import Rules
from threethirteen.games.three_thirteen.state import MatchState
from threethirteen.games.three_thirteen.views import Event, EventKind, Phase, PlayerView

__all__ = ["Hint", "add_parser", "hint_for", "interpret", "refusal_for", "run"]

HELP = """\
Commands:
  s, stock           draw the top card of the stock
  d, pile            take the top card of the discard pile
  7H  or  x 7H       discard the 7 of hearts (suits S H D C, ten is 10 or T, joker JK)
  3                  discard the 3rd card of your hand as shown
  out 7H, out 3      go out, discarding that card ('out' alone picks the card)
  h, hint            the best arrangement of your hand and a suggested move
  sort               show the hand by suit or by rank
  help               this list
  q, quit            stop the game (the record is saved first with --save)"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "play",
        help="play a match in the terminal against bots",
        description="Play Three-Thirteen in the terminal: you are seat 0, the other seats are "
        "bots. Type 'help' at the prompt for the commands.",
    )
    add_game_options(parser)
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="players at the table, you included (default 4, or what the rules allow; 2 for rummy)",
    )
    parser.add_argument(
        "--bots",
        metavar="LEVEL",
        default=None,
        help=f"the bots: one of {', '.join(BOT_NAMES)} for every seat, or a comma-separated "
        "list, one a bot seat (default greedy; for thirteen and rummy, medium, else simple)",
    )
    add_engine_option(parser)
    parser.add_argument("--seed", type=int, metavar="N", help="the match seed (default: random)")
    parser.add_argument(
        "--watch", action="store_true", help="let bots play every seat and print the match"
    )
    parser.add_argument("--save", metavar="FILE", help="write the game record (JSON) here")
    parser.add_argument("--name", metavar="NAME", default="You", help="your name (default You)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Each game's terminal game is imported here, by the game's name, so that a match
    # never loads another game's modules.
    name = get_game(args.game).name
    if name == "thirteen":
        from threethirteen.cli import thirteen_play

        return thirteen_play.run(args)
    if name == "rummy":
        from threethirteen.cli import rummy_play

        return rummy_play.run(args)
    if name != "three-thirteen":
        raise RulesError(f"there is no terminal game of {get_game(name).title} yet")
    rules = rules_from_args(args.rules or "classic", args.house)
    players = _players(rules, args.players)
    engines = engine_table(engine_specs(args))
    check = partial(_check_bot, engines=engines)
    levels = bot_levels(
        args.bots or "greedy", players if args.watch else players - 1, engines, check
    )
    # Three-Thirteen's bots take no options after a colon: a bot seat shows its level whole.
    with seated(args, players, levels, engines, game=name, title=str.capitalize) as seats:
        state = MatchState.new(rules, players, seats.seed)
        game = TerminalGame(
            state, seats.names, seats.bots, seats.human, make_console(), sys.stdin, seats.save
        )
        return game.run()


def _players(rules: Rules, requested: int | None) -> int:
    """The player count: as asked (checked), else 4 if the rules allow it."""
    if requested is not None:
        rules.check_players(requested)
        return requested
    return min(max(4, rules.min_players), rules.max_players)


def _check_bot(name: str, *, engines: Mapping[str, EngineSpec]) -> None:
    """Raise saying why ``name`` (from ``--bots``, not an engine's) names no bot."""
    if name not in BOT_NAMES and DIFFICULTIES.get(name) not in BOT_NAMES:
        if name in DIFFICULTIES:
            try:
                bot_name(name)  # a level not yet played: its own message says why
            except ThreeThirteenError as exc:
                raise RulesError(str(exc)) from None
        known = ", ".join([*BOT_NAMES, *engines])
        raise RulesError(f"unknown bot {name!r}; known: {known}")


# -- reading the player's input ---------------------------------------------------------------


def interpret(text: str, view: PlayerView, shown: Sequence[Card]) -> Action | str:
    """Turn one line of input into an action, or a command word.

    Command words: ``hint``, ``sort``, ``help``, ``quit``, ``""`` (nothing typed).
    ``shown`` is the hand in its displayed order, for discarding by position.
    Raises :class:`NotationError` quoting input that is neither; legality is
    checked by the match, not here.
    """
    words = text.strip().split()
    if not words:
        return ""
    head = words[0].lower()
    if len(words) == 1:
        if head in ("q", "quit", "exit"):
            return "quit"
        if head in ("h", "hint"):
            return "hint"
        if head in ("help", "?"):
            return "help"
        if head in ("sort", "order"):
            return "sort"
        if head in ("out", "o", "go-out"):
            return _auto_out(view)
    if view.phase is Phase.DISCARD and len(words) <= 2:
        # In the discard phase a bare card or position discards it; 'out' takes one too.
        target = words[-1]
        verb = head if len(words) == 2 else "discard"
        if target.isdigit():
            card = _card_at(target, shown)
            if verb in ("out", "o", "go-out"):
                return GoOut(card)
            if verb in ("discard", "x"):
                return _discard(card, view)
        elif len(words) == 2 and verb in ("out", "o", "go-out"):
            return GoOut(Card.parse(target))  # its error quotes the card as typed
        elif len(words) == 2 and verb in ("discard", "x"):
            return _discard(Card.parse(target), view)
        elif len(words) == 1 and head in ("discard", "x"):
            raise NotationError(
                f"{head!r}: which card? Type the card (7H) or its position in your hand (3)"
            )
        elif len(words) == 1 and head not in _DRAW_WORDS:
            try:
                card = Card.parse(target)
            except NotationError:
                raise NotationError(
                    f"{text.strip()!r} is neither a card nor a command; type 'help'"
                ) from None
            return _discard(card, view)
    if view.phase is Phase.DRAW and (text.strip().isdigit() or reads_as_card(text)):
        raise NotationError(f"{text.strip()!r}: draw first, with 's' (stock) or 'd' (the pile)")
    try:
        action = parse_action(text)
    except NotationError:
        if len(words) > 1:
            raise  # its message quotes the bad card or word
        raise NotationError(
            f"{text.strip()!r} is neither a move nor a command; type 'help'"
        ) from None
    if isinstance(action, Discard):
        return _discard(action.card, view)
    return action


_DRAW_WORDS = frozenset({"s", "stock", "deck", "d", "p", "pile", "discard", "draw", "take"})


def _card_at(text: str, shown: Sequence[Card]) -> Card:
    position = int(text)
    if not 1 <= position <= len(shown):
        raise NotationError(f"no card at position {text!r}: your hand has cards 1 to {len(shown)}")
    return shown[position - 1]


def _discard(card: Card, view: PlayerView) -> Action:
    """A discard, or the going out it becomes when the card may go out: a discard that
    would go out goes out (never a round lost by typing the card without ``out``)."""
    if GoOut(card) in view.legal_actions:
        return GoOut(card)
    return Discard(card)


def _auto_out(view: PlayerView) -> Action:
    """``out`` alone: go out with the solver's discard, or say why not."""
    outs = [a for a in view.legal_actions if isinstance(a, GoOut)]
    if view.phase is Phase.DRAW:
        raise NotationError("'out': draw first, then go out by discarding a card")
    if not outs:
        if view.out_seat is not None:
            raise NotationError("'out': somebody has gone out already; nobody else may this round")
        raise NotationError("'out': your hand cannot go out yet (type 'hint' for the best discard)")
    # Every going-out discard scores 0; throw away the card that would cost most if kept.
    return max(outs, key=lambda a: view.rules.card_penalty(a.card, view.wild_rank))


# -- the game loop -------------------------------------------------------------------------------


class TerminalGame(TerminalMatch[MatchState, PlayerView, Action]):
    """One match in the terminal: renders views, reads the human, runs the bots."""

    game = GAME

    def _setup(self) -> None:
        self.sort_by = "suit"
        self._shown: list[Card] = []  # the human's hand in displayed order

    # -- driving the match -----------------------------------------------------------------

    def _intro(self) -> None:
        state = self.state
        notes = []
        if state.cuts:
            cuts = ", ".join(
                f"{seat_label(self.names, s)} {c.pretty() if self.unicode else c}"
                for s, c in state.cuts
            )
            notes.append(f"Cut for the deal: {cuts}")
        dealer = seat_label(self.names, state.dealer)
        deals = "deal" if state.dealer == self.human and dealer == "You" else "deals"
        notes.append(f"{dealer} {deals} first.")
        self._introduce("Three-Thirteen", f"{state.rules.summary()}", *notes)

    def _players_line(self) -> str:
        # Three-Thirteen marks the human's seat even when it is called You.
        return ", ".join(
            f"{name}{'' if seat != self.human else ' (you)'}"
            for seat, name in enumerate(self.names)
        )

    def _announce_round(self, view: PlayerView) -> None:
        self.console.print()
        self.console.print(Rule(Text(round_title(view.spec, view.rules), style="bold")))
        dealer = seat_label(self.names, view.dealer)
        deals = "deal" if view.dealer == self.human and dealer == "You" else "deals"
        self.console.print(
            f"{dealer} {deals}; "
            f"first to play: {seat_label(self.names, view.current)}. "
            f"Up card: {self._card(view.top_discard)}"
        )

    def _hand_text(self, seat: int) -> Text:
        return cards_text(self.state.hand(seat), self.state.spec.wild_rank, unicode=self.unicode)

    def _play(self, seat: int, action: Action) -> None:
        super()._play(seat, action)
        if seat == self.human:
            self._after_human_move(seat, action)

    def _flush_events(self) -> None:
        """Print this round's moves not printed yet, a turn a line, as the viewer saw them."""
        # A spectator of bots sees the cards drawn from the stock; a player does not.
        human = self.human
        log = self.state.log if human is None else self.state.view(human).log
        pending: list[Event] = []
        for event in log[self._shown_events :]:
            if event.kind is EventKind.RESHUFFLE:
                self._say_reshuffled(event, "  ")
            elif event.kind in (EventKind.DRAW_STOCK, EventKind.DRAW_DISCARD):
                pending.append(event)
            else:
                if event.seat != self.human:
                    self.console.print(self._turn_line(pending, event))
                pending = []
        self._shown_events = len(log) - len(pending)

    def _say_reshuffled(self, event: Event, indent: str = "") -> None:
        self.console.print(
            Text(
                f"{indent}The stock ran out: {event.count} cards of the discard pile are "
                "shuffled into a new stock.",
                style="yellow",
            )
        )

    def _turn_line(self, draws: Sequence[Event], end: Event) -> Text:
        name = seat_label(self.names, end.seat)
        wild = self.state.spec.wild_rank
        parts: list[str | Text | tuple[str, str]] = [f"  {name} "]
        for draw in draws:
            if draw.kind is EventKind.DRAW_DISCARD and draw.card is not None:
                parts += [
                    "took ",
                    card_text(draw.card, wild, unicode=self.unicode),
                    " from the pile",
                ]
            elif draw.card is not None:
                parts += [
                    "drew ",
                    card_text(draw.card, wild, unicode=self.unicode),
                    " from the stock",
                ]
            else:
                parts.append("drew from the stock")
            parts.append(", ")
        assert end.card is not None
        if end.kind is EventKind.GO_OUT:
            parts += [("went out", "bold green"), " discarding "]
        else:
            parts.append("discarded ")
        parts.append(card_text(end.card, wild, unicode=self.unicode))
        text = Text.assemble(*parts)
        if end.kind is EventKind.GO_OUT:
            text.append("; everyone else takes one final turn", style="bold yellow")
        return text

    # -- the human's turn ----------------------------------------------------------------------

    def _interpret(self, text: str, view: PlayerView) -> Action | str:
        return interpret(text, view, self._shown)

    def _why_not(self, view: PlayerView, action: Action) -> str | None:
        return refusal_for(action, view, unicode=self.unicode)

    def _not_allowed(self, exc: IllegalActionError) -> str:
        return not_allowed(exc, you=self.human)

    def _help(self, view: PlayerView) -> str:
        return HELP

    def _command(self, command: str, view: PlayerView) -> None:
        if command == "sort":
            self.sort_by = "rank" if self.sort_by == "suit" else "suit"
            self.console.print(f"Sorting by {self.sort_by}.")
            self._show_hand(view)
        else:
            super()._command(command, view)

    def _prompt(self, view: PlayerView) -> str:
        prompt = "Draw (s = stock, d = pile)" if view.phase is Phase.DRAW else "Discard"
        if view.is_final_turn:
            prompt += " (final turn)"
        return prompt

    def _after_human_move(self, seat: int, action: Action) -> None:
        view = self.state.view(seat)
        if isinstance(action, Draw):
            for event in view.log[self._shown_events :]:
                if event.kind is EventKind.RESHUFFLE:
                    self._say_reshuffled(event)
            drawn = view.drawn
            where = "the stock" if action.source is Source.STOCK else "the pile"
            # The next pass of the loop shows the hand for the discard.
            self.console.print(Text.assemble("You drew ", self._card(drawn), f" from {where}."))
        elif isinstance(action, GoOut):
            self.console.print(
                Text.assemble(
                    ("You went out", "bold green"),
                    " discarding ",
                    self._card(action.card),
                    "; everyone else takes one final turn.",
                )
            )
            self._shown_events = len(view.log)
        else:
            self.console.print(Text.assemble("You discarded ", self._card(action.card), "."))
            self._shown_events = len(view.log)

    def _show_turn(self, view: PlayerView) -> None:
        console = self.console
        if view.phase is Phase.DRAW:
            console.print()
            console.print(
                Text(
                    f"Round {view.round_number} of {view.rules.rounds} · "
                    f"{view.spec.hand_size} cards · {view.wild_rank.plural} wild"
                    + (" and jokers" if view.rules.jokers else "")
                    + f" · turn {view.turn + 1} · your move",
                    style="bold",
                )
            )
            console.print(players_table(view, self.names))
            console.print(
                Text.assemble(
                    "Discard pile top: ",
                    self._card(view.top_discard),
                    f"   Stock: {view.stock_size} cards",
                )
            )
        if view.phase is Phase.DRAW and view.is_final_turn and view.out_seat is not None:
            out = seat_label(self.names, view.out_seat)
            console.print(
                Text(
                    f"FINAL TURN: {out} went out. Draw and discard once more; you cannot go "
                    "out, but a hand that is all melded scores 0.",
                    style="bold yellow",
                )
            )
            melds = " | ".join(
                cards_text(m.cards, view.wild_rank, unicode=self.unicode).plain for m in view.table
            )
            console.print(f"{out}'s melds: {melds}")
            if view.rules.lay_off:
                console.print("Laying off is on: your cards that fit these melds score nothing.")
        self._show_hand(view)
        if view.phase is Phase.DISCARD:
            outs = [a.card for a in view.legal_actions if isinstance(a, GoOut)]
            if outs:
                cards = ", ".join(f"out {c}" for c in outs)
                console.print(
                    Text(f"You can go out! Type {cards} (or just 'out').", style="bold green")
                )

    def _show_hand(self, view: PlayerView) -> None:
        self._shown = sort_hand(view.hand, self.sort_by)
        self.console.print(Text(f"Your hand (by {self.sort_by}):", style="bold"))
        self.console.print(hand_table(self._shown, view.wild_rank, unicode=self.unicode))
        if view.drawn is not None:
            self.console.print(Text.assemble("Just drawn: ", self._card(view.drawn)))

    def _show_hint(self, view: PlayerView) -> None:
        hint = hint_for(view)
        title = "Your hand now" if view.phase is Phase.DRAW else "After the suggested discard"
        self.console.print(Text(f"Hint. {title}:", style="bold"))
        lines = arrangement_lines(
            hint.arrangement, view.wild_rank, unicode=self.unicode, table=view.table
        )
        for line in lines:
            self.console.print(Text("  ") + line)
        suggestion = f"Suggested: {hint.action}" if hint.action is not None else "No suggestion"
        reason = hint.text(unicode=self.unicode)
        self.console.print(Text(f"{suggestion} ({reason})", style="cyan"))

    def _card(self, card: Card | None) -> Text:
        if card is None:
            return Text("-", style="dim")
        return card_text(card, self.state.spec.wild_rank, unicode=self.unicode)

    # -- round and match ends --------------------------------------------------------------------

    def _round_over(self) -> None:
        view = self._viewer()
        result = view.results[-1]
        self.console.print()
        self.console.print(Text(result_heading(result, self.names), style="bold"))
        self.console.print(result_table(result, self.names, unicode=self.unicode))
        if result.number < view.rules.rounds:  # after the last round, the match's end shows it
            self.console.print(Text("Score sheet", style="bold"))
            self.console.print(score_sheet_table(view.scores, self.names))
        if result.number < view.rules.rounds:
            self._pause()

    def _match_over(self) -> None:
        view = self._viewer()
        winners = self.state.winners()
        print_final_scores(
            self.console,
            "Match over",
            score_sheet_table(view.scores, self.names),
            totals_line(view.scores, self.names),
            Text(winner_line(view.rules, view.scores, winners, self.names), style="bold"),
        )

    def _record_text(self) -> str:
        # Three-Thirteen's record files have always ended in a blank line.
        return super()._record_text() + "\n"


def refusal_for(action: Action, view: PlayerView, *, unicode: bool) -> str | None:
    """Why the player may not make ``action``, in the player's words and with the
    screen's card symbols (``unicode``), for the refusals a player meets; ``None``
    when the action is legal or its refusal is left to the match."""
    if action in view.legal_actions:
        return None

    def shown(card: Card | None) -> str:
        if card is None:
            return "a card"
        return card.pretty() if unicode else str(card)

    if isinstance(action, Draw):
        if view.phase is Phase.DISCARD:
            return (
                f"You have drawn already ({shown(view.drawn)}); now discard a card: "
                "type it or its position in your hand"
            )
        if action.source is Source.DISCARD:
            return "The discard pile is empty: draw from the stock ('s')"
        return "The stock is empty: take the discard pile ('d')"
    card = action.card
    if card not in view.hand:
        return f"You have no {shown(card)} in your hand"
    if (
        card == view.drawn
        and view.drawn_from is Source.DISCARD
        and not any(isinstance(a, Discard | GoOut) and a.card == card for a in view.legal_actions)
    ):
        return (
            f"You just took {shown(card)} from the discard pile; "
            "you may not throw it back this turn"
        )
    if isinstance(action, GoOut):
        if view.out_seat is not None:
            return "Somebody has gone out already; nobody else may go out this round"
        return (
            f"Your hand does not meld completely without {shown(card)}, so you cannot go out "
            "with it (type 'hint' for the best discard)"
        )
    if GoOut(card) in view.legal_actions:
        return (
            f"Discarding {shown(card)} leaves every card melded, and under these rules that "
            f"goes out: type 'out {shown(card)}'"
        )
    return None
