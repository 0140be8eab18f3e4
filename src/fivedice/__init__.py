"""fivedice: Yahtzee as its players know it.

The game's rules live in :mod:`fivedice.rules`, a pure library every other face drives.
"""

__version__ = "0.1.0"
