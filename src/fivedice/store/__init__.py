"""Matches as event logs, results, games, ratings and high scores, in SQL (SQLite by default,
PostgreSQL by URL)."""

from .database import DATABASE_URL_ENV, database_url, default_sqlite_path, display_url
from .games import PERIODS, HighScore, Period, best_games, period_start
from .rated import (
    RatingLine,
    RatingStep,
    best_ratings,
    current_rating,
    player_ratings,
    rated_matches,
    rating_history,
    recorded_changes,
    seat_accounts,
)
from .store import (
    STORE_FAILURES,
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
    "PERIODS",
    "STORE_FAILURES",
    "HighScore",
    "HistoryEntry",
    "MatchSummary",
    "Period",
    "RatingLine",
    "RatingStep",
    "SequenceConflict",
    "Store",
    "StoreError",
    "UnknownMatch",
    "best_games",
    "best_ratings",
    "current_rating",
    "database_url",
    "default_sqlite_path",
    "display_url",
    "is_store_failure",
    "new_match_id",
    "period_start",
    "player_ratings",
    "rated_matches",
    "rating_history",
    "recorded_changes",
    "seat_accounts",
]
