"""The play socket: one WebSocket per client, JSON text frames in the protocol's shapes.

Bad input of any kind (not JSON, unknown type, too large, too fast, wrong token, out of turn)
gets an ``error`` to its sender alone; the socket stays open and the table plays on.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import ValidationError

from fivedice.rules import RuleError
from fivedice.store import is_store_failure

from ..context import Ctx, ServerContext
from ..errors import (
    STORE_UNAVAILABLE,
    STORE_UNAVAILABLE_MESSAGE,
    RateLimited,
    Refusal,
    rule_error_code,
)
from ..hub import CLOSE_TRY_AGAIN_LATER, Client
from ..intents import goodbye, handle
from ..protocol import client_message_adapter
from ..table import Table
from ..views import error_message

router = APIRouter()
log = logging.getLogger("fivedice.server.play")

CLOSE_UNKNOWN_TABLE = 4404
CLOSE_NO_HELLO = 4408


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str, ctx: Ctx) -> None:
    """Play or watch one table."""
    await websocket.accept()
    client = Client(websocket, table_id, ctx.settings)
    client.start()
    try:
        table = await ctx.registry.find(table_id)
    except Refusal as exc:
        ctx.hub.send(client, error_message(exc.code, exc.message))
        await client.finish()
        await client.close(CLOSE_UNKNOWN_TABLE, "unknown table")
        return
    except Exception as exc:
        if not is_store_failure(exc):
            raise
        ctx.hub.send(client, error_message(STORE_UNAVAILABLE, STORE_UNAVAILABLE_MESSAGE))
        await client.finish()
        await client.close(CLOSE_TRY_AGAIN_LATER, "store unavailable")
        return
    ctx.hub.add(client)
    try:
        await _receive(ctx, table, client)
    finally:
        ctx.hub.remove(client)
        goodbye(ctx, table, client)
        await client.finish()


async def _receive(ctx: ServerContext, table: Table, client: Client) -> None:
    websocket = client.websocket
    settings = ctx.settings
    while True:
        if client.greeted:
            frame = await websocket.receive()
        else:
            try:
                frame = await asyncio.wait_for(websocket.receive(), settings.hello_timeout)
            except TimeoutError:
                ctx.hub.send(client, error_message("hello_first", "No hello: closing"))
                await client.finish()
                await client.close(CLOSE_NO_HELLO, "no hello")
                return
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        try:
            if text is None:
                raise Refusal("Send JSON in text frames", code="text_only")
            if len(text) > settings.max_message_bytes or (
                len(text) * 4 > settings.max_message_bytes
                and len(text.encode("utf-8", "surrogatepass")) > settings.max_message_bytes
            ):
                raise Refusal(
                    f"Messages are at most {settings.max_message_bytes} bytes", code="too_large"
                )
            if not client.messages.allow():
                raise RateLimited("Too many messages: slow down")
            try:
                message = client_message_adapter.validate_json(text)
            except ValidationError as exc:
                raise _refusal_for(exc) from None
            await handle(ctx, table, client, message)
        except Refusal as exc:
            _refuse(ctx, client, exc.code, exc.message, text)
        except RuleError as exc:
            _refuse(ctx, client, rule_error_code(exc), str(exc), text)
        except Exception as exc:
            if is_store_failure(exc):  # the database is down: the client may try again
                _refuse(ctx, client, STORE_UNAVAILABLE, STORE_UNAVAILABLE_MESSAGE, text)
                continue
            log.exception("message failed", extra={"table": table.id, "client": client.id})
            _refuse(ctx, client, "internal", "The server could not handle that message", text)


def _refuse(ctx: ServerContext, client: Client, code: str, message: str, text: str | None) -> None:
    ctx.metrics.errors.labels(code).inc()
    request_id, ref = _request_id_and_type(text)
    ctx.hub.send(client, error_message(code, message, request_id, ref))


def _request_id_and_type(text: str | None) -> tuple[object, str | None]:
    """The refused message's ``id`` and ``type``, when it was a JSON object that had them."""
    if not text or not text.startswith("{"):
        return None, None
    try:
        data = json.loads(text)
    except ValueError:
        return None, None
    if not isinstance(data, dict):
        return None, None
    request_id = data.get("id")
    if not (isinstance(request_id, int) and not isinstance(request_id, bool)) and not (
        isinstance(request_id, str) and len(request_id) <= 64
    ):
        request_id = None
    kind = data.get("type")
    return request_id, kind[:32] if isinstance(kind, str) else None


def _refusal_for(exc: ValidationError) -> Refusal:
    """A readable refusal for a message that is not valid JSON or not a valid message."""
    errors = exc.errors(include_url=False)
    if not errors:
        return Refusal("Invalid message", code="invalid_message")
    first = errors[0]
    kind = first["type"]
    context: dict[str, Any] = dict(first.get("ctx") or {})
    if kind == "json_invalid":
        return Refusal(f"Not valid JSON: {first['msg']}", code="bad_json")
    if kind == "union_tag_invalid":
        tag = context.get("tag", "?")
        expected = context.get("expected_tags", "")
        return Refusal(
            f"Unknown message type {str(tag)[:40]!r}; expected one of {expected}",
            code="unknown_type",
        )
    if kind == "union_tag_not_found":
        return Refusal("Every message needs a 'type'", code="missing_type")
    if kind in {"model_type", "model_attributes_type", "dict_type"} and not first["loc"]:
        return Refusal("A message is a JSON object", code="invalid_message")
    details = "; ".join(
        f"{'.'.join(str(p) for p in e['loc'][1:]) or 'message'}: {e['msg']}" for e in errors[:3]
    )
    return Refusal(f"Invalid message: {details}", code="invalid_message")
