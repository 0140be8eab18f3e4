"""Who plays whom in quick match (the pure matcher, with hypothesis): every group is within
both players' ranges for every pair, of the size asked, nobody twice; the oldest ticket is
served first; ranges widen with the wait. And the in-memory queue's claim: a group is claimed
once, whole or not at all."""

from __future__ import annotations

import asyncio
import itertools
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivedice.server.matchmaking import Waiting, Widening, form_groups, within_range
from fivedice.server.quickmatch import STALE_SECONDS, QuickMatch, TicketWatch
from fivedice.server.quickqueue import EXPIRED, FORMING, SEATED, WAITING, MemoryQueue, Ticket

NOW = 1000.0

tickets = st.lists(
    st.tuples(st.floats(0, 50, allow_nan=False), st.floats(0, 120, allow_nan=False)),
    max_size=40,
).map(
    lambda rows: [
        Waiting(f"t{i}", round(rating, 1), NOW - waited) for i, (rating, waited) in enumerate(rows)
    ]
)
widenings = st.builds(
    Widening,
    start=st.floats(0, 10, allow_nan=False),
    step=st.floats(0, 10, allow_nan=False),
    every=st.floats(0.5, 30, allow_nan=False),
)


@given(waiting=tickets, size=st.integers(2, 4), widening=widenings)
def test_groups_are_full_in_range_and_nobody_is_seated_twice(
    waiting: list[Waiting], size: int, widening: Widening
) -> None:
    groups = form_groups(waiting, size, NOW, widening)
    seen = [w.ticket for group in groups for w in group]
    assert len(seen) == len(set(seen)), "a player in two groups"
    for group in groups:
        assert len(group) == size
        for a, b in itertools.combinations(group, 2):
            distance = abs(a.rating - b.rating)
            assert distance <= widening.range_after(NOW - a.since)
            assert distance <= widening.range_after(NOW - b.since)
        assert list(group) == sorted(group, key=lambda w: (w.since, w.ticket))


@given(waiting=tickets, size=st.integers(2, 4), widening=widenings)
def test_the_oldest_ticket_is_seated_whenever_it_can_be(
    waiting: list[Waiting], size: int, widening: Widening
) -> None:
    groups = form_groups(waiting, size, NOW, widening)
    if not waiting:
        return
    oldest = min(waiting, key=lambda w: (w.since, w.ticket))
    fits = [w for w in waiting if w is not oldest and within_range(oldest, w, NOW, widening)]
    if len(fits) >= size - 1 and all(
        within_range(a, b, NOW, widening) for a, b in itertools.combinations(fits, 2)
    ):
        assert any(oldest in group for group in groups)


def test_the_range_widens_with_the_wait() -> None:
    widening = Widening(start=2, step=2, every=5)
    assert widening.range_after(0) == 2
    assert widening.range_after(4.9) == 2
    assert widening.range_after(5) == 4
    assert widening.range_after(30) == 14
    near, far = Waiting("a", 10, NOW), Waiting("b", 16, NOW)
    assert form_groups([near, far], 2, NOW, widening) == []
    later = NOW + 10  # both have waited 10 s: 6 points is now within range
    assert form_groups([near, far], 2, later, widening) == [(near, far)]


def test_a_newcomer_meets_a_newcomer_at_once() -> None:
    a, b, c = Waiting("a", 0, NOW - 1), Waiting("b", 0, NOW), Waiting("c", 30, NOW - 2)
    assert form_groups([a, b, c], 2, NOW) == [(a, b)]
    with pytest.raises(ValueError):
        form_groups([a, b], 1, NOW)


def ticket(n: int, state: str = WAITING) -> Ticket:
    """A ticket of account `n` in the official two-seat queue."""
    return Ticket(f"t{n}", n, f"Guest {n}", "guest", False, "official", 2, 0.0, NOW + n, NOW, state)


def test_memory_queue_claims_a_group_once_and_whole() -> None:
    async def scenario() -> None:
        queue = MemoryQueue()
        for n in range(1, 4):
            assert (await queue.enqueue(ticket(n)))[1]
        held, new = await queue.enqueue(ticket(1))
        assert not new and held.id == "t1"
        t1, t2, t3 = await queue.waiting("official:2")
        results = await asyncio.gather(queue.claim([t1, t2], NOW), queue.claim([t2, t3], NOW))
        assert sorted(results) == [False, True]
        assert (await queue.get("t3")).state == WAITING  # type: ignore[union-attr]
        assert (await queue.get("t2")).state == FORMING  # type: ignore[union-attr]
        await queue.seat(t1, "table", 0, "secret")
        assert (await queue.get("t1")).state == SEATED  # type: ignore[union-attr]
        await queue.unclaim([t2])
        assert [t.id for t in await queue.waiting("official:2")] == ["t2", "t3"]

    asyncio.run(scenario())


class BrokenRegistry:
    """A registry whose store is down: opening a table fails."""

    keep_created = True

    async def open(self, *args: object, **kwargs: object) -> None:
        raise OSError("the database is away")


def service(queue: MemoryQueue) -> QuickMatch:
    """The quick-match service over `queue`, with a context that has only what a pass needs."""
    settings = SimpleNamespace(quick_match_wait=30.0, node="n1")
    ctx = SimpleNamespace(settings=settings, registry=BrokenRegistry())
    return QuickMatch(ctx, queue)  # type: ignore[arg-type]


def test_a_pass_drops_tickets_nobody_polls_and_puts_back_a_group_it_could_not_seat() -> None:
    async def scenario() -> None:
        queue = MemoryQueue()
        quick = service(queue)
        for n in (1, 2, 3):
            await queue.enqueue(ticket(n))
        now = NOW + STALE_SECONDS + 2.5  # t1 and t2 were last polled at NOW: gone quiet
        await queue.polled("t2", now)  # ...but t2's page is still open
        await queue.polled("t3", now)
        assert await quick.match_once(now) == 1  # t2 and t3, claimed and handed out
        (group,) = await queue.next_groups(0.1)
        assert [t.id for t in group] == ["t2", "t3"]
        await quick._open(group)
        assert (await queue.get("t1")).state == EXPIRED  # type: ignore[union-attr]
        # The table could not be opened: both wait again, in their places, to be tried again.
        assert [t.id for t in await queue.waiting("official:2")] == ["t2", "t3"]

    asyncio.run(scenario())


def test_a_ticket_holds_a_few_long_polls_at_most_and_wakes_them_when_seated() -> None:
    async def scenario() -> None:
        queue = MemoryQueue()
        await queue.enqueue(ticket(1))
        watch = TicketWatch(queue)
        polls = [asyncio.create_task(watch.until_changed("t1", 5.0)) for _ in range(6)]
        await asyncio.sleep(0.05)
        assert [p.done() for p in polls] == [False] * 4 + [True] * 2  # the extra answer at once
        t1 = await queue.get("t1")
        assert t1 is not None and await queue.claim([t1], NOW)
        await asyncio.sleep(0.4)
        assert not any(p.done() for p in polls[:4])  # forming: still waiting for the seat
        await queue.seat(t1, "table", 0, "token")
        assert await asyncio.gather(*polls[:4]) == [True] * 4
        assert watch.waiters == {}
        await watch.close()

    asyncio.run(scenario())
