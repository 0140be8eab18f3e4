"""The lobby's list of open tables, the same on every node.

One node lists the tables it holds. Several nodes each write the lines of the tables they own
into one Redis hash (only when a line changes, a few times a second at most, and all of them
again after Redis comes back), and read the whole hash to answer the lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any, Protocol

import orjson

from fivedice.rules import Phase

from .notes import PREFIX
from .registry import TableRegistry
from .table import Table
from .views import lobby_entry

if TYPE_CHECKING:
    import redis.asyncio as aioredis

log = logging.getLogger("fivedice.server.listing")

LOBBY_KEY = f"{PREFIX}lobby"
FLUSH_SECONDS = 0.2


def shown(table: Table) -> bool:
    """Whether a table belongs in the lobby: listed and not finished."""
    return table.listed and table.state.phase is not Phase.FINISHED


class Listing(Protocol):
    """Where the lobby's lines come from."""

    def changed(self, table: Table) -> None:
        """The table's line may have changed (or it left the lobby)."""
        ...

    def forget(self, table_id: str) -> None:
        """The table is no longer this node's to list."""
        ...

    async def entries(self) -> list[dict[str, Any]]:
        """Every open listed table's line, oldest first."""
        ...

    async def close(self) -> None:
        """Stop writing."""
        ...


class LocalListing:
    """One node: the tables in memory are all the tables."""

    def __init__(self, registry: TableRegistry) -> None:
        self.registry = registry

    def changed(self, table: Table) -> None:
        """Nothing to write: the lobby reads the tables themselves."""

    def forget(self, table_id: str) -> None:
        """Nothing to write."""

    async def entries(self) -> list[dict[str, Any]]:
        """The tables in memory that are listed and open."""
        return [lobby_entry(t) for t in self.registry.tables.values() if shown(t)]

    async def close(self) -> None:
        """Nothing to stop."""


class SharedListing:
    """Several nodes: one Redis hash, table id to its line, written by each table's owner."""

    def __init__(self, redis: aioredis.Redis, registry: TableRegistry) -> None:
        self.redis = redis
        self.registry = registry
        self._written: dict[str, bytes] = {}
        self._dirty: dict[str, bytes | None] = {}
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._run(), name="fivedice-listing")

    def changed(self, table: Table) -> None:
        """Queue the table's line if it differs from the one written."""
        if not shown(table):
            if table.id in self._written or table.id in self._dirty:
                self._dirty[table.id] = None
                self._wake.set()
            return
        line = orjson.dumps(lobby_entry(table))
        if self._written.get(table.id) != line:
            self._dirty[table.id] = line
            self._wake.set()

    def forget(self, table_id: str) -> None:
        """Remove the line (the table finished, or was set aside)."""
        self._dirty[table_id] = None
        self._wake.set()

    def rewrite_all(self) -> None:
        """Write every owned table's line again (Redis came back empty)."""
        self._written.clear()
        for table in list(self.registry.tables.values()):
            self.changed(table)

    async def entries(self) -> list[dict[str, Any]]:
        """Every node's lines, oldest table first."""
        raw = await self.redis.hgetall(LOBBY_KEY)
        lines = [orjson.loads(v) for v in raw.values()]
        return sorted(lines, key=lambda e: e.get("opened_at") or 0)

    async def _run(self) -> None:
        from redis.exceptions import RedisError  # the cluster extra; only a cluster gets here

        while True:
            await self._wake.wait()
            await asyncio.sleep(FLUSH_SECONDS)  # gather a few changes into one round trip
            self._wake.clear()
            dirty, self._dirty = self._dirty, {}
            try:
                pipe = self.redis.pipeline(transaction=False)
                for table_id, line in dirty.items():
                    if line is None:
                        pipe.hdel(LOBBY_KEY, table_id)
                    else:
                        pipe.hset(LOBBY_KEY, table_id, line)
                await pipe.execute()
            except (RedisError, OSError) as exc:
                log.warning("lobby not written", extra={"error": repr(exc)})
                for table_id, line in dirty.items():  # try again with the next change
                    self._dirty.setdefault(table_id, line)
                await asyncio.sleep(1.0)
                self._wake.set()
                continue
            for table_id, line in dirty.items():
                if line is None:
                    self._written.pop(table_id, None)
                else:
                    self._written[table_id] = line

    async def close(self) -> None:
        """Stop the writing task."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
