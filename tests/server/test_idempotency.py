"""Idempotent creates in memory: a key answers once per address, a failure is forgotten, old
keys go (property tests over any sequence of creates)."""

from __future__ import annotations

import asyncio
import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from fivedice.server.idempotency import IdempotentReplies

keys = st.sampled_from(["a", "b", "c", None])
addresses = st.sampled_from(["10.0.0.1", "10.0.0.2"])


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(addresses, keys), max_size=40))
def test_each_key_creates_once_per_address(requests: list[tuple[str, str | None]]) -> None:
    async def run() -> None:
        replies = IdempotentReplies()
        made: list[int] = []

        async def create() -> int:
            made.append(len(made))
            await asyncio.sleep(0)
            return made[-1]

        answers = await asyncio.gather(*(replies.once(a, k, create) for a, k in requests))
        keyed = {(a, k) for a, k in requests if k}
        unkeyed = sum(1 for _, k in requests if not k)
        assert len(made) == len(keyed) + unkeyed
        for (a, k), answer in zip(requests, answers, strict=True):
            if k:
                first = next(
                    x for (b, j), x in zip(requests, answers, strict=True) if (b, j) == (a, k)
                )
                assert answer == first

    asyncio.run(run())


def test_a_failed_create_is_tried_again_and_old_keys_go() -> None:
    async def run() -> None:
        replies = IdempotentReplies(kept=2, ttl=60)
        calls = 0

        async def failing() -> int:
            nonlocal calls
            calls += 1
            raise RuntimeError("store down")

        for _ in range(2):
            with contextlib.suppress(RuntimeError):
                await replies.once("x", "k", failing)
        assert calls == 2  # the failure was not remembered

        async def value(v: int) -> int:
            return v

        assert await replies.once("x", "k1", lambda: value(1)) == 1
        assert await replies.once("x", "k2", lambda: value(2)) == 2
        assert await replies.once("x", "k3", lambda: value(3)) == 3
        assert await replies.once("x", "k1", lambda: value(9)) == 9  # k1 was pushed out
        assert await replies.once("x", "k3", lambda: value(9)) == 3

    asyncio.run(run())
