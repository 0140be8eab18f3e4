"""One node among several, or alone: which node runs each table, and how a node serves the
clients of tables it does not run.

- **Ownership.** A node runs a table (its match, clock and computer players) only while it
  holds the table's lease (:mod:`.leases`). It takes a table when a client asks for one that
  nobody holds, and its sweep takes tables whose owner has gone (seen without a lease for a
  moment, so that the node the proxy routes the table's players to takes it first). It renews
  its leases every third of a lease time; a table whose lease another node now holds, or whose
  log another writer extended (the store refused our sequence number), is given up at once.
- **Relaying.** A socket for a table owned elsewhere stays where it landed: its frames go to
  the owner's inbox, and the owner sends back what it would have written to the socket
  (:class:`.remote.RemoteClient`). REST calls about a table go to its owner the same way.
- **When a node or the bus fails.** Every attachment between two nodes ends when either is
  gone (its liveness key expired) or the bus may have lost a note: the socket is closed with
  1012, the client reconnects, lands on a live node, and catches up from the log.
- **Noticing a death early.** Each node watches the others' inboxes: a node whose inbox has
  had no subscriber for `GONE_AFTER_SECONDS` died with its connections, and is marked gone at
  once (:meth:`.leases.RedisLeases.mark_gone`) instead of waiting out its leases.

One node alone (no Redis URL) owns every table and never relays: the same code paths, with
:class:`.leases.SoleOwner` and no bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from fivedice.rules import Match, Phase
from fivedice.store.accounts import SeatOwner
from fivedice.store.online import ORIGIN_ONLINE

from .balance import going_home, shed_count, shed_order
from .errors import Forwarded, Refusal, TableUnavailable, UnknownTable, answer
from .hub import CLOSE_SERVICE_RESTART, Client
from .leases import Leases, RedisLeases, SoleOwner
from .listing import Listing, LocalListing, SharedListing
from .loader import TableLoader
from .notes import Note, inbox, listeners
from .registry import possible_table_id
from .remote import RemoteClient
from .table import Table

if TYPE_CHECKING:
    from .bus import BusListener, BusSender
    from .context import ServerContext

log = logging.getLogger("fivedice.server.nodes")

HOUSEKEEPING_SECONDS = 30.0
RELEASE_LOCK_WAIT = 5.0
ADOPT_PER_SWEEP = 200
ADOPT_AT_ONCE = 8  # tables a sweep takes at the same time
# Tables taken over are read from the store together (:mod:`.loader`): up to this many in one
# transaction, and this many such batches at a time, whoever asked.
LOAD_BATCH = 32
LOAD_BATCHES_AT_ONCE = 2
STARTED_ORPHAN_SECONDS = 1.5  # a started table nobody holds is taken by a sweep after this
# Nothing is shed until every live node has answered a health check and this long has passed
# since a node started, died or first answered one: the proxy sends clients to a node that is
# back only after two good health checks a second apart, and a dead node's tables are still
# being taken by the survivors.
SETTLE_SECONDS = 5.0
WAITING_ORPHAN_SECONDS = 10.0  # a table not started yet that nobody holds is taken after this
SHED_MEMORY_SECONDS = 600.0  # a table shed once stays put this long wherever it lands
WATCH_SECONDS = 0.1  # how often a node looks for others whose inbox went silent
GONE_AFTER_SECONDS = 0.5  # silent this long: that node's process is gone


@dataclass
class Relayed:
    """A socket of this node for a table another node owns."""

    client: Client
    owner: str
    table_id: str


class Nodes:
    """This node's part in the cluster (or the whole of a single node)."""

    def __init__(self, ctx: ServerContext, leases: Leases, listing: Listing) -> None:
        self.ctx = ctx
        self.settings = ctx.settings
        self.node = ctx.settings.node
        self.leases = leases
        self.listing = listing
        self.sender: BusSender | None = None
        self.listener: BusListener | None = None
        self.remote: dict[tuple[str, int], RemoteClient] = {}
        self.relayed: dict[int, Relayed] = {}
        self._calls: dict[int, asyncio.Future[Any]] = {}
        self._call_ids = itertools.count(1)
        self._adopting: dict[str, asyncio.Future[Table | None]] = {}
        self._loader = TableLoader(
            ctx.registry.load_many, batch=LOAD_BATCH, batches_at_once=LOAD_BATCHES_AT_ONCE
        )
        # Tables claimed and still loading (renewed with the running ones), and those of them
        # whose lease another node took meanwhile (not started once loaded).
        self._claimed_loading: set[str] = set()
        self._lost_loading: set[str] = set()
        # Held by a renewal from reading the tables to renewing them, and by each release:
        # a renewal in flight would otherwise take again a lease just released.
        self._lease_lock = asyncio.Lock()
        self._locating: dict[str, asyncio.Future[Table | str]] = {}
        # Set (and replaced) each time a node is marked gone: the lookups waiting for that
        # node's tables go on at once instead of at their next look.
        self._someone_gone = asyncio.Event()
        self._shed: dict[str, float] = {}  # table -> when this node last shed it
        # Tables taken from another node that did not hand them over (marked gone, or its
        # lease ran out), and that node: its by hash, so they go home once it is back.
        self._away: dict[str, str] = {}
        # The live nodes' processes (``name incarnation``) at the last sweep, and when they
        # last changed (a node started or died).
        self._processes: set[str] = set()
        self._serving: set[str] = set()  # of those, the ones that answered a health check
        self._processes_changed_at = -math.inf
        self._said_serving = False
        self._orphans_seen: dict[str, float] = {}  # table nobody holds -> since when
        self._sweep_failing = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop_task: asyncio.Task[None] | None = None
        self._watch_task: asyncio.Task[None] | None = None
        self._renew_task: asyncio.Task[None] | None = None
        self._redis: Any = None

    # Starting and stopping ---------------------------------------------------------------

    @classmethod
    async def start(cls, ctx: ServerContext) -> Nodes:
        """Join the cluster (or stand alone), bring back this node's tables, start the loop."""
        settings = ctx.settings
        if settings.redis_url is None:
            nodes = cls(ctx, SoleOwner(settings.node), LocalListing(ctx.registry))
            for table in await ctx.registry.restore():
                await nodes._begin(table)
        else:
            from .bus import BusListener, BusSender, connect  # the cluster extra

            redis = connect(settings.redis_url)
            leases = RedisLeases(redis, settings.node, settings.lease_seconds)
            nodes = cls(ctx, leases, SharedListing(redis, ctx.registry))
            nodes._redis = redis
            nodes.sender = BusSender(redis, nodes._undelivered)
            nodes.sender.start()
            nodes.listener = BusListener(
                settings.redis_url, settings.node, nodes._receive, nodes._reconnected
            )
            await nodes.listener.start()
            await leases.renew(())  # say this node is alive before anyone looks
            ctx.hub.deliver = nodes._deliver
            # Renewing from now: the first sweep may take back many tables (a node started
            # again after a crash), and their leases must not run out meanwhile.
            nodes._renew_task = asyncio.create_task(nodes._renewing(), name="fivedice-renew")
            await nodes._sweep()  # tables nobody holds (a cluster's first start)
            nodes._watch_task = asyncio.create_task(nodes._watch(), name="fivedice-watch")
        ctx.referee.after_change.append(nodes.listing.changed)
        ctx.referee.lost.append(lambda table: nodes._spawn(nodes.give_up(table, release=False)))
        nodes._loop_task = asyncio.create_task(nodes._loop(), name="fivedice-nodes")
        return nodes

    async def detach(self) -> None:
        """Close this node's sockets for tables other nodes own (at shutdown)."""
        clients = [r.client for r in self.relayed.values()]
        self.relayed.clear()
        await asyncio.gather(
            *(c.close(CLOSE_SERVICE_RESTART, "server restart") for c in clients),
            return_exceptions=True,
        )

    async def stop(self) -> None:
        """Leave: stop the loop, release every lease (those who take its tables run them as
        away from their node, until it is back), stop the bus."""
        for loop_task in (self._loop_task, self._watch_task, self._renew_task):
            if loop_task is not None:
                loop_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await loop_task
        for task in list(self._tasks):
            task.cancel()
        await self._loader.stop()
        if self.settings.clustered:
            for table_id in list(self.ctx.registry.tables):
                with contextlib.suppress(Exception):  # its tables come back when it is back
                    await self._release(table_id, returning=True)
        await self.listing.close()
        if self.listener is not None:
            await self.listener.stop()
        if self.sender is not None:
            await self.sender.stop()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    @property
    def redis(self) -> Any:
        """The Redis client the nodes share (None on a single node)."""
        return self._redis

    def health_checked(self) -> None:
        """A health check reached this node (the proxy's, normally): from now on the others
        may send tables its way (:meth:`_rebalance`)."""
        if not self._said_serving and self.settings.clustered:
            self._said_serving = True
            self._spawn(self._say_serving())

    async def _say_serving(self) -> None:
        try:
            await self.leases.mark_serving()
        except Exception as exc:  # Redis away: said again with the next renewal
            log.debug("could not say serving", extra={"error": repr(exc)})

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # Where a table runs ------------------------------------------------------------------

    async def locate(self, table_id: str) -> Table | str:
        """The table, if this node runs it (taking it when nobody does), else its owner's name.

        Waits while the table's owner is gone but its lease has not run out yet."""
        table = self.ctx.registry.tables.get(table_id)
        if table is not None:
            return table
        if not possible_table_id(table_id):
            raise UnknownTable(reason="no_such")
        if not self.settings.clustered:
            table = await self.adopt(table_id)  # the sole owner always wins
            assert table is not None
            return table
        # The players of one table reconnect together: one lookup serves them all.
        pending = self._locating.get(table_id)
        if pending is None:
            pending = asyncio.ensure_future(self._locate(table_id))
            self._locating[table_id] = pending
            pending.add_done_callback(lambda done: self._located(table_id, done))
        try:
            return await asyncio.shield(pending)
        except Exception as exc:
            from redis.exceptions import RedisError  # the cluster extra; only a cluster gets here

            if not isinstance(exc, RedisError | OSError):
                raise
            raise TableUnavailable(reason="unreachable") from exc

    def _located(self, table_id: str, done: asyncio.Future[Table | str]) -> None:
        self._locating.pop(table_id, None)
        if not done.cancelled():
            done.exception()  # retrieved here too: every waiter may have gone

    async def _locate(self, table_id: str) -> Table | str:
        deadline = time.monotonic() + self.settings.lease_seconds + 2.0
        while True:
            owner = (await self.leases.owners([table_id]))[table_id]
            if owner is None:
                adopted = await self.adopt(table_id)
                if adopted is not None:
                    return adopted
            elif owner == self.node:
                table = self.ctx.registry.tables.get(table_id)
                if table is not None:
                    return table
                # Held by this node's previous life (taken over at once), or being taken now.
                adopted = await self.adopt(table_id)
                if adopted is not None:
                    return adopted
            elif owner in await self.leases.alive([owner]) and await self._listening(owner):
                return owner
            # The owner is gone (or not listening yet): wait here, with the socket open,
            # rather than relay into the void and have the client reconnect again and again.
            if time.monotonic() > deadline:
                raise TableUnavailable(reason="moving")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._someone_gone.wait(), 0.2)

    async def _listening(self, node: str) -> bool:
        """Whether `node` reads its inbox now (a node killed, or started again and not yet
        subscribed, does not: a note to it would reach nobody)."""
        if self._redis is None:
            return True
        return listeners(await self._redis.pubsub_numsub(inbox(node)), node) > 0

    async def read(self, table_id: str) -> Table:
        """A table to read from: the live one where this node runs it, else a copy rebuilt
        from its log (what is stored is what anyone may know)."""
        table = self.ctx.registry.tables.get(table_id)
        if table is not None:
            return table
        if not self.settings.clustered or not possible_table_id(table_id):
            where = await self.locate(table_id)
            assert isinstance(where, Table)
            return where
        return await asyncio.to_thread(self.ctx.registry.load, table_id)

    async def adopt(self, table_id: str) -> Table | None:
        """Take a table nobody holds: its lease, then its log. None if another node won.

        A table this node already runs is returned as it is: loading it again would put a
        second copy beside the live one (the sweep can see this node's lease on a table whose
        adoption has just finished)."""
        running = self.ctx.registry.tables.get(table_id)
        if running is not None:
            return running
        pending = self._adopting.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._adopting[table_id] = future
        try:
            table = await self._adopt(table_id)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: waiters get it, nobody else must
            raise
        else:
            future.set_result(table)
            return table
        finally:
            del self._adopting[table_id]

    async def _adopt(self, table_id: str) -> Table | None:
        claimed = await self.leases.claim(table_id)
        if not claimed:
            return None
        self._claimed_loading.add(table_id)
        try:
            table = await self._loader.load(table_id)
        except BaseException:
            with contextlib.suppress(Exception):
                await self._release(table_id)
            raise
        finally:
            self._claimed_loading.discard(table_id)
            lost = table_id in self._lost_loading
            self._lost_loading.discard(table_id)
        if lost:  # another node took it while it loaded
            log.warning("lease lost while loading", extra={"table": table_id})
            return None
        self.ctx.registry.tables[table_id] = table
        if claimed.home is not None:  # taken from a node that did not hand it over
            self._away[table_id] = claimed.home  # that node's: it goes back when it is back
        log.info("table taken", extra={"table": table_id, "node": self.node, "seq": table.seq})
        await self._begin(table)
        return table

    async def _begin(self, table: Table) -> None:
        """Run a table this node has just taken: its result if it ended unrecorded, its
        clock, its computer players, its lobby line."""
        ctx = self.ctx
        if table.set_aside and table.state.phase is not Phase.FINISHED:
            table.set_aside = False  # someone came back to an idle table: it is live again
            with contextlib.suppress(Exception):
                await ctx.writer.call(ctx.store.set_status, table.id, table.state.phase.value)
        if table.state.phase is Phase.FINISHED:
            table.finished_at = asyncio.get_running_loop().time()
            try:
                await ctx.writer.call(ctx.store.record_result, table.id, table.state)
                ctx.referee.finished(table)  # a lost accuracy record is made up here
            except Exception:
                log.exception("could not record a result", extra={"table": table.id})
        ctx.referee.clock.schedule(table)
        ctx.bots.schedule(table)
        self.listing.changed(table)

    async def give_up(self, table: Table, *, release: bool, reason: str = "moved") -> None:
        """Stop running a table: its clock and computer players stop, its clients are closed
        (they reconnect wherever it runs next), and its lease is released if `release`."""
        ctx = self.ctx
        if ctx.registry.tables.get(table.id) is not table:
            return
        locked = False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.lock.acquire(), RELEASE_LOCK_WAIT)
            locked = True
        try:
            if ctx.registry.tables.get(table.id) is not table:
                return
            del ctx.registry.tables[table.id]
            ctx.referee.clock.cancel(table.id)
            ctx.referee.cancel_presence(table.id)
            ctx.bots.cancel(table.id)
            for client in list(ctx.hub.clients(table.id)):
                ctx.hub.remove(client)
                if isinstance(client, RemoteClient):
                    self.remote.pop((client.node or "", client.remote_id), None)
                self._spawn(client.close(CLOSE_SERVICE_RESTART, "table moved: reconnect"))
        finally:
            if locked:
                table.lock.release()
        log.info("table given up", extra={"table": table.id, "reason": reason})
        if release:
            self.listing.forget(table.id)
            with contextlib.suppress(Exception):
                await self._release(table.id)

    # REST calls about a table ------------------------------------------------------------

    async def call(self, table_id: str, op: str, args: dict[str, Any]) -> Any:
        """Run a table operation (:data:`OPERATIONS`) where the table runs; its refusals are
        raised here as they would be there."""
        for attempt in range(2):
            where = await self.locate(table_id)
            if isinstance(where, Table):
                return await OPERATIONS[op](self.ctx, where, args)
            try:
                return await self._call_remote(where, table_id, op, args)
            except Forwarded as exc:
                if exc.code != "table_moved" or attempt:
                    raise
        raise TableUnavailable(reason="moving")

    async def _call_remote(self, node: str, table_id: str, op: str, args: dict[str, Any]) -> Any:
        assert self.sender is not None
        rid = next(self._call_ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[rid] = future
        header = {"t": "call", "rid": rid, "from": self.node, "op": op, "table": table_id}
        self.sender.send(node, Note({**header, "args": args}))
        try:
            return await asyncio.wait_for(future, self.settings.forward_timeout)
        except TimeoutError:
            raise TableUnavailable(reason="no_answer") from None
        finally:
            self._calls.pop(rid, None)

    async def _answer(self, header: dict[str, Any]) -> None:
        assert self.sender is not None
        reply: dict[str, Any] = {"t": "reply", "rid": header.get("rid")}
        table_id = str(header.get("table"))
        taking = self._adopting.get(table_id)
        if taking is not None:  # this node holds the lease and is loading the table: wait
            with contextlib.suppress(Exception):
                await asyncio.shield(taking)
        table = self.ctx.registry.tables.get(table_id)
        op = OPERATIONS.get(str(header.get("op")))
        try:
            if table is None:
                raise Refusal(code="table_moved")
            if op is None:
                raise Refusal(code="unknown_operation")
            reply["result"] = await op(self.ctx, table, dict(header.get("args") or {}))
            reply["ok"] = True
        except Exception as exc:
            told = answer(exc)
            reply.update(
                ok=False,
                status=told.status,
                code=told.code,
                params=told.params,
                message=told.message,
            )
        self.sender.send(str(header.get("from")), Note(reply))

    # Relaying a socket to the owner ------------------------------------------------------

    def relay(self, client: Client, owner: str) -> Callable[[str], None]:
        """Attach a socket of this node to a table another node owns; returns what passes a
        frame on."""
        sender = self.sender
        assert sender is not None
        self.relayed[client.id] = Relayed(client, owner, client.table_id)
        header = orjson.dumps(
            {"t": "frame", "table": client.table_id, "from": self.node, "client": client.id}
        )
        note_header = orjson.loads(header)

        def forward(text: str) -> None:
            sender.send(owner, Note(note_header, text))

        return forward

    def unrelay(self, client: Client) -> None:
        """The socket closed: tell the owner (the seat shows as disconnected)."""
        relayed = self.relayed.pop(client.id, None)
        if relayed is not None and self.sender is not None:
            self.sender.send(
                relayed.owner,
                Note(
                    {"t": "gone", "table": relayed.table_id, "from": self.node, "client": client.id}
                ),
            )

    def _close_relayed(self, clients: Sequence[Relayed], reason: str) -> None:
        for relayed in clients:
            self.relayed.pop(relayed.client.id, None)
            self._spawn(relayed.client.close(CLOSE_SERVICE_RESTART, reason))

    # The owner's side of a relayed socket ------------------------------------------------

    def _deliver(self, node: str, ids: list[int], text: str) -> None:
        if self.sender is not None:
            self.sender.send(node, Note({"t": "deliver", "clients": ids}, text))

    def _close_remote(self, node: str, ids: list[int], code: int, reason: str) -> None:
        if self.sender is not None:
            self.sender.send(
                node, Note({"t": "close", "clients": ids, "code": code, "reason": reason})
            )

    def _frame(self, header: dict[str, Any], text: str | None) -> None:
        node = str(header.get("from"))
        remote_id = int(header.get("client") or 0)
        key = (node, remote_id)
        client = self.remote.get(key)
        taking = self._adopting.get(str(header.get("table")))
        if client is None and taking is not None:
            # This node holds the lease and is loading the table: take the frame once it is in.
            async def later() -> None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(taking)
                self._frame(header, text)

            self._spawn(later())
            return
        if client is None:
            table = self.ctx.registry.tables.get(str(header.get("table")))
            if table is None or text is None or not _is_hello(text):
                # Not ours (any more), or a socket this node has forgotten: reconnect it.
                self._close_remote(node, [remote_id], CLOSE_SERVICE_RESTART, "table moved")
                return
            client = RemoteClient(
                node, remote_id, table.id, self.settings, self._deliver, self._close_remote
            )
            self.remote[key] = client
            self.ctx.hub.add(client)
        client.take(text, self._carry_out_remote)

    async def _carry_out_remote(self, client: RemoteClient, text: str | None) -> None:
        from .frames import carry_out
        from .intents import goodbye

        ctx = self.ctx
        table = ctx.registry.tables.get(client.table_id)
        if text is None:  # the socket closed
            self.remote.pop((client.node or "", client.remote_id), None)
            ctx.hub.remove(client)
            if table is not None:
                goodbye(ctx, table, client)
            return
        if table is None:
            return
        await carry_out(ctx, table, client, text)

    def _gone(self, node: str, remote_id: int) -> None:
        client = self.remote.get((node, remote_id))
        if client is not None:
            client.take(None, self._carry_out_remote)

    # Notes from other nodes --------------------------------------------------------------

    def _receive(self, note: Note) -> None:
        header = note.header
        kind = header.get("t")
        if kind == "frame":
            self._frame(header, note.body)
        elif kind == "deliver":
            for cid in header.get("clients") or ():
                relayed = self.relayed.get(cid)
                if relayed is not None:
                    relayed.client.greeted = True
                    relayed.client.queue_text(note.body)
        elif kind == "close":
            found = [self.relayed[c] for c in header.get("clients") or () if c in self.relayed]
            self._close_relayed(found, str(header.get("reason") or "table moved"))
        elif kind == "gone":
            self._gone(str(header.get("from")), int(header.get("client") or 0))
        elif kind == "call":
            self._spawn(self._answer(header))
        elif kind == "reply":
            future = self._calls.get(int(header.get("rid") or 0))
            if future is not None and not future.done():
                if header.get("ok"):
                    future.set_result(header.get("result"))
                else:
                    future.set_exception(
                        Forwarded(
                            code=str(header.get("code")),
                            params=dict(header.get("params") or {}),
                            message=str(header.get("message")),
                            status=int(header.get("status") or 409),
                        )
                    )

    def _undelivered(self, node: str, notes: Sequence[Note]) -> None:
        """Notes that reached nobody: end whatever waited on them."""
        for note in notes:
            header = note.header
            kind = header.get("t")
            if kind == "frame":  # the owner is not listening: reconnect the socket
                relayed = self.relayed.get(int(header.get("client") or 0))
                if relayed is not None:
                    self._close_relayed([relayed], "table moved")
            elif kind in ("deliver", "close"):  # the socket's node is not listening
                for cid in header.get("clients") or ():
                    self._gone(node, cid)
            elif kind == "call":
                future = self._calls.get(int(header.get("rid") or 0))
                if future is not None and not future.done():
                    future.set_exception(TableUnavailable(reason="server_unreachable"))

    async def _reconnected(self) -> None:
        """The inbox was cut off for a while: notes may be lost, so end every attachment
        between nodes (clients reconnect and catch up from the log), and write the lobby again
        (Redis may have restarted empty)."""
        self._close_relayed(list(self.relayed.values()), "reconnect")
        by_node: dict[str, list[int]] = {}
        for (node, remote_id), _client in list(self.remote.items()):
            by_node.setdefault(node, []).append(remote_id)
            self._gone(node, remote_id)
        for node, ids in by_node.items():
            self._close_remote(node, ids, CLOSE_SERVICE_RESTART, "reconnect")
        if isinstance(self.listing, SharedListing):
            self.listing.rewrite_all()

    # The loop ----------------------------------------------------------------------------

    async def _loop(self) -> None:
        """The sweep once a second (clustered) and the housekeeping. A sweep may take
        seconds (tables to load, tables to hand over), so the leases are renewed by a task of
        their own (:meth:`_renewing`), never behind it."""
        settings = self.settings
        every = min(
            HOUSEKEEPING_SECONDS,
            settings.idle_table_ttl / 2,
            settings.finished_table_ttl / 2,
            settings.waiting_table_ttl / 2,
        )
        # Clustered: a sweep a second, or a third of a lease time if that is longer.
        interval = max(1.0, settings.lease_seconds / 3) if settings.clustered else min(5.0, every)
        interval = max(interval, 0.1)
        housekeep_every = max(1, round(every / interval))
        for tick in itertools.count(1):
            await asyncio.sleep(interval)
            try:
                if settings.clustered:
                    await self._sweep_quietly()
                if tick % housekeep_every == 0:
                    await self._housekeep()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster upkeep failed", extra={"error": repr(exc)})

    async def _renewing(self) -> None:
        """Renew this node's leases every third of a lease time, and end attachments to nodes
        that are gone. Alone in its task: nothing else the node does can delay a renewal
        until the leases run out (a sweep taking over a dead node's tables did, under load)."""
        interval = max(self.settings.lease_seconds / 3, 0.1)
        while True:
            await asyncio.sleep(interval)
            try:
                await self._renew()
                await self._check_nodes()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lease renewal failed", extra={"error": repr(exc)})

    async def _renew(self) -> None:
        registry = self.ctx.registry
        listening = self.listener is None or self.listener.connected.is_set()
        async with self._lease_lock:
            # Tables claimed and still loading are renewed too: a load may wait its turn.
            held = [*registry.tables, *self._claimed_loading]
            lost = await self.leases.renew(held, listening=listening)
        for table_id in lost:
            table = registry.tables.get(table_id)
            if table is not None:
                log.warning("lease lost", extra={"table": table_id})
                # Given up beside the renewal: a give-up may wait seconds for the table.
                self._spawn(self.give_up(table, release=False, reason="lease lost"))
            elif table_id in self._claimed_loading:
                self._lost_loading.add(table_id)

    async def _release(self, table_id: str, *, returning: bool = False) -> None:
        """Give a lease up, never while a renewal is in flight (it would take it again)."""
        async with self._lease_lock:
            await self.leases.release(table_id, returning=returning)

    async def _watch(self) -> None:
        """Mark gone the nodes whose inbox has been silent for `GONE_AFTER_SECONDS` (their
        process died), so that their tables are taken over before their leases run out."""
        silent_since: dict[str, tuple[str, float]] = {}
        names: set[str] = set()
        listed_at = -1.0
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                now = time.monotonic()
                if now - listed_at >= 1.0:  # the nodes there are (a SCAN): once a second
                    names = await self.leases.live_nodes()
                    listed_at = now
                silent = await self.leases.silent(names)
                silent_since = {
                    name: seen for name, seen in silent_since.items() if silent.get(name) == seen[0]
                }
                for name, incarnation in silent.items():
                    since = silent_since.setdefault(name, (incarnation, now))[1]
                    if now - since < GONE_AFTER_SECONDS:
                        continue
                    del silent_since[name]
                    marked = await self.leases.mark_gone(name, incarnation)
                    self._wake_lookups()  # marked here or by another node: its leases are free
                    if marked:
                        log.warning("node gone", extra={"node": name})
                        names.discard(name)
                        await self._check_nodes()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.debug("watch failed", extra={"error": repr(exc)})

    def _wake_lookups(self) -> None:
        """Let every lookup waiting for a dead owner's table look again now."""
        self._someone_gone.set()
        self._someone_gone = asyncio.Event()

    async def _check_nodes(self) -> None:
        """End attachments to nodes that are gone."""
        nodes = {r.owner for r in self.relayed.values()} | {n for n, _ in self.remote}
        if not nodes:
            return
        alive = await self.leases.alive(nodes)
        dead = nodes - alive
        if not dead:
            return
        log.warning("nodes gone", extra={"nodes": sorted(dead)})
        self._close_relayed([r for r in self.relayed.values() if r.owner in dead], "server gone")
        for node, remote_id in [k for k in self.remote if k[0] in dead]:
            self._gone(node, remote_id)

    async def _sweep_quietly(self) -> None:
        """A sweep whose failure (the database is away) is logged once, not every second."""
        try:
            await self._sweep()
        except Exception as exc:
            if not self._sweep_failing:
                log.warning("sweep failed; retrying", extra={"error": repr(exc)})
            self._sweep_failing = True
        else:
            self._sweep_failing = False

    async def _sweep(self) -> None:
        """Take the tables nobody holds (a started one seen so for `STARTED_ORPHAN_SECONDS`,
        one not started yet after `WAITING_ORPHAN_SECONDS`), and at once those still held by
        this node's previous life (it crashed and was started again)."""
        registry = self.ctx.registry
        statuses = await asyncio.to_thread(self.ctx.store.unfinished_statuses, ORIGIN_ONLINE)
        ids = list(statuses)
        candidates = [t for t in ids if t not in registry.tables]
        owners = await self.leases.owners(candidates)
        orphans = {t for t, owner in owners.items() if owner is None}
        now = time.monotonic()
        self._orphans_seen = {t: self._orphans_seen.get(t, now) for t in orphans}

        def due(table_id: str) -> bool:
            # Players reconnecting through the proxy take a table at its node by hash; taken
            # by a sweep, it lands at random and they are relayed. So a started table (a
            # clock or computers to run) waits a moment for them, and one not started (no
            # clock, no computer) waits for its first player unless nobody comes for a while.
            waiting = statuses[table_id] == "waiting"
            wait = WAITING_ORPHAN_SECONDS if waiting else STARTED_ORPHAN_SECONDS
            return now - self._orphans_seen[table_id] >= wait

        # A table this node shed is left to the others (they are alive, or it was not shed).
        ready = [t for t in orphans if t not in self._shed and due(t)]
        for table_id in ready:
            del self._orphans_seen[table_id]
        random.shuffle(ready)
        mine_before = [t for t, owner in owners.items() if owner == self.node]
        ready = mine_before + ready
        gate = asyncio.Semaphore(ADOPT_AT_ONCE)

        async def take(table_id: str) -> None:
            async with gate:
                try:
                    await self.adopt(table_id)
                except Exception:
                    log.exception("could not take a table", extra={"table": table_id})

        await asyncio.gather(*(take(t) for t in ready[:ADOPT_PER_SWEEP]))
        counts = Counter(owner for owner in owners.values() if owner is not None)
        await self._rebalance(counts)

    async def _rebalance(self, counts: Counter[str]) -> None:
        """Shed some tables: those taken over from a node that died, once it is back, or a
        few of any when this node runs far more than its share and another far less
        (:mod:`.balance`).

        A shed table's clients are told to reconnect and its lease is released: the proxy
        sends them to the table's node by hash, which takes it. A table shed once is not shed
        again for `SHED_MEMORY_SECONDS`, so one that the proxy sends back here stays."""
        running = [t for t in self.ctx.registry.tables.values() if t.finished_at is None]
        running_ids = {t.id for t in running}
        self._away = {t: home for t, home in self._away.items() if t in running_ids}
        live = await self.leases.live_nodes()
        processes = set((await self.leases.incarnations(live)).values())
        serving = await self.leases.serving(processes)
        now = time.monotonic()
        if processes != self._processes or serving != self._serving:
            self._processes, self._serving, self._processes_changed_at = processes, serving, now
        if serving != processes or now - self._processes_changed_at < SETTLE_SECONDS:
            log.debug("rebalancing waits", extra={"processes": sorted(processes)})
            return  # a node just started or died: wait until the proxy knows, and tables settle
        self._shed = {t: at for t, at in self._shed.items() if now - at < SHED_MEMORY_SECONDS}
        movable = [t for t in running if t.id not in self._shed and not t.lock.locked()]
        homeward = going_home(self._away, self.node, live)
        homebound = [t for t in movable if t.id in homeward]
        count = shed_count(self.node, len(running), len(homebound), counts, live)
        if count > 0:
            log.info(
                "shedding tables",
                extra={"count": count, "going_home": len(homebound), "running": len(running)},
            )
        for table in shed_order(movable, homebound, count):
            self._shed[table.id] = now
            self._away.pop(table.id, None)
            await self.give_up(table, release=True, reason="rebalanced")

    async def _housekeep(self) -> None:
        """Let go of finished tables nobody watches, and set aside tables left idle."""
        ctx = self.ctx
        loop_now = asyncio.get_running_loop().time()
        now = time.time()
        for table in list(ctx.registry.tables.values()):
            if ctx.hub.clients(table.id) or table.lock.locked():
                continue
            if table.finished_at is not None:
                if loop_now - table.finished_at > self.settings.finished_table_ttl:
                    await self.give_up(table, release=True, reason="finished")
            elif self._left_idle(table, now):
                try:
                    await ctx.writer.call(ctx.store.set_status, table.id, "idle")
                except Exception:
                    log.exception("could not set a table aside", extra={"table": table.id})
                    continue
                await self.give_up(table, release=True, reason="idle")

    def _left_idle(self, table: Table, now: float) -> bool:
        """Whether an unfinished table nobody is at should leave memory: one not started
        after `waiting_table_ttl` without anyone there, any other after `idle_table_ttl`
        without an event."""
        if table.state.phase is Phase.WAITING:
            quiet_since = max(table.last_event_at, table.last_presence_at)
            return now - quiet_since > self.settings.waiting_table_ttl
        return now - table.last_event_at > self.settings.idle_table_ttl


def _is_hello(text: str) -> bool:
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return isinstance(data, dict) and data.get("type") == "hello"


# Operations a REST route runs on the table's owner ------------------------------------------


async def _view(ctx: ServerContext, table: Table, args: dict[str, Any]) -> dict[str, Any]:
    from .views import table_view

    settings = ctx.settings
    return table_view(
        table, settings.chat_lines_shown, spectators_listed=settings.spectators_listed
    )


async def _seat(ctx: ServerContext, table: Table, args: dict[str, Any]) -> dict[str, Any]:
    from .lobby import join_seat

    held = args.get("owner")
    owner = SeatOwner(**held) if isinstance(held, dict) else None
    seat, token = await join_seat(ctx, table, str(args.get("name")), owner)
    return {"seat": seat, "token": token}


async def _resume(ctx: ServerContext, table: Table, args: dict[str, Any]) -> dict[str, Any]:
    from .lobby import resume_seat

    seat, token = await resume_seat(ctx, table, int(args["account_id"]))
    return {"seat": seat, "token": token}


async def _account_changed(
    ctx: ServerContext, table: Table, args: dict[str, Any]
) -> dict[str, Any]:
    """An account holding a seat here was claimed or deleted: its seats show the change."""
    ctx.referee.rename_owner(table, int(args["account_id"]), str(args["name"]), str(args["kind"]))
    return {}


async def _bot(ctx: ServerContext, table: Table, args: dict[str, Any]) -> dict[str, Any]:
    from .lobby import add_bot

    host = table.seat_for(args.get("token"))
    name = args.get("name")
    seat = await add_bot(ctx, table, host, str(args.get("level")), str(name) if name else None)
    return {"seat": seat}


async def _hint(ctx: ServerContext, table: Table, args: dict[str, Any]) -> dict[str, Any]:
    """Count a hint shown to the active player (asked with their token); another seat's
    token, or a turn already over, counts nothing."""
    seat = table.seat_for(args.get("token"))

    def count(match: Match) -> None:
        if match.state.active_seat == seat:
            match.show_hint(seat)

    await ctx.referee.perform(table, count)
    return {}


Operation = Callable[["ServerContext", Table, dict[str, Any]], Awaitable[Any]]
OPERATIONS: dict[str, Operation] = {
    "view": _view,
    "seat": _seat,
    "bot": _bot,
    "hint": _hint,
    "resume": _resume,
    "account_changed": _account_changed,
}
