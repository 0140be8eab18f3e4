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
    when it is not an extra Yahtzee, and the keeps of each size with the keeps one die larger
    and the keeps they contain."""

    natural_points: FloatArray  # [hand, box]
    natural_slot: IntArray  # [hand, box] successor slot of those points
    extra_hands: IntArray  # hands that are five of a kind
    levels: tuple[tuple[int, int], ...]  # [size] (first keep, end) for sizes 0..5
    children: IntArray  # [face-1, keep] the keep with one more die of that face
    contained: IntArray  # [j, keep] every keep inside it, itself included; pads: the NEG row
    hand_probability: FloatArray
    first_hand: int
    # Every (box, slot) successor: the upper points it adds, and the flag after it (-1: as now).
    pair_box: IntArray
    pair_slot: IntArray
    pair_points: IntArray
    pair_flag: IntArray


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
    pairs: list[tuple[int, int, int, int]] = []
    for box in range(arrays.box_count):
        if arrays.is_upper[box]:
            for slot in range(int(arrays.slot_count[box])):
                pairs.append((box, slot, int(arrays.slot_points[box, slot]), -1))
        elif box == arrays.five_box:
            pairs.append((box, 0, 0, 0))  # a 0 in the Yahtzee box
            pairs.append((box, 1, 0, 1 if arrays.flags == 2 else 0))  # its points
        else:
            pairs.append((box, 0, 0, -1))
    pair = np.array(pairs, dtype=np.int64).T
    index = TurnIndex(
        natural_points=natural.astype(np.float64),
        natural_slot=arrays.slot_of[boxes[None, :], natural],
        extra_hands=np.flatnonzero(arrays.hand_face > 0),
        levels=levels,
        children=np.ascontiguousarray(k.child.T),
        contained=contained,
        hand_probability=k.hand_probability,
        first_hand=k.first_hand,
        pair_box=pair[0],
        pair_slot=pair[1],
        pair_points=pair[2],
        pair_flag=pair[3],
    )
    _INDEX[id(arrays)] = (arrays, index)
    return index


_INDEX: dict[int, tuple[RuleArrays, TurnIndex]] = {}


def successors(a: RuleArrays, values: FloatArray, mask: int, flag: int, upper: int) -> FloatArray:
    """succ[box, slot]: the table value after scoring in each open box (0 where filled)."""
    ix = turn_index(a)
    bits = 1 << ix.pair_box
    open_pair = (mask & bits) == 0
    flags = np.where(ix.pair_flag < 0, flag, ix.pair_flag)[open_pair]
    subtotals = np.minimum(upper + ix.pair_points, a.cap)[open_pair]
    succ = np.zeros((a.box_count, a.slot_points.shape[1]))
    succ[ix.pair_box[open_pair], ix.pair_slot[open_pair]] = values[
        mask | bits[open_pair], flags, subtotals
    ]
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
    succ[~is_open] = NEG  # a filled box is never chosen
    value = ix.natural_points + succ[boxes, ix.natural_slot]
    if a.five_box >= 0 and (mask >> a.five_box) & 1:
        for hand in ix.extra_hands:
            face = int(a.hand_face[hand])
            sit = _situation(a, mask, face)
            allowed = a.extra_allowed[face - 1, flag, sit] & is_open
            points = a.extra_points[face - 1, flag, sit]
            gain = (points + a.extra_bonus[face - 1, flag, sit]).astype(np.float64)
            slots = a.slot_of[boxes, points]
            value[hand] = np.where(allowed, gain + succ[boxes, slots], NEG)
    succ[~is_open] = 0.0
    # fmax passes over NaN (an unreachable successor), as the kernel's comparisons do.
    return np.fmax.reduce(value, axis=1)


def chance(work: FloatArray, ix: TurnIndex) -> None:
    """Keeps smaller than a hand: the mean over the six faces of the one-die-larger keep."""
    for size in range(DICE - 1, -1, -1):
        start, end = ix.levels[size]
        # Summed face by face down axis 0, in the compiled kernel's order: the same bits.
        total = np.add.reduce(work[ix.children[:, start:end]], axis=0)
        np.multiply(total, 1.0 / 6.0, out=work[start:end])


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
