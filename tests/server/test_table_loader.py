"""The node's table loader: the tables asked for while a batch is read are read together in
the next one, each waiter gets its own table or its own failure, and no more batches run at
once than allowed (the fold holds the GIL)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from typing import Any

import pytest

from fivedice.server.errors import UnknownTable
from fivedice.server.loader import TableLoader


class Store:
    """A stand-in for ``TableRegistry.load_many`` that each batch can be held in."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.gate = threading.Event()
        self.gate.set()
        self.running = 0
        self.most_at_once = 0
        self.lock = threading.Lock()
        self.fail_all: Exception | None = None

    def load_many(self, ids: Sequence[str], each: Any = None) -> dict[str, Any]:
        with self.lock:
            self.batches.append(list(ids))
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        try:
            self.gate.wait(10)
            if self.fail_all is not None:
                raise self.fail_all
            return {
                i: UnknownTable(reason="no_table", table=i) if i.startswith("x") else f"table {i}"
                for i in ids
            }
        finally:
            with self.lock:
                self.running -= 1


async def started(store: Store, count: int) -> None:
    """Wait until `count` batches have begun."""
    for _ in range(500):
        if len(store.batches) >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{len(store.batches)} batches began, not {count}")


async def first_batch_held(batch: int, batches_at_once: int) -> tuple[Store, TableLoader, Any]:
    """A loader whose first batch (table "t0") is being read and held there."""
    store = Store()
    loader = TableLoader(store.load_many, batch=batch, batches_at_once=batches_at_once)
    store.gate.clear()
    first = asyncio.ensure_future(loader.load("t0"))
    await started(store, 1)
    return store, loader, first


async def test_tables_asked_for_meanwhile_are_read_in_one_batch() -> None:
    store, loader, first = await first_batch_held(32, 1)
    rest = [asyncio.ensure_future(loader.load(f"t{n}")) for n in range(1, 11)]
    store.gate.set()
    assert await first == "table t0"
    assert await asyncio.gather(*rest) == [f"table t{n}" for n in range(1, 11)]
    assert store.batches == [["t0"], [f"t{n}" for n in range(1, 11)]]


async def test_a_batch_holds_at_most_its_size_and_batches_run_two_at_a_time() -> None:
    store = Store()
    loader = TableLoader(store.load_many, batch=4, batches_at_once=2)
    store.gate.clear()
    waiting = [asyncio.ensure_future(loader.load(f"t{n}")) for n in range(11)]
    await started(store, 2)
    await asyncio.sleep(0.05)
    assert len(store.batches) == 2  # two at once, the rest wait
    store.gate.set()
    assert await asyncio.gather(*waiting) == [f"table t{n}" for n in range(11)]
    assert sorted(len(b) for b in store.batches) == [3, 4, 4]
    assert sorted(t for b in store.batches for t in b) == sorted(f"t{n}" for n in range(11))
    assert store.most_at_once == 2


async def test_each_waiter_gets_its_own_failure_or_the_batchs() -> None:
    store, loader, first = await first_batch_held(32, 1)
    good, bad, twice = (
        asyncio.ensure_future(loader.load("t1")),
        asyncio.ensure_future(loader.load("x2")),
        asyncio.ensure_future(loader.load("t1")),
    )
    store.gate.set()
    await first
    assert await good == "table t1" and await twice == "table t1"
    with pytest.raises(UnknownTable):
        await bad
    assert store.batches[1] == ["t1", "x2"]  # the same table asked twice is read once

    store.fail_all = OSError("the database went away")
    together = [asyncio.ensure_future(loader.load(f"t{n}")) for n in range(3)]
    outcomes = await asyncio.gather(*together, return_exceptions=True)
    assert all(isinstance(o, OSError) for o in outcomes)
    store.fail_all = None
    assert await loader.load("t9") == "table t9"  # the loader goes on after a failed batch


async def test_a_waiter_gone_meanwhile_does_not_stop_the_others() -> None:
    store, loader, first = await first_batch_held(32, 1)
    gone = asyncio.ensure_future(loader.load("t1"))
    stays = asyncio.ensure_future(loader.load("t2"))
    await asyncio.sleep(0)
    gone.cancel()
    store.gate.set()
    assert await first == "table t0" and await stays == "table t2"
    assert gone.cancelled()


async def test_stop_cancels_what_waits() -> None:
    store, loader, first = await first_batch_held(1, 1)
    second = asyncio.ensure_future(loader.load("t1"))
    await asyncio.sleep(0)
    await loader.stop()
    store.gate.set()
    for waiter in (first, second):
        with pytest.raises(asyncio.CancelledError):
            await waiter


async def test_a_table_asked_for_as_the_workers_finish_is_read() -> None:
    """Both workers finish in the same turn of the loop and a table is asked for in that very
    turn: a worker must start for it (a worker counted until a later turn left it unread)."""
    store = Store()
    loader = TableLoader(store.load_many, batch=32, batches_at_once=2)
    loop = asyncio.get_running_loop()
    store.gate.clear()
    first = asyncio.ensure_future(loader.load("a"))
    await started(store, 1)
    second = asyncio.ensure_future(loader.load("b"))
    await started(store, 2)
    go = loop.create_future()

    async def late_client() -> Any:
        await go  # woken in the turn in which both workers' reads come back
        return await loader.load("c")

    late = asyncio.ensure_future(late_client())
    await asyncio.sleep(0)

    def wake_after_both_reads() -> None:
        while store.running:
            time.sleep(0.001)
        time.sleep(0.05)
        loop.call_soon_threadsafe(go.set_result, None)

    waker = threading.Thread(target=wake_after_both_reads)
    waker.start()
    store.gate.set()
    time.sleep(0.3)  # the loop is busy meanwhile: both reads and the wake-up land in one turn
    assert await first == "table a" and await second == "table b"
    assert await asyncio.wait_for(late, 5) == "table c"
    waker.join()


async def test_each_table_goes_to_its_waiter_as_soon_as_it_is_folded() -> None:
    """The first table of a batch is handed over while the batch's last is still folding."""
    folding_the_last = threading.Event()

    def load_many(ids: Sequence[str], each: Any) -> dict[str, Any]:
        built = {}
        for table_id in ids:
            if table_id == ids[-1]:
                folding_the_last.wait(10)
            built[table_id] = f"table {table_id}"
            each(table_id, built[table_id])
        return built

    loader = TableLoader(load_many, batch=32, batches_at_once=1)
    waiting = [asyncio.ensure_future(loader.load(f"t{n}")) for n in range(3)]
    assert await asyncio.wait_for(waiting[0], 5) == "table t0"
    assert await asyncio.wait_for(waiting[1], 5) == "table t1"
    assert not waiting[2].done()
    folding_the_last.set()
    assert await waiting[2] == "table t2"
