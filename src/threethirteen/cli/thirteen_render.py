"""Rich rendering for Thirteen in the terminal: cards, plays, the table, and the scores.

Shared by ``threethirteen play --game thirteen`` and ``threethirteen replay`` of a
Thirteen record. Everything here returns ``rich`` renderables or plain strings and
prints nothing. The output stays readable with styles stripped (a pipe, a test):
every card, count and score is text, and colour only repeats what the text says.
With ``unicode`` a card shows its suit symbol (``10♥``), otherwise the notation
the player types (``10H``).

>>> from threethirteen.games.thirteen.combos import Combo
>>> cards_label(Combo.parse("7H 8C 9D").cards)
'7♥ 8♣ 9♦'
>>> kind_label(Combo.parse("3S 3H 4C 4D 5S 5C")), count("card", 1), count("card", 2)
('double sequence', '1 card', '2 cards')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from threethirteen.cards import Card, Rank, Suit
from threethirteen.games.thirteen.cards import THREE_OF_SPADES
from threethirteen.games.thirteen.combos import Combo, Kind
from threethirteen.games.thirteen.rules import Rules
from threethirteen.games.thirteen.scoring import RoundResult, place_points
from threethirteen.games.thirteen.views import Event, Phase, ThirteenView

__all__ = [
    "Narrator",
    "card_label",
    "card_text",
    "cards_label",
    "cards_text",
    "count",
    "hand_table",
    "kind_label",
    "leader_line",
    "ordinal",
    "place_label",
    "plain",
    "players_table",
    "result_heading",
    "result_table",
    "score_sheet_table",
    "seat_name",
    "totals_line",
    "winner_line",
]

_SUIT_STYLES = {
    Suit.SPADES: "bold",
    Suit.CLUBS: "bold",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold red",
}

_KIND_LABELS = {
    Kind.SINGLE: "single",
    Kind.PAIR: "pair",
    Kind.TRIPLE: "triple",
    Kind.FOUR: "four of a kind",
    Kind.SEQUENCE: "sequence",
    Kind.DOUBLE_SEQUENCE: "double sequence",
}

_ORDINALS = ("first", "second", "third", "fourth")
_SHORT_ORDINALS = ("1st", "2nd", "3rd", "4th")


_ASCII = str.maketrans({"♠": "S", "♣": "C", "♦": "D", "♥": "H", "·": "-", "ế": "e", "ê": "e"})


def plain(text: str, *, unicode: bool = True) -> str:
    """``text`` as is, or without suit symbols and accents for a console that lacks them.

    >>> plain("Thirteen (Tiến lên) · 3♠", unicode=False)
    'Thirteen (Tien len) - 3S'
    """
    return text if unicode else text.translate(_ASCII)


def card_label(card: Card, *, unicode: bool = True) -> str:
    """``10♥`` with ``unicode``, else ``10H``."""
    return card.pretty() if unicode else str(card)


def cards_label(cards: Iterable[Card], *, unicode: bool = True) -> str:
    """Cards separated by spaces, as :func:`card_label` writes them; ``-`` for none."""
    return " ".join(card_label(card, unicode=unicode) for card in cards) or "-"


def card_text(card: Card, *, unicode: bool = True) -> Text:
    """One card, red for hearts and diamonds."""
    assert card.suit is not None  # Thirteen has no jokers
    return Text(card_label(card, unicode=unicode), style=_SUIT_STYLES[card.suit])


def cards_text(cards: Iterable[Card], *, unicode: bool = True) -> Text:
    """Cards separated by spaces; ``-`` for none."""
    parts = [card_text(card, unicode=unicode) for card in cards]
    if not parts:
        return Text("-", style="dim")
    return Text(" ").join(parts)


def kind_label(combo: Combo) -> str:
    """The kind of a combination in words: ``single`` ... ``four of a kind``."""
    return _KIND_LABELS[combo.kind]


def count(word: str, n: int) -> str:
    """``1 card``, ``2 cards``: ``n`` and the word, plural when ``n`` is not 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def ordinal(place: int) -> str:
    """``first`` for place 1 up to ``fourth``."""
    return _ORDINALS[place - 1] if 1 <= place <= len(_ORDINALS) else f"#{place}"


