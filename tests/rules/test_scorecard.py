"""The scorecard: filling boxes, the derived rows, and the maxima seed 003 states.

Seed 003: "The maximum of 375 points"; RULES.md: it "holds only without extra-Yahtzee bonuses
(with 12 of them under joker rules the maximum is 1575)". Both are derived here by filling a
card with the best dice for each box, and shown to be maxima by the bound "no box scores more
than its maximum".
"""

from __future__ import annotations

import pytest

from fivedice.rules import (
    BoxAlreadyFilled,
    Dice,
    RuleSet,
    Scorecard,
    UnknownCategory,
    all_dice,
    preset,
)

FIVE_OF_A_KIND = [Dice([face] * 5) for face in range(1, 7)]


def best_natural_dice(rules: RuleSet, box: str) -> Dice:
    """The dice that score most in `box` by its own rule (found by trying all 252)."""
    category = rules.category(box)
    return max(all_dice(), key=category.score)


def fill_with_best_dice(rules: RuleSet) -> Scorecard:
    """Fill every box with the best dice for it, the five-of-a-kind box last (so that no
    earlier Yahtzee is an extra one)."""
    card = Scorecard(rules)
    five = rules.five_of_a_kind
    order = [c.name for c in rules.categories if c is not five] + ([five.name] if five else [])
    for box in order:
        card, _ = card.fill(box, best_natural_dice(rules, box))
    return card


def upper_bound_without_extra_bonus(rules: RuleSet) -> int:
    """No box can score more than its maximum; the upper bonus at most once."""
    return sum(c.max_points for c in rules.categories) + rules.upper_bonus


@pytest.mark.parametrize(
    "rules", ["official", "free-joker", "vp-games", "classic-1986", "printable", "timed-online"]
)
def test_seed_003_maximum_without_extra_yahtzee_bonuses_is_375(rules: str) -> None:
    ruleset = preset(rules)
    card = fill_with_best_dice(ruleset)
    assert card.is_complete
    assert card.yahtzee_bonus == 0
    assert card.grand_total == upper_bound_without_extra_bonus(ruleset)
    assert card.grand_total == 375
    assert (card.upper_subtotal, card.upper_bonus, card.lower_total) == (105, 35, 235)


def test_maxima_of_the_other_variants() -> None:
    # General: no bonus at all; Yatzy: 50-point upper bonus; Yacht: no upper bonus.
    for name, expected in [("general", 340), ("yatzy", 374), ("yacht", 297)]:
        ruleset = preset(name)
        card = fill_with_best_dice(ruleset)
        assert card.grand_total == upper_bound_without_extra_bonus(ruleset) == expected, name


def test_seed_003_lowest_possible_score_is_5_five_ones_in_chance() -> None:
    # seed 003: "The lowest possible score is 5 with a roll displaying five 1's": every box
    # but Chance can take a 0, and Chance is at least the five 1s.
    rules = preset("official")
    card = Scorecard(rules)
    for box in rules.category_names:
        worst = min(all_dice(), key=lambda d, b=box: (rules.category(b).score(d), d))
        card, _ = card.fill(box, worst)
    assert card.grand_total == 5
    assert card.boxes["chance"] == 5
    assert min(rules.category("chance").score(d) for d in all_dice()) == 5
    assert all(min(c.score(d) for d in all_dice()) == 0 for c in rules.categories[:-1])


def fill_with_yahtzees(rules: RuleSet) -> Scorecard:
    """A card filled by thirteen Yahtzees: the first in the Yahtzee box, then twelve extra
    ones, each placed (as its rules allow) where it adds most, the upper boxes first."""
    card, first = Scorecard(rules).fill("yahtzee", Dice.parse("6 6 6 6 6"))
    assert first.points == 50
    while not card.is_complete:
        choices = [(o, dice) for dice in FIVE_OF_A_KIND for o in card.options(dice)]
        upper = [(o, d) for o, d in choices if rules.category(o.category).section == "upper"]
        option, dice = max(upper or choices, key=lambda od: od[0].total)
        card, scored = card.fill(option.category, dice)
        assert scored == option
    return card


@pytest.mark.parametrize("rules", ["official", "free-joker", "printable", "timed-online"])
def test_twelve_extra_yahtzees_under_joker_rules_make_1575(rules: str) -> None:
    ruleset = preset(rules)
    card = fill_with_yahtzees(ruleset)
    assert card.yahtzee_bonus == 12 * ruleset.extra_yahtzee_bonus
    assert card.grand_total == upper_bound_without_extra_bonus(ruleset) + 12 * 100
    assert card.grand_total == 1575
    assert card.boxes == {
        "ones": 5,
        "twos": 10,
        "threes": 15,
        "fours": 20,
        "fives": 25,
        "sixes": 30,
        "three_of_a_kind": 30,
        "four_of_a_kind": 30,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "yahtzee": 50,
        "chance": 30,
    }


