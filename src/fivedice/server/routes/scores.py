"""Rule presets and their high-score lists."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query

from fivedice.rules import preset, preset_names

from ..context import Ctx
from ..daily import hidden_matches
from ..errors import refusals

router = APIRouter(prefix="/api", tags=["scores"])


@router.get("/presets")
async def presets() -> list[dict[str, Any]]:
    """Every rule preset a table can use, with its full rule set."""
    return [preset(name).to_dict() for name in preset_names()]


@router.get("/scores/{preset_name}", responses=refusals(422, 503))
async def high_scores(
    preset_name: str,
    ctx: Ctx,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
    include_bots: bool = False,
) -> list[dict[str, Any]]:
    """A preset's high-score list since its last reset: its best single games (one card
    each; a match of several rounds is several games), best first, people only unless
    `include_bots`. `total` is the game's score; `round` (from 1) of `rounds` says which game
    of its match it was. A daily challenge's game shows once its day is over."""
    preset(preset_name)  # an unknown preset is an error, not an empty list
    scores = await asyncio.to_thread(
        partial(ctx.store.high_scores, preset_name, limit, include_bots=include_bots)
    )
    hidden = await asyncio.to_thread(hidden_matches, ctx.store, [s.match_id for s in scores])
    return [
        {
            "name": s.name,
            "total": s.total,
            "match_id": s.match_id,
            "finished_at": s.finished_at.isoformat(),
            "round": s.round + 1,
            "rounds": s.rounds,
        }
        for s in scores
        if s.match_id not in hidden
    ]
