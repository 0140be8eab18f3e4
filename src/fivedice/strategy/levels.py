"""Simulation by level name: a level's scores, head-to-head matches, and win rates with CIs."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from fivedice.rules import RuleSet

from .players import Level
from .simulate import simulate_games
from .table import StrategyTable

IntArray = npt.NDArray[np.int64]


def level_table(level: str | Level, rules: RuleSet) -> StrategyTable:
    """The value table that drives a table-playing level."""
    from .cache import load_or_solve
    from .heuristics import beginner_table, good_human_table

    level = Level(level)
    if level is Level.BEGINNER:
        return beginner_table(rules)
    if level is Level.GOOD_HUMAN:
        return good_human_table(rules)
    return load_or_solve(rules)


def _level(name: str) -> Level:
    try:
        return Level(name)
    except ValueError:
        known = ", ".join(level.value for level in Level)
        raise ValueError(f"No player level {name!r}; the levels are {known}") from None


def level_scores(level: str, rules: RuleSet, games: int, seed: int = 0) -> IntArray:
    """Final scores of `games` solitaire games of a level (win-seeking plays as optimal alone)."""
    return simulate_games(level_table(_level(level), rules), games, seed)


def head_to_head(
    first: str, second: str, rules: RuleSet, matches: int, seed: int = 0
) -> tuple[IntArray, IntArray]:
    """Final scores of two levels in `matches` two-player matches (first level's, second's)."""
    a, b = _level(first), _level(second)
    if Level.WIN_SEEKING in (a, b):
        if {a, b} != {Level.WIN_SEEKING, Level.OPTIMAL}:
            raise ValueError("The win-seeking player is simulated head-to-head against optimal")
        from .cache import load_or_solve
        from .winning import head_to_head_to_win

        seeker, rival = head_to_head_to_win(load_or_solve(rules), matches, seed)
        return (seeker, rival) if a is Level.WIN_SEEKING else (rival, seeker)
    # Neither player looks at the other's card: a match is two independent games.
    return (
        simulate_games(level_table(a, rules), matches, seed),
        simulate_games(level_table(b, rules), matches, seed + 1_000_003),
    )


def win_rate(scores: IntArray, rival: IntArray) -> tuple[float, float, float]:
    """Share of matches won (ties count half) with a 95% normal confidence interval."""
    outcome = (scores > rival) + 0.5 * (scores == rival)
    rate = float(outcome.mean())
    half = 1.96 * float(outcome.std(ddof=1)) / math.sqrt(len(outcome)) if len(outcome) > 1 else 0.0
    return rate, rate - half, rate + half
