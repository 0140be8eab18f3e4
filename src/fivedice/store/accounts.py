"""Accounts in the store: who plays (guests and people with a username), their browser
sessions, their programs' API tokens, the sign-in failures counted against each account, and
which account holds which seat at an online table (the rows themselves are in
:mod:`fivedice.store.account_rows`).

Credentials are never stored in clear: a password only as its argon2 hash, a session secret
and an API token only as their SHA-256 digests (the server makes all three; this module only
keeps what it is given). A deleted account stays as a tombstone (no name, no password) so the
matches it played keep their seats; its sessions and tokens are gone with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import (
    Connection,
    Select,
    case,
    delete,
    insert,
    select,
    tuple_,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .account_rows import ACCOUNT_TABLES as ACCOUNT_TABLES  # re-exported: the schema
from .account_rows import (
    DELETED_NAME,
    GUEST,
    PERSON,
    AccountRow,
    ApiTokenRow,
    SeatAccountRow,
    SessionRow,
    public_name,
)
from .models import MatchRow, ResultRow, utcnow
from .store import Store, StoreError


class UsernameTaken(StoreError):
    """Another account has that username (ignoring case)."""


class NotAGuest(StoreError):
    """Only a guest account can be claimed."""


@dataclass(frozen=True)
class Account:
    """An account as the server sees it (no credentials)."""

    id: int
    username: str | None
    kind: str
    deleted: bool
    created_at: datetime

    @property
    def name(self) -> str:
        """The name people see: the username, "Guest N" for a guest, or "deleted player"."""
        return public_name(self.id, self.username, self.kind, self.deleted)


@dataclass(frozen=True)
class Credentials:
    """What a sign-in checks: the account and its password hash, and its recent failures."""

    account: Account
    password_hash: str
    failures: int
    failures_since: datetime | None


@dataclass(frozen=True)
class ApiToken:
    """An API token as its owner lists it (the token itself is shown once, never again)."""

    id: int
    label: str
    created_at: datetime


@dataclass(frozen=True)
class SeatOwner:
    """Who holds a seat: the account, the name it shows, its kind (``guest``, ``person``, or
    ``deleted``), and whether it plays as a program."""

    account_id: int
    name: str
    kind: str
    program: bool


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.username, row.kind, row.deleted, _aware(row.created_at))


# Accounts ---------------------------------------------------------------------------------------


def create_guest(store: Store) -> Account:
    """A new guest account."""
    with store.engine.begin() as conn:
        now = utcnow()
        result = conn.execute(
            insert(AccountRow).values(kind=GUEST, deleted=False, created_at=now, failures=0)
        )
        (account_id,) = result.inserted_primary_key or (None,)
    assert account_id is not None
    return Account(int(account_id), None, GUEST, False, now)


def get_account(store: Store, account_id: int) -> Account | None:
    """An account by id (tombstones too), or None."""
    with Session(store.engine) as session:
        row = session.get(AccountRow, account_id)
        return _account(row) if row is not None else None


def credentials(store: Store, username_key: str) -> Credentials | None:
    """A person's account, password hash and failure count by case-folded username."""
    with Session(store.engine) as session:
        row = session.scalars(
            select(AccountRow).where(
                AccountRow.username_key == username_key, AccountRow.deleted.is_(False)
            )
        ).first()
        if row is None or row.password_hash is None:
            return None
        since = _aware(row.failures_since) if row.failures_since is not None else None
        return Credentials(_account(row), row.password_hash, row.failures, since)


def claim(store: Store, account_id: int, username: str, key: str, password_hash: str) -> Account:
    """Make a guest a person with a username (`key`: case-folded, unique) and password hash."""
    try:
        with store.engine.begin() as conn:
            changed = conn.execute(
                update(AccountRow)
                .where(
                    AccountRow.id == account_id,
                    AccountRow.kind == GUEST,
                    AccountRow.deleted.is_(False),
                )
                .values(
                    username=username, username_key=key, password_hash=password_hash, kind=PERSON
                )
            ).rowcount
            if not changed:
                raise NotAGuest("Only a guest account can be claimed")
    except IntegrityError as exc:
        raise UsernameTaken(f"The username {username!r} is taken") from exc
    found = get_account(store, account_id)
    assert found is not None
    return found


