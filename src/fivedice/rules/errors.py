"""Errors raised by the rules core, each naming the rule a move broke.

Every error is a :class:`ValueError`, so callers that only care that a move was illegal can
catch one type; the subclasses let a face say precisely what went wrong.
"""

from __future__ import annotations


class RuleError(ValueError):
    """A move or value the rules do not allow. The state it was tried on is unchanged."""


class InvalidDice(RuleError):
    """Dice values that are not five faces from 1 to 6."""


class ImpossibleScore(RuleError):
    """A card holding points no game can put there (a box's score, or the Yahtzee bonus)."""


class UnknownCategory(RuleError):
    """A box name the rule set does not have."""


class UnknownPreset(RuleError):
    """A rule-set name that is not one of the presets."""


class InvalidOptions(RuleError):
    """Match options outside their allowed ranges."""


class RatedOptionsConflict(InvalidOptions):
    """Options a rated match cannot have: undo, the computer's hints, or a single seat."""


class BoxAlreadyFilled(RuleError):
    """Scoring in a box that already holds a score."""


class BoxNotAllowed(RuleError):
    """Scoring in an open box the joker rules forbid for these dice."""


class NotYourTurn(RuleError):
    """An intent from a seat that is not the active one."""


class NoRollsLeft(RuleError):
    """A fourth roll in one turn."""


class MustRollFirst(RuleError):
    """Scoring before the first roll of the turn (holding then is an InvalidHold)."""


class InvalidHold(RuleError):
    """Holding dice that are not on the table."""


class UndoNotAllowed(RuleError):
    """Undo when the options or the moment forbid it."""


class MatchNotStarted(RuleError):
    """A turn intent before the host started the match."""


class MatchAlreadyStarted(RuleError):
    """Joining or starting once the match is under way."""


class MatchFinished(RuleError):
    """Any game intent after the match has ended."""


class TableFull(RuleError):
    """Joining when every seat is taken."""


class NameTaken(RuleError):
    """Joining under a name a player at the table has already, ignoring case and spaces."""


class NotHost(RuleError):
    """A host-only intent from another seat."""


class UnknownSeat(RuleError):
    """A seat number that is not (or no longer) at the table."""


class NotEnoughPlayers(RuleError):
    """Starting a match with nobody seated (a rated match: with fewer than two)."""


class ComputerInRatedMatch(RuleError):
    """Seating a computer player at a rated match: ratings are between people."""


class ChatTooLong(RuleError):
    """A chat line longer than the rules keep (500 characters)."""


class InvalidEvent(RuleError):
    """An event that cannot be decoded or does not fit the match it is applied to."""


class HintsOff(RuleError):
    """The table's hints are off until the match is over (fair play between people)."""
