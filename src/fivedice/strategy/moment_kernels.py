"""Second moments of the final score under optimal play, and the win-seeking player's turn.

Same state layout and order as :mod:`.kernels`; each array gets a twin holding E[X^2] of the
points still to come, where X follows the mean-maximising choices. With the mean this gives
the spread of a card's final score, which the win-seeking player weighs against its rivals'.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, prange

from .kernels import NEG, chance, representatives, situation, successors
from .sim_kernels import hand_of, reroll


@njit(cache=True, nogil=True)
def leaves2(
    work,
    work2,
    succ,
    succ2,
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
    """Hand rows: best score-now mean, and the second moment of that same choice."""
    count = work.shape[1]
    five_filled = five >= 0 and (mask >> five) & 1
    for h in range(natural.shape[0]):
        row = first_hand + h
        for r in range(count):
            work[row, r] = NEG
            work2[row, r] = 0.0
        face = hand_face[h]
        extra = five_filled and face > 0
        sit = situation(mask, face, upper_of_face, lower_mask) if extra else 0
        for box in range(n):
            if (mask >> box) & 1:
                continue
            if extra:
                if not extra_allowed[face - 1, flag, sit, box]:
                    continue
                p = extra_points[face - 1, flag, sit, box]
                gain = float(p + extra_bonus[face - 1, flag, sit, box])
            else:
                p = natural[h, box]
                gain = float(p)
            s = slot_of[box, p]
            for r in range(count):
                v = gain + succ[box, s, r]
                if v > work[row, r]:
                    work[row, r] = v
                    work2[row, r] = gain * gain + 2.0 * gain * succ[box, s, r] + succ2[box, s, r]


@njit(cache=True, nogil=True)
def best2(work, work2, sub):
    """Best keep by mean, carrying the second moment of the keep chosen."""
    count = work.shape[1]
    for k in range(1, work.shape[0]):
        for j in range(sub.shape[1]):
            s = sub[k, j]
            if s < 0:
                break
            for r in range(count):
                if work[s, r] > work[k, r]:
                    work[k, r] = work[s, r]
                    work2[k, r] = work2[s, r]


@njit(cache=True, nogil=True)
def turn2(
    values,
    moments,
    mask,
    flag,
    reps,
    n,
    five,
    flags,
    cap,
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
    child,
    sub,
    first_hand,
):
    """One turn with moments: (succ, succ2, last, last2, second, second2) per keep and rep."""
    succ = successors(
        values, mask, flag, reps, n, five, flags, cap, is_upper, slot_points, slot_count
    )
    succ2 = successors(
        moments, mask, flag, reps, n, five, flags, cap, is_upper, slot_points, slot_count
    )
    count = reps.shape[0]
    work = np.empty((child.shape[0], count))
    work2 = np.empty((child.shape[0], count))
    leaves2(
        work,
        work2,
        succ,
        succ2,
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
    chance(work2, child, first_hand)
    last = work.copy()
    last2 = work2.copy()
    best2(work, work2, sub)
    chance(work, child, first_hand)
    chance(work2, child, first_hand)
    return succ, succ2, last, last2, work, work2


@njit(cache=True, parallel=True)
def moments_level(
    values,
    moments,
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
    """Second moments of one popcount level (values must already be solved)."""
    for j in prange(masks.shape[0]):
        mask = masks[j]
        flag = job_flags[j]
        subset = 0
        for i in range(upper_boxes.shape[0]):
            if (mask >> upper_boxes[i]) & 1:
                subset |= 1 << i
        reps, low = representatives(reach[subset], headroom[subset], cap, threshold)
        _, _, _, _, work, work2 = turn2(
            values,
            moments,
            mask,
            flag,
            reps,
            n,
            five,
            flags,
            cap,
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
            child,
            sub,
            first_hand,
        )
        best2(work, work2, sub)
        count = reps.shape[0]
        result = np.zeros(count)
        for h in range(probability.shape[0]):
            for r in range(count):
                result[r] += probability[h] * work2[first_hand + h, r]
        position = np.full(cap + 1, -1, dtype=np.int64)
        for r in range(count):
            position[reps[r]] = r
        for u in range(cap + 1):
            src = u if u >= low else 0
            moments[mask, flag, u] = result[position[src]] if position[src] >= 0 else np.nan


@njit(cache=True, nogil=True)
def win_chance(mean, second, so_far, rival_mean, rival_var):
    """Normal approximation of P(own final > rival final) (ties count half)."""
    var = second - mean * mean
    if var < 0.0:
        var = 0.0
    spread = math.sqrt(var + rival_var)
    gap = so_far + mean - rival_mean
    if spread < 1e-9:
        return 1.0 if gap > 0 else (0.5 if gap == 0 else 0.0)
    return 0.5 * (1.0 + math.erf(gap / (spread * math.sqrt(2.0))))


@njit(cache=True, nogil=True)
def keep_to_win(mean_row, second_row, hand, subkeeps, so_far, rival_mean, rival_var):
    """The keep of `hand` with the best chance to win (mean breaks near-ties)."""
    choice = subkeeps[hand, 0]
    top = -1.0
    for j in range(subkeeps.shape[1]):
        k = subkeeps[hand, j]
        if k < 0:
            break
        w = win_chance(mean_row[k], second_row[k], so_far, rival_mean, rival_var)
        if w > top + 1e-12 or (w > top - 1e-12 and mean_row[k] > mean_row[choice]):
            top = w
            choice = k
    return choice


@njit(cache=True, parallel=True)
def play_turn_to_win(
    values,
    moments,
    order,
    chunk_bounds,
    masks,
    flags_of_game,
    uppers,
    scores,
    rival_mean,
    rival_var,
    faces,
    n,
    five,
    flags,
    cap,
    threshold,
    upper_bonus,
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
    child,
    sub,
    first_hand,
    subkeeps,
    counts_of_keep,
    size,
    keep_of_code,
):
    """One turn of the win-seeking player in every game of `order` (in place).

    `rival_mean`/`rival_var` give, per game, the mean and variance of the rival's final
    score; `scores` exclude the upper bonus, which the table values include.
    """
    for c in prange(chunk_bounds.shape[0] - 1):
        start, end = chunk_bounds[c], chunk_bounds[c + 1]
        g0 = order[start]
        mask = masks[g0]
        flag = flags_of_game[g0]
        position = np.full(cap + 1, -1, dtype=np.int64)
        for i in range(start, end):
            position[uppers[order[i]]] = 0
        count = 0
        for u in range(cap + 1):
            if position[u] == 0:
                position[u] = count
                count += 1
        reps = np.empty(count, dtype=np.int64)
        for u in range(cap + 1):
            if position[u] >= 0:
                reps[position[u]] = u
        succ, succ2, last, last2, second, second2 = turn2(
            values,
            moments,
            mask,
            flag,
            reps,
            n,
            five,
            flags,
            cap,
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
            child,
            sub,
            first_hand,
        )
        last = last.T.copy()
        last2 = last2.T.copy()
        second = second.T.copy()
        second2 = second2.T.copy()
        first = np.zeros(6, dtype=np.int64)
        for i in range(start, end):
            g = order[i]
            r = position[uppers[g]]
            so_far = float(scores[g])
            rm = rival_mean[g]
            rv = rival_var[g]
            first[:] = 0
            for j in range(5):
                first[faces[g, j] - 1] += 1
            hand = hand_of(first, keep_of_code, first_hand)
            keep = keep_to_win(second[r], second2[r], hand, subkeeps, so_far, rm, rv)
            hand = reroll(keep, faces, g, 5, counts_of_keep, size, keep_of_code, first_hand)
            keep = keep_to_win(last[r], last2[r], hand, subkeeps, so_far, rm, rv)
            hand = reroll(keep, faces, g, 10, counts_of_keep, size, keep_of_code, first_hand)
            face = hand_face[hand]
            extra = five >= 0 and (mask >> five) & 1 and face > 0
            sit = situation(mask, face, upper_of_face, lower_mask) if extra else 0
            top = -1.0
            top_mean = NEG
            choice, choice_p, choice_b = -1, 0, 0
            for box in range(n):
                if (mask >> box) & 1:
                    continue
                if extra:
                    if not extra_allowed[face - 1, flag, sit, box]:
                        continue
                    p = extra_points[face - 1, flag, sit, box]
                    b = extra_bonus[face - 1, flag, sit, box]
                else:
                    p = natural[hand, box]
                    b = 0
                s = slot_of[box, p]
                gain = float(p + b)
                mean = gain + succ[box, s, r]
                sec = gain * gain + 2.0 * gain * succ[box, s, r] + succ2[box, s, r]
                w = win_chance(mean, sec, so_far, rm, rv)
                if w > top + 1e-12 or (w > top - 1e-12 and mean > top_mean):
                    top = w
                    top_mean = mean
                    choice, choice_p, choice_b = box, p, b
            masks[g] = mask | (1 << choice)
            scores[g] += choice_p + choice_b
            if is_upper[choice]:
                uppers[g] = min(cap, uppers[g] + choice_p)
            if choice == five and flags == 2:
                flags_of_game[g] = 1 if choice_p > 0 else 0
