"""Errors raised by the rules core, each naming the rule a move broke.

Every error is a :class:`ValueError`, so callers that only care that a move was illegal can
catch one type; the subclasses let a face say precisely what went wrong.
"""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    """A move or value the rules do not allow. The state it was tried on is unchanged.

    `code` names the rule for programs (the class in snake case); `params` holds the values in
    the message, with a snake_case ``reason`` where one code has several. The message is the
    English catalog's ``error.<code>[.<reason>]``, so every language can say the same.
    """

    code = "rule"

    def __init__(self, message: str | None = None, /, *, reason: str | None = None, **params: Any):
        self.params: dict[str, Any] = {"reason": reason, **params} if reason else dict(params)
        if message is None:
            from fivedice.i18n.errors import error_text

            message = error_text(self.code, self.params)
        # A message given as it is (a face's own words) has no key: clients show it as is.
        super().__init__(message)

    @property
    def reason(self) -> str | None:
        """Which of its code's reasons this is, where the code has several."""
        return self.params.get("reason")

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), str(self), self.params)


def _rebuild(kind: type[RuleError], message: str, params: dict[str, Any]) -> RuleError:
    """An error again from its message and params (pickling and copying go through here)."""
    error = kind(message)
    error.params = dict(params)
    return error


class InvalidDice(RuleError):
    """Dice values that are not five faces from 1 to 6."""

    code = "invalid_dice"


class ImpossibleScore(RuleError):
    """A card holding points no game can put there (a box's score, or the Yahtzee bonus)."""

    code = "impossible_score"


class UnknownCategory(RuleError):
    """A box name the rule set does not have."""

    code = "unknown_category"


class UnknownPreset(RuleError):
    """A rule-set name that is not one of the presets."""

    code = "unknown_preset"


class InvalidOptions(RuleError):
    """Match options outside their allowed ranges."""

    code = "invalid_options"


class RatedOptionsConflict(InvalidOptions):
    """Options a rated match cannot have: undo, the computer's hints, or a single seat."""

    code = "rated_options_conflict"


class BoxAlreadyFilled(RuleError):
    """Scoring in a box that already holds a score."""

    code = "box_already_filled"


class BoxNotAllowed(RuleError):
    """Scoring in an open box the joker rules forbid for these dice."""

    code = "box_not_allowed"


class NotYourTurn(RuleError):
    """An intent from a seat that is not the active one."""

    code = "not_your_turn"


class NoRollsLeft(RuleError):
    """A fourth roll in one turn."""

    code = "no_rolls_left"


class MustRollFirst(RuleError):
    """Scoring before the first roll of the turn (holding then is an InvalidHold)."""

    code = "must_roll_first"


class InvalidHold(RuleError):
    """Holding dice that are not on the table."""

    code = "invalid_hold"


class UndoNotAllowed(RuleError):
    """Undo when the options or the moment forbid it."""

    code = "undo_not_allowed"


class MatchNotStarted(RuleError):
    """A turn intent before the host started the match."""

    code = "match_not_started"


class MatchAlreadyStarted(RuleError):
    """Joining or starting once the match is under way."""

    code = "match_already_started"


class MatchFinished(RuleError):
    """Any game intent after the match has ended."""

    code = "match_finished"


class TableFull(RuleError):
    """Joining when every seat is taken."""

    code = "table_full"


class NameTaken(RuleError):
    """Joining under a name a player at the table has already, ignoring case and spaces."""

    code = "name_taken"


class NotHost(RuleError):
    """A host-only intent from another seat."""

    code = "not_host"


class UnknownSeat(RuleError):
    """A seat number that is not (or no longer) at the table."""

    code = "unknown_seat"


class NotEnoughPlayers(RuleError):
    """Starting a match with nobody seated (a rated match: with fewer than two)."""

    code = "not_enough_players"


class ComputerInRatedMatch(RuleError):
    """Seating a computer player at a rated match: ratings are between people."""

    code = "computer_in_rated_match"


class ChatTooLong(RuleError):
    """A chat line longer than the rules keep (500 characters)."""

    code = "chat_too_long"


class InvalidEvent(RuleError):
    """An event that cannot be decoded or does not fit the match it is applied to."""

    code = "invalid_event"


class HintsOff(RuleError):
    """The table's hints are off until the match is over (fair play between people)."""

    code = "hints_off"
