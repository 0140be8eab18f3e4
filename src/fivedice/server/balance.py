"""Evening out the tables between nodes: how many a node gives up at a sweep, and which first.

A table's clients stay on the node they reached, so after a failover the dead node's tables sit
on the survivors, and the node that comes back (or a new one) has few. A shed table's clients
are told to reconnect, and the proxy sends them to the table's node by hash; a node cannot
compute the proxy's hash, so it cannot tell which of its tables belong elsewhere, except those
whose lease it took from a node that did not hand them over: they are that node's, and go home
(:data:`SHED_AWAY_PER_SWEEP` a sweep) once that node is alive again, whatever the loads (while
it stays dead they stay put: shed, they would only land on another survivor). The rest is left
alone unless one node runs far more than its share and another far less (a new node joined,
say), and then only a few at a time (:data:`SHED_PER_SWEEP`): a table the proxy sends back to
the node that shed it is at home there, and stays, but its players paid a reconnect for nothing.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TypeVar

REBALANCE_SLACK = 10  # tables over (or under) the fair share that are always left alone
SHED_AWAY_PER_SWEEP = 16  # tables taken from a node that is back, sent home each sweep (1 s)
SHED_PER_SWEEP = 4  # any others, when a node runs far more than its share
FAR_OVER = 1.25  # ... a quarter over the fair share (and the slack), while another is as far under

T = TypeVar("T")


def going_home(away: Mapping[str, str], node: str, live: Collection[str]) -> set[str]:
    """Which of this node's `away` tables (table -> the node it was taken from) can go home
    now: those whose node is alive again (another process under the same name)."""
    return {table for table, home in away.items() if home != node and home in live}


def shed_count(
    node: str, mine: int, home_again: int, counts: Mapping[str, int], live: Collection[str]
) -> int:
    """How many tables `node` should shed now: it runs `mine` unfinished tables, `home_again`
    of them taken from a node that is alive again (:func:`going_home`); `counts` says how many
    the other nodes run, by name, and `live` which nodes are alive.

    Those tables, `SHED_AWAY_PER_SWEEP` at a time; else, if it runs far more than its share
    and another node far less (a quarter, and at least `REBALANCE_SLACK` tables),
    `SHED_PER_SWEEP` at a time, never more than takes it down to its share nor more than the
    lightest lacks. (The proxy's hash alone leaves nodes a few tables apart: that is not worth
    reconnects.)"""
    if home_again > 0:
        return min(home_again, SHED_AWAY_PER_SWEEP)
    loads = {name: counts.get(name, 0) for name in live}
    loads[node] = mine
    if len(loads) < 2:
        return 0
    fair = sum(loads.values()) / len(loads)
    under = fair - min(loads.values())
    far = max(fair * (FAR_OVER - 1), REBALANCE_SLACK)
    if mine - fair <= far or under <= far:
        return 0
    return min(int(mine - fair), int(under), SHED_PER_SWEEP)


def shed_order(tables: Sequence[T], away: Iterable[T], count: int) -> list[T]:
    """Which `count` of `tables` to shed: those in `away` (going home) first, then any, at
    random."""
    away_set = set(away)
    first = [t for t in tables if t in away_set]
    rest = [t for t in tables if t not in away_set]
    random.shuffle(first)
    random.shuffle(rest)
    return (first + rest)[:count]
