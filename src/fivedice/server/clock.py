"""The clock (seed 004): time per hand, running only on the active player's turn, enforced by
the server whether or not anyone is connected.

The table knows its deadline (set when a hand begins, see :meth:`Table.mark_committed`); the
keeper holds one timer per table and, when it fires, asks the referee to apply the table's
timeout rule. A move that lands first starts a new hand and the stale timer does nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from .table import Table

log = logging.getLogger("fivedice.server.clock")

Expire = Callable[[Table, tuple[object, ...]], Awaitable[None]]


class ClockKeeper:
    """One timer per clocked table, firing at the active hand's deadline."""

    def __init__(self, expire: Expire) -> None:
        self._expire = expire
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, table: Table) -> None:
        """(Re)arm the table's timer for its current deadline, or disarm it if none."""
        self.cancel(table.id)
        if table.deadline is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, table.deadline - time.time())
        self._timers[table.id] = loop.call_later(delay, self._fire, table, table.turn)

    def cancel(self, table_id: str) -> None:
        """Disarm a table's timer."""
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()

    def _fire(self, table: Table, turn: tuple[object, ...]) -> None:
        self._timers.pop(table.id, None)
        task = asyncio.create_task(self._run(table, turn), name=f"fivedice-clock-{table.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, table: Table, turn: tuple[object, ...]) -> None:
        try:
            await self._expire(table, turn)
        except Exception:
            log.exception("clock expiry failed", extra={"table": table.id})

    async def close(self) -> None:
        """Disarm every timer and wait for expiries under way."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
