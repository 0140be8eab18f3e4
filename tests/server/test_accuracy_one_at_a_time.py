"""Finished matches are analysed one at a time, in a thread of their own: an analysis holds
the GIL for about a tenth of a second, and hundreds of them running together (tables that
end together) would leave the node's event loop, and every other thread task, waiting."""

from __future__ import annotations

import asyncio
import threading
import time
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

    def slow_analysis(store: Any, match_id: str, events: Any) -> int:
        nonlocal running, most
        with guard:
            running += 1
            most = max(most, running)
        threads.add(threading.current_thread().name)
        time.sleep(0.05)
        with guard:
            running -= 1
        done.append(match_id)
        return 1

    monkeypatch.setattr(accuracy, "analyse_and_keep", slow_analysis)
    keeper = AccuracyKeeper(store=None)  # type: ignore[arg-type]
    for n in range(5):
        table = SimpleNamespace(id=f"t{n}", daily=None, match=SimpleNamespace(events=()),
                                committed_count=0)  # fmt: skip
        keeper.finished(table)  # type: ignore[arg-type]
    # Meanwhile the shared pool (table loads, store reads) answers at once.
    started = time.monotonic()
    await asyncio.to_thread(lambda: None)
    assert time.monotonic() - started < 0.04
    await keeper.close()
    assert sorted(done) == [f"t{n}" for n in range(5)]
    assert most == 1
    assert len(threads) == 1 and next(iter(threads)).startswith("fivedice-accuracy")
