"""``threethirteen play --game rummy``: whole matches through the real command.

The interactive matches are played by a scripted player that reads only the screen
the command printed (its hand, the table's melds, the pile, the prompt, the hint) and
types what a person would, so every move it makes is typed from what the screen
shows. The totals and winners printed are checked against the saved record replayed
through the game (``GAME.replay``), not against the command's own code; the expected
messages are worked out here from the cards.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from command_line import cli
from threethirteen.cards import Card, parse_cards, standard_deck
from threethirteen.cli.main import main
from threethirteen.cli.rummy_moves import hint_reason, interpret, meld_problem, why_not
from threethirteen.cli.rummy_render import Narrator, result_heading
from threethirteen.errors import NotationError
from threethirteen.games.rummy.actions import Action, Discard, Draw, LayOff, NewMeld, Take
from threethirteen.games.rummy.game import GAME
from threethirteen.games.rummy.melds import Meld
from threethirteen.games.rummy.record import read_record_json
from threethirteen.games.rummy.rules import Rules
from threethirteen.games.rummy.scoring import RoundResult
from threethirteen.games.rummy.state import RummyState
from threethirteen.games.rummy.views import Phase

Responder = Callable[["Screen"], str]


class Screen:
    """The command's stdout, and a stdin that answers each prompt from what was printed."""

    def __init__(self, respond: Responder | None = None, lines: str = "") -> None:
        self.out = io.StringIO()
        self.respond = respond
        self.scripted = io.StringIO(lines)
        self.prompts = 0

    # stdin
    def readline(self) -> str:
        if self.respond is None:
            return self.scripted.readline()
        self.prompts += 1
        assert self.prompts < 3000, "the match does not end"
        return self.respond(self) + "\n"

    def isatty(self) -> bool:
        return False

    # what the screen shows now
    @property
    def text(self) -> str:
        return self.out.getvalue()

    def turn(self) -> str:
        """The screen since the last table was drawn for the player."""
        return self.text[self.text.rindex("\nTable") :]

    def hand(self) -> list[Card]:
        """The hand as shown: the line under the positions 1 2 3 ..."""
        lines = self.turn().splitlines()
        index = next(i for i, line in enumerate(lines) if line.startswith("Your hand ("))
        return [Card.parse(token) for token in lines[index + 2].split()]

    def table(self) -> list[list[Card]]:
        """The table's melds as shown, in their numbered order."""
        melds: list[list[Card]] = []
        for line in self.turn().splitlines():
            found = re.match(r"\s+(\d+)\. (.+?)\s{3}a (set|run) of", line)
            if found:
                assert int(found.group(1)) == len(melds) + 1
                melds.append([Card.parse(token) for token in found.group(2).split()])
        return melds

    def top(self) -> Card | None:
        found = re.search(r"Discard pile: (\S+) on top", self.turn())
        return Card.parse(found.group(1)) if found else None

    def prompt(self) -> str:
        return self.text.rsplit("\n", 1)[-1]


def play(
    monkeypatch: pytest.MonkeyPatch, *args: str, screen: Screen | None = None
) -> tuple[int, str, Screen]:
    screen = screen or Screen()
    monkeypatch.setattr(sys, "stdin", screen)
    monkeypatch.setattr(sys, "stdout", screen.out)
    monkeypatch.setenv("COLUMNS", "200")
    status = main(["play", "--game", "rummy", *args])
    return status, screen.text, screen


def check_against_record(out: str, save: Path) -> RummyState:
    """The totals, hands and winner printed agree with the saved record replayed."""
    data = read_record_json(save.read_text(encoding="utf-8"))
    state = GAME.replay(data)
    assert state.phase is Phase.MATCH_OVER
    names = data["seats"]
    final = out[out.rindex("Match over") :]
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, state.totals, strict=True))
    target = state.rules.target
    assert f"Totals: {totals} (the match ends at {target}; the lowest total wins)" in final
    (winner,) = state.winners()
    assert f"Winner: {names[winner]} with {state.totals[winner]} points (the lowest total)" in final
    for result in state.results:
        if result.out is None:
            assert f"Hand {result.number} over with no score: " in out
        else:
            assert f"Hand {result.number} over: {names[result.out]} went out" in out
    return state