def delete_account(store: Store, account_id: int) -> list[str]:
    """Delete an account: it stays as a tombstone (no name, no password) so its seats keep an
    owner; its sessions and API tokens go; its finished results show as a deleted player.
    Returns the unfinished tables where it holds a seat (their views must change too)."""
    with store.engine.begin() as conn:
        conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        conn.execute(delete(ApiTokenRow).where(ApiTokenRow.account_id == account_id))
        conn.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id)
            .values(
                username=None,
                username_key=None,
                password_hash=None,
                deleted=True,
                failures=0,
                failures_since=None,
            )
        )
        seats = select(SeatAccountRow.match_id, SeatAccountRow.seat).where(
            SeatAccountRow.account_id == account_id
        )
        conn.execute(
            update(ResultRow)
            .where(tuple_(ResultRow.match_id, ResultRow.seat).in_(seats))
            .values(name=DELETED_NAME)
        )
        return list(conn.scalars(_unfinished(account_id)))


def _unfinished(account_id: int) -> Select[str]:
    return (
        select(SeatAccountRow.match_id)
        .join(MatchRow, MatchRow.id == SeatAccountRow.match_id)
        .where(
            SeatAccountRow.account_id == account_id,
            MatchRow.status.in_(("waiting", "playing")),
        )
        .distinct()
    )


def unfinished_tables(store: Store, account_id: int) -> list[str]:
    """The tables not finished (nor set aside as idle) where the account holds a seat."""
    with store.engine.connect() as conn:
        return list(conn.scalars(_unfinished(account_id)))


# The sign-in throttle ---------------------------------------------------------------------------


def note_failure(store: Store, account_id: int, window: timedelta) -> tuple[int, datetime]:
    """Count a failed sign-in against the account; the count starts afresh once `window` has
    passed since its first failure. Returns the count and when the window began."""
    now = utcnow()
    fresh = (AccountRow.failures_since.is_(None)) | (AccountRow.failures_since < now - window)
    with store.engine.begin() as conn:
        conn.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id)
            .values(
                failures=case((fresh, 1), else_=AccountRow.failures + 1),
                failures_since=case((fresh, now), else_=AccountRow.failures_since),
            )
        )
        row = conn.execute(
            select(AccountRow.failures, AccountRow.failures_since).where(
                AccountRow.id == account_id
            )
        ).first()
    if row is None or row[1] is None:
        return 0, now
    return int(row[0]), _aware(row[1])


def clear_failures(store: Store, account_id: int) -> None:
    """A sign-in succeeded: forget the account's failures."""
    with store.engine.begin() as conn:
        conn.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id)
            .values(failures=0, failures_since=None)
        )


# Sessions ---------------------------------------------------------------------------------------


def open_session(store: Store, account_id: int, digest: str, lifetime: timedelta) -> None:
    """Remember a signed-in browser by its secret's digest, for `lifetime`."""
    now = utcnow()
    with store.engine.begin() as conn:
        conn.execute(
            insert(SessionRow).values(
                digest=digest, account_id=account_id, created_at=now, expires_at=now + lifetime
            )
        )


def session_account(store: Store, digest: str) -> Account | None:
    """The live account a session's digest signs in, or None (unknown, expired, deleted)."""
    query = (
        select(AccountRow, SessionRow.expires_at)
        .join(SessionRow, SessionRow.account_id == AccountRow.id)
        .where(SessionRow.digest == digest, AccountRow.deleted.is_(False))
    )
    with Session(store.engine) as session:
        found = session.execute(query).first()
        if found is None or _aware(found[1]) <= utcnow():
            return None
        return _account(found[0])


def close_session(store: Store, digest: str) -> None:
    """Sign one browser out."""
    with store.engine.begin() as conn:
        conn.execute(delete(SessionRow).where(SessionRow.digest == digest))


