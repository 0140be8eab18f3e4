"""The optimal player's tables, as the server's hints, analyses and accuracy records share them:
a preset's read from the package, another rule set's solved once (then kept in the cache
directory), one solve at a time.

The strategy package is imported only when asked: a server without it still serves the lobby
and play, and answers the computer's help with ``not_available``.
"""

from __future__ import annotations

import threading
from typing import Any

from fivedice.rules import RuleSet

from .errors import NotAvailable

_solving = threading.Lock()  # one solve at a time: two hints must not solve the same table twice


def strategy_table(rules: RuleSet) -> Any:
    """The rule set's optimal-strategy table (shipped, or solved on first use, then cached);
    blocking."""
    try:
        from fivedice.strategy import load_or_solve
    except ImportError:
        raise NotAvailable(reason="no_hints") from None
    with _solving:
        return load_or_solve(rules)