# -- whole matches ---------------------------------------------------------------------------


def test_watch_a_whole_match_and_save_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "watch.json"
    status, out, _ = play(
        monkeypatch, "--watch", "--seed", "7", "--bots", "simple", "--house", "target=30",
        "--save", str(save),
    )  # fmt: skip
    assert status == 0
    state = check_against_record(out, save)
    assert state.players == 2 and len(state.results) >= 3
    assert f"Game record saved to {save}" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "rummy" and data["seats"] == ["Simple 0", "Simple 1"]
    # The spectator sees the deals and every move as it happens, the cards drawn included.
    first = data["rounds"][0]
    hand = " ".join(card.pretty() for card in parse_cards(first["hands"][0]))
    assert f"  Simple 0: {hand}" in out
    up = Card.parse(first["up"]).pretty()
    assert f"Simple 1 deals 10 cards each; Simple 0 plays first. The card turned up, {up}" in out
    moves = re.findall(r"^  Simple \d (draws|takes|melds|lays|discards) ", out, re.MULTILINE)
    assert len(moves) == sum(len(r["actions"]) for r in data["rounds"])
    assert re.search(r"^  Simple \d draws \S+ from the stock\.$", out, re.MULTILINE)
    assert re.search(r"^  Simple \d melds .+ \(a (set|run) of \d: table meld 1\)\.$", out, re.M)
    assert "goes out: no cards left!" in out
    # After a turn that changed the table, the spectator sees it, numbered.
    assert re.search(
        r"^       1\. \S+ \S+ \S+.*   a (set|run) of \d+, laid by Simple \d$", out, re.M
    )
    assert "lay off with" not in out  # (that line is for a player)


