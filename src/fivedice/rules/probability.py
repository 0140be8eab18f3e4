"""Exact chances of the dice, as fractions: the figures the seeds state, and a player's odds.

Three questions, each answered exactly (:class:`fractions.Fraction`), never by simulation:

* :func:`yahtzee_chance`: the chance of a Yahtzee in one turn when the player chases it the
  usual way: after each roll, keep every die of the most common face (the highest such face
  on a tie; a single die when all five differ) and throw the others. Seed 003 says "about
  once in 22"; exactly it is 347897/7558272, once in 21.7 turns::

      >>> yahtzee_chance()
      Fraction(347897, 7558272)
      >>> round(float(1 / yahtzee_chance()), 2)
      21.73

* :func:`box_chances`: for the dice on the table, the dice the player holds and the rolls
  left, the chance that each box's condition shows when the rolls are used up. The policy:

  1. on the next roll, keep the held dice and throw the others;
  2. on every later roll, keep whatever gives that box the best chance (dice held before may
     be thrown again, as RULES.md allows).

  With one roll left this is simply "keep the held dice, throw the rest"; with none, whether
  the dice on the table already fit. Each box is chased on its own: the figures answer "if I
  went for this box from here", one box at a time::

      >>> from fivedice.rules import Dice, preset
      >>> odds = box_chances(preset("official"), Dice.parse("6 6 6 2 3"), held=[6, 6, 6])
      >>> odds["yahtzee"], odds["four_of_a_kind"]
      (Fraction(121, 1296), Fraction(671, 1296))

* :func:`turn_chances`: the same for a whole turn, before the first roll.

A box's *condition* is met when the dice score more than 0 there by the box's own rule
(:meth:`Category.score`, jokers aside): at least one die of its face for Ones to Sixes, its
pattern for the lower boxes, always for Chance. Every condition is asked of the rules' own
boxes; no scoring rule is written again here.

How the numbers stay exact and quick: a throw of ``n`` dice is weighed out of ``6**5`` (each
of its sorted outcomes by the number of ordered throws that land so, times ``6**(5 - n)``),
so a chance after ``r`` rolls is an integer over ``7776**r``, and only the answer becomes a
Fraction. Per box there are 252 dice on the table and 462 ways to keep dice; a table of the
best chance for every dice and rolls left is computed once per box and cached.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

from .categories import Category
from .dice import DICE_COUNT, FACES, Dice, all_dice, is_sub_multiset
from .errors import InvalidHold, RuleError
from .presets import preset
from .ruleset import RuleSet

ROLLS_PER_TURN = 3
OUT_OF = len(FACES) ** DICE_COUNT  # 7776 ordered throws of five dice

Values = tuple[int, ...]  # dice as a sorted tuple of faces (any number of dice)


@cache
def throws(n: int) -> tuple[tuple[Values, int], ...]:
    """Every way `n` thrown dice can land, as a sorted tuple, with its weight out of 7776.

    The weight is the number of ordered throws that land so, scaled by ``6**(5 - n)``, so the
    weights of any throw add up to 7776 (a throw of no dice lands one way, weight 7776).
    """
    scale = len(FACES) ** (DICE_COUNT - n)
    return tuple(
        (landed, scale * factorial(n) // prod(factorial(c) for c in Counter(landed).values()))
        for landed in combinations_with_replacement(FACES, n)
    )


def _after_throw(kept: Values, later: Mapping[Values, int]) -> int:
    """The weighted sum of `later` over the dice after keeping `kept` and throwing the rest:
    a numerator over 7776 times `later`'s denominator."""
    return sum(
        weight * later[tuple(sorted(kept + landed))]
        for landed, weight in throws(DICE_COUNT - len(kept))
    )


@cache
def keeps(values: Values) -> tuple[Values, ...]:
    """Every distinct choice of dice to keep from `values` (from none to all), sorted."""
    return tuple(sorted({sub for r in range(len(values) + 1) for sub in combinations(values, r)}))


def condition_met(category: Category, dice: Dice) -> bool:
    """Whether the dice meet the box's condition: they score more than 0 there by its own rule."""
    return category.score(dice) > 0


@cache
def _best(category: Category, rolls: int) -> dict[Values, int]:
    """For every five dice, the best chance (a numerator over 7776**rolls) that `category`'s
    condition shows after `rolls` more rolls, keeping the best dice each time."""
    if rolls == 0:
        return {d.values: int(condition_met(category, d)) for d in all_dice()}
    later = _best(category, rolls - 1)
    kept_value = cache(lambda kept: _after_throw(kept, later))
    return {d.values: max(kept_value(k) for k in keeps(d.values)) for d in all_dice()}


def _check_rolls(rolls: int, least: int, most: int, reason: str) -> None:
    if not least <= rolls <= most:
        raise RuleError(reason=reason, least=least, most=most, rolls=rolls)


def box_chances(
    rules: RuleSet, dice: Dice, held: Iterable[int] = (), rolls_left: int = 2
) -> dict[str, Fraction]:
    """The chance that each box's condition shows once the rolls left are used, keeping the
    `held` dice (values, not positions) on the next roll and the best dice for the box after.

    The answer is in card order. See the module's docstring for the policy and the conditions.
    """
    kept = tuple(sorted(held))
    if not is_sub_multiset(kept, dice.values):
        shown = " ".join(str(v) for v in dice.values)
        raise InvalidHold(reason="not_shown", held=" ".join(map(str, kept)), shown=shown)
    _check_rolls(rolls_left, 0, ROLLS_PER_TURN - 1, "rolls_left_range")
    if rolls_left == 0:
        return {c.name: Fraction(int(condition_met(c, dice))) for c in rules.categories}
    return {
        c.name: Fraction(_after_throw(kept, _best(c, rolls_left - 1)), OUT_OF**rolls_left)
        for c in rules.categories
    }


def turn_chances(rules: RuleSet, rolls: int = ROLLS_PER_TURN) -> dict[str, Fraction]:
    """The chance that each box's condition shows by the end of a turn of `rolls` rolls when
    the player chases that box from the first throw, keeping the best dice each time."""
    _check_rolls(rolls, 1, ROLLS_PER_TURN, "turn_rolls_range")
    return {
        c.name: Fraction(_after_throw((), _best(c, rolls - 1)), OUT_OF**rolls)
        for c in rules.categories
    }


def most_common_face(values: Values) -> Values:
    """The dice of the most common face (the highest face on a tie): the Yahtzee chaser's keep."""
    count, face = max((values.count(f), f) for f in set(values))
    return (face,) * count


def policy_chance(
    met: Callable[[Dice], bool], keep: Callable[[Values], Values], rolls: int
) -> Fraction:
    """The chance that `met` holds at the end of a turn of `rolls` rolls when, after each roll
    but the last, the player keeps ``keep(dice)`` and throws the others."""
    _check_rolls(rolls, 1, ROLLS_PER_TURN, "turn_rolls_range")
    chance: dict[Values, int] = {d.values: int(met(d)) for d in all_dice()}
    for _ in range(rolls - 1):
        chance = {d.values: _after_throw(keep(d.values), chance) for d in all_dice()}
    return Fraction(_after_throw((), chance), OUT_OF**rolls)


def yahtzee_chance(rules: RuleSet | None = None, rolls: int = ROLLS_PER_TURN) -> Fraction:
    """The chance of five of a kind in a turn of `rolls` rolls, keeping the most common face."""
    box = (rules or preset()).five_of_a_kind
    if box is None:
        raise RuleError(reason="no_five_of_a_kind")
    return policy_chance(lambda d: condition_met(box, d), most_common_face, rolls)
