"""Where quick-match tickets are kept: in memory on a single node, in Redis when several
nodes share the queue. Both keep the same rules:

- one live ticket per account (waiting, or being seated): queueing again returns it;
- a ticket moves ``waiting`` → ``forming`` (claimed by a matchmaker) → ``seated`` (its table
  and seat token written), or ``waiting`` → ``cancelled`` / ``expired``; ``forming`` goes back
  to ``waiting`` only when the table could not be opened;
- a claim takes a whole group or nothing, atomically, and only tickets still waiting: two
  matchmakers that picked overlapping groups at the same moment cannot both win, so a player
  is seated once (in Redis a Lua script does the check and the move in one step).

A settled ticket (seated, cancelled, expired) is kept for ``SETTLED_TTL`` seconds, so the
player's next poll (through any node) finds its answer. A seated ticket holds the seat token
in the clear for that time: the poll hands it to the ticket's own account only.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from .notes import PREFIX

if TYPE_CHECKING:
    import redis.asyncio as aioredis

SETTLED_TTL = 600  # seconds a settled ticket's answer is kept
LIVE_TTL = 3600  # a live ticket's keys expire after this long without a poll (a safety net)
FORMING_LIMIT = 60.0  # a ticket forming longer than this lost its matchmaker: it is not live

WAITING, FORMING, SEATED, CANCELLED, EXPIRED = (
    "waiting",
    "forming",
    "seated",
    "cancelled",
    "expired",
)


def new_ticket_id() -> str:
    """A ticket's id: 128 random bits (knowing it grants nothing: polls check the account)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Ticket:
    """One player's place in a quick-match queue, and, once seated, where they sit."""

    id: str
    account_id: int
    name: str  # the account's name, the player's name at the table
    kind: str  # the account's kind (guest, person)
    program: bool  # queued by an API token
    preset: str
    seats: int  # the table size asked for
    rating: float  # the shown rating in the preset's family when queued (0 for a newcomer)
    since: float  # when it joined the queue (epoch seconds)
    seen: float  # the player's last poll: a ticket nobody polls is dropped
    state: str = WAITING
    forming_at: float = 0.0
    table_id: str = ""
    seat: int = -1
    token: str = ""
    computer: bool = False  # seated against the computer
    seated_at: float = 0.0  # when the seat was written (epoch seconds)

    @property
    def queue(self) -> str:
        """The queue it waits in: rule set and table size."""
        return f"{self.preset}:{self.seats}"

    def live(self, now: float) -> bool:
        """Waiting, or being seated by a matchmaker that is still about it."""
        return self.state == WAITING or (
            self.state == FORMING and now - self.forming_at < FORMING_LIMIT
        )


def _to_fields(ticket: Ticket) -> dict[str, str]:
    return {k: str(int(v) if isinstance(v, bool) else v) for k, v in asdict(ticket).items()}


