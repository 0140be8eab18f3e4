"""One text frame from a client, carried out: checked (size, rate), parsed against the
protocol, handled; every refusal goes back to the sender alone as an ``error``. The play socket
runs it for its own clients, and a table's owner for clients connected to other nodes.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from pydantic import ValidationError

from fivedice.rules import RuleError
from fivedice.rules.match import MAX_CHAT_LENGTH
from fivedice.store import is_store_failure

from .context import ServerContext
from .errors import (
    STORE_UNAVAILABLE,
    STORE_UNAVAILABLE_MESSAGE,
    RateLimited,
    Refusal,
    rule_error_code,
)
from .hub import Client
from .intents import handle
from .protocol import client_message_adapter
from .settings import Settings
from .table import Table
from .views import error_message

log = logging.getLogger("fivedice.server.frames")


def check_frame(settings: Settings, client: Client, text: str | None) -> str:
    """The frame's text if it may be carried out: text, not too large, not too fast."""
    if text is None:
        raise Refusal("Send JSON in text frames", code="text_only")
    if len(text) > settings.max_message_bytes or (
        len(text) * 4 > settings.max_message_bytes
        and len(text.encode("utf-8", "surrogatepass")) > settings.max_message_bytes
    ):
        raise Refusal(f"Messages are at most {settings.max_message_bytes} bytes", code="too_large")
    if not client.messages.allow():
        raise RateLimited("Too many messages: slow down")
    return text


async def carry_out(ctx: ServerContext, table: Table, client: Client, text: str | None) -> None:
    """Check, parse and handle one frame; a refusal is answered, never raised."""
    try:
        checked = check_frame(ctx.settings, client, text)
        try:
            message = client_message_adapter.validate_json(checked)
        except ValidationError as exc:
            raise _refusal_for(exc) from None
        await handle(ctx, table, client, message)
    except Refusal as exc:
        refuse(ctx, client, exc.code, exc.message, text)
    except RuleError as exc:
        refuse(ctx, client, rule_error_code(exc), str(exc), text)
    except Exception as exc:
        if is_store_failure(exc):
            refuse(ctx, client, STORE_UNAVAILABLE, STORE_UNAVAILABLE_MESSAGE, text)
            return
        log.exception("message failed", extra={"table": table.id, "client": client.id})
        refuse(ctx, client, "internal", "The server could not handle that message", text)


def refuse(ctx: ServerContext, client: Client, code: str, message: str, text: str | None) -> None:
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
    if kind == "string_too_long" and tuple(first["loc"]) == ("chat", "text"):
        # One code for a chat line too long, however long: the rules core's limit is the one
        # stated (the model only bounds what is worth parsing).
        return Refusal(f"Chat messages are at most {MAX_CHAT_LENGTH} characters", "chat_too_long")
    if kind in {"model_type", "model_attributes_type", "dict_type"} and not first["loc"]:
        return Refusal("A message is a JSON object", code="invalid_message")
    details = "; ".join(
        f"{'.'.join(str(p) for p in e['loc'][1:]) or 'message'}: {e['msg']}" for e in errors[:3]
    )
    return Refusal(f"Invalid message: {details}", code="invalid_message")
