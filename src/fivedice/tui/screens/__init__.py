"""One screen per view: start, match, results, a yes/no question, and a rule set's rules."""

from .confirm import ConfirmScreen
from .match import MatchScreen
from .results import ResultsScreen
from .rules import RulesScreen
from .start import StartScreen

__all__ = ["ConfirmScreen", "MatchScreen", "ResultsScreen", "RulesScreen", "StartScreen"]