def _from_fields(raw: dict[Any, Any]) -> Ticket:
    data = {
        (k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
        for k, v in raw.items()
    }
    return Ticket(
        id=data["id"],
        account_id=int(data["account_id"]),
        name=data["name"],
        kind=data["kind"],
        program=data["program"] == "1",
        preset=data["preset"],
        seats=int(data["seats"]),
        rating=float(data["rating"]),
        since=float(data["since"]),
        seen=float(data["seen"]),
        state=data["state"],
        forming_at=float(data.get("forming_at") or 0.0),
        table_id=data.get("table_id", ""),
        seat=int(data.get("seat") or -1),
        token=data.get("token", ""),
        computer=data.get("computer") == "1",
        seated_at=float(data.get("seated_at") or 0.0),
    )


class QuickQueue(Protocol):
    """The tickets, as the routes and the matchmaker use them."""

    async def enqueue(self, ticket: Ticket) -> tuple[Ticket, bool]:
        """Queue `ticket`, or return the account's live ticket; True when it is new."""
        ...

    async def get(self, ticket_id: str) -> Ticket | None:
        """A ticket by id (None: unknown, or its answer has expired)."""
        ...

    async def held(self, account_id: int) -> Ticket | None:
        """The account's latest ticket, live or not."""
        ...

    async def states(self, ticket_ids: list[str]) -> list[str | None]:
        """Each ticket's state (None: gone), in one look."""
        ...

    async def polled(self, ticket_id: str, now: float) -> None:
        """The player asked about the ticket: it is still wanted."""
        ...

    async def cancel(self, ticket: Ticket, state: str = CANCELLED) -> Ticket | None:
        """Take a waiting ticket out of its queue as `state`; the ticket as it is after
        (None: it has gone)."""
        ...

    async def queues(self) -> list[str]:
        """The queues that may have tickets waiting."""
        ...

    async def waiting(self, queue: str) -> list[Ticket]:
        """The tickets waiting in a queue, oldest first."""
        ...

    async def claim(self, tickets: list[Ticket], now: float) -> bool:
        """Move the tickets (of one queue) from waiting to forming, all or none."""
        ...

    async def claim_all(self, groups: list[list[Ticket]], now: float) -> list[bool]:
        """:meth:`claim` for each group, in order (each group all or none)."""
        ...

    async def seat(self, ticket: Ticket, table_id: str, seat: int, token: str) -> None:
        """A forming ticket's player is seated: record the table, seat and token."""
        ...

    async def unclaim(self, tickets: list[Ticket]) -> None:
        """Forming tickets whose table could not be opened wait again, in their old place."""
        ...

    async def hand_out(self, groups: list[list[Ticket]]) -> None:
        """Claimed groups, for whichever node takes them next to open their tables."""
        ...

    async def next_groups(self, timeout: float) -> list[list[Ticket]]:
        """The claimed groups waiting to be opened, as many as there are (at least one, or
        none if none came within `timeout` seconds)."""
        ...

    async def lock(self, holder: str, seconds: float) -> bool:
        """Take the right to run the next matching pass (one node at a time)."""
        ...

    async def unlock(self, holder: str) -> None:
        """Give the matching pass back."""
        ...

    async def close(self) -> None:
        """Let go of connections."""
        ...


@dataclass
class MemoryQueue:
    """A single node's tickets: plain dicts. Every method runs without awaiting inside, so on
    one event loop each is atomic."""

    tickets: dict[str, Ticket] = field(default_factory=dict)
    by_account: dict[int, str] = field(default_factory=dict)
    settled_at: dict[str, float] = field(default_factory=dict)
    groups: asyncio.Queue[list[Ticket]] = field(default_factory=asyncio.Queue)

    def _forget_old(self, now: float) -> None:
        for ticket_id, when in list(self.settled_at.items()):
            if now - when > SETTLED_TTL:
                del self.settled_at[ticket_id]
                gone = self.tickets.pop(ticket_id, None)
                if gone is not None and self.by_account.get(gone.account_id) == ticket_id:
                    del self.by_account[gone.account_id]

    def _settle(self, ticket: Ticket) -> Ticket:
        self.tickets[ticket.id] = ticket
        self.settled_at[ticket.id] = time.time()
        return ticket

    async def enqueue(self, ticket: Ticket) -> tuple[Ticket, bool]:
        """Queue `ticket`, or return the account's live ticket."""
        self._forget_old(time.time())
        held = self.tickets.get(self.by_account.get(ticket.account_id, ""))
        if held is not None and held.live(ticket.since):
            return held, False
        self.tickets[ticket.id] = ticket
        self.by_account[ticket.account_id] = ticket.id
        return ticket, True

    async def get(self, ticket_id: str) -> Ticket | None:
        """A ticket by id."""
        return self.tickets.get(ticket_id)

    async def held(self, account_id: int) -> Ticket | None:
        """The account's latest ticket."""
        return self.tickets.get(self.by_account.get(account_id, ""))

    async def states(self, ticket_ids: list[str]) -> list[str | None]:
        """Each ticket's state."""
        found = [self.tickets.get(i) for i in ticket_ids]
        return [t.state if t is not None else None for t in found]

    async def polled(self, ticket_id: str, now: float) -> None:
        """Note the poll."""
        ticket = self.tickets.get(ticket_id)
        if ticket is not None:
            self.tickets[ticket_id] = replace(ticket, seen=now)

    async def cancel(self, ticket: Ticket, state: str = CANCELLED) -> Ticket | None:
        """Cancel (or expire) a waiting ticket."""
        current = self.tickets.get(ticket.id)
        if current is None or current.state != WAITING:
            return current
        return self._settle(replace(current, state=state))

    async def queues(self) -> list[str]:
        """The queues with tickets waiting."""
        return sorted({t.queue for t in self.tickets.values() if t.state == WAITING})

    async def waiting(self, queue: str) -> list[Ticket]:
        """A queue's waiting tickets, oldest first."""
        found = [t for t in self.tickets.values() if t.state == WAITING and t.queue == queue]
        return sorted(found, key=lambda t: (t.since, t.id))

    async def claim(self, tickets: list[Ticket], now: float) -> bool:
        """All of them from waiting to forming, or none."""
        current = [self.tickets.get(t.id) for t in tickets]
        if any(c is None or c.state != WAITING for c in current):
            return False
        for c in current:
            assert c is not None
            self.tickets[c.id] = replace(c, state=FORMING, forming_at=now)
        return True

    async def claim_all(self, groups: list[list[Ticket]], now: float) -> list[bool]:
        """Each group, in order."""
        return [await self.claim(group, now) for group in groups]

    async def seat(self, ticket: Ticket, table_id: str, seat: int, token: str) -> None:
        """Record where the player sits."""
        current = self.tickets.get(ticket.id, ticket)
        self._settle(
            replace(
                current,
                state=SEATED,
                table_id=table_id,
                seat=seat,
                token=token,
                computer=ticket.computer,
                seated_at=time.time(),
            )
        )

    async def unclaim(self, tickets: list[Ticket]) -> None:
        """Back to waiting."""
        for t in tickets:
            current = self.tickets.get(t.id)
            if current is not None and current.state == FORMING:
                self.tickets[t.id] = replace(current, state=WAITING, forming_at=0.0)

    async def hand_out(self, groups: list[list[Ticket]]) -> None:
        """To this node's own opener."""
        for group in groups:
            self.groups.put_nowait(group)

    async def next_groups(self, timeout: float) -> list[list[Ticket]]:
        """Every group handed out so far."""
        try:
            taken = [await asyncio.wait_for(self.groups.get(), timeout)]
        except TimeoutError:
            return []
        while not self.groups.empty():
            taken.append(self.groups.get_nowait())
        return taken

    async def lock(self, holder: str, seconds: float) -> bool:
        """One node: always its turn."""
        return True

    async def unlock(self, holder: str) -> None:
        """Nothing held."""

    async def close(self) -> None:
        """Nothing to close."""


# Redis ------------------------------------------------------------------------------------------

QUICK = f"{PREFIX}quick:"
QUEUES_KEY = f"{QUICK}queues"  # a set of queue names that may have tickets waiting
LOCK_KEY = f"{QUICK}matching"  # the matching pass's lock: SET NX PX, holder's name inside
GROUPS_KEY = f"{QUICK}groups"  # claimed groups (ticket ids), taken by any node to open
GROUPS_PER_TAKE = 64  # groups a node takes at once beyond the first


def ticket_key(ticket_id: str) -> str:
    """A ticket's hash."""
    return f"{QUICK}ticket:{ticket_id}"


def queue_key(queue: str) -> str:
    """A queue's sorted set: ticket ids by the time they joined."""
    return f"{QUICK}waiting:{queue}"


def account_key(account_id: int) -> str:
    """The account's latest ticket id."""
    return f"{QUICK}account:{account_id}"


# KEYS: account key, new ticket's key, its queue's zset, the queues set.
# ARGV: ticket prefix, now, forming limit, live ttl, id, since, queue name, then field pairs.
_ENQUEUE = """
local held = redis.call('GET', KEYS[1])
if held then
  local state = redis.call('HMGET', ARGV[1] .. held, 'state', 'forming_at')
  if state[1] == 'waiting' or
     (state[1] == 'forming' and tonumber(ARGV[2]) - tonumber(state[2]) < tonumber(ARGV[3])) then
    return held
  end
end
local fields = {}
for i = 8, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[2], unpack(fields))
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[1], ARGV[5], 'EX', ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[6], ARGV[5])
redis.call('SADD', KEYS[4], ARGV[7])
return ARGV[5]
"""

# KEYS[1]: the queue's zset, KEYS[2..]: the tickets' hashes. ARGV[1]: now, ARGV[2..]: ids.
_CLAIM = """
for i = 2, #KEYS do
  if redis.call('HGET', KEYS[i], 'state') ~= 'waiting' then return 0 end
end
for i = 2, #KEYS do
  redis.call('HSET', KEYS[i], 'state', 'forming', 'forming_at', ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[i])
end
return 1
"""

# KEYS[1]: the ticket's hash, KEYS[2]: its queue's zset. ARGV: id, new state, settled ttl.
_CANCEL = """
if redis.call('HGET', KEYS[1], 'state') ~= 'waiting' then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""

# KEYS[1]: the ticket's hash, KEYS[2]: its queue's zset. ARGV: id, since.
_UNCLAIM = """
if redis.call('HGET', KEYS[1], 'state') ~= 'forming' then return 0 end
redis.call('HSET', KEYS[1], 'state', 'waiting', 'forming_at', '0')
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1
"""

# KEYS[1]: the ticket's hash. ARGV: table id, seat, token, computer, settled ttl, now.
_SEAT = """
redis.call('HSET', KEYS[1], 'state', 'seated', 'table_id', ARGV[1], 'seat', ARGV[2],
           'token', ARGV[3], 'computer', ARGV[4], 'seated_at', ARGV[6])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""

# KEYS[1]: the lock. ARGV[1]: its holder.
_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class RedisQueue:
    """Tickets shared by every node: a hash per ticket, a sorted set per queue, the account's
    latest ticket id, and Lua scripts for each change that must check and write at once."""

    def __init__(self, redis: aioredis.Redis) -> None:
        self.redis = redis
        self._enqueue = redis.register_script(_ENQUEUE)
        self._claim = redis.register_script(_CLAIM)
        self._cancel = redis.register_script(_CANCEL)
        self._unclaim = redis.register_script(_UNCLAIM)
        self._seat = redis.register_script(_SEAT)
        self._unlock = redis.register_script(_UNLOCK)

    async def enqueue(self, ticket: Ticket) -> tuple[Ticket, bool]:
        """Queue `ticket`, or return the account's live ticket."""
        pairs = [part for item in _to_fields(ticket).items() for part in item]
        keys = [
            account_key(ticket.account_id),
            ticket_key(ticket.id),
            queue_key(ticket.queue),
            QUEUES_KEY,
        ]
        args: list[str | float] = [
            ticket_key(""),
            ticket.since,
            FORMING_LIMIT,
            LIVE_TTL,
            ticket.id,
            ticket.since,
        ]
        got = await self._enqueue(keys=keys, args=[*args, ticket.queue, *pairs])
        held = got.decode() if isinstance(got, bytes) else str(got)
        if held == ticket.id:
            return ticket, True
        existing = await self.get(held)
        return (existing, False) if existing is not None else (ticket, True)

    async def get(self, ticket_id: str) -> Ticket | None:
        """A ticket by id."""
        raw = await self.redis.hgetall(ticket_key(ticket_id))
        return _from_fields(raw) if raw else None

    async def held(self, account_id: int) -> Ticket | None:
        """The account's latest ticket."""
        ticket_id = await self.redis.get(account_key(account_id))
        if ticket_id is None:
            return None
        return await self.get(ticket_id.decode() if isinstance(ticket_id, bytes) else ticket_id)

    async def states(self, ticket_ids: list[str]) -> list[str | None]:
        """Each ticket's state, in one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        for ticket_id in ticket_ids:
            pipe.hget(ticket_key(ticket_id), "state")
        return [s.decode() if isinstance(s, bytes) else s for s in await pipe.execute()]

    async def polled(self, ticket_id: str, now: float) -> None:
        """Note the poll (only on a ticket that exists: HSET would make one)."""
        key = ticket_key(ticket_id)
        if await self.redis.exists(key):
            await self.redis.hset(key, "seen", str(now))

    async def cancel(self, ticket: Ticket, state: str = CANCELLED) -> Ticket | None:
        """Cancel (or expire) a waiting ticket."""
        keys = [ticket_key(ticket.id), queue_key(ticket.queue)]
        await self._cancel(keys=keys, args=[ticket.id, state, SETTLED_TTL])
        return await self.get(ticket.id)

    async def queues(self) -> list[str]:
        """The queues that may have tickets (empty ones are dropped from the set)."""
        names = sorted(
            n.decode() if isinstance(n, bytes) else str(n)
            for n in await self.redis.smembers(QUEUES_KEY)
        )
        if not names:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for name in names:
            pipe.zcard(queue_key(name))
        sizes = await pipe.execute()
        empty = [n for n, size in zip(names, sizes, strict=True) if not size]
        if empty:
            # A ticket queued between the count and this removal re-adds its queue itself.
            await self.redis.srem(QUEUES_KEY, *empty)
            again = await self._nonempty(empty)
            if again:
                await self.redis.sadd(QUEUES_KEY, *again)
        return [n for n, size in zip(names, sizes, strict=True) if size]

    async def _nonempty(self, names: list[str]) -> list[str]:
        pipe = self.redis.pipeline(transaction=False)
        for name in names:
            pipe.zcard(queue_key(name))
        return [n for n, size in zip(names, await pipe.execute(), strict=True) if size]

    async def waiting(self, queue: str) -> list[Ticket]:
        """A queue's waiting tickets, oldest first (ids whose hash has gone are dropped)."""
        ids = [
            i.decode() if isinstance(i, bytes) else str(i)
            for i in await self.redis.zrange(queue_key(queue), 0, -1)
        ]
        if not ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for ticket_id in ids:
            pipe.hgetall(ticket_key(ticket_id))
        found: list[Ticket] = []
        vanished: list[str] = []
        for ticket_id, raw in zip(ids, await pipe.execute(), strict=True):
            if not raw:
                vanished.append(ticket_id)
                continue
            ticket = _from_fields(raw)
            if ticket.state == WAITING:
                found.append(ticket)
        if vanished:
            await self.redis.zrem(queue_key(queue), *vanished)
        return found

    async def claim(self, tickets: list[Ticket], now: float) -> bool:
        """All of them from waiting to forming, or none (one script: atomic)."""
        keys = [queue_key(tickets[0].queue), *(ticket_key(t.id) for t in tickets)]
        return bool(await self._claim(keys=keys, args=[now, *(t.id for t in tickets)]))

    async def claim_all(self, groups: list[list[Ticket]], now: float) -> list[bool]:
        """Every group's claim script in one pipelined round trip (each script is atomic on
        its own, so each group is still all or none)."""
        if not groups:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for tickets in groups:
            keys = [queue_key(tickets[0].queue), *(ticket_key(t.id) for t in tickets)]
            await self._claim(keys=keys, args=[now, *(t.id for t in tickets)], client=pipe)
        return [bool(done) for done in await pipe.execute()]

    async def seat(self, ticket: Ticket, table_id: str, seat: int, token: str) -> None:
        """Record where the player sits."""
        args: list[str | float] = [
            table_id,
            seat,
            token,
            int(ticket.computer),
            SETTLED_TTL,
            time.time(),
        ]
        await self._seat(keys=[ticket_key(ticket.id)], args=args)

    async def unclaim(self, tickets: list[Ticket]) -> None:
        """Back to waiting, in their old place."""
        for t in tickets:
            await self._unclaim(keys=[ticket_key(t.id), queue_key(t.queue)], args=[t.id, t.since])

    async def hand_out(self, groups: list[list[Ticket]]) -> None:
        """Onto the shared list, so every node opens its share of the tables."""
        if groups:
            lines = [" ".join(t.id for t in group) for group in groups]
            await self.redis.rpush(GROUPS_KEY, *lines)

    async def next_groups(self, timeout: float) -> list[list[Ticket]]:
        """BLPOP a group, LPOP a batch more, and read their tickets in one round trip; a
        group one of whose tickets went away meanwhile is dropped, its others put back."""
        popped = await self.redis.blpop([GROUPS_KEY], timeout=timeout)
        if popped is None:
            return []
        raw = [popped[1], *(await self.redis.lpop(GROUPS_KEY, GROUPS_PER_TAKE) or [])]
        lines = [(r.decode() if isinstance(r, bytes) else str(r)).split() for r in raw]
        pipe = self.redis.pipeline(transaction=False)
        for ids in lines:
            for ticket_id in ids:
                pipe.hgetall(ticket_key(ticket_id))
        found = iter(await pipe.execute())
        taken: list[list[Ticket]] = []
        for ids in lines:
            read = [next(found) for _ in ids]
            tickets = [_from_fields(r) for r in read if r]
            forming = [t for t in tickets if t.state == FORMING]
            if len(forming) == len(ids):
                taken.append(forming)
            else:
                await self.unclaim(forming)  # one of them went away: the others wait again
        return taken

    async def lock(self, holder: str, seconds: float) -> bool:
        """SET NX PX: the pass is this node's until it unlocks or the time runs out."""
        return bool(await self.redis.set(LOCK_KEY, holder, nx=True, px=int(seconds * 1000)))

    async def unlock(self, holder: str) -> None:
        """Delete the lock if this holder still has it."""
        await self._unlock(keys=[LOCK_KEY], args=[holder])

    async def close(self) -> None:
        """The connection is the nodes' own: nothing to close here."""
