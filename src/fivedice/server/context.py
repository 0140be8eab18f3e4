"""Everything a running server holds, built at startup and torn down at shutdown."""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from fivedice.rules import Phase
from fivedice.store import Store
from fivedice.store.accounts import drop_expired_sessions
from fivedice.store.online import ensure_schema

from .accuracy import AccuracyKeeper
from .bots import BotRunner, ComputerPlayers
from .daily import DailyChallenge
from .errors import RateLimited
from .hub import Hub
from .idempotency import IdempotentReplies
from .loopwatch import LoopWatch
from .metrics import Metrics
from .nodes import Nodes
from .quickmatch import QuickMatch
from .ratelimit import AddressLimiter, ConnectionCounter, Network, parse_networks
from .referee import Referee
from .registry import TableRegistry
from .settings import Settings
from .writer import StoreWriter

log = logging.getLogger("fivedice.server")


@dataclass
class Limits:
    """What one client address may do on this node: open tables, guest accounts and
    quick-match tickets, fail to sign in (a token bucket per address each, for a bounded
    number of addresses) and hold play sockets (a count per address)."""

    tables: AddressLimiter
    sockets: ConnectionCounter
    proxies: tuple[Network, ...]
    guests: AddressLimiter  # new guest accounts per address
    sign_ins: AddressLimiter  # failed sign-ins per address
    quick_matches: AddressLimiter  # quick-match tickets and computer tables per address

    @classmethod
    def from_settings(cls, settings: Settings) -> Limits:
        """The limits the settings ask for."""
        return cls(
            AddressLimiter(
                settings.tables_per_minute / 60.0, settings.table_burst, settings.addresses_tracked
            ),
            ConnectionCounter(settings.sockets_per_address),
            parse_networks(settings.trusted_proxies),
            AddressLimiter(
                settings.guests_per_minute / 60.0, settings.guest_burst, settings.addresses_tracked
            ),
            AddressLimiter(
                settings.address_sign_in_failures / max(settings.sign_in_window, 1.0),
                settings.address_sign_in_failures,
                settings.addresses_tracked,
            ),
            AddressLimiter(
                settings.quick_matches_per_minute / 60.0,
                settings.quick_match_burst,
                settings.addresses_tracked,
            ),
        )


@dataclass
class ServerContext:
    """The server's parts, shared by every route."""

    settings: Settings
    store: Store
    writer: StoreWriter
    metrics: Metrics
    hub: Hub
    referee: Referee
    registry: TableRegistry
    bots: BotRunner
    nodes: Nodes = field(init=False)
    quick: QuickMatch = field(init=False)
    limits: Limits = field(init=False)
    accuracy: AccuracyKeeper = field(init=False)
    daily: DailyChallenge = field(init=False)
    creates: IdempotentReplies = field(default_factory=IdempotentReplies)
    loop_watch: LoopWatch = field(init=False)

    @classmethod
    async def start(cls, settings: Settings, players: ComputerPlayers) -> ServerContext:
        """Open the store, join the cluster (or stand alone) and take this node's tables."""
        problem = settings.problem()
        if problem is not None:
            raise ValueError(problem)
        store = await asyncio.to_thread(Store, settings.database_url)
        await asyncio.to_thread(ensure_schema, store)
        await asyncio.to_thread(drop_expired_sessions, store)  # a live one is never touched
        metrics = Metrics()
        writer = StoreWriter(store, metrics, settings.inline_commit)
        writer.start()
        hub = Hub(settings, metrics)
        referee = Referee(settings, store, writer, hub, metrics)
        registry = TableRegistry(store, writer, keep_created=not settings.clustered)
        bots = BotRunner(referee, players, settings.bot_delay, settings.undo_grace)
        ctx = cls(settings, store, writer, metrics, hub, referee, registry, bots)
        ctx.loop_watch = LoopWatch(metrics.loop_lag)
        ctx.limits = Limits.from_settings(settings)
        ctx.accuracy = AccuracyKeeper(store)
        referee.after_finish.append(ctx.accuracy.finished)
        ctx.daily = DailyChallenge(ctx)
        referee.after_finish.append(ctx.daily.finished)
        ctx.nodes = await Nodes.start(ctx)
        ctx.quick = QuickMatch.start(ctx, ctx.nodes.redis)
        log.info(
            "server ready",
            extra={
                "node": settings.node,
                "tables": len(registry.tables),
                "database": store.describe(),
                "redis": settings.redis_url is not None,
            },
        )
        ctx.loop_watch.start()
        return ctx

    async def stop(self) -> None:
        """Graceful shutdown: close sockets, stop clocks and bots, finish every write, leave
        the cluster (releasing this node's tables, so others take them at once)."""
        await self.quick.stop()
        await self.nodes.detach()
        await self.hub.close_all()
        await self.bots.close()
        await self.referee.drain()
        await self.accuracy.close()
        await self.daily.close()
        await self.writer.stop()
        await self.nodes.stop()
        await self.loop_watch.stop()
        await asyncio.to_thread(self.store.close)
        log.info("server stopped")

    def take_table_token(self, address: str) -> None:
        """Opening a table (from the lobby or as a daily attempt) costs one of `address`'s
        new-table tokens; without one it is refused (``rate_limited``, with the wait)."""
        wait = self.limits.tables.take(address)
        if wait:
            self.metrics.errors.labels("rate_limited").inc()
            raise RateLimited(reason="tables", seconds=math.ceil(wait), retry_after=wait)

    def refresh_gauges(self) -> None:
        """Bring the table and connection gauges up to date (before a scrape)."""
        counts = dict.fromkeys(Phase, 0)
        for table in self.registry.tables.values():
            counts[table.state.phase] += 1
        for phase, n in counts.items():
            self.metrics.tables.labels(phase.value).set(n)
        players = spectators = 0
        for table_id in list(self.registry.tables):
            for client in self.hub.clients(table_id):
                if client.seat is None:
                    spectators += 1
                else:
                    players += 1
        self.metrics.connections.labels("player").set(players)
        self.metrics.connections.labels("spectator").set(spectators)


async def get_context(connection: HTTPConnection) -> ServerContext:
    """The running server's context (a FastAPI dependency for HTTP and WebSocket routes).
    A coroutine, so FastAPI calls it in place: a plain function would cost every request and
    every socket a hop through the thread pool."""
    ctx: ServerContext = connection.app.state.ctx
    return ctx


Ctx = Annotated[ServerContext, Depends(get_context)]