def test_the_same_seed_plays_the_same_match(monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("--watch", "--seed", "3", "--players", "3", "--bots", "simple,random,medium",
            "--house", "target=20")  # fmt: skip
    outs = [play(monkeypatch, *args)[1] for _ in range(2)]
    assert outs[0] == outs[1]
    assert "Players: Simple 0, Random 1, Medium 2" in outs[0]
    assert "Medium 2 deals 7 cards each; Simple 0 plays first." in outs[0]
    assert "Winner" in outs[0]


def _follow_the_hint(screen: Screen, typed: list[str]) -> str:
    """Ask for a hint, then type the move it suggests, as the hint line spells it."""
    hints = screen.text.split("to play it, type: ")
    if len(hints) - 1 > len(typed):
        move = hints[-1].splitlines()[0].split("   (or")[0].strip()
        typed.append(move)
        return move
    return "hint"


def _bad_then_good(screen: Screen, tried: dict[str, str], typed: list[str]) -> str:
    """Follow the hints; on the way, each bad input once, with the message it must get."""
    if screen.prompt().startswith("Draw"):
        top = screen.top()
        if "draw first" not in tried:
            tried["draw first"] = "Draw a card first: 's' for the stock, or 't' to take the pile's"
            return "1"
        if "malformed" not in tried:
            tried["malformed"] = "'7Q' is not a card: write cards like 7H, 10S or TH"
            return "7Q"
        if "ambiguous" not in tried:
            tried["ambiguous"] = "'d' could mean draw or discard"
            return "d"
        if "take" not in tried and top is not None:
            # Take the pile's top, to try discarding it at once below.
            tried["take"] = f"You take {top.pretty()} from the pile."
            tried["taken"] = f"discard {top}"
            return "t"
        if len(screen.text.split("to play it, type: ")) - 1 > len(typed):
            return _follow_the_hint(screen, typed)
        return "hint"
    hand, table = screen.hand(), screen.table()
    if tried.get("taken", "").startswith("discard "):
        card = Card.parse(tried["taken"].split()[1])
        tried["taken"] = (
            f"You took {card.pretty()} from the pile this turn: discard another card "
            f"({card.pretty()} may go in a later turn)"
        )
        return f"discard {card}"
    if "drawn" not in tried:
        tried["drawn"] = "You have drawn this turn: now meld, lay off, or discard"
        return "s"
    if "position" not in tried:
        far = len(hand) + 5
        tried["position"] = f"There is no card at position {far}: your hand has {len(hand)} cards"
        return f"meld 1 2 {far}"
    if "missing" not in tried:
        on_table = {card for meld in table for card in meld}
        card = next(c for c in standard_deck() if c not in hand and c not in on_table)
        tried["missing"] = f"{card.pretty()} is not in your hand"
        return f"discard {card.pretty()}"  # typed with its suit symbol
    if "mixed" not in tried:
        first = hand[0]
        second = next((c for c in hand if c.rank != first.rank and c.suit != first.suit), None)
        third = None
        if second is not None:
            third = next(
                (c for c in hand if c.rank not in (first.rank, second.rank) and c != second
                 and c.suit != first.suit and hand.index(c) > hand.index(second)),
                None,
            )  # fmt: skip
        if second is not None and third is not None:
            shown = f"{first.pretty()} {second.pretty()} {third.pretty()}"
            tried["mixed"] = (
                f"{shown} is not a meld: a set is one rank and a run one suit; these cards mix both"
            )
            return f"meld {first} {second} {third}"
    if "no such meld" not in tried:
        tried["no such meld"] = (
            "There are no melds on the table yet to lay off on"
            if not table
            else f"There is no table meld 9: the table has melds 1 to {len(table)}"
        )
        return f"lay {hand[0]} on 9"
    if "no fit" not in tried and table:
        meld = Meld.of(table[0])
        misfit = next((c for c in hand if not meld.fits(c)), None)
        if misfit is not None:
            shown = " ".join(c.pretty() for c in table[0])
            tried["no fit"] = f"{misfit.pretty()} does not fit meld 1 ({shown}): a "
            return f"lay {hand.index(misfit) + 1} on 1"  # by its position
    return _follow_the_hint(screen, typed)


def test_an_interactive_match_with_bad_inputs_on_the_way(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "you.json"
    tried: dict[str, str] = {}
    typed: list[str] = []
    screen = Screen(lambda s: _bad_then_good(s, tried, typed))
    status, out, _ = play(
        monkeypatch, "--seed", "4", "--bots", "simple", "--house", "target=30",
        "--name", "Ada", "--save", str(save), screen=screen,
    )  # fmt: skip
    assert status == 0
    assert set(tried) == {"draw first", "malformed", "ambiguous", "take", "taken", "drawn",
                          "position", "missing", "mixed", "no such meld", "no fit"}  # fmt: skip
    for message in tried.values():
        assert message in out
    check_against_record(out, save)
    data = read_record_json(save.read_text(encoding="utf-8"))
    assert data["seats"] == ["Ada", "Simple 1"]
    # The screen's pieces, in the player's words.
    assert "Players: Ada (you), Simple 1" in out
    assert re.search(r"Hand 1 · your turn · the match ends at 30\n", out)
    assert re.search(r"Your hand \(10 cards, by rank, count \d+\):", out)
    assert re.search(r"Discard pile: \S+ on top \(\d+ cards?\) · Stock: \d+ cards", out)
    assert "Table: no melds yet." in out
    assert re.search(r"Table \(\d melds?; lay off with 'lay CARD on NUMBER'\):", out)
    assert re.search(r"^   1\. .+   a (set|run) of \d+, laid by (Ada|Simple 1)$", out, re.M)
    assert re.search(r"^Just drawn: \S+$", out, re.MULTILINE)
    assert "(you may not discard it this turn)" in out
    # The bot's moves: what it takes is named, what it draws is not.
    assert re.search(r"^  Simple 1 draws from the stock\.$", out, re.MULTILINE)
    assert not re.search(r"^  Simple 1 draws \S+ from the stock", out, re.MULTILINE)
    assert re.search(r"^  You draw \S+ from the stock\.$", out, re.MULTILINE)
    # The hand's result: the cards left in every hand, what they cost, the totals.
    assert re.search(r"player +cards left in hand +points +total", out)
    assert "none: went out" in out


def test_a_match_played_by_following_the_hints(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "hints.json"
    typed: list[str] = []
    screen = Screen(lambda s: _follow_the_hint(s, typed))
    status, out, _ = play(
        monkeypatch, "--seed", "12", "--bots", "simple", "--house", "target=25",
        "--save", str(save), screen=screen,
    )  # fmt: skip
    assert status == 0
    check_against_record(out, save)
    assert re.search(r"Hint \(medium bot\): draw from the stock\. Why: .+\.", out)
    assert re.search(r"Hint \(medium bot\): meld .+\. Why: it lays down a (set|run) of \d", out)
    assert re.search(r"Hint \(medium bot\): discard \S+\. Why: .+\.", out)
    assert re.search(r"to play it, type: meld [^(]+\(or by position: meld [\d ]+\)", out)
    data = read_record_json(save.read_text(encoding="utf-8"))
    ours = [a for rnd in data["rounds"] for seat, a in rnd["actions"] if seat == 0]
    assert [str(GAME.parse_action(t)) for t in typed] == ours
    assert any(a.startswith("meld ") for a in ours)


def test_quit_end_of_input_and_interrupt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    status, out, _ = play(
        monkeypatch,
        "--seed",
        "1",
        "--save",
        str(save),
        screen=Screen(lines="help\nhint\nsort\nq\n"),
    )
    assert status == 0
    assert "Commands:" in out and "Hint (medium bot): " in out and "You stopped the game." in out
    assert "lay 7H on 2" in out and "aces low: A-2-3" in out
    assert "Your hand (10 cards, by suit, count " in out
    data = read_record_json(save.read_text(encoding="utf-8"))
    assert data["winners"] is None
    GAME.replay(data)  # an unfinished record still replays

    status, out, _ = play(monkeypatch, "--seed", "1", screen=Screen(lines="s\n"))
    assert status == 0 and "Input ended; the game stops here." in out

    class Interrupt(Screen):
        def readline(self) -> str:
            raise KeyboardInterrupt

    status, out, _ = play(monkeypatch, "--seed", "1", "--save", str(save), screen=Interrupt())
    assert status == 130 and "Interrupted." in out
    assert f"Game record saved to {save}" in out


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["--rules", "classic"], "unknown Rummy rules preset 'classic'"),
        (["--house", "no-such-rule"], "'no-such-rule'"),
        (["--house", "target=lots"], "bad value 'lots' for rules option 'target'"),
        (["--players", "7"], "2 to 6 players, got 7"),
        (["--bots", "genius"], "'genius'"),
        (["--bots", "expert"], "'expert'"),
        (["--players", "4", "--bots", "simple,random"], "names 2 bots for 3 bot seats"),
        (["--save", "/no/such/folder/game.json"], "does not exist"),
    ],
)
def test_bad_options_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    quoted: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--game", "rummy", *args]) == 2
    assert quoted in capsys.readouterr().err


