"""The exact last turn of a match: the chance to win computed, not approximated.

On its last turn a card has one open box, and a rival that still plays has one turn left
too (or none). Both final totals then have small exact distributions, which the normal
approximation of :mod:`.winning` gets badly wrong (one box scores 0 or 50, say). Here:

* :func:`last_turn_pmf`: the distribution of a card's final total over its last turn, played
  by a table's policy (the optimal rival's, keep and box as :mod:`.sim_kernels` chooses);
* :func:`win_table`: from the rivals' distributions, ``W(x)``, the chance that a final total
  of ``x`` wins (beats every rival; a tie with one rival counts half);
* :func:`last_turn_win`: the exact chance to win of every keep before each roll of one's own
  last turn, when every later choice also maximises it (a one-turn dynamic program over the
  solver's keep tree, with ``W`` of the final total at the leaves).

Scores come only from the rule arrays (:func:`.kernels.box_score`), as in the solver.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .kernels import best, box_score, chance, hand_scoring, turn
from .sim_kernels import best_keep, choose_box, reroll, write_score

TIE = 1e-12  # chances closer than this are equal; the higher mean breaks the tie


@njit(cache=True, nogil=True)
def final_total(values, score, upper, rules):
    """Points on a full card: points scored plus the upper bonus when earned (the solver's
    terminal row of `values` holds that bonus)."""
    return score + int(values[(1 << rules.box_count) - 1, 0, upper] + 0.5)


@njit(cache=True, nogil=True)
def total_after(values, score, upper, box, points, bonus, rules):
    """The final total once the last open `box` takes `points` and `bonus`."""
    if rules.is_upper[box]:
        upper = min(rules.cap, upper + points)
    return final_total(values, score + points + bonus, upper, rules)


@njit(cache=True, nogil=True)
def spread(mass, keeps):
    """Move the chance on each keep smaller than a hand onto the hands its reroll gives."""
    for k in range(keeps.first_hand):
        m = mass[k]
        if m != 0.0:
            for f in range(6):
                mass[keeps.child[k, f]] += m * (1.0 / 6.0)
            mass[k] = 0.0


@njit(cache=True, nogil=True)
def turn_forward(values, mask, flag, upper, rules, keeps):
    """One turn played by `values`' policy, forwards: (chance of each final hand, and the
    box, points and bonus it is scored with)."""
    reps = np.array([upper], dtype=np.int64)
    succ, before_last, before_second = turn(values, mask, flag, reps, rules, keeps)
    hands = keeps.hand_probability.copy()
    for roll in range(2):
        row = before_second[0] if roll == 0 else before_last[0]
        mass = np.zeros(keeps.child.shape[0])
        for h in range(hands.shape[0]):
            if hands[h] > 0.0:
                mass[best_keep(row, h, keeps.subkeeps)] += hands[h]
        spread(mass, keeps)
        hands = mass[keeps.first_hand :].copy()
    boxes = np.empty(hands.shape[0], dtype=np.int64)
    points = np.empty(hands.shape[0], dtype=np.int64)
    bonus = np.empty(hands.shape[0], dtype=np.int64)
    for h in range(hands.shape[0]):
        boxes[h], points[h], bonus[h] = choose_box(succ, 0, mask, flag, h, rules)
    return hands, boxes, points, bonus


@njit(cache=True, nogil=True)
def last_turn_pmf(values, mask, flag, upper, score, rules, keeps):
    """(lowest total, chances of lowest.. highest): a card's final total after its last turn
    played by `values`' policy from (mask, flag, upper) with `score` points so far."""
    hands, boxes, points, bonus = turn_forward(values, mask, flag, upper, rules, keeps)
    totals = np.empty(hands.shape[0], dtype=np.int64)
    for h in range(hands.shape[0]):
        totals[h] = total_after(values, score, upper, boxes[h], points[h], bonus[h], rules)
    lo = totals.min()
    pmf = np.zeros(totals.max() - lo + 1)
    for h in range(hands.shape[0]):
        pmf[totals[h] - lo] += hands[h]
    return lo, pmf


@njit(cache=True, nogil=True)
def card_pmf(values, mask, flag, upper, score, rules, keeps):
    """:func:`last_turn_pmf` for a card with up to two open boxes (none: its total)."""
    if mask == (1 << rules.box_count) - 1:
        return final_total(values, score, upper, rules), np.ones(1)
    if open_boxes(mask, rules) == 1:
        return last_turn_pmf(values, mask, flag, upper, score, rules, keeps)
    hands, boxes, points, bonus = turn_forward(values, mask, flag, upper, rules, keeps)
    n = hands.shape[0]
    codes = (boxes * 1024 + points) * 4096 + bonus
    first = np.full(n, -1, dtype=np.int64)  # the first hand with the same code
    weight = np.zeros(n)
    for h in range(n):
        for j in range(h + 1):
            if codes[j] == codes[h]:
                first[h] = j
                break
        weight[first[h]] += hands[h]
    los = np.zeros(n, dtype=np.int64)
    parts = []
    lo, hi = 1 << 40, -(1 << 40)
    for h in range(n):
        if first[h] != h or weight[h] == 0.0:
            parts.append(np.zeros(0))
            continue
        m2, f2, u2, s2 = advance(mask, flag, upper, score, boxes[h], points[h], bonus[h], rules)
        los[h], part = last_turn_pmf(values, m2, f2, u2, s2, rules, keeps)
        parts.append(part)
        lo = min(lo, los[h])
        hi = max(hi, los[h] + part.shape[0] - 1)
    pmf = np.zeros(hi - lo + 1)
    for h in range(n):
        part = parts[h]
        for i in range(part.shape[0]):
            pmf[los[h] - lo + i] += weight[h] * part[i]
    return lo, pmf


