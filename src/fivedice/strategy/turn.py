"""One turn of a state worked out in full: what every hand and every keep is worth.

The advisor and the computer players read their decisions off a :class:`TurnValues`; it is
the solver's per-state computation run for a single upper subtotal, in plain numpy
(:mod:`.one_turn`), so a hint needs no compiled code.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .one_turn import turn
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


_RECENT = 8  # turns kept: a player asks for advice up to three times in one turn
_recent_lock = threading.Lock()
_recent: OrderedDict[tuple[int, int, int, int], tuple[StrategyTable, TurnValues]] = OrderedDict()


def turn_values(table: StrategyTable, key: StateKey) -> TurnValues:
    """Work out one turn from a turn-start state of `table` (any table of that shape); the
    last few are kept, so each roll of a turn does not work it out again."""
    memo = (id(table), key.mask, key.flag, key.upper)
    with _recent_lock:  # the server asks for hints from several threads
        known = _recent.get(memo)
        if known is not None and known[0] is table:
            _recent.move_to_end(memo)
            return known[1]
    turn = _work_out(table, key)
    with _recent_lock:
        _recent[memo] = (table, turn)
        while len(_recent) > _RECENT:
            _recent.popitem(last=False)
    return turn


def _work_out(table: StrategyTable, key: StateKey) -> TurnValues:
    """One turn worked out afresh."""
    a = rule_arrays(table.rules)
    succ, before_last, before_second = turn(a, table.values, key.mask, key.flag, key.upper)
    for shared in (succ, before_last, before_second):  # kept and handed out again: read-only
        shared.flags.writeable = False
    return TurnValues(key, before_second, before_last, succ)
