"""Finished matches are analysed one at a time, in a thread of their own: an analysis holds
the GIL for about a tenth of a second, and hundreds of them running together (tables that
end together) would leave the node's event loop, and every other thread task, waiting."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest

from fivedice.server import accuracy
from fivedice.server.accuracy import AccuracyKeeper


async def test_analyses_run_one_at_a_time_off_the_shared_thread_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    running = 0
    most = 0
    done: list[str] = []
    threads: set[str] = set()
    guard = threading.Lock()
    release = threading.Event()  # the analyses hold their thread until the test lets them go

    def slow_analysis(store: Any, match_id: str, events: Any) -> int:
        nonlocal running, most
        with guard:
            running += 1
            most = max(most, running)
        threads.add(threading.current_thread().name)
        release.wait(30)
        with guard:
            running -= 1
        done.append(match_id)
        return 1

    monkeypatch.setattr(accuracy, "analyse_and_keep", slow_analysis)
    # A shared pool of one thread: an analysis run there would leave no room for anything else.
    shared = ThreadPoolExecutor(max_workers=1)
    asyncio.get_running_loop().set_default_executor(shared)
    keeper = AccuracyKeeper(store=None)  # type: ignore[arg-type]
    for n in range(5):
        table = SimpleNamespace(id=f"t{n}", daily=None, match=SimpleNamespace(events=()),
                                committed_count=0)  # fmt: skip
        keeper.finished(table)  # type: ignore[arg-type]
    for _ in range(500):  # the first analysis starts
        if running:
            break
        await asyncio.sleep(0.01)
    # While it runs, the shared pool (table loads, store reads) still answers, and the other
    # four analyses wait their turn.
    await asyncio.wait_for(asyncio.to_thread(lambda: None), timeout=10)
    assert running == 1 and not done
    release.set()
    await keeper.close()
    assert sorted(done) == [f"t{n}" for n in range(5)]
    assert most == 1
    assert len(threads) == 1 and next(iter(threads)).startswith("fivedice-accuracy")
