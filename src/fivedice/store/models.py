"""The tables: matches, their events (one row per event, unique per match and sequence
number), each finished match's results, and the high-score resets."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

RESULT_SEAT_INDEX = "uq_result_seat"


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


class HighScoreReset(Base):
    """When a preset's high-score list was last reset; older results stay in the history."""

    __tablename__ = "high_score_resets"

    preset: Mapped[str] = mapped_column(String(64), primary_key=True)
    reset_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
