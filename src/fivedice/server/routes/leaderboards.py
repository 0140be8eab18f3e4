"""The best single games of a rule set: all time, this month, this week."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Path, Query

from fivedice.rules import preset
from fivedice.store import HighScore, Period, best_games, period_start

from ..context import Ctx
from ..daily import hidden_matches
from ..errors import refusals
from ..protocol import GameLine, Leaderboard

router = APIRouter(prefix="/api/leaderboards", tags=["scores"])


@router.get("/{preset_name}", response_model=Leaderboard, responses=refusals(422, 503))
async def leaderboard(
    ctx: Ctx,
    preset_name: Annotated[str, Path(max_length=64)],
    period: Period = "all",
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
    include_bots: bool = False,
) -> Leaderboard:
    """A rule set's best complete single games (one card each: a match of three rounds is
    three games), best first; `period`: all time, this calendar month or this week (UTC,
    from Monday). People only, unless `include_bots`; since the list's last reset. A daily
    challenge's game shows once its day is over."""
    preset(preset_name)  # an unknown rule set is an error, not an empty list
    now = datetime.now(UTC)  # one moment for the period's start and the query
    since = period_start(period, now)
    games = await asyncio.to_thread(
        partial(
            best_games,
            ctx.store,
            preset_name,
            period=period,
            limit=limit,
            include_bots=include_bots,
            now=now,
        )
    )
    hidden = await asyncio.to_thread(hidden_matches, ctx.store, [g.match_id for g in games])
    return Leaderboard(
        preset=preset_name,
        period=period,
        since=since.isoformat() if since else None,
        games=[game_line(g) for g in games if g.match_id not in hidden],
    )


def game_line(game: HighScore) -> GameLine:
    """A stored game as the API shows it (rounds counted from 1)."""
    return GameLine(
        name=game.name,
        score=game.total,
        match_id=game.match_id,
        seat=game.seat,
        round=game.round + 1,
        rounds=game.rounds,
        finished_at=game.finished_at.isoformat(),
        account_id=game.account_id,
    )
