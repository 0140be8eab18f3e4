"""Finished (and running) matches: their stored logs, results and step-by-step replays."""

from __future__ import annotations

import asyncio
import random
from typing import Annotated, Any

from fastapi import APIRouter, Query

from fivedice.rules import Match
from fivedice.store import UnknownMatch, match_rating_changes

from ..accounts import Who
from ..context import Ctx
from ..daily import check_secret_kept, is_over
from ..daily_dice import daily_day
from ..errors import UnknownTable, refusals
from ..protocol import SeatRatingChange, TableView
from ..table import Table
from ..table_names import stored_title
from ..views import card_rows_view, event_views, outcome_view, table_view

router = APIRouter(prefix="/api/matches", tags=["matches"])

DAILY_403 = {403: "`daily_not_over`: a daily challenge's game is its player's until the day ends"}
SIGNED_401 = {401: "`signed_out`: a bearer token that is not a live API token"}


@router.get("", responses=refusals(422, 503))
async def list_matches(
    ctx: Ctx,
    status: Annotated[str | None, Query(max_length=16)] = "finished",
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> list[dict[str, Any]]:
    """Stored matches, newest first (finished ones unless `status` says otherwise)."""
    found = await asyncio.to_thread(ctx.store.matches, status, limit)
    return [_summary_dict(m) for m in found if not _secret_daily(m.meta)]


def _secret_daily(meta: dict[str, object]) -> bool:
    """A daily challenge's match whose day is not over: not listed."""
    day = daily_day(meta)
    return day is not None and not is_over(day)


@router.get("/{match_id}", responses=refusals(401, 403, 404, 503, say={**DAILY_403, **SIGNED_401}))
async def get_match(match_id: str, ctx: Ctx, who: Who) -> dict[str, Any]:
    """A stored match: its description, its full log, and its result if it has ended. A
    daily challenge's match is its player's alone until the day is over (403
    ``daily_not_over``)."""
    await _check_secret(ctx, match_id, who)
    summary, match = await _load(ctx, match_id)
    return {
        **_summary_dict(summary),
        "events": event_views(enumerate(match.events, start=1)),
        "outcome": outcome_view(match.state.outcome),
        "card_rows": card_rows_view(match.state.rules),
    }


@router.get(
    "/{match_id}/ratings", response_model=list[SeatRatingChange], responses=refusals(404, 503)
)
async def rating_changes(match_id: str, ctx: Ctx) -> list[SeatRatingChange]:
    """How a rated match moved each signed-in seat's rating, in seat order (empty when the
    match rated nobody, or before its result is recorded)."""
    if len(match_id) > 64:
        raise UnknownTable(reason="no_match", match=match_id)
    try:
        await asyncio.to_thread(ctx.store.summary, match_id)
    except UnknownMatch:
        raise UnknownTable(reason="no_match", match=match_id) from None
    changes = await asyncio.to_thread(match_rating_changes, ctx.store, match_id)
    return [
        SeatRatingChange(
            seat=seat,
            family=step.family.value,
            rating_before=step.before.shown,
            rating_after=step.after.shown,
            provisional=step.after.provisional,
        )
        for seat, step in sorted(changes.items())
    ]


@router.get(
    "/{match_id}/replay",
    response_model=TableView,
    responses=refusals(401, 403, 404, 422, 503, say={**DAILY_403, **SIGNED_401}),
)
async def replay(
    match_id: str, ctx: Ctx, who: Who, seq: Annotated[int | None, Query(ge=1)] = None
) -> dict[str, Any]:
    """The table as it stood after event `seq` (the end when omitted): step through a match
    (a daily challenge's: its player's alone until the day is over)."""
    await _check_secret(ctx, match_id, who)
    summary, match = await _load(ctx, match_id)
    events = match.events if seq is None else match.events[:seq]
    at = Match.replay(events, random.Random(0))  # no dice are rolled in a replay
    table = Table(
        match_id,
        at,
        name=summary.label,
        listed=bool(summary.meta.get("listed", False)),
        title=stored_title(summary.meta),
        at_one_screen=bool(summary.meta.get("at_one_screen", False)),
        rng=random.Random(0),
    )
    settings = ctx.settings
    return table_view(
        table, settings.chat_lines_shown, spectators_listed=settings.spectators_listed
    )


async def _check_secret(ctx: Ctx, match_id: str, who: Who) -> None:
    """Refuse a daily challenge's match to all but its player until the day is over."""
    if len(match_id) > 64:
        raise UnknownTable(reason="no_match", match=match_id)
    account = who.account.id if who.account is not None else None
    await asyncio.to_thread(check_secret_kept, ctx.store, match_id, account)


async def _load(ctx: Ctx, match_id: str) -> tuple[Any, Match]:
    try:
        summary = await asyncio.to_thread(ctx.store.summary, match_id)
        match = await asyncio.to_thread(ctx.store.load_match, match_id)
    except UnknownMatch:
        raise UnknownTable(reason="no_match", match=match_id) from None
    return summary, match


def _summary_dict(m: Any) -> dict[str, Any]:
    return {
        "id": m.id,
        "preset": m.preset,
        "origin": m.origin,
        "label": m.label,
        "title": stored_title(m.meta),
        "status": m.status,
        "created_at": m.created_at.isoformat(),
        "finished_at": m.finished_at.isoformat() if m.finished_at else None,
    }
