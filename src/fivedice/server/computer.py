"""The computer players a table may seat: the strategy package's levels, behind the small
interface the bot runner needs (:class:`~fivedice.server.bots.ComputerPlayers`).

Players are made once per (level, rule set) and shared by every table; making one may load or
solve the strategy tables, which the bot runner does in a worker thread.
"""

from __future__ import annotations

import threading
from typing import Any

from fivedice.rules import MatchState

from .bots import BotMove


class StrategyPlayers:
    """Computer players from ``fivedice.strategy.players``."""

    def __init__(self) -> None:
        self._players: dict[tuple[str, str], Any] = {}
        self._lock = threading.Lock()

    def levels(self) -> list[str]:
        """Every level the strategy package offers, weakest first."""
        from fivedice.strategy.players import Level

        return [level.value for level in Level]

    def decide(self, level: str, state: MatchState, seat: int) -> BotMove:
        """The level's move for the active seat: the first roll, a hold and roll, or a score."""
        if state.dice is None:
            return BotMove()
        action = self._player(level, state).decide(state, seat)
        if action.kind == "score":
            return BotMove(category=action.category)
        return BotMove(hold=tuple(action.positions(state.dice)))

    def _player(self, level: str, state: MatchState) -> Any:
        from fivedice.strategy.players import player_for

        key = (level, state.rules.fingerprint)
        with self._lock:
            player = self._players.get(key)
            if player is None:
                player = self._players[key] = player_for(level, state.rules)
            return player


class NoComputerPlayers:
    """What a server offers when the strategy package cannot be loaded: no computer seats."""

    def levels(self) -> list[str]:
        """None."""
        return []

    def decide(self, level: str, state: MatchState, seat: int) -> BotMove:
        """Never called: no seat can have a level that is not offered."""
        raise LookupError(f"No computer player {level!r} on this server")


def strategy_players() -> StrategyPlayers | NoComputerPlayers:
    """The strategy package's players, or none if it is not importable here."""
    try:
        import fivedice.strategy.players  # noqa: F401
    except ImportError:
        return NoComputerPlayers()
    return StrategyPlayers()
