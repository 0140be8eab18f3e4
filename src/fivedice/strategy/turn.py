"""One turn of a state worked out in full: what every hand and every keep is worth.

The advisor and the computer players read their decisions off a :class:`TurnValues`; it is
the solver's per-state computation (:mod:`.kernels`) run for a single upper subtotal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .keeps import keep_table
from .rule_arrays import rule_arrays
from .table import StateKey, StrategyTable

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class TurnValues:
    """Expected points to come (this turn included) at each decision of one turn.

    ``before_last_roll[k]``: holding keep ``k`` before the third roll (for the 252 hands it is
    the value of scoring that hand now); ``before_second_roll[k]``: holding ``k`` before the
    second roll. ``successor[box, slot]`` is the table value after scoring in an open box.
    """

    key: StateKey
    before_second_roll: FloatArray
    before_last_roll: FloatArray
    successor: FloatArray

    def keep_value(self, keep: int, rolls_left: int) -> float:
        """Expected points to come from holding `keep` with `rolls_left` rolls to go."""
        row = self.before_second_roll if rolls_left == 2 else self.before_last_roll
        return float(row[keep])


def turn_values(table: StrategyTable, key: StateKey) -> TurnValues:
    """Work out one turn from a turn-start state of `table` (any table of that shape)."""
    from .kernels import turn

    a = rule_arrays(table.rules)
    k = keep_table()
    reps = np.array([key.upper], dtype=np.int64)
    succ, before_last, before_second = turn(
        table.values, key.mask, key.flag, reps, a.packed, k.packed
    )
    return TurnValues(key, before_second[0], before_last[0], succ[:, :, 0])
