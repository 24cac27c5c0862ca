"""Rich rendering for Rummy in the terminal: cards, the table's melds, moves, and scores.

Shared by ``threethirteen play --game rummy`` and ``threethirteen replay`` of a Rummy
record. Everything here returns ``rich`` renderables or plain strings and prints
nothing. The output stays readable with styles stripped (a pipe, a test): every
card, count and score is text, and colour only repeats what the text says. With
``unicode`` a card shows its suit symbol (``10♥``), otherwise the notation the
player types (``10H``).

>>> from threethirteen.cards import parse_cards
>>> cards_label(parse_cards("4H 5H 6H")), cards_label(parse_cards("KC"), unicode=False)
('4♥ 5♥ 6♥', 'KC')
>>> count("card", 1), count("point", 7)
('1 card', '7 points')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from threethirteen.cards import Card, Suit
from threethirteen.games.rummy.actions import Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.melds import Meld, MeldKind
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.scoring import RoundResult
from threethirteen.games.rummy.views import Event, Phase, RummyView

__all__ = [
    "Narrator",
    "card_label",
    "card_text",
    "cards_label",
    "cards_text",
    "count",
    "hand_table",
    "meld_label",
    "plain",
    "players_table",
    "result_heading",
    "result_table",
    "score_sheet_table",
    "seat_name",
    "table_lines",
    "totals_line",
    "winner_line",
]

_SUIT_STYLES = {
    Suit.SPADES: "bold",
    Suit.CLUBS: "bold",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold red",
}

_ASCII = str.maketrans({"♠": "S", "♣": "C", "♦": "D", "♥": "H", "·": "-", "→": "->"})


def plain(text: str, *, unicode: bool = True) -> str:
    """``text`` as is, or without suit symbols for a console that lacks them.

    >>> plain("Hand 1 · 7♥", unicode=False)
    'Hand 1 - 7H'
    """
    return text if unicode else text.translate(_ASCII)


def count(word: str, n: int) -> str:
    """``1 card``, ``2 cards``: ``n`` and the word, plural when ``n`` is not 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat`` (``seat 3`` when there is none)."""
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def card_label(card: Card, *, unicode: bool = True) -> str:
    """``10♥`` with ``unicode``, else ``10H``."""
    return card.pretty() if unicode else str(card)


def cards_label(cards: Iterable[Card], *, unicode: bool = True) -> str:
    """Cards separated by spaces, as :func:`card_label` writes them; ``-`` for none."""
    return " ".join(card_label(card, unicode=unicode) for card in cards) or "-"


def card_text(card: Card, *, unicode: bool = True) -> Text:
    """One card, red for hearts and diamonds."""
    style = _SUIT_STYLES[card.suit] if card.suit is not None else ""
    return Text(card_label(card, unicode=unicode), style=style)


def cards_text(cards: Iterable[Card], *, unicode: bool = True) -> Text:
    """Cards separated by spaces; ``-`` for none."""
    parts = [card_text(card, unicode=unicode) for card in cards]
    if not parts:
        return Text("-", style="dim")
    return Text(" ").join(parts)


def meld_label(meld: Meld) -> str:
    """``a run of 4`` or ``a set of 3``.

    >>> meld_label(Meld.of("4H 5H 6H 7H")), meld_label(Meld.of("JS JD JC"))
    ('a run of 4', 'a set of 3')
    """
    kind = "run" if meld.kind is MeldKind.RUN else "set"
    return f"a {kind} of {len(meld.cards)}"


def hand_table(cards: Sequence[Card], *, unicode: bool = True, mark: Card | None = None) -> Table:
    """A hand as a grid: the positions 1..n over the cards, in the order given.

    ``mark`` (the card just drawn or taken) is underlined.
    """
    table = Table(box=None, show_header=True, padding=(0, 1), pad_edge=False)
    for position in range(1, len(cards) + 1):
        table.add_column(str(position), justify="center", header_style="dim")
    cells = []
    for card in cards:
        cell = card_text(card, unicode=unicode)
        if card == mark:
            cell.stylize("underline")
        cells.append(cell)
    table.add_row(*cells)
    return table


def table_lines(
    table: Sequence[Meld],
    owners: Sequence[int],
    names: Sequence[str],
    *,
    unicode: bool = True,
    player: bool = False,
) -> list[Text]:
    """The table's melds, one line each, numbered as lay-offs name them, with who laid
    each down: ``  2. J♠ J♦ J♣   a set of 3, laid by Ada``; one line when there are none.
    For a ``player`` the heading says how to lay a card off.
    """
    if not table:
        return [Text("Table: no melds yet.", style="dim")]
    how = "; lay off with 'lay CARD on NUMBER'" if player else ""
    lines = [Text(f"Table ({count('meld', len(table))}{how}):")]
    width = max(len(cards_label(meld.cards, unicode=unicode)) for meld in table)
    for number, (meld, owner) in enumerate(zip(table, owners, strict=True), start=1):
        shown = cards_text(meld.cards, unicode=unicode)
        pad = " " * (width - len(shown.plain))
        lines.append(
            Text.assemble(
                f"  {number:>2}. ",
                shown,
                f"{pad}   {meld_label(meld)}, laid by {seat_name(names, owner)}",
            )
        )
    return lines


def players_table(view: RummyView, names: Sequence[str]) -> Table:
    """Every seat: its cards in hand, its total, and notes (dealer, to play, has melded)."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("total", justify="right")
    table.add_column("")
    playing = view.phase in (Phase.DRAW, Phase.MELD)
    for seat in range(view.players):
        notes = []
        if seat == view.dealer:
            notes.append("dealer")
        if seat in view.laid:
            notes.append("has melded")
        if seat == view.current and playing:
            notes.append("to play")
        name = seat_name(names, seat)
        if seat == view.seat and name.lower() != "you":
            name += " (you)"
        table.add_row(
            Text(name, style="bold" if seat == view.seat else ""),
            str(view.hand_sizes[seat]),
            str(view.totals[seat]),
            Text(", ".join(notes), style="cyan"),
        )
    return table


