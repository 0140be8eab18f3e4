"""Computer seats for any face: each level's player made once per rule set and shared, and
its decisions turned into the moves a face carries out through the match's intents.

The server's tables and the terminal game both seat computers through :class:`ComputerSeats`;
it is thread-safe, since a face asks for moves in worker threads (making a player may load or
solve a strategy table first).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from fivedice.rules import MatchState

from .players import ComputerPlayer, Level, player_for

# Seconds a computer who would move next waits while the person who just scored may still take
# it back: its first roll would end their undo window (seed 001) before they could use it.
UNDO_GRACE = 3.0


def person_may_undo(state: MatchState) -> bool:
    """Whether a person (not a computer) who just scored may still take it back: the match
    allows undo, and nobody has rolled since. A computer seat waits out the grace then."""
    point = state.undo_point
    if point is None or not state.options.undo_allowed:
        return False
    scorer = state.player(point.seat)
    return scorer.bot is None and scorer.is_playing


@dataclass(frozen=True)
class SeatMove:
    """What a computer does next: roll keeping `hold` (positions 0-4), or score `category`.

    Before the first roll of a turn the move is a roll with nothing held.
    """

    category: str | None = None
    hold: tuple[int, ...] = ()

    @property
    def is_score(self) -> bool:
        """Whether this move fills a box (else it rolls)."""
        return self.category is not None


class ComputerSeats:
    """The strategy package's computer players, one per (level, rule set)."""

    def __init__(self) -> None:
        self._players: dict[tuple[str, str], ComputerPlayer] = {}
        self._lock = threading.Lock()
        self._levels: list[str] | None = None

    def levels(self) -> list[str]:
        """Every level on offer, weakest first: those whose packages are installed here (the
        win-seeking computer needs fivedice[solver]). Looked up once: the server asks at every
        player's arrival, and finding a package not imported yet searches the module path."""
        if self._levels is None:
            self._levels = [level.value for level in Level if level.is_installed]
        return list(self._levels)

    def needs_preparing(self, level: str, state: MatchState) -> bool:
        """Whether the level's player for these rules is not made yet (its first move may then
        take a while: the optimal levels solve the rule set once, then keep it on disk)."""
        return (level, state.rules.fingerprint) not in self._players

    def decide(self, level: str, state: MatchState, seat: int) -> SeatMove:
        """The move `level` makes now for `seat`, whose turn it is."""
        if state.dice is None:
            return SeatMove()
        action = self._player(level, state).decide(state, seat)
        if action.kind == "score":
            return SeatMove(category=action.category)
        return SeatMove(hold=tuple(action.positions(state.dice)))

    def _player(self, level: str, state: MatchState) -> ComputerPlayer:
        key = (level, state.rules.fingerprint)
        with self._lock:
            if key not in self._players:
                self._players[key] = player_for(level, state.rules)
            return self._players[key]
