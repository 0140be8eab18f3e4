"""One screen per view: start, match, results, and a yes/no question."""

from .confirm import ConfirmScreen
from .match import MatchScreen
from .results import ResultsScreen
from .start import StartScreen

__all__ = ["ConfirmScreen", "MatchScreen", "ResultsScreen", "StartScreen"]