def test_the_installed_command_watches_a_match() -> None:
    done = cli("play", "--game", "Rummy", "--watch", "--players", "3", "--seed", "5",
               "--bots", "simple,medium,random", "--house", "target=20")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Players: Simple 0, Medium 1, Random 2" in done.stdout
    assert "Winner" in done.stdout and "Traceback" not in done.stderr


# -- reading input, and the messages ---------------------------------------------------------


def _melding() -> RummyState:
    """Seat 0 took 6♥ (4♥ 5♥ 6♥ 9♠ K♣ in hand); the table holds J♠ J♦ J♣ and 7♣ 8♣ 9♣."""
    state = RummyState.stack(
        None, ["4H 5H 9S KC", "2C 3D"], pile="6H", table=["JS JD JC", "7C 8C 9C"]
    )
    state.apply(Take())
    return state


def test_interpret_reads_cards_positions_and_commands() -> None:
    view = _melding().view(0)
    shown = list(view.hand)  # 4♥ 5♥ 6♥ 9♠ K♣
    assert interpret("meld 1 2 3", view, shown) == NewMeld.of("4H 5H 6H")
    assert interpret("m 4h, 5♥ 6H", view, shown) == NewMeld.of("4H 5H 6H")
    assert interpret("lay 9S on 2", view, shown) == LayOff(Card.parse("9S"), 2)
    assert interpret("layoff 4 2", view, shown) == LayOff(Card.parse("9S"), 2)
    assert interpret("l 9s onto 1", view, shown) == LayOff(Card.parse("9S"), 1)
    assert interpret("KC", view, shown) == Discard(Card.parse("KC"))
    assert interpret("discard 5", view, shown) == Discard(Card.parse("KC"))
    assert interpret("x kc", view, shown) == Discard(Card.parse("KC"))
    assert interpret("5", view, shown[::-1]) == Discard(Card.parse("4H"))  # as displayed
    for text, word in [("s", Draw()), ("draw", Draw()), ("stock", Draw()), ("t", Take()),
                       ("take", Take()), ("pile", Take()), ("h", "hint"), ("HINT", "hint"),
                       ("help", "help"), ("?", "help"), ("q", "quit"), ("sort", "sort"),
                       ("  ", "")]:  # fmt: skip
        assert interpret(text, view, shown) == word
    for text, message in [
        ("7Q", "'7Q' is not a card: write cards like 7H, 10S or TH, or their positions 1 to 5"),
        ("meld 4H 7Q", "'7Q' is not a card"),
        ("9", "there is no card at position 9: your hand has 5 cards (positions 1 to 5)"),
        ("meld 1 1 2", "4♥ is given twice"),
        ("meld", "'meld' needs cards"),
        ("lay 9S", "write a lay-off as 'lay 7H on 2'"),
        ("lay 9S on two", "'two' is not a table meld's number"),
        ("lay 9S on 0", "'0' is not a table meld's number"),
        ("discard", "'discard' takes one card"),
        ("d", "'d' could mean draw or discard"),
        ("4H 5H 6H", "to lay cards down, start with 'meld': meld 4H 5H 6H"),
        ("JK", "Rummy is played without jokers"),
        ("whatever", "'whatever' is neither a move nor a command; type 'help'"),
        ("go home", "'go home' is neither a move nor a command"),
    ]:
        with pytest.raises(NotationError, match=re.escape(message)):
            interpret(text, view, shown)


