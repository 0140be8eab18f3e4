"""What nodes tell each other, over Redis: each node reads one inbox (a pub/sub channel named
after it) and writes to the others' inboxes through one ordered sender.

Pub/sub, not Streams: a note between nodes is only worth anything within a second or two (a
forwarded intent, an update for a relayed client), and nothing is lost for good when one goes
missing: the log in the database is the truth, and a client that misses anything reconnects
and catches up from its last sequence number. So the bus is at-most-once and fast, and every
way a note can go missing ends in exactly that reconnect: a publish that reaches no subscriber,
a publish that fails, and a reconnection of this node's inbox (see :class:`BusListener`).

Messages are one line of JSON (the header), then, after a newline, an optional body carried
as it is (an update's text, so it is never encoded twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .notes import Note, Undelivered, inbox

log = logging.getLogger("fivedice.server.bus")

MAX_BATCH = 1024


MAX_CONNECTIONS = 32
POOL_WAIT_SECONDS = 10.0


def connect(url: str, **options: Any) -> aioredis.Redis:
    """A Redis client for `url` that gives up quickly when Redis is away.

    Its pool is bounded and blocking: in a burst (every client of a dead node reconnecting at
    once) a command waits for one of `MAX_CONNECTIONS` connections instead of failing with
    "Too many connections" and sending its client into another reconnect."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url,
        max_connections=MAX_CONNECTIONS,
        timeout=POOL_WAIT_SECONDS,
        socket_connect_timeout=2.0,
        socket_keepalive=True,
        **options,
    )
    return aioredis.Redis.from_pool(pool)


class BusSender:
    """Writes notes to other nodes' inboxes in the order they were sent, many per round trip.

    One task, one connection: a pipeline of PUBLISH commands per loop pass, so notes to one
    node arrive in the order they were sent. A note whose PUBLISH reached no subscriber, or
    failed, is handed to `undelivered`.
    """

    def __init__(self, redis: aioredis.Redis, undelivered: Undelivered) -> None:
        self.redis = redis
        self.undelivered = undelivered
        self._queue: list[tuple[str, Note]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.sent = 0

    def start(self) -> None:
        """Start the sending task."""
        self._task = asyncio.create_task(self._run(), name="fivedice-bus-sender")

    def send(self, node: str, note: Note) -> None:
        """Queue a note for a node's inbox (never waits)."""
        self._queue.append((node, note))
        self._wake.set()

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
                await self._publish(batch)

    async def _publish(self, batch: list[tuple[str, Note]]) -> None:
        try:
            pipe = self.redis.pipeline(transaction=False)
            for node, note in batch:
                pipe.publish(inbox(node), note.encode())
            counts = await pipe.execute(raise_on_error=False)
        except (RedisError, OSError) as exc:
            log.warning("bus send failed", extra={"notes": len(batch), "error": repr(exc)})
            counts = [0] * len(batch)
        self.sent += len(batch)
        lost: dict[str, list[Note]] = {}
        for (node, note), count in zip(batch, counts, strict=True):
            if not isinstance(count, int) or count < 1:
                lost.setdefault(node, []).append(note)
        for node, notes in lost.items():
            self.undelivered(node, notes)

    async def stop(self) -> None:
        """Send what is queued (briefly), then stop."""
        if self._task is None:
            return
        if self._queue:
            batch, self._queue = self._queue, []
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._publish(batch), 2.0)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


class BusListener:
    """Reads this node's inbox and hands each note on, in order.

    When the subscription breaks (Redis restarted, the network dropped) notes may have been
    lost, so after it is back `reconnected` is called before any new note: the cluster ends
    every attachment between nodes, and their clients reconnect and catch up from the log.
    """

    def __init__(
        self,
        url: str,
        node: str,
        receive: Callable[[Note], None],
        reconnected: Callable[[], Awaitable[None]],
    ) -> None:
        self.url = url
        self.node = node
        self.receive = receive
        self.reconnected = reconnected
        self.connected = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Subscribe (waiting until it is done) and start reading."""
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._run(ready), name="fivedice-bus-listener")
        await ready

    async def _run(self, ready: asyncio.Future[None]) -> None:
        first = True
        delay = 0.1
        while True:
            client = connect(self.url)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(inbox(self.node))
                self.connected.set()
                if first:
                    first = False
                    ready.set_result(None)
                else:
                    log.warning("bus reconnected; ending attachments between nodes")
                    await self.reconnected()
                delay = 0.1
                while True:
                    message = await pubsub.get_message(timeout=5.0)
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        note = Note.decode(message["data"])
                    except ValueError:
                        log.error("malformed note dropped")
                        continue
                    self.receive(note)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if first:
                    ready.set_exception(exc)
                    return
                if self.connected.is_set():
                    log.warning("bus connection lost", extra={"error": repr(exc)})
                self.connected.clear()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                with contextlib.suppress(Exception):
                    await client.aclose()

    async def stop(self) -> None:
        """Stop reading."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