@njit(cache=True, nogil=True)
def win_table(los, pmfs, counts):
    """(lowest, W): ``W[x - lowest]`` is the chance a final total `x` beats every rival.

    Rival `j` has ``counts[j]`` chances ``pmfs[j, :counts[j]]`` from total ``los[j]``; rivals
    are independent. Below the table a total never wins, above it always does.
    """
    lo = los.min()
    hi = 0
    for j in range(los.shape[0]):
        hi = max(hi, los[j] + counts[j] - 1)
    w = np.ones(hi - lo + 1)
    for j in range(los.shape[0]):
        below = 0.0
        for i in range(w.shape[0]):
            x = lo + i
            at = pmfs[j, x - los[j]] if 0 <= x - los[j] < counts[j] else 0.0
            w[i] *= below + 0.5 * at
            below += at
    return lo, w


@njit(cache=True, nogil=True)
def win_of(total, lo, w):
    """W at a final total (0 below the table, 1 above)."""
    i = total - lo
    if i < 0:
        return 0.0
    if i >= w.shape[0]:
        return 1.0
    return w[i]


@njit(cache=True, nogil=True)
def advance(mask, flag, upper, score, box, points, bonus, rules):
    """The card after scoring `points` and `bonus` in `box`: (mask, flag, upper, score)."""
    if rules.is_upper[box]:
        upper = min(rules.cap, upper + points)
    if box == rules.five_box and rules.flags == 2:
        flag = 1 if points > 0 else 0
    return mask | (1 << box), flag, upper, score + points + bonus


@njit(cache=True, nogil=True)
def rolls(work, keeps):
    """Hand rows of `work` (the chance to win of scoring each hand best) -> the keep rows
    before the last roll and before the second: (win_last, win_second); `work` is left
    holding each hand's best before the second roll (see :func:`start_value`)."""
    chance(work, keeps.child, keeps.first_hand)
    win_last = work[:, 0].copy()
    best(work, keeps.sub)
    chance(work, keeps.child, keeps.first_hand)
    win_second = work[:, 0].copy()
    best(work, keeps.sub)
    return win_last, win_second


@njit(cache=True, nogil=True)
def start_value(work, keeps):
    """The chance to win at the start of the turn, from :func:`rolls`' leftover `work`."""
    total = 0.0
    for h in range(keeps.hand_probability.shape[0]):
        total += keeps.hand_probability[h] * work[keeps.first_hand + h, 0]
    return total


@njit(cache=True, nogil=True)
def last_leaves(values, mask, flag, upper, score, lo, w, rules, keeps):
    """Keep work array whose hand rows hold each hand's best chance to win when scored in
    the last open box(es): the final total's ``W``."""
    work = np.empty((keeps.child.shape[0], 1))
    for h in range(keeps.hand_probability.shape[0]):
        extra, face, sit = hand_scoring(mask, h, rules)
        top = 0.0
        for box in range(rules.box_count):
            allowed, p, b = box_score(box, mask, flag, h, extra, face, sit, rules)
            if allowed:
                top = max(top, win_of(total_after(values, score, upper, box, p, b, rules), lo, w))
        work[keeps.first_hand + h, 0] = top
    return work


@njit(cache=True, nogil=True)
def after_chances(values, mask, flag, upper, score, lo, w, rules, keeps):
    """For every (hand, box): the chance to win after scoring it, playing the then last turn
    exactly; -1 where not allowed. A card with two open boxes."""
    n_hands = keeps.hand_probability.shape[0]
    out = np.full((n_hands, rules.box_count), -1.0)
    seen = np.empty(n_hands * 2, dtype=np.int64)
    seen_value = np.empty(n_hands * 2)
    count = 0
    for h in range(n_hands):
        extra, face, sit = hand_scoring(mask, h, rules)
        for box in range(rules.box_count):
            allowed, p, b = box_score(box, mask, flag, h, extra, face, sit, rules)
            if not allowed:
                continue
            code = (box * 1024 + p) * 4096 + b
            v = -1.0
            for j in range(count):
                if seen[j] == code:
                    v = seen_value[j]
                    break
            if v < 0.0:
                m2, f2, u2, s2 = advance(mask, flag, upper, score, box, p, b, rules)
                work = last_leaves(values, m2, f2, u2, s2, lo, w, rules, keeps)
                rolls(work, keeps)
                v = start_value(work, keeps)
                seen[count] = code
                seen_value[count] = v
                count += 1
            out[h, box] = v
    return out


