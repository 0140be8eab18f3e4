"""Second moments of the final score under optimal play, and the win-seeking player's turn.

Same state layout and order as :mod:`.kernels`; each array gets a twin holding E[X^2] of the
points still to come, where X follows the mean-maximising choices. With the mean this gives
the spread of a card's final score, which the win-seeking player weighs against its rivals'.
The steps are those of :mod:`.kernels` (``before_last_roll2``, ``roll_earlier2``, ``turn2``
are its ``before_last_roll``, ``roll_earlier``, ``turn`` with moments); the win-seeker's turn
walks its games as :func:`.sim_kernels.play_turn` does, choosing by chance to win instead.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, prange

from .kernels import (
    NEG,
    best,
    box_score,
    chance,
    first_roll,
    hand_scoring,
    representatives,
    store,
    successors,
)
from .sim_kernels import chunk_state, reroll, write_score


@njit(cache=True, nogil=True)
def leaves2(work, work2, succ, succ2, mask, flag, rules, first_hand):
    """Hand rows: best score-now mean, and the second moment of that same choice."""
    count = work.shape[1]
    for h in range(rules.natural.shape[0]):
        row = first_hand + h
        for r in range(count):
            work[row, r] = NEG
            work2[row, r] = 0.0
        extra, face, sit = hand_scoring(mask, h, rules)
        for box in range(rules.box_count):
            allowed, p, b = box_score(box, mask, flag, h, extra, face, sit, rules)
            if not allowed:
                continue
            gain = float(p + b)
            s = rules.slot_of[box, p]
            for r in range(count):
                v = gain + succ[box, s, r]
                if v > work[row, r]:
                    work[row, r] = v
                    work2[row, r] = gain * gain + 2.0 * gain * succ[box, s, r] + succ2[box, s, r]


@njit(cache=True, nogil=True)
def before_last_roll2(values, moments, mask, flag, reps, rules, keeps):
    """:func:`.kernels.before_last_roll` with moments: (succ, succ2, work, work2)."""
    succ = successors(values, mask, flag, reps, rules)
    succ2 = successors(moments, mask, flag, reps, rules)
    count = reps.shape[0]
    work = np.empty((keeps.child.shape[0], count))
    work2 = np.empty((keeps.child.shape[0], count))
    leaves2(work, work2, succ, succ2, mask, flag, rules, keeps.first_hand)
    chance(work, keeps.child, keeps.first_hand)
    chance(work2, keeps.child, keeps.first_hand)
    return succ, succ2, work, work2


@njit(cache=True, nogil=True)
def roll_earlier2(work, work2, keeps):
    """:func:`.kernels.roll_earlier` with moments: the best keep by mean carries its moment."""
    best(work, keeps.sub, work2)
    chance(work, keeps.child, keeps.first_hand)
    chance(work2, keeps.child, keeps.first_hand)


@njit(cache=True, nogil=True)
def turn2(values, moments, mask, flag, reps, rules, keeps):
    """One turn with moments: (succ, succ2, last, last2, second, second2), the keep values
    before the last and the second roll indexed ``[r, keep]``."""
    succ, succ2, work, work2 = before_last_roll2(values, moments, mask, flag, reps, rules, keeps)
    last = work.T.copy()
    last2 = work2.T.copy()
    roll_earlier2(work, work2, keeps)
    return succ, succ2, last, last2, work.T.copy(), work2.T.copy()


@njit(cache=True, parallel=True)
def moments_level(values, moments, masks, job_flags, rules, keeps):
    """Second moments of one popcount level (values must already be solved)."""
    for j in prange(masks.shape[0]):
        mask = masks[j]
        flag = job_flags[j]
        reps, low = representatives(mask, rules)
        _, _, work, work2 = before_last_roll2(values, moments, mask, flag, reps, rules, keeps)
        roll_earlier2(work, work2, keeps)
        best(work, keeps.sub, work2)
        store(moments, mask, flag, first_roll(work2, keeps), reps, low, rules.cap)


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


@njit(cache=True, nogil=True)
def box_to_win(succ, succ2, r, mask, flag, hand, rules, so_far, rival_mean, rival_var):
    """The box with the best chance to win (mean breaks near-ties): (box, points, bonus)."""
    top = -1.0
    top_mean = NEG
    choice, choice_points, choice_bonus = -1, 0, 0
    extra, face, sit = hand_scoring(mask, hand, rules)
    for box in range(rules.box_count):
        allowed, p, b = box_score(box, mask, flag, hand, extra, face, sit, rules)
        if not allowed:
            continue
        s = rules.slot_of[box, p]
        gain = float(p + b)
        mean = gain + succ[box, s, r]
        sec = gain * gain + 2.0 * gain * succ[box, s, r] + succ2[box, s, r]
        w = win_chance(mean, sec, so_far, rival_mean, rival_var)
        if w > top + 1e-12 or (w > top - 1e-12 and mean > top_mean):
            top = w
            top_mean = mean
            choice, choice_points, choice_bonus = box, p, b
    return choice, choice_points, choice_bonus


@njit(cache=True, parallel=True)
def play_turn_to_win(
    values, moments, order, chunk_bounds, games, rival_mean, rival_var, faces, rules, keeps
):
    """One turn of the win-seeking player in every game of `order` (in place).

    `rival_mean`/`rival_var` give, per game, the mean and variance of the rival's final
    score; `games` scores exclude the upper bonus, which the table values include.
    """
    for c in prange(chunk_bounds.shape[0] - 1):
        start, end = chunk_bounds[c], chunk_bounds[c + 1]
        mask, flag, reps, position = chunk_state(games, order, start, end, rules.cap)
        succ, succ2, last, last2, second, second2 = turn2(
            values, moments, mask, flag, reps, rules, keeps
        )
        for i in range(start, end):
            g = order[i]
            r = position[games.uppers[g]]
            so_far = float(games.scores[g])
            rm = rival_mean[g]
            rv = rival_var[g]
            hand = reroll(0, faces, g, 0, keeps)
            keep = keep_to_win(second[r], second2[r], hand, keeps.subkeeps, so_far, rm, rv)
            hand = reroll(keep, faces, g, 5, keeps)
            keep = keep_to_win(last[r], last2[r], hand, keeps.subkeeps, so_far, rm, rv)
            hand = reroll(keep, faces, g, 10, keeps)
            box, p, b = box_to_win(succ, succ2, r, mask, flag, hand, rules, so_far, rm, rv)
            write_score(games, g, mask, box, p, b, rules)