def place_label(place: int) -> str:
    """``1st`` for place 1 up to ``4th``."""
    return _SHORT_ORDINALS[place - 1] if 1 <= place <= len(_SHORT_ORDINALS) else f"#{place}"


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


class Narrator:
    """Turns a round's log into lines for people, one event at a time, in order.

    ``you`` is the seat addressed as "You" (the human at the terminal), or None.
    It follows the table as the events go by, so that it can say what a bomb
    landed on, who leads when the table clears, and each finishing place.
    """

    def __init__(
        self, names: Sequence[str], players: int, you: int | None = None, *, unicode: bool = True
    ) -> None:
        self.names = list(names)
        self.players = players
        self.you = you
        self.unicode = unicode
        self.start_round()

    def start_round(self) -> None:
        """Forget the table and the finishing order: a new round is dealt."""
        self.table: Combo | None = None
        self.owner: int | None = None
        self.finished: list[int] = []

    def subject(self, seat: int, verb: str) -> str:
        """``You play`` or ``Ada plays``: the seat's name and the verb agreeing with it."""
        name = seat_name(self.names, seat)
        if seat == self.you or name.lower() == "you":
            return f"You {verb}"
        third = {"pass": "passes", "are": "is", "have": "has"}.get(verb, verb + "s")
        return f"{name} {third}"

    def lines(self, event: Event) -> list[Text]:
        """What ``event`` did, as one to three lines: the move, going out, the table clearing."""
        if event.is_pass or event.combo is None:
            out = [Text(self.subject(event.seat, "pass"), style="dim")]
        else:
            combo = event.combo
            previous = self.table
            bomb = (
                combo.is_bomb
                and previous is not None
                and (previous.is_bomb or previous.high.rank is Rank.TWO)
            )
            if bomb and previous is not None:
                line = Text.assemble(
                    ("BOMB: ", "bold red"),
                    f"{self.subject(event.seat, 'play')} ",
                    cards_text(combo.cards, unicode=self.unicode),
                    " on ",
                    cards_text(previous.cards, unicode=self.unicode),
                    f" ({kind_label(combo)})",
                )
            else:
                line = Text.assemble(
                    f"{self.subject(event.seat, 'play')} ",
                    cards_text(combo.cards, unicode=self.unicode),
                    f" ({kind_label(combo)})",
                )
            out = [line]
            self.table, self.owner = combo, event.seat
        if event.went_out:
            self.finished.append(event.seat)
            place = len(self.finished)
            points = place_points(self.players)[place - 1]
            out.append(
                Text(
                    f"{self.subject(event.seat, 'are')} out: {ordinal(place)} place, "
                    f"{count('point', points)}",
                    style="bold green",
                )
            )
        if event.cleared:
            leader = self._next_leader()
            out.append(Text(f"The table clears: {self.subject(leader, 'lead')}", style="cyan"))
            self.table, self.owner = None, None
        return out

    def _next_leader(self) -> int:
        """Who leads once the table clears: its owner, or the next seat still holding cards."""
        owner = self.owner if self.owner is not None else 0
        for step in range(self.players):
            seat = (owner + step) % self.players
            if seat not in self.finished:
                return seat
        return owner


