"""The named rule sets: lookup, sources, serialisation, and the variants beyond the seeds."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from fivedice.rules import (
    DEFAULT_PRESET,
    PRESETS,
    Dice,
    RuleSet,
    Scorecard,
    UnknownPreset,
    preset,
    preset_names,
)

# Each seed page's preset, and the words its source names the program by (players read the
# source: it names the program, never the seed file's number).
SEED_PRESETS = {
    "vp-games": "The rules of Virtual Place Yahtzee",
    "classic-1986": "The instructions of a 1986 Yahtzee game",
    "general": "Playtouch's Yahtzee Online",
    "printable": "A printable rules sheet for Yahtzee",
    "timed-online": "The rules of online Yahtzee tables with a clock",
}


def test_every_preset_the_issue_names_exists_official_first() -> None:
    names = preset_names()
    assert names[0] == DEFAULT_PRESET == "official"
    assert preset() is preset("official")
    for name in ("official", "free-joker", *SEED_PRESETS, "yatzy", "yacht"):
        assert name in names
        assert preset(name).name == name


@pytest.mark.parametrize(("name", "program"), SEED_PRESETS.items())
def test_each_seed_preset_names_its_program(name: str, program: str) -> None:
    assert preset(name).source.startswith(program)
    assert "seed" not in preset(name).source.lower()


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_has_a_title_a_source_and_one_five_of_a_kind(name: str) -> None:
    rules = preset(name)
    assert rules.title and len(rules.source) > 20
    five = rules.five_of_a_kind
    assert five is not None
    assert five.score(Dice.parse("2 2 2 2 2")) == 50


def test_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(UnknownPreset, match=r"'yahtzee-deluxe'.*official"):
        preset("yahtzee-deluxe")
    assert issubclass(UnknownPreset, ValueError)


@pytest.mark.parametrize("name", list(PRESETS))
def test_rule_sets_round_trip_through_json(name: str) -> None:
    rules = preset(name)
    again = RuleSet.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert again.fingerprint == rules.fingerprint


def test_fingerprint_ignores_names_and_wording_but_not_rules() -> None:
    official = preset("official")
    renamed = replace(official, name="x", title="y", source="z")
    assert renamed.fingerprint == official.fingerprint
    assert preset("printable").fingerprint != official.fingerprint
    assert len({preset(n).fingerprint for n in PRESETS}) == len(PRESETS)


def test_a_box_named_twice_is_refused() -> None:
    official = preset("official")
    with pytest.raises(ValueError, match="twice"):
        replace(official, categories=(*official.categories, official.categories[0]))


# --- Scandinavian Yatzy --------------------------------------------------------------------


def yatzy(box: str, dice: str) -> int:
    return Scorecard(preset("yatzy")).option(box, Dice.parse(dice)).points


@pytest.mark.parametrize(
    ("box", "dice", "expected"),
    [
        ("one_pair", "3 3 4 4 1", 8),  # the highest pair
        ("one_pair", "1 2 3 4 5", 0),
        ("one_pair", "6 6 6 2 1", 12),
        ("two_pairs", "3 3 4 4 1", 14),
        ("two_pairs", "1 1 2 3 3", 8),
        ("two_pairs", "6 6 6 6 1", 0),  # two pairs of different faces
        ("two_pairs", "2 2 5 5 5", 14),
        ("three_of_a_kind", "4 4 4 5 6", 12),  # only the three count
        ("three_of_a_kind", "4 4 5 5 6", 0),
        ("four_of_a_kind", "1 5 5 5 5", 20),
        ("four_of_a_kind", "5 5 5 5 5", 20),
        ("small_straight", "1 2 3 4 5", 15),  # 1-5 = 15
        ("small_straight", "2 3 4 5 6", 0),
        ("small_straight", "1 2 3 4 6", 0),
        ("large_straight", "2 3 4 5 6", 20),  # 2-6 = 20
        ("large_straight", "1 2 3 4 5", 0),
        ("full_house", "2 2 2 6 6", 18),  # sum of the dice
        ("full_house", "6 6 6 6 6", 0),
        ("chance", "1 4 4 5 6", 20),
        ("yatzy", "3 3 3 3 3", 50),
    ],
)
def test_yatzy_boxes(box: str, dice: str, expected: int) -> None:
    assert yatzy(box, dice) == expected


def test_yatzy_card_has_fifteen_boxes_and_a_50_point_bonus() -> None:
    rules = preset("yatzy")
    assert len(rules.categories) == 15
    assert rules.five_of_a_kind is not None and rules.five_of_a_kind.name == "yatzy"
    card = Scorecard(rules, {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15})
    card, _ = card.fill("sixes", Dice.parse("6 6 6 1 2"))
    assert card.upper_bonus == 50


# --- classic Yacht ---------------------------------------------------------------------------


def yacht(box: str, dice: str) -> int:
    return Scorecard(preset("yacht")).option(box, Dice.parse(dice)).points


@pytest.mark.parametrize(
    ("box", "dice", "expected"),
    [
        ("full_house", "2 2 2 6 6", 18),  # scores the dice
        ("full_house", "2 2 6 6 1", 0),
        ("four_of_a_kind", "1 5 5 5 5", 20),  # only the four
        ("four_of_a_kind", "5 5 5 4 4", 0),
        ("small_straight", "1 2 3 4 5", 30),
        ("small_straight", "2 3 4 5 6", 0),
        ("large_straight", "2 3 4 5 6", 30),
        ("large_straight", "1 2 3 4 5", 0),
        ("chance", "1 4 4 5 6", 20),
        ("yacht", "6 6 6 6 6", 50),
    ],
)
def test_yacht_boxes(box: str, dice: str, expected: int) -> None:
    assert yacht(box, dice) == expected


def test_yacht_card_has_twelve_boxes_no_upper_bonus_and_calls_chance_choice() -> None:
    rules = preset("yacht")
    assert len(rules.categories) == 12
    assert rules.category("chance").label == "Choice"
    assert not rules.has_upper_bonus
    assert not rules.has_extra_yahtzee_bonus
    card = Scorecard(rules, {"ones": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 25})
    card, _ = card.fill("sixes", Dice.parse("6 6 6 6 1"))
    assert card.upper_bonus == 0
    assert card.grand_total == 99


def test_timed_online_has_no_undo_and_its_matches_none() -> None:
    from fivedice.rules import Match, MatchOptions

    rules = preset("timed-online")
    assert not rules.undo_allowed
    assert [n for n in PRESETS if not preset(n).undo_allowed] == ["timed-online"]
    assert not Match.create(rules, MatchOptions(seats=2, undo_allowed=True)).options.undo_allowed
    assert Match.create("official", MatchOptions(seats=2)).options.undo_allowed
    # Undo is not scoring: the solver's tables are shared, and older logs read as undo on.
    assert replace(rules, undo_allowed=True).fingerprint == rules.fingerprint
    old = {k: v for k, v in preset("official").to_dict().items() if k != "undo_allowed"}
    assert RuleSet.from_dict(old).undo_allowed
    assert not RuleSet.from_dict(rules.to_dict()).undo_allowed
