"""High scores for the terminal game, kept by :mod:`fivedice.store`.

The app talks to a :class:`ScoreBook`: anything with these three methods. The real one is
:class:`fivedice.store.Store` (SQLite in the user data directory by default,
``FIVEDICE_DATABASE_URL`` overrides); tests hand the app a store in a temporary directory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from fivedice.rules import Match

HIGH_SCORE_LIMIT = 10


class HighScoreLine(Protocol):
    """One line of a high-score list."""

    @property
    def name(self) -> str: ...
    @property
    def total(self) -> int: ...
    @property
    def match_id(self) -> str: ...


class ScoreBook(Protocol):
    """Where finished matches and high scores are kept."""

    def save_finished(self, match: Match) -> str:
        """Keep a finished match with its result; returns its id."""
        ...

    def high_scores(self, preset: str, limit: int = 10) -> Sequence[HighScoreLine]:
        """The best complete cards of a preset since its last reset, best first."""
        ...

    def reset_high_scores(self, preset: str) -> None:
        """Start a preset's high-score list afresh."""
        ...


def open_score_book(url: str | None = None) -> ScoreBook:
    """The store at `url`, else ``FIVEDICE_DATABASE_URL``, else the user data directory."""
    from fivedice.store import Store

    return Store(url)
