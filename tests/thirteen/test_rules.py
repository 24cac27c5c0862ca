"""Thirteen's rules: the cardgames.io defaults, the preset, every option, bad values.

The defaults are read off the seed (003, cardgames.io's Thirteen page): "The first
player to get 10 points or more wins the game"; "the game continues until there's
only one winner"; "'Instant Win' ... We don't use that rule here"; "In later rounds
the winner of the last round starts".
"""

from __future__ import annotations

from typing import Any

import pytest

from threethirteen.errors import RulesError
from threethirteen.games.thirteen.rules import (
    HOUSE_RULES,
    PRESETS,
    RoundLeader,
    Rules,
    TieAtTop,
    apply_house_rule,
    get_rules,
)
from threethirteen.games.thirteen.scoring import match_winners, place_points


def test_cardgames_defaults_follow_the_seed() -> None:
    rules = get_rules("cardgames")
    assert rules.target == 10
    assert rules.tie_at_top is TieAtTop.PLAY_ON
    assert rules.instant_wins is False
    assert rules.four_on_pair_of_twos is False
    assert rules.bomb_after_pass is False
    assert rules.round_leader is RoundLeader.WINNER
    assert Rules() == rules
    assert tuple(PRESETS) == ("cardgames",)


@pytest.mark.parametrize("alias", ["cardgames", "CardGames", " cardgames.io ", "default"])
def test_preset_aliases(alias: str) -> None:
    assert get_rules(alias) == PRESETS["cardgames"]


def test_unknown_preset_is_quoted() -> None:
    with pytest.raises(RulesError, match=r"unknown Thirteen rules preset 'southern'; known: "):
        get_rules("southern")


# (house rule, option, expected value)
HOUSE_TABLE: list[tuple[str, str, Any]] = [
    ("instant-wins", "instant_wins", True),
    ("bomb-after-pass", "bomb_after_pass", True),
    ("four-on-pair-of-twos", "four_on_pair_of_twos", True),
    ("three-of-spades-leads", "round_leader", RoundLeader.THREE_OF_SPADES),
    ("share-ties", "tie_at_top", TieAtTop.SHARE),
    ("target=15", "target", 15),
    ("target = 1", "target", 1),
    ("target=100", "target", 100),
    ("tie-at-top=share", "tie_at_top", TieAtTop.SHARE),
    ("tie_at_top=PLAY-ON", "tie_at_top", TieAtTop.PLAY_ON),
    ("instant-wins=on", "instant_wins", True),
    ("instant_wins=yes", "instant_wins", True),
    ("bomb-after-pass=true", "bomb_after_pass", True),
    ("four-on-pair-of-twos=1", "four_on_pair_of_twos", True),
    ("round-leader=three-of-spades", "round_leader", RoundLeader.THREE_OF_SPADES),
    ("round-leader=winner", "round_leader", RoundLeader.WINNER),
]


@pytest.mark.parametrize(("spec", "option", "value"), HOUSE_TABLE)
def test_house_rules_set_their_option(spec: str, option: str, value: Any) -> None:
    rules = apply_house_rule(get_rules("cardgames"), spec)
    assert getattr(rules, option) == value
    # and nothing else moved
    others = {k: v for k, v in rules.options().items() if k != option}
    defaults = {k: v for k, v in Rules().options().items() if k != option}
    assert others == defaults


def test_house_rules_switch_back_off() -> None:
    on = apply_house_rule(Rules(), "instant-wins")
    assert apply_house_rule(on, "instant-wins=off").instant_wins is False
    assert apply_house_rule(on, "instant_wins=no") == Rules()


def test_every_named_house_rule_applies() -> None:
    for name in HOUSE_RULES:
        assert isinstance(apply_house_rule(Rules(), name), Rules)


# (spec, the quoted bad value in the message)
BAD_VALUES: list[tuple[str, str]] = [
    ("target=0", "got 0"),
    ("target=101", "got 101"),
    ("target=-3", "got -3"),
    ("target=ten", "'ten'"),
    ("target=", "''"),
    ("target=1.5", "'1.5'"),
    ("tie-at-top=coin-flip", "'coin-flip'"),
    ("instant-wins=maybe", "'maybe'"),
    ("bomb-after-pass=2", "'2'"),
    ("four-on-pair-of-twos=", "''"),
    ("round-leader=loser", "'loser'"),
]


@pytest.mark.parametrize(("spec", "quoted"), BAD_VALUES)
def test_bad_values_are_refused_and_quoted(spec: str, quoted: str) -> None:
    with pytest.raises(RulesError) as info:
        apply_house_rule(Rules(), spec)
    assert quoted in str(info.value)


