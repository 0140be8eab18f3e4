"""Matches as event logs, results, games, ratings and high scores, in SQL (SQLite by default,
PostgreSQL by URL)."""

from .database import DATABASE_URL_ENV, database_url, default_sqlite_path, display_url
from .games import PERIODS, HighScore, Period, best_games, period_start
from .profiles import (
    GameStats,
    Profile,
    RecentMatch,
    load_profile,
    record_accuracy,
    seats_to_analyse,
)
from .rated import (
    RatingLine,
    RatingStep,
    best_ratings,
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
    "GameStats",
    "HighScore",
    "HistoryEntry",
    "MatchSummary",
    "Period",
    "Profile",
    "RatingLine",
    "RatingStep",
    "RecentMatch",
    "SequenceConflict",
    "Store",
    "StoreError",
    "UnknownMatch",
    "best_games",
    "best_ratings",
    "database_url",
    "default_sqlite_path",
    "display_url",
    "is_store_failure",
    "load_profile",
    "new_match_id",
    "period_start",
    "player_ratings",
    "rated_matches",
    "rating_history",
    "record_accuracy",
    "recorded_changes",
    "seat_accounts",
    "seats_to_analyse",
]
