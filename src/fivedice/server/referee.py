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
import math
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from fivedice.rules import Match, Phase
from fivedice.store import SequenceConflict, Store
from fivedice.store.accounts import SeatOwner, replace_seat_token

from .clock import ClockKeeper
from .errors import StoreUnavailable, TableUnavailable
from .hub import Client, Hub
from .metrics import Metrics
from .settings import Settings
from .table import Mover, Table
from .views import event_dict, update_text
from .writer import StoreWriter

T = TypeVar("T")
log = logging.getLogger("fivedice.server.referee")

Grant = Callable[[T], Sequence[tuple[int, str]]]
Owners = Callable[[T], Sequence[tuple[int, SeatOwner]]]
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
        self.after_finish: list[AfterCommit] = []  # the result is stored (accuracy records)
        self.lost: list[AfterCommit] = []  # another writer extended the log: give it up
        # Presence broadcasts, coalesced per table: the one waiting to go, and when (loop
        # time) the last one went.
        self._presence: dict[str, asyncio.TimerHandle] = {}
        self._presence_sent: dict[str, float] = {}

    async def perform(
        self,
        table: Table,
        action: Callable[[Match], T],
        *,
        grant: Grant[T] | None = None,
        owners: Owners[T] | None = None,
        by: Mover | None = None,
    ) -> T:
        """Run `action` on the table's match; store and broadcast the events it made.

        A :class:`RuleError` from the action leaves everything unchanged. `grant` names seat
        tokens (seat, digest) to store with the events, e.g. for a join; `owners` the
        accounts that took seats (stored in the same transaction); `by` the client intent
        that asked for it (client id, request id), which may be followed back to back.
        """
        return await asyncio.shield(self._perform(table, action, grant, owners, by))

    async def _perform(
        self,
        table: Table,
        action: Callable[[Match], T],
        grant: Grant[T] | None,
        owners: Owners[T] | None = None,
        by: Mover | None = None,
    ) -> T:
        async with table.lock:
            before = table.committed_count
            result = action(table.match)
            pending = table.pending()
            if not pending:
                return result
            tokens = list(grant(result)) if grant is not None else []
            seated = list(owners(result)) if owners is not None else []
            data = [event_dict(e) for e in pending]
            try:
                await self.writer.append(
                    table.id,
                    before + 1,
                    pending,
                    tokens,
                    [json.dumps(d) for d in data],
                    [(seat, owner.account_id, owner.program) for seat, owner in seated],
                )
            except SequenceConflict as exc:
                # Another node wrote this sequence number: this copy of the table is stale.
                table.roll_back()
                log.warning(
                    "log extended elsewhere; giving the table up", extra={"table": table.id}
                )
                for hook in self.lost:
                    hook(table)
                raise TableUnavailable(reason="moved") from exc
            except Exception as exc:
                table.roll_back()
                log.error(
                    "commit failed; move undone",
                    extra={"table": table.id, "seq": before + 1, "error": repr(exc)},
                )
                raise StoreUnavailable() from exc
            for seat, digest in tokens:
                table.tokens[digest] = seat
            for seat, owner in seated:
                table.owners[seat] = owner
            was = table.committed_state.phase
            table.mark_committed(time.time(), by)
            self.metrics.events.inc(len(pending))
            if table.committed_state.phase is not was:
                await self._record_phase(table)
            self._announce(table, [{"seq": before + i, **d} for i, d in enumerate(data, 1)])
            return result

    async def replace_token(self, table: Table, seat: int, digest: str) -> None:
        """Give a seat a new token (its account resumed it from another browser): the seat's
        old token stops working once the new one is stored."""

        async def replace() -> None:
            async with table.lock:
                await self.writer.call(replace_seat_token, self.store, table.id, seat, digest)
                for old in [d for d, s in table.tokens.items() if s == seat]:
                    del table.tokens[old]
                table.tokens[digest] = seat

        await asyncio.shield(replace())

    def rename_owner(self, table: Table, account_id: int, name: str, kind: str) -> None:
        """The account holding seats here was claimed (a new name) or deleted (kind
        ``deleted``: they show as a deleted player); everyone sees it at once."""
        changed = False
        for seat, owner in list(table.owners.items()):
            if owner.account_id == account_id and owner.kind != "deleted":
                table.owners[seat] = SeatOwner(account_id, name, kind, owner.program)
                changed = True
        if changed:
            self.refresh(table)

    async def _record_phase(self, table: Table) -> None:
        """Store the match's new status (its result, once finished) before anyone hears of it.
        The events are already stored, so a failure here is repaired at the next start."""
        phase = table.committed_state.phase
        try:
            if phase is Phase.FINISHED:
                table.finished_at = asyncio.get_running_loop().time()
                self.metrics.matches_finished.inc()
                await self.writer.call(self.store.record_result, table.id, table.state)
                self.finished(table)
            else:
                await self.writer.call(self.store.set_status, table.id, phase.value)
        except Exception:
            log.exception("could not store the match status", extra={"table": table.id})

    def finished(self, table: Table) -> None:
        """The table's result is stored: run what follows a finished match (its hooks)."""
        for hook in self.after_finish:
            try:
                hook(table)
            except Exception:
                log.exception("a finished-match hook failed", extra={"table": table.id})

    def _announce(self, table: Table, events: list[dict[str, Any]]) -> None:
        """Tell everyone, then do what the new state calls for (the clock, computer players)."""
        settings = self.settings
        text = update_text(table, events, settings.chat_lines_shown, settings.spectators_listed)
        self.hub.broadcast(table.id, text)
        pending = self._presence.pop(table.id, None)
        if pending is not None:  # this update carries who is there now
            pending.cancel()
        self.clock.schedule(table)
        for hook in self.after_commit:
            hook(table)
        for hook in self.after_change:
            hook(table)

    def refresh(self, table: Table, exclude: Client | None = None) -> None:
        """Who is connected or watching changed: broadcast the table again, without events.

        Coalesced: at once if the table's last presence broadcast is `presence_interval` old,
        else once when it is (one timer per table, whatever the number of changes meanwhile),
        carrying the table as it is then. A flood of spectators costs each client a few updates
        a second. `exclude` (a client just sent the table) applies to a broadcast made at once.
        The broadcast only reads the committed table: it changes nothing, so it needs no lock,
        and it cannot come between a commit and that commit's update."""
        if table.id in self._presence:
            return  # the broadcast waiting will carry this change
        loop = asyncio.get_running_loop()
        wait = self._presence_sent.get(table.id, -math.inf) + self.settings.presence_interval
        wait -= loop.time()
        if wait <= 0:
            self._send_presence(table, exclude)
        else:
            self._presence[table.id] = loop.call_later(wait, self._presence_due, table)

    def _presence_due(self, table: Table) -> None:
        self._presence.pop(table.id, None)
        self._send_presence(table)

    def _send_presence(self, table: Table, exclude: Client | None = None) -> None:
        self._presence_sent[table.id] = asyncio.get_running_loop().time()
        settings = self.settings
        text = update_text(table, [], settings.chat_lines_shown, settings.spectators_listed)
        self.hub.broadcast(table.id, text, exclude)
        for hook in self.after_change:
            hook(table)

    def cancel_presence(self, table_id: str) -> None:
        """Drop a table's waiting presence broadcast (its owner gives it up)."""
        timer = self._presence.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self._presence_sent.pop(table_id, None)

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
        """Stop the clocks and presence broadcasts, waiting for expiries under way (at
        shutdown)."""
        for table_id in list(self._presence):
            self.cancel_presence(table_id)
        await self.clock.close()
