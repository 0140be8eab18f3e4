"""The referee: the only code that changes a table. It runs an intent against the match,
stores the new events, and only then tells everyone: a move acknowledged is a move kept.

Each table's moves run one at a time under the table's lock. The store write is shielded from
the caller's cancellation, so a client vanishing mid-move never leaves the match ahead of (or
behind) what is stored.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

from fivedice.rules import Match, Phase
from fivedice.store import Store

from .clock import ClockKeeper
from .errors import StoreUnavailable
from .hub import Client, Hub
from .metrics import Metrics
from .settings import Settings
from .table import Table
from .views import update_message
from .writer import StoreWriter

T = TypeVar("T")
log = logging.getLogger("fivedice.server.referee")

Grant = Callable[[T], Sequence[tuple[int, str]]]
AfterCommit = Callable[[Table], None]


class Referee:
    """Carries out intents on tables: validate (rules core), store, broadcast."""

    def __init__(
        self, settings: Settings, store: Store, writer: StoreWriter, hub: Hub, metrics: Metrics
    ) -> None:
        self.settings = settings
        self.store = store
        self.writer = writer
        self.hub = hub
        self.metrics = metrics
        self.clock = ClockKeeper(self.expire)
        self.after_commit: list[AfterCommit] = []  # e.g. the bot runner's scheduler
        self._background: set[asyncio.Task[None]] = set()

    async def perform(
        self,
        table: Table,
        action: Callable[[Match], T],
        *,
        grant: Grant[T] | None = None,
    ) -> T:
        """Run `action` on the table's match; store and broadcast the events it made.

        A :class:`RuleError` from the action leaves everything unchanged. `grant` names seat
        tokens (seat, digest) to store with the events, e.g. for a join.
        """
        return await asyncio.shield(self._perform(table, action, grant))

    async def _perform(
        self, table: Table, action: Callable[[Match], T], grant: Grant[T] | None
    ) -> T:
        async with table.lock:
            before = table.committed_count
            result = action(table.match)
            pending = table.pending()
            if not pending:
                return result
            tokens = list(grant(result)) if grant is not None else []
            try:
                await self.writer.append(table.id, before + 1, pending, tokens)
            except Exception as exc:
                table.roll_back()
                log.error(
                    "commit failed; move undone",
                    extra={"table": table.id, "seq": before + 1, "error": repr(exc)},
                )
                raise StoreUnavailable("The move could not be stored; please try again") from exc
            for seat, digest in tokens:
                table.tokens[digest] = seat
            was = table.committed_state.phase
            table.mark_committed(time.time())
            self.metrics.events.inc(len(pending))
            self._announce(table, before, was)
            return result

    def _announce(self, table: Table, before: int, was: Phase) -> None:
        """Tell everyone, then do what the new state calls for (status, result, clock, bots)."""
        message = update_message(table, table.events_after(before), self.settings.chat_lines_shown)
        self.hub.broadcast(table.id, message)
        now = table.committed_state.phase
        if now is not was:
            if now is Phase.FINISHED:
                table.finished_at = asyncio.get_running_loop().time()
                self.metrics.matches_finished.inc()
                self.background(self.writer.call(self.store.record_result, table.id, table.state))
            else:
                self.background(self.writer.call(self.store.set_status, table.id, now.value))
        self.clock.schedule(table)
        for hook in self.after_commit:
            hook(table)

    def refresh(self, table: Table, exclude: Client | None = None) -> None:
        """Broadcast the table again without new events (who is connected or watching changed)."""
        message = update_message(table, (), self.settings.chat_lines_shown)
        self.hub.broadcast(table.id, message, exclude)

    async def expire(self, table: Table, turn: tuple[object, ...]) -> None:
        """The clock ran out on the hand `turn`: apply the table's timeout rule, unless a move
        already began another hand."""
        async with table.lock:
            if table.turn != turn or table.deadline is None:
                return
            if time.time() < table.deadline:  # re-armed late: not yet
                self.clock.schedule(table)
                return
            seat = table.state.active_seat
        if seat is None:
            return
        log.info("clock expired", extra={"table": table.id, "seat": seat})

        def expire_if_same(match: Match) -> None:
            if table.turn == turn:
                match.expire_clock(seat)

        await self.perform(table, expire_if_same)

    def background(self, coroutine: Coroutine[Any, Any, object]) -> None:
        """Run a store write whose result nobody waits for; failures are logged."""

        async def run() -> None:
            try:
                await coroutine
            except Exception:
                log.exception("background store write failed")

        task: asyncio.Task[None] = asyncio.create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def drain(self) -> None:
        """Wait for background writes (at shutdown)."""
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
        await self.clock.close()
