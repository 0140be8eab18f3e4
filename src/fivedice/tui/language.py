"""The language the terminal game speaks: the one the environment asks for."""

from __future__ import annotations

from fivedice.i18n import from_environment


def tui_language() -> str:
    """The terminal game's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    return from_environment()
