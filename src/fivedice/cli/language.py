"""The language the command line speaks: the one the environment asks for."""

from __future__ import annotations

from fivedice.i18n import from_environment


def cli_language() -> str:
    """The commands' language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    return from_environment()
