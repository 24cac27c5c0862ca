"""Rich rendering of cards, hands, arrangements, the table, reveals and score sheets.

Everything here returns ``rich`` renderables or plain strings and prints
nothing, so the commands decide where output goes. Output must stay readable
when styles are stripped (a pipe, a test): a wild card is marked by text, not
only by colour, and every number a test or a person needs is printed as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from threethirteen.cards import Card, Rank, Suit
from threethirteen.games.three_thirteen.rules import RoundSpec, Rules
from threethirteen.games.three_thirteen.scoring import RoundEnd, RoundResult, ScoreSheet
from threethirteen.games.three_thirteen.solver import Arrangement, Meld
from threethirteen.games.three_thirteen.views import Phase, PlayerView

__all__ = [
    "arrangement_lines",
    "card_text",
    "cards_text",
    "hand_table",
    "laid_off_lines",
    "meld_text",
    "players_table",
    "result_heading",
    "result_table",
    "round_title",
    "score_sheet_table",
    "seat_label",
    "sort_hand",
    "totals_line",
    "wild_label",
    "winner_line",
]

_SUIT_STYLES = {
    Suit.SPADES: "bold",
    Suit.CLUBS: "bold",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold red",
}
WILD_STYLE = "bold black on yellow"
JOKER_STYLE = "bold magenta"


def card_text(card: Card, wild_rank: Rank | None = None, *, unicode: bool = True) -> Text:
    """One card, coloured by suit; a wild card gets the wild style.

    With ``unicode`` the suit is a symbol (``10♥``), otherwise the notation
    letter (``10H``), which is also what the player types.
    """
    label = card.pretty() if unicode else str(card)
    if card.is_joker:
        return Text(label, style=JOKER_STYLE)
    if wild_rank is not None and card.rank is wild_rank:
        return Text(label, style=WILD_STYLE)
    assert card.suit is not None  # not a joker
    return Text(label, style=_SUIT_STYLES[card.suit])


def cards_text(
    cards: Iterable[Card], wild_rank: Rank | None = None, *, unicode: bool = True
) -> Text:
    """Cards separated by spaces; ``-`` for none."""
    parts = [card_text(c, wild_rank, unicode=unicode) for c in cards]
    if not parts:
        return Text("-", style="dim")
    return Text(" ").join(parts)


def sort_hand(cards: Sequence[Card], by: str = "suit") -> list[Card]:
    """The hand in display order: by suit (S H D C) or by rank, jokers last."""
    return sorted(cards, key=lambda c: c.sort_key(by))


def hand_table(
    cards: Sequence[Card], wild_rank: Rank | None, *, unicode: bool = True, numbered: bool = True
) -> Table:
    """A hand as a grid: position numbers over the cards, ``wild`` under each wild card.

    The cards are shown in the order given; the numbers are what a player types
    to discard by position.
    """
    table = Table(box=None, show_header=numbered, padding=(0, 1), pad_edge=False)
    for i, _ in enumerate(cards, start=1):
        table.add_column(str(i) if numbered else "", justify="center", header_style="dim")
    table.add_row(*(card_text(c, wild_rank, unicode=unicode) for c in cards))
    marks = [_wild_mark(c, wild_rank) for c in cards]
    if any(marks):
        table.add_row(*(Text(m, style="yellow") for m in marks))
    return table


def _wild_mark(card: Card, wild_rank: Rank | None) -> str:
    if card.is_joker:
        return "wild"
    return "wild" if wild_rank is not None and card.rank is wild_rank else ""


def meld_text(meld: Meld, wild_rank: Rank | None, *, unicode: bool = True) -> Text:
    """A meld as ``set: 7♠ 7♥ 8♦`` with its wilds styled."""
    return Text.assemble(
        (f"{meld.kind}: ", "dim"), cards_text(meld.cards, wild_rank, unicode=unicode)
    )


def arrangement_lines(
    arrangement: Arrangement,
    wild_rank: Rank | None,
    *,
    unicode: bool = True,
    table: Sequence[Meld] = (),
) -> list[Text]:
    """One line per meld and per lay-off, then the unmelded cards and the deadwood.

    ``table`` is the table the solver laid off onto (its melds are named by index
    in ``arrangement.laid_off``).
    """
    lines = [meld_text(m, wild_rank, unicode=unicode) for m in arrangement.melds]
    lines += laid_off_lines(arrangement, table, wild_rank, unicode=unicode)
    if not lines:
        lines.append(Text("no melds", style="dim"))
    lines.append(
        Text.assemble(
            ("unmelded: ", "dim"), cards_text(arrangement.unmelded, wild_rank, unicode=unicode)
        )
    )
    lines.append(Text(f"deadwood: {arrangement.deadwood}", style="bold"))
    return lines


def laid_off_lines(
    arrangement: Arrangement, table: Sequence[Meld], wild_rank: Rank | None, *, unicode: bool
) -> list[Text]:
    """``laid off: 9♥ onto 6♥ 7♥ 8♥``, one line per table meld extended."""
    lines = []
    for index, cards in arrangement.laid_off:
        line = Text.assemble(("laid off: ", "dim"), cards_text(cards, wild_rank, unicode=unicode))
        if 0 <= index < len(table):
            line.append(" onto ")
            line.append_text(cards_text(table[index].cards, wild_rank, unicode=unicode))
        lines.append(line)
    return lines


def wild_label(spec: RoundSpec, rules: Rules) -> str:
    """``8s wild`` or ``Kings and jokers wild``."""
    label = spec.wild_rank.plural
    return f"{label} and jokers wild" if rules.jokers else f"{label} wild"


def round_title(spec: RoundSpec, rules: Rules) -> str:
    """``Round 6 of 11: 8 cards, 8s wild`` plus the contract and doubling, if any."""
    title = (
        f"Round {spec.number} of {rules.rounds}: {spec.hand_size} cards, {wild_label(spec, rules)}"
    )
    if spec.contract is not None:
        title += f"; contract {spec.contract}"
    if spec.multiplier != 1:
        title += f"; penalties x{spec.multiplier}"
    return title


# -- the table, the reveal and the score sheet -------------------------------------------------


def seat_label(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def players_table(view: PlayerView, names: Sequence[str]) -> Table:
    """Every seat: its cards in hand, its total so far, and who deals, acts and went out."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("total", justify="right")
    table.add_column("")
    totals = view.scores.totals
    for seat in range(view.players):
        notes = []
        if seat == view.dealer:
            notes.append("dealer")
        if seat == view.out_seat:
            notes.append("went out")
        if seat == view.current and view.phase in (Phase.DRAW, Phase.DISCARD):
            notes.append("to play")
        name = seat_label(names, seat)
        style = "bold" if seat == view.seat else ""
        table.add_row(
            Text(name, style=style),
            str(view.hand_sizes[seat]),
            str(totals[seat]),
            Text(", ".join(notes), style="cyan"),
        )
    return table


