"""One player's card for one round: the filled boxes and every derived row the seeds show."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .categories import Category, Section
from .dice import Dice
from .errors import BoxAlreadyFilled, BoxNotAllowed
from .presets import preset
from .ruleset import RuleSet
from .scoring import ScoreOption, is_extra_yahtzee, score_options


@dataclass(frozen=True)
class Scorecard:
    """An immutable card: ``fill`` returns a new card, so a past card is never changed."""

    rules: RuleSet = field(default_factory=preset)
    boxes: Mapping[str, int] = field(default_factory=dict)
    yahtzee_bonus: int = 0
    # The card never changes, so its options for given dice are worked out once (a move asks
    # for them to check the intent, to fold the event and to show the player).
    _options_memo: dict[Dice, tuple[ScoreOption, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        for name in self.boxes:
            self.rules.category(name)  # raises UnknownCategory for a stray name
        ordered = {
            c.name: self.boxes[c.name] for c in self.rules.categories if c.name in self.boxes
        }
        object.__setattr__(self, "boxes", ordered)

    # Moves -----------------------------------------------------------------------------

    def options(self, dice: Dice) -> list[ScoreOption]:
        """Every box these dice may go in now, with its points and extra-Yahtzee bonus."""
        known = self._options_memo.get(dice)
        if known is None:
            known = tuple(score_options(self.rules, self.boxes, dice))
            self._options_memo[dice] = known
        return list(known)

    def option(self, category: str, dice: Dice) -> ScoreOption:
        """What scoring these dice in `category` gives, or the error that forbids it."""
        box = self.rules.category(category)
        if box.name in self.boxes:
            raise BoxAlreadyFilled(box=box.name, box_label=box.label)
        if not is_extra_yahtzee(self.rules, self.boxes, dice):
            # Every open box takes these dice at their natural score (score_options): only
            # this box needs scoring, which makes replaying a long log several times faster.
            return ScoreOption(box.name, box.score(dice))
        for choice in self.options(dice):
            if choice.category == category:
                return choice
        allowed = [o.category for o in self.options(dice)]
        raise BoxNotAllowed(
            dice=str(dice),
            box=box.name,
            box_label=box.label,
            boxes=allowed,
            box_labels=[self.rules.category(name).label for name in allowed],
        )

    def fill(self, category: str, dice: Dice) -> tuple[Scorecard, ScoreOption]:
        """The card after scoring `dice` in `category`, and what that scored."""
        choice = self.option(category, dice)
        return self.with_score(choice), choice

    def with_score(self, choice: ScoreOption) -> Scorecard:
        """The card with an already-decided score written in (used when replaying events)."""
        if choice.category in self.boxes:
            box = self.rules.category(choice.category)
            raise BoxAlreadyFilled(box=box.name, box_label=box.label)
        boxes = dict(self.boxes)
        boxes[choice.category] = choice.points
        return Scorecard(self.rules, boxes, self.yahtzee_bonus + choice.bonus)

    # Derived rows ----------------------------------------------------------------------

    @property
    def open_categories(self) -> tuple[Category, ...]:
        """Boxes still empty, in card order."""
        return tuple(c for c in self.rules.categories if c.name not in self.boxes)

    @property
    def is_complete(self) -> bool:
        """Every box filled."""
        return len(self.boxes) == len(self.rules.categories)

    def _section_sum(self, section: Section) -> int:
        return sum(
            points
            for name, points in self.boxes.items()
            if self.rules.category(name).section is section
        )

    @property
    def upper_subtotal(self) -> int:
        """Sum of the upper boxes filled so far."""
        return self._section_sum(Section.UPPER)

    @property
    def upper_bonus(self) -> int:
        """The upper bonus, earned as soon as the subtotal reaches the threshold."""
        earned = (
            self.rules.has_upper_bonus and self.upper_subtotal >= self.rules.upper_bonus_threshold
        )
        return self.rules.upper_bonus if earned else 0

    @property
    def upper_bonus_earned(self) -> bool:
        """Whether this card has earned the upper bonus (a player's bonus rate counts these)."""
        return self.upper_bonus > 0

    @property
    def yahtzee_scored(self) -> bool:
        """Whether the Yahtzee box (five of a kind, whatever the rules call it) holds its
        points, rather than a 0 written off or nothing yet."""
        box = self.rules.five_of_a_kind
        return box is not None and self.boxes.get(box.name, 0) > 0

    @property
    def upper_total(self) -> int:
        """Upper subtotal plus upper bonus."""
        return self.upper_subtotal + self.upper_bonus

    @property
    def lower_total(self) -> int:
        """Sum of the lower boxes filled so far (extra-Yahtzee bonuses are their own row)."""
        return self._section_sum(Section.LOWER)

    @property
    def grand_total(self) -> int:
        """Everything: upper total, lower total and extra-Yahtzee bonuses."""
        return self.upper_total + self.lower_total + self.yahtzee_bonus

    def rows(self) -> list[tuple[str, str, int | None]]:
        """The card as printed: (key, label, value) for each box and derived row, in order.

        Open boxes have the value None. Derived rows that a rule set lacks (no upper bonus,
        no extra-Yahtzee bonus) are left out.
        """
        rows: list[tuple[str, str, int | None]] = []
        for box in self.rules.upper_categories:
            rows.append((box.name, box.label, self.boxes.get(box.name)))
        rows.append(("upper_subtotal", "Upper subtotal", self.upper_subtotal))
        if self.rules.has_upper_bonus:
            label = f"Bonus ({self.rules.upper_bonus} at {self.rules.upper_bonus_threshold})"
            rows.append(("upper_bonus", label, self.upper_bonus))
        rows.append(("upper_total", "Upper total", self.upper_total))
        for box in self.rules.lower_categories:
            rows.append((box.name, box.label, self.boxes.get(box.name)))
        rows.append(("lower_total", "Lower total", self.lower_total))
        if self.rules.has_extra_yahtzee_bonus:
            rows.append(("yahtzee_bonus", "Yahtzee bonus", self.yahtzee_bonus))
        rows.append(("grand_total", "Grand total", self.grand_total))
        return rows

    def to_dict(self) -> dict[str, object]:
        """Boxes and every derived row, JSON-ready."""
        return {
            "boxes": dict(self.boxes),
            "upper_subtotal": self.upper_subtotal,
            "upper_bonus": self.upper_bonus,
            "upper_total": self.upper_total,
            "lower_total": self.lower_total,
            "yahtzee_bonus": self.yahtzee_bonus,
            "grand_total": self.grand_total,
        }
