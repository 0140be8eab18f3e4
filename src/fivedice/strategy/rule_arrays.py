"""A rule set's score tables as numpy arrays, in the layout the solver's kernels read.

Everything here is read off :func:`fivedice.rules.tables.score_tables`, which asks
:func:`fivedice.rules.score_options`; no scoring rule is written down in this package.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from fivedice.rules import RuleSet
from fivedice.rules.tables import SITUATIONS, ScoreTables, score_tables

from .keeps import FACES

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class PackedRules(NamedTuple):
    """The rule arrays a compiled kernel reads, as one argument (numba types a namedtuple).

    Fields mean what the :class:`RuleArrays` fields of the same names do; this is the one
    place their order is written.
    """

    box_count: int
    five_box: int
    flags: int
    cap: int
    threshold: int
    is_upper: BoolArray
    natural: IntArray
    hand_face: IntArray
    extra_allowed: BoolArray
    extra_points: IntArray
    extra_bonus: IntArray
    upper_of_face: IntArray
    lower_mask: int
    slot_of: IntArray
    slot_points: IntArray
    slot_count: IntArray
    upper_boxes: IntArray
    reach: BoolArray
    headroom: IntArray


@dataclass(frozen=True, eq=False)
class RuleArrays:
    """Scores, bonus and upper-subtotal facts of one rule set, as flat integer arrays.

    The upper subtotal is tracked capped at ``cap`` (the bonus threshold, or 0 when the rule
    set has no upper bonus, since then it never matters). ``flags`` is 2 when it matters
    whether the Yahtzee box holds points or a 0 (extra-Yahtzee bonus or joker differ), else 1.
    """

    rules: RuleSet
    tables: ScoreTables
    box_count: int
    is_upper: BoolArray  # [box]
    five_box: int  # -1 when the card has no Yahtzee box
    flags: int
    cap: int
    threshold: int
    upper_bonus: int
    natural: IntArray  # [hand, box] points when the dice are not an extra Yahtzee
    hand_face: IntArray  # [hand] the face of a five of a kind, else 0
    extra_allowed: BoolArray  # [face-1, holds, situation, box]
    extra_points: IntArray  # [face-1, holds, situation, box]
    extra_bonus: IntArray  # [face-1, holds, situation, box]
    upper_of_face: IntArray  # [face-1] box index, -1 if none
    lower_mask: int
    slot_of: IntArray  # [box, points] which successor slot scoring `points` there leads to
    slot_points: IntArray  # [box, slot] points added to the upper subtotal in that slot
    slot_count: IntArray  # [box]
    upper_boxes: IntArray  # box indices of the upper section, in card order
    reach: BoolArray  # [filled upper subset, u] can the capped subtotal be u
    headroom: IntArray  # [filled upper subset] most the open upper boxes can still add

    @cached_property
    def packed(self) -> PackedRules:
        """These arrays as the one argument the compiled kernels take."""
        return PackedRules(*(getattr(self, name) for name in PackedRules._fields))

    def upper_subset(self, mask: int) -> int:
        """The compressed index of the filled upper boxes of a filled-box mask."""
        return sum(1 << j for j, box in enumerate(self.upper_boxes) if mask >> int(box) & 1)


@cache
def rule_arrays(rules: RuleSet) -> RuleArrays:
    """Lay out `rules` for the solver (cached per rule set)."""
    tables = score_tables(rules)
    n = tables.box_count
    natural = np.array(tables.natural, dtype=np.int64)
    hand_face = np.array(
        [d.values[0] if d.is_five_of_a_kind else 0 for d in tables.dice], dtype=np.int64
    )
    shape = (FACES, 2, len(SITUATIONS), n)
    allowed = np.zeros(shape, dtype=np.bool_)
    points = np.zeros(shape, dtype=np.int64)
    bonus = np.zeros(shape, dtype=np.int64)
    for (face, holds, sit), entries in tables.extra.items():
        for box, e in enumerate(entries):
            allowed[face - 1, int(holds), sit, box] = e.allowed
            points[face - 1, int(holds), sit, box] = e.points if e.allowed else 0
            bonus[face - 1, int(holds), sit, box] = e.bonus if e.allowed else 0
    five = -1 if tables.five_box is None else tables.five_box
    flag_matters = five >= 0 and not (
        np.array_equal(allowed[:, 0], allowed[:, 1])
        and np.array_equal(points[:, 0], points[:, 1])
        and np.array_equal(bonus[:, 0], bonus[:, 1])
    )
    is_upper = np.array(tables.is_upper, dtype=np.bool_)
    has_bonus = rules.has_upper_bonus
    cap = rules.upper_bonus_threshold if has_bonus else 0

    # Successor slots: an upper box's successor depends on the points it adds; the Yahtzee
    # box's on whether it scored more than 0; any other box has one successor.
    max_points = int(max(natural.max(), points.max()))
    slot_of = np.zeros((n, max_points + 1), dtype=np.int64)
    possible: list[list[int]] = []
    for box in range(n):
        seen = set(natural[:, box].tolist()) | set(points[..., box][allowed[..., box]].tolist())
        possible.append(sorted(seen))
    max_slots = max([2] + [len(p) for b, p in enumerate(possible) if is_upper[b]])
    slot_points = np.zeros((n, max_slots), dtype=np.int64)
    slot_count = np.ones(n, dtype=np.int64)
    for box in range(n):
        if is_upper[box]:
            for s, p in enumerate(possible[box]):
                slot_of[box, p] = s
                slot_points[box, s] = p
            slot_count[box] = len(possible[box])
        elif box == five:
            slot_of[box, 1:] = 1
            slot_count[box] = 2
    upper_boxes = np.flatnonzero(is_upper).astype(np.int64)
    subsets = 1 << len(upper_boxes)
    reach = np.zeros((subsets, cap + 1), dtype=np.bool_)
    headroom = np.zeros(subsets, dtype=np.int64)
    for subset in range(subsets):
        sums = {0}
        room = 0
        for j, box in enumerate(upper_boxes.tolist()):
            if subset >> j & 1:
                sums = {min(cap, s + p) for s in sums for p in possible[box]}
            else:
                room += max(possible[box])
        reach[subset, sorted(sums)] = True
        headroom[subset] = room
    return RuleArrays(
        rules=rules,
        tables=tables,
        box_count=n,
        is_upper=is_upper,
        five_box=five,
        flags=2 if flag_matters else 1,
        cap=cap,
        threshold=rules.upper_bonus_threshold if has_bonus else 0,
        upper_bonus=rules.upper_bonus if has_bonus else 0,
        natural=natural,
        hand_face=hand_face,
        extra_allowed=allowed,
        extra_points=points,
        extra_bonus=bonus,
        upper_of_face=np.array(
            [-1 if b is None else b for b in tables.upper_box_of_face], dtype=np.int64
        ),
        lower_mask=tables.lower_mask,
        slot_of=slot_of,
        slot_points=slot_points,
        slot_count=slot_count,
        upper_boxes=upper_boxes,
        reach=reach,
        headroom=headroom,
    )
