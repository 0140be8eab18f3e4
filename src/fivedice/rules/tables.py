"""Every box's score for every dice multiset and card, tabulated: score_options, fast and flat.

The solver asks "what may these dice score here?" millions of times. :func:`score_options`
answers one card at a time; this module asks it a few dozen times and lays the answers out so
that the answer for any card is a table lookup. It is the same rule knowledge, not a copy:
every entry is produced by :func:`score_options` itself, and the test suite checks the lookup
against :func:`score_options` on every card.

What the lookup relies on (checked by the tests for every preset):

* Dice that are not an extra Yahtzee score each open box at its natural score (``natural``).
* For an extra Yahtzee of face ``f`` the options depend on the card only through which boxes
  are open, whether the Yahtzee box holds more than 0, and the *situation*: whether the upper
  box for ``f`` is open (0), filled while some lower box is open (1), or filled with every
  lower box filled too (2). ``extra[(f, holds_points, situation)]`` gives, per box, whether the
  joker may go there when it is open, with what points and bonus.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from .categories import Section
from .dice import Dice, all_dice
from .errors import ImpossibleScore
from .ruleset import RuleSet
from .scoring import ScoreOption, score_options

# The three situations of an extra Yahtzee (see the module docstring).
UPPER_OPEN = 0
UPPER_FILLED = 1
UPPER_AND_LOWER_FILLED = 2
SITUATIONS = (UPPER_OPEN, UPPER_FILLED, UPPER_AND_LOWER_FILLED)


@dataclass(frozen=True, slots=True)
class BoxEntry:
    """One box in one extra-Yahtzee situation: may the dice go here if it is open, and for what."""

    allowed: bool
    points: int = 0
    bonus: int = 0
    joker: bool = False


@dataclass(frozen=True)
class ScoreTables:
    """The scores of a rule set laid out by dice index (``all_dice`` order) and box index."""

    rules: RuleSet
    dice: tuple[Dice, ...]
    natural: tuple[tuple[int, ...], ...]  # [dice][box]
    is_upper: tuple[bool, ...]  # [box]
    five_box: int | None  # index of the Yahtzee box, if any
    upper_box_of_face: tuple[int | None, ...]  # [face - 1]
    extra: Mapping[tuple[int, bool, int], tuple[BoxEntry, ...]]  # [(face, holds, sit)][box]

    @property
    def box_count(self) -> int:
        """How many boxes the card has."""
        return len(self.is_upper)

    @property
    def lower_mask(self) -> int:
        """The bits of the lower-section boxes in a filled-box mask (bit i = box i)."""
        return sum(1 << i for i, up in enumerate(self.is_upper) if not up)

    def situation(self, filled_mask: int, face: int) -> int:
        """Which extra-Yahtzee situation a card with these filled boxes is in for `face`."""
        upper = self.upper_box_of_face[face - 1]
        if upper is not None and not filled_mask >> upper & 1:
            return UPPER_OPEN
        if filled_mask & self.lower_mask != self.lower_mask:
            return UPPER_FILLED
        return UPPER_AND_LOWER_FILLED

    def mask_of(self, filled: Mapping[str, int]) -> int:
        """The filled-box bit mask of a card's boxes."""
        return sum(1 << self.rules.index(name) for name in filled)

    def options(self, filled: Mapping[str, int], dice: Dice) -> list[ScoreOption]:
        """The same list :func:`score_options` gives, read from the tables."""
        names = self.rules.category_names
        mask = self.mask_of(filled)
        five = self.five_box
        if five is not None and dice.is_five_of_a_kind and mask >> five & 1:
            holds = filled[names[five]] > 0
            entries = self.extra[(dice.values[0], holds, self.situation(mask, dice.values[0]))]
            return [
                ScoreOption(names[i], e.points, e.bonus, e.joker)
                for i, e in enumerate(entries)
                if e.allowed and not mask >> i & 1
            ]
        row = self.natural[self.dice.index(dice)]
        return [ScoreOption(names[i], row[i]) for i in range(len(names)) if not mask >> i & 1]


