"""The combinatorics of holding and rerolling dice: keeps, their children and roll chances.

A *keep* is the multiset of dice held before a reroll: 462 of them, from the empty keep to the
252 full hands of five. They are numbered by size, then in sorted order, so the last 252 keeps
are exactly the hands of :func:`fivedice.rules.all_dice` in the same order. Rerolling the
dice a keep leaves out is the same as adding one random die at a time, which is what makes the
solver's chance step cheap: a keep's value is the mean of its six one-die-larger children.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations_with_replacement
from math import factorial
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from fivedice.rules import all_dice

FACES = 6
DICE = 5

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


class PackedKeeps(NamedTuple):
    """The keep arrays a compiled kernel reads, as one argument (numba types a namedtuple).

    Fields mean what the :class:`KeepTable` fields of the same names do; this is the one place
    their order is written.
    """

    child: IntArray
    sub: IntArray
    first_hand: int
    hand_probability: FloatArray
    subkeeps: IntArray
    counts: IntArray
    size: IntArray
    keep_of_code: IntArray


@dataclass(frozen=True, eq=False)
class KeepTable:
    """Keeps in solver order with the index arrays the turn computation walks."""

    keeps: tuple[tuple[int, ...], ...]  # each keep as sorted faces
    size: IntArray  # [keep] number of dice held
    level_start: IntArray  # [size] first keep of each size; level_start[6] == 462
    child: IntArray  # [keep, face-1] the keep with one more die of that face (-1 at size 5)
    sub: IntArray  # [keep, j] keeps with one die fewer, one per distinct face (-1 pads)
    hand_keep: IntArray  # [hand] keep index of each of the 252 hands (all_dice order)
    hand_probability: FloatArray  # [hand] chance that five fresh dice show this hand
    subkeeps: IntArray  # [hand, j] every distinct keep a hand can hold (-1 pads), up to 32
    index: dict[tuple[int, ...], int]  # keep (sorted faces) -> keep index
    counts: IntArray  # [keep, face-1] how many held dice show each face
    keep_of_code: IntArray  # [sum(count[f] * 6**f)] -> keep index (-1 where no keep)

    @property
    def count(self) -> int:
        """How many keeps there are (462 for five six-sided dice)."""
        return len(self.keeps)

    @property
    def first_hand(self) -> int:
        """Keep index of the first full hand (keeps before it hold fewer than five dice)."""
        return int(self.level_start[DICE])

    @cached_property
    def packed(self) -> PackedKeeps:
        """These arrays as the one argument the compiled kernels take."""
        return PackedKeeps(*(getattr(self, name) for name in PackedKeeps._fields))


def multinomial_probability(counts: Sequence[int]) -> float:
    """Chance that sum(counts) fresh dice show exactly these face counts."""
    n = sum(counts)
    ways = factorial(n)
    for c in counts:
        ways //= factorial(c)
    return ways / FACES**n


@cache
def keep_table() -> KeepTable:
    """Build the keep table once per process."""
    keeps: list[tuple[int, ...]] = []
    starts = []
    for size in range(DICE + 1):
        starts.append(len(keeps))
        keeps.extend(combinations_with_replacement(range(1, FACES + 1), size))
    starts.append(len(keeps))
    index = {k: i for i, k in enumerate(keeps)}
    count = len(keeps)
    child = np.full((count, FACES), -1, dtype=np.int64)
    sub = np.full((count, FACES), -1, dtype=np.int64)
    for i, k in enumerate(keeps):
        if len(k) < DICE:
            for f in range(1, FACES + 1):
                child[i, f - 1] = index[tuple(sorted((*k, f)))]
        for j, f in enumerate(sorted(set(k))):
            rest = list(k)
            rest.remove(f)
            sub[i, j] = index[tuple(rest)]
    hands = [d.values for d in all_dice()]
    hand_keep = np.array([index[h] for h in hands], dtype=np.int64)
    assert (hand_keep == np.arange(starts[DICE], count)).all()
    probability = np.array(
        [multinomial_probability([h.count(f) for f in range(1, FACES + 1)]) for h in hands]
    )
    subkeeps = np.full((len(hands), 32), -1, dtype=np.int64)
    for h, hand in enumerate(hands):
        subs = sorted(
            {
                index[tuple(v for bit, v in enumerate(hand) if chosen >> bit & 1)]
                for chosen in range(32)
            }
        )
        subkeeps[h, : len(subs)] = subs
    counts = np.array([[k.count(f) for f in range(1, FACES + 1)] for k in keeps], dtype=np.int64)
    keep_of_code = np.full(FACES**FACES, -1, dtype=np.int64)
    keep_of_code[counts @ (FACES ** np.arange(FACES))] = np.arange(count)
    return KeepTable(
        keeps=tuple(keeps),
        size=np.array([len(k) for k in keeps], dtype=np.int64),
        level_start=np.array(starts, dtype=np.int64),
        child=child,
        sub=sub,
        hand_keep=hand_keep,
        hand_probability=probability,
        subkeeps=subkeeps,
        index=index,
        counts=counts,
        keep_of_code=keep_of_code,
    )


def reroll_distribution(keep: Sequence[int]) -> dict[tuple[int, ...], float]:
    """The hands that holding `keep` and rolling the rest can give, with their chances."""
    free = DICE - len(keep)
    out: dict[tuple[int, ...], float] = {}
    for rolled in combinations_with_replacement(range(1, FACES + 1), free):
        counts = [rolled.count(f) for f in range(1, FACES + 1)]
        out[tuple(sorted((*keep, *rolled)))] = multinomial_probability(counts)
    return out
