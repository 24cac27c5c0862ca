"""Rules: presets checked against the seed texts, house rules, validation, round specs.

The expected values below are transcribed from the rules sources (seed 000
classic, 001 Board Game Arena, 004 the Polish app); each table row quotes the
sentence it comes from, so a preset that drifts from its source fails here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from threethirteen.cards import JOKER, Card, Rank, Suit
from threethirteen.errors import RulesError
from threethirteen.rules import (
    DEFAULT_CONTRACTS,
    HOUSE_RULES,
    PRESETS,
    AceMode,
    Contract,
    DealerChoice,
    FaceScoring,
    Rules,
    TieBreak,
    apply_house_rule,
    get_rules,
    wild_rank_for_hand_size,
)

# Penalty of an unmelded card, by rank symbol, as each seed states it ("W" = a card of the
# round's wild rank, "JK" = a joker).
SEED_PENALTIES: dict[str, dict[str, int]] = {
    # 000: "Ace = 1 point, pips 2-10 = face value, J/Q/K = 10 points each"; "Wild cards left
    # in hand count as 15 each".
    "classic": {"A": 1, **{str(v): v for v in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "W": 15},
    # 001: "2-10 Face value | Jack 11 | Queen 12 | King 13 | Ace 15 | Unusable Wild 50",
    # "A wild card (joker or round wild) that cannot be used in a meld counts as 50 points".
    "bga": {
        "A": 15,
        **{str(v): v for v in range(2, 11)},
        "J": 11,
        "Q": 12,
        "K": 13,
        "W": 50,
        "JK": 50,
    },
    # 004: "Walety, damy i króle liczą się 10 punktów" (J, Q, K 10); aces low count 1; "Dzikie
    # karty ... liczą się 15 punktów, a jokery nieużywane w Meld liczą się 20 punktów".
    "app": {
        "A": 1,
        **{str(v): v for v in range(2, 11)},
        "J": 10,
        "Q": 10,
        "K": 10,
        "W": 15,
        "JK": 20,
    },
}

# (preset, players) -> cards in the shoe.
SEED_SHOES = {
    # 000: "two combined 52-card decks (104 cards, jokers removed) ... for 7 or 8 players, add
    # a third deck".
    ("classic", 2): 104,
    ("classic", 6): 104,
    ("classic", 7): 156,
    ("classic", 8): 156,
    # 001: "2 standard 52-card decks shuffled together * 4 jokers ... Total: 108 cards".
    ("bga", 2): 108,
    ("bga", 6): 108,
    # 004: "dwóch połączonych talii standardowych kart do gry, łącznie 104 kart".
    ("app", 4): 104,
}

SEED_PLAYERS = {
    "classic": (2, 8),  # 000: "2 to 8 players"
    "bga": (2, 6),  # 001: "2-6 players"
    "app": (4, 4),  # 004: "Grasz przeciwko trzem przeciwnikom AI" (you and three AIs)
}

SEED_ACES = {
    "classic": AceMode.LOW,  # 000: "Aces are low only in the base game"
    "bga": AceMode.EITHER,  # 001: "high or low in runs (A-2-3 or Q-K-A) ... K-A-2 is invalid"
    "app": AceMode.LOW,  # 004: high aces are "not currently available"
}


def _card_for(symbol: str, wild_rank: Rank) -> Card:
    """A card of the given rank symbol in a round whose wild rank is ``wild_rank``."""
    if symbol == "JK":
        return JOKER
    if symbol == "W":
        return Card(wild_rank, Suit.CLUBS)
    return Card.parse(symbol + "S")


@pytest.mark.parametrize("preset", sorted(SEED_PENALTIES))
def test_preset_penalties_match_the_seed(preset: str) -> None:
    rules = get_rules(preset)
    for symbol, points in SEED_PENALTIES[preset].items():
        # Pick a round whose wild rank is not the card's own rank (Kings are wild in round 11;
        # Threes in round 1), so the natural card's points are what is measured.
        wild = Rank.THREE if symbol != "3" else Rank.KING
        card = _card_for(symbol, wild)
        assert rules.card_penalty(card, wild) == points, (preset, symbol)


@pytest.mark.parametrize(("preset", "players"), sorted(SEED_SHOES))
def test_preset_shoe_sizes_match_the_seed(preset: str, players: int) -> None:
    assert get_rules(preset).shoe_size(players) == SEED_SHOES[(preset, players)]


@pytest.mark.parametrize("preset", sorted(SEED_PLAYERS))
def test_preset_player_ranges_match_the_seed(preset: str) -> None:
    rules = get_rules(preset)
    low, high = SEED_PLAYERS[preset]
    assert (rules.min_players, rules.max_players) == (low, high)
    for players in (low, high):
        rules.check_players(players)
    for players in (low - 1, high + 1):
        with pytest.raises(RulesError, match=rf"{players} players?\b"):
            rules.check_players(players)


@pytest.mark.parametrize("preset", sorted(SEED_ACES))
def test_preset_aces_match_the_seed(preset: str) -> None:
    assert get_rules(preset).aces is SEED_ACES[preset]


def test_preset_jokers_and_other_seed_facts() -> None:
    classic, bga, app = get_rules("classic"), get_rules("bga"), get_rules("app")
    assert classic.jokers == 0  # 000: "jokers removed in the base game"
    assert bga.jokers == 4  # 001: "4 jokers (2 from each deck)"
    assert app.jokers == 0  # 004: jokers are an option, "opcjonalnie"
    # 004: "dwa lub cztery jokery": the option takes 2 or 4.
    assert apply_house_rule(app, "jokers=2").shoe_size(4) == 106
    assert apply_house_rule(app, "jokers=4").shoe_size(4) == 108
    # 000: "A high-card cut decides the first dealer"; "Tie-breaker: the player with more
    # round wins (zero-scores) takes the tie".
    assert classic.first_dealer is DealerChoice.CUT
    assert classic.tie_break is TieBreak.MOST_ZERO_ROUNDS
    # 001: "Starting player rotates left each round (first round is random)".
    assert bga.first_dealer is DealerChoice.RANDOM
    # 004: "a Meld wyłącznie kart wieloznacznych jest również dozwolony" (all-wild melds
    # allowed); a tie for the lowest total: "żaden gracz nie otrzymuje wygranej".
    assert app.all_wild_melds
    assert app.tie_break is TieBreak.NO_WINNER
    # 004: the round ends when, after a discard, a player's hand is all melded.
    assert app.auto_go_out
    # 000 and 001: the base games do not lay off.
    assert not classic.lay_off and not bga.lay_off
    for rules in (classic, bga, app):
        assert rules.rounds == 11
        assert rules.hand_sizes == tuple(range(3, 14))
        assert rules.max_wilds_per_meld is None  # 000: "There is no limit" in the base game


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_round_n_deals_n_plus_2_with_that_rank_wild(preset: str) -> None:
    # 000: "Round N (2 through 11): Deal (N+2) cards ...; the rank equal to the deal size is
    # wild"; 001 and 004 give the same table (Jacks, Queens, Kings in rounds 9-11).
    rules = get_rules(preset)
    expected_wilds = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    for number in range(1, 12):
        spec = rules.round_spec(number)
        assert spec.number == number
        assert spec.hand_size == number + 2
        assert spec.wild_rank.symbol == expected_wilds[number - 1]
        assert spec.contract is None
        assert spec.multiplier == 1


def test_wilds_are_jokers_and_the_round_rank() -> None:
    rules = get_rules("bga")
    assert rules.is_wild(JOKER, Rank.KING)
    assert rules.is_wild(Card.parse("KD"), Rank.KING)
    assert not rules.is_wild(Card.parse("QD"), Rank.KING)


# -- presets by name ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "CLASSIC", " Classic ", "standard", "3-13"])
def test_classic_aliases(name: str) -> None:
    assert get_rules(name) == PRESETS["classic"]


def test_bga_aliases() -> None:
    assert get_rules("BoardGameArena") == get_rules("board-game-arena") == PRESETS["bga"]


@pytest.mark.parametrize("name", ["checkers", "", "classic2"])
def test_unknown_preset_is_quoted_with_the_known_ones(name: str) -> None:
    with pytest.raises(RulesError) as err:
        get_rules(name)
    message = str(err.value)
    assert repr(name) in message
    for known in PRESETS:
        assert known in message


# -- house rules ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("house", sorted(HOUSE_RULES))
def test_every_house_rule_applies_to_every_preset(preset: str, house: str) -> None:
    base = get_rules(preset)
    rules = apply_house_rule(base, house)
    assert rules.min_players == base.min_players  # a house rule never changes who plays
    for players in range(rules.min_players, rules.max_players + 1):
        rules.check_players(players)


def test_house_rule_effects() -> None:
    classic = get_rules("classic")

    six14 = apply_house_rule(classic, "six-fourteen")
    # 000: "Starts at 6 cards in round 1 and ends at 14 in round 9 (9-round game)".
    assert six14.rounds == 9
    assert six14.round_spec(1).hand_size == 6
    assert six14.round_spec(9).hand_size == 14
    assert six14.round_spec(9).wild_rank is Rank.ACE  # our documented choice
    assert six14.round_spec(8).wild_rank is Rank.KING

    short = apply_house_rule(classic, "shortened")
    # 000: "Play only rounds 3 through 10 (8 rounds)": 5 to 12 cards, 5s to Queens wild.
    assert short.rounds == 8
    assert [short.round_spec(n).hand_size for n in (1, 8)] == [5, 12]
    assert short.round_spec(8).wild_rank is Rank.QUEEN

    jokers = apply_house_rule(classic, "jokers")
    # 000: "Add the deck's jokers ... Jokers count 20-25 penalty points if unmelded".
    assert jokers.shoe_size(4) == 108
    assert 20 <= jokers.card_penalty(JOKER, Rank.THREE) <= 25

    double = apply_house_rule(classic, "double-final")
    assert [double.round_spec(n).multiplier for n in range(1, 12)] == [1] * 10 + [2]

    contracts = apply_house_rule(classic, "contracts")
    for number in range(1, 12):
        spec = contracts.round_spec(number)
        assert spec.contract == DEFAULT_CONTRACTS.get(spec.hand_size)
        if spec.contract is not None:
            assert spec.contract.min_cards <= spec.hand_size
    assert contracts.round_spec(5).contract == Contract(sets=1, runs=1)  # 7 cards

    assert apply_house_rule(classic, "lay-off").lay_off
    assert apply_house_rule(classic, "one-wild-per-meld").max_wilds_per_meld == 1
    assert not apply_house_rule(classic, "no-all-wild-melds").all_wild_melds
    assert apply_house_rule(classic, "aces-wrap").aces is AceMode.WRAP
    assert apply_house_rule(classic, "aces-high").aces is AceMode.HIGH
    assert apply_house_rule(classic, "aces-either").aces is AceMode.EITHER
    assert apply_house_rule(classic, "ace-15").card_penalty(Card.parse("AS"), Rank.KING) == 15
    face = apply_house_rule(classic, "face-rank-points")
    assert face.face_scoring is FaceScoring.RANK
    assert [face.card_penalty(Card.parse(t), Rank.THREE) for t in ("JS", "QS", "KS")] == [
        11,
        12,
        13,
    ]
    assert not apply_house_rule(classic, "no-discard-taken").discard_taken_card


@pytest.mark.parametrize(
    ("spec", "field", "value"),
    [
        ("wild_penalty=0", "wild_penalty", 0),
        ("wild-penalty=50", "wild_penalty", 50),
        ("jokers=2", "jokers", 2),
        ("aces=wrap", "aces", AceMode.WRAP),
        ("aces=EITHER", "aces", AceMode.EITHER),
        ("lay_off=yes", "lay_off", True),
        ("lay_off=off", "lay_off", False),
        ("turn_limit=none", "turn_limit", None),
        ("turn_limit=50", "turn_limit", 50),
        ("hand_sizes=3-7", "hand_sizes", (3, 4, 5, 6, 7)),
        ("hand_sizes=5,7,9", "hand_sizes", (5, 7, 9)),
        ("decks_by_players=2:2,5:3", "decks_by_players", ((2, 2), (5, 3))),
        ("face_scoring=rank", "face_scoring", FaceScoring.RANK),
        ("max_wilds_per_meld=2", "max_wilds_per_meld", 2),
    ],
)
def test_option_equals_value(spec: str, field: str, value: object) -> None:
    assert getattr(apply_house_rule(get_rules("classic"), spec), field) == value


@pytest.mark.parametrize(
    ("spec", "quoted"),
    [
        ("no-such-rule", "'no-such-rule'"),
        ("colour=blue", "'colour'"),
        ("jokers=lots", "'lots'"),
        ("aces=sideways", "'sideways'"),
        ("lay_off=maybe", "'maybe'"),
        ("turn_limit=soon", "'soon'"),
        ("hand_sizes=3-x", "'3-x'"),
    ],
)
def test_bad_house_rules_are_quoted(spec: str, quoted: str) -> None:
    with pytest.raises(RulesError) as err:
        apply_house_rule(get_rules("classic"), spec)
    assert quoted in str(err.value)


# -- impossible rules --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        # One deck cannot deal 8 hands of 13 (8 * 13 + 2 > 52).
        ({"decks_by_players": "2:1"}, "cards"),
        ({"max_players": 9, "decks_by_players": "2:2"}, "cards"),
        ({"min_players": 1}, "players"),
        ({"min_players": 5, "max_players": 4}, "players"),
        ({"jokers": -1}, "jokers"),
        ({"hand_sizes": "2-5"}, "hand size 2"),
        ({"hand_sizes": "10-15"}, "hand size 15"),
        ({"wild_penalty": -5}, "wild_penalty"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"max_wilds_per_meld": -1}, "max_wilds_per_meld"),
        ({"decks_by_players": "3:2"}, "decks_by_players"),
        ({"decks_by_players": "2:2,7:0"}, "decks_by_players"),
    ],
)
def test_impossible_combinations_are_errors(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        get_rules("classic").with_options(**options)


def test_a_contract_must_fit_its_round() -> None:
    with pytest.raises(RulesError, match="contract"):
        get_rules("classic").with_options(contracts=[(3, {"sets": 2, "runs": 0})])
    with pytest.raises(RulesError, match="hand size 20"):
        get_rules("classic").with_options(contracts=[(20, {"sets": 1, "runs": 0})])


def test_too_many_players_for_the_shoe() -> None:
    # 6 players under bga's 108 cards is fine; a seventh is outside its range, and the
    # player-count check also counts cards: 8 hands of 14 (Six-Fourteen) need 114.
    rules = get_rules("bga")
    with pytest.raises(RulesError, match="7 players"):
        rules.check_players(7)
    with pytest.raises(RulesError, match="cards"):
        get_rules("classic").with_options(hand_sizes="6-14", decks_by_players="2:2")


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(RulesError) as err:
        get_rules("classic").with_options(colour="blue")
    assert "'colour'" in str(err.value)
    assert "lay_off" in str(err.value)


def test_rules_are_immutable() -> None:
    rules = get_rules("classic")
    with pytest.raises(AttributeError):
        rules.jokers = 4  # type: ignore[misc]


# -- round specs ---------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "rank"), [(n, Rank(n)) for n in range(3, 14)] + [(14, Rank.ACE)])
def test_wild_rank_for_hand_size(size: int, rank: Rank) -> None:
    assert wild_rank_for_hand_size(size) is rank


@pytest.mark.parametrize("size", [0, 2, 15])
def test_hand_sizes_without_a_wild_rank(size: int) -> None:
    with pytest.raises(RulesError, match=str(size)):
        wild_rank_for_hand_size(size)


@pytest.mark.parametrize("number", [0, 12, -1])
def test_round_outside_the_match_is_an_error(number: int) -> None:
    with pytest.raises(RulesError, match=f"round {number}"):
        get_rules("classic").round_spec(number)


@pytest.mark.parametrize(("cards", "number"), [(3, 1), (4, 2), (8, 6), (13, 11), (14, 11)])
def test_round_for_hand(cards: int, number: int) -> None:
    # A hand of N cards is round N - 2; 14 cards is round 11 just after drawing.
    assert get_rules("classic").round_for_hand(cards) == number


@pytest.mark.parametrize("cards", [0, 2, 15])
def test_round_for_impossible_hand_is_an_error(cards: int) -> None:
    with pytest.raises(RulesError, match="give the round"):
        get_rules("classic").round_for_hand(cards)


def test_six_fourteen_hand_of_15_is_its_last_round_after_drawing() -> None:
    rules = apply_house_rule(get_rules("classic"), "six-fourteen")
    assert rules.round_for_hand(15) == 9
    assert rules.round_for_hand(6) == 1


# -- options round trip ------------------------------------------------------------------


def _variants() -> list[Rules]:
    out = list(PRESETS.values())
    for preset in PRESETS.values():
        for house in HOUSE_RULES:
            out.append(apply_house_rule(preset, house))
    return out


@pytest.mark.parametrize("rules", _variants(), ids=lambda r: r.summary())
def test_options_round_trip_through_json(rules: Rules) -> None:
    options = json.loads(json.dumps(rules.options()))
    assert Rules.from_options(options) == rules


def test_from_options_rejects_non_objects_and_unknown_keys() -> None:
    with pytest.raises(RulesError):
        Rules.from_options([1, 2])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="'colour'"):
        Rules.from_options({"colour": "blue"})


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(PRESETS)),
    st.lists(st.sampled_from(sorted(HOUSE_RULES)), max_size=4),
)
def test_any_stack_of_house_rules_is_valid_or_a_clear_error(preset: str, houses: list[str]) -> None:
    rules = get_rules(preset)
    try:
        for house in houses:
            rules = apply_house_rule(rules, house)
    except RulesError as exc:
        assert str(exc)
        return
    assert Rules.from_options(json.loads(json.dumps(rules.options()))) == rules
    for number in range(1, rules.rounds + 1):
        spec = rules.round_spec(number)
        assert spec.wild_rank is wild_rank_for_hand_size(spec.hand_size)
