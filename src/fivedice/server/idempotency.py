"""Idempotent creates: a REST create sent twice with the same ``Idempotency-Key`` (a double
click, a retry after a lost answer) creates once; the repeat gets the first answer.

Kept in this node's memory, per client address and key, for ten minutes, at most
:data:`KEPT` keys (the oldest go first). A repeat that arrives while the first is still being
served waits for its answer. On several nodes a repeat is recognised when it reaches the same
node (the proxy routes a create by its key: see ``deploy/``).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TypeVar, cast

T = TypeVar("T")

KEPT = 10_000  # keys remembered at most
TTL = 600.0  # seconds a key is remembered
MAX_KEY_LENGTH = 128


class IdempotentReplies:
    """The answers of recent creates, by (client address, key)."""

    def __init__(self, kept: int = KEPT, ttl: float = TTL) -> None:
        self.kept = kept
        self.ttl = ttl
        self._answers: OrderedDict[tuple[str, str], tuple[float, asyncio.Future[object]]] = (
            OrderedDict()
        )

    async def once(self, address: str, key: str | None, create: Callable[[], Awaitable[T]]) -> T:
        """`create()`'s answer; with a key seen from this address lately, the first answer
        (a failed create is forgotten, so its repeat tries again)."""
        if not key:
            return await create()
        now = time.monotonic()
        self._forget_old(now)
        slot = (address, key)
        known = self._answers.get(slot)
        if known is not None:
            first = await asyncio.shield(known[1])
            return cast(T, first)
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._answers[slot] = (now, future)
        while len(self._answers) > self.kept:
            self._answers.popitem(last=False)
        try:
            answer = await create()
        except BaseException as exc:
            self._answers.pop(slot, None)
            future.set_exception(exc)
            future.exception()  # retrieved: only waiting repeats re-raise it
            raise
        future.set_result(answer)
        return answer

    def _forget_old(self, now: float) -> None:
        while self._answers:
            at, _ = next(iter(self._answers.values()))
            if now - at <= self.ttl:
                return
            self._answers.popitem(last=False)
