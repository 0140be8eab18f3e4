"""The plain-numpy turn gives the compiled kernel's numbers to the last bit, so the advisor and
the computer players decide exactly as the solver and the simulator do."""

from __future__ import annotations

import numpy as np
import pytest

from fivedice.rules import Dice, Scorecard, preset
from fivedice.strategy import load_or_solve
from fivedice.strategy.advisor import score_advice
from fivedice.strategy.keeps import keep_table
from fivedice.strategy.kernels import turn as compiled_turn
from fivedice.strategy.one_turn import start_value, turn
from fivedice.strategy.rule_arrays import rule_arrays


@pytest.mark.parametrize("name", ["official", "yatzy", "general", "classic-1986"])
def test_numpy_turn_matches_the_compiled_turn(name: str) -> None:
    rules = preset(name)
    table = load_or_solve(rules)
    a = rule_arrays(rules)
    k = keep_table()
    rng = np.random.default_rng(7)
    full = (1 << a.box_count) - 1
    masks = [0, full ^ 1, full ^ (1 << a.five_box) if a.five_box >= 0 else 1]
    masks += [int(m) for m in rng.integers(0, full, 120)]
    for mask in masks:
        for flag in range(a.flags):
            reachable = np.flatnonzero(~np.isnan(table.values[mask, flag]))
            upper = int(rng.choice(reachable))
            succ, last, second = compiled_turn(
                table.values, mask, flag, np.array([upper]), a.packed, k.packed
            )
            n_succ, n_last, n_second = turn(a, table.values, mask, flag, upper)
            assert np.array_equal(n_last, last[0]), (mask, flag, upper)
            assert np.array_equal(n_second, second[0]), (mask, flag, upper)
            open_boxes = [b for b in range(a.box_count) if not mask >> b & 1]
            assert np.array_equal(n_succ[open_boxes], succ[open_boxes, :, 0])
            assert (
                start_value(a, table.values, mask, flag, upper) == table.values[mask, flag, upper]
            )


def test_score_advice_is_the_expected_final_of_the_card_after() -> None:
    rules = preset("official")
    table = load_or_solve(rules)
    card = Scorecard(rules, {"fives": 15, "yahtzee": 50, "sixes": 24, "chance": 20})
    for dice in ("55555", "66666", "12345", "11223"):
        for advice in score_advice(table, card, Dice.parse(dice)):
            after = card.with_score(card.option(advice.action.category, Dice.parse(dice)))
            assert advice.expected == table.expected_final(after)


def test_a_turn_is_kept_for_the_next_roll_of_the_same_table_only() -> None:
    from fivedice.strategy.heuristics import beginner_table
    from fivedice.strategy.turn import turn_values

    rules = preset("official")
    table = load_or_solve(rules)
    card = Scorecard(rules, {"chance": 22})
    key = table.key(card.boxes)
    first = turn_values(table, key)
    assert turn_values(table, table.key(card.boxes)) is first  # the next roll of the turn
    assert not first.before_last_roll.flags.writeable
    other = turn_values(beginner_table(rules), key)  # same state, another table
    assert other is not first
    assert not np.array_equal(other.before_second_roll, first.before_second_roll)
    for name in rules.category_names:  # other turns push it out
        if name != "chance":
            turn_values(table, table.key({name: 0}))
    assert turn_values(table, key) is not first
    assert np.array_equal(turn_values(table, key).before_second_roll, first.before_second_roll)
