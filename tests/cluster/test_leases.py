"""Leases and the bus's notes, against a real redis-server: one owner per table, renewal,
expiry, a lost lease, and a restart of Redis (the owner takes its leases again)."""

from __future__ import annotations

import asyncio

from cluster_pieces import RedisServer
from hypothesis import given
from hypothesis import strategies as st
from redis.asyncio import Redis
from redis.asyncio.client import PubSub

from fivedice.server.bus import Note, connect
from fivedice.server.leases import (
    CLAIMED,
    SERVING_PREFIX,
    TAKEN_FROM_DEAD,
    Claim,
    RedisLeases,
    SoleOwner,
)
from fivedice.server.notes import inbox


async def test_one_owner_renewal_and_expiry(redis_server: RedisServer) -> None:
    redis = connect(redis_server.url)
    a = RedisLeases(redis, "a", seconds=0.5)
    b = RedisLeases(redis, "b", seconds=0.5)
    assert await a.claim("t1")
    assert not await b.claim("t1")  # taken
    assert await a.owners(["t1", "t2"]) == {"t1": "a", "t2": None}
    for _ in range(4):  # renewed past several lease times, it stays a's
        await asyncio.sleep(0.2)
        assert await a.renew(["t1"]) == set()
    assert not await b.claim("t1")
    assert await b.alive(["a", "b"]) == {"a"}
    await asyncio.sleep(0.7)  # a stops renewing: its lease runs out, so does its liveness
    assert await b.alive(["a"]) == set()
    assert await b.claim("t1")
    assert await a.renew(["t1"]) == {"t1"}  # a learns it lost the table
    await a.release("t1")  # a release of what it no longer holds changes nothing
    assert await b.owners(["t1"]) == {"t1": "b"}
    await b.release("t1")
    assert await a.owners(["t1"]) == {"t1": None}
    await redis.aclose()


async def test_a_restarted_node_is_a_new_owner_that_takes_its_old_leases(
    redis_server: RedisServer,
) -> None:
    redis = connect(redis_server.url)
    before = RedisLeases(redis, "n1", seconds=5)
    after = RedisLeases(redis, "n1", seconds=5)  # the same name, a new process
    assert await before.claim("t1")
    assert await after.renew(["t1"]) == {"t1"}  # not its predecessor's lease to renew
    assert await after.owners(["t1"]) == {"t1": "n1"}
    # ...but its predecessor is gone (one name is one live process): it takes the lease at once
    assert await after.claim("t1")
    assert await before.renew(["t1"]) == {"t1"}
    assert await after.renew(["t1"]) == set()
    other = RedisLeases(redis, "n10", seconds=5)  # a name that merely starts the same
    assert not await other.claim("t1")
    await redis.aclose()


async def test_a_table_not_handed_over_is_taken_as_away_from_its_node(
    redis_server: RedisServer,
) -> None:
    """A claim says `TAKEN_FROM_DEAD` when the table's last runner let its lease run out (it
    died before anyone marked it) or released it meaning to come back (a shutdown), not when
    it handed the table over (shed, finished) nor to the last runner's own next life."""
    redis = connect(redis_server.url)
    a = RedisLeases(redis, "a", seconds=0.3)
    b = RedisLeases(redis, "b", seconds=0.3)
    assert (await a.claim("ran_out")).how == CLAIMED
    assert (await a.claim("handed")).how == CLAIMED
    assert (await a.claim("stopping")).how == CLAIMED
    assert (await a.claim("home")).how == CLAIMED
    await a.release("handed")
    await a.release("stopping", returning=True)
    await asyncio.sleep(0.5)  # a's other leases run out
    assert await b.claim("ran_out") == Claim(TAKEN_FROM_DEAD, home="a")
    assert await b.claim("handed") == Claim(CLAIMED)
    assert await b.claim("stopping") == Claim(TAKEN_FROM_DEAD, home="a")
    a_again = RedisLeases(redis, "a", seconds=0.3)  # a started again under its name
    assert (await a_again.claim("home")).how == CLAIMED
    # b runs "ran_out" now: when b's lease runs out in turn, a takes it as away from b.
    await asyncio.sleep(0.5)
    assert await a_again.claim("ran_out") == Claim(TAKEN_FROM_DEAD, home="b")
    # A table a node opened itself gets its lease at its first renewal, and is noted as that
    # node's too: run out, it is away from it.
    assert await b.renew(["opened"]) == set()
    await asyncio.sleep(0.5)
    assert await a_again.claim("opened") == Claim(TAKEN_FROM_DEAD, home="b")
    await redis.aclose()


async def test_leases_come_back_after_redis_restarts(redis_server: RedisServer) -> None:
    redis = connect(redis_server.url)
    a = RedisLeases(redis, "a", seconds=5)
    assert await a.claim("t1")
    redis_server.stop()
    redis_server.start()  # empty again
    for _ in range(20):
        try:
            assert await a.renew(["t1"]) == set()  # taken again, not lost
            break
        except Exception:
            await asyncio.sleep(0.1)
    assert await a.owners(["t1"]) == {"t1": "a"}
    await redis.aclose()


