"""The rules of Yahtzee and its variants: pure values and functions, no I/O, no clock.

Start with :class:`Dice`, a :class:`RuleSet` from :func:`preset`, and a :class:`Scorecard`::

    >>> from fivedice.rules import Dice, Scorecard, preset
    >>> card = Scorecard(preset("official"))
    >>> [(o.category, o.points) for o in card.options(Dice.parse("3 3 3 1 5"))][:3]
    [('ones', 1), ('twos', 0), ('threes', 9)]
"""

from .categories import Category, Pattern, Points, Section
from .dice import Dice, all_dice
from .errors import *  # noqa: F403 - the error types are part of the public surface
from .errors import RuleError
from .presets import DEFAULT_PRESET, PRESETS, preset, preset_names
from .ruleset import BonusWhen, JokerActive, JokerPlacement, JokerRule, RuleSet
from .scorecard import Scorecard
from .scoring import ScoreOption, joker_applies, score_options

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "BonusWhen",
    "Category",
    "Dice",
    "JokerActive",
    "JokerPlacement",
    "JokerRule",
    "Pattern",
    "Points",
    "RuleError",
    "RuleSet",
    "ScoreOption",
    "Scorecard",
    "Section",
    "all_dice",
    "joker_applies",
    "preset",
    "preset_names",
    "score_options",
]
