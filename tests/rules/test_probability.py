"""Exact probabilities, each checked against a derivation written separately here.

The Yahtzee chase is derived again as a Markov chain on the number of matching dice, its
transitions counted over ordered throws; the box chances are checked against brute-force
enumeration of ordered throws and against chances worked out by hand.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivedice.rules import Category, Dice, InvalidHold, RuleError, preset
from fivedice.rules.probability import (
    box_chances,
    keeps,
    most_common_face,
    policy_chance,
    throws,
    turn_chances,
    yahtzee_chance,
)

SIDES = range(1, 7)


# --- the Yahtzee chase: a Markov chain on the count of matching dice -------------------------


def most_alike(throw: tuple[int, ...]) -> int:
    """How many dice of the throw show its most common face."""
    return max(Counter(throw).values())


def markov_yahtzee(rolls: int) -> Fraction:
    """P(five of a kind) after `rolls` rolls, keeping the dice of the most common face.

    State k (1..5): k dice show the most common face. From k < 5, keep those k dice and throw
    the other 5 - k; the new state is the larger of the kept face's count (k plus the thrown
    dice showing it) and the count of any other face among the thrown dice (a better face
    replaces the kept one). Transitions are counted over every ordered throw.
    """
    first = Counter(most_alike(t) for t in product(SIDES, repeat=5))
    distribution = {k: Fraction(first[k], 6**5) for k in range(1, 6)}
    transition: dict[int, dict[int, Fraction]] = {5: {5: Fraction(1)}}
    for k in range(1, 5):
        thrown = 5 - k
        landed: Counter[int] = Counter()
        for throw in product(SIDES, repeat=thrown):
            kept_face = 1  # by symmetry, say the kept dice show 1
            same = k + throw.count(kept_face)
            other = max((throw.count(f) for f in SIDES if f != kept_face), default=0)
            landed[max(same, other)] += 1
        transition[k] = {j: Fraction(landed[j], 6**thrown) for j in range(1, 6)}
    for _ in range(rolls - 1):
        distribution = {
            j: sum(
                (distribution[k] * transition[k].get(j, Fraction(0)) for k in range(1, 6)),
                Fraction(0),
            )
            for j in range(1, 6)
        }
    return distribution[5]


def test_the_first_throw_of_the_chain_is_the_known_one() -> None:
    # all different 6*5*4*3*2 = 720 of 7776; five alike 6; four alike 6*5*5 = 150
    first = Counter(most_alike(t) for t in product(SIDES, repeat=5))
    assert first == {1: 720, 2: 5400, 3: 1500, 4: 150, 5: 6}


def test_yahtzee_in_three_rolls_matches_the_markov_chain() -> None:
    exact = yahtzee_chance()
    assert exact == markov_yahtzee(3)
    assert exact == Fraction(347897, 7558272)
    assert float(exact) == pytest.approx(0.04603, abs=5e-6)


@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_yahtzee_chance_for_each_number_of_rolls(rolls: int) -> None:
    assert yahtzee_chance(rolls=rolls) == markov_yahtzee(rolls)
    assert yahtzee_chance(rolls=1) == Fraction(6, 7776)


def test_seed_003_about_once_in_22_turns() -> None:
    # "The probability of a Yahtzee for any three rolls would be approximately once (1) in 22"
    turns_per_yahtzee = 1 / yahtzee_chance()
    assert round(turns_per_yahtzee) == 22
    assert 21.7 < turns_per_yahtzee < 21.8


def test_the_yahtzee_chase_is_the_best_chase() -> None:
    # Chasing the Yahtzee box with the best keep at every roll gives the same figure, so
    # keeping the most common face is optimal for a Yahtzee.
    for name in ("official", "yatzy", "general"):
        rules = preset(name)
        five = rules.five_of_a_kind
        assert five is not None
        assert turn_chances(rules)[five.name] == Fraction(347897, 7558272)
        assert yahtzee_chance(rules) == Fraction(347897, 7558272)


def test_most_common_face_keeps_the_highest_on_a_tie() -> None:
    assert most_common_face((2, 2, 5, 5, 6)) == (5, 5)
    assert most_common_face((1, 2, 3, 4, 6)) == (6,)
    assert most_common_face((3, 3, 3, 3, 3)) == (3, 3, 3, 3, 3)


def test_policy_chance_follows_the_policy_given() -> None:
    box = preset().category("large_straight")

    def met(d: Dice) -> bool:
        return box.score(d) > 0

    straight = Fraction(240, 7776)  # two straights of 120 ordered throws each
    # throwing all five every time: only the last throw counts
    assert policy_chance(met, lambda v: (), rolls=2) == straight
    # keeping a straight once thrown, else throwing all five again: two tries
    assert (
        policy_chance(met, lambda v: v if met(Dice(v)) else (), rolls=2) == 1 - (1 - straight) ** 2
    )


# --- the building blocks ---------------------------------------------------------------------


@pytest.mark.parametrize("n", range(6))
def test_throws_weigh_every_ordered_throw_once(n: int) -> None:
    weights = dict(throws(n))
    ordered = Counter(tuple(sorted(t)) for t in product(SIDES, repeat=n))
    assert set(weights) == set(ordered)
    assert all(weights[k] == ordered[k] * 6 ** (5 - n) for k in ordered)
    assert sum(weights.values()) == 6**5


def test_keeps_are_the_distinct_sub_multisets() -> None:
    assert keeps((1, 1, 2)) == ((), (1,), (1, 1), (1, 1, 2), (1, 2), (2,))
    assert len(keeps((1, 2, 3, 4, 5))) == 32
    assert len(keeps((6, 6, 6, 6, 6))) == 6


# --- box chances: brute force and hand derivations -----------------------------------------


def one_roll_by_enumeration(box: Category, held: tuple[int, ...]) -> Fraction:
    thrown = 5 - len(held)
    hits = sum(box.score(Dice(held + t)) > 0 for t in product(SIDES, repeat=thrown))
    return Fraction(hits, 6**thrown)


@pytest.mark.parametrize("rules", ["official", "yatzy", "general", "yacht"])
@pytest.mark.parametrize(
    ("dice", "held"),
    [
        ("1 2 3 4 6", (1, 2, 3, 4)),
        ("6 6 6 2 3", (6, 6, 6)),
        ("2 2 5 5 1", (2, 2, 5, 5)),
        ("1 3 4 5 6", (3, 4)),
        ("1 3 4 5 6", ()),
        ("4 4 4 4 4", (4, 4, 4, 4, 4)),
    ],
)
def test_one_roll_left_is_keep_the_held_and_throw_the_rest(
    rules: str, dice: str, held: tuple[int, ...]
) -> None:
    ruleset = preset(rules)
    chances = box_chances(ruleset, Dice.parse(dice), held, rolls_left=1)
    assert list(chances) == list(ruleset.category_names)
    for box in ruleset.categories:
        assert chances[box.name] == one_roll_by_enumeration(box, held), box.name


def test_two_rolls_by_hand() -> None:
    official = preset("official")
    c = box_chances(official, Dice.parse("6 6 6 2 3"), held=[6, 6, 6], rolls_left=2)
    # Yahtzee: both sixes at once; or one six, then the last; or none, then both
    one, both = Fraction(10, 36), Fraction(1, 36)
    assert c["yahtzee"] == both + one * Fraction(1, 6) + (1 - one - both) * both
    # four of a kind: a six among two dice, or else another try with two dice
    six_in_two = Fraction(11, 36)
    assert c["four_of_a_kind"] == six_in_two + (1 - six_in_two) * six_in_two
    assert c["three_of_a_kind"] == c["sixes"] == c["chance"] == 1
    # an open-ended four, 2 3 4 5: a 1 or a 6 in one throw, two tries
    c = box_chances(official, Dice.parse("2 3 4 5 5"), held=[2, 3, 4, 5], rolls_left=2)
    assert c["large_straight"] == 1 - Fraction(4, 6) ** 2
    assert c["small_straight"] == 1
    # an inside four, 1 2 3 4 needs a 5; with two tries
    c = box_chances(official, Dice.parse("1 2 3 4 4"), held=[1, 2, 3, 4], rolls_left=2)
    assert c["large_straight"] == 1 - Fraction(5, 6) ** 2


def test_nothing_left_to_roll_is_what_the_dice_show() -> None:
    c = box_chances(preset("official"), Dice.parse("3 3 2 3 2"), rolls_left=0)
    assert c["full_house"] == c["three_of_a_kind"] == c["twos"] == c["chance"] == 1
    assert c["four_of_a_kind"] == c["yahtzee"] == c["ones"] == c["small_straight"] == 0


def best_two_rolls_by_enumeration(box: Category, held: tuple[int, ...]) -> Fraction:
    """Throw the dice not held; then try every keep of the five (by position) with one
    throw left; take the best; average over the ordered first throws."""
    total = Fraction(0)
    thrown = 5 - len(held)
    for t in product(SIDES, repeat=thrown):
        dice = held + t
        best = max(
            one_roll_by_enumeration(box, tuple(d for d, k in zip(dice, mask, strict=True) if k))
            for mask in product((0, 1), repeat=5)
        )
        total += best / 6**thrown
    return total


@pytest.mark.parametrize(
    ("box", "held"),
    [
        ("full_house", (2, 2, 5, 5)),
        ("large_straight", (2, 3, 4, 5)),
        ("four_of_a_kind", (1, 1, 1, 6)),
    ],
)
def test_two_rolls_match_a_brute_force_search(box: str, held: tuple[int, ...]) -> None:
    category = preset("official").category(box)
    expected = best_two_rolls_by_enumeration(category, held)
    dice = Dice(held + (6,) * (5 - len(held)))
    assert box_chances(preset("official"), dice, held, rolls_left=2)[box] == expected


@settings(max_examples=40, deadline=None)
@given(
    dice=st.lists(st.integers(1, 6), min_size=5, max_size=5).map(Dice),
    mask=st.lists(st.booleans(), min_size=5, max_size=5),
    rules=st.sampled_from(["official", "yatzy", "yacht"]),
)
def test_more_rolls_never_lower_a_chance(dice: Dice, mask: list[bool], rules: str) -> None:
    held = [v for v, keep in zip(dice.values, mask, strict=True) if keep]
    ruleset = preset(rules)
    by_rolls = [box_chances(ruleset, dice, held, r) for r in (0, 1, 2)]
    for box in ruleset.category_names:
        chances = [c[box] for c in by_rolls]
        assert all(0 <= p <= 1 for p in chances)
        if len(held) == 5:
            assert chances[0] == chances[1]
        # holding all the dice of a met condition keeps it; more rolls never hurt
        assert chances[1] <= chances[2]
        if chances[0] == 1 and len(held) == 5:
            assert chances[2] == 1


def test_whole_turn_chances_of_some_boxes() -> None:
    c = turn_chances(preset("official"))
    assert c["chance"] == 1
    assert c["yahtzee"] == yahtzee_chance()
    # at least one six in a turn, throwing every non-six again: 1 - (5/6)**15
    assert c["sixes"] == 1 - Fraction(5, 6) ** 15
    assert turn_chances(preset("official"), rolls=1)["large_straight"] == Fraction(240, 7776)


def test_bad_holds_and_rolls_are_refused() -> None:
    with pytest.raises(InvalidHold, match="Cannot hold 6 6"):
        box_chances(preset(), Dice.parse("6 1 2 3 4"), held=[6, 6])
    with pytest.raises(RuleError, match="between 0 and 2"):
        box_chances(preset(), Dice.parse("6 1 2 3 4"), rolls_left=3)
    with pytest.raises(RuleError, match="between 1 and 3"):
        turn_chances(preset(), rolls=0)
    with pytest.raises(RuleError, match="between 1 and 3"):
        yahtzee_chance(rolls=4)
