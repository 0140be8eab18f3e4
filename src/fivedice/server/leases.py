"""Who runs each table: one owner at a time, by a lease it renews.

A lease is a Redis key per table holding the owner's name and incarnation, set with
``SET NX PX`` and renewed (all of a node's tables in one script call) well before it runs out.
An owner that stops renewing (killed, frozen, cut off) loses its tables when their leases run
out, and another node takes them over from the log. A lease is only half the fence: a stale
owner that has not noticed yet cannot append either, because the log's unique
``(match, seq)`` refuses the event that another owner already wrote.

Why Redis and not a PostgreSQL row: Redis carries the nodes' notes anyway, a renewal there
costs no disk write (thousands of tables renew every second or two), and its keys expire by
themselves. What Redis does not keep (it restarts empty) costs nothing: each owner finds its
leases gone at the next renewal and takes them again, and the log's fence still holds.

Nodes also keep a liveness key of their own, renewed with the leases, so a node can tell an
owner that is gone from one that is merely slow.

A node that dies (killed, crashed) is noticed sooner than its leases run out: its process held
the subscription to its inbox, and the subscription ends with the process's connections. A
live node whose liveness key is there but whose inbox has no subscriber for a moment is marked
gone (a key named after its incarnation); a lease whose holder is marked gone is free to take.
A node that is only frozen or slow keeps its subscription and keeps its leases until they run
out. A wrong mark (a live node's subscription dropped briefly) costs that node the tables
others take meanwhile; its next renewal clears the mark and reports them lost, and the log's
fence holds throughout.

One node alone (no Redis) owns every table: :class:`SoleOwner`.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .notes import PREFIX, inbox, listeners

if TYPE_CHECKING:
    import redis.asyncio as aioredis

# Renew each lease held with our value; take again one that has gone (Redis restarted); note
# this node as each table's last runner (KEYS: the n leases, then their n runner notes;
# ARGV[3] the note's lifetime); return the leases another node holds now.
_RENEW = """
local lost = {}
local n = #KEYS / 2
for i = 1, n do
  local key = KEYS[i]
  local holder = redis.call('GET', key)
  if holder == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    redis.call('SET', KEYS[n + i], ARGV[1], 'PX', ARGV[3])
  elseif not holder then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    redis.call('SET', KEYS[n + i], ARGV[1], 'PX', ARGV[3])
  else
    table.insert(lost, key)
  end
end
return lost
"""

# Take a lease that is free, held by this node's previous life (the same name, another
# incarnation: that process is gone, since one name is one live process) or held by a node
# marked gone: {1} if ours now, {2, node} if ours now and taken from another node that did not
# hand it over (its holder is marked gone, or its lease ran out while the table's last runner,
# KEYS[2], was another node; `node` is that holder's or runner's value), else {0}. The last
# runner is noted at every claim.
_CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return {1} end
local mine = string.len(ARGV[3])
local taken = 0
local from = false
if not holder then
  local last = redis.call('GET', KEYS[2])
  if last and string.sub(last, 1, mine) ~= ARGV[3] then
    taken = 2
    from = last
  else
    taken = 1
  end
elseif string.sub(holder, 1, mine) == ARGV[3] then
  taken = 1
elseif redis.call('EXISTS', ARGV[4] .. holder) == 1 then
  taken = 2
  from = holder
end
if taken > 0 then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[5])
end
if from then return {taken, from} end
return {taken}
"""

NOT_CLAIMED, CLAIMED, TAKEN_FROM_DEAD = 0, 1, 2  # what a claim did


@dataclass(frozen=True)
class Claim:
    """What a claim did (`NOT_CLAIMED`, `CLAIMED` or `TAKEN_FROM_DEAD`) and, for a table taken
    from a node that did not hand it over, that node's name: the table's home, where it goes
    back once that node is back. False when not claimed."""

    how: int
    home: str | None = None

    def __bool__(self) -> bool:
        return self.how != NOT_CLAIMED


# The holder of each lease, nil where there is none or its holder is marked gone.
_OWNERS = """
local out = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder and redis.call('EXISTS', ARGV[1] .. holder) == 1 then holder = false end
  out[i] = holder
end
return out
"""

# Mark a node gone, if its liveness key still holds the incarnation seen silent.
_GONE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SET', ARGV[2] .. ARGV[1], '1', 'PX', ARGV[3])
return 1
"""

# Delete a lease only while it holds our value; and the note of its last runner too, unless
# this node means to come back for it (ARGV[2] == '1').
_RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] ~= '1' then redis.call('DEL', KEYS[2]) end
return redis.call('DEL', KEYS[1])
"""


def lease_key(table_id: str) -> str:
    """The Redis key of a table's lease."""
    return f"{PREFIX}lease:{table_id}"


def ran_key(table_id: str) -> str:
    """The Redis key naming the last node to take a table's lease (kept `RAN_SECONDS`): a
    table found without a lease whose last runner was another node was not handed over."""
    return f"{PREFIX}ran:{table_id}"