def test_seed_000_thirteen_yahtzees_score_less_the_lower_boxes_take_zero() -> None:
    # vp-games: once the matching upper box is filled, an extra Yahtzee scores 0 anywhere.
    card = fill_with_yahtzees(preset("vp-games"))
    assert card.lower_total == 50
    assert card.grand_total == 105 + 35 + 50 + 1200


def test_seed_001_upper_joker_scores_the_dice_total_so_its_maximum_is_higher() -> None:
    # seed 001: "A Yahtzee used as a joker in the upper section receives a score for the total
    # value of the dice": 6 6 6 6 6 in Ones scores 30 once Sixes is filled.
    card = Scorecard(preset("classic-1986"))
    for box in ["yahtzee", "sixes", "ones", "twos", "threes", "fours", "fives"]:
        card, _ = card.fill(box, Dice.parse("6 6 6 6 6"))
    assert card.upper_subtotal == 180
    for box in ["three_of_a_kind", "four_of_a_kind", "full_house"]:
        card, _ = card.fill(box, Dice.parse("6 6 6 6 6"))
    for box in ["small_straight", "large_straight", "chance"]:
        card, _ = card.fill(box, Dice.parse("6 6 6 6 6"))
    assert card.grand_total == 180 + 35 + 185 + 50 + 1200


# --- the card itself ------------------------------------------------------------------------


def test_fill_returns_a_new_card_and_keeps_the_old_one() -> None:
    empty = Scorecard(preset("official"))
    after, option = empty.fill("threes", Dice.parse("3 3 3 1 5"))
    assert option.points == 9
    assert empty.boxes == {}
    assert after.boxes == {"threes": 9}
    assert [c.name for c in after.open_categories][:3] == ["ones", "twos", "fours"]
    with pytest.raises(BoxAlreadyFilled):
        after.fill("threes", Dice.parse("3 3 3 3 5"))
    assert after.boxes == {"threes": 9}


def test_an_unknown_box_is_named_in_the_error() -> None:
    card = Scorecard(preset("official"))
    with pytest.raises(UnknownCategory, match="'pairs'"):
        card.fill("pairs", Dice.parse("1 1 2 3 4"))
    with pytest.raises(UnknownCategory):
        Scorecard(preset("official"), {"yatzy": 50})


def test_a_roll_that_fits_nothing_is_a_scratch_for_zero() -> None:
    # RULES.md: "A roll that fits no open category is scored as 0 in an open category of the
    # player's choice"
    card = Scorecard(preset("official"), {"ones": 1, "twos": 2, "threes": 3, "fours": 4})
    card = Scorecard(card.rules, {**card.boxes, "fives": 5, "sixes": 6, "chance": 20})
    options = {o.category: o.points for o in card.options(Dice.parse("1 2 3 5 6"))}
    assert set(options) == {
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
    }
    assert set(options.values()) == {0}


def test_upper_bonus_is_counted_as_soon_as_the_subtotal_reaches_63() -> None:
    card = Scorecard(preset("official"), {"sixes": 30, "fives": 25})
    assert card.upper_bonus == 0
    card, _ = card.fill("fours", Dice.parse("4 4 1 2 3"))
    assert card.upper_subtotal == 63
    assert card.upper_bonus == 35
    assert card.grand_total == 98


def test_to_dict_matches_the_rows() -> None:
    card = Scorecard(preset("official"), {"sixes": 30, "yahtzee": 50, "chance": 7})
    data = card.to_dict()
    rows = {k: v for k, _, v in card.rows()}
    for key in ("upper_subtotal", "upper_bonus", "upper_total", "lower_total", "grand_total"):
        assert data[key] == rows[key]
    assert data["boxes"] == {"sixes": 30, "yahtzee": 50, "chance": 7}
    assert data["grand_total"] == 87


def test_rows_leave_out_what_the_rules_lack() -> None:
    keys = [k for k, _, _ in Scorecard(preset("yacht")).rows()]
    assert "upper_bonus" not in keys
    assert "yahtzee_bonus" not in keys
    assert keys[-1] == "grand_total"
    keys = [k for k, _, _ in Scorecard(preset("yatzy")).rows()]
    assert "upper_bonus" in keys
    assert "yahtzee_bonus" not in keys


def test_a_card_says_whether_it_earned_the_upper_bonus_and_scored_a_yahtzee() -> None:
    card = Scorecard(preset("official"))
    assert not card.upper_bonus_earned and not card.yahtzee_scored
    for face, box in enumerate(["ones", "twos", "threes", "fours", "fives", "sixes"], start=1):
        card, _ = card.fill(box, Dice([face] * 4 + [1 if face != 1 else 2]))
    assert card.upper_bonus_earned
    scratched, _ = card.fill("yahtzee", Dice([1, 2, 3, 4, 6]))
    assert not scratched.yahtzee_scored
    scored, _ = card.fill("yahtzee", Dice([6] * 5))
    assert scored.yahtzee_scored