def test_why_not_says_it_in_plain_words() -> None:
    state = _melding()
    view = state.view(0)
    assert why_not(view, Discard(Card.parse("6H"))) == (
        "you took 6♥ from the pile this turn: discard another card (6♥ may go in a later turn)"
    )
    assert why_not(view, Discard(Card.parse("7H"))) == "7♥ is not in your hand"
    assert why_not(view, NewMeld.of("4H 5H 7H 8H")) == "7♥ and 8♥ are not in your hand"
    assert why_not(view, NewMeld.of("4H 5H 9S")) == (
        "4♥ 5♥ 9♠ is not a meld: a set is one rank and a run one suit; these cards mix both"
    )
    assert why_not(view, NewMeld.of("4H 6H")) == (
        "4♥ 6♥ is not a meld: a meld needs at least 3 cards: a set (3 or 4 of one rank) or a "
        "run (3 or more of one suit in sequence)"
    )
    assert why_not(view, LayOff(Card.parse("9S"), 3)) == (
        "there is no table meld 3: the table has melds 1 to 2"
    )
    assert why_not(view, LayOff(Card.parse("9S"), 1)) == (
        "9♠ does not fit meld 1 (J♠ J♦ J♣): a set takes only its missing card (J♥)"
    )
    assert why_not(view, LayOff(Card.parse("KC"), 2)) == (
        "K♣ does not fit meld 2 (7♣ 8♣ 9♣): a run takes only the next card at either end "
        "(6♣ or 10♣)"
    )
    assert why_not(view, LayOff(Card.parse("KC"), 2), unicode=False) == (
        "KC does not fit meld 2 (7C 8C 9C): a run takes only the next card at either end "
        "(6C or 10C)"
    )
    assert why_not(view, Draw()) == (
        "you have drawn this turn: now meld, lay off, or discard a card to end your turn"
    )
    assert why_not(view, NewMeld.of("4H 5H 6H")) is None
    assert why_not(view, Discard(Card.parse("KC"))) is None
    assert why_not(state.view(1), Draw()) == "it is not your turn"
    # Laying down everything but the card just taken, which fits nowhere: no way to end.
    stuck = RummyState.stack(None, ["4H 5H 6H", "2C 3D"], pile="9D")
    stuck.apply(Take())
    assert why_not(stuck.view(0), NewMeld.of("4H 5H 6H")) == (
        "that would leave only 9♦, which you took from the pile this turn and may not "
        "discard, and it fits no meld: your turn could not end"
    )
    must = RummyState.stack(Rules(must_discard=True), ["4H 5H", "2C 3D"], pile="6H", stock="KD")
    must.apply(Draw())
    assert why_not(must.view(0), NewMeld.of("4H 5H 6H")) is not None
    must_take = RummyState.stack(Rules(must_discard=True), ["4H 5H", "2C 3D"], pile="6H")
    must_take.apply(Take())
    assert "you go out only by discarding your last card" not in str(
        why_not(must_take.view(0), Discard(Card.parse("4H")))
    )
    drawing = RummyState.stack(None, ["4H 5H 6H", "2C 3D"], pile="9D")
    assert why_not(drawing.view(0), NewMeld.of("4H 5H 6H")) == (
        "draw a card first: 's' for the stock, or 't' to take the pile's top card (9♦)"
    )


