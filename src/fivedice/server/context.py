"""Everything a running server holds, built at startup and torn down at shutdown."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from fivedice.rules import Phase
from fivedice.store import Store
from fivedice.store.online import ensure_schema

from .bots import BotRunner, ComputerPlayers
from .hub import Hub
from .metrics import Metrics
from .referee import Referee
from .registry import TableRegistry
from .settings import Settings
from .writer import StoreWriter

log = logging.getLogger("fivedice.server")

HOUSEKEEPING_SECONDS = 30.0


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
    housekeeping: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, settings: Settings, players: ComputerPlayers) -> ServerContext:
        """Open the store, bring back every unfinished table, and start their clocks."""
        store = await asyncio.to_thread(Store, settings.database_url)
        await asyncio.to_thread(ensure_schema, store)
        metrics = Metrics()
        writer = StoreWriter(store, metrics, settings.inline_commit)
        writer.start()
        hub = Hub(settings, metrics)
        referee = Referee(settings, store, writer, hub, metrics)
        registry = TableRegistry(store, writer, settings.finished_table_ttl)
        bots = BotRunner(referee, players, settings.bot_delay)
        ctx = cls(settings, store, writer, metrics, hub, referee, registry, bots)
        for table in await registry.restore():
            if table.state.phase is Phase.FINISHED:  # stopped between the last move and its result
                await writer.call(store.record_result, table.id, table.state)
                table.finished_at = asyncio.get_running_loop().time()
            referee.clock.schedule(table)
            bots.schedule(table)
        ctx.housekeeping = asyncio.create_task(ctx._housekeep(), name="fivedice-housekeeping")
        log.info(
            "server ready",
            extra={"tables": len(registry.tables), "database": store.describe()},
        )
        return ctx

    async def stop(self) -> None:
        """Graceful shutdown: close sockets, stop clocks and bots, finish every write."""
        if self.housekeeping is not None:
            self.housekeeping.cancel()
        await self.hub.close_all()
        await self.bots.close()
        await self.referee.drain()
        await self.writer.stop()
        await asyncio.to_thread(self.store.close)
        log.info("server stopped")

    async def _housekeep(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(HOUSEKEEPING_SECONDS)
            busy = {t for t in self.registry.tables if self.hub.clients(t)}
            self.registry.evict_finished(loop.time(), busy)

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


def get_context(connection: HTTPConnection) -> ServerContext:
    """The running server's context (a FastAPI dependency for HTTP and WebSocket routes)."""
    ctx: ServerContext = connection.app.state.ctx
    return ctx


Ctx = Annotated[ServerContext, Depends(get_context)]
