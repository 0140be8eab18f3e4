"""Command-line entry point. Each command's module registers it on the shared app, and is
imported only when that command runs (see :mod:`.commands`), so ``fivedice --help`` and every
command start with only what they use.
"""

from __future__ import annotations

from .app import app
from .commands import import_every_command

__all__ = ["app", "import_every_command", "main"]


def main() -> None:
    """Run the ``fivedice`` command."""
    app()
