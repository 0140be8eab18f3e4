"""Every worked example of the five seed rule pages and of RULES.md, scored on an empty card.

The examples are copied from the pages (seed number in each test's name or comment); the
expected points come from the pages, not from the implementation.
"""

from __future__ import annotations

import pytest

from fivedice.rules import Dice, Scorecard, preset

# The presets that use the thirteen boxes of the Yahtzee card as every seed page prints them.
YAHTZEE_CARDS = ("official", "free-joker", "vp-games", "classic-1986", "printable", "timed-online")


def points(rules: str, box: str, dice: str) -> int:
    """What `dice` score in `box` on an empty card of `rules`, asked the way a face asks."""
    option = Scorecard(preset(rules)).option(box, Dice.parse(dice))
    assert option.bonus == 0  # an empty card never earns an extra-Yahtzee bonus
    # The box's own rule and the card's answer agree (no joker on an empty card).
    assert preset(rules).category(box).score(Dice.parse(dice)) == option.points
    return option.points


# --- The core, as every Yahtzee page states it --------------------------------------------


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
@pytest.mark.parametrize(
    ("dice", "box", "expected"),
    [
        # seed 001: "3 3 3 1 5 would be scored as 9 points if Threes ... Fives 5 ... Twos 0"
        ("3 3 3 1 5", "threes", 9),
        ("3 3 3 1 5", "fives", 5),
        ("3 3 3 1 5", "twos", 0),
        # seed 004: "3, 4, 3, 6, 3 ... Threes 9 ... zero in Aces, Twos, Fives ... 4 ... 6"
        ("3 4 3 6 3", "threes", 9),
        ("3 4 3 6 3", "ones", 0),
        ("3 4 3 6 3", "twos", 0),
        ("3 4 3 6 3", "fives", 0),
        ("3 4 3 6 3", "fours", 4),
        ("3 4 3 6 3", "sixes", 6),
        # seed 001: "4 5 2 5 5 would be scored as 21 points" (3 of a kind)
        ("4 5 2 5 5", "three_of_a_kind", 21),
        # seed 001: 4 of a kind "is the same as 3 of a kind except you need at least four"
        ("4 5 2 5 5", "four_of_a_kind", 0),
        # seed 002 / RULES.md: 4-4-4-5-6 is worth 23 as three of a kind
        ("4 4 4 5 6", "three_of_a_kind", 23),
        # seed 002 / RULES.md: 1-5-5-5-5 is worth 21 as four of a kind
        ("1 5 5 5 5", "four_of_a_kind", 21),
        # ...and four of a kind is also at least three of a kind
        ("1 5 5 5 5", "three_of_a_kind", 21),
        # seed 004: "5, 2, 5, 5, 3 you would receive 20 points for 3 of a Kind, but zero ... 4"
        ("5 2 5 5 3", "three_of_a_kind", 20),
        ("5 2 5 5 3", "four_of_a_kind", 0),
        # seed 001: Full House example 3 3 2 3 2
        ("3 3 2 3 2", "full_house", 25),
        # seed 003: "1, 4, 3, 3, 3 = 0 points. 4, 1, 1, 4, 4 = 25 points."
        ("1 4 3 3 3", "full_house", 0),
        ("4 1 1 4 4", "full_house", 25),
        # seed 002: a set and a pair, 2-2-2-6-6
        ("2 2 2 6 6", "full_house", 25),
        # seed 004: "1, 2, 3, 4, 5 you could score either a small straight or a large straight"
        ("1 2 3 4 5", "small_straight", 30),
        ("1 2 3 4 5", "large_straight", 40),
        # seed 003: high straight "contains five in a row - 2, 3, 4, 5, 6"
        ("2 3 4 5 6", "large_straight", 40),
        ("2 3 4 5 6", "small_straight", 30),
        # seed 000: small straight "sequence of 4: eg. 2, 3, 4, 5"
        ("2 3 4 5 2", "small_straight", 30),
        ("2 3 4 5 2", "large_straight", 0),
        # seed 003: low straight "contains four in a row - 3, 4, 5, 6"
        ("3 4 5 6 6", "small_straight", 30),
        # five equal dice: 50 (seed 001 "YAHTZEE scores 50 points if all five dice are equal")
        ("4 4 4 4 4", "yahtzee", 50),
        ("4 4 4 4 3", "yahtzee", 0),
        # seed 003: a Yahtzee "= 15 Points (scored in 3 of a kind)"
        ("3 3 3 3 3", "three_of_a_kind", 15),
        # seed 003: Chance "= 10 Points"; the lowest Chance is five 1s, 5 points
        ("1 1 2 3 3", "chance", 10),
        ("1 1 1 1 1", "chance", 5),
        # seed 001: "Chance is always scored as the total of all the dice"
        ("6 6 6 6 6", "chance", 30),
        # A Yahtzee is not a full house or a straight by those boxes' own rules (RULES.md)
        ("4 4 4 4 4", "full_house", 0),
        ("4 4 4 4 4", "small_straight", 0),
        ("4 4 4 4 4", "four_of_a_kind", 20),
    ],
)
def test_core_examples(rules: str, dice: str, box: str, expected: int) -> None:
    assert points(rules, box, dice) == expected


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
@pytest.mark.parametrize("any_die", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("run", ["1 2 3 4", "5 4 3 2", "6 3 5 4"])
def test_seed_001_small_straights_with_any_fifth_die(rules: str, run: str, any_die: int) -> None:
    # seed 001: "1 2 3 4 any#", "5 4 3 2 any#", "6 3 5 4 any#"
    assert points(rules, "small_straight", f"{run} {any_die}") == 30


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
@pytest.mark.parametrize("dice", ["1 2 3 5 6", "1 1 2 3 5", "2 3 5 6 6", "1 2 4 5 6"])
def test_no_four_in_a_row_is_no_small_straight(rules: str, dice: str) -> None:
    assert points(rules, "small_straight", dice) == 0
    assert points(rules, "large_straight", dice) == 0


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
def test_dice_order_does_not_matter(rules: str) -> None:
    # The pages write the same dice in any order: "5 4 3 2 any", "6 3 5 4 any".
    for box in preset(rules).category_names:
        assert points(rules, box, "5 4 3 2 1") == points(rules, box, "1 2 3 4 5")
        assert points(rules, box, "2 5 5 4 5") == points(rules, box, "4 5 2 5 5")


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
def test_a_yahtzee_card_has_thirteen_boxes_in_two_sections(rules: str) -> None:
    ruleset = preset(rules)
    assert ruleset.category_names == (
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
    )
    assert [c.name for c in ruleset.upper_categories] == list(ruleset.category_names[:6])
    assert ruleset.upper_bonus_threshold == 63
    assert ruleset.upper_bonus == 35


def test_seed_004_calls_the_yahtzee_box_five_of_a_kind() -> None:
    assert preset("timed-online").category("yahtzee").label == "5 of a kind"


# --- The upper bonus ----------------------------------------------------------------------


def fill(rules: str, plays: list[tuple[str, str]]) -> Scorecard:
    """A card after scoring each (box, dice) in turn."""
    c = Scorecard(preset(rules))
    for box, dice in plays:
        c, _ = c.fill(box, Dice.parse(dice))
    return c


THREE_OF_EACH = [
    ("ones", "1 1 1 2 3"),
    ("twos", "2 2 2 4 5"),
    ("threes", "3 3 3 1 5"),
    ("fours", "4 4 4 1 2"),
    ("fives", "5 5 5 1 2"),
    ("sixes", "6 6 6 1 2"),
]


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
def test_seed_003_three_of_each_face_is_63_and_earns_35(rules: str) -> None:
    # seed 003: "63 points is the equivalent of 3 ones, 3 twos, ... 3 sixes"; Bonus 35.
    c = fill(rules, THREE_OF_EACH)
    assert c.upper_subtotal == 63
    assert c.upper_bonus == 35
    assert c.upper_total == 98


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
def test_seed_004_63_need_not_be_three_of_each(rules: str) -> None:
    # seed 004: "You do not need to score exactly three die faces in each upper category"
    plays = [
        ("ones", "2 2 3 4 5"),  # 0
        ("twos", "2 3 3 4 5"),  # 2
        ("threes", "3 3 4 4 5"),  # 6
        ("fours", "4 4 4 4 1"),  # 16
        ("fives", "5 5 5 5 1"),  # 20
        ("sixes", "6 6 6 1 2"),  # 18
    ]
    c = fill(rules, plays)
    assert c.upper_subtotal == 62
    assert c.upper_bonus == 0  # one short
    c2 = fill(rules, [*plays[:5], ("sixes", "6 6 6 6 1")])
    assert c2.upper_subtotal == 68
    assert c2.upper_bonus == 35


@pytest.mark.parametrize("rules", YAHTZEE_CARDS)
def test_seed_003_scorecard_rows(rules: str) -> None:
    # seed 003 / RULES.md: each category, upper subtotal, bonus, upper total, lower total,
    # Yahtzee bonus, grand total.
    c = fill(rules, [*THREE_OF_EACH, ("chance", "6 6 6 6 5"), ("full_house", "2 2 3 3 3")])
    rows = {key: value for key, _, value in c.rows()}
    assert list(rows) == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "upper_subtotal",
        "upper_bonus",
        "upper_total",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
        "lower_total",
        "yahtzee_bonus",
        "grand_total",
    ]
    assert rows["upper_subtotal"] == 63
    assert rows["upper_bonus"] == 35
    assert rows["upper_total"] == 98
    assert rows["small_straight"] is None  # open
    assert rows["lower_total"] == 29 + 25
    assert rows["yahtzee_bonus"] == 0
    assert rows["grand_total"] == 98 + 54