RAN_SECONDS = 3600


def node_key(node: str) -> str:
    """The Redis key that says a node is alive."""
    return f"{PREFIX}node:{node}"


GONE_PREFIX = f"{PREFIX}gone:"  # + a node's incarnation (``name token``): that process is dead
# + a node's incarnation: that process has answered a health check (the proxy can reach it)
SERVING_PREFIX = f"{PREFIX}serving:"


class Leases(Protocol):
    """The owners of tables."""

    node: str

    async def claim(self, table_id: str) -> Claim:
        """Take the table's lease if nobody holds it: `CLAIMED` if this node holds it now,
        `TAKEN_FROM_DEAD` if it does and another node (the claim's `home`) held it without
        handing it over (marked gone, or its lease ran out), else `NOT_CLAIMED`."""
        ...

    async def renew(self, table_ids: Collection[str], *, listening: bool = True) -> set[str]:
        """Renew these leases (and this node's liveness, while it `listening` to its inbox);
        returns the tables lost to others."""
        ...

    async def release(self, table_id: str, *, returning: bool = False) -> None:
        """Give a lease up (only if still held by this node): handed over to whoever takes it
        next, or, `returning` (this node is stopping and will be back), taken by the next as
        a table away from its node."""
        ...

    async def owners(self, table_ids: Iterable[str]) -> dict[str, str | None]:
        """Who holds each table's lease (None: nobody)."""
        ...

    async def alive(self, nodes: Iterable[str]) -> set[str]:
        """Which of these nodes are alive (renewed within a lease time)."""
        ...

    async def live_nodes(self) -> set[str]:
        """Every node alive now."""
        ...

    async def incarnations(self, nodes: Iterable[str]) -> dict[str, str]:
        """The process behind each of these nodes that is alive (``name incarnation``): a node
        restarted under its name is another process."""
        ...

    async def mark_serving(self) -> None:
        """Say this process answers requests now (it answered a health check); said again at
        each renewal while it lives."""
        ...

    async def serving(self, processes: Iterable[str]) -> set[str]:
        """Which of these processes (``name incarnation``) have said they answer requests."""
        ...

    async def silent(self, nodes: Iterable[str]) -> dict[str, str]:
        """Of these nodes, those alive but not subscribed to their inbox: name -> incarnation."""
        ...

    async def mark_gone(self, node: str, incarnation: str) -> bool:
        """Mark this incarnation of a node dead (its leases free to take); whether it was."""
        ...


class SoleOwner:
    """One node alone: it owns every table, nothing is ever lost."""

    def __init__(self, node: str) -> None:
        self.node = node

    async def claim(self, table_id: str) -> Claim:
        """Always."""
        return Claim(CLAIMED)

    async def renew(self, table_ids: Collection[str], *, listening: bool = True) -> set[str]:
        """Nothing to renew."""
        return set()

    async def release(self, table_id: str, *, returning: bool = False) -> None:
        """Nothing to release."""

    async def owners(self, table_ids: Iterable[str]) -> dict[str, str | None]:
        """This node, for every table."""
        return dict.fromkeys(table_ids, self.node)

    async def alive(self, nodes: Iterable[str]) -> set[str]:
        """Only this node."""
        return {n for n in nodes if n == self.node}

    async def live_nodes(self) -> set[str]:
        """This node."""
        return {self.node}

    async def incarnations(self, nodes: Iterable[str]) -> dict[str, str]:
        """This node, the only process there is."""
        return {n: n for n in nodes if n == self.node}

    async def mark_serving(self) -> None:
        """Nobody to tell."""

    async def serving(self, processes: Iterable[str]) -> set[str]:
        """This node, when asked."""
        return {p for p in processes if p == self.node}

    async def silent(self, nodes: Iterable[str]) -> dict[str, str]:
        """No other node to hear."""
        return {}

    async def mark_gone(self, node: str, incarnation: str) -> bool:
        """No other node to mark."""
        return False


