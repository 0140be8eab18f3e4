"""The day's numbers from its scores alone: a score's rank (ties share it), its percentile and
the histogram of the day, as the daily challenge's result shows them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

MAX_BINS = 20
BIN_STEPS = (5, 10, 20, 25, 50, 100)  # bin widths a person reads at a glance


def rank_of(score: int, scores: Sequence[int]) -> int:
    """1 + how many scored more: ties share the rank (1, 2, 2, 4)."""
    return 1 + sum(1 for s in scores if s > score)


def percentile(score: int, scores: Sequence[int]) -> float:
    """The share of the day's players (in %, 0-100, one decimal) who scored no more than
    `score`: 100 for the best, the share beaten or tied otherwise."""
    if not scores:
        return 100.0
    return round(100.0 * sum(1 for s in scores if s <= score) / len(scores), 1)


def bin_width(low: int, high: int) -> int:
    """The narrowest round width that covers `low`..`high` in at most MAX_BINS bins."""
    span = high - low + 1
    for step in BIN_STEPS:
        if math.ceil(span / step) <= MAX_BINS:
            return step
    return math.ceil(span / MAX_BINS / 100) * 100


def histogram(scores: Sequence[int], you: int | None, optimal: int | None) -> dict[str, Any]:
    """The day's scores in bins of one round width (`from` and `to` both included), from the
    lowest to the highest of the scores, yours and the optimal one; with yours and the
    optimal score, for the page to mark."""
    marks = [s for s in (*scores, you, optimal) if s is not None]
    if not marks:
        return {"bins": [], "you": you, "optimal": optimal}
    width = bin_width(min(marks), max(marks))
    first = (min(marks) // width) * width
    count = (max(marks) - first) // width + 1
    bins = [
        {"from": first + i * width, "to": first + (i + 1) * width - 1, "count": 0}
        for i in range(count)
    ]
    for s in scores:
        bins[(s - first) // width]["count"] += 1
    return {"bins": bins, "you": you, "optimal": optimal}
