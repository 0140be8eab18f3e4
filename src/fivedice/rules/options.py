"""Match options: everything about a match that is not a scoring rule (seats, rounds, clock)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from .errors import InvalidOptions, RatedOptionsConflict

MAX_SEATS = 8
MAX_ROUNDS = 6
MAX_CLOCK_SECONDS = 3600
ABSENT_AFTER_RANGE = (10.0, 3600.0)  # seconds a person may be away on their turn


class StartOrder(StrEnum):
    """Who takes the first turn."""

    HOST_FIRST = "host_first"  # seed 000: the Master, then join order
    ROLL_OFF = "roll_off"  # seed 004: one die each, highest starts, ties roll again


class TimeoutRule(StrEnum):
    """What happens when a player's clock runs out."""

    FORFEIT = "forfeit"  # seed 004: that player loses and is skipped
    SCRATCH = "scratch"  # a 0 goes in the lowest-value open box and the turn passes


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """Seats (1-8), rounds (1-6, seed 003), clock per hand, undo, who starts, how long a
    person may be away on their turn, whether the computer's hints are on (None: on at a
    table with one person, off with two or more), and whether the match is rated (people
    only, two or more, no undo, no hints: each player's rating moves with the result)."""

    seats: int = 4
    rounds: int = 1
    clock_seconds: float | None = None
    timeout_rule: TimeoutRule = TimeoutRule.FORFEIT
    undo_allowed: bool = True
    start_order: StartOrder = StartOrder.HOST_FIRST
    absent_after_seconds: float = 60.0
    hints: bool | None = None
    rated: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.seats <= MAX_SEATS:
            raise InvalidOptions(reason="seats", most=MAX_SEATS, seats=self.seats)
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise InvalidOptions(reason="rounds", most=MAX_ROUNDS, rounds=self.rounds)
        if self.clock_seconds is not None and not 0 < self.clock_seconds <= MAX_CLOCK_SECONDS:
            raise InvalidOptions(reason="clock", most=MAX_CLOCK_SECONDS)
        low, high = ABSENT_AFTER_RANGE
        if not low <= self.absent_after_seconds <= high:
            raise InvalidOptions(
                reason="away", least=low, most=high, seconds=self.absent_after_seconds
            )
        if not isinstance(self.rated, bool):
            raise InvalidOptions(reason="rated", value=repr(self.rated))
        if self.rated:
            _check_rated(self)
        object.__setattr__(self, "timeout_rule", TimeoutRule(self.timeout_rule))
        object.__setattr__(self, "start_order", StartOrder(self.start_order))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready options."""
        data = asdict(self)
        data["timeout_rule"] = self.timeout_rule.value
        data["start_order"] = self.start_order.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchOptions:
        """Options from :meth:`to_dict`'s output; unknown keys are an error."""
        known = {
            "seats",
            "rounds",
            "clock_seconds",
            "timeout_rule",
            "undo_allowed",
            "start_order",
            "absent_after_seconds",
            "hints",
            "rated",
        }
        unknown = set(data) - known
        if unknown:
            raise InvalidOptions(reason="unknown", names=", ".join(sorted(unknown)))
        try:
            return cls(**data)
        except ValueError as exc:
            if isinstance(exc, InvalidOptions):
                raise
            raise InvalidOptions(reason="other", detail=str(exc)) from None


def _check_rated(options: MatchOptions) -> None:
    """A rated match is a fair contest between people: no undo, no hints, two seats or more."""
    if options.undo_allowed:
        raise RatedOptionsConflict(reason="undo")
    if options.hints:
        raise RatedOptionsConflict(reason="hints")
    if options.seats < 2:
        raise RatedOptionsConflict(reason="seats")
