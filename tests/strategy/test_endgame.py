"""The win-seeker's exact endgame: distributions, the exact chance to win, and a choice it
gets right where the optimal (max-expected-score) player does not."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import factorial

import numpy as np
import pytest

from fivedice.rules import preset
from fivedice.strategy import StrategyTable
from fivedice.strategy.endgame import card_pmf, turn_to_win
from fivedice.strategy.keeps import keep_table
from fivedice.strategy.players import TablePlayer
from fivedice.strategy.rule_arrays import rule_arrays
from fivedice.strategy.winning import WinSeeker

from .conftest import ChanceEndgame


def _states(table: StrategyTable, open_count: int, count: int) -> list[tuple[int, int, int]]:
    """Random valid (mask, flag, upper) turn-start states with `open_count` open boxes."""
    a = rule_arrays(table.rules)
    rng = np.random.default_rng(open_count)
    full = (1 << a.box_count) - 1
    out: list[tuple[int, int, int]] = []
    while len(out) < count:
        holes = rng.choice(a.box_count, size=open_count, replace=False)
        mask = full & ~int(sum(1 << int(h) for h in holes))
        flag = int(rng.integers(0, table.values.shape[1]))
        uppers = np.flatnonzero(~np.isnan(table.values[mask, flag]))
        if (flag and (mask >> a.five_box) & 1 == 0) or not len(uppers):
            continue
        out.append((mask, flag, int(rng.choice(uppers))))
    return out


@pytest.mark.parametrize("open_count", [1, 2])
def test_card_pmf_is_a_distribution_with_the_solver_mean(
    official: StrategyTable, open_count: int
) -> None:
    """The final total's distribution under optimal play sums to 1 and its mean is the
    points so far plus the solver's value of the state."""
    a, k = rule_arrays(official.rules), keep_table()
    for mask, flag, upper in _states(official, open_count, 12):
        lo, pmf = card_pmf(official.values, mask, flag, upper, 100, a.packed, k.packed)
        assert pmf.sum() == pytest.approx(1.0, abs=1e-12)
        mean = float((lo + np.arange(len(pmf))) @ pmf)
        assert mean == pytest.approx(100 + official.values[mask, flag, upper], abs=1e-9)


@pytest.mark.parametrize("open_count", [1, 2])
def test_linear_win_table_reproduces_the_solver(official: StrategyTable, open_count: int) -> None:
    """With a chance to win growing linearly in the final total, playing to win is playing
    for the mean: the exact turn's start value is the solver's, rescaled."""
    a, k = rule_arrays(official.rules), keep_table()
    span, score = 4000, 100
    w = np.arange(span) / span  # W(x) = (x - lo) / span over every reachable total
    lo = score
    for mask, flag, upper in _states(official, open_count, 6):
        *_, win_second = turn_to_win(
            official.values, mask, flag, upper, score, lo, w, a.packed, k.packed
        )
        start = sum(
            k.hand_probability[h] * max(win_second[j] for j in k.subkeeps[h] if j >= 0)
            for h in range(len(k.hand_probability))
        )
        assert start == pytest.approx(official.values[mask, flag, upper] / span, abs=1e-12)


@cache
def _roll_chances(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Each multiset `dice` fresh dice can show, with its chance."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        ways = factorial(dice)
        for f in set(faces):
            ways //= factorial(faces.count(f))
        out.append((faces, ways / 6**dice))
    return tuple(out)


def _chance_to_win_with_chance_box(hold: tuple[int, ...], target: int) -> float:
    """Brute force, independent of the solver: chance that holding `hold` with two
    rolls left ends with a dice sum (the Chance box) above `target` (equal: half)."""

    def final(total: int) -> float:
        return 1.0 if total > target else (0.5 if total == target else 0.0)

    @cache
    def best(dice: tuple[int, ...], rolls: int) -> float:
        if rolls == 0:
            return final(sum(dice))
        holds = {c for n in range(6) for c in _subsets(dice, n)}
        return max(after(h, rolls) for h in holds)

    @cache
    def after(kept: tuple[int, ...], rolls: int) -> float:
        return sum(
            p * best(tuple(sorted(kept + faces)), rolls - 1)
            for faces, p in _roll_chances(5 - len(kept))
        )

    return after(tuple(sorted(hold)), 2)


def _subsets(dice: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    from itertools import combinations

    return {tuple(sorted(c)) for c in combinations(dice, n)}


def test_exact_endgame_beats_the_optimal_hold(
    official: StrategyTable, chance_endgame: ChanceEndgame
) -> None:
    """Last turn, only Chance open, the rival finished 29 ahead of the seeker's other boxes
    (28 in Chance); the seeker shows 6 6 5 2 1 with two rolls left.

    The optimal player holds 5 6 6 (the best mean); but only 30 wins (29 ties), and holding
    6 6 gives the better chance, by brute force over every roll: 0.0556 against 0.0467.
    """
    # The rival's last turn: 29 in Chance; the seeker's first roll of its last turn: 6 6 5 2 1.
    state, seeker = chance_endgame([6, 6, 6, 6, 5], [6, 6, 5, 2, 1])
    win_seeker = WinSeeker(preset("official"), official)
    optimal_move = TablePlayer(official, "optimal").decide(state, seeker)
    seeking_move = win_seeker.decide(state, seeker)
    assert str(optimal_move) == "hold 5 6 6"
    assert str(seeking_move) == "hold 6 6"
    exact = _chance_to_win_with_chance_box((6, 6), 29)
    assert exact > _chance_to_win_with_chance_box((5, 6, 6), 29) + 0.008
    # The player's own figures are the brute-force ones, for every hold.
    for chance, _mean, action in win_seeker.exact_chances(state, seeker):
        if action.kind == "hold":
            brute = _chance_to_win_with_chance_box(tuple(action.hold), 29)
            assert chance == pytest.approx(brute, abs=1e-12), action
