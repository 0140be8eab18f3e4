"""Matches as event logs, results and high scores, in SQL (SQLite by default, PostgreSQL by URL)."""

from .database import DATABASE_URL_ENV, database_url, default_sqlite_path, display_url
from .store import (
    STORE_FAILURES,
    HighScore,
    HistoryEntry,
    MatchSummary,
    SequenceConflict,
    Store,
    StoreError,
    UnknownMatch,
    is_store_failure,
    new_match_id,
)

__all__ = [
    "DATABASE_URL_ENV",
    "STORE_FAILURES",
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
    "is_store_failure",
    "new_match_id",
]
