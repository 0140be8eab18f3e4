"""Extra Yahtzees: every bonus and joker branch of every preset, as RULES.md and the seeds say.

An extra Yahtzee is a five of a kind rolled when the card's Yahtzee box is already filled.
Each test builds the card a branch needs and lists every box the dice may go in, with the
points and the extra-Yahtzee bonus the rule page gives.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from fivedice.rules import (
    BoxAlreadyFilled,
    BoxNotAllowed,
    Dice,
    RuleSet,
    Scorecard,
    joker_applies,
    preset,
)
from fivedice.rules.ruleset import NO_JOKER

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
)
OPEN_LOWER = tuple(b for b in LOWER if b != "yahtzee")


def card(rules: str | RuleSet, **filled: int) -> Scorecard:
    ruleset = preset(rules) if isinstance(rules, str) else rules
    return Scorecard(ruleset, filled)


def allowed(c: Scorecard, dice: str) -> dict[str, tuple[int, int]]:
    """Every box the dice may go in, as {box: (points, bonus)}."""
    return {o.category: (o.points, o.bonus) for o in c.options(Dice.parse(dice))}


def every(boxes: tuple[str, ...], points: int, bonus: int) -> dict[str, tuple[int, int]]:
    return {b: (points, bonus) for b in boxes}


def filled(boxes: tuple[str, ...], points: int = 0) -> dict[str, int]:
    return dict.fromkeys(boxes, points)


# --- Not an extra Yahtzee: the Yahtzee box is open -------------------------------------------

ALL_PRESETS = (
    "official",
    "free-joker",
    "vp-games",
    "classic-1986",
    "printable",
    "timed-online",
)


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_a_first_yahtzee_scores_naturally_everywhere(rules: str) -> None:
    c = card(rules)
    assert allowed(c, "4 4 4 4 4") == {
        "ones": (0, 0),
        "twos": (0, 0),
        "threes": (0, 0),
        "fours": (20, 0),
        "fives": (0, 0),
        "sixes": (0, 0),
        "three_of_a_kind": (20, 0),
        "four_of_a_kind": (20, 0),
        "full_house": (0, 0),
        "small_straight": (0, 0),
        "large_straight": (0, 0),
        "yahtzee": (50, 0),
        "chance": (20, 0),
    }
    assert not joker_applies(c.rules, c.boxes, Dice.parse("4 4 4 4 4"))


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_no_bonus_and_no_joker_without_five_of_a_kind(rules: str) -> None:
    c = card(rules, yahtzee=50, fours=12)
    assert allowed(c, "4 4 4 4 3") == {
        **every(("ones", "twos", "fives", "sixes"), 0, 0),
        "threes": (3, 0),
        "three_of_a_kind": (19, 0),
        "four_of_a_kind": (19, 0),
        "full_house": (0, 0),
        "small_straight": (0, 0),
        "large_straight": (0, 0),
        "chance": (19, 0),
    }


# --- official: forced joker ---------------------------------------------------------------


def test_official_forced_joker_matching_upper_box_first() -> None:
    # The matching upper box is open: it is the only place, and the 100 bonus comes with it.
    c = card("official", yahtzee=50)
    assert allowed(c, "4 4 4 4 4") == {"fours": (20, 100)}
    with pytest.raises(BoxNotAllowed, match="Four"):
        c.option("full_house", Dice.parse("4 4 4 4 4"))
    with pytest.raises(BoxNotAllowed):
        c.option("chance", Dice.parse("4 4 4 4 4"))


def test_official_forced_joker_then_any_open_lower_box_at_full_value() -> None:
    c = card("official", yahtzee=50, fours=8, four_of_a_kind=0)
    assert allowed(c, "4 4 4 4 4") == {
        "three_of_a_kind": (20, 100),
        "full_house": (25, 100),
        "small_straight": (30, 100),
        "large_straight": (40, 100),
        "chance": (20, 100),
    }
    # an open upper box is not allowed while a lower box is open
    with pytest.raises(BoxNotAllowed):
        c.option("ones", Dice.parse("4 4 4 4 4"))


def test_official_forced_joker_else_an_open_upper_box_for_zero() -> None:
    c = card("official", fours=12, **{**filled(LOWER, 1), "yahtzee": 50})
    assert allowed(c, "4 4 4 4 4") == every(("ones", "twos", "threes", "fives", "sixes"), 0, 100)


def test_official_joker_also_applies_with_a_zero_in_the_yahtzee_box_but_no_bonus() -> None:
    c = card("official", yahtzee=0)
    assert allowed(c, "2 2 2 2 2") == {"twos": (10, 0)}
    c = card("official", yahtzee=0, twos=4)
    assert allowed(c, "2 2 2 2 2") == {
        "three_of_a_kind": (10, 0),
        "four_of_a_kind": (10, 0),
        "full_house": (25, 0),
        "small_straight": (30, 0),
        "large_straight": (40, 0),
        "chance": (10, 0),
    }
    c = card("official", twos=4, **filled(LOWER, 0))
    assert allowed(c, "2 2 2 2 2") == every(("ones", "threes", "fours", "fives", "sixes"), 0, 0)


def test_bonuses_add_up_in_their_own_row() -> None:
    c = card("official", yahtzee=50)
    c, first = c.fill("sixes", Dice.parse("6 6 6 6 6"))
    assert (first.points, first.bonus) == (30, 100)
    c, second = c.fill("large_straight", Dice.parse("6 6 6 6 6"))
    assert (second.points, second.bonus) == (40, 100)
    assert c.yahtzee_bonus == 200
    assert c.upper_subtotal == 30
    assert c.lower_total == 50 + 40
    assert c.grand_total == 30 + 90 + 200
    assert dict((k, v) for k, _, v in c.rows())["yahtzee_bonus"] == 200


# --- free-joker: any open box --------------------------------------------------------------


def test_free_joker_upper_box_open_any_box_at_natural_value() -> None:
    c = card("free-joker", yahtzee=50)
    assert allowed(c, "4 4 4 4 4") == {
        **every(("ones", "twos", "threes", "fives", "sixes"), 0, 100),
        "fours": (20, 100),
        "three_of_a_kind": (20, 100),
        "four_of_a_kind": (20, 100),
        "full_house": (0, 100),
        "small_straight": (0, 100),
        "large_straight": (0, 100),
        "chance": (20, 100),
    }


def test_free_joker_upper_box_filled_full_values() -> None:
    c = card("free-joker", yahtzee=50, fours=16)
    assert allowed(c, "4 4 4 4 4") == {
        **every(("ones", "twos", "threes", "fives", "sixes"), 0, 100),
        "three_of_a_kind": (20, 100),
        "four_of_a_kind": (20, 100),
        "full_house": (25, 100),
        "small_straight": (30, 100),
        "large_straight": (40, 100),
        "chance": (20, 100),
    }


def test_free_joker_with_a_zero_in_the_yahtzee_box_no_bonus_joker_still_on() -> None:
    c = card("free-joker", yahtzee=0, fours=16)
    options = allowed(c, "4 4 4 4 4")
    assert options["full_house"] == (25, 0)
    assert options["large_straight"] == (40, 0)
    assert all(bonus == 0 for _, bonus in options.values())
    c = card("free-joker", yahtzee=0)
    assert allowed(c, "4 4 4 4 4")["full_house"] == (0, 0)


# --- vp-games (seed 000) -------------------------------------------------------------------


def test_seed_000_second_yahtzee_goes_in_its_upper_box_with_100() -> None:
    # "you will receive the total points of this category as well as 100 bonus points"
    c = card("vp-games", yahtzee=50)
    assert allowed(c, "5 5 5 5 5") == {"fives": (25, 100)}
    with pytest.raises(BoxNotAllowed):
        c.option("chance", Dice.parse("5 5 5 5 5"))


def test_seed_000_upper_box_filled_any_empty_box_for_zero_still_100() -> None:
    # "you must choose any category that is still empty, which will entitle you to a score
    # of zero. You will nevertheless receive a bonus score of 100"
    c = card("vp-games", yahtzee=50, fives=15, chance=22)
    assert allowed(c, "5 5 5 5 5") == {
        **every(("ones", "twos", "threes", "fours", "sixes"), 0, 100),
        **every(tuple(b for b in OPEN_LOWER if b != "chance"), 0, 100),
    }


def test_seed_000_yahtzee_box_with_zero_is_no_second_yahtzee() -> None:
    # RULES.md: the bonus needs the box to hold 50 ("a Yahtzee a second time"); without a
    # first Yahtzee the dice score what each box's own rule gives.
    c = card("vp-games", yahtzee=0, fives=15)
    options = allowed(c, "5 5 5 5 5")
    assert options["three_of_a_kind"] == (25, 0)
    assert options["full_house"] == (0, 0)
    assert options["ones"] == (0, 0)
    assert len(options) == 11


# --- classic-1986 (seed 001) ---------------------------------------------------------------


def test_seed_001_joker_needs_the_upper_box_filled() -> None:
    c = card("classic-1986", yahtzee=50)
    options = allowed(c, "4 4 4 4 4")
    # no joker yet: the Yahtzee scores naturally, anywhere, and the bonus is earned
    assert options["fours"] == (20, 100)
    assert options["full_house"] == (0, 100)
    assert options["small_straight"] == (0, 100)
    assert options["ones"] == (0, 100)
    assert len(options) == 12


def test_seed_001_joker_lower_full_value_and_upper_dice_total() -> None:
    # "4 4 4 4 4 ... 20 points would be scored in Ones if that were selected"
    c = card("classic-1986", yahtzee=50, fours=12)
    assert allowed(c, "4 4 4 4 4") == {
        **every(("ones", "twos", "threes", "fives", "sixes"), 20, 100),
        "three_of_a_kind": (20, 100),
        "four_of_a_kind": (20, 100),
        "full_house": (25, 100),
        "small_straight": (30, 100),
        "large_straight": (40, 100),
        "chance": (20, 100),
    }


def test_seed_001_joker_with_a_zero_in_the_box_but_bonus_only_with_50() -> None:
    # "Yahtzee has been previously scored as 50 or 0" (joker); bonus "ONLY if ... 50"
    c = card("classic-1986", yahtzee=0, fours=12)
    options = allowed(c, "4 4 4 4 4")
    assert options["full_house"] == (25, 0)
    assert options["ones"] == (20, 0)
    assert all(bonus == 0 for _, bonus in options.values())
    c = card("classic-1986", yahtzee=0)
    assert allowed(c, "4 4 4 4 4")["full_house"] == (0, 0)


# --- printable (seed 003) ------------------------------------------------------------------


def test_seed_003_joker_example_ones_with_a_zero_in_the_yahtzee_box() -> None:
    # "I roll 1, 1, 1, 1, 1 ... Yahtzee has been filled with 0, and my ones box has also been
    # filled. I may therefore score either 40 in high straight, 30 in low straight or 25 in
    # full house."
    c = card("printable", yahtzee=0, ones=3)
    options = allowed(c, "1 1 1 1 1")
    assert options["large_straight"] == (40, 0)
    assert options["small_straight"] == (30, 0)
    assert options["full_house"] == (25, 0)
    assert options["three_of_a_kind"] == (5, 0)
    assert options["twos"] == (0, 0)


@pytest.mark.parametrize("missing", ["yahtzee", "ones"])
def test_seed_003_no_joker_unless_both_boxes_are_filled(missing: str) -> None:
    # "if the yahtzee or the ones box had not been filled, then I would not be able to use my
    # yahtzee as a joker in this way"
    boxes = {"yahtzee": 0, "ones": 3}
    del boxes[missing]
    options = allowed(card("printable", **boxes), "1 1 1 1 1")
    assert options["large_straight"] == (0, 0)
    assert options["small_straight"] == (0, 0)
    assert options["full_house"] == (0, 0)


def test_seed_003_bonus_only_when_the_yahtzee_scores_more_than_zero() -> None:
    # "If you have already scored 50 points in your yahtzee box, and then you roll another
    # yahtzee and manage to score more than 0 with it, in another box, then you receive a bonus
    # of 100 points automatically. That includes using the yahtzee joker."
    c = card("printable", yahtzee=50, ones=3)
    options = allowed(c, "1 1 1 1 1")
    assert options["full_house"] == (25, 100)  # joker
    assert options["large_straight"] == (40, 100)  # joker
    assert options["chance"] == (5, 100)
    assert options["twos"] == (0, 0)  # scores 0: no bonus
    assert options["sixes"] == (0, 0)
    # upper box open: no joker, so a straight scores 0 and earns nothing
    c = card("printable", yahtzee=50)
    options = allowed(c, "1 1 1 1 1")
    assert options["ones"] == (5, 100)
    assert options["small_straight"] == (0, 0)
    assert options["four_of_a_kind"] == (5, 100)


def test_seed_003_joker_is_full_house_and_straights_only() -> None:
    # The page's joker names Full House and the straights; the other boxes score naturally.
    c = card("printable", yahtzee=50, threes=9)
    options = allowed(c, "3 3 3 3 3")
    assert options["ones"] == (0, 0)
    assert options["three_of_a_kind"] == (15, 100)
    assert options["chance"] == (15, 100)


# --- timed-online (seed 004) ---------------------------------------------------------------


def test_seed_004_joker_in_the_lower_section_with_50_and_upper_filled() -> None:
    # "1. You have scored a 50 in the 5 of a kind category. 2. You have filled the
    # corresponding category in the upper scores section. ... 5, 5, 5, 5, 5 the Fives
    # category must also be filled."
    c = card("timed-online", yahtzee=50, fives=20)
    assert allowed(c, "5 5 5 5 5") == {
        **every(("ones", "twos", "threes", "fours", "sixes"), 0, 100),
        "three_of_a_kind": (25, 100),
        "four_of_a_kind": (25, 100),
        "full_house": (25, 100),
        "small_straight": (30, 100),
        "large_straight": (40, 100),
        "chance": (25, 100),
    }


def test_seed_004_no_joker_while_the_upper_box_is_open_bonus_still_earned() -> None:
    # "you will earn a 100 point bonus for each additional 5 of a kind roll, provided that you
    # have already scored a 50"
    c = card("timed-online", yahtzee=50)
    options = allowed(c, "5 5 5 5 5")
    assert options["fives"] == (25, 100)
    assert options["full_house"] == (0, 100)
    assert options["large_straight"] == (0, 100)


def test_seed_004_a_zero_in_the_box_means_no_bonus_and_no_joker() -> None:
    # "If you have scored a zero in the 5 of a kind category, you cannot receive any bonuses
    # during the current game."; the joker needs "a 50 in the 5 of a kind category".
    c = card("timed-online", yahtzee=0, fives=20)
    assert not joker_applies(c.rules, c.boxes, Dice.parse("5 5 5 5 5"))
    options = allowed(c, "5 5 5 5 5")
    assert options["full_house"] == (0, 0)
    assert options["small_straight"] == (0, 0)
    assert options["chance"] == (25, 0)
    assert all(bonus == 0 for _, bonus in options.values())


def test_seed_004_bonus_needs_the_box_scored_first() -> None:
    # "If you have not scored in the 5 of a kind category, you will not receive a bonus."
    c = card("timed-online", fives=20)
    options = allowed(c, "5 5 5 5 5")
    assert options["yahtzee"] == (50, 0)
    assert all(bonus == 0 for _, bonus in options.values())


# --- presets and variants without jokers ---------------------------------------------------


@pytest.mark.parametrize(("rules", "five"), [("general", "general"), ("yatzy", "yatzy")])
def test_variants_without_jokers_or_bonus(rules: str, five: str) -> None:
    c = card(rules, **{five: 50, "sixes": 24})
    dice = Dice.parse("6 6 6 6 6")
    assert not joker_applies(c.rules, c.boxes, dice)
    options = {o.category: o for o in c.options(dice)}
    assert all(o.bonus == 0 and not o.joker for o in options.values())
    # a five of a kind is not three of one face and two of another, in Yatzy and General
    assert options["full_house"].points == 0
    assert options["chance"].points == 30


def test_yacht_has_no_joker_or_bonus() -> None:
    c = card("yacht", yacht=50, sixes=24)
    options = allowed(c, "6 6 6 6 6")
    assert options["four_of_a_kind"] == (24, 0)
    assert options["small_straight"] == (0, 0)
    assert all(bonus == 0 for _, bonus in options.values())


def test_official_without_any_joker_is_one_line_and_keeps_the_bonus() -> None:
    no_joker = replace(preset("official"), name="official-no-joker", joker=NO_JOKER)
    c = card(no_joker, yahtzee=50, fours=12)
    dice = Dice.parse("4 4 4 4 4")
    assert not joker_applies(no_joker, c.boxes, dice)
    options = allowed(c, "4 4 4 4 4")
    assert options["full_house"] == (0, 100)
    assert options["large_straight"] == (0, 100)
    assert options["ones"] == (0, 100)
    assert len(options) == 11
    assert no_joker.fingerprint != preset("official").fingerprint


# --- filling rules that hold whatever the joker ---------------------------------------------


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_a_filled_box_cannot_be_filled_again(rules: str) -> None:
    c = card(rules, fours=12)
    with pytest.raises(BoxAlreadyFilled, match="Fours is already filled"):
        c.fill("fours", Dice.parse("4 4 4 1 2"))
    assert "fours" not in allowed(c, "4 4 4 1 2")
