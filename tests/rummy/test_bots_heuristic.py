"""The ``heuristic`` bot: it goes out when it can, holds melds back only while it is safe,
reads the cards the others took, and never plays an illegal action."""

from __future__ import annotations

import pytest

from threethirteen.errors import ThreeThirteenError
from threethirteen.game import Stage
from threethirteen.games.rummy.actions import parse_action
from threethirteen.games.rummy.bots import HeuristicBot
from threethirteen.games.rummy.state import RummyState


def turn(state: RummyState, bot: HeuristicBot) -> list[str]:
    """Seat 0's actions, played by ``bot``, to the end of its turn."""
    played = []
    while state.stage is Stage.PLAY and state.current == 0:
        action = bot.choose(state.view(0))
        played.append(str(action))
        state.apply(action)
    return played


def test_it_goes_out_when_it_can_even_holding_its_melds() -> None:
    # The other seat holds 10 cards, so the melds would be held back, but 7H lets the
    # hand go out: it melds both and discards KC.
    state = RummyState.stack(
        None, ["4H 5H 6H 9S 9D 9C KC", "2C 3D 8C 9H 10S JS QS 2S 3S 4S"], pile="QD", stock="7H"
    )
    played = turn(state, HeuristicBot())
    assert played[0] == "draw" and played[-1] == "discard KC"
    assert state.stage is Stage.ROUND_OVER and state.results[-1].out == 0


def test_it_takes_the_top_card_that_lets_it_go_out() -> None:
    state = RummyState.stack(
        None, ["4H 5H 9S 9D 9C", "2C 3D 8C 9H 10S JS QS 2S 3S 4S"], pile="6H", stock="KD"
    )
    played = turn(state, HeuristicBot())
    assert played[0] == "take"
    assert state.results[-1].out == 0


@pytest.mark.parametrize(
    ("other", "laid"),
    [("2C 3D 8C 9H 10S JS QS", False), ("2C 3D 8C", True)],
    ids=["holds-while-the-other-has-7", "lays-down-when-the-other-has-3"],
)
def test_it_holds_melds_back_only_while_the_others_are_far_from_out(other: str, laid: bool) -> None:
    state = RummyState.stack(None, ["4H 5H 6H 9S KD QC 2D", other], pile="AS", stock="JH")
    turn(state, HeuristicBot())
    assert (len(state.table) == 1) is laid


def test_a_held_meld_nobody_can_lay_off_on_goes_down() -> None:
    # All four 9s: no card fits it, so holding it back gains nothing.
    state = RummyState.stack(
        None, ["9S 9H 9D 9C KD QC 2D", "2C 3D 8C 10H 10S JS QS"], pile="AS", stock="JH"
    )
    turn(state, HeuristicBot())
    assert [str(meld) for meld in state.table] == ["9S 9H 9D 9C"]


@pytest.mark.parametrize(("taken", "discard"), [("KD", "discard 10C"), ("7H", "discard KS")])
def test_it_reads_the_card_the_next_seat_took(taken: str, discard: str) -> None:
    # Seat 1 took `taken` from the pile and holds it. Holding KD, it would meld KS with
    # two more kings: the bot keeps KS and lets 10C go; after 7H, KS is safe to shed.
    state = RummyState.stack(
        None, ["7S 2D 3H 4S AC 6D 10C", "7D 2C 3C 4C 9D"], pile=taken, stock="AS KS", first=1
    )
    for text in ("take", "discard 9D"):
        state.apply(parse_action(text))
    assert turn(state, HeuristicBot()) == ["draw", discard]


def test_weights_are_options_and_unknown_ones_are_refused() -> None:
    assert HeuristicBot(feed=2).weights.feed == 2.0
    assert HeuristicBot(hold_min=5.0).weights.hold_min == 5
    with pytest.raises(ThreeThirteenError, match="unknown heuristic weight 'bravery'"):
        HeuristicBot(bravery=1)


@pytest.mark.parametrize(
    ("mine", "laid"),
    [("4H 5H 6H 9S KD QC 2D", 1), ("4H 5H 6H 9S KD", 0)],
    ids=["lays-it-keeping-four", "holds-it-rather-than-keep-three"],
)
def test_keep_lays_melds_down_while_the_hand_keeps_four_cards(mine: str, laid: int) -> None:
    other = "2C 3D 8C 9H 10S JS QS"
    state = RummyState.stack(None, [mine, other], pile="AS", stock="JH")
    turn(state, HeuristicBot(keep=4))
    assert len(state.table) == laid