def result_table(result: RoundResult, names: Sequence[str], *, unicode: bool = True) -> Table:
    """A scored round with every hand revealed: melds, unmelded cards and the penalty."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("player")
    table.add_column("melds")
    table.add_column("unmelded")
    table.add_column("penalty", justify="right")
    wild = result.wild_rank
    # The melds of the player who went out are the table that others laid off onto.
    out = result.out_seat
    on_table: tuple[Meld, ...] = result.arrangements[out].melds if out is not None else ()
    for seat in range(result.players):
        arrangement = result.arrangements[seat]
        name = seat_label(names, seat)
        if seat == result.out_seat:
            name += " (out)"
        pieces = [cards_text(m.cards, wild, unicode=unicode) for m in arrangement.melds]
        pieces += laid_off_lines(arrangement, on_table, wild, unicode=unicode)
        melds = Text("\n").join(pieces) or Text("-", style="dim")
        table.add_row(
            name,
            melds,
            cards_text(arrangement.unmelded, wild, unicode=unicode),
            str(result.penalties[seat]),
        )
    return table


def result_heading(result: RoundResult, names: Sequence[str]) -> str:
    """``Round 3 over: Bob went out (5s wild)`` and how a stalled round ended."""
    if result.out_seat is not None:
        how = f"{seat_label(names, result.out_seat)} went out"
    elif result.ending is RoundEnd.TURN_LIMIT:
        how = "nobody went out before the turn limit; hands scored as they stand"
    elif result.ending is RoundEnd.STOCK_EMPTY:
        how = "the stock ran out; hands scored as they stand"
    else:
        how = "nobody went out"
    doubled = f", penalties x{result.multiplier}" if result.multiplier != 1 else ""
    return f"Round {result.number} over: {how} ({result.wild_rank.plural} wild{doubled})"


def score_sheet_table(sheet: ScoreSheet, names: Sequence[str]) -> Table:
    """The score sheet: one row per round, a column per player, and the totals."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_footer=True)
    totals = sheet.totals
    table.add_column("round", footer="total")
    for seat in range(sheet.players):
        table.add_column(seat_label(names, seat), justify="right", footer=str(totals[seat]))
    for number, row in enumerate(sheet.rows, start=1):
        table.add_row(str(number), *(str(p) for p in row))
    return table


def totals_line(sheet: ScoreSheet, names: Sequence[str]) -> str:
    """``Totals: You 45, Bot 1 60, ...`` in seat order."""
    parts = [f"{seat_label(names, s)} {t}" for s, t in enumerate(sheet.totals)]
    return "Totals: " + ", ".join(parts)


def winner_line(
    rules: Rules, sheet: ScoreSheet, winners: Sequence[int], names: Sequence[str]
) -> str:
    """Who won, and how a tie was settled."""
    totals = sheet.totals
    low = min(totals)
    tied = [s for s, t in enumerate(totals) if t == low]
    if not winners:
        who = " and ".join(seat_label(names, s) for s in tied)
        return f"No winner: {who} tied on {low} points ({rules.name} rules: a tie has no winner)"
    who = " and ".join(seat_label(names, s) for s in winners)
    if len(winners) == 1:
        line = f"Winner: {who} with {low} points"
        if len(tied) > 1:
            line += f" (tie on {low} broken by more rounds scored 0)"
        return line
    return f"Winners: {who} share the win with {low} points"
