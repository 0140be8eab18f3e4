"""Ratings in the store: the changes a rated match makes, written with its result; the current
ratings, the best of a family, a player's history; and the rated matches read back from their
logs, to recompute every rating and compare.

Who holds a seat comes from the accounts' ``seat_accounts`` (:class:`SeatAccountRow`, read by
:func:`seat_accounts`): a rated match whose seats are not all held by accounts records no
ratings. A rating is shown under its account's public name (a deleted account's as "deleted
player"), not the name typed at the table.

Order: a family's rated matches are rated in the order they end. Recording takes the family's
lock (PostgreSQL: an advisory lock for the transaction; SQLite: its one write lock) and
never stamps a rated match as ending before the family's last one, so the finish times give
the order the recompute replays.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, String, cast, func, insert, select, text, update
from sqlalchemy.orm import Session

from fivedice.ratings import (
    ORDINAL_Z,
    RatedMatch,
    Rating,
    RatingChange,
    changes_for,
    rated_match,
)
from fivedice.rules import Family, MatchCreated, MatchState, event_from_dict, fold

from .account_rows import AccountRow, SeatAccountRow, public_name
from .models import EventRow, MatchRow, RatingRow

if TYPE_CHECKING:
    from .store import Store

_TICK = timedelta(microseconds=1)


@dataclass(frozen=True)
class RatingLine:
    """A player's current rating in a family, under their account's public name."""

    account_id: str
    name: str
    family: Family
    rating: Rating
    finished_at: datetime  # their last rated match


@dataclass(frozen=True)
class RatingStep:
    """One rated match in a player's history: the match and the rating before and after."""

    match_id: str
    family: Family
    name: str
    before: Rating
    after: Rating
    finished_at: datetime


def seat_accounts(conn: Connection, match_id: str) -> dict[int, str]:
    """The account holding each seat of a match that has one (signed-in players), as the
    ratings name accounts (their id as text)."""
    query = select(SeatAccountRow.seat, SeatAccountRow.account_id).where(
        SeatAccountRow.match_id == match_id
    )
    return {int(seat): str(account) for seat, account in conn.execute(query)}


def lock_family(conn: Connection, family: Family, match_id: str) -> None:
    """Hold the family's rating lock until the transaction ends, before anything is read: on
    PostgreSQL a transaction advisory lock; on SQLite the database's write lock, taken by a
    no-op write to the match's row (reads made before a transaction's first write are not part
    of it there, so two writers could otherwise read the same ratings)."""
    if conn.dialect.name == "postgresql":
        key = int.from_bytes(hashlib.sha256(f"rating:{family}".encode()).digest()[:7], "big")
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
    else:
        conn.execute(update(MatchRow).where(MatchRow.id == match_id).values(status=MatchRow.status))


def rated_finish_time(conn: Connection, family: Family, now: datetime) -> datetime:
    """When a rated match that ends `now` is stamped: never before the family's last rated
    match (clocks of several servers may disagree), so that finish order is rating order."""
    last = conn.scalar(select(func.max(RatingRow.finished_at)).where(RatingRow.family == family))
    return max(now, _aware(last) + _TICK) if last is not None else now


def record_ratings(
    conn: Connection, match_id: str, state: MatchState, finished_at: datetime
) -> list[RatingChange]:
    """Rate a finished match, if it counts, in the caller's transaction (its result's); returns
    the changes written (none for a match that does not count)."""
    accounts = seat_accounts(conn, match_id)
    match = rated_match(match_id, finished_at, state, accounts)
    if match is None:
        return []
    names = {accounts[p.seat]: p.name for p in state.players if p.seat in accounts}
    changes = changes_for(match, current_ratings(conn, match.family, names))
    conn.execute(
        insert(RatingRow),
        [
            {
                "match_id": match_id,
                "account_id": c.account_id,
                "name": names[c.account_id],
                "family": match.family.value,
                "mu_before": c.before.mu,
                "sigma_before": c.before.sigma,
                "mu_after": c.after.mu,
                "sigma_after": c.after.sigma,
                "finished_at": finished_at,
            }
            for c in changes
        ],
    )
    return changes