def test_meld_problems_name_what_is_missing() -> None:
    def problem(text: str, ace_high: bool = False) -> str | None:
        return meld_problem(parse_cards(text), ace_high=ace_high)

    assert problem("4H 5H 7H") == "4♥ 5♥ 7♥ is not a meld: a run has no gaps (6♥ is missing)"
    assert problem("4H 7H 9H") == (
        "4♥ 7♥ 9♥ is not a meld: a run has no gaps (5♥, 6♥ and 8♥ are missing)"
    )
    assert problem("2H 7H 9H KH") == (
        "2♥ 7♥ 9♥ K♥ is not a meld: a run is cards of one suit in sequence, with no gaps"
    )
    assert problem("QS KS AS") == (
        "Q♠ K♠ A♠ is not a meld: aces are low here (A-2-3); Q-K-A needs the house rule ace-high"
    )
    assert problem("KS AS 2S", ace_high=True) == (
        "K♠ A♠ 2♠ is not a meld: a run may not turn the corner: K-A-2 is not a run"
    )
    assert problem("QS KS AS", ace_high=True) is None
    assert problem("7S 7H 7D 7C") is None and problem("AH 2H 3H") is None
    assert problem("7S 7H") is not None


def test_hint_reasons() -> None:
    state = RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="6H", table=["JS JD JC"])
    view = state.view(0)
    assert hint_reason(view, Take()) == "6♥ lowers your count from 28 to 9"
    assert hint_reason(view, Draw()) == (
        "6♥ would lower your count from 28 to 9, but taking it shows the others what you collect"
    )
    junk = RummyState.stack(None, ["4H 5H 9S KC", "2C 3D"], pile="QD").view(0)
    assert hint_reason(junk, Draw()) == "Q♦ on the pile would not lower your count of 28"
    state.apply(Take())
    view = state.view(0)
    assert hint_reason(view, NewMeld.of("4H 5H 6H")) == (
        "it lays down a run of 3, 15 points off your hand"
    )
    assert hint_reason(view, Discard(Card.parse("KC"))) == (
        "it is in no meld; your count after it is 9"
    )
    last = RummyState.stack(None, ["JH", "2C 3D"], table=["JS JD JC"], stock="KD")
    last.apply(Draw())
    assert hint_reason(last.view(0), LayOff(Card.parse("JH"), 1)) == (
        "J♥ fits table meld 1 (J♠ J♦ J♣), 10 points off your hand"
    )
    assert hint_reason(last.view(0), Discard(Card.parse("JH"))) == "your count after it is 10"
    assert hint_reason(last.view(0), Discard(Card.parse("KD"))) == (
        "the cards you keep all make melds (your count after it is 0)"
    )


