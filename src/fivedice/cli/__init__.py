"""Command-line entry point. Each module below registers its commands on the shared app.

Heavy imports (numpy, Textual, the server) happen inside the commands, so ``fivedice score``
starts fast.
"""

from __future__ import annotations

from . import rules_cmd  # noqa: F401  - registers score, rules, odds, replay
from .app import app

for _optional in ("play_cmd", "strategy_cmd", "serve_cmd"):
    try:
        __import__(f"{__name__}.{_optional}")
    except ModuleNotFoundError as exc:  # a face not built yet must not break the others
        if exc.name != f"{__name__}.{_optional}":
            raise


def main() -> None:
    """Run the ``fivedice`` command."""
    app()
