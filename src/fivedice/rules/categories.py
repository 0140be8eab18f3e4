"""Scorecard boxes as data: what dice a box asks for and how it counts them.

A :class:`Category` is a value, not code: a handful of fields say which pattern the dice must
show and whether the box scores a fixed amount, the sum of all dice, or only the matching dice.
Every variant's boxes (Yahtzee, General, Yatzy, Yacht) are built from these few patterns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from .dice import Dice, all_dice


class Section(StrEnum):
    """The two halves of a scorecard; only the upper one counts towards the upper bonus."""

    UPPER = "upper"
    LOWER = "lower"


class Pattern(StrEnum):
    """What the dice must show for a box to score."""

    FACE = "face"  # the dice showing one face (Ones..Sixes): always scores, maybe 0
    OF_A_KIND = "of_a_kind"  # at least `count` dice of one face
    PAIRS = "pairs"  # `count` pairs of different faces (Yatzy)
    FULL_HOUSE = "full_house"  # three of one face and two of another
    STRAIGHT = "straight"  # the dice contain one of `runs`
    CHANCE = "chance"  # anything


class Points(StrEnum):
    """How a box counts dice that fit its pattern."""

    FIXED = "fixed"  # `value` points
    SUM = "sum"  # the total of all five dice
    MATCHED = "matched"  # only the dice that form the pattern (Yatzy's kinds and pairs)


@dataclass(frozen=True)
class Category:
    """One box of a scorecard: its name, its section, and how it scores."""

    name: str
    label: str
    section: Section
    pattern: Pattern
    points: Points
    value: int = 0
    face: int = 0
    count: int = 0
    runs: tuple[tuple[int, ...], ...] = ()
    # A box's score depends on the dice alone; every face asks for it many times per move.
    _scores: dict[Dice, int] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def matched_dice(self, dice: Dice) -> tuple[int, ...] | None:
        """The dice that make this box's pattern, or None if the dice do not fit it."""
        counts = dice.counts
        if self.pattern is Pattern.FACE:
            return tuple(v for v in dice if v == self.face)
        if self.pattern is Pattern.CHANCE:
            return dice.values
        if self.pattern is Pattern.OF_A_KIND:
            for face in range(6, 0, -1):
                if counts[face - 1] >= self.count:
                    return (face,) * self.count
            return None
        if self.pattern is Pattern.PAIRS:
            pair_faces = [f for f in range(6, 0, -1) if counts[f - 1] >= 2][: self.count]
            if len(pair_faces) < self.count:
                return None
            return tuple(f for f in pair_faces for _ in range(2))
        if self.pattern is Pattern.FULL_HOUSE:
            return dice.values if sorted(c for c in counts if c) == [2, 3] else None
        if self.pattern is Pattern.STRAIGHT:
            present = set(dice.values)
            return next((run for run in self.runs if present.issuperset(run)), None)
        raise AssertionError(f"unhandled pattern {self.pattern}")

    def score(self, dice: Dice) -> int:
        """The points these dice earn here by the box's own rule (0 when they do not fit)."""
        points = self._scores.get(dice)
        if points is None:
            matched = self.matched_dice(dice)
            points = 0 if matched is None else self._count(dice, matched)
            self._scores[dice] = points
        return points

    def full_value(self, dice: Dice) -> int:
        """The points as if the dice fitted the pattern: what a Yahtzee joker earns here."""
        if self.points is Points.FIXED:
            return self.value
        return dice.total

    def _count(self, dice: Dice, matched: tuple[int, ...]) -> int:
        if self.pattern is Pattern.FACE or self.points is Points.MATCHED:
            return sum(matched)
        if self.points is Points.FIXED:
            return self.value
        return dice.total

    @property
    def max_points(self) -> int:
        """The most this box can ever score by its own rule."""
        return _max_points(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description, enough to rebuild the box with :meth:`from_dict`."""
        data: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "section": self.section.value,
            "pattern": self.pattern.value,
            "points": self.points.value,
        }
        if self.value:
            data["value"] = self.value
        if self.face:
            data["face"] = self.face
        if self.count:
            data["count"] = self.count
        if self.runs:
            data["runs"] = [list(r) for r in self.runs]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Category:
        """Rebuild a box from :meth:`to_dict`'s output."""
        return cls(
            name=data["name"],
            label=data["label"],
            section=Section(data["section"]),
            pattern=Pattern(data["pattern"]),
            points=Points(data["points"]),
            value=int(data.get("value", 0)),
            face=int(data.get("face", 0)),
            count=int(data.get("count", 0)),
            runs=tuple(tuple(int(f) for f in r) for r in data.get("runs", ())),
        )


@cache
def _max_points(category: Category) -> int:
    return max(category.score(d) for d in all_dice())


# Builders for the boxes the variants share; presets combine them.

UPPER_NAMES = ("ones", "twos", "threes", "fours", "fives", "sixes")


def upper_boxes() -> tuple[Category, ...]:
    """Ones to Sixes: each scores the dice showing its face."""
    return tuple(
        Category(name, name.capitalize(), Section.UPPER, Pattern.FACE, Points.SUM, face=face)
        for face, name in enumerate(UPPER_NAMES, start=1)
    )


def of_a_kind(name: str, label: str, count: int, points: Points, value: int = 0) -> Category:
    """A lower box asking for at least `count` dice of one face."""
    return Category(name, label, Section.LOWER, Pattern.OF_A_KIND, points, value, count=count)


def straight(name: str, label: str, runs: tuple[tuple[int, ...], ...], value: int) -> Category:
    """A straight box: fixed `value` points (0 means the dice sum) when any of `runs` shows."""
    points = Points.FIXED if value else Points.SUM
    return Category(name, label, Section.LOWER, Pattern.STRAIGHT, points, value, runs=runs)


def full_house(points: Points = Points.FIXED, value: int = 25) -> Category:
    """Three of one face and two of another."""
    return Category("full_house", "Full house", Section.LOWER, Pattern.FULL_HOUSE, points, value)


def chance(label: str = "Chance") -> Category:
    """Any dice, scoring their total."""
    return Category("chance", label, Section.LOWER, Pattern.CHANCE, Points.SUM)


SMALL_RUNS: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
LARGE_RUNS: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))
LOW_RUN: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5),)
HIGH_RUN: tuple[tuple[int, ...], ...] = ((2, 3, 4, 5, 6),)
