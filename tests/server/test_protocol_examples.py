"""docs/protocol.md's examples, played against a real server: the page cannot drift from what
the server does.

The page marks its examples by the fenced block's info string:

- ```` ```json rest METHOD PATH ```` a REST request (its body; ``{}`` for none), and
  ```` ```json rest STATUS ```` the answer it gets;
- ```` ```json client ```` a message the client sends on the play socket, and
  ```` ```json server ```` the next message the server sends on it.

Each answer must have the documented shape: the same keys (a dict showing ``"...": "..."`` lists
only some of its keys; a list ending in ``"..."`` only its first items), values of the same
JSON type, and the same value for the keys that do not depend on the dice or the clock
(:data:`EXACT`). Ids and tokens the server makes up (:data:`BOUND`) are remembered: the
examples' values stand for them in later requests and messages.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx
import websockets
from server_process import ServerProcess

from fivedice.server.protocol import server_message_adapter

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
BLOCK = re.compile(r"^```json (rest [^\n]+|client|server)\n(.*?)^```", re.M | re.S)
BOUND = {"table_id", "token", "ws_url", "invite_url"}
EXACT = {
    "type",
    "code",
    "ref",
    "role",
    "phase",
    "protocol",
    "id",
    "seq",
    "seat",
    "status",
    "host",
    "name",
    "connected",
    "active_seat",
    "rolls_left",
    "round",
    "category",
    "held",
    "order",
    "preset",
}
MORE = "..."


def examples() -> list[tuple[str, Any]]:
    """The page's examples in order: (marker, parsed JSON)."""
    found = [(m.group(1), json.loads(m.group(2))) for m in BLOCK.finditer(DOC.read_text())]
    assert len(found) >= 10, "docs/protocol.md lost its examples"
    return found


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


class Session:
    def __init__(self) -> None:
        self.bound: dict[str, str] = {}

    def substitute(self, value: Any) -> Any:
        """A request or message with the examples' ids and tokens replaced by the real ones."""
        if isinstance(value, dict):
            return {k: self.substitute(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.substitute(v) for v in value]
        if isinstance(value, str):
            for doc_value, real in self.bound.items():
                value = value.replace(doc_value, real)
        return value

    def check(self, doc: Any, real: Any, where: str, key: str | None = None) -> None:
        """`real` has the shape `doc` documents (see the module's docstring)."""
        if isinstance(doc, dict):
            assert isinstance(real, dict), (where, real)
            shown = {k: v for k, v in doc.items() if k != MORE}
            if MORE in doc:
                missing = set(shown) - set(real)
                assert not missing, f"{where}: the server sends no {sorted(missing)}"
            else:
                assert set(shown) == set(real), (
                    f"{where}: documented keys {sorted(shown)}, sent {sorted(real)}"
                )
            for k, v in shown.items():
                self.check(v, real[k], f"{where}.{k}", k)
            return
        if isinstance(doc, list):
            assert isinstance(real, list), (where, real)
            partial = bool(doc) and doc[-1] == MORE
            items = doc[:-1] if partial else doc
            if partial:
                assert len(real) >= len(items), (where, real)
            else:
                assert len(real) == len(items), f"{where}: {len(items)} items shown, {len(real)}"
            for i, (d, r) in enumerate(zip(items, real, strict=False)):
                self.check(d, r, f"{where}[{i}]", key)
            return
        if isinstance(doc, str) and doc in self.bound:  # an id or token seen before
            assert real == self.bound[doc], f"{where}: documented {doc!r}, sent {real!r}"
            return
        if key in BOUND and isinstance(doc, str):  # made up by the server: remember it
            assert isinstance(real, str), (where, real)
            self.bound[doc] = real
            return
        assert _json_type(doc) == _json_type(real), f"{where}: documented {doc!r}, sent {real!r}"
        if key in EXACT:
            assert doc == real, f"{where}: documented {doc!r}, sent {real!r}"


def test_every_example_on_the_protocol_page_plays_as_shown(server: ServerProcess) -> None:
    asyncio.run(_play(server, examples()))


async def _play(server: ServerProcess, blocks: list[tuple[str, Any]]) -> None:
    session = Session()
    socket: Any = None
    pending: httpx.Response | None = None
    async with httpx.AsyncClient(base_url=server.base_url, timeout=10.0) as api:
        try:
            for n, (marker, body) in enumerate(blocks):
                where = f"example {n + 1} ({marker})"
                parts = marker.split()
                if parts[0] == "rest" and len(parts) == 3:
                    method, path = parts[1], session.substitute(parts[2])
                    payload = session.substitute(body)
                    pending = await api.request(
                        method, path, json=payload if method != "GET" else None
                    )
                elif parts[0] == "rest":
                    assert pending is not None, f"{where}: an answer without a request"
                    assert pending.status_code == int(parts[1]), (where, pending.text)
                    session.check(body, pending.json(), where)
                    pending = None
                elif marker == "client":
                    if socket is None:
                        table = next(v for k, v in session.bound.items() if "/ws/tables/" in k)
                        socket = await websockets.connect(table)
                    await socket.send(json.dumps(session.substitute(body)))
                else:
                    assert socket is not None, f"{where}: a server message before any client one"
                    real = json.loads(await asyncio.wait_for(socket.recv(), 10))
                    server_message_adapter.validate_python(real)
                    session.check(body, real, where)
            assert pending is None, "a request without its documented answer"
        finally:
            if socket is not None:
                await socket.close()
