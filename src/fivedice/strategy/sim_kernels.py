"""Compiled inner loop of the simulator: one turn of many games, grouped by card state.

Games whose cards are in the same (mask, flag) share one turn computation (vectorised over
the upper subtotals present among them, as in the solver); each game then plays its own dice
with three table lookups. Any table of the solver's shape drives it: the exact one, or a
heuristic one for the weaker computer players.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .kernels import NEG, best, chance, leaves, situation, successors


@njit(cache=True, nogil=True)
def hand_of(counts, keep_of_code, first_hand):
    """Hand index (0-251) of five dice given as face counts."""
    code = 0
    scale = 1
    for f in range(6):
        code += counts[f] * scale
        scale *= 6
    return keep_of_code[code] - first_hand


@njit(cache=True, nogil=True)
def best_keep(values_row, hand, subkeeps):
    """The keep of `hand` with the highest value in `values_row` (first on ties)."""
    choice = subkeeps[hand, 0]
    top = values_row[choice]
    for j in range(1, subkeeps.shape[1]):
        k = subkeeps[hand, j]
        if k < 0:
            break
        if values_row[k] > top:
            top = values_row[k]
            choice = k
    return choice


@njit(cache=True, nogil=True)
def reroll(keep, faces, game, offset, counts_of_keep, size, keep_of_code, first_hand):
    """The hand after holding `keep` and rolling the rest with this game's next faces."""
    counts = counts_of_keep[keep].copy()
    for j in range(5 - size[keep]):
        counts[faces[game, offset + j] - 1] += 1
    return hand_of(counts, keep_of_code, first_hand)


@njit(cache=True, nogil=True)
def choose_box(
    succ,
    r,
    mask,
    flag,
    hand,
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
):
    """The box with the best points + bonus + successor value: (box, points, bonus)."""
    top = NEG
    choice, choice_points, choice_bonus = -1, 0, 0
    face = hand_face[hand]
    extra = five >= 0 and (mask >> five) & 1 and face > 0
    sit = situation(mask, face, upper_of_face, lower_mask) if extra else 0
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
        v = p + b + succ[box, slot_of[box, p], r]
        if v > top:
            top = v
            choice, choice_points, choice_bonus = box, p, b
    return choice, choice_points, choice_bonus


@njit(cache=True, parallel=True)
def play_turn(
    values,
    order,
    chunk_bounds,
    masks,
    flags_of_game,
    uppers,
    scores,
    faces,
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
    subkeeps,
    counts_of_keep,
    size,
    keep_of_code,
):
    """Play one turn of every game (in place); games come grouped by state in `order`."""
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
        succ = successors(
            values, mask, flag, reps, n, five, flags, cap, is_upper, slot_points, slot_count
        )
        work = np.empty((child.shape[0], count))
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
        before_last = work.T.copy()
        best(work, sub)
        chance(work, child, first_hand)
        before_second = work.T.copy()
        first = np.zeros(6, dtype=np.int64)
        for i in range(start, end):
            g = order[i]
            r = position[uppers[g]]
            first[:] = 0
            for j in range(5):
                first[faces[g, j] - 1] += 1
            hand = hand_of(first, keep_of_code, first_hand)
            keep = best_keep(before_second[r], hand, subkeeps)
            hand = reroll(keep, faces, g, 5, counts_of_keep, size, keep_of_code, first_hand)
            keep = best_keep(before_last[r], hand, subkeeps)
            hand = reroll(keep, faces, g, 10, counts_of_keep, size, keep_of_code, first_hand)
            box, p, b = choose_box(
                succ,
                r,
                mask,
                flag,
                hand,
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
            )
            masks[g] = mask | (1 << box)
            scores[g] += p + b
            if is_upper[box]:
                uppers[g] = min(cap, uppers[g] + p)
            if box == five and flags == 2:
                flags_of_game[g] = 1 if p > 0 else 0
