"""Computer players at the terminal table, from :mod:`fivedice.strategy.players`.

The start screen offers the strategy package's levels; the match screen asks
:class:`ComputerSeats` for each move of a computer's turn (in a worker thread: a level may
load or solve its tables first) and plays it through the same intents a person's keys send.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from fivedice.rules import MatchState

LABELS = {
    "beginner": ("Computer: beginner", "Rookie"),
    "good-human": ("Computer: good", "Ace"),
    "optimal": ("Computer: optimal", "Oracle"),
    "win-seeking": ("Computer: win-seeking", "Shark"),
}


def computer_levels() -> list[tuple[str, str]]:
    """The levels on offer as (label, level), weakest first; none without the strategy
    package."""
    try:
        from fivedice.strategy.players import Level
    except ImportError:
        return []
    return [
        (LABELS.get(level.value, (f"Computer: {level.value}",))[0], level.value) for level in Level
    ]


def computer_name(level: str, index: int) -> str:
    """A default name for a computer seat ("Rookie 2")."""
    base = LABELS.get(level, ("", "Computer"))[1]
    return f"{base} {index + 1}"


@dataclass(frozen=True)
class ComputerMove:
    """What a computer does next: roll keeping `hold` (positions 0-4), or score `category`."""

    category: str | None = None
    hold: tuple[int, ...] = ()

    @property
    def is_score(self) -> bool:
        """Whether this move fills a box (else it rolls)."""
        return self.category is not None


class ComputerSeats:
    """Makes each level's player once per rule set, and asks it for moves. Thread-safe."""

    def __init__(self) -> None:
        self._players: dict[tuple[str, str], Any] = {}
        self._lock = threading.Lock()

    def needs_preparing(self, level: str, state: MatchState) -> bool:
        """Whether the level's player for these rules is not made yet (the first move may then
        take a while: the optimal levels solve the rule set once, then keep it on disk)."""
        return (level, state.rules.fingerprint) not in self._players

    def decide(self, level: str, state: MatchState, seat: int) -> ComputerMove:
        """The move `level` makes now for `seat`, whose turn it is."""
        if state.dice is None:
            return ComputerMove()
        action = self._player(level, state).decide(state, seat)
        if action.kind == "score":
            return ComputerMove(category=action.category)
        return ComputerMove(hold=tuple(action.positions(state.dice)))

    def _player(self, level: str, state: MatchState) -> Any:
        from fivedice.strategy.players import player_for

        key = (level, state.rules.fingerprint)
        with self._lock:
            if key not in self._players:
                self._players[key] = player_for(level, state.rules)
            return self._players[key]
