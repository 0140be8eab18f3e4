"""Command-line entry point. Each module below registers its commands on the shared app.

Heavy imports (numpy, numba, Textual, the server) happen inside the commands, so
``fivedice score`` starts fast.
"""

from __future__ import annotations

from . import (  # noqa: F401 - importing a module registers its commands
    daily_cmd,
    export_cmd,
    play_cmd,
    ratings_cmd,
    rules_cmd,
    serve_cmd,
    strategy_cmd,
)
from .app import app


def main() -> None:
    """Run the ``fivedice`` command."""
    app()
