"""The solver's compiled inner loops: one turn of optimal play, vectorised over upper subtotals.

State layout
------------
A solitaire state at the start of a turn is ``(mask, flag, u)``:

* ``mask``: bit ``i`` set when box ``i`` (card order) is filled; ``2**n`` masks.
* ``flag``: 1 when the Yahtzee box holds points, 0 when it is open or holds a 0 (only present
  when that difference changes any score; otherwise the axis has length 1).
* ``u``: the upper subtotal capped at ``cap`` (the bonus threshold; 0 without an upper bonus).

``values[mask, flag, u]`` is the expected score still to come under optimal play, the upper
bonus included (the terminal row pays it), extra-Yahtzee bonuses included, points already on
the card excluded.

Order of computation
--------------------
Masks are solved from the full card down to the empty one, one popcount level at a time; the
states of a level only read states of the level above, so a level runs in parallel (``prange``
over its ``(mask, flag)`` jobs). One job computes the value for a vector of upper subtotals at
once (the inner, SIMD-friendly axis ``r``):

1. *Representative subtotals* (:func:`representatives`). Only subtotals reachable from the
   filled upper boxes matter; all subtotals from which the bonus is out of reach share one
   value (computed at ``u = 0``) and ``u >= threshold`` is stored once at ``cap``
   (:func:`store` spreads a job's results back over them).
2. *Successors* ``succ[box, slot, r]`` (:func:`successors`): the value after scoring in an
   open box. An upper box's successor depends on how many points it adds (its *slot*), the
   Yahtzee box's on whether it scored more than 0.
3. *Leaves* (:func:`leaves`): for each of the 252 hands, the best box to score (points +
   bonus + successor).
4. *Keeps*: ``keep_value[k] = mean over the 6 faces of keep_value[k + face]`` (sizes 4..0,
   :func:`chance`), then ``best[k] = max(keep_value[k], best[k - one die])`` (sizes 0..5,
   :func:`best`): the best a hand can do by holding some of its dice. Done twice (the two
   rerolls: :func:`before_last_roll`, then :func:`roll_earlier`), then the chance of each
   first roll weighs the 252 hands into the state value (:func:`first_roll`).

The keeps live in one ``(462, R)`` array: rows ``first_hand..461`` are the 252 hands, so each
step overwrites the rows the next step reads. :mod:`fivedice.strategy.reference` is the plain
version the tests compare this with.

Shared pieces
-------------
Every kernel takes the rule set as one :class:`~.rule_arrays.PackedRules` (``rules``) and the
keep combinatorics as one :class:`~.keeps.PackedKeeps` (``keeps``). The simulator
(:mod:`.sim_kernels`), the advisor and the moments (:mod:`.moment_kernels`) reuse the steps
above: :func:`turn` is steps 2-4 for one turn with its decision values kept, and
:func:`hand_scoring` with :func:`box_score` say where a hand may be scored for how much.

The glue between the steps (``representatives``, ``store``, ``first_roll``,
``before_last_roll``, ``roll_earlier``) is inlined by numba (``inline="always"``): compiled
apart it cost about 1.5% of a solve and a second of first compile. The scoring helpers are
left to LLVM: numba-inlined they made a turn several times slower.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

NEG = -1.0e300


@njit(cache=True, nogil=True)
def situation(mask, face, rules):
    """Extra-Yahtzee situation of a card for `face` (see fivedice.rules.tables)."""
    up = rules.upper_of_face[face - 1]
    if up >= 0 and not (mask >> up) & 1:
        return 0
    if (mask & rules.lower_mask) != rules.lower_mask:
        return 1
    return 2


@njit(cache=True, nogil=True)
def hand_scoring(mask, hand, rules):
    """(extra, face, situation): does `hand` score as an extra Yahtzee on this card, and how."""
    face = rules.hand_face[hand]
    five = rules.five_box
    extra = five >= 0 and (mask >> five) & 1 and face > 0
    sit = situation(mask, face, rules) if extra else 0
    return extra, face, sit


@njit(cache=True, nogil=True)
def box_score(box, mask, flag, hand, extra, face, sit, rules):
    """(allowed, points, bonus) of scoring `hand` in `box` (see :func:`hand_scoring`); not
    allowed where the box is filled."""
    if (mask >> box) & 1:
        return False, 0, 0
    if extra:
        if not rules.extra_allowed[face - 1, flag, sit, box]:
            return False, 0, 0
        return (
            True,
            rules.extra_points[face - 1, flag, sit, box],
            rules.extra_bonus[face - 1, flag, sit, box],
        )
    return True, rules.natural[hand, box], 0


@njit(cache=True, nogil=True)
def successors(values, mask, flag, reps, rules):
    """succ[box, slot, r]: the value after scoring in each open box, per representative u."""
    count = reps.shape[0]
    n = rules.box_count
    cap = rules.cap
    succ = np.zeros((n, rules.slot_points.shape[1], count))
    for box in range(n):
        if (mask >> box) & 1:
            continue
        nxt = mask | (1 << box)
        if rules.is_upper[box]:
            for s in range(rules.slot_count[box]):
                p = rules.slot_points[box, s]
                for r in range(count):
                    u = reps[r] + p
                    if u > cap:
                        u = cap
                    succ[box, s, r] = values[nxt, flag, u]
        elif box == rules.five_box:
            full = 1 if rules.flags == 2 else 0
            for r in range(count):
                succ[box, 0, r] = values[nxt, 0, reps[r]]
                succ[box, 1, r] = values[nxt, full, reps[r]]
        else:
            for r in range(count):
                succ[box, 0, r] = values[nxt, flag, reps[r]]
    return succ


@njit(cache=True, nogil=True)
def leaves(work, succ, mask, flag, rules, first_hand):
    """Fill the hand rows of `work` with the best score-now value of each hand.

    The solver's hottest loop: written out per case rather than with :func:`box_score`, whose
    per-box branch costs when there are few subtotals to share it.
    """
    count = work.shape[1]
    five = rules.five_box
    five_filled = five >= 0 and (mask >> five) & 1
    for h in range(rules.natural.shape[0]):
        row = first_hand + h
        for r in range(count):
            work[row, r] = NEG
        face = rules.hand_face[h]
        if five_filled and face > 0:
            sit = situation(mask, face, rules)
            for box in range(rules.box_count):
                if (mask >> box) & 1 or not rules.extra_allowed[face - 1, flag, sit, box]:
                    continue
                p = rules.extra_points[face - 1, flag, sit, box]
                gain = float(p + rules.extra_bonus[face - 1, flag, sit, box])
                s = rules.slot_of[box, p]
                for r in range(count):
                    v = gain + succ[box, s, r]
                    if v > work[row, r]:
                        work[row, r] = v
        else:
            for box in range(rules.box_count):
                if (mask >> box) & 1:
                    continue
                p = rules.natural[h, box]
                gain = float(p)
                s = rules.slot_of[box, p]
                for r in range(count):
                    v = gain + succ[box, s, r]
                    if v > work[row, r]:
                        work[row, r] = v


@njit(cache=True, nogil=True)
def chance(work, child, first_hand):
    """Keeps smaller than a hand: the mean over the six faces of the one-die-larger keep."""
    count = work.shape[1]
    for k in range(first_hand - 1, -1, -1):
        c0, c1, c2 = child[k, 0], child[k, 1], child[k, 2]
        c3, c4, c5 = child[k, 3], child[k, 4], child[k, 5]
        for r in range(count):
            work[k, r] = (
                work[c0, r] + work[c1, r] + work[c2, r] + work[c3, r] + work[c4, r] + work[c5, r]
            ) * (1.0 / 6.0)


@njit(cache=True, nogil=True)
def best(work, sub, work2=None):
    """Each keep's best value over itself and every keep it contains (smallest first).

    Given `work2`, it follows the choice: the second moment of the keep chosen.
    """
    count = work.shape[1]
    for k in range(1, work.shape[0]):
        for j in range(sub.shape[1]):
            s = sub[k, j]
            if s < 0:
                break
            for r in range(count):
                if work[s, r] > work[k, r]:
                    work[k, r] = work[s, r]
                    if work2 is not None:
                        work2[k, r] = work2[s, r]


@njit(cache=True, nogil=True, inline="always")
def before_last_roll(values, mask, flag, reps, rules, keeps):
    """(succ, work): steps 2 and 3 and the first half of 4, one column per representative.

    ``work[k]`` is the value of holding keep ``k`` before the last roll; a hand's row is the
    value of scoring it now.
    """
    succ = successors(values, mask, flag, reps, rules)
    work = np.empty((keeps.child.shape[0], reps.shape[0]))
    leaves(work, succ, mask, flag, rules, keeps.first_hand)
    chance(work, keeps.child, keeps.first_hand)
    return succ, work


@njit(cache=True, nogil=True, inline="always")
def roll_earlier(work, keeps):
    """Keep values before one roll -> before the roll before it (each hand's best, then chance)."""
    best(work, keeps.sub)
    chance(work, keeps.child, keeps.first_hand)


@njit(cache=True, nogil=True)
def turn(values, mask, flag, reps, rules, keeps):
    """One turn in full: (succ, before_last, before_second), keep values indexed ``[r, keep]``."""
    succ, work = before_last_roll(values, mask, flag, reps, rules, keeps)
    before_last = work.T.copy()
    roll_earlier(work, keeps)
    return succ, before_last, work.T.copy()


@njit(cache=True, nogil=True, inline="always")
def first_roll(work, keeps):
    """Step 4's end: the hand rows of `work` weighed by each hand's chance on the first roll."""
    count = work.shape[1]
    result = np.zeros(count)
    for h in range(keeps.hand_probability.shape[0]):
        w = keeps.hand_probability[h]
        for r in range(count):
            result[r] += w * work[keeps.first_hand + h, r]
    return result


@njit(cache=True, nogil=True, inline="always")
def representatives(mask, rules):
    """The upper subtotals worth computing for a mask, ascending, and the lowest that can
    still reach the bonus (see the module header)."""
    subset = 0
    for j in range(rules.upper_boxes.shape[0]):
        if (mask >> rules.upper_boxes[j]) & 1:
            subset |= 1 << j
    reach = rules.reach[subset]
    cap = rules.cap
    reps = np.empty(cap + 1, dtype=np.int64)
    count = 0
    low = rules.threshold - rules.headroom[subset]
    for u in range(cap + 1):
        if reach[u] and (u >= low or u == 0):
            reps[count] = u
            count += 1
    return reps[:count], low


@njit(cache=True, nogil=True, inline="always")
def store(values, mask, flag, result, reps, low, cap):
    """Spread one job's results over values[mask, flag, :] (step 1 in reverse)."""
    position = np.full(cap + 1, -1, dtype=np.int64)
    for r in range(reps.shape[0]):
        position[reps[r]] = r
    for u in range(cap + 1):
        src = u if u >= low else 0
        values[mask, flag, u] = result[position[src]] if position[src] >= 0 else np.nan


@njit(cache=True, nogil=True)
def solve_job(values, mask, flag, rules, keeps):
    """Compute values[mask, flag, :] from the already solved states one box further on."""
    reps, low = representatives(mask, rules)
    _, work = before_last_roll(values, mask, flag, reps, rules, keeps)
    roll_earlier(work, keeps)
    best(work, keeps.sub)
    store(values, mask, flag, first_roll(work, keeps), reps, low, rules.cap)


@njit(cache=True, parallel=True)
def solve_level(values, masks, job_flags, rules, keeps):
    """Solve every (mask, flag) job of one popcount level, in parallel.

    `rules` and `keeps` are :class:`~.rule_arrays.PackedRules` and
    :class:`~.keeps.PackedKeeps`.
    """
    for j in prange(masks.shape[0]):
        solve_job(values, masks[j], job_flags[j], rules, keeps)
