"""Quick match ("Play now"): a signed-in player queues for a rule set and a table size, and is
seated at a rated table with players of close rating, or, after the wait, may take a computer
opponent instead.

Every node runs the same matching loop (every ``PASS_SECONDS``); in a cluster a pass runs
only on the node holding the pass's Redis lock at that moment, and the queue's atomic claim
(:meth:`QuickQueue.claim`) is the fence behind the lock: a group is seated once even if two
passes overlap (a lock that ran out mid-pass). The claimed group is handed out (in a
cluster, through a Redis list, so every node opens its share of the tables); the node that
takes it opens the table through the registry, exactly as a rematch does (seats, tokens and
the accounts' seats in one stored transaction), and writes each ticket's table and seat
token, which the player's next poll picks up through any node.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from fivedice.rules import Match, MatchOptions, preset
from fivedice.store import current_rating
from fivedice.store.accounts import SeatOwner

from .errors import NotAvailable, Refusal, UnknownTicket
from .matchmaking import Waiting, Widening, form_groups
from .quickqueue import (
    EXPIRED,
    FORMING,
    SEATED,
    WAITING,
    MemoryQueue,
    QuickQueue,
    RedisQueue,
    Ticket,
    new_ticket_id,
)
from .registry import DICE
from .table_names import bot_name, title_text

if TYPE_CHECKING:
    from .context import ServerContext

log = logging.getLogger("fivedice.server.quickmatch")

PASS_SECONDS = 0.5  # how often the queues are matched
LOCK_SECONDS = 5.0  # the most one pass may hold the lock (it lets go as soon as it is done)
STALE_SECONDS = 20.0  # a waiting ticket nobody polled this long is dropped (the page closed)
COMPUTER_LEVEL = "good-human"  # the computer opponent offered, when this server has it
QUICK_MATCH_TITLE = {"kind": "quick_match"}  # each viewer reads it in their language
MAX_POLL_WAIT = 15.0  # the longest a poll may wait for news (under STALE_SECONDS)
LONG_POLL_STEP = 0.25  # how often the waiting polls' tickets are looked at
POLLS_PER_TICKET = 4  # long polls that may wait on one ticket at once (tabs of one browser)


class QuickMatch:
    """The node's part in quick match: tickets in, polls answered, groups seated."""

    def __init__(
        self, ctx: ServerContext, queue: QuickQueue, widening: Widening | None = None
    ) -> None:
        self.ctx = ctx
        self.queue = queue
        self.widening = widening or Widening()
        self.wait = ctx.settings.quick_match_wait
        self.holder = f"{ctx.settings.node} {secrets.token_hex(4)}"
        self._task: asyncio.Task[None] | None = None
        self._opener: asyncio.Task[None] | None = None
        self._opening: set[asyncio.Task[None]] = set()
        self._watch = TicketWatch(queue)

    @classmethod
    def start(cls, ctx: ServerContext, redis: object | None) -> QuickMatch:
        """The service on this node, its loop running: tickets in Redis when clustered."""
        queue: QuickQueue = RedisQueue(redis) if redis is not None else MemoryQueue()  # type: ignore[arg-type]
        service = cls(ctx, queue)
        service._task = asyncio.create_task(service._loop(), name="fivedice-quick-match")
        service._opener = asyncio.create_task(service._open_groups(), name="fivedice-quick-open")
        return service

    async def stop(self) -> None:
        """Stop matching; wait for tables being opened."""
        for task in (self._task, self._opener):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self._watch.close()
        if self._opening:
            await asyncio.gather(*self._opening, return_exceptions=True)
        await self.queue.close()

    # What the routes ask -------------------------------------------------------------------

    async def join(self, owner: SeatOwner, preset_name: str, seats: int) -> tuple[Ticket, bool]:
        """Queue the account (or give back its live ticket); True when the ticket is new."""
        rules = preset(preset_name)  # an unknown rule set is refused before anything changes
        rating = await asyncio.to_thread(
            current_rating, self.ctx.store, rules.family, str(owner.account_id)
        )
        now = time.time()
        ticket = Ticket(
            id=new_ticket_id(),
            account_id=owner.account_id,
            name=owner.name,
            kind=owner.kind,
            program=owner.program,
            preset=rules.name,
            seats=seats,
            rating=rating.shown if rating is not None else 0.0,
            since=now,
            seen=now,
        )
        held, new = await self.queue.enqueue(ticket)
        if new:
            log.info("quick match queued", extra={"account": owner.account_id, "queue": held.queue})
        return held, new

    async def find_live(self, account_id: int) -> Ticket | None:
        """The account's live ticket, if it has one."""
        held = await self.queue.held(account_id)
        return held if held is not None and held.live(time.time()) else None

    async def mine(self, ticket_id: str, account_id: int) -> Ticket:
        """The account's own ticket; another account's is as unknown as one that never was,
        so a ticket id alone reveals nothing, the seat token least of all."""
        ticket = await self.queue.get(ticket_id)
        if ticket is None or ticket.account_id != account_id:
            raise UnknownTicket()
        return ticket

    async def poll(self, ticket_id: str, account_id: int, wait: float = 0.0) -> Ticket:
        """The ticket as it stands; the poll keeps a waiting ticket alive. With `wait`, a
        waiting ticket is answered when it changes (seated, dropped, the computer offered)
        or after `wait` seconds, whichever is first: one request, checked by the account
        once, instead of a poll a second."""
        ticket = await self.mine(ticket_id, account_id)
        if ticket.state not in (WAITING, FORMING):
            return ticket
        now = time.time()
        await self.queue.polled(ticket.id, now)
        ticket = replace(ticket, seen=now)
        wait = min(max(wait, 0.0), MAX_POLL_WAIT)
        offer = ticket.since + self.wait  # the moment the computer is offered: news too
        if now < offer:
            wait = min(wait, offer - now + 0.05)  # just past it: timers may fire a hair early
        if wait <= 0:
            return ticket
        changed = await self._watch.until_changed(ticket.id, wait)
        now = time.time()
        if not changed:
            await self.queue.polled(ticket.id, now)  # still wanted at the end of the wait
            return replace(ticket, seen=now)
        return await self.queue.get(ticket.id) or ticket

    async def cancel(self, ticket_id: str, account_id: int) -> Ticket:
        """Leave the queue; a ticket already seated stays seated (409)."""
        ticket = await self.mine(ticket_id, account_id)
        if ticket.state == SEATED:
            raise Refusal(code="already_seated", reason="seated")
        if ticket.state != WAITING:
            return ticket
        after = await self.queue.cancel(ticket)
        if after is not None and after.state == SEATED:
            raise Refusal(code="already_seated", reason="meanwhile")
        return after or ticket

    def range_of(self, ticket: Ticket, now: float) -> float:
        """The rating distance the ticket accepts now."""
        return self.widening.range_after(now - ticket.since)

    def computer_offered(self, ticket: Ticket, now: float) -> bool:
        """Whether the player may take a computer opponent instead (waiting, the wait over)."""
        return ticket.state == WAITING and now - ticket.since >= self.wait

    def computer_for(self, ticket: Ticket, now: float) -> str:
        """The computer level the ticket's player may take now, or the refusal that says why
        not (checked before anything is spent or changed)."""
        if ticket.state == SEATED:
            raise Refusal(code="already_seated", reason="seated")
        if ticket.state != WAITING:
            raise Refusal(code="not_waiting")
        if not self.computer_offered(ticket, now):
            left = self.wait - (now - ticket.since)
            raise Refusal(code="computer_not_offered", after=self.wait, left=round(left))
        levels = self.ctx.bots.levels()
        if not levels:
            raise NotAvailable(reason="no_computer")
        return COMPUTER_LEVEL if COMPUTER_LEVEL in levels else levels[0]

    async def play_computer(self, ticket_id: str, account_id: int) -> Ticket:
        """Take the ticket out of the queue and seat its player against a computer (not
        rated), once the wait is over."""
        from .lobby import run_opened  # lobby needs the context, which needs this

        ticket = await self.mine(ticket_id, account_id)
        now = time.time()
        level = self.computer_for(ticket, now)
        if not await self.queue.claim([ticket], now):
            current = await self.queue.get(ticket.id)
            if current is not None and current.state == SEATED:
                return current
            raise Refusal(code="not_waiting")
        ticket = replace(ticket, computer=True)
        match = Match.create(preset(ticket.preset), MatchOptions(seats=2), DICE)
        opponent = (bot_name(level, [ticket.name]), level)
        # The same table as the lobby's "against the computer": named so, at one screen.
        title = {"kind": "versus_computer", "player": ticket.name, "level": level}
        try:
            table, seated = await self.ctx.registry.open(
                match,
                [ticket.name],
                [opponent],
                title_text(title),
                False,
                start=True,
                title=title,
                owners=[_owner(ticket)],
                at_one_screen=True,
            )
        except BaseException:
            await self.queue.unclaim([ticket])
            raise
        run_opened(self.ctx, table)
        seat, token = seated[0]
        await self.queue.seat(ticket, table.id, seat, token)
        log.info("quick match against the computer", extra={"table": table.id})
        return replace(
            ticket, state=SEATED, table_id=table.id, seat=seat, token=token, seated_at=time.time()
        )

    # Matching ------------------------------------------------------------------------------

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(PASS_SECONDS)
            try:
                await self.match_once()
            except Exception as exc:  # Redis or the store away: the next pass tries again
                log.warning("quick match pass failed", extra={"error": repr(exc)})

    async def match_once(self, now: float | None = None) -> int:
        """One matching pass over every queue, if this node holds the pass now; returns the
        number of groups claimed (their tables open in the background)."""
        if not await self.queue.lock(self.holder, LOCK_SECONDS):
            return 0
        try:
            formed = 0
            for name in await self.queue.queues():
                formed += await self._match_queue(name, time.time() if now is None else now)
            return formed
        finally:
            await self.queue.unlock(self.holder)

    async def _match_queue(self, name: str, now: float) -> int:
        tickets = await self.queue.waiting(name)
        live: list[Ticket] = []
        for ticket in tickets:
            if now - ticket.seen > STALE_SECONDS:
                await self.queue.cancel(ticket, EXPIRED)
            else:
                live.append(ticket)
        if len(live) < 2:
            return 0
        by_id = {t.id: t for t in live}
        waiting = [Waiting(t.id, t.rating, t.since) for t in live]
        groups = [
            [by_id[w.ticket] for w in group]
            for group in form_groups(waiting, live[0].seats, now, self.widening)
        ]
        claimed = await self.queue.claim_all(groups, now)
        # A group not claimed lost a ticket to another pass: the rest wait for the next.
        formed = [group for group, won in zip(groups, claimed, strict=True) if won]
        await self.queue.hand_out(formed)
        return len(formed)

    async def _open_groups(self) -> None:
        """Open the tables of claimed groups as they are handed out: on one node, this node's
        own; on several, any node's, so the tables of a busy moment are opened (and stored)
        by every node at once, not all by the node that matched them."""
        while True:
            try:
                groups = await self.queue.next_groups(1.0)
            except Exception as exc:  # Redis away: try again in a moment
                log.warning("quick match groups not read", extra={"error": repr(exc)})
                await asyncio.sleep(1.0)
                continue
            for group in groups:
                self._spawn_open(group)

    def _spawn_open(self, group: list[Ticket]) -> None:
        task = asyncio.create_task(self._open(group), name="fivedice-quick-table")
        self._opening.add(task)
        task.add_done_callback(self._opening.discard)

    async def _open(self, members: list[Ticket]) -> None:
        """Open a rated table for a claimed group, started, each player seated as their
        account; then tell each ticket where its player sits."""
        from .lobby import run_opened

        first = members[0]
        options = MatchOptions(seats=first.seats, undo_allowed=False, hints=False, rated=True)
        match = Match.create(preset(first.preset), options, DICE)
        names = [t.name for t in members]
        try:
            table, seated = await self.ctx.registry.open(
                match,
                names,
                [],
                title_text(QUICK_MATCH_TITLE),
                False,
                start=True,
                title=QUICK_MATCH_TITLE,
                owners=[_owner(t) for t in members],
            )
        except Exception as exc:
            log.warning("quick match table not opened", extra={"error": repr(exc)})
            await self.queue.unclaim(members)
            return
        run_opened(self.ctx, table)
        for ticket, (seat, token) in zip(members, seated, strict=True):
            await self.queue.seat(ticket, table.id, seat, token)
        log.info("quick match seated", extra={"table": table.id, "players": len(members)})


