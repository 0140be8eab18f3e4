"""Small widgets with one job each: a die, the dice tray, a scorecard column, the card's
header line, a stepper."""

from .card_header import CardHeader
from .dice import DiceTray, DieView, die_face
from .scorecard import ScorecardView, ScoreCell, ScoreColumn
from .stepper import Stepper

__all__ = [
    "CardHeader",
    "DiceTray",
    "DieView",
    "ScoreCell",
    "ScoreColumn",
    "ScorecardView",
    "Stepper",  # i18n: not text
    "die_face",
]
