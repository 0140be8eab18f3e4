"""What the start screen decides: the players, the rules and the options of a match.

A :class:`GameSetup` is a plain value, so "Play again" is just building a fresh match from the
same setup, and the command line can prefill the start screen with one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fivedice.rules import DEFAULT_PRESET, Match, MatchOptions, RuleError, preset
from fivedice.rules.errors import NameTaken
from fivedice.rules.match import MAX_NAME_LENGTH, RandomSource, check_name, name_key
from fivedice.rules.options import MAX_ROUNDS, MAX_SEATS

__all__ = ["MAX_NAME_LENGTH", "MAX_ROUNDS", "MAX_SEATS", "GameSetup", "SeatSetup"]


@dataclass(frozen=True)
class SeatSetup:
    """One seat at the table: the player's name and, for a computer player, its kind."""

    name: str
    computer: str | None = None

    @property
    def is_computer(self) -> bool:
        """Whether the computer plays this seat."""
        return self.computer is not None


def default_name(index: int) -> str:
    """The name a seat gets when its name field is left empty ("P1", "P2", ...)."""
    return f"P{index + 1}"


@dataclass(frozen=True)
class GameSetup:
    """Players (1-8, in turn order), the preset's name, rounds (1-6) and whether undo is on."""

    seats: tuple[SeatSetup, ...] = field(default_factory=lambda: (SeatSetup("P1"),))
    preset: str = DEFAULT_PRESET
    rounds: int = 1
    undo_allowed: bool = True

    @classmethod
    def from_names(
        cls,
        names: list[str] | tuple[str, ...],
        preset: str = DEFAULT_PRESET,
        rounds: int = 1,
        undo_allowed: bool = True,
    ) -> GameSetup:
        """A setup of human players with these names."""
        return cls(tuple(SeatSetup(n) for n in names), preset, rounds, undo_allowed)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in turn order."""
        return tuple(s.name for s in self.seats)

    def validate(self) -> None:
        """Raise a :class:`RuleError` if this setup cannot make a match, with its code and
        values as the rules core's own (a face says it with :func:`fivedice.tui.words.refusal`)."""
        if not 1 <= len(self.seats) <= MAX_SEATS:
            raise RuleError(reason="players_range", most=MAX_SEATS)
        seen: set[str] = set()
        for seat in self.seats:
            name = check_name(seat.name)
            if name_key(name) in seen:
                raise NameTaken(reason="same_name", name=name)
            seen.add(name_key(name))
        first = self.seats[0]
        if first.is_computer and any(not seat.is_computer for seat in self.seats):
            # The match starts with its host, who is a person whenever one plays.
            raise RuleError(reason="person_first", name=first.name)
        preset(self.preset)
        MatchOptions(seats=len(self.seats), rounds=self.rounds, undo_allowed=self.undo_allowed)

    def new_match(self, rng: RandomSource | None = None) -> Match:
        """A started match with every player seated, the first player as host."""
        self.validate()
        options = MatchOptions(
            seats=len(self.seats), rounds=self.rounds, undo_allowed=self.undo_allowed
        )
        match = Match.create(self.preset, options, rng=rng)
        seats = [match.join(s.name, bot=s.computer) for s in self.seats]
        match.start(seats[0])
        return match
