"""The accounts' rows: who plays (guests and people), their browser sessions and API tokens,
and which account holds which seat at an online table; with the name people see for an account.

Kept apart from :mod:`fivedice.store.accounts` (what is done with them) so that the store's
other modules (ratings, profiles) can join on them without importing the account operations.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base, utcnow

GUEST = "guest"
PERSON = "person"
DELETED_NAME = "deleted player"


class AccountRow(Base):
    """An account: a guest (no username yet) or a person who chose a username and password;
    deleted accounts stay as tombstones so their seats keep an owner."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str | None] = mapped_column(String(24), nullable=True)
    # The username case-folded: unique, so "Ann" and "ann" cannot both be taken.
    username_key: Mapped[str | None] = mapped_column(String(96), nullable=True, unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    kind: Mapped[str] = mapped_column(String(8), default=GUEST)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Failed sign-ins since `failures_since` (the throttle per account, shared by every node).
    failures: Mapped[int] = mapped_column(Integer, default=0)
    failures_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    """A signed-in browser: the SHA-256 digest of its cookie's secret, until it expires."""

    __tablename__ = "account_sessions"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ApiTokenRow(Base):
    """A program's credential for an account: the token's SHA-256 digest and a label."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SeatAccountRow(Base):
    """The account that took a seat at an online table (written with the seat's event), and
    whether it sat down as a program (through an API token)."""

    __tablename__ = "seat_accounts"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    program: Mapped[bool] = mapped_column(Boolean, default=False)


ACCOUNT_TABLES = [AccountRow, SessionRow, ApiTokenRow, SeatAccountRow]


def public_name(account_id: int, username: str | None, kind: str, deleted: bool) -> str:
    """The name people see for an account."""
    if deleted:
        return DELETED_NAME
    if username:
        return username
    return f"Guest {1000 + account_id}"
