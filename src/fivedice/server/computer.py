"""The computer players a table may seat: the strategy package's levels
(:class:`~fivedice.strategy.seats.ComputerSeats`), behind the small interface the bot runner
needs (:class:`~fivedice.server.bots.ComputerPlayers`).

Players are made once per (level, rule set) and shared by every table; making one may load or
solve the strategy tables, which the bot runner does in a worker thread.
"""

from __future__ import annotations

from fivedice.rules import MatchState
from fivedice.strategy.seats import ComputerSeats, SeatMove


class NoComputerPlayers:
    """What a server offers when it is told to seat no computers (tests, or an operator)."""

    def levels(self) -> list[str]:
        """None."""
        return []

    def decide(self, level: str, state: MatchState, seat: int) -> SeatMove:
        """Never called: no seat can have a level that is not offered."""
        raise LookupError(f"No computer player {level!r} on this server")


def strategy_players() -> ComputerSeats:
    """The strategy package's players, shared by every table of the server."""
    return ComputerSeats()
