"""What one node says to another (a :class:`Note`) and the names under which nodes share
keys in Redis. Nothing here needs Redis: a single node imports it without the cluster extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

PREFIX = "fivedice:"


def inbox(node: str) -> str:
    """The channel a node reads."""
    return f"{PREFIX}inbox:{node}"


def listeners(numsub: Sequence[tuple[bytes | str, int]], node: str) -> int:
    """How many read `node`'s inbox, from a ``PUBSUB NUMSUB`` reply (channel names as bytes
    or text, as the client decodes them). A live node has one; a dead one none."""
    channel = inbox(node)
    counts = dict(numsub)
    return int(counts.get(channel, counts.get(channel.encode(), 0)))


@dataclass(frozen=True)
class Note:
    """One message between nodes: a header (``t`` says what it is) and an optional body."""

    header: dict[str, Any]
    body: str = ""

    def encode(self) -> bytes:
        """The wire form: the header's JSON, a newline, the body."""
        # surrogatepass: an update's text may carry a lone surrogate from a name, as the
        # socket would (see views.dumps)
        return orjson.dumps(self.header) + b"\n" + self.body.encode("utf-8", "surrogatepass")

    @classmethod
    def decode(cls, data: bytes) -> Note:
        """The note a wire form carries."""
        head, _, body = data.partition(b"\n")
        header = orjson.loads(head)
        if not isinstance(header, dict):
            raise ValueError("a note's header is a JSON object")
        return cls(header, body.decode("utf-8", "surrogatepass"))


class Undelivered(Protocol):
    """Called with the notes that reached no node (the target was not listening, or Redis
    failed): the cluster ends what depended on them."""

    def __call__(self, node: str, notes: Sequence[Note]) -> None: ...
