"""Small widgets with one job each: a die, the dice tray, a scorecard column, a stepper."""

from .dice import DiceTray, DieView, die_face
from .scorecard import ScorecardView, ScoreCell, ScoreColumn
from .stepper import Stepper

__all__ = [
    "DiceTray",
    "DieView",
    "ScoreCell",
    "ScoreColumn",
    "ScorecardView",
    "Stepper",
    "die_face",
]
