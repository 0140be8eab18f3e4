"""What each client message does: the socket's messages turned into referee actions.

Every refusal raised here (a :class:`Refusal` or a rules error) goes back to the sender alone
as an ``error``; nothing else changes.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from fivedice.rules import Match, NotHost, Phase
from fivedice.rules.match import check_name

from .context import ServerContext
from .daily import is_hidden_daily
from .errors import DailyNotOver, RateLimited, Refusal
from .hub import Client
from .lobby import add_bot, join_seat
from .protocol import (
    PROTOCOL_VERSION,
    AddBot,
    Chat,
    Hello,
    HoldDice,
    Join,
    Leave,
    Ping,
    Rematch,
    Remove,
    Roll,
    Score,
    Skip,
    Start,
    Undo,
)
from .rematch import answer_rematch, tell
from .table import Spectator, Table
from .views import update_message, welcome_message

T = TypeVar("T")


def check_fresh(table: Table, seen: int, client: int | None = None, after: object = None) -> None:
    """Refuse an intent sent from a view the match has moved on from (``stale``): a second
    click on Roll, sent before the first one's update arrived, acts once. An intent that
    follows the same socket's own (`after`) may come from the view before them."""
    if not table.is_fresh_for(seen, client, after):
        raise Refusal(code="stale", seen=seen, now=table.seq)


def away_player(table: Table, host: int, seat: int) -> int:
    """`seat`, if `host` is the host and the player can be skipped or removed now: before the
    start anyone; during the match only a person who is away (``not_away`` otherwise)."""
    state = table.state
    if state.host != host:
        raise NotHost(reason="host_only")
    if state.phase is Phase.WAITING:
        return seat
    player = state.player(seat)
    if player.bot is not None or table.away_since(seat) is None:
        raise Refusal(code="not_away", name=player.name)
    return seat


async def handle(ctx: ServerContext, table: Table, client: Client, message: object) -> None:
    """Carry out one validated client message."""
    if isinstance(message, Hello):
        await hello(ctx, table, client, message)
        return
    if not client.greeted:
        raise Refusal(code="hello_first")
    started = time.perf_counter()
    referee = ctx.referee
    seen = getattr(message, "seq", None)
    after = getattr(message, "after", None)
    by = (client.id, getattr(message, "id", None))

    def perform(table: Table, action: Callable[[Match], T]) -> Awaitable[T]:
        """The referee's perform, refusing a stale intent under the table's lock; the moves
        it makes are this client's (an intent sent after it may follow them)."""
        if seen is None:
            return referee.perform(table, action, by=by)

        def fresh_action(match: Match) -> T:
            check_fresh(table, seen, client.id, after)
            return action(match)

        return referee.perform(table, fresh_action, by=by)

    match message:
        case Ping():
            ctx.hub.send(client, {"type": "pong", "id": message.id, "server_time": time.time()})
            return
        case Chat():
            await chat(ctx, table, client, message)
        case Join():
            await join(ctx, table, client, message)
        case HoldDice():
            seat = table.seat_for(message.token)
            await perform(table, lambda m: m.hold(seat, message.positions))
        case Roll():
            seat = table.seat_for(message.token)
            await perform(table, lambda m: m.roll(seat, message.hold))
        case Score():
            seat = table.seat_for(message.token)
            await perform(table, lambda m: m.score(seat, message.category))
        case Undo():
            seat = table.seat_for(message.token)
            await perform(table, lambda m: m.undo(seat))
        case Start():
            seat = table.seat_for(message.token)
            await perform(table, lambda m: m.start(seat))
        case Leave():
            seat = table.seat_for(message.token)
            await perform(table, lambda m: m.leave(seat))
        case Remove():
            seat = table.seat_for(message.token)
            target = message.seat
            await perform(table, lambda m: m.remove(seat, away_player(table, seat, target)))
        case Skip():
            seat = table.seat_for(message.token)
            target = message.seat
            await perform(table, lambda m: m.pass_absent(away_player(table, seat, target), seat))
        case AddBot():
            seat = table.seat_for(message.token)
            if message.seq is not None:
                check_fresh(table, message.seq, client.id, message.after)
            await add_bot(ctx, table, seat, message.level, message.name)
        case Rematch():
            seat = table.seat_for(message.token)
            if table.daily is not None:
                raise Refusal(code="daily_no_rematch")
            await answer_rematch(ctx, table, client, seat, message.accept)
        case _:
            raise Refusal(code="unexpected_message")
    ctx.metrics.moves.labels(message.type).inc()
    ctx.metrics.intent_seconds.observe(time.perf_counter() - started)


async def hello(ctx: ServerContext, table: Table, client: Client, message: Hello) -> None:
    """Greet a client: bind its seat (or its spectator name), send what it missed."""
    if client.greeted:
        raise Refusal(code="already_greeted")
    if message.protocol != PROTOCOL_VERSION:
        raise Refusal(code="protocol_version", speaks=PROTOCOL_VERSION, given=message.protocol)
    seat = table.seat_for(message.token) if message.token is not None else None
    if seat is None and is_hidden_daily(table):
        raise DailyNotOver(reason="watch")
    also = {table.seat_for(token) for token in message.also} if seat is not None else set()
    also.discard(seat)
    name = check_name(message.name) if message.name else None
    async with table.lock:
        table.came(seat)
        for other in sorted(also):
            table.came(other)
        client.also_seats = tuple(sorted(also))
        if seat is not None:
            client.seat = seat
        else:
            client.spectator_name = name or table.unnamed_spectator()
            table.spectators[client.id] = Spectator(client.spectator_name)
        client.greeted = True
        ctx.hub.send(client, welcome_message(table, seat, ctx.bots.levels()))
        catch_up = update_message(
            table,
            table.events_after(message.last_seq),
            ctx.settings.chat_lines_shown,
            ctx.settings.spectators_listed,
        )
        ctx.hub.send(client, catch_up)
        offer = table.rematch
        if offer is not None and seat is not None and seat in offer.grants:
            tell(ctx, client, offer)  # back after the rematch opened: here is your seat
        ctx.referee.clock.schedule(table)  # a player back in time: their absence is off
        ctx.referee.refresh(table, exclude=client)


def goodbye(ctx: ServerContext, table: Table, client: Client) -> None:
    """A socket closed: the seat shows as disconnected (the player has not left)."""
    if not client.greeted:
        return
    table.went(client.seat)
    for other in client.also_seats:
        table.went(other)
    if client.seat is None:
        table.spectators.pop(client.id, None)
    ctx.referee.clock.schedule(table)  # away on their turn: the grace time starts
    ctx.referee.refresh(table, exclude=client)


async def join(ctx: ServerContext, table: Table, client: Client, message: Join) -> None:
    """Take a seat from the socket: answered with ``joined`` (seat and token)."""
    seat, token = await join_seat(ctx, table, message.name)
    ctx.hub.send(client, {"type": "joined", "id": message.id, "seat": seat, "token": token})
    if client.seat is None:  # the watcher is now this seat's player
        table.spectators.pop(client.id, None)
        client.seat = seat
        table.came(seat)
        ctx.referee.refresh(table)


async def chat(ctx: ServerContext, table: Table, client: Client, message: Chat) -> None:
    """A chat line, signed by the seat (token) or by the spectator's name."""
    if not client.chat.allow():
        raise RateLimited(reason="chat")
    seat = table.seat_for(message.token) if message.token is not None else client.seat
    if seat is not None:
        author = table.state.player(seat).name
    else:
        author = client.spectator_name or "Spectator"
    await ctx.referee.perform(table, lambda m: m.chat(author, message.text, seat))
