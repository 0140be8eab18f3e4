"""Simulation by level name: a level's scores, head-to-head matches, and win rates with CIs."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from fivedice.rules import RuleSet

from .players import Level
from .simulate import BATCH, Tally, simulate_batches, simulate_games
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


def level_tally(level: str, rules: RuleSet, games: int, seed: int = 0) -> Tally:
    """The final scores of :func:`level_scores`, counted batch by batch (flat memory)."""
    tally = Tally()
    for scores in simulate_batches(level_table(_level(level), rules), games, seed):
        tally.add(scores)
    return tally


def head_to_head_batches(
    first: str, second: str, rules: RuleSet, matches: int, seed: int = 0
) -> Iterator[tuple[IntArray, IntArray]]:
    """Final scores of two levels in `matches` two-player matches, a batch at a time."""
    a, b = _level(first), _level(second)
    if Level.WIN_SEEKING in (a, b):
        if {a, b} != {Level.WIN_SEEKING, Level.OPTIMAL}:
            raise ValueError("The win-seeking player is simulated head-to-head against optimal")
        from .cache import load_or_solve
        from .winning import head_to_head_to_win

        table = load_or_solve(rules)
        for number, start in enumerate(range(0, matches, BATCH)):
            # The first batch keeps the seed (so up to BATCH matches are as before); later
            # ones get seeds of their own that no other seed's batches share.
            batch_seed = seed if number == 0 else _batch_seed(seed, number)
            seeker, rival = head_to_head_to_win(table, min(BATCH, matches - start), batch_seed)
            yield (seeker, rival) if a is Level.WIN_SEEKING else (rival, seeker)
        return
    # Neither player looks at the other's card: a match is two independent games.
    yield from zip(
        simulate_batches(level_table(a, rules), matches, seed),
        simulate_batches(level_table(b, rules), matches, seed + 1_000_003),
        strict=True,
    )


def _batch_seed(seed: int, number: int) -> int:
    """A seed for batch `number` of a simulation seeded with `seed`."""
    return int(np.random.SeedSequence([seed, number]).generate_state(1, np.uint64)[0])


def head_to_head(
    first: str, second: str, rules: RuleSet, matches: int, seed: int = 0
) -> tuple[IntArray, IntArray]:
    """Final scores of two levels in `matches` two-player matches (first level's, second's)."""
    batches = list(head_to_head_batches(first, second, rules, matches, seed))
    empty = np.zeros(0, np.int64)
    return (
        np.concatenate([empty, *(a for a, _ in batches)]),
        np.concatenate([empty, *(b for _, b in batches)]),
    )


@dataclass
class WinTally:
    """Matches won (ties count half), counted batch by batch for :func:`win_rate`."""

    matches: int = 0
    won: float = 0.0  # sum of each match's outcome: 1, 0.5 or 0
    won_squared: float = 0.0  # sum of the outcomes' squares, for the spread

    def add(self, scores: IntArray, rival: IntArray) -> None:
        """Count more matches."""
        outcome = (scores > rival) + 0.5 * (scores == rival)
        self.matches += len(outcome)
        self.won += float(outcome.sum())
        self.won_squared += float(outcome @ outcome)

    def rate(self) -> tuple[float, float, float]:
        """Share of matches won with a 95% normal confidence interval."""
        n = self.matches
        rate = self.won / n
        if n < 2:
            return rate, rate, rate
        variance = max(self.won_squared - n * rate * rate, 0.0) / (n - 1)
        half = 1.96 * math.sqrt(variance) / math.sqrt(n)
        return rate, rate - half, rate + half


def head_to_head_tally(
    first: str, second: str, rules: RuleSet, matches: int, seed: int = 0
) -> tuple[Tally, Tally, WinTally]:
    """The scores of :func:`head_to_head` counted batch by batch: each level's, and who won."""
    ours, theirs, wins = Tally(), Tally(), WinTally()
    for scores, rival in head_to_head_batches(first, second, rules, matches, seed):
        ours.add(scores)
        theirs.add(rival)
        wins.add(scores, rival)
    return ours, theirs, wins


def win_rate(scores: IntArray, rival: IntArray) -> tuple[float, float, float]:
    """Share of matches won (ties count half) with a 95% normal confidence interval."""
    wins = WinTally()
    wins.add(scores, rival)
    return wins.rate()
