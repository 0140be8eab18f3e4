"""A rule set in words: every box and what it scores, the bonuses, the joker, the turn.

The rules page of the browser, the terminal game and the CLI all read this, so a player sees
the same description everywhere, and every number in it comes from the :class:`RuleSet`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .categories import Category, Pattern, Points
from .dice import DICE_COUNT
from .ruleset import BonusWhen, JokerActive, JokerPlacement, RuleSet
from .state import ROLLS_PER_TURN


@dataclass(frozen=True, slots=True)
class BoxRule:
    """One box of the card in words: what the dice must show and what they score there."""

    name: str
    label: str
    section: str
    needs: str
    scores: str
    max_points: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {
            "name": self.name,
            "label": self.label,
            "section": self.section,
            "needs": self.needs,
            "scores": self.scores,
            "max": self.max_points,
        }


@dataclass(frozen=True, slots=True)
class RulesPage:
    """A rule set's rules page: where it comes from, the turn, the card and its bonuses."""

    preset: str
    title: str
    family: str
    origin: str
    dice: int
    rolls: int
    boxes: tuple[BoxRule, ...]
    upper_bonus_threshold: int
    upper_bonus: int
    upper_bonus_text: str
    extra_bonus: int
    extra_bonus_text: str
    joker_text: str
    undo_text: str
    how_to_play: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (the server's ``GET /api/rules/{preset}``)."""
        return {
            "preset": self.preset,
            "title": self.title,
            "family": self.family,
            "origin": self.origin,
            "dice": self.dice,
            "rolls": self.rolls,
            "boxes": [box.to_dict() for box in self.boxes],
            "upper_bonus": {
                "threshold": self.upper_bonus_threshold,
                "points": self.upper_bonus,
                "text": self.upper_bonus_text,
            },
            "extra_bonus": {"points": self.extra_bonus, "text": self.extra_bonus_text},
            "joker": self.joker_text,
            "undo": self.undo_text,
            "how_to_play": list(self.how_to_play),
        }


def rules_page(rules: RuleSet) -> RulesPage:
    """The rules page of `rules`, every figure read from its data."""
    upper = [box_rule(c) for c in rules.upper_categories]
    lower = [box_rule(c) for c in rules.lower_categories]
    return RulesPage(
        preset=rules.name,
        title=rules.title,
        family=rules.family.label,
        origin=rules.source,
        dice=DICE_COUNT,
        rolls=ROLLS_PER_TURN,
        boxes=(*upper, *lower),
        upper_bonus_threshold=rules.upper_bonus_threshold if rules.has_upper_bonus else 0,
        upper_bonus=rules.upper_bonus,
        upper_bonus_text=describe_upper_bonus(rules),
        extra_bonus=rules.extra_yahtzee_bonus if rules.has_extra_yahtzee_bonus else 0,
        extra_bonus_text=describe_bonus(rules),
        joker_text=describe_joker(rules),
        undo_text=describe_undo(rules),
        how_to_play=how_to_play(rules),
    )


def box_rule(box: Category) -> BoxRule:
    """One box in words."""
    needs, scores = describe_needs(box), describe_points(box)
    return BoxRule(box.name, box.label, box.section.value, needs, scores, box.max_points)


def describe_needs(box: Category) -> str:
    """What the dice must show for the box to score."""
    if box.pattern in (Pattern.FACE, Pattern.CHANCE):
        return "any dice"
    if box.pattern is Pattern.OF_A_KIND:
        return "all five alike" if box.count == DICE_COUNT else f"at least {box.count} alike"
    if box.pattern is Pattern.PAIRS:
        return "a pair" if box.count == 1 else f"{box.count} pairs of different faces"
    if box.pattern is Pattern.FULL_HOUSE:
        return "three of one face and two of another"
    return " or ".join("-".join(str(f) for f in run) for run in box.runs) + " in the dice"


def describe_points(box: Category) -> str:
    """What the box scores when the dice fit (and 0 when they do not)."""
    if box.pattern is Pattern.FACE:
        return f"the sum of the dice showing {box.face}"
    if box.points is Points.FIXED:
        return f"{box.value} points"
    if box.pattern is Pattern.PAIRS:
        return "the sum of the highest pair" if box.count == 1 else "the sum of the pairs"
    if box.points is Points.MATCHED:
        return "the sum of those dice"
    return "the sum of all dice"


def describe_box(box: Category) -> str:
    """How a box scores in one phrase: what it needs, then what it counts."""
    if box.pattern is Pattern.FACE:
        return describe_points(box)
    return f"{describe_needs(box)}: {describe_points(box)}"


def describe_upper_bonus(rules: RuleSet) -> str:
    """The upper bonus, or "none"."""
    if not rules.has_upper_bonus:
        return "none"
    return f"{rules.upper_bonus} when the upper boxes total {rules.upper_bonus_threshold} or more"


def describe_bonus(rules: RuleSet) -> str:
    """What a five of a kind rolled a second time earns, or "none"."""
    five = rules.five_of_a_kind
    if not rules.has_extra_yahtzee_bonus or five is None:
        return "none"
    text = (
        f"{rules.extra_yahtzee_bonus} for each extra {five.label} while its box holds {five.value}"
    )
    if rules.bonus_when is BonusWhen.BOX_HOLDS_50_AND_SCORES:
        text += " and the extra one scores more than 0 where it is placed"
    return text


def describe_joker(rules: RuleSet) -> str:
    """Where an extra five of a kind may go, and for how much, or "none: ..."."""
    joker, five = rules.joker, rules.five_of_a_kind
    if joker.placement is JokerPlacement.NONE or five is None:
        return "none: an extra five of a kind scores what each box's own rule gives"
    when = (
        f"when the {five.label} box holds {five.value}"
        if joker.active_when is JokerActive.BOX_HOLDS_50
        else f"when the {five.label} box is filled ({five.value} or 0)"
    )
    full = ", ".join(
        rules.category(n).label for n in rules.category_names if n in joker.full_value_boxes
    )
    if joker.placement is JokerPlacement.UPPER_FIRST:
        return (
            f"forced, {when}: the matching upper box if open; else any open lower box "
            f"({full} at full value); else any open upper box for 0"
        )
    if joker.placement is JokerPlacement.UPPER_OR_ZERO:
        return f"{when}: the matching upper box if open; else any open box for 0"
    text = f"{when}: any open box; {full} at full value"
    if joker.needs_upper_filled:
        text += " once the matching upper box is filled"
    if joker.upper_scores_total:
        text += ", and an upper box scores the total of the dice"
    return text


def describe_undo(rules: RuleSet) -> str:
    """Whether a scoring may be taken back."""
    if not rules.undo_allowed:
        return "none: a score, once set, stays"
    return "where the table allows it, the last scoring until the next player rolls"


def how_to_play(rules: RuleSet) -> tuple[str, ...]:
    """The game in a few sentences, with this rule set's numbers."""
    boxes = len(rules.categories)
    return (
        f"Each player has a card of {boxes} boxes and fills one box a turn, "
        f"so a game is {boxes} turns each.",
        f"A turn is up to {ROLLS_PER_TURN} rolls. The first throws all {DICE_COUNT} dice; "
        "before each later roll, hold the dice you want to keep and the rest are thrown "
        "(a held die may be released again).",
        f"Score after any roll, in any open box; after roll {ROLLS_PER_TURN} you must. "
        "Dice that fit no open box still go in one, for 0.",
        "When every box is filled, the highest grand total wins.",
    )
