"""Rematch: after a match, a player offers another with the same options, players and
computer players; the others accept or decline. Once every person still at the table who is
connected has answered, the new table opens (already started) and each player who accepted is
sent a ``rematch`` message with their new seat and token; spectators are told where it is.

The offer lives on the finished table, in its owner's memory, changed under the table's lock.
A seat held by an account is held by it at the rematch too, so a rated table's rematch is
rated for the same accounts.
"""

from __future__ import annotations

import logging
from typing import Any

from fivedice.rules import Match, Phase
from fivedice.store.accounts import SeatOwner

from .context import ServerContext
from .errors import Refusal
from .hub import Client
from .lobby import run_opened
from .registry import DICE
from .table import RematchOffer, Table

log = logging.getLogger("fivedice.server.rematch")


async def answer_rematch(
    ctx: ServerContext, table: Table, client: Client, seat: int, accept: bool
) -> None:
    """Offer a rematch (the first `accept`), or answer the offer, for `seat` from `client`'s
    socket (one screen may answer for several seats); open it once all answered."""
    async with table.lock:
        state = table.state
        if state.phase is not Phase.FINISHED:
            raise Refusal(code="not_finished")
        offer = table.rematch
        if offer is not None and offer.table_id is not None:
            raise Refusal(code="rematch_opened")
        if offer is None or (offer.offered_by not in offer.accepted):
            if not accept:
                raise Refusal(code="no_rematch")
            offer = table.rematch = RematchOffer(seat, {seat}, set())
        elif accept:
            offer.accepted.add(seat)
            offer.declined.discard(seat)
        else:
            offer.declined.add(seat)
            offer.accepted.discard(seat)
        offer.answered_from[seat] = client.id
        ready = _everyone_answered(table, offer)
        if ready and _worth_playing(table, offer):
            await _open(ctx, table, offer)
        elif ready and offer.offered_by in offer.accepted:
            offer.accepted.clear()  # everyone else declined: the offer lapses
    ctx.referee.refresh(table)


def people_at_end(table: Table) -> list[int]:
    """The persons still playing when the match ended, in seat order."""
    return [p.seat for p in table.state.players if p.is_playing and p.bot is None]


def _everyone_answered(table: Table, offer: RematchOffer) -> bool:
    """Every person still at the table who is connected has answered (those away are not
    waited for: they are simply not in the rematch)."""
    answered = offer.accepted | offer.declined
    return all(seat in answered for seat in people_at_end(table) if table.away_since(seat) is None)


def _worth_playing(table: Table, offer: RematchOffer) -> bool:
    """A rematch opens when it has a game in it: two seats or more, or the same single
    player as before (a solo match)."""
    bots = [p for p in table.state.players if p.is_playing and p.bot is not None]
    return len(offer.accepted) + len(bots) >= 2 or len(table.state.players) == 1


async def _open(ctx: ServerContext, table: Table, offer: RematchOffer) -> None:
    """Open the new table and send each accepting player's sockets their seat and token."""
    state = table.state
    accepted = [seat for seat in people_at_end(table) if seat in offer.accepted]
    bots = [(p.name, p.bot) for p in state.players if p.is_playing and p.bot is not None]
    match = Match.create(state.rules, state.options, DICE)
    names = [state.player(seat).name for seat in accepted]
    owners = [_still_held(table, seat) for seat in accepted]  # accounts keep their seats
    new, seated = await ctx.registry.open(
        match,
        names,
        bots,
        table.name,
        table.listed,
        start=True,
        title=table.title,
        owners=owners,
        at_one_screen=table.at_one_screen,
    )
    offer.table_id = new.id
    run_opened(ctx, new)
    grants = {old: granted for old, granted in zip(accepted, seated, strict=True)}
    offer.grants = grants
    log.info("rematch opened", extra={"table": table.id, "rematch": new.id})
    for client in list(ctx.hub.clients(table.id)):
        tell(ctx, client, offer)


def _still_held(table: Table, seat: int) -> SeatOwner | None:
    """The account holding `seat`, which holds the rematch's seat too (a deleted one none)."""
    owner = table.owners.get(seat)
    return owner if owner is not None and owner.kind != "deleted" else None


def tell(ctx: ServerContext, client: Client, offer: RematchOffer) -> None:
    """Send a client where the rematch is, with the new seat and token of each player in it
    that the client speaks for (its own seat, and the seats that answered from it)."""
    if offer.table_id is None:
        return
    mine = {seat for seat, cid in offer.answered_from.items() if cid == client.id}
    if client.seat is not None:
        mine.add(client.seat)
        mine.update(client.also_seats)
    seats = [
        {"seat": offer.grants[old][0], "token": offer.grants[old][1]}
        for old in sorted(mine)
        if old in offer.grants
    ]
    if mine and not seats:
        return  # a player who declined stays where they are
    message: dict[str, Any] = {"type": "rematch", "table_id": offer.table_id, "seats": seats}
    ctx.hub.send(client, message)