def current_ratings(conn: Connection, family: Family, accounts: Iterable[str]) -> dict[str, Rating]:
    """The current rating in `family` of each of `accounts` that has one."""
    wanted = list(accounts)
    latest = (
        select(func.max(RatingRow.id).label("id"), func.count().label("games"))
        .where(RatingRow.family == family.value, RatingRow.account_id.in_(wanted))
        .group_by(RatingRow.account_id)
        .subquery()
    )
    query = select(RatingRow.account_id, RatingRow.mu_after, RatingRow.sigma_after, latest.c.games)
    query = query.join(latest, latest.c.id == RatingRow.id)
    return {account: Rating(mu, sigma, games) for account, mu, sigma, games in conn.execute(query)}


def current_rating(store: Store, family: Family, account_id: str) -> Rating | None:
    """An account's current rating in `family` (None: it has finished no rated match there)."""
    with store.engine.connect() as conn:
        return current_ratings(conn, family, [account_id]).get(account_id)


def best_ratings(store: Store, family: Family, limit: int = 20) -> list[RatingLine]:
    """A family's leaderboard: current ratings by their shown value (``mu - 3 sigma``), best
    first; provisional ones included (they are marked, and their wide sigma keeps them low)."""
    latest = (
        select(func.max(RatingRow.id).label("id"), func.count().label("games"))
        .where(RatingRow.family == family.value)
        .group_by(RatingRow.account_id)
        .subquery()
    )
    shown = RatingRow.mu_after - ORDINAL_Z * RatingRow.sigma_after
    query = (
        _with_account(select(RatingRow, latest.c.games, *_ACCOUNT_NAME))
        .join(latest, latest.c.id == RatingRow.id)
        .order_by(shown.desc(), RatingRow.account_id)
        .limit(limit)
    )
    with store.engine.connect() as conn:
        return [_line(r, games, *account) for r, games, *account in _rows(conn, query)]


def player_ratings(store: Store, account_id: str) -> list[RatingLine]:
    """An account's current rating in each family it has played rated matches in."""
    latest = (
        select(func.max(RatingRow.id).label("id"), func.count().label("games"))
        .where(RatingRow.account_id == account_id)
        .group_by(RatingRow.family)
        .subquery()
    )
    query = _with_account(select(RatingRow, latest.c.games, *_ACCOUNT_NAME))
    query = query.join(latest, latest.c.id == RatingRow.id)
    with store.engine.connect() as conn:
        return [_line(r, games, *account) for r, games, *account in _rows(conn, query)]


def rating_history(
    store: Store, account_id: str, family: Family | None = None, limit: int = 50
) -> list[RatingStep]:
    """An account's rated matches, newest first, each with the rating before and after."""
    query = select(RatingRow).where(RatingRow.account_id == account_id).order_by(RatingRow.id)
    if family is not None:
        query = query.where(RatingRow.family == family.value)
    played: Counter[str] = Counter()
    steps: list[RatingStep] = []
    with store.engine.connect() as conn:
        for (r,) in _rows(conn, query):
            games = played[r.family]
            played[r.family] += 1
            steps.append(
                RatingStep(
                    r.match_id,
                    Family(r.family),
                    r.name,
                    Rating(r.mu_before, r.sigma_before, games),
                    Rating(r.mu_after, r.sigma_after, games + 1),
                    _aware(r.finished_at),
                )
            )
    return steps[::-1][:limit]


