"""The event loop's lateness, as /metrics shows it: a loop held up is seen held up."""

from __future__ import annotations

import asyncio
import time

from prometheus_client import CollectorRegistry, Histogram

from fivedice.server.loopwatch import LOOK_EVERY, LoopWatch


def observations(lag: Histogram) -> list[tuple[float, float]]:
    """(upper bound, cumulative count) of each bucket."""
    found = []
    for metric in lag.collect():
        for sample in metric.samples:
            if sample.name.endswith("_bucket"):
                found.append((float(sample.labels["le"]), sample.value))
    return found


async def test_a_held_loop_is_seen_late() -> None:
    lag = Histogram("lag_seconds", "test", buckets=(0.05, 0.25, 1.0), registry=CollectorRegistry())
    watch = LoopWatch(lag)
    watch.start()
    await asyncio.sleep(LOOK_EVERY * 2.5)  # idle: on time
    time.sleep(0.6)  # the loop held (a blocking call): the watch wakes 0.35 s late or more
    await asyncio.sleep(LOOK_EVERY * 1.5)
    await watch.stop()
    buckets = dict(observations(lag))
    total = buckets[float("inf")]
    assert total >= 3
    assert buckets[0.05] <= total - 1  # at least one look was later than 50 ms
    assert total - buckets[0.25] >= 1  # and later than 250 ms
    assert buckets[0.05] >= 2  # the idle looks were on time
