"""Compiled inner loop of the simulator: one turn of many games, grouped by card state.

Games whose cards are in the same (mask, flag) share one turn computation (vectorised over
the upper subtotals present among them, as in the solver); each game then plays its own dice
with three table lookups (:func:`reroll`, :func:`best_keep`, :func:`choose_box`). Any table of
the solver's shape drives it: the exact one, or a heuristic one for the weaker computer
players. The games are a :class:`~.simulate.Games`, filled in place by :func:`write_score`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .kernels import NEG, box_score, hand_scoring, turn

DIGIT = 6 ** np.arange(6)  # a face count's place value in a keep's code (keep_of_code's index)


@njit(cache=True, nogil=True)
def reroll(keep, faces, game, offset, keeps):
    """The hand (0-251) after holding `keep` and rolling the rest with this game's next faces.

    Keep 0 is the empty keep: holding it rolls all five dice, the turn's first roll.
    """
    code = 0
    for f in range(6):
        code += keeps.counts[keep, f] * DIGIT[f]
    for j in range(5 - keeps.size[keep]):
        code += DIGIT[faces[game, offset + j] - 1]
    return keeps.keep_of_code[code] - keeps.first_hand


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
def choose_box(succ, r, mask, flag, hand, rules):
    """The box with the best points + bonus + successor value: (box, points, bonus)."""
    top = NEG
    choice, choice_points, choice_bonus = -1, 0, 0
    extra, face, sit = hand_scoring(mask, hand, rules)
    for box in range(rules.box_count):
        allowed, p, b = box_score(box, mask, flag, hand, extra, face, sit, rules)
        if not allowed:
            continue
        v = p + b + succ[box, rules.slot_of[box, p], r]
        if v > top:
            top = v
            choice, choice_points, choice_bonus = box, p, b
    return choice, choice_points, choice_bonus


@njit(cache=True, nogil=True)
def chunk_state(games, order, start, end, cap):
    """(mask, flag, reps, position) of a chunk of games in one state: the subtotals present
    among them, ascending, and ``position[u]``, the index of subtotal ``u`` in ``reps``."""
    g0 = order[start]
    position = np.full(cap + 1, -1, dtype=np.int64)
    for i in range(start, end):
        position[games.uppers[order[i]]] = 0
    count = 0
    for u in range(cap + 1):
        if position[u] == 0:
            position[u] = count
            count += 1
    reps = np.empty(count, dtype=np.int64)
    for u in range(cap + 1):
        if position[u] >= 0:
            reps[position[u]] = u
    return games.masks[g0], games.flags[g0], reps, position


@njit(cache=True, nogil=True)
def write_score(games, g, mask, box, points, bonus, rules):
    """Fill `box` of game `g`'s card (filled boxes `mask`) with `points` and `bonus`."""
    games.masks[g] = mask | (1 << box)
    games.scores[g] += points + bonus
    if rules.is_upper[box]:
        games.uppers[g] = min(rules.cap, games.uppers[g] + points)
    if box == rules.five_box and rules.flags == 2:
        games.flags[g] = 1 if points > 0 else 0


@njit(cache=True, parallel=True)
def play_turn(values, order, chunk_bounds, games, faces, rules, keeps):
    """Play one turn of every game (in place); games come grouped by state in `order`.

    `games` is a :class:`~.simulate.Games`; `rules` and `keeps` are
    :class:`~.rule_arrays.PackedRules` and :class:`~.keeps.PackedKeeps`.
    """
    for c in prange(chunk_bounds.shape[0] - 1):
        start, end = chunk_bounds[c], chunk_bounds[c + 1]
        mask, flag, reps, position = chunk_state(games, order, start, end, rules.cap)
        succ, before_last, before_second = turn(values, mask, flag, reps, rules, keeps)
        for i in range(start, end):
            g = order[i]
            r = position[games.uppers[g]]
            hand = reroll(0, faces, g, 0, keeps)
            keep = best_keep(before_second[r], hand, keeps.subkeeps)
            hand = reroll(keep, faces, g, 5, keeps)
            keep = best_keep(before_last[r], hand, keeps.subkeeps)
            hand = reroll(keep, faces, g, 10, keeps)
            box, p, b = choose_box(succ, r, mask, flag, hand, rules)
            write_score(games, g, mask, box, p, b, rules)
