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
from .errors import RateLimited, Refusal, answer
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
        raise Refusal(code="text_only")
    if len(text) > settings.max_message_bytes or (
        len(text) * 4 > settings.max_message_bytes
        and len(text.encode("utf-8", "surrogatepass")) > settings.max_message_bytes
    ):
        raise Refusal(code="too_large", most=settings.max_message_bytes)
    if not client.messages.allow():
        raise RateLimited(reason="messages")
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
    except (Refusal, RuleError) as exc:
        refuse(ctx, client, exc, text)
    except Exception as exc:
        if not is_store_failure(exc):
            log.exception("message failed", extra={"table": table.id, "client": client.id})
        refuse(ctx, client, exc, text)


def refuse(ctx: ServerContext, client: Client, exc: BaseException, text: str | None) -> None:
    """Tell the sender of `text` why it was refused (its code, the values, the message)."""
    told = answer(exc, internal="message")
    ctx.metrics.errors.labels(told.code).inc()
    request_id, ref = _request_id_and_type(text)
    ctx.hub.send(client, error_message(told.code, told.params, told.message, request_id, ref))


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
        return Refusal(code="invalid_message", reason="plain")
    first = errors[0]
    kind = first["type"]
    context: dict[str, Any] = dict(first.get("ctx") or {})
    if kind == "json_invalid":
        return Refusal(code="bad_json", detail=first["msg"])
    if kind == "union_tag_invalid":
        tag = context.get("tag", "?")
        expected = context.get("expected_tags", "")
        return Refusal(code="unknown_type", type=str(tag)[:40], expected=str(expected))
    if kind == "union_tag_not_found":
        return Refusal(code="missing_type")
    if kind == "string_too_long" and tuple(first["loc"]) == ("chat", "text"):
        # One code for a chat line too long, however long: the rules core's limit is the one
        # stated (the model only bounds what is worth parsing).
        return Refusal(code="chat_too_long", most=MAX_CHAT_LENGTH)
    if kind in {"model_type", "model_attributes_type", "dict_type"} and not first["loc"]:
        return Refusal(code="invalid_message", reason="not_object")
    details = "; ".join(
        f"{'.'.join(str(p) for p in e['loc'][1:]) or 'message'}: {e['msg']}" for e in errors[:3]
    )
    return Refusal(code="invalid_message", reason="fields", details=details)
