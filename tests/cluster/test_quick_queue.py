"""The quick-match queue in a real redis-server: one live ticket per account, cancel, and
above all the claim: two matchmakers (two connections) that pick overlapping groups at the
same moment never seat a player twice, and a group is claimed whole or not at all; the
matching pass's lock is held by one node at a time."""

from __future__ import annotations

import asyncio
import random

from cluster_pieces import RedisServer

from fivedice.server.bus import connect
from fivedice.server.matchmaking import Waiting, form_groups
from fivedice.server.quickqueue import (
    CANCELLED,
    FORMING,
    SEATED,
    WAITING,
    RedisQueue,
    Ticket,
)

NOW = 1_000_000.0


def ticket(n: int, seats: int = 2, rating: float = 0.0, preset: str = "official") -> Ticket:
    """Account `n`'s ticket, joined `n` seconds after NOW."""
    return Ticket(f"t{n}", n, f"Guest {n}", "guest", False, preset, seats, rating, NOW + n, NOW + n)


async def test_one_ticket_per_account_cancel_and_seat(redis_server: RedisServer) -> None:
    redis = connect(redis_server.url)
    queue = RedisQueue(redis)
    first, new = await queue.enqueue(ticket(1))
    assert new
    again, new = await queue.enqueue(Ticket(**{**ticket(1).__dict__, "id": "other"}))
    assert not new and again.id == "t1"
    assert await queue.get("other") is None  # the refused second ticket wrote nothing
    assert (await queue.held(1)) == first
    assert await queue.queues() == ["official:2"]
    await queue.polled("t1", NOW + 5)
    assert (await queue.get("t1")).seen == NOW + 5  # type: ignore[union-attr]
    await queue.polled("nobody", NOW)
    assert await queue.get("nobody") is None  # a poll of nothing creates nothing
    cancelled = await queue.cancel(first)
    assert cancelled is not None and cancelled.state == CANCELLED
    assert await queue.waiting("official:2") == []
    assert await queue.queues() == []
    fresh, new = await queue.enqueue(Ticket(**{**ticket(1).__dict__, "id": "t1b"}))
    assert new and fresh.id == "t1b"
    await queue.enqueue(ticket(2))
    group = await queue.waiting("official:2")
    assert [t.id for t in group] == ["t1b", "t2"]
    assert await queue.claim(group, NOW)
    assert not await queue.claim(group, NOW)  # claimed once
    assert (await queue.get("t2")).state == FORMING  # type: ignore[union-attr]
    assert (await queue.cancel(group[1])).state == FORMING  # type: ignore[union-attr]
    await queue.seat(group[0], "table1", 0, "tok0")
    seated = await queue.get("t1b")
    assert seated is not None and seated.state == SEATED and seated.token == "tok0"
    await queue.unclaim([group[1]])
    assert [t.id for t in await queue.waiting("official:2")] == ["t2"]
    await redis.aclose()


async def test_two_matchmakers_racing_seat_each_player_once(redis_server: RedisServer) -> None:
    """Two nodes' matchmakers, each with its own connection and its own view of the queue,
    form groups at the same moment without the lock: every claim is all or nothing, and no
    ticket is claimed twice."""
    first, second = connect(redis_server.url), connect(redis_server.url)
    one, two = RedisQueue(first), RedisQueue(second)
    rng = random.Random(7)
    for n in range(1, 201):
        await one.enqueue(ticket(n, seats=3, rating=rng.uniform(0, 10)))
    claimed: list[list[str]] = []

    async def matchmaker(queue: RedisQueue, seed: int) -> None:
        order = random.Random(seed)
        for _ in range(20):
            waiting = await queue.waiting("official:3")
            if len(waiting) < 3:
                return
            by_id = {t.id: t for t in waiting}
            pool = [Waiting(t.id, t.rating, t.since) for t in waiting]
            order.shuffle(pool)  # each node sees the queue a little differently
            groups = form_groups(pool, 3, NOW + 60)
            for group in groups:
                members = [by_id[w.ticket] for w in group]
                if await queue.claim(members, NOW):
                    claimed.append([t.id for t in members])
                await asyncio.sleep(0)

    await asyncio.gather(matchmaker(one, 1), matchmaker(two, 2))
    ids = [t for group in claimed for t in group]
    assert len(ids) == len(set(ids)), "a player claimed twice"
    assert all(len(group) == 3 for group in claimed)
    for n in range(1, 201):
        state = (await one.get(f"t{n}")).state  # type: ignore[union-attr]
        assert state == (FORMING if f"t{n}" in ids else WAITING)
    assert len(ids) >= 195  # all but a remainder that cannot fill a table
    await first.aclose()
    await second.aclose()


async def test_the_matching_pass_is_one_nodes_at_a_time(redis_server: RedisServer) -> None:
    redis = connect(redis_server.url)
    a, b = RedisQueue(redis), RedisQueue(redis)
    assert await a.lock("node-a", 5)
    assert not await b.lock("node-b", 5)
    await b.unlock("node-b")  # not b's to release
    assert not await b.lock("node-b", 5)
    await a.unlock("node-a")
    assert await b.lock("node-b", 0.2)
    await asyncio.sleep(0.3)  # a holder that died: its lock runs out
    assert await a.lock("node-a", 5)
    await redis.aclose()


async def test_a_claimed_group_is_opened_by_whichever_node_takes_it(
    redis_server: RedisServer,
) -> None:
    first, second = connect(redis_server.url), connect(redis_server.url)
    matcher, opener = RedisQueue(first), RedisQueue(second)
    for n in (1, 2, 3, 4):
        await matcher.enqueue(ticket(n))
    t1, t2, t3, t4 = await matcher.waiting("official:2")
    assert await matcher.claim([t1, t2], NOW)
    assert await matcher.claim([t3, t4], NOW)
    await matcher.hand_out([[t1, t2], [t3, t4]])
    await matcher.unclaim([t4])  # t4 went back to waiting meanwhile: its group is not opened
    taken = await opener.next_groups(1.0)
    assert [[t.id for t in group] for group in taken] == [["t1", "t2"]]
    assert all(t.state == FORMING for t in taken[0])
    assert await opener.next_groups(0.1) == []  # taken once
    assert [t.id for t in await matcher.waiting("official:2")] == ["t3", "t4"]
    await first.aclose()
    await second.aclose()


async def test_claims_of_a_pass_go_in_one_round_trip_each_whole(
    redis_server: RedisServer,
) -> None:
    redis = connect(redis_server.url)
    queue = RedisQueue(redis)
    for n in (1, 2, 3, 4):
        await queue.enqueue(ticket(n))
    t1, t2, t3, t4 = await queue.waiting("official:2")
    assert await queue.claim_all([[t1, t2], [t2, t3], [t3, t4]], NOW) == [True, False, True]
    assert await queue.claim_all([], NOW) == []
    assert await queue.waiting("official:2") == []
    await redis.aclose()