@cache
def score_tables(rules: RuleSet) -> ScoreTables:
    """Tabulate `rules` by asking :func:`score_options` for each dice and situation once."""
    names = rules.category_names
    index = {name: i for i, name in enumerate(names)}
    dice = all_dice()
    natural = tuple(_natural_row(rules, d, index) for d in dice)
    is_upper = tuple(c.section is Section.UPPER for c in rules.categories)
    five = rules.five_of_a_kind
    upper_of_face = tuple(
        None if (box := rules.upper_box_for(face)) is None else index[box.name]
        for face in range(1, 7)
    )
    extra: dict[tuple[int, bool, int], tuple[BoxEntry, ...]] = {}
    if five is not None:
        lower = [c.name for c in rules.categories if c.section is Section.LOWER]
        for face in range(1, 7):
            upper = rules.upper_box_for(face)
            for holds in (False, True):
                for sit in SITUATIONS:
                    filled = {five.name: five.value if holds else 0}
                    if sit != UPPER_OPEN and upper is not None:
                        filled[upper.name] = 0
                    if sit == UPPER_AND_LOWER_FILLED:
                        filled.update(dict.fromkeys(lower, 0))
                        filled[five.name] = five.value if holds else 0
                    if sit == UPPER_OPEN and upper is None:
                        extra[(face, holds, sit)] = (BoxEntry(False),) * len(names)
                        continue
                    got = {o.category: o for o in score_options(rules, filled, Dice((face,) * 5))}
                    extra[(face, holds, sit)] = tuple(
                        BoxEntry(True, o.points, o.bonus, o.joker)
                        if (o := got.get(name)) is not None
                        else BoxEntry(False)
                        for name in names
                    )
    return ScoreTables(
        rules=rules,
        dice=dice,
        natural=natural,
        is_upper=is_upper,
        five_box=None if five is None else index[five.name],
        upper_box_of_face=upper_of_face,
        extra=extra,
    )


def _natural_row(rules: RuleSet, dice: Dice, index: Mapping[str, int]) -> tuple[int, ...]:
    """Each box's points for dice on an empty card (no joker can apply there)."""
    row = [0] * len(index)
    for option in score_options(rules, {}, dice):
        row[index[option.category]] = option.points
    return tuple(row)


@cache
def possible_scores(rules: RuleSet) -> Mapping[str, frozenset[int]]:
    """Every score each box can hold in some game: what any dice score there by the box's own
    rule, and what an extra Yahtzee may put there as a joker (read from :func:`score_tables`)."""
    tables = score_tables(rules)
    found: list[set[int]] = [set() for _ in rules.category_names]
    for row in tables.natural:
        for box, points in enumerate(row):
            found[box].add(points)
    for entries in tables.extra.values():
        for box, entry in enumerate(entries):
            if entry.allowed:
                found[box].add(entry.points)
    return {name: frozenset(f) for name, f in zip(rules.category_names, found, strict=True)}


def check_possible(rules: RuleSet, boxes: Mapping[str, int], yahtzee_bonus: int = 0) -> None:
    """Raise :class:`ImpossibleScore` for a card no game can produce: a box holding points its
    rule never gives, or an extra-Yahtzee bonus that is not one bonus per extra Yahtzee that the
    filled boxes leave room for (each extra Yahtzee fills a box besides the Yahtzee box)."""
    possible = possible_scores(rules)
    for name, points in boxes.items():
        box = rules.category(name)
        if points not in possible[name]:
            raise ImpossibleScore(
                reason="box_points",
                box=box.name,
                box_label=box.label,
                points=points,
                spans=_spans(possible[name]),
            )
    five = rules.five_of_a_kind
    if yahtzee_bonus == 0:
        return
    if not rules.has_extra_yahtzee_bonus or five is None:
        raise ImpossibleScore(
            reason="no_bonus", preset=rules.name, preset_title=rules.title, bonus=yahtzee_bonus
        )
    each = rules.extra_yahtzee_bonus
    room = len(boxes) - (five.name in boxes)
    if yahtzee_bonus < 0 or yahtzee_bonus % each:
        raise ImpossibleScore(reason="bonus_multiple", each=each, bonus=yahtzee_bonus)
    if boxes.get(five.name, 0) <= 0:
        raise ImpossibleScore(
            reason="bonus_needs_box", bonus=yahtzee_bonus, box=five.name, box_label=five.label
        )
    if yahtzee_bonus // each > room:
        raise ImpossibleScore(
            reason="bonus_room",
            bonus=yahtzee_bonus,
            extra=yahtzee_bonus // each,
            box=five.name,
            box_label=five.label,
            room=room,
        )


def _spans(values: Iterable[int]) -> str:
    """Sorted values with runs written as ranges: "0, 5 to 30"."""
    ordered = sorted(values)
    parts: list[str] = []
    start = 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
            run = ordered[start:i]
            if len(run) >= 3:
                parts.append(f"{run[0]} to {run[-1]}")
            else:
                parts.extend(str(v) for v in run)
            start = i
    return ", ".join(parts)