class Narrator:
    """Turns a hand's log into lines for people, one event at a time, in order.

    ``you`` is the seat addressed as "You" (the human at the terminal), or None.
    It follows the pile and the stock as the events go by, so that it can say how
    many cards a rebuilt stock holds and which meld a lay-off lands on.
    """

    def __init__(
        self,
        names: Sequence[str],
        you: int | None = None,
        *,
        unicode: bool = True,
        rules: Rules | None = None,
    ) -> None:
        self.names = list(names)
        self.you = you
        self.unicode = unicode
        self.rules = rules or Rules()
        self.start_hand(0)

    def start_hand(self, pile: int = 1, table: Iterable[Meld] = ()) -> None:
        """A new hand: ``pile`` cards face up on the pile and ``table`` on the table
        (none after a deal)."""
        self.table: list[Meld] = list(table)
        self.pile = pile

    def subject(self, seat: int, verb: str) -> str:
        """``You meld`` or ``Ada melds``: the seat's name and the verb agreeing with it."""
        name = seat_name(self.names, seat)
        if seat == self.you or name.lower() == "you":
            return f"You {verb}"
        third = {"go": "goes", "take": "takes", "lay": "lays"}.get(verb, verb + "s")
        return f"{name} {third}"

    def _cards(self, cards: Iterable[Card]) -> Text:
        return cards_text(cards, unicode=self.unicode)

    def lines(self, event: Event, drawn: Card | None = None) -> list[Text]:
        """What ``event`` did, as one to three lines: the move, going out, a new stock.

        ``drawn`` names the card drawn from the stock, for a spectator who sees every
        hand (a player never learns it).
        """
        action = event.action
        seat = event.seat
        out: list[Text] = []
        if isinstance(action, Draw):
            if drawn is None:
                out.append(Text(f"{self.subject(seat, 'draw')} from the stock."))
            else:
                out.append(
                    Text.assemble(
                        f"{self.subject(seat, 'draw')} ", self._cards([drawn]), " from the stock."
                    )
                )
        elif isinstance(action, Take):
            self.pile -= 1
            taken = [event.taken] if event.taken is not None else []
            out.append(
                Text.assemble(
                    f"{self.subject(seat, 'take')} ", self._cards(taken), " from the pile."
                )
            )
        elif isinstance(action, NewMeld):
            meld = Meld.of(action.cards, ace_high=self.rules.ace_high)
            self.table.append(meld)
            out.append(
                Text.assemble(
                    f"{self.subject(seat, 'meld')} ",
                    self._cards(meld.cards),
                    f" ({meld_label(meld)}: table meld {len(self.table)}).",
                )
            )
        elif isinstance(action, LayOff):
            index = action.target - 1
            line = Text.assemble(
                f"{self.subject(seat, 'lay')} ",
                self._cards([action.card]),
                f" off on meld {action.target}",
            )
            if 0 <= index < len(self.table):
                self.table[index] = self.table[index].extended(action.card)
                line.append(plain(" → ", unicode=self.unicode))
                line.append_text(self._cards(self.table[index].cards))
            line.append(".")
            out.append(line)
        else:
            self.pile += 1
            out.append(
                Text.assemble(f"{self.subject(seat, 'discard')} ", self._cards([action.card]), ".")
            )
        if event.went_out:
            out.append(Text(f"{self.subject(seat, 'go')} out: no cards left!", style="bold green"))
        if event.rebuilt:
            how = "shuffled" if self.rules.shuffle_stock else "turned over"
            stock = self.pile - 1
            self.pile = 1
            out.append(
                Text(
                    f"The stock is empty: the discard pile under its top card is {how} as "
                    f"the new stock ({count('card', stock)}).",
                    style="yellow",
                )
            )
        return out


