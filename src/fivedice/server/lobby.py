"""Seating: the operations the REST routes and the socket share (take a seat, resume an
account's seat, add a computer player), each going through the referee so it is stored
before anyone hears of it."""

from __future__ import annotations

from fivedice.rules import Match
from fivedice.rules.errors import NotHost
from fivedice.store.accounts import SeatOwner

from .context import ServerContext
from .errors import AccountRequired, NoSeat, NotAvailable
from .table import Table, new_token, token_digest
from .table_names import bot_name


async def join_seat(
    ctx: ServerContext, table: Table, name: str, owner: SeatOwner | None = None
) -> tuple[int, str]:
    """Seat a player by name; returns the seat and its token (stored with the seat). The
    seat is `owner`'s (the account signed in) unless that account holds a seat here already:
    the further seats a browser takes at one table are its pass-and-play guests. At a rated
    table every seat is an account's: a seat without one is refused (``account_required``)."""
    token = new_token()
    digest = token_digest(token)
    if owner is not None and table.seat_of(owner.account_id) is not None:
        owner = None
        if table.state.options.rated:
            raise AccountRequired(reason="already_seated")
    elif owner is None and table.state.options.rated:
        raise AccountRequired(reason="sign_in")
    held = owner
    seat = await ctx.referee.perform(
        table,
        lambda match: match.join(name),
        grant=lambda seat: [(seat, digest)],
        owners=lambda seat: [(seat, held)] if held is not None else [],
    )
    return seat, token


async def resume_seat(ctx: ServerContext, table: Table, account_id: int) -> tuple[int, str]:
    """The seat the account holds here, with a new token for this browser (the old token
    stops working: the seat follows its account to the browser that resumed it last)."""
    seat = table.seat_of(account_id)
    if seat is None:
        raise NoSeat()
    token = new_token()
    await ctx.referee.replace_token(table, seat, token_digest(token))
    return seat, token


def check_level(ctx: ServerContext, level: str) -> str:
    """A computer level this server offers, or the refusal that lists those it does."""
    levels = ctx.bots.levels()
    if level not in levels:
        if not levels:
            raise NotAvailable(reason="level_none", level=level)
        raise NotAvailable(reason="level", level=level, offered=", ".join(levels))
    return level


async def add_bot(
    ctx: ServerContext, table: Table, host_seat: int, level: str, name: str | None
) -> int:
    """The host seats a computer player before the start; returns its seat."""
    check_level(ctx, level)
    taken = [p.name for p in table.state.players]

    def seat_bot(match: Match) -> int:
        if match.state.host != host_seat:
            raise NotHost(reason="add_computer")
        return match.join(name or bot_name(level, taken), bot=level)

    return await ctx.referee.perform(table, seat_bot)


def run_opened(ctx: ServerContext, table: Table) -> None:
    """Set a table just opened (:meth:`TableRegistry.open`) going on this node: its clock, its
    computer players, its lobby line. In a cluster nothing runs yet: the node its first
    client reaches takes the table, as with any new table."""
    if not ctx.registry.keep_created:
        return
    ctx.referee.clock.schedule(table)
    ctx.bots.schedule(table)
    for hook in ctx.referee.after_change:
        hook(table)
