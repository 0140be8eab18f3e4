"""Five six-sided dice as a sorted multiset, and the holds a player can keep between rolls."""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

from .errors import InvalidDice

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
DICE_COUNT = 5
# Commas, and hyphens between two faces ("3-3-3-1-5"); a hyphen before a face is a minus sign.
_SEPARATOR = re.compile(r",|(?<=\d)-(?=\d)")


@dataclass(frozen=True, order=True, slots=True)
class Dice:
    """Five dice, kept sorted: scoring never depends on the order they landed in."""

    values: tuple[int, int, int, int, int]

    def __init__(self, values: Iterable[int]) -> None:
        given = list(values)  # once: `values` may be a generator, and the error shows them
        try:
            # operator.index takes whole numbers only: a 1.5 is not quietly read as a 1
            faces = tuple(sorted(operator.index(v) for v in given))
        except TypeError:
            faces = ()
        if len(faces) != DICE_COUNT or any(f not in FACES for f in faces):
            raise InvalidDice(reason="values", given=repr(given))
        object.__setattr__(self, "values", faces)

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read dice written as the rule pages do: ``"3 3 3 1 5"``, ``"3,3,3,1,5"``, ``"33315"``."""
        cleaned = _SEPARATOR.sub(" ", text).split()
        words = list(cleaned[0]) if len(cleaned) == 1 else cleaned
        wrong = next((w for w in words if w not in {str(f) for f in FACES}), None)
        if wrong is not None:
            raise InvalidDice(reason="unreadable_face", text=text, face=wrong)
        if len(words) != DICE_COUNT:
            raise InvalidDice(reason="count", text=text, count=len(words))
        return cls(int(w) for w in words)

    @classmethod
    def from_faces(cls, faces: tuple[int, ...]) -> Dice:
        """The dice for five faces as they lie on the table (any order); memoised, since a
        match asks for the same few thousand tuples again and again."""
        try:
            return _dice_of(tuple(faces))
        except TypeError:  # unhashable values: let the constructor say what is wrong
            return cls(faces)

    @property
    def counts(self) -> tuple[int, int, int, int, int, int]:
        """How many dice show each face, ones first."""
        return _face_counts(self.values)

    @property
    def total(self) -> int:
        """The sum of all five dice."""
        return sum(self.values)

    @property
    def is_five_of_a_kind(self) -> bool:
        """All five dice show the same face."""
        return self.values[0] == self.values[4]

    def __iter__(self) -> Iterator[int]:
        return iter(self.values)

    def __str__(self) -> str:
        return " ".join(str(v) for v in self.values)


@cache
def _dice_of(faces: tuple[int, ...]) -> Dice:
    return Dice(faces)


@cache
def _face_counts(values: tuple[int, ...]) -> tuple[int, int, int, int, int, int]:
    """Face counts of a sorted 5-tuple; memoised, since only 252 tuples exist."""
    c = [0] * 6
    for v in values:
        c[v - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


@cache
def all_dice() -> tuple[Dice, ...]:
    """Every distinct outcome of five dice: the 252 sorted multisets, in sorted order."""
    return tuple(Dice(c) for c in combinations_with_replacement(FACES, DICE_COUNT))


def is_sub_multiset(kept: Iterable[int], dice: Iterable[int]) -> bool:
    """Whether every kept value can be taken from the dice (each die used once)."""
    pool = list(dice)
    for value in kept:
        if value not in pool:
            return False
        pool.remove(value)
    return True