# --- Seed 002: General (Playtouch) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "box", "expected"),
    [
        ("1 1 1 4 5", "ones", 3),  # "1-1-1-4-5 is worth 3 points"
        ("3 3 4 4 5", "threes", 6),  # "3-3-4-4-5 is worth 6 points if ... a 3-play"
        ("3 3 4 4 5", "fours", 8),  # "or 8 points if it is considered a play of 4"
        ("3 3 4 4 5", "fives", 5),  # "or even 5 points if it's a play of 5"
        ("4 4 4 5 6", "three_of_a_kind", 23),  # "4-4-4-5-6 is worth 23 points"
        ("1 5 5 5 5", "four_of_a_kind", 21),  # "1-5-5-5-5 is worth 21 points"
        ("2 2 2 6 6", "full_house", 25),  # "2-2-2-6-6. Worth 25 points"
        ("2 3 4 5 6", "high_straight", 30),  # "High straight (S+): 2-3-4-5-6. Worth 30"
        ("1 2 3 4 5", "low_straight", 40),  # "Low sequence (S-): 1-2-3-4-5. Worth 40"
        ("4 4 4 4 4", "general", 50),  # "General ... (eg: 4-4-4-4-4). Worth 50"
        ("1 4 4 5 6", "chance", 20),  # "1-4-4-5-6 is worth 20 points"
        # the straights are the exact sequences: 1-5 is not a high straight, nor 2-6 low
        ("1 2 3 4 5", "high_straight", 0),
        ("2 3 4 5 6", "low_straight", 0),
        # four in a row is no straight at all in General
        ("1 2 3 4 6", "high_straight", 0),
        ("1 2 3 4 6", "low_straight", 0),
        ("3 4 5 6 6", "high_straight", 0),
    ],
)
def test_seed_002_general(dice: str, box: str, expected: int) -> None:
    assert points("general", box, dice) == expected


def test_seed_002_general_has_thirteen_moves_and_no_bonus() -> None:
    # "13 being the number of possible moves"; the page mentions no bonus of any kind.
    general = preset("general")
    assert len(general.categories) == 13
    assert "small_straight" not in general.category_names
    c = fill("general", [*THREE_OF_EACH, ("general", "6 6 6 6 6")])
    assert c.upper_subtotal == 63
    assert c.upper_bonus == 0
    assert "upper_bonus" not in {key for key, _, _ in c.rows()}
    # a second General earns nothing extra: it scores only what its box gives
    options = {o.category: (o.points, o.bonus) for o in c.options(Dice.parse("6 6 6 6 6"))}
    assert options["three_of_a_kind"] == (30, 0)
    assert options["full_house"] == (0, 0)
    assert options["high_straight"] == (0, 0)
    assert c.grand_total == 63 + 50


def test_seed_002_random_move_is_missing_in_some_versions() -> None:
    # "Random move (X) (non-existent in some versions of the game)"
    no_chance = preset("general-no-chance")
    assert "chance" not in no_chance.category_names
    assert len(no_chance.categories) == 12
