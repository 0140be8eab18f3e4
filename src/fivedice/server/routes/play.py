"""The play socket: one WebSocket per client, JSON text frames in the protocol's shapes.

Bad input of any kind (not JSON, unknown type, too large, too fast, wrong token, out of turn)
gets an ``error`` to its sender alone; the socket stays open and the table plays on.

The socket may land on any node. On the table's owner its frames are carried out here; on any
other node they are passed to the owner, and what the owner sends comes back (see
``fivedice.server.nodes``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket

from fivedice.store import is_store_failure

from ..accounts import cookie_name
from ..context import Ctx, ServerContext
from ..errors import STORE_UNAVAILABLE, STORE_UNAVAILABLE_MESSAGE, Refusal
from ..frames import carry_out, check_frame, refuse
from ..hub import CLOSE_TRY_AGAIN_LATER, Client
from ..intents import goodbye
from ..ratelimit import connection_address
from ..views import error_message

router = APIRouter()
log = logging.getLogger("fivedice.server.play")

CLOSE_UNKNOWN_TABLE = 4404
CLOSE_NO_HELLO = 4408
CLOSE_TOO_MANY_SOCKETS = 4429
CLOSE_FOREIGN_ORIGIN = 4403


def foreign_origin(websocket: WebSocket, cookie: str) -> bool:
    """Whether a socket carries the session cookie from a page of another site (its
    ``Origin`` names another host than the one it connected to): cross-site WebSocket
    hijacking, refused. Clients that send no cookie (programs, the terminal) are not asked."""
    if cookie not in websocket.cookies:
        return False
    origin = websocket.headers.get("origin")
    if origin is None:
        return False
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() != host.lower()


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str, ctx: Ctx) -> None:
    """Play or watch one table. An address holding too many sockets already is closed at once
    (4429), before the table is looked up."""
    address = connection_address(websocket, ctx.limits.proxies)
    await websocket.accept()
    if foreign_origin(websocket, cookie_name(ctx.settings)):
        ctx.metrics.errors.labels("foreign_origin").inc()
        await websocket.close(CLOSE_FOREIGN_ORIGIN, "another site's page")
        return
    if not ctx.limits.sockets.open(address):
        ctx.metrics.errors.labels("too_many_sockets").inc()
        await websocket.close(CLOSE_TOO_MANY_SOCKETS, "too many connections from your address")
        return
    try:
        await _play(websocket, table_id, ctx)
    finally:
        ctx.limits.sockets.close(address)


async def _play(websocket: WebSocket, table_id: str, ctx: ServerContext) -> None:
    client = Client(websocket, table_id, ctx.settings)
    try:
        where = await ctx.nodes.locate(table_id)
    except Refusal as exc:
        ctx.hub.send(client, error_message(exc.code, exc.params, exc.message))
        await client.finish()
        await client.close(CLOSE_UNKNOWN_TABLE if exc.code == "unknown_table" else 1013, exc.code)
        return
    except Exception as exc:
        if not is_store_failure(exc):
            raise
        ctx.hub.send(client, error_message(STORE_UNAVAILABLE, {}, STORE_UNAVAILABLE_MESSAGE))
        await client.finish()
        await client.close(CLOSE_TRY_AGAIN_LATER, "store unavailable")
        return
    if isinstance(where, str):  # another node owns the table: pass the frames on
        forward = ctx.nodes.relay(client, where)
        try:
            await _receive(ctx, client, relay_frame(ctx, client, forward))
        finally:
            ctx.nodes.unrelay(client)
            await client.finish()
        return
    table = where
    ctx.hub.add(client)
    try:
        await _receive(ctx, client, lambda text: carry_out(ctx, table, client, text))
    finally:
        ctx.hub.remove(client)
        goodbye(ctx, table, client)
        await client.finish()


async def _receive(
    ctx: ServerContext, client: Client, handle: Callable[[str | None], Awaitable[None]]
) -> None:
    websocket = client.websocket
    settings = ctx.settings
    while True:
        if client.greeted:
            frame = await websocket.receive()
        else:
            try:
                frame = await asyncio.wait_for(websocket.receive(), settings.hello_timeout)
            except TimeoutError:
                late = Refusal(code="hello_first", reason="timeout")
                ctx.hub.send(client, error_message(late.code, late.params, late.message))
                await client.finish()
                await client.close(CLOSE_NO_HELLO, "no hello")
                return
        if frame["type"] == "websocket.disconnect":
            return
        await handle(frame.get("text"))


def relay_frame(
    ctx: ServerContext, client: Client, forward: Callable[[str], None]
) -> Callable[[str | None], Awaitable[None]]:
    """A handler that checks a frame at the edge (size, rate) and passes it to the owner."""

    async def handle(text: str | None) -> None:
        try:
            forward(check_frame(ctx.settings, client, text))
        except Refusal as exc:
            refuse(ctx, client, exc, text)

    return handle
