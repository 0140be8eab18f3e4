"""Clients that are connected to another node: how a table's owner sees them, and how the
node they are connected to passes their frames on.

On the owner, a :class:`RemoteClient` stands in the hub like any socket: it says hello, holds
a seat, shows as connected, and receives broadcasts; what it is sent goes over the bus to the
node that holds the real socket. Its frames are carried out one at a time, in order, as a
local socket's are.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from .hub import Client, next_client_id
from .ratelimit import TokenBucket
from .settings import Settings

log = logging.getLogger("fivedice.server.remote")

Deliver = Callable[[str, list[int], str], None]
"""Send text to clients of another node: (node, their ids on that node, text)."""

CloseRemote = Callable[[str, list[int], int, str], None]
"""Close clients' sockets on another node: (node, ids, close code, reason)."""


class RemoteClient(Client):
    """A socket held by another node, as the table's owner sees it."""

    def __init__(
        self,
        node: str,
        remote_id: int,
        table_id: str,
        settings: Settings,
        deliver: Deliver,
        close_remote: CloseRemote,
    ) -> None:
        # Not Client.__init__: there is no socket here, only the node that has it.
        self.id = next_client_id()
        self.node = node
        self.home = node  # the same, typed as always present
        self.remote_id = remote_id
        self.table_id = table_id
        self.seat = None
        self.also_seats = ()
        self.spectator_name = None
        self.greeted = False
        self.dropped = False
        self.messages = TokenBucket(settings.messages_per_second, settings.message_burst)
        self.chat = TokenBucket(settings.chat_per_second, settings.chat_burst)
        self._deliver = deliver
        self._close_remote = close_remote
        self.inbox: deque[str | None] = deque()  # frames to carry out; None: the socket closed
        self.worker: asyncio.Task[None] | None = None

    def queue_text(self, text: str) -> bool:
        """Send over the bus (the other node queues it for the socket)."""
        if self.dropped:
            return False
        self._deliver(self.home, [self.remote_id], text)
        return True

    async def finish(self) -> None:
        """Nothing is queued here."""

    async def close(self, code: int, reason: str = "") -> None:
        """Ask the other node to close the socket."""
        self._close_remote(self.home, [self.remote_id], code, reason)

    def take(
        self, text: str | None, run: Callable[[RemoteClient, str | None], Awaitable[Any]]
    ) -> None:
        """Queue a frame (None: the socket closed) and make sure a worker carries them out in
        order."""
        self.inbox.append(text)
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work(run), name=f"fivedice-remote-{self.id}")

    async def _work(self, run: Callable[[RemoteClient, str | None], Awaitable[Any]]) -> None:
        while self.inbox:
            text = self.inbox.popleft()
            try:
                await run(self, text)
            except Exception:
                log.exception("remote frame failed", extra={"client": self.id})
            if text is None:
                self.inbox.clear()
                return
