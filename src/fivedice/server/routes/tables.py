"""The lobby: open a table, list tables, look at one, take a seat, add a computer player."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request

from fivedice.store import UnknownMatch
from fivedice.store.accounts import SeatOwner

from ..accounts import Who
from ..context import Ctx
from ..daily import check_secret_kept
from ..errors import MissingToken, UnknownTable, refusals
from ..idempotency import MAX_KEY_LENGTH
from ..lobby import check_level
from ..protocol import (
    AddBotSeat,
    CreateTable,
    EventView,
    JoinSeat,
    SeatGranted,
    TableCreated,
    TableSummary,
    TableView,
)
from ..ratelimit import connection_address
from ..registry import possible_table_id
from ..table_names import bot_name
from ..views import event_views

router = APIRouter(prefix="/api/tables", tags=["tables"])


def invite_url(request: Request, table_id: str) -> str:
    """The link that opens the table in a browser (private tables are found only by it)."""
    return f"{str(request.base_url).rstrip('/')}/?table={table_id}"


def socket_url(request: Request, table_id: str) -> str:
    """The play socket's address."""
    base = str(request.base_url).rstrip("/")
    scheme = "wss" if base.startswith("https") else "ws"
    return f"{scheme}{base[base.index(':') :]}/ws/tables/{table_id}"


CSRF_403 = {403: "`csrf_failed`: a request with the session cookie needs its `X-CSRF-Token` header"}
SEAT_403 = {
    403: "`csrf_failed`: a request with the session cookie needs its `X-CSRF-Token` header; "
    "`account_required`: a seat at a rated table needs an account (a session or API token), "
    "and one seat per account"
}
SIGNED_401 = {401: "`signed_out`: a bearer token that is not a live API token"}


@router.post(
    "",
    status_code=201,
    response_model=TableCreated,
    responses=refusals(401, 403, 409, 422, 429, 503, say={**SEAT_403, **SIGNED_401}),
)
async def create_table(
    body: CreateTable,
    ctx: Ctx,
    request: Request,
    who: Who,
    idempotency_key: Annotated[str | None, Header(max_length=MAX_KEY_LENGTH)] = None,
) -> TableCreated:
    """Open a table with every match option; seat the host (`host_name`) and computer players.

    Each client address may open a burst of tables, then a few a minute (429 beyond, with
    ``Retry-After``). With an ``Idempotency-Key`` header, a repeat of the same create (a double
    click, a retry) within ten minutes gets the first answer instead of a second table, and
    costs nothing of the address's budget. Signed in (session cookie or API token), the
    host's seat is the account's. A rated table takes no computer seats (409
    ``computer_in_rated_match``), has undo and hints off unless asked (asked on: 422
    ``rated_options_conflict``), and seats its host only with an account (403
    ``account_required``)."""
    address = connection_address(request, ctx.limits.proxies)
    owner = who.owner
    return await ctx.creates.once(
        address, idempotency_key, lambda: _create(body, ctx, request, address, owner)
    )


async def _create(
    body: CreateTable, ctx: Ctx, request: Request, address: str, owner: SeatOwner | None
) -> TableCreated:
    """The create itself, within the address's budget."""
    ctx.take_table_token(address)
    names: list[str] = [body.host_name] if body.host_name else []
    bots: list[tuple[str, str]] = []
    for bot in body.bots:
        check_level(ctx, bot.level)
        name = bot.name or bot_name(bot.level, names)
        names.append(name)
        bots.append((name, bot.level))
    table, seat, token = await ctx.registry.create(body, bots, owner)
    return TableCreated(
        table_id=table.id,
        invite_url=invite_url(request, table.id),
        ws_url=socket_url(request, table.id),
        seat=seat,
        token=token,
    )


@router.get("", response_model=list[TableSummary], responses=refusals(422))
async def list_tables(
    ctx: Ctx,
    request: Request,
    phase: Annotated[Literal["waiting", "playing"] | None, Query()] = None,
) -> list[dict[str, Any]]:
    """Listed tables that have not finished; `phase=waiting` for those still open to join."""
    return [
        {**entry, "invite_url": invite_url(request, entry["id"])}
        for entry in await ctx.nodes.listing.entries()
        if phase is None or entry["phase"] == phase
    ]


