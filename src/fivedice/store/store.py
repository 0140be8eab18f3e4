"""The store: matches kept as event logs, finished matches' results, high scores, history.

Every write is one transaction. ``append`` refuses an event whose sequence number the match
already has (:class:`SequenceConflict`), so of two writers racing on one match only one wins.
A finished match's result, its games (and those of the seats held by accounts, for their
profiles) and (when it is rated) its rating changes are written together.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import Engine, Row, func, insert, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from fivedice.rules import Event, Match, MatchState, event_from_dict

from .daily import daily_in_play, daily_secret
from .database import create_schema, make_engine
from .games import HighScore, backfill_games, best_games, insert_games
from .models import Base, EventRow, HighScoreReset, MatchRow, ResultRow, utcnow
from .profiles import insert_account_games
from .rated import lock_family, rated_finish_time, record_ratings


class StoreError(Exception):
    """A store operation that cannot be done."""


class SequenceConflict(StoreError):
    """An event's sequence number is already taken in its match: another writer got there first."""


class UnknownMatch(StoreError):
    """No match with that id is stored."""

    def __init__(self, match_id: object) -> None:
        super().__init__(f"No match {match_id}")
        self.match_id = str(match_id)


STORE_FAILURES: tuple[type[Exception], ...] = (SQLAlchemyError, StoreError)
"""What the store may raise when the database fails (down, unreachable, refusing a write):
SQLAlchemy's errors, which the store lets through, and its own."""


def is_store_failure(exc: BaseException) -> bool:
    """Whether `exc` is the database failing, rather than a request naming a match that does
    not exist (:class:`UnknownMatch`)."""
    return isinstance(exc, STORE_FAILURES) and not isinstance(exc, UnknownMatch)


@dataclass(frozen=True)
class HistoryEntry:
    """One finished match from a player's point of view."""

    match_id: str
    preset: str
    total: int
    place: int | None
    players: int
    finished_at: datetime


@dataclass(frozen=True)
class MatchSummary:
    """A stored match without its log."""

    id: str
    preset: str
    origin: str
    label: str | None
    status: str
    created_at: datetime
    finished_at: datetime | None
    meta: dict[str, object]


def new_match_id() -> str:
    """A fresh, unguessable match id."""
    return uuid.uuid4().hex


