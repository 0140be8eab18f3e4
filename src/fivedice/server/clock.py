"""The clock (seed 004): time per hand, running only on the active player's turn, enforced by
the server whether or not anyone is connected; and the table's other timed acts: an absent
player's turn passing, the host's role passing from a host who is away.

The table knows its deadline (set when a hand begins, see :meth:`Table.mark_committed`); the
keeper holds one timer per table and, when it fires, asks the referee to apply the table's
timeout rule. A move that lands first starts a new hand and the stale timer does nothing.

An expiry that cannot be stored (the database is down) is tried again, waiting a little longer
each time (:func:`backoff`), for as long as the same hand is in play: the clock never stops
for good because of one failed write.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterator

from fivedice.rules import RuleError

from .table import Table

log = logging.getLogger("fivedice.server.clock")

Expire = Callable[[Table, tuple[object, ...]], Awaitable[None]]

RETRY_FIRST = 0.25  # seconds before the first retry of a write that failed
RETRY_MAX = 2.0  # the longest wait between retries


def backoff(first: float = RETRY_FIRST, cap: float = RETRY_MAX) -> Iterator[float]:
    """Waits between retries: `first`, doubling each time, never above `cap`."""
    delay = first
    while True:
        yield delay
        delay = min(delay * 2, cap)


class ClockKeeper:
    """One timer per clocked table, firing at the active hand's deadline."""

    retry_first = RETRY_FIRST
    retry_max = RETRY_MAX

    def __init__(self, expire: Expire, host_away_seconds: float = 15.0) -> None:
        self._expire = expire
        self.host_away_seconds = host_away_seconds
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._running: dict[str, set[asyncio.Task[None]]] = {}  # expiries under way, by table
        self._closing = asyncio.Event()

    def schedule(self, table: Table) -> None:
        """(Re)arm the table's timer for the next moment it must act by itself (the hand's
        deadline, an absent player's turn, the host's role passing), or disarm it if none."""
        self._disarm(table.id)
        due = table.next_deadline(self.host_away_seconds)
        if due is None or self._closing.is_set():
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, due - time.time())
        self._timers[table.id] = loop.call_later(delay, self._fire, table, table.turn)

    def cancel(self, table_id: str) -> None:
        """Disarm a table's timer and stop any expiry of it under way or waiting to retry (the
        table's owner gives it up). A later :meth:`schedule` arms it again."""
        self._disarm(table_id)
        for task in self._running.pop(table_id, set()):
            task.cancel()

    def _disarm(self, table_id: str) -> None:
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()

    def _fire(self, table: Table, turn: tuple[object, ...]) -> None:
        self._timers.pop(table.id, None)
        task = asyncio.create_task(self._run(table, turn), name=f"fivedice-clock-{table.id}")
        running = self._running.setdefault(table.id, set())
        running.add(task)

        def done(task: asyncio.Task[None]) -> None:
            running.discard(task)
            if not running and self._running.get(table.id) is running:
                del self._running[table.id]

        task.add_done_callback(done)

    async def _run(self, table: Table, turn: tuple[object, ...]) -> None:
        """Expire the hand `turn`, retrying while the store fails and that hand is in play."""
        delays = backoff(self.retry_first, self.retry_max)
        while True:
            try:
                await self._expire(table, turn)
                return
            except RuleError:
                log.exception("clock expiry refused", extra={"table": table.id})
                return
            except Exception as exc:
                if self._closing.is_set() or table.turn != turn:
                    log.warning(
                        "clock expiry failed", extra={"table": table.id, "error": repr(exc)}
                    )
                    return
                delay = next(delays)
                log.warning(
                    "clock expiry not stored; retrying",
                    extra={"table": table.id, "retry_in": delay, "error": repr(exc)},
                )
            if await self._closed_within(delay) or table.turn != turn:
                return

    async def _closed_within(self, seconds: float) -> bool:
        """Wait `seconds`, or less if the keeper closes meanwhile; whether it closed."""
        try:
            await asyncio.wait_for(self._closing.wait(), seconds)
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        """Disarm every timer, stop retrying, and wait for expiries under way."""
        self._closing.set()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        tasks = [t for running in self._running.values() for t in running]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
