"""The tables this server holds: opening them, finding them, bringing them back after a
restart, and letting finished ones go.

A restarted server rebuilds every unfinished online table from its stored log, its seat token
digests and its event times. The clock of the hand in play resumes with the time the player
had left at the last stored event: time the server was down is not charged to anyone.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable, Sequence
from datetime import datetime

from fivedice.rules import Event, Match, MatchOptions, Phase, preset
from fivedice.rules.match import RandomSource
from fivedice.store import Store, new_match_id
from fivedice.store.accounts import SeatOwner
from fivedice.store.online import (
    ORIGIN_ONLINE,
    StoredTable,
    create_online_match,
    load_tables,
)

from .daily_dice import daily_day, daily_dice
from .dice import BlockRandom
from .errors import AccountRequired, UnknownTable
from .protocol import CreateTable
from .table import Table, new_token, token_digest, turn_key
from .table_names import TITLE_META, stored_title, title_text, title_values
from .writer import StoreWriter

log = logging.getLogger("fivedice.server.registry")

DICE = BlockRandom()  # every table's dice: the OS's cryptographic randomness
RESTORE_BATCH = 64  # tables read from the store in one transaction at a restart
# What a table id can be (they are made by ``new_match_id``): anything else is no table, and
# is not looked for (a NUL byte, which PostgreSQL refuses, would fail every table read with it).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def possible_table_id(table_id: str) -> bool:
    """Whether `table_id` could name a table (its form, not whether one exists)."""
    return TABLE_ID.fullmatch(table_id) is not None


class TableRegistry:
    """Tables by id, in memory; the store has the rest."""

    def __init__(self, store: Store, writer: StoreWriter, keep_created: bool = True) -> None:
        self.store = store
        self.writer = writer
        # One node keeps a table it opens. Among several, a new table is only stored: the
        # node its clients are routed to takes it when the first of them comes.
        self.keep_created = keep_created
        self.tables: dict[str, Table] = {}

    # Opening ---------------------------------------------------------------------------

    async def create(
        self,
        request: CreateTable,
        bot_names: Sequence[tuple[str, str]] = (),
        host_owner: SeatOwner | None = None,
    ) -> tuple[Table, int | None, str | None]:
        """Open a table, seat its host (if named; held by `host_owner`, the account signed in,
        if any) and its computer players (name, level), and store it; returns the table and
        the host's seat and token. A rated table seats nobody without an account."""
        if request.rated and request.host_name is not None and host_owner is None:
            raise AccountRequired(reason="sign_in")
        rated = request.rated
        undo = request.undo_allowed
        options = MatchOptions(
            seats=request.seats,
            rounds=request.rounds,
            clock_seconds=request.clock_seconds,
            timeout_rule=request.timeout_rule,  # type: ignore[arg-type]
            undo_allowed=(not rated) if undo is None else undo,  # rated: off unless asked
            start_order=request.start_order,  # type: ignore[arg-type]
            absent_after_seconds=request.absent_after_seconds,
            hints=False if rated and request.hints is None else request.hints,
            rated=rated,
        )
        match = Match.create(preset(request.preset) if request.preset else None, options, DICE)
        title = title_values(request.title.model_dump()) if request.title is not None else None
        people = [request.host_name] if request.host_name is not None else []
        table, seated = await self.open(
            match,
            people,
            bot_names,
            request.name or (title_text(title) if title is not None else None),
            request.listed,
            title=title,
            owners=[host_owner],
            at_one_screen=request.at_one_screen,
        )
        host_seat, token = seated[0] if seated else (None, None)
        return table, host_seat, token

    async def open(
        self,
        match: Match,
        people: Sequence[str],
        bot_names: Sequence[tuple[str, str]],
        name: str | None,
        listed: bool,
        *,
        start: bool = False,
        title: dict[str, str] | None = None,
        owners: Sequence[SeatOwner | None] = (),
        at_one_screen: bool = False,
        table_id: str | None = None,
        meta: dict[str, object] | None = None,
        rng: RandomSource = DICE,
    ) -> tuple[Table, list[tuple[int, str]]]:
        """Seat people (by name, each given a token; the accounts in `owners`, in the same
        order, hold their seats) then computer players (name, level) at a new match, start it
        if `start` (a rematch), and store it; returns the table and each person's seat and
        token, in the order given. `title`: the name fivedice gave the table (kept in the meta;
        `name` is its English words). `table_id` and `meta` (kept with the match) for a table
        opened for a purpose, and `rng`, the match's dice (the daily challenge's)."""
        seated: list[tuple[int, str]] = []
        for person in people:
            seated.append((match.join(person), new_token()))
        for bot, level in bot_names:
            match.join(bot, bot=level)
        if start:
            host = match.state.host
            assert host is not None, "a rematch seats somebody"
            match.start(host)
        tokens = [(seat, token_digest(token)) for seat, token in seated]
        pairs = zip(seated, owners, strict=False)
        held = {seat: owner for (seat, _), owner in pairs if owner is not None}
        table_id = table_id or new_match_id()
        meta = {**(meta or {}), "listed": listed, "at_one_screen": at_one_screen}
        if title is not None:
            meta[TITLE_META] = title
        await self.writer.call(
            create_online_match,
            self.store,
            table_id,
            match.events,
            preset=match.rules.name,
            label=name,
            meta=meta,
            tokens=tokens,
            owners=[(seat, owner.account_id, owner.program) for seat, owner in held.items()],
        )
        table = Table(
            table_id,
            match,
            name=name,
            listed=listed,
            title=title,
            at_one_screen=at_one_screen,
            rng=rng,
            tokens={digest: seat for seat, digest in tokens},
            owners=held,
        )
        table.daily = daily_day(meta)
        table.mark_committed(time.time())  # a started match: its first hand's clock
        if self.keep_created:
            self.tables[table_id] = table
        log.info("table opened", extra={"table": table_id, "preset": table.preset})
        return table, seated

    # Finding ---------------------------------------------------------------------------

    def get(self, table_id: str) -> Table:
        """A table in memory."""
        table = self.tables.get(table_id)
        if table is None:
            raise UnknownTable(reason="no_table", table=table_id)
        return table

    async def find(self, table_id: str) -> Table:
        """A table in memory, or a stored online match brought back (finished ones too)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not possible_table_id(table_id):
            raise UnknownTable(reason="no_such")
        table = await asyncio.to_thread(self.load, table_id)
        return self.tables.setdefault(table_id, table)

    def listed(self) -> list[Table]:
        """Tables shown in the lobby (listed, not finished), oldest first."""
        return [t for t in self.tables.values() if t.listed and t.state.phase is not Phase.FINISHED]

    # Restarting ------------------------------------------------------------------------

    async def restore(self) -> list[Table]:
        """Bring back every unfinished online table from the store (read `RESTORE_BATCH` at a
        time)."""
        ids = await asyncio.to_thread(self.store.unfinished)
        restored = []
        for start in range(0, len(ids), RESTORE_BATCH):
            batch = ids[start : start + RESTORE_BATCH]
            try:
                built = await asyncio.to_thread(self.load_many, batch)
            except Exception:  # the store failed: these wait for a sweep or a client
                log.exception("could not restore tables", extra={"tables": len(batch)})
                continue
            for table_id in batch:
                table = built[table_id]
                if isinstance(table, UnknownTable):
                    continue  # not an online table (a local game in progress)
                if isinstance(table, Exception):
                    log.error("could not restore table", extra={"table": table_id}, exc_info=table)
                    continue
                self.tables[table_id] = table
                restored.append(table)
        if restored:
            log.info("tables restored", extra={"tables": len(restored)})
        return restored

    def load(self, table_id: str) -> Table:
        """A stored online table rebuilt from its log (blocking: run it in a thread); raises
        :class:`UnknownTable` for anything else."""
        found = self.load_many([table_id])[table_id]
        if isinstance(found, Exception):
            raise found
        return found

    def load_many(
        self,
        table_ids: Sequence[str],
        each: Callable[[str, Table | Exception], None] | None = None,
    ) -> dict[str, Table | Exception]:
        """Each of `table_ids` rebuilt from its log, read for them all in one transaction
        (blocking: run it in a thread), or what stopped that one (:class:`UnknownTable` for
        anything but a stored online table, a log that cannot be read or folded). The store
        failing raises for them all. `each` is told of every table as soon as it is rebuilt,
        in order, so the first need not wait for the last to fold."""
        stored = load_tables(self.store, table_ids)
        built: dict[str, Table | Exception] = {}
        for table_id in table_ids:
            found = stored.get(table_id)
            outcome: Table | Exception
            if isinstance(found, Exception):
                outcome = found
            elif found is None or found.summary.origin != ORIGIN_ONLINE:
                outcome = UnknownTable(reason="no_table", table=table_id)
            else:
                try:
                    outcome = self._rebuilt(table_id, found)
                except Exception as exc:  # a log this code cannot fold: that table alone fails
                    outcome = exc
            built[table_id] = outcome
            if each is not None:
                each(table_id, outcome)
        return built

    def _rebuilt(self, table_id: str, stored: StoredTable) -> Table:
        """The live table a stored one describes: its match folded, its clock resumed."""
        summary, events, times = stored.summary, stored.events, stored.times
        rng = daily_dice(self.store, summary.meta) or DICE
        match, hand_began = _replay_with_hand_start(events, rng)
        deadline = _resumed_deadline(match, times, hand_began)
        table = Table(
            table_id,
            match,
            name=summary.label,
            listed=bool(summary.meta.get("listed", True)),
            title=stored_title(summary.meta),
            at_one_screen=bool(summary.meta.get("at_one_screen", False)),
            rng=rng,
            tokens=stored.tokens,
            deadline=deadline,
            opened_at=times[0].timestamp() if times else None,
            last_event_at=times[-1].timestamp() if times else None,
            owners=stored.owners,
        )
        table.set_aside = summary.status == "idle"
        table.daily = daily_day(summary.meta)
        return table


def _replay_with_hand_start(events: Sequence[Event], rng: RandomSource) -> tuple[Match, int]:
    """The match, and the index of the event with which the hand in play began (the last
    event whose hand differs from the one before it; 0 if none does)."""
    match = Match.replay(events[:1], rng)
    if match.options.clock_seconds is None:  # no clock to resume: the hand's start is moot
        return Match.replay(events, rng), 0
    states = [match.state]
    for event in events[1:]:
        states.append(match.apply(event))
    began = len(states) - 1
    key = turn_key(states[began])
    while began > 0:
        before = turn_key(states[began - 1])
        if before != key:
            break
        began -= 1
    return match, began


def _resumed_deadline(match: Match, times: list[datetime], hand_began: int) -> float | None:
    """The hand's deadline after a restart: now plus what was left at the last stored event."""
    seconds = match.options.clock_seconds
    if seconds is None or match.state.phase is not Phase.PLAYING or not times:
        return None
    began = times[min(hand_began, len(times) - 1)].timestamp()
    last = times[-1].timestamp()
    left = max(0.0, seconds - (last - began))
    return time.time() + left
