"""Matches as event logs, results and high scores, in SQL (SQLite by default, PostgreSQL by URL)."""

from .database import DATABASE_URL_ENV, database_url, default_sqlite_path, display_url
from .store import (
    HighScore,
    HistoryEntry,
    MatchSummary,
    SequenceConflict,
    Store,
    StoreError,
    UnknownMatch,
    new_match_id,
)

__all__ = [
    "DATABASE_URL_ENV",
    "HighScore",
    "HistoryEntry",
    "MatchSummary",
    "SequenceConflict",
    "Store",
    "StoreError",
    "UnknownMatch",
    "database_url",
    "default_sqlite_path",
    "display_url",
    "new_match_id",
]
