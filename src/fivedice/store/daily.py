"""The daily challenge in the store: each day's secret (one for every node, made by whoever asks
first), each account's one attempt a day (the primary key (day, account) is the rule), and the
optimal player's game on the day's dice, kept once it is computed.

The attempts give the day's scores, leaderboard and list of days, and an account's streak.
Ranks share ties (1, 2, 2, 4); names are the accounts' public names, as the ratings show them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    Boolean,
    ColumnElement,
    Date,
    DateTime,
    Double,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    case,
    exists,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, QueryableAttribute, mapped_column

from fivedice.rules.daily import FIRST_DAY, SECRET_BYTES, new_secret
from fivedice.rules.daily import today as utc_today

from .account_rows import AccountRow, public_name
from .models import Base, MatchRow, utcnow

if TYPE_CHECKING:
    from .store import Store

_fixed_day: date | None = None


def fix_challenge_day(day: date | None) -> None:
    """Take `day` for the challenge's day from now on, whatever the clock says (the server's
    ``FIVEDICE_DAILY_DATE``); None: follow the UTC date again."""
    global _fixed_day
    _fixed_day = day


def challenge_day() -> date:
    """The challenge's day now, as every daily query that is not told one takes it (whether an
    attempt is ranked, whether a game is still in play): the fixed day if one is set, else the
    UTC date."""
    return _fixed_day if _fixed_day is not None else utc_today()


class DailySecretRow(Base):
    """A day's secret: the key of its dice, kept until the day is over and then published."""

    __tablename__ = "daily_secrets"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    secret: Mapped[bytes] = mapped_column(LargeBinary(SECRET_BYTES))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DailyAttemptRow(Base):
    """An account's attempt at a day's challenge: its table, and once the match is over, its
    score, the expected points it gave away and its comparison with the optimal game."""

    __tablename__ = "daily_attempts"
    __table_args__ = (Index("ix_daily_attempts_score", "day", "score"),)

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(64), unique=True)
    rules: Mapped[str] = mapped_column(String(64))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    gave_away: Mapped[float | None] = mapped_column(Double, nullable=True)
    comparison: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Finished while its day lasted: a game finished later (its day's dice public by then)
    # keeps its result but is not ranked. Null while it is played.
    ranked: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


class DailyOptimalRow(Base):
    """The optimal player's game on a day's dice: its score and event log."""

    __tablename__ = "daily_optimal"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    rules: Mapped[str] = mapped_column(String(64))
    score: Mapped[int] = mapped_column(Integer)
    log: Mapped[list[dict[str, Any]]] = mapped_column(JSON)


RANKED = DailyAttemptRow.ranked.is_(True)  # a finished attempt that counts on its day

DAILY_TABLES = [DailySecretRow, DailyAttemptRow, DailyOptimalRow]


@dataclass(frozen=True)
class DailyAttempt:
    """An account's attempt at one day; `score` is None while it is being played."""

    day: date
    account_id: int
    table_id: str
    rules: str
    started_at: datetime
    finished_at: datetime | None
    score: int | None
    gave_away: float | None
    comparison: dict[str, Any] | None
    ranked: bool | None = None

    @property
    def finished(self) -> bool:
        """Whether the attempt's match is over and its score recorded."""
        return self.score is not None


@dataclass(frozen=True)
class DailyOptimal:
    """The optimal game of a day, as stored."""

    day: date
    rules: str
    score: int
    log: list[dict[str, Any]]


@dataclass(frozen=True)
class DayLine:
    """One day in the list of days: its players (finished attempts) and best score."""

    day: date
    rules: str
    players: int
    best_score: int | None
    optimal_score: int | None


@dataclass(frozen=True)
class DailyRow:
    """One line of a day's leaderboard."""

    rank: int
    account_id: int
    name: str
    score: int
    table_id: str


def _attempt(row: DailyAttemptRow) -> DailyAttempt:
    return DailyAttempt(
        row.day,
        int(row.account_id),
        row.table_id,
        row.rules,
        row.started_at,
        row.finished_at,
        row.score,
        row.gave_away,
        row.comparison,
        row.ranked,
    )


def daily_secret(store: Store, day: date) -> bytes:
    """The day's secret, made now if the day has none: the first insert wins, and everyone
    reads back the one stored, so every node agrees."""
    found = find_secret(store, day)
    if found is not None:
        return found
    try:
        with store.engine.begin() as conn:
            conn.execute(insert(DailySecretRow), [{"day": day, "secret": new_secret()}])
    except IntegrityError:
        pass  # another node made it first: theirs is the day's
    stored = find_secret(store, day)
    if stored is None:
        raise LookupError(f"No secret stored for {day}")
    return stored


def find_secret(store: Store, day: date) -> bytes | None:
    """The day's secret if one was made (a day nobody played has none, and gets none here)."""
    with store.engine.connect() as conn:
        found = conn.scalar(select(DailySecretRow.secret).where(DailySecretRow.day == day))
    return None if found is None else bytes(found)


def get_attempt(store: Store, day: date, account_id: int) -> DailyAttempt | None:
    """The account's attempt at the day, if it started one."""
    with store._sessions() as session:
        row = session.get(DailyAttemptRow, (day, account_id))
        return None if row is None else _attempt(row)


def open_attempt(
    store: Store, day: date, account_id: int, table_id: str, rules: str
) -> tuple[DailyAttempt, bool]:
    """The account's attempt at the day: a new one at `table_id`, or the one it has (the key
    (day, account) admits one, whoever races); returns it and whether it is the new one."""
    try:
        with store.engine.begin() as conn:
            conn.execute(
                insert(DailyAttemptRow),
                [{"day": day, "account_id": account_id, "table_id": table_id, "rules": rules}],
            )
        created = True
    except IntegrityError:
        created = False
    attempt = get_attempt(store, day, account_id)
    if attempt is None:
        raise LookupError(f"No attempt of account {account_id} on {day}")
    return attempt, created


def finish_attempt(
    store: Store,
    table_id: str,
    score: int,
    gave_away: float,
    comparison: dict[str, Any],
    today: date | None = None,
) -> bool:
    """Record the finished attempt played at `table_id`, once: an attempt already recorded is
    left as it is. It is ranked if its day is not over `today` (the challenge's day now).
    Returns whether this call recorded it."""
    now = today if today is not None else challenge_day()
    query = (
        update(DailyAttemptRow)
        .where(DailyAttemptRow.table_id == table_id, DailyAttemptRow.score.is_(None))
        .values(
            finished_at=utcnow(),
            score=score,
            gave_away=gave_away,
            comparison=comparison,
            ranked=DailyAttemptRow.day >= now,
        )
    )
    with store.engine.begin() as conn:
        return bool(conn.execute(query).rowcount)


def day_scores(store: Store, day: date) -> list[int]:
    """The scores of the day's ranked attempts (finished within the day), best first."""
    query = (
        select(DailyAttemptRow.score)
        .where(DailyAttemptRow.day == day, RANKED)
        .order_by(DailyAttemptRow.score.desc())
    )
    with store.engine.connect() as conn:
        return [int(s) for s in conn.scalars(query) if s is not None]


def anyone_finished(store: Store, day: date) -> bool:
    """Whether any attempt at the day was played to the end (ranked or not): a day nobody
    finished has no optimal game to show, and none is computed for it."""
    query = select(exists().where(DailyAttemptRow.day == day, DailyAttemptRow.score.is_not(None)))
    with store.engine.connect() as conn:
        return bool(conn.scalar(query))


def daily_in_play(
    match_id: QueryableAttribute[str], today: date | None = None
) -> ColumnElement[bool]:
    """Whether the match (a column of match ids) is a daily challenge's attempt whose day is
    not over: profiles, high scores, leaderboards and histories leave it out until then, or
    they would tell what the day's dice allow."""
    now = today if today is not None else challenge_day()
    return match_id.in_(select(DailyAttemptRow.table_id).where(DailyAttemptRow.day >= now))


def players_of_day(store: Store, day: date) -> int:
    """How many accounts finished the day's challenge within the day."""
    query = select(func.count()).where(DailyAttemptRow.day == day, RANKED)
    with store.engine.connect() as conn:
        return int(conn.scalar(query) or 0)


def account_attempts(
    store: Store, account_id: int, since: date | None = None
) -> list[DailyAttempt]:
    """The account's attempts (from `since` on, when given), newest day first."""
    query = select(DailyAttemptRow).where(DailyAttemptRow.account_id == account_id)
    if since is not None:
        query = query.where(DailyAttemptRow.day >= since)
    with store._sessions() as session:
        return [_attempt(r) for r in session.scalars(query.order_by(DailyAttemptRow.day.desc()))]


def days_played(store: Store, before: date, limit: int) -> list[DayLine]:
    """The days up to `before` (included) that have an attempt, newest first: each with its
    ranked players, best score and stored optimal score."""
    stats = (
        select(
            DailyAttemptRow.day.label("day"),
            func.count(case((RANKED, 1))).label("players"),
            func.max(case((RANKED, DailyAttemptRow.score))).label("best"),
            func.min(DailyAttemptRow.rules).label("rules"),
        )
        .where(DailyAttemptRow.day <= before, DailyAttemptRow.day >= FIRST_DAY)
        .group_by(DailyAttemptRow.day)
        .order_by(DailyAttemptRow.day.desc())
        .limit(limit)
    )
    with store.engine.connect() as conn:
        found = list(conn.execute(stats))
        days = [row.day for row in found]
        optimal = {
            _as_date(day): int(score)
            for day, score in conn.execute(
                select(DailyOptimalRow.day, DailyOptimalRow.score).where(
                    DailyOptimalRow.day.in_(days)
                )
            )
        }
    return [
        DayLine(
            _as_date(row.day),
            str(row.rules),
            int(row.players),
            None if row.best is None else int(row.best),
            optimal.get(_as_date(row.day)),
        )
        for row in found
    ]


def leaderboard(
    store: Store, day: date, limit: int, account_id: int | None = None
) -> list[DailyRow]:
    """The day's ranked attempts by score (ties share a rank: 1, 2, 2, 4), the top
    `limit` and the row of `account_id` wherever it ranks."""
    scores = (
        select(
            DailyAttemptRow.account_id,
            DailyAttemptRow.score,
            DailyAttemptRow.table_id,
            DailyAttemptRow.finished_at,
            func.rank().over(order_by=DailyAttemptRow.score.desc()).label("rank"),
        )
        .where(DailyAttemptRow.day == day, RANKED)
        .subquery()
    )
    query = (
        select(
            scores,
            AccountRow.username,
            AccountRow.kind,
            AccountRow.deleted,
        )
        .join(AccountRow, AccountRow.id == scores.c.account_id)
        .order_by(scores.c.rank, scores.c.finished_at, scores.c.account_id)
    )
    top = query.limit(limit)
    with store.engine.connect() as conn:
        rows = list(conn.execute(top))
        if account_id is not None and all(int(r.account_id) != account_id for r in rows):
            rows += list(conn.execute(query.where(scores.c.account_id == account_id)))
    return [
        DailyRow(
            int(r.rank),
            int(r.account_id),
            public_name(int(r.account_id), r.username, r.kind, bool(r.deleted)),
            int(r.score),
            str(r.table_id),
        )
        for r in rows
    ]


def get_optimal(store: Store, day: date) -> DailyOptimal | None:
    """The day's optimal game, if someone computed it already."""
    with store._sessions() as session:
        row = session.get(DailyOptimalRow, day)
        return None if row is None else DailyOptimal(row.day, row.rules, row.score, row.log)


def keep_optimal(
    store: Store, day: date, rules: str, score: int, log: Sequence[dict[str, Any]]
) -> DailyOptimal:
    """Keep the day's optimal game; whoever stored it first wins (the game is the same for
    everyone, being a function of the day's dice). Returns the stored one."""
    try:
        with store.engine.begin() as conn:
            conn.execute(
                insert(DailyOptimalRow),
                [{"day": day, "rules": rules, "score": score, "log": list(log)}],
            )
    except IntegrityError:
        pass
    stored = get_optimal(store, day)
    if stored is None:
        raise LookupError(f"No optimal game stored for {day}")
    return stored


def streak(played: Sequence[date], today: date) -> int:
    """Consecutive days played ending today or yesterday (`played`: days with a finished
    attempt, any order)."""
    days = set(played)
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def match_metas(store: Store, match_ids: Iterable[str]) -> dict[str, dict[str, object]]:
    """The stored meta of each of these matches (those that exist)."""
    wanted = list(set(match_ids))
    if not wanted:
        return {}
    query = select(MatchRow.id, MatchRow.meta).where(MatchRow.id.in_(wanted))
    with store.engine.connect() as conn:
        return {str(i): dict(meta or {}) for i, meta in conn.execute(query)}


def _as_date(value: date | datetime | str) -> date:
    """A DATE column's value (SQLite may hand back text in aggregates)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value))
