"""The language the terminal game speaks."""

from __future__ import annotations

from fivedice.i18n import from_environment


def tui_language() -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``), else English."""
    return from_environment()
