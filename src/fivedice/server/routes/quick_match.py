"""Quick match ("Play now"): queue, poll, cancel, or take the computer after the wait.

Only an account (a guest is one) may queue; the page asks about its ticket (a long poll:
answered when the ticket changes, or after a few seconds) until it says where the player
sits. Each route answers for the ticket's own account only.
"""

from __future__ import annotations

import math
import time
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from fivedice.rules import preset

from ..accounts import Who
from ..context import Ctx, ServerContext
from ..errors import RateLimited, refusals
from ..protocol import QuickMatchRequest, QuickMatchTicket
from ..quickmatch import MAX_POLL_WAIT
from ..quickqueue import EXPIRED, FORMING, SEATED, Ticket
from ..ratelimit import connection_address

router = APIRouter(prefix="/api/quick-match", tags=["quick match"])

TicketId = Annotated[str, Path(min_length=1, max_length=64)]

SAY = {
    401: "`signed_out`: quick match needs an account (a guest's will do): no live session "
    "cookie or API token",
    403: "`csrf_failed`: a write with the session cookie needs its `X-CSRF-Token` header",
    404: "`unknown_ticket`: no such ticket for your account (another account's is unknown too)",
    409: "`already_seated` (the ticket has its table: go there), `not_waiting` (cancelled or "
    "expired), `computer_not_offered` (the wait is not over yet)",
    422: "`invalid_request` (a field of the wrong shape, see `detail`), `unknown_preset`, "
    "`not_available` (this server has no computer players)",
    429: "`rate_limited`: too many quick-match tickets from your address; `Retry-After` says "
    "when to try again",
}


def ticket_view(ctx: ServerContext, ticket: Ticket) -> QuickMatchTicket:
    """A ticket as its player sees it: the seat token only once seated."""
    now = time.time()
    quick = ctx.quick
    state = ticket.state
    if state == FORMING and not ticket.live(now):
        state = EXPIRED  # its matchmaker went away before seating it
    seated = state == SEATED
    return QuickMatchTicket(
        ticket=ticket.id,
        state=state,  # type: ignore[arg-type]
        preset=ticket.preset,
        seats=ticket.seats,
        rating=ticket.rating,
        waited_seconds=round(max(0.0, (ticket.seated_at or now) - ticket.since), 3),
        rating_range=quick.range_of(ticket, now),
        computer_offered=quick.computer_offered(ticket, now),
        computer_after_seconds=quick.wait,
        table_id=ticket.table_id if seated else None,
        seat=ticket.seat if seated else None,
        token=ticket.token if seated else None,
        computer=ticket.computer,
    )


def _take_budget(ctx: ServerContext, request: Request) -> None:
    """Count a ticket (or a computer table) against the address's budget."""
    address = connection_address(request, ctx.limits.proxies)
    wait = ctx.limits.quick_matches.take(address)
    if wait:
        raise RateLimited(reason="quick_matches", seconds=math.ceil(wait), retry_after=wait)


@router.post(
    "",
    status_code=201,
    response_model=QuickMatchTicket,
    responses=refusals(401, 403, 422, 429, 503, say=SAY),
)
async def play_now(
    body: QuickMatchRequest, ctx: Ctx, who: Who, request: Request, response: Response
) -> QuickMatchTicket:
    """Queue for a table of `seats` players (2 to 4) with rule set `preset`. The account's
    live ticket, if it has one, is answered instead (200): one ticket per account."""
    account = who.need_account()
    owner = who.owner
    assert owner is not None
    held = await ctx.quick.find_live(account.id)
    if held is not None:
        response.status_code = 200
        return ticket_view(ctx, held)
    preset(body.preset)  # an unknown rule set is refused before the budget is touched
    _take_budget(ctx, request)
    ticket, new = await ctx.quick.join(owner, body.preset, body.seats)
    if not new:
        response.status_code = 200
    return ticket_view(ctx, ticket)


@router.get(
    "/{ticket_id}", response_model=QuickMatchTicket, responses=refusals(401, 404, 422, 503, say=SAY)
)
async def poll_ticket(
    ticket_id: TicketId,
    ctx: Ctx,
    who: Who,
    wait: Annotated[float, Query(ge=0, le=MAX_POLL_WAIT)] = 0.0,
) -> QuickMatchTicket:
    """The ticket: still waiting (ask again; a ticket not asked about for 20 s is dropped),
    or seated, with the table, seat and seat token. With `wait` (up to 15 s), a waiting
    ticket is answered as soon as it changes, or after that long."""
    account = who.need_account()
    return ticket_view(ctx, await ctx.quick.poll(ticket_id, account.id, wait))


@router.delete(
    "/{ticket_id}", status_code=204, responses=refusals(401, 403, 404, 409, 422, 503, say=SAY)
)
async def cancel_ticket(ticket_id: TicketId, ctx: Ctx, who: Who) -> None:
    """Leave the queue (nothing happens to a ticket already cancelled or expired; one already
    seated is refused with ``already_seated``)."""
    account = who.need_account()
    await ctx.quick.cancel(ticket_id, account.id)


@router.post(
    "/{ticket_id}/computer",
    status_code=201,
    response_model=QuickMatchTicket,
    responses=refusals(401, 403, 404, 409, 422, 429, 503, say=SAY),
)
async def play_computer(
    ticket_id: TicketId, ctx: Ctx, who: Who, request: Request
) -> QuickMatchTicket:
    """After the wait, leave the queue for a table against a computer player (not rated),
    started at once; the answer is the seated ticket."""
    account = who.need_account()
    ticket = await ctx.quick.mine(ticket_id, account.id)
    ctx.quick.computer_for(ticket, time.time())  # a refusal costs no budget
    _take_budget(ctx, request)
    return ticket_view(ctx, await ctx.quick.play_computer(ticket_id, account.id))
