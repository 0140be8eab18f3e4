"""Leases and the bus's notes, against a real redis-server: one owner per table, renewal,
expiry, a lost lease, and a restart of Redis (the owner takes its leases again)."""

from __future__ import annotations

import asyncio

from cluster_pieces import RedisServer
from hypothesis import given
from hypothesis import strategies as st

from fivedice.server.bus import Note, connect
from fivedice.server.leases import RedisLeases, SoleOwner


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
