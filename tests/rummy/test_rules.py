"""Rummy's rules: the default (cardgames.io, seed 003), every option, and bad values.

The expected values are the rules table of issue 40 (section 1), written out here.
"""

from __future__ import annotations

import pytest

from threethirteen.cards import Card
from threethirteen.errors import RulesError
from threethirteen.games.rummy.rules import (
    HOUSE_RULES,
    PRESETS,
    Rules,
    apply_house_rule,
    card_points,
    get_rules,
)


def test_the_default_is_the_seeds_rummy() -> None:
    rules = Rules()
    assert get_rules("cardgames") == rules
    assert get_rules("cardgames.io") == rules and get_rules("Default") == rules
    assert rules.target == 100
    assert not rules.must_discard  # out by melding, laying off or discarding the last card
    assert not rules.discard_taken_card  # the card taken may not be discarded
    assert not rules.shuffle_stock and rules.stock_turns == 1  # turned over once, unshuffled
    assert not rules.rummy_doubles  # going rummy scores normally
    assert not rules.ace_high  # A-2-3 only
    assert rules.turn_limit == 300


@pytest.mark.parametrize(("players", "cards"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_cards_dealt_by_the_table(players: int, cards: int) -> None:
    assert Rules().cards_each(players) == cards
    assert Rules(cards_dealt=5).cards_each(players) == 5
    Rules().check_players(players)


@pytest.mark.parametrize(
    ("card", "points"),
    [("AS", 1), ("2H", 2), ("9D", 9), ("10C", 10), ("JS", 10), ("QH", 10), ("KD", 10)],
)
def test_card_points(card: str, points: int) -> None:
    assert card_points(Card.parse(card)) == points


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (1, "Rummy is played by 2 to 6 players, got 1"),
        (7, "Rummy is played by 2 to 6 players, got 7"),
        (True, "the number of players must be a whole number"),
    ],
)
def test_the_table_must_fit(players: int, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules().check_players(players)


def test_a_deal_must_fit_the_deck() -> None:
    Rules(cards_dealt=17).check_players(3)  # 51 cards and the one turned up
    with pytest.raises(RulesError, match="need 61 cards; the deck has 52"):
        Rules(cards_dealt=10).check_players(6)


@pytest.mark.parametrize(
    ("name", "option", "value"),
    [
        ("must-discard", "must_discard", True),
        ("discard-taken-card", "discard_taken_card", True),
        ("shuffle-stock", "shuffle_stock", True),
        ("rummy-doubles", "rummy_doubles", True),
        ("ace-high", "ace_high", True),
        ("stock-turns=3", "stock_turns", 3),
        ("target=50", "target", 50),
        ("turn_limit=0", "turn_limit", 0),
        ("cards-dealt=7", "cards_dealt", 7),
    ],
)
def test_house_rules(name: str, option: str, value: object) -> None:
    rules = apply_house_rule(Rules(), name)
    assert getattr(rules, option) == value
    assert Rules.from_options(rules.options()) == rules


def test_every_named_house_rule_changes_a_default() -> None:
    for name, options in HOUSE_RULES.items():
        rules = apply_house_rule(Rules(), name)
        assert rules != Rules(), name
        assert all(getattr(rules, key) == value for key, value in options.items())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "target must be 1 to 10000, got 0"),
        ({"target": "lots"}, "bad value 'lots' for rules option 'target'"),
        ({"cards_dealt": 2}, "cards_dealt must be 0 \\(by the table\\) or 3 to 25, got 2"),
        ({"stock_turns": 11}, "stock_turns must be 0 to 10, got 11"),
        ({"turn_limit": -1}, "turn_limit must be 0 \\(none\\) to 100000, got -1"),
        ({"ace_high": "maybe"}, "bad value 'maybe' for rules option 'ace_high'"),
        ({"wild_cards": 1}, "unknown rules option 'wild_cards'"),
    ],
)
def test_bad_options_are_quoted(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules().with_options(**options)


def test_unknown_presets_and_house_rules() -> None:
    with pytest.raises(RulesError, match="unknown Rummy rules preset 'gin'"):
        get_rules("gin")
    with pytest.raises(RulesError, match="unknown Rummy house rule 'wild-deuces'"):
        apply_house_rule(Rules(), "wild-deuces")
    with pytest.raises(RulesError, match="rules must be an object of options"):
        Rules.from_options([1, 2])  # type: ignore[arg-type]


def test_summary_names_every_option_off_its_default() -> None:
    assert Rules().summary() == "cardgames: to 100"
    rules = Rules(
        target=50,
        must_discard=True,
        discard_taken_card=True,
        shuffle_stock=True,
        stock_turns=2,
        rummy_doubles=True,
        ace_high=True,
        turn_limit=0,
    )
    assert rules.summary() == (
        "cardgames: to 50, out only by a discard, the card taken may be discarded, the pile "
        "is shuffled into the stock, the stock is rebuilt 2 times, going rummy doubles, "
        "Q-K-A runs, turn limit none"
    )
    assert list(PRESETS) == ["cardgames"]
