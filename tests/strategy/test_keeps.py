"""The keep combinatorics the solver and simulator rely on."""

from __future__ import annotations

import numpy as np
import pytest

from fivedice.rules import all_dice
from fivedice.strategy.keeps import keep_table, reroll_distribution


def test_keep_counts_and_order() -> None:
    """462 keeps; the last 252 are the hands in all_dice order; first-roll chances sum to 1."""
    k = keep_table()
    assert k.count == 462
    assert [k.keeps[i] for i in k.hand_keep] == [d.values for d in all_dice()]
    assert k.hand_probability.sum() == pytest.approx(1.0)


def test_children_average_to_reroll_distribution() -> None:
    """A keep's value by one-die children equals the explicit reroll distribution."""
    k = keep_table()
    rng = np.random.default_rng(0)
    hand_values = rng.normal(size=252)
    values = np.zeros(k.count)
    values[k.first_hand :] = hand_values
    for i in range(k.first_hand - 1, -1, -1):
        values[i] = values[k.child[i]].mean()
    for keep in [(), (3,), (1, 1), (2, 5, 6), (6, 6, 6, 6)]:
        explicit = sum(
            p * hand_values[k.index[h] - k.first_hand] for h, p in reroll_distribution(keep).items()
        )
        assert values[k.index[keep]] == pytest.approx(explicit)
