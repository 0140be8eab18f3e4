"""One turn of one state in plain numpy: what the advisor and the computer players read.

The same steps as the solver's compiled :func:`~.kernels.turn` for a single upper subtotal
(successors, leaves, chance, best), done a keep size at a time, so a hint or a computer move
needs no compiled code: no compile on the first use, no numba import.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from .keeps import DICE, KeepTable, keep_table
from .rule_arrays import RuleArrays

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

NEG = -1.0e300


@dataclass(frozen=True, eq=False)
class TurnIndex:
    """Index arrays for a rule set's turns, worked out once: where each hand scores in each box
    when it is not an extra Yahtzee, and the keeps of each size with their children and subs."""

    natural_points: FloatArray  # [hand, box]
    natural_slot: IntArray  # [hand, box] successor slot of those points
    extra_hands: IntArray  # hands that are five of a kind
    levels: tuple[tuple[int, int], ...]  # [size] (first keep, end) for sizes 0..5
    children: IntArray  # [face-1, keep] the keep with one more die of that face
    contained: IntArray  # [j, keep] every keep inside it, itself included; pads: the NEG row
    hand_probability: FloatArray
    first_hand: int


@cache
def _keep_index(keeps: KeepTable) -> tuple[tuple[tuple[int, int], ...], IntArray]:
    """Keep sizes as index ranges, and each keep's contained keeps (padded with the spare row
    past the last keep, which always holds NEG)."""
    starts = [int(s) for s in keeps.level_start]
    levels = tuple((starts[size], starts[size + 1]) for size in range(DICE + 1))
    inside: list[set[int]] = []
    for k in range(keeps.count):  # smallest first: a sub-keep's set is already there
        found = {k}
        for s in keeps.sub[k]:
            if s < 0:
                break
            found |= inside[s]
        inside.append(found)
    width = max(len(found) for found in inside)
    contained = np.full((width, keeps.count), keeps.count, dtype=np.int64)
    for k, found in enumerate(inside):
        contained[: len(found), k] = sorted(found)
    return levels, contained


def turn_index(arrays: RuleArrays) -> TurnIndex:
    """The turn index of a rule set (cached on its arrays object)."""
    cached = _INDEX.get(id(arrays))
    if cached is not None and cached[0] is arrays:
        return cached[1]
    k = keep_table()
    levels, contained = _keep_index(k)
    boxes = np.arange(arrays.box_count)
    natural = arrays.natural
    index = TurnIndex(
        natural_points=natural.astype(np.float64),
        natural_slot=arrays.slot_of[boxes[None, :], natural],
        extra_hands=np.flatnonzero(arrays.hand_face > 0),
        levels=levels,
        children=np.ascontiguousarray(k.child.T),
        contained=contained,
        hand_probability=k.hand_probability,
        first_hand=k.first_hand,
    )
    _INDEX[id(arrays)] = (arrays, index)
    return index


_INDEX: dict[int, tuple[RuleArrays, TurnIndex]] = {}


def successors(a: RuleArrays, values: FloatArray, mask: int, flag: int, upper: int) -> FloatArray:
    """succ[box, slot]: the table value after scoring in each open box (0 where filled)."""
    succ = np.zeros((a.box_count, a.slot_points.shape[1]))
    for box in range(a.box_count):
        if (mask >> box) & 1:
            continue
        nxt = mask | (1 << box)
        if a.is_upper[box]:
            count = int(a.slot_count[box])
            subtotals = np.minimum(upper + a.slot_points[box, :count], a.cap)
            succ[box, :count] = values[nxt, flag, subtotals]
        elif box == a.five_box:
            full = 1 if a.flags == 2 else 0
            succ[box, 0] = values[nxt, 0, upper]
            succ[box, 1] = values[nxt, full, upper]
        else:
            succ[box, 0] = values[nxt, flag, upper]
    return succ


def _situation(a: RuleArrays, mask: int, face: int) -> int:
    """Extra-Yahtzee situation of a card for `face` (as :func:`.kernels.situation`)."""
    up = int(a.upper_of_face[face - 1])
    if up >= 0 and not (mask >> up) & 1:
        return 0
    if (mask & a.lower_mask) != a.lower_mask:
        return 1
    return 2


def leaves(a: RuleArrays, ix: TurnIndex, succ: FloatArray, mask: int, flag: int) -> FloatArray:
    """[hand] the best score-now value of each of the 252 hands."""
    boxes = np.arange(a.box_count)
    is_open = (mask >> boxes) & 1 == 0
    value = ix.natural_points + succ[boxes[None, :], ix.natural_slot]
    value[:, ~is_open] = NEG
    if a.five_box >= 0 and (mask >> a.five_box) & 1:
        for hand in ix.extra_hands:
            face = int(a.hand_face[hand])
            sit = _situation(a, mask, face)
            allowed = a.extra_allowed[face - 1, flag, sit] & is_open
            points = a.extra_points[face - 1, flag, sit]
            gain = (points + a.extra_bonus[face - 1, flag, sit]).astype(np.float64)
            slots = a.slot_of[boxes, points]
            value[hand] = np.where(allowed, gain + succ[boxes, slots], NEG)
    value[np.isnan(value)] = NEG  # an unreachable successor is never the best
    return value.max(axis=1)


def chance(work: FloatArray, ix: TurnIndex) -> None:
    """Keeps smaller than a hand: the mean over the six faces of the one-die-larger keep."""
    for size in range(DICE - 1, -1, -1):
        start, end = ix.levels[size]
        c = work[ix.children[:, start:end]]
        # Summed face by face, in the compiled kernel's order: the same bits.
        total = c[0] + c[1]
        for face in range(2, 6):
            total += c[face]
        work[start:end] = total * (1.0 / 6.0)


def best(work: FloatArray, ix: TurnIndex) -> None:
    """Each keep's best value over itself and every keep it contains, in one gather (the
    compiled kernel reaches the same maximum a die at a time)."""
    work[:-1] = work[ix.contained].max(axis=0)


def _turn(
    a: RuleArrays, values: FloatArray, mask: int, flag: int, upper: int
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """(succ, before_last, work): work holds the keep values before the second roll, the
    hands' rows their best with one roll left, and the spare NEG row at the end."""
    ix = turn_index(a)
    succ = successors(a, values, mask, flag, upper)
    work = np.empty(ix.children.shape[1] + 1)
    work[-1] = NEG
    work[ix.first_hand : -1] = leaves(a, ix, succ, mask, flag)
    chance(work, ix)
    before_last = work[:-1].copy()
    best(work, ix)
    chance(work, ix)
    return succ, before_last, work


def turn(
    a: RuleArrays, values: FloatArray, mask: int, flag: int, upper: int
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """One turn in full: (succ, before_last, before_second) keep values, as :func:`.kernels.turn`
    gives them for one subtotal."""
    succ, before_last, work = _turn(a, values, mask, flag, upper)
    return succ, before_last, work[:-1].copy()


def start_value(a: RuleArrays, values: FloatArray, mask: int, flag: int, upper: int) -> float:
    """Expected points to come from a turn-start state, worked out from the table values one
    box further on (the solver's step for one state)."""
    ix = turn_index(a)
    _, _, work = _turn(a, values, mask, flag, upper)
    best(work, ix)
    total = 0.0
    for h, w in enumerate(ix.hand_probability.tolist()):  # the kernel's order of summing
        total += w * float(work[ix.first_hand + h])
    return total