def test_unknown_option_and_house_rule_are_quoted() -> None:
    with pytest.raises(RulesError, match=r"unknown rules option 'jokers'; known: "):
        apply_house_rule(Rules(), "jokers=2")
    with pytest.raises(RulesError, match=r"unknown Thirteen house rule 'lay-off'"):
        apply_house_rule(Rules(), "lay-off")


def test_constructor_validates_types() -> None:
    with pytest.raises(RulesError, match="target must be a whole number, got True"):
        Rules(target=True)
    with pytest.raises(RulesError, match="instant_wins must be True or False, got 'yes'"):
        Rules(instant_wins="yes")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="tie_at_top must be a TieAtTop, got 'share'"):
        Rules(tie_at_top="share")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="bad value 1 for rules option 'instant_wins'"):
        Rules().with_options(instant_wins=1)


def test_options_round_trip_for_every_option() -> None:
    rules = Rules(
        target=25,
        tie_at_top=TieAtTop.SHARE,
        instant_wins=True,
        four_on_pair_of_twos=True,
        bomb_after_pass=True,
        round_leader=RoundLeader.THREE_OF_SPADES,
    )
    options = rules.options()
    assert options == {
        "name": "cardgames",
        "target": 25,
        "tie_at_top": "share",
        "instant_wins": True,
        "four_on_pair_of_twos": True,
        "bomb_after_pass": True,
        "round_leader": "three-of-spades",
    }
    assert Rules.from_options(options) == rules
    assert Rules.from_options(Rules().options()) == Rules()
    assert Rules.from_options({}) == Rules()


def test_from_options_refuses_non_objects_and_bad_options() -> None:
    with pytest.raises(RulesError, match=r"rules must be an object of options, got \[1\]"):
        Rules.from_options([1])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="bad value 'x' for rules option 'target'"):
        Rules.from_options({"target": "x"})


def test_with_options_takes_dashes_and_values() -> None:
    rules = Rules().with_options(**{"bomb-after-pass": True, "target": "12"})
    assert rules.bomb_after_pass and rules.target == 12


def test_summary_lists_what_differs() -> None:
    assert Rules().summary() == "cardgames: race to 10, ties at the top play on"
    every = Rules(
        target=7,
        tie_at_top=TieAtTop.SHARE,
        instant_wins=True,
        four_on_pair_of_twos=True,
        bomb_after_pass=True,
        round_leader=RoundLeader.THREE_OF_SPADES,
    )
    assert every.summary() == (
        "cardgames: race to 7, ties at the top share the win, instant wins, "
        "four of a kind beats a pair of 2s, bombs after a pass, 3♠ leads every round"
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players: int) -> None:
    Rules().check_players(players)


@pytest.mark.parametrize("players", [0, 1, 5, 8, -1])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(RulesError) as info:
        Rules().check_players(players)
    assert str(info.value) == f"Thirteen is played by 2 to 4 players, got {players}"


def test_player_count_must_be_a_number() -> None:
    with pytest.raises(RulesError, match="whole number, got '4'"):
        Rules().check_players("4")  # type: ignore[arg-type]


def test_place_points_follow_the_seed() -> None:
    # "gets 3 points ... The second ... 2 points, the third gets 1 point and the fourth 0"
    assert place_points(4) == (3, 2, 1, 0)
    assert place_points(3) == (3, 2, 1)
    assert place_points(2) == (3, 2)
    with pytest.raises(RulesError, match="got 5"):
        place_points(5)


# (rules, totals, winners)
WINNER_TABLE: list[tuple[Rules, tuple[int, ...], tuple[int, ...]]] = [
    (Rules(), (9, 9, 9, 9), ()),
    (Rules(), (10, 0, 0, 0), (0,)),
    (Rules(), (10, 11, 0, 0), (1,)),
    (Rules(), (12, 12, 3, 1), ()),  # tied at the top: play on
    (Rules(), (12, 12, 13, 1), (2,)),
    (Rules(tie_at_top=TieAtTop.SHARE), (12, 12, 3, 1), (0, 1)),
    (Rules(tie_at_top=TieAtTop.SHARE), (9, 9, 3, 1), ()),
    (Rules(target=3), (3, 2), (0,)),
    (Rules(target=3), (3, 3), ()),
]


@pytest.mark.parametrize(("rules", "totals", "winners"), WINNER_TABLE)
def test_match_winners(rules: Rules, totals: tuple[int, ...], winners: tuple[int, ...]) -> None:
    assert match_winners(rules, totals) == winners
