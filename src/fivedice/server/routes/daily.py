"""The daily challenge: today's challenge, starting (or resuming) today's attempt, an account's
result beside the optimal game, the past days and each day's leaderboard."""

from __future__ import annotations

import asyncio
import re
from datetime import date
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from fivedice.rules.daily import FIRST_DAY

from ..accounts import Who
from ..context import Ctx
from ..daily import is_over
from ..daily_day import today
from ..daily_views import day_view, days_view, optimal_view, result_view, today_view
from ..errors import DailyNotOver, InvalidDay, NoAccount, UnknownDay, refusals
from ..ratelimit import connection_address

router = APIRouter(prefix="/api/daily", tags=["daily"])

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DAYS_SHOWN = 30
MAX_DAYS_SHOWN = 60

SIGNED_401 = {401: "`signed_out`: a bearer token that is not a live API token"}
DAY_404 = {404: "`unknown_day`: a day the challenge has not reached yet, or before its first"}
DAY_422 = {422: "`invalid_day`: a day is written YYYY-MM-DD; `invalid_request`: a field refused"}


def parse_day(text: str) -> date:
    """A day from the path or query (YYYY-MM-DD), from the challenge's first day to today."""
    if not _DAY.match(text):
        raise InvalidDay(reason="format", text=text[:20])
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise InvalidDay(reason="no_such_day", text=text) from None
    if day > today():
        raise UnknownDay(reason="not_begun", day=str(day))
    if day < FIRST_DAY:
        raise UnknownDay(reason="before_first", first=str(FIRST_DAY), day=str(day))
    return day


DayText = Annotated[str, Path(min_length=1, max_length=10)]


@router.get("", responses=refusals(401, 503, say=SIGNED_401))
async def daily(ctx: Ctx, who: Who) -> dict[str, Any]:
    """Today's challenge: its rule set (`variant` when not the everyday official rules), when
    it ends, how many finished it, and the signed-in account's attempt and streak."""
    account_id = who.account.id if who.account is not None else None
    return await asyncio.to_thread(today_view, ctx.store, account_id)


@router.post(
    "/start",
    responses=refusals(
        401,
        403,
        409,
        422,
        429,
        503,
        say={
            401: "`no_account`: the challenge needs an account (open a guest one first); "
            "`signed_out`: a bearer token that is not a live API token",
            403: "`csrf_failed`: a request with the session cookie needs its `X-CSRF-Token`",
            409: "`daily_already_played`: one attempt a day, and today's is finished",
            422: "`not_available`: this server has no strategy package",
            429: "`rate_limited`: too many new tables from your address (`Retry-After`)",
        },
    ),
)
async def start(ctx: Ctx, who: Who, request: Request) -> dict[str, Any]:
    """Open today's attempt for the signed-in account (a guest counts), or give back the one
    in play: a one-seat table on the day's dice; take its seat with
    ``POST /api/tables/{table_id}/resume``. Opening the table costs one of the address's
    new-table tokens, as opening any table does (429 beyond, with ``Retry-After``); giving
    back the one in play costs nothing."""
    owner = who.owner
    if owner is None:
        raise NoAccount(reason="play")
    address = connection_address(request, ctx.limits.proxies)
    table_id, day = await ctx.daily.start(owner, address)
    return {"table_id": table_id, "seat": 0, "day": day.isoformat()}


@router.get("/days", responses=refusals(401, 422, 503, say={**DAY_422, **SIGNED_401}))
async def days(
    ctx: Ctx,
    who: Who,
    before: Annotated[str | None, Query(min_length=1, max_length=10)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_DAYS_SHOWN)] = DAYS_SHOWN,
) -> dict[str, Any]:
    """The challenge's days before `before` (today included when it is omitted), newest
    first: each with its rule set, players, best score, the optimal score once the day is
    over, and the account's score. A `before` after tomorrow lists from today."""
    if before is None:
        end = date.fromordinal(today().toordinal() + 1)
    else:
        if not _DAY.match(before):
            raise InvalidDay(reason="format", text=before[:20])
        try:
            end = date.fromisoformat(before)
        except ValueError:
            raise InvalidDay(reason="no_such_day", text=before) from None
    account_id = who.account.id if who.account is not None else None
    return await asyncio.to_thread(partial(days_view, ctx.store, end, limit, account_id))


@router.get(
    "/{day}", responses=refusals(401, 404, 422, 503, say={**DAY_404, **DAY_422, **SIGNED_401})
)
async def one_day(day: DayText, ctx: Ctx, who: Who) -> dict[str, Any]:
    """A day's leaderboard (the top 50 and your own row; ties share a rank) and histogram;
    once the day is over, its secret (to check its dice), its optimal score and each
    player's table (to replay the game)."""
    when = parse_day(day)
    account_id = who.account.id if who.account is not None else None
    return await asyncio.to_thread(day_view, ctx.store, when, account_id)


@router.get(
    "/{day}/result",
    responses=refusals(
        401,
        404,
        422,
        503,
        say={
            401: "`no_account`: sign in (or open a guest account) to see your result; "
            "`signed_out`: a bearer token that is not a live API token",
            404: "`no_daily_result`: you have no finished attempt that day; `unknown_day`",
            **DAY_422,
        },
    ),
)
async def result(day: DayText, ctx: Ctx, who: Who) -> dict[str, Any]:
    """Your finished attempt beside the optimal player's game on the same dice, turn by turn
    with the cost of each decision; your rank and percentile among the day's players, the
    day's histogram, the text to share and your streak."""
    when = parse_day(day)
    if who.account is None:
        raise NoAccount(reason="result")
    return await asyncio.to_thread(result_view, ctx.store, when, who.account.id)


@router.get(
    "/{day}/optimal",
    responses=refusals(
        403,
        404,
        422,
        503,
        say={
            403: "`daily_not_over`: the optimal game shows the day's dice: once it is over",
            404: "`no_daily_result`: nobody played that day; `unknown_day`",
            **DAY_422,
        },
    ),
)
async def optimal(day: DayText, ctx: Ctx) -> dict[str, Any]:
    """The optimal player's game on a past day's dice: its whole log, to check against the
    day's published secret."""
    when = parse_day(day)
    if not is_over(when):
        raise DailyNotOver(reason="not_over", day=str(when))
    return await asyncio.to_thread(optimal_view, ctx.store, when)