class TicketWatch:
    """The long polls of this node, all served by one look at the queue every
    ``LONG_POLL_STEP`` (one Redis round trip for all of them), not one look per poll."""

    def __init__(self, queue: QuickQueue) -> None:
        self.queue = queue
        self.waiters: dict[str, set[asyncio.Future[None]]] = {}
        self._task: asyncio.Task[None] | None = None

    async def until_changed(self, ticket_id: str, timeout: float) -> bool:
        """Wait until the ticket is seated or leaves the queue (True), or `timeout` passes
        (False)."""
        if len(self.waiters.get(ticket_id, ())) >= POLLS_PER_TICKET:
            return False  # enough polls wait on this ticket already: this one answers at once
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiters.setdefault(ticket_id, set()).add(waiter)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._look(), name="fivedice-quick-watch")
        try:
            await asyncio.wait_for(waiter, timeout)
            return True
        except TimeoutError:
            return False
        finally:
            mine = self.waiters.get(ticket_id)
            if mine is not None:
                mine.discard(waiter)
                if not mine:
                    del self.waiters[ticket_id]

    async def _look(self) -> None:
        while self.waiters:
            await asyncio.sleep(LONG_POLL_STEP)
            ids = list(self.waiters)
            try:
                states = await self.queue.states(ids)
            except Exception as exc:  # Redis away: the polls end at their time
                log.warning("quick match tickets not read", extra={"error": repr(exc)})
                continue
            for ticket_id, state in zip(ids, states, strict=True):
                if state not in (WAITING, FORMING):  # seated, or out of the queue
                    for waiter in self.waiters.get(ticket_id, ()):
                        if not waiter.done():
                            waiter.set_result(None)

    async def close(self) -> None:
        """Stop looking."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


def _owner(ticket: Ticket) -> SeatOwner:
    """The account that holds the ticket's seat."""
    return SeatOwner(ticket.account_id, ticket.name, ticket.kind, ticket.program)