def leader_line(
    narrator: Narrator,
    leader: int,
    first_lead_card: Card | None,
    previous_round: int | None,
) -> Text:
    """Who leads a round, and why: ``Ada holds 3♠ and leads; the first play must hold it.``

    ``first_lead_card`` is the card the first play must hold (None: a free lead, by
    the winner of ``previous_round``).
    """
    if first_lead_card is not None:
        lowest = "" if first_lead_card == THREE_OF_SPADES else " (the lowest card dealt)"
        return Text.assemble(
            f"{narrator.subject(leader, 'hold')} ",
            cards_text([first_lead_card], unicode=narrator.unicode),
            f"{lowest} and {narrator.subject(leader, 'lead').split(' ')[-1]}; "
            "the first play must hold it.",
        )
    if previous_round is not None:
        return Text(f"{narrator.subject(leader, 'lead')}, as the winner of round {previous_round}.")
    return Text(f"{narrator.subject(leader, 'lead')}.")


def hand_table(cards: Sequence[Card], *, unicode: bool = True) -> Table:
    """A hand as a grid: the positions 1..n over the cards, in the order given."""
    table = Table(box=None, show_header=True, padding=(0, 1), pad_edge=False)
    for position in range(1, len(cards) + 1):
        table.add_column(str(position), justify="center", header_style="dim")
    table.add_row(*(card_text(card, unicode=unicode) for card in cards))
    return table


def players_table(view: ThirteenView, names: Sequence[str]) -> Table:
    """Every seat: its cards left, its total, and where it stands in this trick and round."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("total", justify="right")
    table.add_column("")
    playing = view.phase in (Phase.LEAD, Phase.FOLLOW)
    for seat in range(view.players):
        notes = []
        if seat in view.finished:
            notes.append(f"out: {ordinal(view.finished.index(seat) + 1)} place")
        elif seat in view.passed:
            notes.append("passed")
        if seat == view.table_owner and view.table is not None and seat not in view.finished:
            notes.append("played the table")
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


def result_heading(result: RoundResult, names: Sequence[str]) -> str:
    """``Round 3 over: Ada went out first`` (or won at the deal)."""
    winner = seat_name(names, result.winner)
    if result.instant:
        return f"Round {result.number} over: {winner} wins at the deal (an instant win)"
    return f"Round {result.number} over: {winner} went out first"


def result_table(result: RoundResult, names: Sequence[str], totals: Sequence[int]) -> Table:
    """A scored round: the finishing order, each place's points and the totals after it."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("place")
    table.add_column("player")
    table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    order = list(result.order) + [s for s in range(len(result.points)) if s not in result.order]
    for index, seat in enumerate(order):
        place = place_label(index + 1) if seat in result.order else "-"
        table.add_row(place, seat_name(names, seat), str(result.points[seat]), str(totals[seat]))
    return table


def score_sheet_table(results: Sequence[RoundResult], names: Sequence[str]) -> Table:
    """One row a round, a column a player, with the totals in the footer."""
    players = len(names)
    totals = [0] * players
    for result in results:
        totals = [t + p for t, p in zip(totals, result.points, strict=True)]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_footer=True)
    table.add_column("round", footer="total")
    for seat in range(players):
        table.add_column(seat_name(names, seat), justify="right", footer=str(totals[seat]))
    for result in results:
        table.add_row(str(result.number), *(str(p) for p in result.points))
    return table


def totals_line(totals: Sequence[int], names: Sequence[str], rules: Rules | None = None) -> str:
    """``Totals: You 5, Bob 7 (race to 10)``, in seat order."""
    parts = ", ".join(f"{seat_name(names, s)} {t}" for s, t in enumerate(totals))
    race = f" (race to {rules.target})" if rules is not None else ""
    return f"Totals: {parts}{race}"


def winner_line(winners: Sequence[int], totals: Sequence[int], names: Sequence[str]) -> str:
    """``Winner: Ada with 11 points`` or ``Winners: Ada and Bob share the win with 10 points``."""
    if not winners:
        return "No winner yet"
    top = totals[winners[0]]
    who = " and ".join(seat_name(names, s) for s in winners)
    if len(winners) == 1:
        return f"Winner: {who} with {count('point', top)}"
    return f"Winners: {who} share the win with {count('point', top)}"
