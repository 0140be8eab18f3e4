"""Computer seats: a seat whose player is a program of the strategy package, driven by the
server through the same intents a person sends.

When the active seat is a computer's, the runner waits the table's bot delay (so people can
follow), and while the person who scored just before may still take it back, the undo grace as
well (its first roll would close their undo window): it moves when the grace is over, or at
once when the window closes otherwise; after an undo it is not its turn any more. Then it
asks the computer player for its move in a worker thread (the optimal player reads a large
table), and performs it through the referee like any other move.

A move that cannot be stored (the database is down) is tried again, waiting a little longer
each time, for as long as the table stands where the computer thought; a computer seat never
stops for good because of one failed write. A move the rules refuse is final.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Protocol

from fivedice.rules import Match, MatchState, Phase, RuleError
from fivedice.strategy.seats import SeatMove, person_may_undo

from .clock import RETRY_FIRST, RETRY_MAX, backoff
from .referee import Referee
from .table import Table

log = logging.getLogger("fivedice.server.bots")

GRACE_POLL = 0.1  # seconds between looks at a table whose person may still undo


class ComputerPlayers(Protocol):
    """Where computer players come from."""

    def levels(self) -> list[str]:
        """The level names a table may seat."""
        ...

    def decide(self, level: str, state: MatchState, seat: int) -> SeatMove:
        """The move `level` makes for `seat` in `state` (its turn)."""
        ...


class BotRunner:
    """Plays the computer seats of every table."""

    retry_first = RETRY_FIRST
    retry_max = RETRY_MAX

    def __init__(
        self, referee: Referee, players: ComputerPlayers, delay: float, undo_grace: float = 0.0
    ) -> None:
        self.referee = referee
        self.players = players
        self.delay = delay
        self.undo_grace = undo_grace
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._closed = False
        referee.after_commit.append(self.schedule)

    def levels(self) -> list[str]:
        """The computer levels on offer."""
        return self.players.levels()

    def schedule(self, table: Table) -> None:
        """Start playing the table's computer seat if it is that seat's turn."""
        if self._closed or not self._bot_to_move(table):
            return
        task = self._tasks.get(table.id)
        if task is not None and not task.done():
            return
        self._tasks[table.id] = asyncio.create_task(
            self._play(table), name=f"fivedice-bot-{table.id}"
        )

    def cancel(self, table_id: str) -> None:
        """Stop playing a table's computer seats, retries included (the table's owner gives
        it up). A move already being stored still completes; a later :meth:`schedule` (after
        any commit on the table) plays again."""
        task = self._tasks.pop(table_id, None)
        if task is not None:
            task.cancel()

    @staticmethod
    def _bot_to_move(table: Table) -> str | None:
        state = table.state
        if state.phase is not Phase.PLAYING or state.active_seat is None:
            return None
        return state.player(state.active_seat).bot

    async def _play(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while (level := self._bot_to_move(table)) is not None:
            began = loop.time()
            await asyncio.sleep(self.delay)
            if not await self._wait_for_undo(table, began + self.undo_grace):
                continue  # the person scored again meanwhile: a fresh grace for that
            state = table.state
            seat = state.active_seat
            if seat is None or state.player(seat).bot != level:
                continue
            seq = table.seq
            try:
                move = await asyncio.to_thread(self.players.decide, level, state, seat)
            except Exception:
                log.exception("computer player failed", extra={"table": table.id})
                return
            if not await self._perform(table, seat, seq, move):
                return

    @staticmethod
    async def _wait_for_undo(table: Table, deadline: float) -> bool:
        """While the person who just scored may take it back, wait until `deadline` or until
        the window closes; on a clocked table, never past half the computer's hand time (the
        clock runs meanwhile). False when another scoring of theirs opened a new window."""
        point = table.state.undo_point
        loop = asyncio.get_running_loop()
        while person_may_undo(table.state) and table.state.undo_point == point:
            left = deadline - loop.time()
            if table.deadline is not None and table.clock_seconds is not None:
                half_hand_left = table.deadline - table.clock_seconds / 2 - time.time()
                left = min(left, half_hand_left)
            if left <= 0:
                return True
            await asyncio.sleep(min(GRACE_POLL, left))
        return table.state.undo_point is None or not person_may_undo(table.state)

    async def _perform(self, table: Table, seat: int, seq: int, move: SeatMove) -> bool:
        """Carry out the move thought of at `seq`, trying again while it cannot be stored and
        the table is still at `seq`. False when the rules refuse it: stop playing the table."""
        delays = backoff(self.retry_first, self.retry_max)
        while True:
            try:
                await self.referee.perform(table, _carry_out(seat, seq, table, move))
                return True
            except RuleError as exc:
                log.error("computer move refused", extra={"table": table.id, "error": str(exc)})
                return False
            except Exception as exc:
                delay = next(delays)
                log.warning(
                    "computer move not stored; retrying",
                    extra={"table": table.id, "seq": seq, "retry_in": delay, "error": repr(exc)},
                )
            await asyncio.sleep(delay)
            if table.seq != seq:
                return True  # the table moved on meanwhile (the clock, say): think again

    async def close(self) -> None:
        """Stop every computer player (for good: nothing is scheduled after this)."""
        self._closed = True
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()


def _carry_out(seat: int, seq: int, table: Table, move: SeatMove) -> Callable[[Match], None]:
    """The move as an action, skipped if the table moved on while the computer thought."""

    def action(match: Match) -> None:
        if table.seq != seq:
            return
        if move.category is not None:
            match.score(seat, move.category)
        else:
            match.roll(seat, move.hold if match.state.dice is not None else None)

    return action
