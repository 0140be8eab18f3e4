"""The vectorised simulator against the solver, and the levels' head-to-head order."""

from __future__ import annotations

import numpy as np
import pytest

from fivedice.rules import preset
from fivedice.strategy import StrategyTable
from fivedice.strategy.levels import head_to_head, win_rate
from fivedice.strategy.simulate import Summary, simulate_games


def test_optimal_simulation_matches_the_solver(official: StrategyTable) -> None:
    """100,000 optimal games land within three standard errors of the solved value."""
    summary = Summary.of(simulate_games(official, 100_000, seed=20240))
    assert abs(summary.mean - official.expected_start) < 3 * summary.stderr
    assert summary.std == pytest.approx(59.6, abs=0.6)


def test_simulation_is_reproducible(official: StrategyTable) -> None:
    """The same seed plays the same games."""
    assert np.array_equal(
        simulate_games(official, 500, seed=5), simulate_games(official, 500, seed=5)
    )


@pytest.mark.parametrize(
    ("stronger", "weaker"), [("good-human", "beginner"), ("optimal", "good-human")]
)
def test_each_level_beats_the_one_below(stronger: str, weaker: str) -> None:
    """Head-to-head, each level wins significantly more than half of 20,000 matches."""
    scores, rival = head_to_head(stronger, weaker, preset("official"), 20_000, seed=7)
    rate, low, _high = win_rate(scores, rival)
    assert low > 0.5, rate
    assert scores.mean() > rival.mean()


def test_win_seeking_plays_full_matches(official: StrategyTable) -> None:
    """The win-seeker's head-to-head simulation runs and stays close to optimal strength."""
    seeker, rival = head_to_head("win-seeking", "optimal", preset("official"), 4_000, seed=3)
    rate, low, high = win_rate(seeker, rival)
    assert 0.45 < rate < 0.56
    assert low < rate < high
    assert abs(rival.mean() - official.expected_start) < 4 * 59.6 / np.sqrt(4_000)


def test_summary_fields() -> None:
    """Percentiles are ordered and the histogram counts every game."""
    s = Summary.of(np.array([100, 150, 200, 250, 300, 350]))
    assert list(s.percentiles.values()) == sorted(s.percentiles.values())
    assert sum(n for _, n in s.histogram) == 6
