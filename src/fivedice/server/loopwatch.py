"""How late the event loop runs what is due. A node whose loop runs late answers everything
late (too much work for its share of the machine, a blocking call, a thread holding the GIL),
which no other metric shows directly. Looked at every `LOOK_EVERY` seconds, kept as a
histogram in ``/metrics`` (``fivedice_event_loop_lag_seconds``)."""

from __future__ import annotations

import asyncio
import contextlib

from prometheus_client import Histogram

LOOK_EVERY = 0.25


class LoopWatch:
    """A task that sleeps `LOOK_EVERY` seconds at a time and notes how late it wakes."""

    def __init__(self, lag: Histogram) -> None:
        self.lag = lag
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch(), name="fivedice-loop-watch")

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + LOOK_EVERY
            await asyncio.sleep(LOOK_EVERY)
            self.lag.observe(max(0.0, loop.time() - due))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
