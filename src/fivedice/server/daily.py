"""The daily challenge on the server: opening an account's attempt (an ordinary one-seat table
rolling the day's dice), comparing its finished game with the optimal player's and keeping
the result, and keeping the day's dice secret until the day is over.

The comparison runs in a worker thread after the result is stored (the referee's after-finish
hook), off the table's lock; one lost with its node is made again when the result is asked for.
The optimal game is computed once per day by whichever node first needs it and kept in the
store; each node also keeps the last few in memory.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from fivedice.rules import Event, Match, event_from_dict, preset
from fivedice.rules.daily import DailyDice, preset_of_day
from fivedice.store import (
    STORE_FAILURES,
    UnknownMatch,
    new_match_id,
    record_accuracy,
    seats_to_analyse,
)
from fivedice.store.accounts import SeatOwner, seat_owners
from fivedice.store.daily import (
    DailyAttempt,
    finish_attempt,
    get_attempt,
    get_optimal,
    keep_optimal,
    match_metas,
    open_attempt,
)

from .daily_day import today
from .daily_dice import DAILY_META, daily_day
from .errors import DailyAlreadyPlayed, DailyNotOver, NotAvailable
from .solved import strategy_table
from .table import Table

if TYPE_CHECKING:
    from fivedice.store import Store

    from .context import ServerContext

log = logging.getLogger("fivedice.server.daily")

MAKE_UP_AFTER = timedelta(seconds=5)  # a comparison not there by then was lost with its node
OPEN_WAIT = 3.0  # seconds a second start waits for the first to store the attempt's table
OPTIMAL_KEPT = 4  # days whose optimal game a node keeps in memory
_optimal: OrderedDict[tuple[date, str, bytes], Match] = OrderedDict()
_optimal_lock = threading.Lock()  # one computation of a day's optimal game at a time


def is_over(day: date) -> bool:
    """Whether the day has ended (UTC): its secret, logs and leaderboard's tables are public."""
    return day < today()


def _strategy() -> Any:
    """The strategy package's daily module, or ``not_available`` on a server without it."""
    try:
        from fivedice.strategy import daily
    except ImportError:
        raise NotAvailable(reason="no_daily") from None
    return daily


def day_dice(store: Store, day: date, rules: str | None = None) -> DailyDice:
    """The day's dice (under its own rule set unless `rules` says; blocking)."""
    return DailyDice(day, rules or preset_of_day(day), store.daily_secret(day))


def optimal_match(store: Store, dice: DailyDice) -> Match:
    """The optimal player's game on the day's dice: from memory, else from the store, else
    played now and kept (blocking)."""
    key = (dice.day, dice.rules, dice.secret)
    with _optimal_lock:
        found = _optimal.get(key)
        if found is None:
            stored = get_optimal(store, dice.day)
            if stored is None or stored.rules != dice.rules:
                # played here: kept as it is (a game stored meanwhile is the same game)
                found = _strategy().optimal_game(dice)
                log_ = [e.to_dict() for e in found.events]
                keep_optimal(store, dice.day, dice.rules, found.state.players[0].total, log_)
            else:
                found = Match.replay([event_from_dict(e) for e in stored.log], dice)
            _optimal[key] = found
            while len(_optimal) > OPTIMAL_KEPT:
                _optimal.popitem(last=False)
        else:
            _optimal.move_to_end(key)
        return found


def compare_and_keep(store: Store, day: date, table_id: str, events: Sequence[Event]) -> bool:
    """Compare a finished daily game with the optimal one and record the attempt's score,
    points given away and comparison, once (blocking); returns whether this call recorded
    it."""
    daily = _strategy()
    rules = Match(events[:1]).rules
    optimal = optimal_match(store, day_dice(store, day, rules.name))
    comparison = daily.compare(events, optimal, strategy_table(rules))
    # The comparison's analysis is the accuracy record's too (accuracy.py leaves daily
    # tables to this): one analysis per finished daily game; kept first, so a result that
    # shows has its accuracy counted.
    decisions = sum(len(turn.decisions) for turn in comparison.turns)
    seats = seats_to_analyse(store, table_id)
    record_accuracy(
        store,
        table_id,
        rules.name,
        {seat: (account, decisions, comparison.gave_away) for seat, account in seats.items()},
    )
    return finish_attempt(
        store, table_id, comparison.score, comparison.gave_away, comparison.to_dict()
    )


def make_up_comparison(store: Store, attempt: DailyAttempt) -> DailyAttempt:
    """An attempt whose match is over but whose comparison was lost (its node stopped
    first): compared now. Any other attempt is returned as it is, and so is one whose match
    ended under MAKE_UP_AFTER ago: its comparison is on its way (blocking)."""
    if attempt.finished:
        return attempt
    try:
        summary = store.summary(attempt.table_id)
    except UnknownMatch:
        return attempt
    if summary.status != "finished" or summary.finished_at is None:
        return attempt
    ended = summary.finished_at
    if ended.tzinfo is None:  # SQLite gives the stored UTC time back without its zone
        ended = ended.replace(tzinfo=UTC)
    if datetime.now(UTC) - ended < MAKE_UP_AFTER:
        return attempt
    compare_and_keep(store, attempt.day, attempt.table_id, store.load_events(attempt.table_id))
    return get_attempt(store, attempt.day, attempt.account_id) or attempt