def match_rating_changes(store: Store, match_id: str) -> dict[int, RatingStep]:
    """How a rated match moved each seat's rating, by seat (empty for a match that rated
    nobody): what its results screen shows."""
    with store.engine.connect() as conn:
        seats = {account: seat for seat, account in seat_accounts(conn, match_id).items()}
        rows = [r for (r,) in _rows(conn, select(RatingRow).where(RatingRow.match_id == match_id))]
        changes = {}
        for r in rows:
            if r.account_id not in seats:
                continue
            earlier = conn.execute(
                select(func.count())
                .select_from(RatingRow)
                .where(
                    RatingRow.account_id == r.account_id,
                    RatingRow.family == r.family,
                    RatingRow.id < r.id,
                )
            ).scalar_one()
            changes[seats[r.account_id]] = RatingStep(
                r.match_id,
                Family(r.family),
                r.name,
                Rating(r.mu_before, r.sigma_before, earlier),
                Rating(r.mu_after, r.sigma_after, earlier + 1),
                _aware(r.finished_at),
            )
    return changes


def recorded_changes(store: Store) -> list[RatingChange]:
    """Every rating change recorded, in the order it was made."""
    query = select(RatingRow).order_by(RatingRow.finished_at, RatingRow.match_id, RatingRow.id)
    played: Counter[tuple[str, str]] = Counter()
    changes: list[RatingChange] = []
    with store.engine.connect() as conn:
        for (r,) in _rows(conn, query):
            games = played[(r.account_id, r.family)]
            played[(r.account_id, r.family)] += 1
            changes.append(
                RatingChange(
                    r.match_id,
                    r.account_id,
                    Family(r.family),
                    Rating(r.mu_before, r.sigma_before, games),
                    Rating(r.mu_after, r.sigma_after, games + 1),
                )
            )
    return changes


def rated_matches(store: Store) -> list[RatedMatch]:
    """Every finished match that counts for ratings, read from the logs alone (its options, its
    outcome) and the seats' accounts, in order of its end."""
    finished = select(MatchRow.id, MatchRow.finished_at).where(MatchRow.status == "finished")
    finished = finished.order_by(MatchRow.finished_at, MatchRow.id)
    created = select(EventRow.match_id, EventRow.payload).where(EventRow.seq == 1)
    matches: list[RatedMatch] = []
    with store.engine.connect() as conn:
        ends = {match_id: at for match_id, at in conn.execute(finished) if at is not None}
        rated = [
            match_id
            for match_id, payload in conn.execute(created)
            if match_id in ends and _is_rated(payload)
        ]
        for match_id in rated:
            payloads = conn.scalars(
                select(EventRow.payload).where(EventRow.match_id == match_id).order_by(EventRow.seq)
            )
            state = fold(event_from_dict(json.loads(p)) for p in payloads)
            found = rated_match(
                match_id, _aware(ends[match_id]), state, seat_accounts(conn, match_id)
            )
            if found is not None:
                matches.append(found)
    return sorted(matches, key=lambda m: (m.finished_at, m.match_id))


def _is_rated(payload: str) -> bool:
    event = event_from_dict(json.loads(payload))
    return isinstance(event, MatchCreated) and bool(event.options.get("rated", False))


def _rows(conn: Connection, query: Any) -> Iterable[Any]:
    """The rows of an ORM query, read on `conn`."""
    with Session(bind=conn) as session:
        yield from session.execute(query)


_ACCOUNT_NAME = (AccountRow.id, AccountRow.username, AccountRow.kind, AccountRow.deleted)


def _with_account(query: Any) -> Any:
    """`query` with the rating's account joined, for its public name (ratings name accounts
    by their id as text)."""
    return query.outerjoin(AccountRow, cast(AccountRow.id, String) == RatingRow.account_id)


def _line(
    row: RatingRow,
    games: int,
    account_id: int | None = None,
    username: str | None = None,
    kind: str | None = None,
    deleted: bool | None = None,
) -> RatingLine:
    """A rating row as the player's current rating, `games` rated matches in, under its
    account's public name (the name played under, for an account this database lacks)."""
    name = row.name
    if account_id is not None and kind is not None:
        name = public_name(account_id, username, kind, bool(deleted))
    return RatingLine(
        row.account_id,
        name,
        Family(row.family),
        Rating(row.mu_after, row.sigma_after, games),
        _aware(row.finished_at),
    )


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