def test_the_narrator_tells_every_move_going_out_and_a_new_stock() -> None:
    state = RummyState.stack(
        None, ["4H 5H 6H 7H JD KC 2S", "2C 3D 9S"], pile="QS 10D", stock="8H",
        table=["JS JH JC"], table_owners=[1],
    )  # fmt: skip
    narrator = Narrator(["Ada", "Bob"], you=1)
    narrator.start_hand(pile=2, table=state.table)
    said = []
    moves: list[tuple[Action, Card | None]] = [
        (Draw(), None),
        (NewMeld.of("4H 5H 6H"), None),
        (LayOff(Card.parse("7H"), 2), None),
        (LayOff(Card.parse("8H"), 2), None),
        (LayOff(Card.parse("JD"), 1), None),
        (Discard(Card.parse("KC")), None),
        (Draw(), Card.parse("QS")),  # the stock rebuilt: 10♦ under Q♠, Q♠ on top
        (Discard(Card.parse("9S")), None),
        (Take(), None),
    ]
    for action, drawn in moves:
        said += [line.plain for line in narrator.lines(state.apply(action), drawn)]
    assert said == [
        "Ada draws from the stock.",
        "Ada melds 4♥ 5♥ 6♥ (a run of 3: table meld 2).",
        "Ada lays 7♥ off on meld 2 → 4♥ 5♥ 6♥ 7♥.",
        "Ada lays 8♥ off on meld 2 → 4♥ 5♥ 6♥ 7♥ 8♥.",
        "Ada lays J♦ off on meld 1 → J♠ J♥ J♦ J♣.",
        "Ada discards K♣.",
        "The stock is empty: the discard pile under its top card is turned over as the new "
        "stock (2 cards).",
        "You draw Q♠ from the stock.",
        "You discard 9♠.",
        "Ada takes 9♠ from the pile.",
    ]
    out = RummyState.stack(None, ["9H", "2C 3D"], table=["6H 7H 8H"], stock="KD")
    narrator = Narrator(["Ada", "Bob"], unicode=False)
    narrator.start_hand(0, table=out.table)
    lines = []
    for action in (Draw(), LayOff(Card.parse("9H"), 1), Discard(Card.parse("KD"))):
        lines += narrator.lines(out.apply(action))
    assert [line.plain for line in lines] == [
        "Ada draws from the stock.",
        "Ada lays 9H off on meld 1 -> 6H 7H 8H 9H.",
        "Ada discards KD.",
        "Ada goes out: no cards left!",
    ]
    assert out.results[-1].out == 0


def test_result_headings() -> None:
    names = ["You", "Bo"]
    assert result_heading(RoundResult(1, 0, (0, 12)), names, Rules()) == "Hand 1 over: You went out"
    rummy = RoundResult(2, 1, (24, 0), rummy=True)
    assert result_heading(rummy, names, Rules(rummy_doubles=True)) == (
        "Hand 2 over: Bo went out, going rummy (every card in one turn): the others' points "
        "are doubled"
    )
    void = RoundResult.voided(3, 2)
    assert result_heading(void, names, Rules(stock_turns=0)) == (
        "Hand 3 over with no score: the stock ran out (the rules never rebuild it)"
    )
    assert result_heading(void, names, Rules(stock_turns=3)) == (
        "Hand 3 over with no score: the stock ran out after 3 rebuilds"
    )
