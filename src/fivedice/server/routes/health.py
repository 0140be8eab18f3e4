"""Operations: liveness and Prometheus metrics."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST

from ..context import Ctx

router = APIRouter(tags=["operations"])


@router.get("/healthz")
async def healthz(ctx: Ctx) -> dict[str, Any]:
    """The server is up: how many tables and connections it holds. The first answer also
    tells the other nodes that the proxy can reach this one."""
    ctx.nodes.health_checked()
    return {
        "status": "ok",
        "node": ctx.settings.node,
        "tables": len(ctx.registry.tables),
        "connections": ctx.hub.count() + len(ctx.nodes.relayed),
    }


@router.get("/metrics", include_in_schema=False)
async def metrics(ctx: Ctx) -> Response:
    """Prometheus metrics: tables, connections, moves, errors, commit times."""
    ctx.refresh_gauges()
    return Response(ctx.metrics.render(), media_type=CONTENT_TYPE_LATEST)