class RedisLeases:
    """Leases as Redis keys with an expiry; the value is ``node incarnation``."""

    def __init__(self, redis: aioredis.Redis, node: str, seconds: float) -> None:
        self.redis = redis
        self.node = node
        self.millis = max(int(seconds * 1000), 100)
        # A restarted node with the same name is a new owner: it must not renew the leases of
        # the process that died (whose tables' memory it does not have).
        self.value = f"{node} {secrets.token_hex(8)}"
        self._serving = False  # this process has answered a health check
        self._renew = redis.register_script(_RENEW)
        self._claim = redis.register_script(_CLAIM)
        self._release = redis.register_script(_RELEASE)
        self._owners = redis.register_script(_OWNERS)
        self._gone = redis.register_script(_GONE)

    async def claim(self, table_id: str) -> Claim:
        """Exactly one node wins a free lease (``SET NX`` in a script). A lease held by this
        node's previous life (same name, another incarnation) is taken at once: a node
        restarted after a crash resumes its tables without waiting for them to run out. Node
        names must therefore be unique among live processes (the default, host and port, is).
        So is a lease whose holder is marked gone (`TAKEN_FROM_DEAD`: the table was that
        node's, and goes back to it when it is back); a free lease whose last runner was
        another node that did not hand it over (its lease ran out before anyone marked it
        gone) is `TAKEN_FROM_DEAD` too."""
        answer = await self._claim(
            keys=[lease_key(table_id), ran_key(table_id)],
            args=[self.value, self.millis, f"{self.node} ", GONE_PREFIX, RAN_SECONDS * 1000],
        )
        how, *home = answer
        return Claim(int(how), _node_of(home[0]) if home else None)

    async def renew(self, table_ids: Collection[str], *, listening: bool = True) -> set[str]:
        """One script call for every table, plus the liveness key (and a wrong mark of this
        node as gone cleared: it is evidently alive). While this node is not `listening` (its
        inbox's subscription is being made again, say after Redis restarted) it sets no
        liveness key: alive but deaf, it would look dead to the others' watch."""
        if listening:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.set(node_key(self.node), self.value, px=self.millis)
                pipe.delete(GONE_PREFIX + self.value)
                if self._serving:
                    pipe.set(SERVING_PREFIX + self.value, 1, px=self.millis)
                await pipe.execute()
        if not table_ids:
            return set()
        keys = [lease_key(t) for t in table_ids] + [ran_key(t) for t in table_ids]
        lost = await self._renew(keys=keys, args=[self.value, self.millis, RAN_SECONDS * 1000])
        prefix = len(lease_key(""))
        return {(k.decode() if isinstance(k, bytes) else k)[prefix:] for k in lost}

    async def release(self, table_id: str, *, returning: bool = False) -> None:
        """Delete the key if it still holds this node's value."""
        await self._release(
            keys=[lease_key(table_id), ran_key(table_id)], args=[self.value, int(returning)]
        )

    async def owners(self, table_ids: Iterable[str]) -> dict[str, str | None]:
        """One script call; a holder marked gone holds nothing."""
        ids = list(table_ids)
        if not ids:
            return {}
        values = await self._owners(keys=[lease_key(t) for t in ids], args=[GONE_PREFIX])
        return {t: _node_of(v) for t, v in zip(ids, values, strict=True)}

    async def alive(self, nodes: Iterable[str]) -> set[str]:
        """The nodes whose liveness key exists."""
        names = list(nodes)
        if not names:
            return set()
        values = await self.redis.mget([node_key(n) for n in names])
        return {n for n, v in zip(names, values, strict=True) if v is not None}

    async def incarnations(self, nodes: Iterable[str]) -> dict[str, str]:
        """One MGET of the liveness keys."""
        names = list(nodes)
        if not names:
            return {}
        values = await self.redis.mget([node_key(n) for n in names])
        return {
            n: v.decode() if isinstance(v, bytes) else v
            for n, v in zip(names, values, strict=True)
            if v is not None
        }

    async def mark_serving(self) -> None:
        """One SET, and one more with each renewal from now on."""
        self._serving = True
        await self.redis.set(SERVING_PREFIX + self.value, 1, px=self.millis)

    async def serving(self, processes: Iterable[str]) -> set[str]:
        """One MGET of the processes' serving keys."""
        wanted = list(processes)
        if not wanted:
            return set()
        values = await self.redis.mget([SERVING_PREFIX + p for p in wanted])
        return {p for p, v in zip(wanted, values, strict=True) if v is not None}

    async def live_nodes(self) -> set[str]:
        """The names of the liveness keys there are (a SCAN, a thousand keys a step)."""
        prefix = node_key("")
        found: set[str] = set()
        async for key in self.redis.scan_iter(match=f"{prefix}*", count=1000):
            found.add((key.decode() if isinstance(key, bytes) else key)[len(prefix) :])
        return found

    async def silent(self, nodes: Iterable[str]) -> dict[str, str]:
        """One MGET of the liveness keys and one PUBSUB NUMSUB of the inboxes."""
        names = [n for n in nodes if n != self.node]
        if not names:
            return {}
        values = await self.redis.mget([node_key(n) for n in names])
        numsub = await self.redis.pubsub_numsub(*(inbox(n) for n in names))
        silent: dict[str, str] = {}
        for name, value in zip(names, values, strict=True):
            if value is not None and not listeners(numsub, name):
                silent[name] = value.decode() if isinstance(value, bytes) else value
        return silent

    async def mark_gone(self, node: str, incarnation: str) -> bool:
        """Delete its liveness key and mark the incarnation gone for a while (longer than
        any of its leases could last), in one script."""
        marked = await self._gone(
            keys=[node_key(node)], args=[incarnation, GONE_PREFIX, max(self.millis * 2, 10_000)]
        )
        return bool(marked)


def _node_of(value: bytes | str | None) -> str | None:
    if value is None:
        return None
    text = value.decode() if isinstance(value, bytes) else value
    return text.rsplit(" ", 1)[0]
