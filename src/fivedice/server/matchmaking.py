"""Who plays whom in quick match: pure functions over the tickets waiting in one queue (one
rule set and table size), no storage and no clock of their own, so tests can drive them.

A waiting player accepts opponents whose shown rating is within their *range*: it starts at
``Widening.start`` points either side of their own and grows by ``Widening.step`` every
``Widening.every`` seconds they have waited, without limit, so everyone is matched in the end
(the computer offer comes first, after the server's wait). A group is formed only when every
two of its players are within the range of both. The oldest waiting player is served first:
the matcher takes the oldest unmatched ticket, fills its group with the oldest compatible
tickets, and forms it only when it is full.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Widening:
    """How a player's rating range grows with the wait. The shown rating (``mu - 3 sigma``)
    is 0 for a newcomer and rarely above 40, so the range starts narrow."""

    start: float = 2.0  # rating points either side at first
    step: float = 2.0  # points added ...
    every: float = 5.0  # ... every this many seconds of waiting

    def range_after(self, waited: float) -> float:
        """How far from their own rating a player who has waited `waited` seconds accepts."""
        steps = math.floor(max(0.0, waited) / self.every) if self.every > 0 else 0
        return self.start + self.step * steps


@dataclass(frozen=True)
class Waiting:
    """One ticket in a queue, as the matcher sees it: its id, its player's shown rating, and
    when it joined (seconds, any clock shared by the tickets)."""

    ticket: str
    rating: float
    since: float


def within_range(a: Waiting, b: Waiting, now: float, widening: Widening) -> bool:
    """Whether `a` and `b` accept each other: the distance is in both players' ranges."""
    distance = abs(a.rating - b.rating)
    return distance <= widening.range_after(now - a.since) and distance <= widening.range_after(
        now - b.since
    )


def form_groups(
    waiting: Sequence[Waiting], size: int, now: float, widening: Widening = Widening()
) -> list[tuple[Waiting, ...]]:
    """The groups of `size` players to seat now, each in the order they joined (the first is
    the host). Each ticket is in one group at most; tickets left over keep waiting."""
    if size < 2:
        raise ValueError("A quick match seats two players or more")
    queue = sorted(waiting, key=lambda w: (w.since, w.ticket))
    taken: set[str] = set()
    groups: list[tuple[Waiting, ...]] = []
    for index, anchor in enumerate(queue):
        if anchor.ticket in taken:
            continue
        group = [anchor]
        for candidate in queue[index + 1 :]:
            if candidate.ticket in taken:
                continue
            if all(within_range(member, candidate, now, widening) for member in group):
                group.append(candidate)
                if len(group) == size:
                    break
        if len(group) == size:
            groups.append(tuple(group))
            taken.update(member.ticket for member in group)
    return groups
