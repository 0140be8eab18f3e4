"""The referee: the only code that changes a table. It runs an intent against the match,
stores the new events, and only then tells everyone: a move acknowledged is a move kept.

Each table's moves run one at a time under the table's lock. The store write is shielded from
the caller's cancellation, so a client vanishing mid-move never leaves the match ahead of (or
behind) what is stored.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from fivedice.rules import Match, Phase
from fivedice.store import SequenceConflict, Store

from .clock import ClockKeeper
from .errors import StoreUnavailable, TableUnavailable
from .hub import Client, Hub
from .metrics import Metrics
from .settings import Settings
from .table import Table
from .views import event_dict, update_text
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
        self.clock = ClockKeeper(self.expire, settings.host_away_seconds)
        self.after_commit: list[AfterCommit] = []  # e.g. the bot runner's scheduler
        self.after_change: list[AfterCommit] = []  # the view changed (the lobby's line)
        self.lost: list[AfterCommit] = []  # another writer extended the log: give it up

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
            data = [event_dict(e) for e in pending]
            try:
                await self.writer.append(
                    table.id, before + 1, pending, tokens, [json.dumps(d) for d in data]
                )
            except SequenceConflict as exc:
                # Another node wrote this sequence number: this copy of the table is stale.
                table.roll_back()
                log.warning(
                    "log extended elsewhere; giving the table up", extra={"table": table.id}
                )
                for hook in self.lost:
                    hook(table)
                raise TableUnavailable("The table moved to another server: reconnect") from exc
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
            if table.committed_state.phase is not was:
                await self._record_phase(table)
            self._announce(table, [{"seq": before + i, **d} for i, d in enumerate(data, 1)])
            return result

    async def _record_phase(self, table: Table) -> None:
        """Store the match's new status (its result, once finished) before anyone hears of it.
        The events are already stored, so a failure here is repaired at the next start."""
        phase = table.committed_state.phase
        try:
            if phase is Phase.FINISHED:
                table.finished_at = asyncio.get_running_loop().time()
                self.metrics.matches_finished.inc()
                await self.writer.call(self.store.record_result, table.id, table.state)
            else:
                await self.writer.call(self.store.set_status, table.id, phase.value)
        except Exception:
            log.exception("could not store the match status", extra={"table": table.id})

    def _announce(self, table: Table, events: list[dict[str, Any]]) -> None:
        """Tell everyone, then do what the new state calls for (the clock, computer players)."""
        text = update_text(table, events, self.settings.chat_lines_shown)
        self.hub.broadcast(table.id, text)
        self.clock.schedule(table)
        for hook in self.after_commit:
            hook(table)
        for hook in self.after_change:
            hook(table)

    def refresh(self, table: Table, exclude: Client | None = None) -> None:
        """Broadcast the table again without new events (who is connected or watching changed)."""
        text = update_text(table, [], self.settings.chat_lines_shown)
        self.hub.broadcast(table.id, text, exclude)
        for hook in self.after_change:
            hook(table)

    async def expire(self, table: Table, turn: tuple[object, ...]) -> None:
        """The table's timer fired while the hand `turn` was in play: apply what is due (the
        clock's timeout rule, an absent player's turn passing, the host's role passing),
        unless a move already began another hand or the moment has moved (someone came
        back). Decided under the table's lock, with the move."""

        def act_if_due(match: Match) -> str | None:
            if table.turn != turn:
                return None
            now = time.time()
            seat = table.state.active_seat
            absence = table.absence_deadline()
            handover = table.host_handover(self.settings.host_away_seconds)
            if seat is not None and table.deadline is not None and now >= table.deadline:
                match.expire_clock(seat)
                return "clock expired"
            if seat is not None and absence is not None and now >= absence:
                match.pass_absent(seat)
                return "absent turn passed"
            if handover is not None and now >= handover[0]:
                match.pass_host(handover[1])
                return "host passed"
            return None

        what = await self.perform(table, act_if_due)
        if what is None:  # re-armed late, or someone came back: nothing due yet
            self.clock.schedule(table)
        else:
            log.info(what, extra={"table": table.id, "seat": table.state.active_seat})

    async def drain(self) -> None:
        """Stop the clocks, waiting for expiries under way (at shutdown)."""
        await self.clock.close()
