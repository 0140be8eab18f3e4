"""Computer seats: a seat whose player is a program of the strategy package, driven by the
server through the same intents a person sends.

When the active seat is a computer's, the runner waits the table's bot delay (so people can
follow), asks the computer player for its move in a worker thread (the optimal player reads a
large table), and performs it through the referee like any other move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from fivedice.rules import Match, MatchState, Phase, RuleError
from fivedice.strategy.seats import SeatMove

from .referee import Referee
from .table import Table

log = logging.getLogger("fivedice.server.bots")


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

    def __init__(self, referee: Referee, players: ComputerPlayers, delay: float) -> None:
        self.referee = referee
        self.players = players
        self.delay = delay
        self._tasks: dict[str, asyncio.Task[None]] = {}
        referee.after_commit.append(self.schedule)

    def levels(self) -> list[str]:
        """The computer levels on offer."""
        return self.players.levels()

    def schedule(self, table: Table) -> None:
        """Start playing the table's computer seat if it is that seat's turn."""
        if not self._bot_to_move(table):
            return
        task = self._tasks.get(table.id)
        if task is not None and not task.done():
            return
        self._tasks[table.id] = asyncio.create_task(
            self._play(table), name=f"fivedice-bot-{table.id}"
        )

    @staticmethod
    def _bot_to_move(table: Table) -> str | None:
        state = table.state
        if state.phase is not Phase.PLAYING or state.active_seat is None:
            return None
        return state.player(state.active_seat).bot

    async def _play(self, table: Table) -> None:
        while (level := self._bot_to_move(table)) is not None:
            await asyncio.sleep(self.delay)
            state = table.state
            seat = state.active_seat
            if seat is None or state.player(seat).bot != level:
                continue
            seq = table.seq
            try:
                move = await asyncio.to_thread(self.players.decide, level, state, seat)
                await self.referee.perform(table, _carry_out(seat, seq, table, move))
            except RuleError as exc:
                log.error("computer move refused", extra={"table": table.id, "error": str(exc)})
                return
            except Exception:
                log.exception("computer player failed", extra={"table": table.id})
                return

    def cancel(self, table_id: str) -> None:
        """Stop playing a table's computer seats (this node gave the table up)."""
        task = self._tasks.pop(table_id, None)
        if task is not None:
            task.cancel()

    async def close(self) -> None:
        """Stop every computer player."""
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
