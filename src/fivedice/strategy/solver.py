"""Solve a rule set: drive the compiled kernels level by level, with an optional progress bar.

This is the exact optimal solitaire strategy (maximum expected final score) for any
:class:`~fivedice.rules.RuleSet`; :mod:`fivedice.strategy.kernels` explains the computation.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from fivedice.extras import require
from fivedice.rules import RuleSet

from .keeps import keep_table
from .rule_arrays import RuleArrays, rule_arrays
from .table import StrategyTable

Progress = Callable[[int, int], None]  # (jobs done, jobs in all)


def level_jobs(arrays: RuleArrays, filled: int) -> tuple[np.ndarray, np.ndarray]:
    """The (mask, flag) jobs of the masks with `filled` boxes filled."""
    n = arrays.box_count
    masks = np.arange(1 << n, dtype=np.int64)
    popcount = np.zeros_like(masks)
    for bit in range(n):
        popcount += (masks >> bit) & 1
    level = masks[popcount == filled]
    if arrays.flags == 1 or arrays.five_box < 0:
        return level, np.zeros_like(level)
    five_filled = (level >> arrays.five_box) & 1 == 1
    both = level[five_filled]
    masks_out = np.concatenate([level, both])
    flags_out = np.concatenate([np.zeros_like(level), np.ones_like(both)])
    return masks_out, flags_out


def terminal_values(arrays: RuleArrays) -> np.ndarray:
    """A table with only the complete card filled in: the upper bonus if earned."""
    n = arrays.box_count
    values = np.full((1 << n, arrays.flags, arrays.cap + 1), np.nan)
    last = np.zeros(arrays.cap + 1)
    if arrays.upper_bonus:
        last[arrays.threshold :] = arrays.upper_bonus
    values[(1 << n) - 1, :, :] = last
    return values


def solve_levels(
    arrays: RuleArrays,
    out: np.ndarray,
    solve_level_jobs: Callable[[np.ndarray, np.ndarray], None],
    progress: Progress | None = None,
) -> None:
    """Fill `out` (a table of the solver's shape) one popcount level at a time, full card first.

    ``solve_level_jobs(masks, flags)`` fills the jobs of one level from the level above.
    """
    n = arrays.box_count
    jobs = [level_jobs(arrays, filled) for filled in range(n)]
    total = sum(len(m) for m, _ in jobs)
    done = 0
    for filled in range(n - 1, -1, -1):
        masks, flags = jobs[filled]
        solve_level_jobs(masks, flags)
        if arrays.flags == 2 and arrays.five_box >= 0:
            # The flag means nothing while the Yahtzee box is open: mirror plane 0.
            level = masks[flags == 0]
            open_five = level[(level >> arrays.five_box) & 1 == 0]
            out[open_five, 1, :] = out[open_five, 0, :]
        done += len(masks)
        if progress is not None:
            progress(done, total)


def solve(rules: RuleSet, progress: Progress | None = None) -> StrategyTable:
    """Compute the optimal-strategy table for `rules` (no cache; see :mod:`.cache`).

    Raises :class:`~fivedice.extras.MissingExtra` without numba (fivedice[solver])."""
    require("solver", "Solving a strategy table afresh")
    from .kernels import solve_level  # compiled code: imported only when solving

    started = time.perf_counter()
    a = rule_arrays(rules)
    k = keep_table()
    values = terminal_values(a)

    def solve_jobs(masks: np.ndarray, flags: np.ndarray) -> None:
        solve_level(values, masks, flags, a.packed, k.packed)

    solve_levels(a, values, solve_jobs, progress)
    return StrategyTable(rules, values, seconds=time.perf_counter() - started)