@njit(cache=True, nogil=True)
def open_boxes(mask, rules):
    """How many boxes of the card are open."""
    count = 0
    for box in range(rules.box_count):
        if not (mask >> box) & 1:
            count += 1
    return count


@njit(cache=True, nogil=True)
def turn_to_win(values, mask, flag, upper, score, lo, w, rules, keeps):
    """Exact chances to win over one's own last turn or last two, and the optimal means.

    Returns (succ, after, mean_last, mean_second, win_last, win_second): keep rows (462)
    before the last and the second roll; ``succ`` as :func:`.kernels.turn` gives it (one
    column); ``after[hand, box]`` the chance to win after scoring (-1: not allowed).
    """
    reps = np.array([upper], dtype=np.int64)
    succ, mean_last, mean_second = turn(values, mask, flag, reps, rules, keeps)
    n_hands = keeps.hand_probability.shape[0]
    if open_boxes(mask, rules) == 1:
        after = np.full((n_hands, rules.box_count), -1.0)
        for h in range(n_hands):
            extra, face, sit = hand_scoring(mask, h, rules)
            for box in range(rules.box_count):
                allowed, p, b = box_score(box, mask, flag, h, extra, face, sit, rules)
                if allowed:
                    after[h, box] = win_of(
                        total_after(values, score, upper, box, p, b, rules), lo, w
                    )
    else:
        after = after_chances(values, mask, flag, upper, score, lo, w, rules, keeps)
    work = np.empty((keeps.child.shape[0], 1))
    for h in range(n_hands):
        top = 0.0
        for box in range(rules.box_count):
            top = max(top, after[h, box])
        work[keeps.first_hand + h, 0] = top
    win_last, win_second = rolls(work, keeps)
    return succ, after, mean_last[0], mean_second[0], win_last, win_second


@njit(cache=True, nogil=True)
def keep_exact(win_row, mean_row, hand, subkeeps):
    """The keep of `hand` most likely to win (the higher mean among equal chances)."""
    choice = subkeeps[hand, 0]
    for j in range(1, subkeeps.shape[1]):
        k = subkeeps[hand, j]
        if k < 0:
            break
        if win_row[k] > win_row[choice] + TIE or (
            win_row[k] > win_row[choice] - TIE and mean_row[k] > mean_row[choice]
        ):
            choice = k
    return choice


@njit(cache=True, nogil=True)
def box_exact(succ, after, mask, flag, hand, rules):
    """The box most likely to win with `hand` (higher mean on ties): (box, points, bonus)."""
    top, top_mean = -1.0, -1.0e300
    choice, choice_points, choice_bonus = -1, 0, 0
    extra, face, sit = hand_scoring(mask, hand, rules)
    for box in range(rules.box_count):
        allowed, p, b = box_score(box, mask, flag, hand, extra, face, sit, rules)
        if not allowed:
            continue
        chance_ = after[hand, box]
        mean = p + b + succ[box, rules.slot_of[box, p], 0]
        if chance_ > top + TIE or (chance_ > top - TIE and mean > top_mean):
            top, top_mean = chance_, mean
            choice, choice_points, choice_bonus = box, p, b
    return choice, choice_points, choice_bonus


@njit(cache=True, parallel=True)
def play_turn_exact(values, games, rival, subset, faces, rules, keeps):
    """The win-seeker's exact turn in every game of `subset` (in place).

    `games` holds the seeker's cards, each with one or two open boxes; `rival` the optimal
    rival's, each with at most two open boxes.
    """
    for i in prange(subset.shape[0]):
        g = subset[i]
        rlo, rpmf = card_pmf(
            values, rival.masks[g], rival.flags[g], rival.uppers[g], rival.scores[g], rules, keeps
        )
        los = np.array([rlo], dtype=np.int64)
        counts = np.array([rpmf.shape[0]], dtype=np.int64)
        lo, w = win_table(los, rpmf.reshape(1, -1), counts)
        mask, flag, upper, score = games.masks[g], games.flags[g], games.uppers[g], games.scores[g]
        succ, after, mean_last, mean_second, win_last, win_second = turn_to_win(
            values, mask, flag, upper, score, lo, w, rules, keeps
        )
        hand = reroll(0, faces, g, 0, keeps)
        keep = keep_exact(win_second, mean_second, hand, keeps.subkeeps)
        hand = reroll(keep, faces, g, 5, keeps)
        keep = keep_exact(win_last, mean_last, hand, keeps.subkeeps)
        hand = reroll(keep, faces, g, 10, keeps)
        box, p, b = box_exact(succ, after, mask, flag, hand, rules)
        write_score(games, g, mask, box, p, b, rules)
