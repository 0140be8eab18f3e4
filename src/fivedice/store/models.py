"""The tables: matches, their events (one row per event, unique per match and sequence
number), each finished match's results, its games (one card each) and the rating changes of a
rated match, and the high-score resets."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    DateTime,
    Double,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

RESULT_SEAT_INDEX = "uq_result_seat"
GAME_SCORE_INDEX = "uq_game_score"


def utcnow() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of the fivedice schema."""


class MatchRow(Base):
    """A match: its rule set's name, where it was played, its label, and whether it ended."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    preset: Mapped[str] = mapped_column(String(64), index=True)
    origin: Mapped[str] = mapped_column(String(16), default="local")
    label: Mapped[str | None] = mapped_column(String(120), nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    meta: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class EventRow(Base):
    """One event of a match's log. A second row with the same (match, seq) is refused: that
    is the concurrency control when two writers race on one match."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("match_id", "seq", name="uq_event_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # No index of its own: the unique (match_id, seq) index serves lookups by match, and a
    # second index would cost every appended event another page write.
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ResultRow(Base):
    """A player's final line in a finished match: one per (match, seat), whoever races to
    record it."""

    __tablename__ = "results"
    __table_args__ = (Index(RESULT_SEAT_INDEX, "match_id", "seat", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    preset: Mapped[str] = mapped_column(String(64), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64), index=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    total: Mapped[int] = mapped_column(Integer)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    complete: Mapped[bool] = mapped_column(default=False)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameScoreRow(Base):
    """One game of a finished match: one player's card of one round (a match of N rounds is N
    games each). The high-score lists rank these, so matches of different lengths never mix;
    a card left unfinished is kept, marked incomplete."""

    __tablename__ = "game_scores"
    __table_args__ = (
        Index(GAME_SCORE_INDEX, "match_id", "seat", "round", unique=True),
        Index("ix_game_scores_best", "preset", "score"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    preset: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)  # 0-based, as in the events
    rounds: Mapped[int] = mapped_column(Integer)  # the match's length, for "game 2 of 3"
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    score: Mapped[int] = mapped_column(Integer)
    complete: Mapped[bool] = mapped_column(default=False)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class RatingRow(Base):
    """How one rated match moved one player's rating in its family: before and after. The
    latest row of an account and family is its current rating; the rows in order are its
    history, and :func:`fivedice.ratings.recompute` gives them again from the logs."""

    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("match_id", "account_id", name="uq_rating_match_account"),
        Index("ix_ratings_account", "account_id", "family"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))  # the name played under in that match
    family: Mapped[str] = mapped_column(String(16), index=True)
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu_after: Mapped[float] = mapped_column(Double)
    sigma_after: Mapped[float] = mapped_column(Double)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HighScoreReset(Base):
    """When a preset's high-score list was last reset; older results stay in the history."""

    __tablename__ = "high_score_resets"

    preset: Mapped[str] = mapped_column(String(64), primary_key=True)
    reset_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
