"""Computer players at the terminal table, from :mod:`fivedice.strategy.players`.

The start screen offers the strategy package's levels; the match screen asks its
:class:`ComputerSeats` for each move of a computer's turn (in a worker thread: a level may
load or solve its tables first) and plays it through the same intents a person's keys send.
"""

from __future__ import annotations

from fivedice.strategy.seats import ComputerSeats, SeatMove

__all__ = ["ComputerSeats", "SeatMove", "computer_levels", "computer_name"]

LABELS = {
    "beginner": ("Computer: beginner", "Rookie"),
    "good-human": ("Computer: good", "Ace"),
    "optimal": ("Computer: optimal", "Oracle"),
    "win-seeking": ("Computer: win-seeking", "Shark"),
}


def computer_levels() -> list[tuple[str, str]]:
    """The levels on offer as (label, level), weakest first."""
    return [
        (LABELS.get(level, (f"Computer: {level}",))[0], level) for level in ComputerSeats().levels()
    ]


def computer_name(level: str, index: int) -> str:
    """A default name for a computer seat ("Rookie 2")."""
    base = LABELS.get(level, ("", "Computer"))[1]
    return f"{base} {index + 1}"