class Store:
    """Matches, results and high scores in one SQL database (SQLite by default)."""

    def __init__(self, url: str | None = None, engine: Engine | None = None) -> None:
        self.engine = engine if engine is not None else make_engine(url)
        create_schema(self.engine, Base.metadata)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        backfill_games(self)  # matches finished before games were stored

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    @property
    def dialect(self) -> str:
        """The kind of database: ``"sqlite"`` or ``"postgresql"``."""
        return str(self.engine.dialect.name)

    def describe(self) -> str:
        """Where the store is, for people (its URL, any password hidden)."""
        return self.engine.url.render_as_string(hide_password=True)

    # Match logs ------------------------------------------------------------------------

    def create_match(
        self,
        events: Sequence[Event],
        *,
        preset: str,
        match_id: str | None = None,
        origin: str = "local",
        label: str | None = None,
        meta: dict[str, object] | None = None,
    ) -> str:
        """Store a new match with its first events (seq 1..n); returns its id."""
        match_id = match_id or new_match_id()
        with self._sessions.begin() as session:
            session.add(
                MatchRow(
                    id=match_id,
                    preset=preset,
                    origin=origin,
                    label=label,
                    status="waiting",
                    meta=meta or {},
                )
            )
            session.flush()
            session.add_all(_event_rows(match_id, enumerate(events, start=1)))
        return match_id

    def append(self, match_id: str, first_seq: int, events: Sequence[Event]) -> None:
        """Add events numbered from `first_seq`; all or none are stored."""
        try:
            with self._sessions.begin() as session:
                if session.get(MatchRow, match_id) is None:
                    raise UnknownMatch(match_id)
                session.add_all(_event_rows(match_id, enumerate(events, start=first_seq)))
        except IntegrityError as exc:
            raise SequenceConflict(
                f"Match {match_id} already has an event numbered from {first_seq}"
            ) from exc

    def load_events(self, match_id: str, after_seq: int = 0) -> list[Event]:
        """The match's events with a sequence number above `after_seq`, in order."""
        with self._sessions() as session:
            if session.get(MatchRow, match_id) is None:
                raise UnknownMatch(match_id)
            rows = session.scalars(
                select(EventRow)
                .where(EventRow.match_id == match_id, EventRow.seq > after_seq)
                .order_by(EventRow.seq)
            )
            return [event_from_dict(json.loads(row.payload)) for row in rows]

    def load_match(self, match_id: str) -> Match:
        """The match rebuilt from its log."""
        return Match.replay(self.load_events(match_id))

    def set_status(self, match_id: str, status: str) -> None:
        """Mark a match waiting, playing, idle (set aside: nobody came back to it) or finished
        (finished also stamps the time)."""
        with self._sessions.begin() as session:
            row = self._match_row(session, match_id)
            row.status = status
            if status == "finished" and row.finished_at is None:
                row.finished_at = utcnow()

    def summary(self, match_id: str) -> MatchSummary:
        """A match's stored description."""
        with self._sessions() as session:
            return match_summary(self._match_row(session, match_id))

    def matches(self, status: str | None = None, limit: int = 100) -> list[MatchSummary]:
        """Stored matches, newest first, optionally only those in one status."""
        query = select(MatchRow).order_by(MatchRow.created_at.desc()).limit(limit)
        if status is not None:
            query = query.where(MatchRow.status == status)
        with self._sessions() as session:
            return [match_summary(row) for row in session.scalars(query)]

    def unfinished(self, origin: str | None = None) -> list[str]:
        """Ids of matches waiting or playing (not finished, not set aside as idle): what a
        restarted server brings back; only those of one origin when given."""
        query = select(MatchRow.id).where(MatchRow.status.in_(("waiting", "playing")))
        if origin is not None:
            query = query.where(MatchRow.origin == origin)
        with self._sessions() as session:
            return list(session.scalars(query))

    def unfinished_statuses(self, origin: str | None = None) -> dict[str, str]:
        """:meth:`unfinished`, each id with its status (``waiting`` or ``playing``)."""
        query = select(MatchRow.id, MatchRow.status).where(
            MatchRow.status.in_(("waiting", "playing"))
        )
        if origin is not None:
            query = query.where(MatchRow.origin == origin)
        with self._sessions() as session:
            return {match_id: status for match_id, status in session.execute(query)}

    # The daily challenge ---------------------------------------------------------------

    def daily_secret(self, day: date) -> bytes:
        """The day's secret (32 bytes), made by whoever asks first: every node, and the
        terminal's offline challenge on the same database, gets the same one."""
        return daily_secret(self, day)

    # Results ---------------------------------------------------------------------------

    def record_result(self, match_id: str, state: MatchState) -> None:
        """Write a finished match's standings, its games and, if it is rated, its players'
        new ratings, and mark it finished, exactly once: whoever calls it concurrently (two
        servers, a restart racing a retry), one set of rows is stored and the other callers
        return quietly.

        The match row is locked (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite has one
        writer at a time) while its status is checked, and the unique (match, seat) index on
        the results refuses a second set whatever slips past the check. A rated match first
        takes its family's rating lock, so that ratings move one match at a time.
        """
        outcome = state.outcome
        if outcome is None:
            raise StoreError("Only a finished match has a result")
        preset = state.rules.name
        try:
            with self._sessions.begin() as session:
                conn = session.connection()
                rated = state.options.rated
                if rated:
                    lock_family(conn, state.rules.family, match_id)
                row = session.get(MatchRow, match_id, with_for_update=True)
                if row is None:
                    raise UnknownMatch(match_id)
                if row.status == "finished":
                    return
                finished_at = utcnow()
                if rated:
                    finished_at = rated_finish_time(conn, state.rules.family, finished_at)
                row.status = "finished"
                row.finished_at = finished_at
                # One bulk insert: the server records a result at every match's end.
                session.execute(
                    insert(ResultRow),
                    [
                        {
                            "match_id": match_id,
                            "preset": preset,
                            "seat": standing.seat,
                            "name": standing.name,
                            "bot": state.player(standing.seat).bot,
                            "total": standing.total,
                            "place": standing.place,
                            "status": standing.status.value,
                            "complete": state.player(standing.seat).is_complete,
                            "finished_at": row.finished_at,
                        }
                        for standing in outcome.standings
                    ],
                )
                insert_games(conn, match_id, state, finished_at)
                insert_account_games(conn, match_id, state, finished_at)
                if rated:
                    record_ratings(conn, match_id, state, finished_at)
        except IntegrityError:
            return  # another writer recorded this result first: it is there, once

    def save_finished(
        self, match: Match, *, origin: str = "local", label: str | None = None
    ) -> str:
        """Store a whole finished match (a local game) with its result; returns its id."""
        match_id = self.create_match(
            match.events, preset=match.rules.name, origin=origin, label=label
        )
        self.record_result(match_id, match.state)
        return match_id

    def high_scores(
        self, preset: str, limit: int = 10, *, include_bots: bool = False
    ) -> list[HighScore]:
        """The best complete games (one card each: a match of several rounds is several
        games) of a preset since its last reset, best first; people only unless asked."""
        return best_games(self, preset, limit=limit, include_bots=include_bots)

    def reset_high_scores(self, preset: str) -> None:
        """Start a preset's high-score list afresh (the 1986 game's Reset); history stays."""
        with self._sessions.begin() as session:
            reset = session.get(HighScoreReset, preset)
            if reset is None:
                session.add(HighScoreReset(preset=preset, reset_at=utcnow()))
            else:
                reset.reset_at = utcnow()

    def player_history(self, name: str, limit: int = 50) -> list[HistoryEntry]:
        """A player's finished matches, newest first."""
        players = (
            select(ResultRow.match_id, func.count().label("n"))
            .group_by(ResultRow.match_id)
            .subquery()
        )
        query = (
            select(ResultRow, players.c.n)
            .join(players, players.c.match_id == ResultRow.match_id)
            .where(ResultRow.name == name, ~daily_in_play(ResultRow.match_id))
            .order_by(ResultRow.finished_at.desc(), ResultRow.id.desc())
            .limit(limit)
        )
        with self._sessions() as session:
            return [
                HistoryEntry(r.match_id, r.preset, r.total, r.place, n, r.finished_at)
                for r, n in session.execute(query)
            ]

    # Helpers ---------------------------------------------------------------------------

    @staticmethod
    def _match_row(session: Session, match_id: str) -> MatchRow:
        row = session.get(MatchRow, match_id)
        if row is None:
            raise UnknownMatch(match_id)
        return row


def _event_rows(match_id: str, numbered: Iterable[tuple[int, Event]]) -> list[EventRow]:
    return [
        EventRow(match_id=match_id, seq=seq, type=e.type, payload=json.dumps(e.to_dict()))
        for seq, e in numbered
    ]


def match_summary(row: MatchRow | Row[Any]) -> MatchSummary:
    """A match's stored description from its row (an ORM row, or a row of its columns)."""
    return MatchSummary(
        row.id,
        row.preset,
        row.origin,
        row.label,
        row.status,
        row.created_at,
        row.finished_at,
        dict(row.meta or {}),
    )
