"""Value tables for the weaker computer players: rules of thumb instead of the exact solution.

A computer player plays each turn to maximise "points this turn + value of the card after";
with the solver's table that is optimal play. These tables put a person's rough sense of the
card's future in its place, so the same turn machinery (and the fast simulator) drives them:

* ``beginner``: the future is worth nothing; every turn is played for its own points.
* ``good-human``: each open box is worth what one turn aimed at it alone usually scores
  (its *par*), the Yahtzee box a few turns' worth, and the upper bonus counts as won once
  the subtotal plus three of each open face reaches the threshold ("three of each" rule).

Every number is derived from the rule set through the solver's own turn computation (its
plain-numpy form, :mod:`.one_turn`: no compiled code).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import numpy as np

from fivedice.rules import RuleSet

from .one_turn import start_value
from .rule_arrays import rule_arrays
from .table import StrategyTable

YAHTZEE_TURNS = 4  # the Yahtzee box is valued as if a person chased it this many turns


@cache
def box_pars(rules: RuleSet) -> np.ndarray:
    """Each box's par: the expected score of one turn played for that box alone."""
    a = rule_arrays(rules)
    n = a.box_count
    full = (1 << n) - 1
    values = np.zeros((1 << n, 1, 1))
    # One turn, no upper bonus to chase: no flag axis, every subtotal at 0.
    one_turn_rules = replace(a, flags=1, cap=0)
    pars = np.array(
        [start_value(one_turn_rules, values, full ^ (1 << box), 0, 0) for box in range(n)]
    )
    if a.five_box >= 0:
        # The chance of a five of a kind within a few turns, not just one.
        value = float(a.natural[:, a.five_box].max())
        one_turn = pars[a.five_box] / value if value else 0.0
        pars[a.five_box] = value * (1 - (1 - one_turn) ** YAHTZEE_TURNS)
    return pars


def beginner_table(rules: RuleSet) -> StrategyTable:
    """The card's future counts for nothing: each turn is played for its own points."""
    a = rule_arrays(rules)
    return StrategyTable(rules, np.zeros((1 << a.box_count, a.flags, a.cap + 1)))


def good_human_table(rules: RuleSet) -> StrategyTable:
    """Open boxes worth their par, the upper bonus worth its points once on track."""
    a = rule_arrays(rules)
    n = a.box_count
    pars = box_pars(rules)
    masks = np.arange(1 << n, dtype=np.int64)
    future = np.zeros(1 << n)
    on_track_need = np.zeros(1 << n, dtype=np.int64)
    for box in range(n):
        is_open = (masks >> box) & 1 == 0
        future += np.where(is_open, pars[box], 0.0)
        if a.is_upper[box]:
            three_of_each = 3 * int(a.slot_points[box, : a.slot_count[box]].max()) // 5
            on_track_need += np.where(is_open, three_of_each, 0)
    values = np.repeat(future[:, None, None], a.flags, axis=1).repeat(a.cap + 1, axis=2)
    if a.upper_bonus:
        uppers = np.arange(a.cap + 1)
        on_track = uppers[None, :] + on_track_need[:, None] >= a.threshold
        values += (a.upper_bonus * on_track)[:, None, :]
    return StrategyTable(rules, values)
