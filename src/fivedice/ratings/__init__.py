"""Ratings: each person's skill per rule-set family, moved by every rated match they finish
(OpenSkill's Plackett–Luce model), and recomputable from the matches' logs."""

from .model import (
    ORDINAL_Z,
    PROVISIONAL_GAMES,
    Placed,
    Rating,
    RatingChange,
    rank_seats,
    rate,
)
from .replay import RatedMatch, changes_for, rated_match, recompute

__all__ = [
    "ORDINAL_Z",
    "PROVISIONAL_GAMES",
    "Placed",
    "RatedMatch",
    "Rating",
    "RatingChange",
    "changes_for",
    "rank_seats",
    "rate",
    "rated_match",
    "recompute",
]
