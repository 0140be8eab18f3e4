"""Accuracy records: once a match's result is stored, each seat held by an account is valued
against the optimal player (``strategy.analysis``, the same analysis the coach serves) and its
decisions and the expected points they gave away are kept in the store, once per seat.

It runs in a worker thread after the result, off the table's lock, so a finished table is never
held up by it; a profile reads the numbers and computes nothing. One analysis at a time, in a
thread of its own: an analysis holds the GIL for about a tenth of a second, and when hundreds
of tables end together, the shared thread pool full of them would starve the node's event
loop (sockets unanswered, tables not taken over) and every other task waiting for that pool.
A match whose analysis was lost (the node stopped first, no strategy package) is analysed
again whenever a node takes the finished table up (someone opens it); until then it does not
count in the accuracy.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from fivedice.rules import Event, Match, RuleSet
from fivedice.store import Store, record_accuracy, seats_to_analyse

from .errors import NotAvailable
from .solved import strategy_table
from .table import Table

log = logging.getLogger("fivedice.server.accuracy")


def analyse_and_keep(store: Store, match_id: str, events: Sequence[Event]) -> int:
    """Value the account seats of a finished match not analysed yet and keep their numbers;
    returns how many seats were recorded (blocking: run it in a thread)."""
    seats = seats_to_analyse(store, match_id)
    if not seats or not events:
        return 0
    try:
        from fivedice.strategy.analysis import analyse

        analysis = analyse(events, strategy_table(analysis_rules(events)))
    except (ImportError, NotAvailable):
        return 0  # no strategy package here: another node (or a later look) may do it
    decisions = dict.fromkeys(seats, 0)
    given_away = dict.fromkeys(seats, 0.0)
    for decision in analysis.decisions:
        if decision.seat in seats:
            decisions[decision.seat] += 1
            given_away[decision.seat] += decision.cost
    numbers = {s: (seats[s], decisions[s], given_away[s]) for s in seats}
    record_accuracy(store, match_id, analysis.rules.name, numbers)
    return len(numbers)


def analysis_rules(events: Sequence[Event]) -> RuleSet:
    """The rule set a match log was played under (its first event's)."""
    return Match(events[:1]).rules


class AccuracyKeeper:
    """Starts the analysis of each finished match in the background and waits for the ones
    running at shutdown."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._running: set[asyncio.Task[None]] = set()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fivedice-accuracy")

    def finished(self, table: Table) -> None:
        """A table's result is stored: analyse its account seats (a hook of the referee)."""
        if table.daily is not None:
            return  # the daily challenge's comparison records it (daily.py), one analysis
        task = asyncio.create_task(
            self._analyse(table.id, tuple(table.match.events[: table.committed_count]))
        )
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _analyse(self, match_id: str, events: tuple[Event, ...]) -> None:
        try:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self._worker, analyse_and_keep, self.store, match_id, events)
        except Exception:
            log.exception("could not record the accuracy", extra={"table": match_id})

    async def close(self) -> None:
        """Let the analyses under way finish (they are short once the table is solved)."""
        if self._running:
            await asyncio.wait(set(self._running), timeout=30)
        self._worker.shutdown(wait=False, cancel_futures=True)  # those not begun: see above
