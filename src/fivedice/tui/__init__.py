"""The terminal game, built with Textual: ``fivedice play``.

One screen per view (:mod:`.screens`: start, match, results), small widgets with one job
(:mod:`.widgets`: a die, the dice tray, a scorecard column), styles in ``fivedice.tcss``.
"""

from .app import FiveDiceApp
from .setup import GameSetup, SeatSetup

__all__ = ["FiveDiceApp", "GameSetup", "SeatSetup"]