DAILY_403 = {403: "`daily_not_over`: a daily challenge's table is its player's until the day ends"}


async def check_daily(ctx: Ctx, table_id: str, who: Who) -> None:
    """Refuse a daily challenge's table to all but its player until the day is over."""
    if not possible_table_id(table_id):
        raise UnknownTable(reason="no_such")
    account = who.account.id if who.account is not None else None
    await asyncio.to_thread(check_secret_kept, ctx.store, table_id, account)


@router.get(
    "/{table_id}",
    response_model=TableView,
    responses=refusals(401, 403, 404, 503, say={**DAILY_403, **SIGNED_401}),
)
async def get_table(table_id: str, ctx: Ctx, who: Who) -> dict[str, Any]:
    """The table as its clients see it (a daily challenge's: its player's alone until the day
    is over)."""
    view: dict[str, Any] = await ctx.nodes.call(table_id, "view", {})
    if view.get("daily") is not None:  # any other table is served from memory alone
        await check_daily(ctx, table_id, who)
    return view


@router.get(
    "/{table_id}/events",
    response_model=list[EventView],
    responses=refusals(401, 403, 404, 422, 503, say={**DAILY_403, **SIGNED_401}),
)
async def table_events(
    table_id: str, ctx: Ctx, who: Who, after: Annotated[int, Query(ge=0)] = 0
) -> list[dict[str, Any]]:
    """The table's committed events after sequence number `after` (from the log: any node
    answers; a daily challenge's: its player's alone until the day is over)."""
    await check_daily(ctx, table_id, who)
    try:
        events = await asyncio.to_thread(ctx.store.load_events, table_id, after)
    except UnknownMatch:
        raise UnknownTable(reason="no_table", table=table_id) from None
    return event_views(enumerate(events, start=after + 1))


@router.post(
    "/{table_id}/seats",
    status_code=201,
    response_model=SeatGranted,
    responses=refusals(401, 403, 404, 409, 422, 503, say={**SEAT_403, **SIGNED_401}),
)
async def take_seat(table_id: str, body: JoinSeat, ctx: Ctx, who: Who) -> SeatGranted:
    """Join as a player by name, before the start; keep the token it returns. Signed in, the
    seat is the account's (its first at this table), so it can be resumed anywhere. A rated
    table seats accounts only, one seat each (403 ``account_required``)."""
    owner = who.owner
    args: dict[str, Any] = {"name": body.name}
    if owner is not None:
        args["owner"] = dataclasses.asdict(owner)
    granted = await ctx.nodes.call(table_id, "seat", args)
    return SeatGranted(table_id=table_id, seat=granted["seat"], token=granted["token"])


@router.post(
    "/{table_id}/resume",
    response_model=SeatGranted,
    responses=refusals(
        401,
        403,
        404,
        503,
        say={
            **CSRF_403,
            401: "`signed_out`: resuming needs the account (session cookie or API token)",
            404: "`unknown_table`, or `no_seat`: the account holds no seat here (or it left)",
        },
    ),
)
async def resume(table_id: str, ctx: Ctx, who: Who) -> SeatGranted:
    """The seat the account holds at this table, with a new seat token for this browser or
    program; the token given before stops working (the seat follows the account)."""
    account = who.need_account()
    granted = await ctx.nodes.call(table_id, "resume", {"account_id": account.id})
    return SeatGranted(table_id=table_id, seat=granted["seat"], token=granted["token"])


@router.post("/{table_id}/bots", status_code=201, responses=refusals(401, 403, 404, 409, 422, 503))
async def add_computer(
    table_id: str,
    body: AddBotSeat,
    ctx: Ctx,
    x_seat_token: Annotated[str | None, Header()] = None,
) -> dict[str, int]:
    """The host seats a computer player (host's token in the ``X-Seat-Token`` header)."""
    if not x_seat_token:
        raise MissingToken()
    added: dict[str, int] = await ctx.nodes.call(
        table_id, "bot", {"token": x_seat_token, "level": body.level, "name": body.name}
    )
    return added
