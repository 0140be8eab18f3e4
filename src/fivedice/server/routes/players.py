"""A player's history of finished matches."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query

from ..context import Ctx
from ..daily import hidden_matches
from ..errors import refusals

router = APIRouter(prefix="/api/players", tags=["players"])


@router.get("/{name}/history", responses=refusals(422, 503))
async def history(
    name: str, ctx: Ctx, limit: Annotated[int, Query(ge=1, le=500)] = 50
) -> list[dict[str, Any]]:
    """The player's finished matches, newest first (a daily challenge's once its day is
    over)."""
    entries = await asyncio.to_thread(ctx.store.player_history, name, limit)
    hidden = await asyncio.to_thread(hidden_matches, ctx.store, [e.match_id for e in entries])
    return [
        {
            "match_id": e.match_id,
            "preset": e.preset,
            "total": e.total,
            "place": e.place,
            "players": e.players,
            "finished_at": e.finished_at.isoformat(),
        }
        for e in entries
        if e.match_id not in hidden
    ]
