"""Where dice may be scored on a card, for how many points, and what bonus each choice earns.

This is the one place that knows the extra-Yahtzee rules: the bonus condition and the joker
placement of a :class:`RuleSet`. The scorecard, the match, the solver and every face ask here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .categories import Category, Section
from .dice import Dice
from .ruleset import BonusWhen, JokerActive, JokerPlacement, RuleSet


@dataclass(frozen=True, slots=True)
class ScoreOption:
    """One box the dice may go in now: the points it adds and the extra-Yahtzee bonus earned."""

    category: str
    points: int
    bonus: int = 0
    joker: bool = False

    @property
    def total(self) -> int:
        """Points plus bonus: what this choice adds to the grand total right now."""
        return self.points + self.bonus


def is_extra_yahtzee(rules: RuleSet, filled: Mapping[str, int], dice: Dice) -> bool:
    """A five of a kind rolled when the card's Yahtzee box is already filled."""
    box = rules.five_of_a_kind
    return box is not None and dice.is_five_of_a_kind and box.name in filled


def joker_applies(rules: RuleSet, filled: Mapping[str, int], dice: Dice) -> bool:
    """Whether these dice are a joker: an extra Yahtzee under a rule set that has jokers."""
    if rules.joker.placement is JokerPlacement.NONE or not is_extra_yahtzee(rules, filled, dice):
        return False
    box = rules.five_of_a_kind
    assert box is not None
    if rules.joker.active_when is JokerActive.BOX_HOLDS_50:
        return filled[box.name] > 0
    return True


def extra_bonus(rules: RuleSet, filled: Mapping[str, int], dice: Dice, points: int) -> int:
    """The extra-Yahtzee bonus earned by scoring these dice for `points` somewhere."""
    if not rules.has_extra_yahtzee_bonus or not is_extra_yahtzee(rules, filled, dice):
        return 0
    box = rules.five_of_a_kind
    assert box is not None
    if filled[box.name] <= 0:
        return 0
    if rules.bonus_when is BonusWhen.BOX_HOLDS_50_AND_SCORES and points <= 0:
        return 0
    return rules.extra_yahtzee_bonus


def score_options(rules: RuleSet, filled: Mapping[str, int], dice: Dice) -> list[ScoreOption]:
    """Every box these dice may be scored in on a card whose filled boxes are `filled`.

    The list is in card order. Without a joker it is every open box at its natural score;
    a joker narrows the boxes (forced placements) or raises their points (full values).
    """
    open_boxes = [c for c in rules.categories if c.name not in filled]
    if not is_extra_yahtzee(rules, filled, dice):
        return [ScoreOption(c.name, c.score(dice)) for c in open_boxes]
    if not joker_applies(rules, filled, dice):
        placed = [(c, c.score(dice), False) for c in open_boxes]
    else:
        placed = _joker_placements(rules, filled, dice, open_boxes)
    return [
        ScoreOption(c.name, points, extra_bonus(rules, filled, dice, points), joker)
        for c, points, joker in placed
    ]


def _joker_placements(
    rules: RuleSet, filled: Mapping[str, int], dice: Dice, open_boxes: list[Category]
) -> list[tuple[Category, int, bool]]:
    """Boxes and points for a joker, by the rule set's placement policy."""
    joker = rules.joker
    face = dice.values[0]
    upper = rules.upper_box_for(face)
    upper_open = upper is not None and upper.name not in filled

    if joker.placement in (JokerPlacement.UPPER_FIRST, JokerPlacement.UPPER_OR_ZERO):
        if upper_open:
            assert upper is not None
            return [(upper, upper.score(dice), False)]
        if joker.placement is JokerPlacement.UPPER_OR_ZERO:
            return [(c, 0, True) for c in open_boxes]
        lower = [c for c in open_boxes if c.section is Section.LOWER]
        if lower:
            return [(c, _joker_value(rules, c, dice), True) for c in lower]
        return [(c, c.score(dice), True) for c in open_boxes]

    # FREE placement: any open box; joker values once the matching upper box is filled.
    if joker.needs_upper_filled and upper_open:
        return [(c, c.score(dice), False) for c in open_boxes]
    return [(c, _joker_value(rules, c, dice), True) for c in open_boxes]


def _joker_value(rules: RuleSet, box: Category, dice: Dice) -> int:
    """What a joker scores in `box`: full value where the rule set grants it, else natural."""
    if box.name in rules.joker.full_value_boxes:
        return box.full_value(dice)
    if box.section is Section.UPPER and rules.joker.upper_scores_total:
        return dice.total
    return box.score(dice)


def natural_scores(rules: RuleSet, dice: Dice) -> dict[str, int]:
    """Each box's score for these dice by its own rule, ignoring jokers and bonuses."""
    return {c.name: c.score(dice) for c in rules.categories}
