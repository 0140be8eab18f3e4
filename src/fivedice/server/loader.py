"""Rebuilding tables from their logs in batches, for a node taking tables over.

After a node's death the survivors take over its tables all at once: a hundred or more, each
asked for by its reconnecting players or by a sweep. Read one by one, each table's load cost
four round trips to the database, and on a busy machine a round trip takes milliseconds, so
the tables came back one after another over seconds. Here the tables asked for while a batch
is being read wait together and are read in the next one: one transaction whatever their
number (``TableRegistry.load_many``), each table handed to its waiters as soon as it is
folded. At most `batches_at_once` batches are read and folded at a time, each in a thread:
the fold holds the GIL, and with many threads folding the event loop got a sliver of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from .table import Table

Built = Callable[[str, Table | Exception], None]
LoadMany = Callable[[Sequence[str], Built], dict[str, Table | Exception]]


class TableLoader:
    """Tables rebuilt from their logs on request, the requests of a moment read together."""

    def __init__(self, load_many: LoadMany, *, batch: int, batches_at_once: int) -> None:
        self._load_many = load_many
        self._batch = batch
        self._batches_at_once = batches_at_once
        self._waiting: dict[str, list[asyncio.Future[Table]]] = {}
        self._workers: set[asyncio.Task[None]] = set()

    async def load(self, table_id: str) -> Table:
        """The table rebuilt from its log; raises what its load raised (``UnknownTable`` for
        one that is not a stored online table, a store failure for the whole batch)."""
        future: asyncio.Future[Table] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(table_id, []).append(future)
        if len(self._workers) < self._batches_at_once:
            self._workers.add(asyncio.ensure_future(self._work()))
        return await future

    async def _work(self) -> None:
        """Read batches while tables wait for one. A worker leaves the count in the same step
        as it finds nothing waiting (a done-callback would leave it counted a turn longer, and
        a table asked for in that turn would wait for a worker that never comes)."""
        try:
            await self._read_batches()
        finally:
            task = asyncio.current_task()
            if task is not None:
                self._workers.discard(task)

    async def _read_batches(self) -> None:
        while self._waiting:
            ids = list(self._waiting)[: self._batch]
            await self._read_batch({table_id: self._waiting.pop(table_id) for table_id in ids})

    async def _read_batch(self, futures: dict[str, list[asyncio.Future[Table]]]) -> None:
        """Read one batch; each table goes to its waiters as soon as it is folded."""
        loop = asyncio.get_running_loop()

        def ready(table_id: str, outcome: Table | Exception) -> None:  # in the loading thread
            loop.call_soon_threadsafe(_settle, futures[table_id], outcome)

        try:
            built = await asyncio.to_thread(self._load_many, list(futures), ready)
        except BaseException as exc:
            for waiting in futures.values():
                _settle(waiting, exc)
            if not isinstance(exc, Exception):
                raise  # cancelled: the node is stopping
            return
        for table_id, waiting in futures.items():  # those told already are skipped
            _settle(waiting, built.get(table_id) or LookupError(f"{table_id} was not read"))

    async def stop(self) -> None:
        """Stop reading; tables still waiting are told the load was cancelled."""
        for worker in list(self._workers):
            worker.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)
        for waiting in self._waiting.values():
            for future in waiting:
                future.cancel()
        self._waiting.clear()
        self._workers.clear()  # a worker cancelled before it ran never took itself out


def _settle(futures: list[asyncio.Future[Table]], outcome: Table | BaseException) -> None:
    """Give each waiter the table, or what stopped it (a waiter gone meanwhile is skipped).
    Those who asked for the same table while it waited get the same object."""
    for future in futures:
        if future.done():
            continue
        if isinstance(outcome, asyncio.CancelledError):
            future.cancel()
        elif isinstance(outcome, BaseException):
            future.set_exception(outcome)
            future.exception()  # retrieved: a waiter may have gone
        else:
            future.set_result(outcome)