async def two_nodes(url: str, seconds: float) -> tuple[Redis, RedisLeases, RedisLeases, PubSub]:
    """Nodes a and b on one Redis; a listens to its inbox, is alive and holds table t1."""
    redis = connect(url)
    a = RedisLeases(redis, "a", seconds=seconds)
    b = RedisLeases(redis, "b", seconds=seconds)
    listening = connect(url).pubsub()
    await listening.subscribe(inbox("a"))
    await a.renew(())
    assert await a.claim("t1")
    return redis, a, b, listening


async def test_a_node_whose_inbox_went_silent_is_marked_gone_and_its_leases_taken(
    redis_server: RedisServer,
) -> None:
    """A dead node's subscription ends with its connections: it is silent while its liveness
    key lives on, and once marked gone its leases are free, long before they run out."""
    redis, a, b, listening = await two_nodes(redis_server.url, 30)
    assert await b.silent(["a", "b", "nobody"]) == {}  # a listens; b is itself; nobody is gone
    await listening.aclose()  # a's process dies: its subscription ends with it
    silent = {}
    for _ in range(50):
        silent = await b.silent(["a"])
        if silent:
            break
        await asyncio.sleep(0.05)
    assert silent == {"a": a.value}
    assert not await b.claim("t1")  # silent is not yet gone
    assert await b.mark_gone("a", a.value)
    assert await b.alive(["a"]) == set()
    assert await b.owners(["t1"]) == {"t1": None}
    assert await b.claim("t1") == Claim(TAKEN_FROM_DEAD, home="a")  # back to a when a is
    assert await b.owners(["t1"]) == {"t1": "b"}
    assert (await b.claim("t1")).how == CLAIMED  # held already
    # Wrongly marked (a was alive after all): its renewal clears the mark, reports the loss.
    assert await a.renew(["t1"]) == {"t1"}
    assert await b.alive(["a"]) == {"a"}
    assert await a.claim("t2")
    assert not await b.claim("t2")  # a is no longer marked
    await redis.aclose()


async def test_a_frozen_or_restarted_node_is_not_marked_gone(redis_server: RedisServer) -> None:
    """A node that stopped renewing but still holds its subscription (frozen, slow) is not
    silent: its leases last until they run out. A mark for an incarnation that has since been
    replaced (the node was started again) is refused."""
    redis, a, b, listening = await two_nodes(redis_server.url, 0.6)
    await asyncio.sleep(0.3)  # a renews nothing from here on
    assert await b.silent(["a"]) == {}
    assert not await b.claim("t1")
    await asyncio.sleep(0.5)  # its lease ran out by itself
    assert await b.claim("t1") == Claim(TAKEN_FROM_DEAD, home="a")  # free, and a's
    again = RedisLeases(redis, "a", seconds=5)  # started again under its name
    await again.renew(())
    # Another process under the same name: the rebalancing waits for it to settle, and for
    # it to answer a health check (say it serves), which it says again with each renewal.
    assert await b.incarnations(["a", "nobody"]) == {"a": again.value} != {"a": a.value}
    assert await b.serving([again.value, a.value]) == set()
    await again.mark_serving()
    assert await b.serving([again.value, a.value]) == {again.value}
    await redis.delete(SERVING_PREFIX + again.value)
    await again.renew(())
    assert await b.serving([again.value]) == {again.value}
    assert not await b.mark_gone("a", a.value)  # that incarnation's key is not there
    assert await b.alive(["a"]) == {"a"}
    await listening.aclose()
    await redis.aclose()


async def test_a_node_not_listening_keeps_its_leases_but_says_nothing_of_being_alive(
    redis_server: RedisServer,
) -> None:
    """While its inbox's subscription is being made again, a node renews its leases but sets
    no liveness key, so the others' watch cannot take it for dead."""
    redis, a, b, listening = await two_nodes(redis_server.url, 0.6)
    await listening.aclose()  # a's listener lost its connection and is reconnecting
    await asyncio.sleep(0.7)  # a's liveness key ran out meanwhile
    assert await a.renew(["t1"], listening=False) == set()
    assert await b.alive(["a"]) == set()
    assert await b.silent(["a"]) == {}  # nothing to mark: not alive, so not "alive but silent"
    assert not await b.claim("t1")  # its lease is renewed all the same
    await asyncio.sleep(0.3)
    assert not await b.claim("t1")
    assert await a.renew(["t1"]) == set()  # listening again: alive again
    assert await b.alive(["a"]) == {"a"}
    await redis.aclose()


async def test_a_sole_owner_owns_everything() -> None:
    sole = SoleOwner("only")
    assert await sole.claim("t") and await sole.renew(["t"]) == set()
    assert await sole.owners(["t", "u"]) == {"t": "only", "u": "only"}
    assert await sole.alive(["only", "other"]) == {"only"}


WORD = st.integers(min_value=-(2**63), max_value=2**63 - 1)


@given(
    st.dictionaries(st.text(max_size=8), st.one_of(WORD, st.text(), st.lists(WORD))),
    st.text(st.characters(blacklist_categories=())),  # lone surrogates too
)
def test_notes_survive_the_wire(header: dict[str, object], body: str) -> None:
    note = Note(header, body)
    assert Note.decode(note.encode()) == note
