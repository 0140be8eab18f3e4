"""Connections: each client's socket, its outgoing queue, and broadcasting to a table.

A broadcast serialises a message once and queues the same text for every client of the table,
without awaiting, so updates reach every client in commit order. Each client has its own
sender task; a client that falls too far behind is dropped (it reconnects and catches up from
its last sequence number) instead of slowing the table down.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from .metrics import Metrics
from .protocol import server_message_adapter
from .ratelimit import TokenBucket
from .settings import Settings
from .views import dumps

log = logging.getLogger("fivedice.server.hub")

_ids = itertools.count(1)

CLOSE_GOING_AWAY = 1001
CLOSE_SERVICE_RESTART = 1012
CLOSE_TRY_AGAIN_LATER = 1013


class Client:
    """One socket: who it speaks for, its send queue, and its rate limits."""

    def __init__(self, websocket: WebSocket, table_id: str, settings: Settings) -> None:
        self.id = next(_ids)
        self.websocket = websocket
        self.table_id = table_id
        self.seat: int | None = None
        self.spectator_name: str | None = None
        self.greeted = False
        self.messages = TokenBucket(settings.messages_per_second, settings.message_burst)
        self.chat = TokenBucket(settings.chat_per_second, settings.chat_burst)
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._limit = settings.send_queue_limit
        self._sender: asyncio.Task[None] | None = None
        self.dropped = False

    def start(self) -> None:
        """Start sending queued messages."""
        self._sender = asyncio.create_task(self._send_loop(), name=f"fivedice-send-{self.id}")

    def queue_text(self, text: str) -> bool:
        """Queue a message; False (and the client is being dropped) when it is too far behind."""
        if self.dropped:
            return False
        if self._queue.qsize() >= self._limit:
            self.dropped = True
            self._queue.put_nowait(None)
            return False
        self._queue.put_nowait(text)
        return True

    async def _send_loop(self) -> None:
        ws = self.websocket
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    break
                await ws.send_text(text)
        except Exception:  # the peer went away mid-send: the receive side will notice
            return
        if self.dropped:
            with contextlib.suppress(Exception):
                await ws.close(CLOSE_TRY_AGAIN_LATER, "Too far behind: reconnect and catch up")

    async def finish(self) -> None:
        """Send what is queued, then stop the sender."""
        if self._sender is None:
            return
        if not self._sender.done():
            self._queue.put_nowait(None)
            try:
                await asyncio.wait_for(self._sender, timeout=2.0)
            except (TimeoutError, asyncio.CancelledError):
                self._sender.cancel()

    async def close(self, code: int, reason: str = "") -> None:
        """Close the socket (used at shutdown)."""
        if self.websocket.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await self.websocket.close(code, reason)


class Hub:
    """Every connected client, by table."""

    def __init__(self, settings: Settings, metrics: Metrics) -> None:
        self.settings = settings
        self.metrics = metrics
        self._tables: dict[str, set[Client]] = {}

    def add(self, client: Client) -> None:
        """Register a client for its table's broadcasts."""
        self._tables.setdefault(client.table_id, set()).add(client)

    def remove(self, client: Client) -> None:
        """Forget a client."""
        clients = self._tables.get(client.table_id)
        if clients is not None:
            clients.discard(client)
            if not clients:
                del self._tables[client.table_id]

    def clients(self, table_id: str) -> set[Client]:
        """The clients of a table."""
        return self._tables.get(table_id, set())

    def count(self) -> int:
        """How many clients are connected."""
        return sum(len(c) for c in self._tables.values())

    def encode(self, payload: dict[str, Any]) -> str:
        """A server message as text, checked against the protocol when so configured."""
        if self.settings.validate_outgoing:
            server_message_adapter.validate_python(payload)
        return dumps(payload)

    def send(self, client: Client, payload: dict[str, Any]) -> None:
        """Queue a message for one client."""
        if not client.queue_text(self.encode(payload)):
            self.metrics.dropped_clients.inc()

    def broadcast(self, table_id: str, text: str, exclude: Client | None = None) -> None:
        """Queue one message (JSON text) for every greeted client of a table."""
        clients = self._tables.get(table_id)
        if not clients:
            return
        if self.settings.validate_outgoing:
            server_message_adapter.validate_json(text)
        for client in clients:
            if client is exclude or not client.greeted:
                continue
            if not client.queue_text(text):
                self.metrics.dropped_clients.inc()

    async def close_all(self, code: int = CLOSE_SERVICE_RESTART, reason: str = "") -> None:
        """Close every socket (graceful shutdown): clients reconnect to the next server."""
        clients = [c for cs in self._tables.values() for c in cs]
        for client in clients:
            await client.finish()
        await asyncio.gather(*(c.close(code, reason) for c in clients), return_exceptions=True)
        if clients:
            log.info("closed client sockets", extra={"clients": len(clients)})
