"""Optimal play and computer players: the solver, its cached tables, the advisor, simulation.

The solver's table for a rule set gives the expected score to come from every turn-start
state; the advisor and every computer player read decisions off it::

    >>> from fivedice.rules import preset
    >>> from fivedice.strategy import load_or_solve
    >>> round(load_or_solve(preset("official")).expected_start, 6)  # doctest: +SKIP
    254.587729
"""

from .cache import cache_dir, load_or_solve
from .table import SOLVER_VERSION, ImpossibleCard, StrategyTable

__all__ = ["SOLVER_VERSION", "ImpossibleCard", "StrategyTable", "cache_dir", "load_or_solve"]
