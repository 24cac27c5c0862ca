"""``threethirteen play --game thirteen``: whole matches through the real command.

The interactive matches are played by a scripted player that reads only the screen
the command printed (its hand, the table line, the prompt, the hint) and types what a
person would, so every move it makes is typed from what the screen shows. The totals
and winners printed are checked against the saved record replayed through the game
(``GAME.replay``), not against the command's own code; the expected messages are
worked out here from the cards.
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
from threethirteen.cards import Card
from threethirteen.cli.main import main
from threethirteen.cli.thirteen_play import hint_reason, interpret, why_not
from threethirteen.cli.thirteen_render import Narrator
from threethirteen.errors import NotationError
from threethirteen.games.thirteen.actions import Pass, Play
from threethirteen.games.thirteen.cards import deck, strength
from threethirteen.games.thirteen.game import GAME
from threethirteen.games.thirteen.record import read_record_json
from threethirteen.games.thirteen.state import ThirteenState
from threethirteen.games.thirteen.views import Phase

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
        assert self.prompts < 2000, "the match does not end"
        return self.respond(self) + "\n"

    def isatty(self) -> bool:
        return False

    # what the screen shows now
    @property
    def text(self) -> str:
        return self.out.getvalue()

    def turn(self) -> str:
        """The screen since the last 'your turn' header."""
        return self.text[self.text.rindex("your turn") :]

    def hand(self) -> list[Card]:
        """The hand as shown: the line under the positions 1 2 3 ..."""
        lines = self.turn().splitlines()
        index = next(i for i, line in enumerate(lines) if line.startswith("Your hand ("))
        return [Card.parse(token) for token in lines[index + 2].split()]

    def table(self) -> list[Card]:
        """The cards of the 'Table: ...' line, none when the table is empty."""
        line = next(x for x in self.turn().splitlines() if x.startswith("Table"))
        if line.startswith("Table empty"):
            return []
        return [Card.parse(t) for t in line[len("Table: ") : line.index(" (")].split()]

    def prompt(self) -> str:
        return self.text.rsplit("\n", 1)[-1]


def play(
    monkeypatch: pytest.MonkeyPatch, *args: str, screen: Screen | None = None
) -> tuple[int, str, Screen]:
    screen = screen or Screen()
    monkeypatch.setattr(sys, "stdin", screen)
    monkeypatch.setattr(sys, "stdout", screen.out)
    monkeypatch.setenv("COLUMNS", "200")
    status = main(["play", "--game", "thirteen", *args])
    return status, screen.text, screen


def check_against_record(out: str, save: Path) -> ThirteenState:
    """The totals, rounds and winner printed agree with the saved record replayed."""
    data = read_record_json(save.read_text(encoding="utf-8"))
    state = GAME.replay(data)
    assert state.phase is Phase.MATCH_OVER
    names = data["seats"]
    final = out[out.rindex("Match over") :]
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, state.totals, strict=True))
    assert f"Totals: {totals} (race to {state.rules.target})" in final
    (winner,) = state.winners()
    assert f"Winner: {names[winner]} with {state.totals[winner]} points" in final
    for result in state.results:
        assert f"Round {result.number} over: {names[result.winner]} went out first" in out
    return state


# -- whole matches ---------------------------------------------------------------------------


def test_watch_a_whole_match_and_save_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "watch.json"
    status, out, _ = play(monkeypatch, "--watch", "--seed", "7", "--save", str(save))
    assert status == 0
    state = check_against_record(out, save)
    assert state.players == 4 and state.rules.target == 10
    assert f"Game record saved to {save}" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "thirteen" and data["seats"][0] == "Medium 0"
    # The spectator sees the deals and every move as it happens.
    first = data["rounds"][0]
    leader = data["seats"][first["leader"]]
    assert f"{leader} holds 3♠ and leads; the first play must hold it." in out
    hand = " ".join(Card.parse(c).pretty() for c in first["hands"][0].split())
    assert f"  Medium 0: {hand}" in out
    moves = [line for line in out.splitlines() if re.match(r"  \S+ \d (plays|passes)", line)]
    moves += [line for line in out.splitlines() if line.startswith("  BOMB: ")]
    assert len(moves) == sum(len(r["actions"]) for r in data["rounds"])
    assert "The table clears: " in out and "is out: first place, 3 points" in out


def test_the_same_seed_plays_the_same_match(monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("--watch", "--seed", "3", "--players", "3", "--bots", "simple,random,medium")
    outs = [play(monkeypatch, *args)[1] for _ in range(2)]
    assert outs[0] == outs[1]
    assert "Players: Simple 0, Random 1, Medium 2" in outs[0]
    assert "Winner: " in outs[0]


def _bad_then_good(screen: Screen, tried: dict[str, str]) -> str:
    """Pass when allowed, lead the lowest card; on the way, each bad input once."""
    hand = screen.hand()
    if screen.prompt() == "Lead> ":
        if "pass" not in tried:
            tried["pass"] = "you lead: you cannot pass"
            return "pass"
        if "malformed" not in tried:
            tried["malformed"] = "'7Q' is not a card"
            return "7Q"
        if "missing" not in tried:
            card = next(c for c in deck() if c not in hand)
            tried["missing"] = f"{card.pretty()} is not in your hand"
            return f"play {card}"
        if "nonsense" not in tried and hand[0].rank is not hand[-1].rank:
            tried["nonsense"] = f"{hand[0].pretty()} {hand[-1].pretty()} is not a combination"
            return f"1 {len(hand)}"
        return "1"
    table = screen.table()
    if "low" not in tried and len(table) == 1 and strength(hand[0]) < strength(table[0]):
        tried["low"] = (
            f"{hand[0].pretty()} does not beat {table[0].pretty()} (a higher single is needed)"
        )
        return hand[0].pretty()  # typed with its suit symbol
    return "p"


def test_an_interactive_match_with_bad_inputs_on_the_way(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "you.json"
    tried: dict[str, str] = {}
    screen = Screen(lambda s: _bad_then_good(s, tried))
    status, out, _ = play(
        monkeypatch, "--seed", "4", "--bots", "simple", "--house", "target=5",
        "--name", "Ada", "--save", str(save), screen=screen,
    )  # fmt: skip
    assert status == 0
    assert set(tried) == {"pass", "malformed", "missing", "nonsense", "low"}
    for message in tried.values():
        assert message in out
    state = check_against_record(out, save)
    # The scripted seat made only the moves it typed: passes and its lowest single.
    data = read_record_json(save.read_text(encoding="utf-8"))
    assert data["seats"] == ["Ada", "Simple 1", "Simple 2", "Simple 3"]
    for rnd in data["rounds"]:
        ours = [action for seat, action in rnd["actions"] if seat == 0]
        assert all(a == "pass" or len(a.split()) == 2 for a in ours)
    assert state.rules.target == 5
    # The screen's pieces, in the player's words.
    assert "Round 1 · race to 5 · your turn" in out
    assert "Your hand (13 cards):" in out
    assert "You pass" in out and "You play " in out and "Ada plays" not in out
    assert re.search(r"Table: \S+ \((single|pair|triple|sequence)[^)]*\), played by Simple \d", out)


def _follow_the_hint(screen: Screen, typed: list[str]) -> str:
    """Ask for a hint, then type the move it suggests, as the hint line spells it."""
    hints = screen.text.split("to play it, type: ")
    if len(hints) - 1 > len(typed):
        move = hints[-1].splitlines()[0].split("   (or")[0].strip()
        typed.append(move)
        return move
    return "hint"


def test_a_match_played_by_following_the_hints(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "hints.json"
    typed: list[str] = []
    screen = Screen(lambda s: _follow_the_hint(s, typed))
    status, out, _ = play(
        monkeypatch, "--seed", "12", "--players", "3", "--house", "target=4",
        "--save", str(save), screen=screen,
    )  # fmt: skip
    assert status == 0
    check_against_record(out, save)
    assert "Hint (medium bot): " in out
    assert re.search(r"Hint \(medium bot\): play \S+.*: (leads|the lowest|beats|plays)", out)
    data = read_record_json(save.read_text(encoding="utf-8"))
    ours = [a for rnd in data["rounds"] for seat, a in rnd["actions"] if seat == 0]
    assert [str(GAME.parse_action(t)) for t in typed] == ours


def test_quit_end_of_input_and_interrupt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    status, out, _ = play(
        monkeypatch, "--seed", "1", "--save", str(save), screen=Screen(lines="help\nhint\nq\n")
    )
    assert status == 0
    assert "Commands:" in out and "Hint (" in out and "You stopped the game." in out
    data = read_record_json(save.read_text(encoding="utf-8"))
    assert data["winners"] is None
    GAME.replay(data)  # an unfinished record still replays

    status, out, _ = play(monkeypatch, "--seed", "1", screen=Screen(lines=""))
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
        (["--rules", "classic"], "unknown Thirteen rules preset 'classic'"),
        (["--house", "no-such-rule"], "'no-such-rule'"),
        (["--players", "5"], "2 to 4 players, got 5"),
        (["--bots", "genius"], "'genius'"),
        (["--bots", "simple,random"], "names 2 bots for 3 bot seats"),
        (["--game", "chess"], "unknown game 'chess'"),
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
    assert main(["play", "--game", "thirteen", *args]) == 2
    assert quoted in capsys.readouterr().err


def test_the_installed_command_watches_a_match() -> None:
    done = cli("play", "--game", "tien-len", "--watch", "--players", "2", "--seed", "5",
               "--bots", "simple,medium", "--house", "target=3")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Players: Simple 0, Medium 1" in done.stdout
    assert "Winner: " in done.stdout and "Traceback" not in done.stderr


# -- reading input, and the messages ---------------------------------------------------------


def _following() -> ThirteenState:
    """Seat 1 led 9♦; seat 0 (3♠ 4♦ 8♣ 9♥ 2♠) is to follow."""
    state = ThirteenState.stack(None, ["3S 4D 8C 9H 2S", "6H 7H 9D QC"], leader=1)
    state.apply(Play.of("9D"))
    return state


def test_interpret_reads_cards_positions_and_commands() -> None:
    view = _following().view(0)
    assert interpret("9H", view) == Play.of("9H")
    assert interpret("play 9♥", view) == Play.of("9H")
    assert interpret("4", view) == Play.of("9H")
    assert interpret("play 1 2", view) == Play.of("3S 4D")
    assert interpret("th 10S", view) == Play.of("10H 10S")  # syntax only; legality later
    for text, word in [("h", "hint"), ("HINT", "hint"), ("help", "help"), ("q", "quit"),
                       ("quit", "quit"), ("  ", "")]:  # fmt: skip
        assert interpret(text, view) == word
    assert interpret("pass", view) == Pass() and interpret("P", view) == Pass()
    for text, message in [
        ("7Q", "'7Q' is not a card"),
        ("9H 7Q", "'7Q' is not a card"),
        ("6", "no card at position 6: your hand has 5 cards"),
        ("1 1", "3♠ is given twice"),
        ("play", "'play' needs cards"),
        ("blah blah", "'blah' is not a card"),
        ("whatever", "'whatever' is neither a play nor a command"),
    ]:
        with pytest.raises(NotationError, match=re.escape(message)):
            interpret(text, view)


def test_why_not_says_it_in_plain_words() -> None:
    state = _following()
    view = state.view(0)
    assert why_not(view, Play.of("8C")) == "8♣ does not beat 9♦ (a higher single is needed)"
    assert why_not(view, Play.of("7H")) == "7♥ is not in your hand"
    assert why_not(view, Play.of("7H 6H")) == "6♥ and 7♥ are not in your hand"
    assert why_not(view, Play.of("3S 4D")) == (
        "3♠ 4♦ is not a combination: a sequence needs 3 or more consecutive ranks"
    )
    assert why_not(view, Play.of("3S 8C")) == (
        "3♠ 8♣ is not a combination: a play is one rank, or 3 or more consecutive ranks "
        "(one or two cards of each)"
    )
    assert str(why_not(view, Play.of("3S 4D 2S"))).endswith("a 2 cannot be part of a sequence")
    assert why_not(view, Play.of("3S 4D 8C")) is not None
    assert why_not(view, Play.of("9H")) is None and why_not(view, Pass()) is None
    assert why_not(view, Play.of("9H"), unicode=False) is None
    assert why_not(view, Play.of("8C"), unicode=False) == (
        "8C does not beat 9D (a higher single is needed)"
    )
    leading = ThirteenState.stack(None, ["3S 4D 5C 9H", "6H 7H"])
    lead = leading.view(0)
    assert why_not(lead, Pass()) == "you lead: you cannot pass"
    assert why_not(lead, Play.of("4D")) == "the round's first play must hold 3♠"
    assert why_not(lead, Play.of("3S 4D 5C")) is None
    twos = ThirteenState.stack(None, ["5S 5C 5D 5H 9S", "2H 3C"], leader=1)
    twos.apply(Play.of("2H"))
    on_two = twos.view(0)
    assert why_not(on_two, Play.of("9S")) == (
        "9♠ does not beat 2♥ (a higher single is needed, or a bomb: four of a kind or a "
        "double sequence of 3 pairs)"
    )
    assert why_not(on_two, Play.of("5S 5C 5D 5H")) is None


def test_hint_reasons() -> None:
    lead = ThirteenState.stack(None, ["3S 4D 5C 9H 9S", "6H 7H"]).view(0)
    assert hint_reason(lead, Play.of("3S 4D 5C")) == (
        "leads your lowest sequence (the first play must hold 3♠)"
    )
    view = _following().view(0)
    assert hint_reason(view, Play.of("9H")) == "the lowest single that beats 9♦"
    assert hint_reason(view, Play.of("2S")) == "beats 9♦"
    assert hint_reason(view, Pass()) == "keeps your cards for later"


def test_the_narrator_tells_bombs_places_and_clears() -> None:
    state = ThirteenState.stack(None, ["2H 3C 4C", "5S 5C 5D 5H", "8D 9D"], leader=0)
    narrator = Narrator(["Ada", "Bob", "Cy"], 3, you=2)
    said = []
    for action in (Play.of("2H"), Play.of("5S 5C 5D 5H"), Pass(), Pass()):
        said += [line.plain for line in narrator.lines(state.apply(action))]
    assert said == [
        "Ada plays 2♥ (single)",
        "BOMB: Bob plays 5♠ 5♣ 5♦ 5♥ on 2♥ (four of a kind)",
        "Bob is out: first place, 3 points",
        "You pass",
        "Ada passes",
        "The table clears: You lead",
    ]
