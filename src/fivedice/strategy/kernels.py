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

1. *Representative subtotals.* Only subtotals reachable from the filled upper boxes matter;
   all subtotals from which the bonus is out of reach share one value (computed at ``u = 0``)
   and ``u >= threshold`` is stored once at ``cap``.
2. *Successors* ``succ[box, slot, r]``: the value after scoring in an open box. An upper
   box's successor depends on how many points it adds (its *slot*), the Yahtzee box's on
   whether it scored more than 0.
3. *Leaves*: for each of the 252 hands, the best box to score (points + bonus + successor).
4. *Keeps*: ``keep_value[k] = mean over the 6 faces of keep_value[k + face]`` (sizes 4..0),
   then ``best[k] = max(keep_value[k], best[k - one die])`` (sizes 0..5): the best a hand can
   do by holding some of its dice. Done twice (the two rerolls), then the chance of each first
   roll weighs the 252 hands into the state value.

The keeps live in one ``(462, R)`` array: rows ``first_hand..461`` are the 252 hands, so each
step overwrites the rows the next step reads. :mod:`fivedice.strategy.reference` is the plain
version the tests compare this with.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

NEG = -1.0e300


@njit(cache=True, nogil=True)
def situation(mask, face, upper_of_face, lower_mask):
    """Extra-Yahtzee situation of a card for `face` (see fivedice.rules.tables)."""
    up = upper_of_face[face - 1]
    if up >= 0 and not (mask >> up) & 1:
        return 0
    if (mask & lower_mask) != lower_mask:
        return 1
    return 2


@njit(cache=True, nogil=True)
def successors(values, mask, flag, reps, n, five, flags, cap, is_upper, slot_points, slot_count):
    """succ[box, slot, r]: the value after scoring in each open box, per representative u."""
    count = reps.shape[0]
    succ = np.zeros((n, slot_points.shape[1], count))
    for box in range(n):
        if (mask >> box) & 1:
            continue
        nxt = mask | (1 << box)
        if is_upper[box]:
            for s in range(slot_count[box]):
                p = slot_points[box, s]
                for r in range(count):
                    u = reps[r] + p
                    if u > cap:
                        u = cap
                    succ[box, s, r] = values[nxt, flag, u]
        elif box == five:
            full = 1 if flags == 2 else 0
            for r in range(count):
                succ[box, 0, r] = values[nxt, 0, reps[r]]
                succ[box, 1, r] = values[nxt, full, reps[r]]
        else:
            for r in range(count):
                succ[box, 0, r] = values[nxt, flag, reps[r]]
    return succ


@njit(cache=True, nogil=True)
def leaves(
    work,
    succ,
    mask,
    flag,
    n,
    five,
    natural,
    hand_face,
    extra_allowed,
    extra_points,
    extra_bonus,
    upper_of_face,
    lower_mask,
    slot_of,
    first_hand,
):
    """Fill the hand rows of `work` with the best score-now value of each hand."""
    count = work.shape[1]
    five_filled = five >= 0 and (mask >> five) & 1
    for h in range(natural.shape[0]):
        row = first_hand + h
        for r in range(count):
            work[row, r] = NEG
        face = hand_face[h]
        if five_filled and face > 0:
            sit = situation(mask, face, upper_of_face, lower_mask)
            for box in range(n):
                if (mask >> box) & 1 or not extra_allowed[face - 1, flag, sit, box]:
                    continue
                p = extra_points[face - 1, flag, sit, box]
                gain = float(p + extra_bonus[face - 1, flag, sit, box])
                s = slot_of[box, p]
                for r in range(count):
                    v = gain + succ[box, s, r]
                    if v > work[row, r]:
                        work[row, r] = v
        else:
            for box in range(n):
                if (mask >> box) & 1:
                    continue
                p = natural[h, box]
                gain = float(p)
                s = slot_of[box, p]
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
def best(work, sub):
    """Each keep's best value over itself and every keep it contains (smallest first)."""
    count = work.shape[1]
    for k in range(1, work.shape[0]):
        for j in range(sub.shape[1]):
            s = sub[k, j]
            if s < 0:
                break
            for r in range(count):
                if work[s, r] > work[k, r]:
                    work[k, r] = work[s, r]


@njit(cache=True, nogil=True)
def representatives(subset_reach, headroom, cap, threshold):
    """The upper subtotals worth computing for a mask, ascending (see the module header)."""
    reps = np.empty(cap + 1, dtype=np.int64)
    count = 0
    low = threshold - headroom
    for u in range(cap + 1):
        if subset_reach[u] and (u >= low or u == 0):
            reps[count] = u
            count += 1
    return reps[:count], low


@njit(cache=True, nogil=True)
def solve_job(
    values,
    mask,
    flag,
    n,
    five,
    flags,
    cap,
    threshold,
    is_upper,
    natural,
    hand_face,
    extra_allowed,
    extra_points,
    extra_bonus,
    upper_of_face,
    lower_mask,
    slot_of,
    slot_points,
    slot_count,
    upper_boxes,
    reach,
    headroom,
    child,
    sub,
    first_hand,
    probability,
):
    """Compute values[mask, flag, :] from the already solved states one box further on."""
    subset = 0
    for j in range(upper_boxes.shape[0]):
        if (mask >> upper_boxes[j]) & 1:
            subset |= 1 << j
    reps, low = representatives(reach[subset], headroom[subset], cap, threshold)
    succ = successors(
        values, mask, flag, reps, n, five, flags, cap, is_upper, slot_points, slot_count
    )
    work = np.empty((child.shape[0], reps.shape[0]))
    leaves(
        work,
        succ,
        mask,
        flag,
        n,
        five,
        natural,
        hand_face,
        extra_allowed,
        extra_points,
        extra_bonus,
        upper_of_face,
        lower_mask,
        slot_of,
        first_hand,
    )
    chance(work, child, first_hand)
    best(work, sub)
    chance(work, child, first_hand)
    best(work, sub)
    count = reps.shape[0]
    result = np.zeros(count)
    for h in range(probability.shape[0]):
        w = probability[h]
        for r in range(count):
            result[r] += w * work[first_hand + h, r]
    position = np.full(cap + 1, -1, dtype=np.int64)
    for r in range(count):
        position[reps[r]] = r
    for u in range(cap + 1):
        src = u if u >= low else 0
        values[mask, flag, u] = result[position[src]] if position[src] >= 0 else np.nan


@njit(cache=True, parallel=True)
def solve_level(
    values,
    masks,
    job_flags,
    n,
    five,
    flags,
    cap,
    threshold,
    is_upper,
    natural,
    hand_face,
    extra_allowed,
    extra_points,
    extra_bonus,
    upper_of_face,
    lower_mask,
    slot_of,
    slot_points,
    slot_count,
    upper_boxes,
    reach,
    headroom,
    child,
    sub,
    first_hand,
    probability,
):
    """Solve every (mask, flag) job of one popcount level, in parallel."""
    for j in prange(masks.shape[0]):
        solve_job(
            values,
            masks[j],
            job_flags[j],
            n,
            five,
            flags,
            cap,
            threshold,
            is_upper,
            natural,
            hand_face,
            extra_allowed,
            extra_points,
            extra_bonus,
            upper_of_face,
            lower_mask,
            slot_of,
            slot_points,
            slot_count,
            upper_boxes,
            reach,
            headroom,
            child,
            sub,
            first_hand,
            probability,
        )
