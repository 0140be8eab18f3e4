"""Play many complete solitaire games at once and summarise their final scores.

Games are stepped turn by turn together; within a turn they are grouped by card state so one
turn computation serves every game in that state (:mod:`.sim_kernels`). Dice come from a
seeded numpy generator, so a seed gives the same games every time.

Games are played in batches of at most :data:`BATCH` (one generator feeds them in turn), and a
:class:`Tally` counts final scores by value, so a simulation's memory stays flat however many
games it plays. Up to :data:`BATCH` games a seed gives the games it gave before batching;
beyond, the dice are drawn batch by batch and so differ from one whole-array draw.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .keeps import keep_table
from .rule_arrays import rule_arrays
from .table import StrategyTable

IntArray = npt.NDArray[np.int64]

CHUNK = 512  # most games one turn computation serves in one parallel task
BATCH = 100_000  # most games played at once: about 60 MB of dice and cards


def group_chunks(keys: IntArray, chunk: int = CHUNK) -> tuple[IntArray, IntArray]:
    """Games sorted by state key, and chunk bounds that never mix two keys."""
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    starts = np.flatnonzero(np.r_[True, sorted_keys[1:] != sorted_keys[:-1]])
    ends = np.r_[starts[1:], len(keys)]
    bounds = [np.arange(s, e, chunk) for s, e in zip(starts, ends, strict=True)]
    return order, np.concatenate([*bounds, [len(keys)]]).astype(np.int64)


class Games(NamedTuple):
    """The cards of many games in the solver's state terms, plus points so far.

    A namedtuple of arrays, so the compiled turn takes it as one argument and fills it in place.
    """

    masks: IntArray
    flags: IntArray
    uppers: IntArray
    scores: IntArray

    @classmethod
    def new(cls, count: int) -> Games:
        """`count` empty cards."""
        zeros = np.zeros(count, dtype=np.int64)
        return cls(zeros.copy(), zeros.copy(), zeros.copy(), zeros.copy())

    def final_scores(self, table: StrategyTable) -> IntArray:
        """Grand totals: points so far plus the upper bonus where earned."""
        a = rule_arrays(table.rules)
        bonus = np.where(self.uppers >= a.threshold, a.upper_bonus, 0) if a.upper_bonus else 0
        return self.scores + bonus


def play_turns(
    table: StrategyTable,
    games: Games,
    rng: np.random.Generator,
    turns: int | None = None,
    subset: IntArray | None = None,
) -> None:
    """Play `turns` turns (all remaining by default) of the games in `subset` (default all)
    with `table`'s policy."""
    from .sim_kernels import play_turn

    a = rule_arrays(table.rules)
    k = keep_table()
    count = len(games.masks)
    turns = a.box_count if turns is None else turns
    for _ in range(turns):
        faces = rng.integers(1, 7, size=(count, 15), dtype=np.int8)
        if subset is None:
            order, bounds = group_chunks(games.masks * 2 + games.flags)
        else:
            within, bounds = group_chunks(games.masks[subset] * 2 + games.flags[subset])
            order = subset[within]
        play_turn(table.values, order, bounds, games, faces, a.packed, k.packed)


def simulate_batches(
    table: StrategyTable, count: int, seed: int = 0, batch: int | None = None
) -> Iterator[IntArray]:
    """Final scores of `count` complete games, `batch` (default :data:`BATCH`) at a time, so
    memory stays flat."""
    batch = BATCH if batch is None else batch
    rng = np.random.default_rng(seed)
    for start in range(0, count, batch):
        games = Games.new(min(batch, count - start))
        play_turns(table, games, rng)
        yield games.final_scores(table)


def simulate_games(table: StrategyTable, count: int, seed: int = 0) -> IntArray:
    """Final scores of `count` complete games played by `table`'s policy."""
    return np.concatenate([*simulate_batches(table, count, seed), np.zeros(0, np.int64)])


def _no_counts() -> IntArray:
    return np.zeros(0, dtype=np.int64)


@dataclass
class Tally:
    """Final scores counted by value: what a summary needs, in memory that does not grow."""

    counts: IntArray = field(default_factory=_no_counts)  # counts[s]: games that scored s

    def add(self, scores: npt.NDArray[np.integer[Any]]) -> None:
        """Count more games' final scores (never negative)."""
        more = np.bincount(np.asarray(scores, dtype=np.int64), minlength=len(self.counts))
        more[: len(self.counts)] += self.counts
        self.counts = more

    @property
    def games(self) -> int:
        """How many games are counted."""
        return int(self.counts.sum())

    @property
    def mean(self) -> float:
        """The mean final score."""
        return float(self.counts @ np.arange(len(self.counts))) / self.games


@dataclass(frozen=True)
class Summary:
    """Mean, spread, percentiles and histogram of final scores."""

    games: int
    mean: float
    std: float
    stderr: float
    percentiles: dict[int, float]
    histogram: list[tuple[int, int]]  # (bin start, games)
    bin_width: int

    @classmethod
    def of(cls, scores: npt.NDArray[np.integer[Any]], bin_width: int = 25) -> Summary:
        """Summarise final scores."""
        tally = Tally()
        tally.add(scores)
        return cls.of_tally(tally, bin_width)

    @classmethod
    def of_tally(cls, tally: Tally, bin_width: int = 25) -> Summary:
        """Summarise counted final scores; percentiles interpolate as numpy's default does."""
        counts = tally.counts
        n = tally.games
        values = np.arange(len(counts), dtype=np.float64)
        mean = tally.mean
        std = float(np.sqrt(counts @ (values - mean) ** 2 / (n - 1))) if n > 1 else 0.0
        ranks = np.cumsum(
            counts
        )  # the sorted scores: position i holds the first s with ranks[s] > i

        def at(position: int) -> float:
            return float(np.searchsorted(ranks, position, side="right"))

        pct = {}
        for p in (1, 5, 10, 25, 50, 75, 90, 95, 99):
            where = (n - 1) * p / 100
            low = int(np.floor(where))
            pct[p] = at(low) + (where - low) * (at(min(low + 1, n - 1)) - at(low))
        binned = np.bincount(np.arange(len(counts)) // bin_width, weights=counts)
        histogram = [(i * bin_width, int(c)) for i, c in enumerate(binned) if c]
        return cls(n, mean, std, std / np.sqrt(n), pct, histogram, bin_width)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "games": self.games,
            "mean": self.mean,
            "std": self.std,
            "stderr": self.stderr,
            "percentiles": {str(p): v for p, v in self.percentiles.items()},
            "histogram": [{"from": lo, "games": n} for lo, n in self.histogram],
        }
