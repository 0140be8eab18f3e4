"""Connections: each client's socket, its outgoing queue, and broadcasting to a table.

A broadcast serialises a message once and writes the same text to every client of the table,
without awaiting, so updates reach every client in commit order. A client whose socket cannot
take more right now gets a sender task and a backlog; a client that falls too far behind is
dropped (it reconnects and catches up from its last sequence number) instead of slowing the
table down.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import types
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from .metrics import Metrics
from .protocol import server_message_adapter
from .ratelimit import TokenBucket
from .settings import Settings
from .views import dumps

log = logging.getLogger("fivedice.server.hub")

_ids = itertools.count(1)


def next_client_id() -> int:
    """A fresh id for a client of this node (sockets and remote clients share the numbering)."""
    return next(_ids)


CLOSE_GOING_AWAY = 1001
CLOSE_SERVICE_RESTART = 1012
CLOSE_TRY_AGAIN_LATER = 1013


@types.coroutine
def _resume(coro: Coroutine[Any, Any, Any], yielded: Any) -> Generator[Any, Any, Any]:
    """Go on with a coroutine that was started by hand (``coro.send(None)``) and yielded
    `yielded`: the awaiting task waits on what it waits on, as ``await coro`` would."""
    while True:
        try:
            sent = yield yielded
        except GeneratorExit:
            coro.close()
            raise
        except BaseException as exc:
            try:
                yielded = coro.throw(exc)
            except StopIteration as stop:
                return stop.value
        else:
            try:
                yielded = coro.send(sent)
            except StopIteration as stop:
                return stop.value


SEND_KEY = "fivedice.asgi_send"


class KeepSocketSend:
    """ASGI middleware: keeps a WebSocket's ``send`` as the server gave it in the scope, so the
    hot path writes frames with one call instead of through Starlette's wrappers (which add
    nothing to a text frame on an open socket)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            scope[SEND_KEY] = send
        await self.app(scope, receive, send)


def socket_send(websocket: WebSocket) -> Callable[[dict[str, Any]], Awaitable[None]]:
    """The fastest ASGI ``send`` for a socket: the server's own when kept, else Starlette's."""
    send = websocket.scope.get(SEND_KEY)
    return send if send is not None else websocket.send


def send_eager(
    send: Callable[[dict[str, Any]], Awaitable[None]], text: str
) -> Awaitable[None] | None:
    """Send a text frame now, on the caller's stack: None once written, or what to await when
    the send has to wait (the transport's buffer is full).

    Under uvicorn a send does not suspend while the peer keeps up, so running it in place saves
    a task switch per frame; a suspended send goes on from where it stopped when awaited.
    Raises what the send raises (the peer is gone)."""
    coro = send({"type": "websocket.send", "text": text})
    try:
        yielded = coro.send(None)  # type: ignore[attr-defined]
    except StopIteration:
        return None
    return _resume(coro, yielded)  # type: ignore[arg-type]


class Client:
    """One socket: who it speaks for, its pending messages, and its rate limits.

    A message is written at once when nothing is waiting before it (the common case: no task
    switch, no queue); when the socket's buffer is full, later messages wait in order in a
    backlog that a sender task writes out, and a client too far behind is dropped."""

    node: str | None = None  # the node that holds the socket, when it is not this one
    remote_id: int = 0  # the client's id on that node

    def __init__(self, websocket: WebSocket, table_id: str, settings: Settings) -> None:
        self.id = next_client_id()
        self.websocket = websocket
        self.table_id = table_id
        self.seat: int | None = None
        self.also_seats: tuple[int, ...] = ()  # more seats it speaks for (one screen, several)
        self.spectator_name: str | None = None
        self.greeted = False
        self.messages = TokenBucket(settings.messages_per_second, settings.message_burst)
        self.chat = TokenBucket(settings.chat_per_second, settings.chat_burst)
        self._backlog: deque[str | None] = deque()
        self._limit = settings.send_queue_limit
        self._sender: asyncio.Task[None] | None = None
        self._broken = False  # a send failed: the peer is gone, the receive side will notice
        self._send = socket_send(websocket)
        self.dropped = False

    def start(self) -> None:
        """Ready to send (kept for symmetry: the sender task starts only when needed)."""

    def queue_text(self, text: str) -> bool:
        """Send or queue a message; False when this message finds it too far behind (the
        client is being dropped: counted once, later messages are discarded)."""
        if self.dropped:
            return True
        if self._sender is not None:  # a send is waiting: keep the order
            if len(self._backlog) >= self._limit:
                self.dropped = True
                self._backlog.append(None)
                return False
            self._backlog.append(text)
            return True
        if self._broken:
            return True
        try:
            waiting = send_eager(self._send, text)
        except Exception:
            self._broken = True
            return True
        if waiting is not None:
            self._sender = asyncio.get_running_loop().create_task(
                self._send_rest(waiting), name=f"fivedice-send-{self.id}"
            )
        return True

    async def _send_rest(self, waiting: Awaitable[None]) -> None:
        ws = self.websocket
        try:
            await waiting
            while self._backlog:
                text = self._backlog.popleft()
                if text is None:
                    break
                await self._send({"type": "websocket.send", "text": text})
        except Exception:  # the peer went away mid-send: the receive side will notice
            self._broken = True
            self._backlog.clear()
            return
        finally:
            self._sender = None
        if self.dropped:
            with contextlib.suppress(Exception):
                await ws.close(CLOSE_TRY_AGAIN_LATER, "Too far behind: reconnect and catch up")

    async def finish(self) -> None:
        """Send what is queued, then stop sending."""
        sender = self._sender
        if sender is None or sender.done():
            return
        self._backlog.append(None)
        try:
            await asyncio.wait_for(asyncio.shield(sender), timeout=2.0)
        except (TimeoutError, asyncio.CancelledError):
            sender.cancel()

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
        # Sends text to clients of another node (node, their ids there, text); set by the
        # cluster when there is one.
        self.deliver: Callable[[str, list[int], str], None] | None = None

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
        remote: dict[str, list[int]] | None = None
        for client in clients:
            if client is exclude or not client.greeted:
                continue
            if client.node is not None:  # one note per node, whatever its number of clients
                if remote is None:
                    remote = {}
                remote.setdefault(client.node, []).append(client.remote_id)
                continue
            if not client.queue_text(text):
                self.metrics.dropped_clients.inc()
        if remote and self.deliver is not None:
            for node, ids in remote.items():
                self.deliver(node, ids, text)

    async def close_all(self, code: int = CLOSE_SERVICE_RESTART, reason: str = "") -> None:
        """Close every socket (graceful shutdown): clients reconnect to the next server."""
        clients = [c for cs in self._tables.values() for c in cs]
        for client in clients:
            await client.finish()
        await asyncio.gather(*(c.close(code, reason) for c in clients), return_exceptions=True)
        if clients:
            log.info("closed client sockets", extra={"clients": len(clients)})
