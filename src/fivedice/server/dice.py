"""The server's dice: the operating system's cryptographic randomness, read in blocks.

``secrets.SystemRandom`` asks the kernel for bytes on every die; under load that system call
is a real share of a move's cost. This source reads a block of ``os.urandom`` at once and
turns bytes into faces by rejection sampling, so every face is still uniform and
unpredictable, with one system call per few hundred dice.

A process forked from one that has read a block would hold the same unread bytes, and so
roll the same dice as its parent: the child forgets the block (see ``_forget``).
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Callable


class BlockRandom:
    """A ``randint`` over ``os.urandom``, unbiased, buffered; safe to share across threads."""

    def __init__(self, block: int = 4096) -> None:
        self._block = block
        self._buffer = b""
        self._next = 0
        self._lock = threading.Lock()
        forget = weakref.WeakMethod(self._forget)
        os.register_at_fork(after_in_child=lambda: _call_if_alive(forget))

    def _forget(self) -> None:
        """In a forked child: drop the parent's unread bytes (and a lock it may have held)."""
        self._buffer = b""
        self._next = 0
        self._lock = threading.Lock()

    def _byte(self) -> int:
        if self._next >= len(self._buffer):
            self._buffer = os.urandom(self._block)
            self._next = 0
        value = self._buffer[self._next]
        self._next += 1
        return value

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b] (a range of at most 256 values)."""
        span = b - a + 1
        if not 0 < span <= 256:
            raise ValueError(f"randint range must hold 1 to 256 values, not {span}")
        limit = 256 - 256 % span  # bytes at or above this would favour the low faces
        with self._lock:
            while True:
                value = self._byte()
                if value < limit:
                    return a + value % span


def _call_if_alive(method: weakref.WeakMethod[Callable[[], None]]) -> None:
    """Call a method whose object may be gone (then nothing to do)."""
    bound = method()
    if bound is not None:
        bound()
