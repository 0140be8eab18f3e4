"""The store writer: every database write goes through it, in order. For a database server it
is one thread, so the event loop never waits on the network; for the embedded SQLite it
commits on the event loop itself, once per loop pass.

Appends queued while a transaction is running, or within a few milliseconds after the first,
are committed together (group commit): under load, one transaction carries the moves of many
tables, and each move is still
acknowledged only once its transaction has committed. If a batch fails, its appends are retried
one by one, so one table's conflict never costs another table its move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fivedice.rules import Event
from fivedice.store import Store
from fivedice.store.appenders import HeldAppender
from fivedice.store.online import Append, append_one

from .metrics import Metrics

T = TypeVar("T")
log = logging.getLogger("fivedice.server.writer")

MAX_BATCH = 512
# After the first write of a batch arrives, the thread waits this long for more before it
# commits: each transaction costs about 0.6 ms of CPU (the node's and the database's) whatever
# it carries, so at a few hundred moves a second per node a few milliseconds more per move
# carry several moves in one transaction instead of one or two.
COMMIT_LINGER_SECONDS = 0.003


@dataclass
class _Job:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


@dataclass
class _AppendJob(_Job):
    append: Append


@dataclass
class _CallJob(_Job):
    call: Callable[[], Any] = field(default=lambda: None)


_STOP = object()


class StoreWriter:
    """Runs store writes in order on one thread; :meth:`append` batches across tables."""

    def __init__(
        self, store: Store, metrics: Metrics | None = None, inline: bool | None = None
    ) -> None:
        self.store = store
        self.metrics = metrics
        # An embedded SQLite commits in well under a millisecond: doing it on the event loop,
        # once per loop pass for every move queued in that pass, beats handing each batch to a
        # thread (no GIL ping-pong). A database across a network gets the thread.
        self.inline = store.dialect == "sqlite" if inline is None else inline
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="fivedice-store-writer", daemon=True)
        self._started = False
        self._pending: list[_AppendJob] = []
        self._flush_scheduled = False
        # Each batch in one transaction on a connection the writer keeps (the thread's or,
        # inline, the loop's).
        self._held = HeldAppender(store)
        self._append_many: Callable[[Sequence[Append]], None] = self._held

    def start(self) -> None:
        """Start the writer thread."""
        if not self._started and not self.inline:
            self._started = True
            self._thread.start()

    async def stop(self) -> None:
        """Finish every queued write, then stop the thread."""
        self._flush()
        if self._started:
            self._queue.put(_STOP)
            await asyncio.to_thread(self._thread.join)
            self._started = False
        self._held.close()

    async def append(
        self,
        match_id: str,
        first_seq: int,
        events: Sequence[Event],
        tokens: Sequence[tuple[int, str]] = (),
        payloads: Sequence[str] | None = None,
        owners: Sequence[tuple[int, int, bool]] = (),
    ) -> None:
        """Store events (and seat tokens, and the accounts that took seats); returns once they
        are committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        append = Append(match_id, first_seq, events, tokens, payloads, owners)
        job = _AppendJob(loop, future, append)
        if self.inline:
            self._pending.append(job)
            if not self._flush_scheduled:
                self._flush_scheduled = True
                loop.call_soon(self._flush)
        else:
            self._queue.put(job)
        await future

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run any store write on the writer thread, in order with the appends."""
        if self.inline:
            self._flush()
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put(_CallJob(loop, future, lambda: fn(*args, **kwargs)))
        return await future

    def _flush(self) -> None:
        """Commit every append queued on the loop since the last flush (inline mode)."""
        self._flush_scheduled = False
        jobs, self._pending = self._pending, []
        if jobs:
            _settle(self._commit(jobs))

    # The thread --------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            jobs = [first]
            until = time.monotonic() + COMMIT_LINGER_SECONDS
            while len(jobs) < MAX_BATCH and jobs[-1] is not _STOP:
                try:
                    jobs.append(self._queue.get(timeout=max(0.0, until - time.monotonic())))
                except queue.Empty:
                    break
            stop = False
            appends: list[_AppendJob] = []
            for job in jobs:
                if job is _STOP:
                    stop = True
                elif isinstance(job, _AppendJob):
                    appends.append(job)
                else:
                    _resolve_all(self._commit(appends))
                    appends = []
                    assert isinstance(job, _CallJob)
                    self._call(job)
            _resolve_all(self._commit(appends))
            if stop:
                return

    def _commit(self, jobs: list[_AppendJob]) -> list[tuple[_Job, Any, BaseException | None]]:
        if not jobs:
            return []
        started = time.perf_counter()
        outcomes: list[tuple[_Job, Any, BaseException | None]] = []
        try:
            self._append_many([job.append for job in jobs])
            outcomes = [(job, None, None) for job in jobs]
        except Exception:
            if len(jobs) > 1:
                log.warning("batch commit failed; retrying %d appends one by one", len(jobs))
            for job in jobs:
                try:
                    append_one(self.store, job.append)
                    outcomes.append((job, None, None))
                except Exception as exc:
                    outcomes.append((job, None, exc))
        if self.metrics is not None:
            self.metrics.commit_seconds.observe(time.perf_counter() - started)
            self.metrics.commit_batch.observe(len(jobs))
        return outcomes

    def _call(self, job: _CallJob) -> None:
        try:
            result = job.call()
        except Exception as exc:
            _resolve_all([(job, None, exc)])
        else:
            _resolve_all([(job, result, None)])


def _resolve_all(outcomes: list[tuple[_Job, Any, BaseException | None]]) -> None:
    """Hand results back to each job's event loop, one wake-up per loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Job, Any, BaseException | None]]] = {}
    for outcome in outcomes:
        by_loop.setdefault(outcome[0].loop, []).append(outcome)
    for loop, items in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
            loop.call_soon_threadsafe(_settle, items)


def _settle(items: list[tuple[_Job, Any, BaseException | None]]) -> None:
    for job, result, exc in items:
        if job.future.done():
            continue
        if exc is not None:
            job.future.set_exception(exc)
        else:
            job.future.set_result(result)