def result_heading(
    result: RoundResult, names: Sequence[str], rules: Rules, turns: int | None = None
) -> str:
    """``Hand 2 over: Ada went out`` (and whether she went rummy), or why a hand with no
    score has none; ``turns`` is how many turns (discards) the hand had.

    >>> result_heading(RoundResult(2, 1, (12, 0), rummy=True), ["You", "Bo"], Rules())
    'Hand 2 over: Bo went out, going rummy (every card in one turn)'
    >>> result_heading(RoundResult.voided(3, 2), ["You", "Bo"], Rules(), turns=41)
    'Hand 3 over with no score: the stock ran out a second time'
    >>> result_heading(RoundResult.voided(3, 2), ["You", "Bo"], Rules(turn_limit=50), turns=50)
    'Hand 3 over with no score: 50 turns were played, the turn limit'
    """
    if result.void or result.out is None:
        if turns is not None and rules.turn_limit and turns >= rules.turn_limit:
            why = f"{turns} turns were played, the turn limit"
        elif rules.stock_turns == 0:
            why = "the stock ran out (the rules never rebuild it)"
        elif rules.stock_turns == 1:
            why = "the stock ran out a second time"
        else:
            why = f"the stock ran out after {count('rebuild', rules.stock_turns)}"
        return f"Hand {result.number} over with no score: {why}"
    who = seat_name(names, result.out)
    if result.rummy:
        doubled = ": the others' points are doubled" if rules.rummy_doubles else ""
        return (
            f"Hand {result.number} over: {who} went out, going rummy (every card in one turn)"
            + (doubled)
        )
    return f"Hand {result.number} over: {who} went out"


def result_table(
    result: RoundResult,
    hands: Sequence[Sequence[Card]],
    names: Sequence[str],
    totals: Sequence[int],
    *,
    unicode: bool = True,
) -> Table:
    """A finished hand: each seat's cards left, the points they cost (doubled when a
    player went rummy under ``rummy_doubles``), and the totals after it."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("player")
    table.add_column("cards left in hand")
    table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    for seat, points in enumerate(result.points):
        cards = hands[seat] if seat < len(hands) else ()
        if cards:
            left = cards_text(cards, unicode=unicode)
        else:
            left = Text("none: went out" if seat == result.out else "-", style="dim")
        table.add_row(seat_name(names, seat), left, str(points), str(totals[seat]))
    return table


def score_sheet_table(results: Sequence[RoundResult], names: Sequence[str]) -> Table:
    """One row a hand, a column a player, with the totals in the footer."""
    players = len(names)
    totals = [0] * players
    for result in results:
        totals = [t + p for t, p in zip(totals, result.points, strict=True)]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_footer=True)
    table.add_column("hand", footer="total")
    for seat in range(players):
        table.add_column(seat_name(names, seat), justify="right", footer=str(totals[seat]))
    for result in results:
        note = " (no score)" if result.void else " (rummy)" if result.rummy else ""
        table.add_row(f"{result.number}{note}", *(str(p) for p in result.points))
    return table


def totals_line(totals: Sequence[int], names: Sequence[str], rules: Rules | None = None) -> str:
    """``Totals: You 5, Bo 17 (the match ends at 100; the lowest total wins)``, in seat order."""
    parts = ", ".join(f"{seat_name(names, s)} {t}" for s, t in enumerate(totals))
    end = f" (the match ends at {rules.target}; the lowest total wins)" if rules else ""
    return f"Totals: {parts}{end}"


def winner_line(winners: Sequence[int], totals: Sequence[int], names: Sequence[str]) -> str:
    """``Winner: Ada with 11 points`` or ``Winners: Ada and Bo share the win with 10 points``.

    >>> winner_line((1,), (104, 11), ["You", "Ada"])
    'Winner: Ada with 11 points (the lowest total)'
    """
    if not winners:
        return "No winner yet"
    low = totals[winners[0]]
    who = " and ".join(seat_name(names, s) for s in winners)
    if len(winners) == 1:
        return f"Winner: {who} with {count('point', low)} (the lowest total)"
    return f"Winners: {who} share the win with {count('point', low)} (the lowest total)"
