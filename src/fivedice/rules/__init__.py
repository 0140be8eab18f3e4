"""The rules of Yahtzee and its variants: pure values and functions, no I/O, no clock.

Start with :class:`Dice`, a :class:`RuleSet` from :func:`preset`, and a :class:`Scorecard`::

    >>> from fivedice.rules import Dice, Scorecard, preset
    >>> card = Scorecard(preset("official"))
    >>> [(o.category, o.points) for o in card.options(Dice.parse("3 3 3 1 5"))][:3]
    [('ones', 1), ('twos', 0), ('threes', 9)]
"""

from .categories import Category, Pattern, Points, Section
from .daily import FIRST_DAY, DailyDice, IndexedDice, preset_of_day
from .dice import Dice, all_dice
from .errors import *  # noqa: F403 - the error types are part of the public surface
from .errors import RuleError
from .events import (
    BoxScored,
    ChatPosted,
    ClockExpired,
    DiceHeld,
    DiceRolled,
    Event,
    HintShown,
    HostPassed,
    MatchCreated,
    MatchStarted,
    PlayerAbsent,
    PlayerJoined,
    PlayerLeft,
    ScoreUndone,
    event_from_dict,
)
from .match import ABSENT_TURNS_OUT, Match, fold, hold_positions
from .options import MatchOptions, StartOrder, TimeoutRule
from .presets import DEFAULT_PRESET, PRESETS, family_presets, preset, preset_names
from .ruleset import BonusWhen, Family, JokerActive, JokerPlacement, JokerRule, RuleSet
from .scorecard import Scorecard
from .scoring import ScoreOption, joker_applies, score_options
from .state import MatchState, Outcome, Phase, PlayerState, SeatStatus, Standing
from .tables import check_possible, possible_scores

__all__ = [
    "ABSENT_TURNS_OUT",
    "DEFAULT_PRESET",
    "FIRST_DAY",
    "PRESETS",
    "BonusWhen",
    "BoxScored",
    "Category",
    "ChatPosted",
    "ClockExpired",
    "DailyDice",
    "Dice",
    "DiceHeld",
    "DiceRolled",
    "Event",
    "Family",
    "HintShown",
    "HostPassed",
    "IndexedDice",
    "JokerActive",
    "JokerPlacement",
    "JokerRule",
    "Match",
    "MatchCreated",
    "MatchOptions",
    "MatchStarted",
    "MatchState",
    "Outcome",
    "Pattern",
    "Phase",
    "PlayerAbsent",
    "PlayerJoined",
    "PlayerLeft",
    "PlayerState",
    "Points",
    "RuleError",
    "RuleSet",
    "ScoreOption",
    "ScoreUndone",
    "Scorecard",
    "SeatStatus",
    "Section",
    "Standing",
    "StartOrder",
    "TimeoutRule",
    "all_dice",
    "check_possible",
    "event_from_dict",
    "family_presets",
    "fold",
    "hold_positions",
    "joker_applies",
    "possible_scores",
    "preset",
    "preset_names",
    "preset_of_day",
    "score_options",
]