def check_secret_kept(store: Store, match_id: str, account_id: int | None) -> None:
    """Refuse (``daily_not_over``) a daily table's log, replay or analysis to anyone but its
    player's account until the day is over; anything else passes (blocking)."""
    try:
        summary = store.summary(match_id)
    except UnknownMatch:
        return  # the route says there is no such match
    day = daily_day(summary.meta)
    if day is None or is_over(day):
        return
    if account_id is not None:
        owners = seat_owners(store, match_id)
        if any(owner.account_id == account_id for owner in owners.values()):
            return
    raise DailyNotOver(reason="game", day=str(day))


def hidden_matches(store: Store, match_ids: Iterable[str]) -> set[str]:
    """Of these matches, the daily challenge's whose day is not over: lists of games
    (high scores, histories, profiles) leave them out until then (blocking)."""
    return {
        match_id
        for match_id, meta in match_metas(store, match_ids).items()
        if (day := daily_day(meta)) is not None and not is_over(day)
    }


def is_hidden_daily(table: Table) -> bool:
    """Whether a table in memory is a daily one whose day is not over (no spectators)."""
    return table.daily is not None and not is_over(table.daily)


class DailyChallenge:
    """Opens attempts and records their results as their matches finish."""

    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx
        self.store = ctx.store
        self._running: set[asyncio.Task[None]] = set()

    async def start(self, owner: SeatOwner, address: str) -> tuple[str, date]:
        """Today's attempt of the account: its table, opened now or the one in play
        (``daily_already_played`` once it is finished). A new table costs `address` one of
        its tables' tokens (``rate_limited`` without one, before anything is kept)."""
        day = today()
        _strategy()  # no strategy package: refused before any attempt is kept
        rules = preset_of_day(day)
        known = await asyncio.to_thread(get_attempt, self.store, day, owner.account_id)
        if known is None:
            self.ctx.take_table_token(address)
        attempt, created = await asyncio.to_thread(
            open_attempt, self.store, day, owner.account_id, new_match_id(), rules
        )
        if attempt.finished:
            raise DailyAlreadyPlayed(day=str(day))
        summary = await asyncio.to_thread(self._summary, attempt.table_id)
        if summary is None and not created:  # another request may be opening it now
            summary = await self._opened_meanwhile(attempt.table_id)
        if summary is not None:
            if summary.status == "finished":
                self._spawn(self._make_up(attempt))
                raise DailyAlreadyPlayed(day=str(day))
            return attempt.table_id, day
        try:
            await self._open(attempt, owner)
        except STORE_FAILURES:
            if created or await asyncio.to_thread(self._summary, attempt.table_id) is None:
                raise  # not another request opening the same table at the same moment
        return attempt.table_id, day

    async def _opened_meanwhile(self, table_id: str) -> Any:
        """The attempt's table once the request that made the attempt has stored it (None
        after OPEN_WAIT: that request failed, and this one opens the table)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + OPEN_WAIT
        while loop.time() < deadline:
            await asyncio.sleep(0.05)
            summary = await asyncio.to_thread(self._summary, table_id)
            if summary is not None:
                return summary
        return None

    def _summary(self, table_id: str) -> Any:
        try:
            return self.store.summary(table_id)
        except UnknownMatch:
            return None

    async def _open(self, attempt: DailyAttempt, owner: SeatOwner) -> Table:
        """The attempt's table: one seat held by the account, the day's dice, started."""
        daily = _strategy()
        dice = await asyncio.to_thread(day_dice, self.store, attempt.day, attempt.rules)
        match = Match.create(preset(dice.rules), daily.DAILY_OPTIONS, dice)
        table, _ = await self.ctx.registry.open(
            match,
            [owner.name],
            [],
            f"Daily {attempt.day.isoformat()}",
            False,
            start=True,
            owners=[owner],
            table_id=attempt.table_id,
            meta={DAILY_META: attempt.day.isoformat()},
            rng=dice,
        )
        log.info("daily attempt opened", extra={"table": table.id, "day": str(attempt.day)})
        return table

    def finished(self, table: Table) -> None:
        """A table's result is stored: a daily one is compared and its attempt recorded (a
        hook of the referee)."""
        if table.daily is None:
            return
        events = tuple(table.match.events[: table.committed_count])
        self._spawn(self._compare(table.daily, table.id, events))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _compare(self, day: date, table_id: str, events: tuple[Event, ...]) -> None:
        began = time.perf_counter()
        try:
            await asyncio.to_thread(compare_and_keep, self.store, day, table_id, events)
        except Exception:
            log.exception("could not compare the daily game", extra={"table": table_id})
            return
        seconds = time.perf_counter() - began
        log.info("daily game compared", extra={"table": table_id, "ms": round(seconds * 1000)})

    async def _make_up(self, attempt: DailyAttempt) -> None:
        try:
            await asyncio.to_thread(make_up_comparison, self.store, attempt)
        except Exception:
            log.exception("could not compare the daily game", extra={"table": attempt.table_id})

    async def close(self) -> None:
        """Let the comparisons under way finish."""
        if self._running:
            await asyncio.wait(set(self._running), timeout=30)