def close_sessions(store: Store, account_id: int) -> int:
    """Sign the account out everywhere; returns how many sessions ended."""
    with store.engine.begin() as conn:
        ended = conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
    return int(ended.rowcount or 0)


def drop_expired_sessions(store: Store) -> int:
    """Forget sessions past their time; returns how many."""
    with store.engine.begin() as conn:
        ended = conn.execute(delete(SessionRow).where(SessionRow.expires_at < utcnow()))
    return int(ended.rowcount or 0)


# API tokens -------------------------------------------------------------------------------------


def add_api_token(store: Store, account_id: int, digest: str, label: str) -> ApiToken:
    """Keep a new API token's digest for the account."""
    now = utcnow()
    with store.engine.begin() as conn:
        result = conn.execute(
            insert(ApiTokenRow).values(
                account_id=account_id, digest=digest, label=label, created_at=now
            )
        )
        (token_id,) = result.inserted_primary_key or (None,)
    assert token_id is not None
    return ApiToken(int(token_id), label, now)


def api_tokens(store: Store, account_id: int) -> list[ApiToken]:
    """The account's API tokens, oldest first."""
    query = (
        select(ApiTokenRow.id, ApiTokenRow.label, ApiTokenRow.created_at)
        .where(ApiTokenRow.account_id == account_id)
        .order_by(ApiTokenRow.id)
    )
    with store.engine.connect() as conn:
        return [ApiToken(i, label, _aware(at)) for i, label, at in conn.execute(query)]


def revoke_api_token(store: Store, account_id: int, token_id: int) -> bool:
    """Revoke one of the account's tokens; False if it has no such token."""
    with store.engine.begin() as conn:
        gone = conn.execute(
            delete(ApiTokenRow).where(
                ApiTokenRow.id == token_id, ApiTokenRow.account_id == account_id
            )
        )
    return bool(gone.rowcount)


def token_account(store: Store, digest: str) -> Account | None:
    """The live account an API token's digest speaks for, or None (unknown or revoked)."""
    query = (
        select(AccountRow)
        .join(ApiTokenRow, ApiTokenRow.account_id == AccountRow.id)
        .where(ApiTokenRow.digest == digest, AccountRow.deleted.is_(False))
    )
    with Session(store.engine) as session:
        row = session.scalars(query).first()
        return _account(row) if row is not None else None


# Seats ------------------------------------------------------------------------------------------


def seat_owners(store: Store, match_id: str) -> dict[int, SeatOwner]:
    """The accounts holding seats at a match, by seat."""
    with store.engine.connect() as conn:
        return seat_owners_of(conn, [match_id]).get(match_id, {})


def seat_owners_of(conn: Connection, match_ids: Sequence[str]) -> dict[str, dict[int, SeatOwner]]:
    """The accounts holding seats at each of `match_ids` (matches with none are left out), in
    one query on a connection the caller holds."""
    query = (
        select(
            SeatAccountRow.match_id,
            SeatAccountRow.seat,
            SeatAccountRow.program,
            AccountRow.id,
            AccountRow.username,
            AccountRow.kind,
            AccountRow.deleted,
        )
        .join(AccountRow, AccountRow.id == SeatAccountRow.account_id)
        .where(SeatAccountRow.match_id.in_(match_ids))
    )
    found: dict[str, dict[int, SeatOwner]] = {}
    for match_id, seat, program, account_id, username, kind, deleted in conn.execute(query):
        found.setdefault(match_id, {})[seat] = SeatOwner(
            account_id,
            public_name(account_id, username, kind, deleted),
            "deleted" if deleted else kind,
            bool(program),
        )
    return found


def replace_seat_token(store: Store, match_id: str, seat: int, digest: str) -> None:
    """Give a seat a new token (its account resumed it elsewhere): the old one stops working."""
    from .online import SeatTokenRow

    with store.engine.begin() as conn:
        conn.execute(
            delete(SeatTokenRow).where(SeatTokenRow.match_id == match_id, SeatTokenRow.seat == seat)
        )
        conn.execute(insert(SeatTokenRow).values(match_id=match_id, seat=seat, token_hash=digest))
