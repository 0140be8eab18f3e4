"""Group commit for the embedded SQLite, on the DBAPI connection directly.

The game server's store writer commits every queued append in one transaction; on SQLite that
transaction is so cheap that SQLAlchemy's per-transaction work (a pool checkout, the
statement's compilation lookup, the result objects) costs more than SQLite itself, so this
appender writes the same rows as :func:`fivedice.store.online.append_many` with two prepared
statements on one held connection.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Any

from .account_rows import SeatAccountRow
from .models import EventRow, utcnow
from .online import Append, SeatTokenRow
from .store import Store

__all__ = ["SqliteAppender"]


class SqliteAppender:
    """:func:`~fivedice.store.online.append_many` for the embedded SQLite: the same rows in one
    transaction. The statements are made once from the store's own tables; the time is stored
    the way the store's column type stores it."""

    def __init__(self, store: Store) -> None:
        if store.dialect != "sqlite":
            raise ValueError(f"SqliteAppender needs an SQLite store, not {store.dialect}")
        self.engine = store.engine
        created_at = EventRow.__table__.c.created_at
        created = created_at.type.dialect_impl(self.engine.dialect)
        self._time = created.bind_processor(self.engine.dialect) or (lambda value: value)
        self._events_sql = (
            f"INSERT INTO {EventRow.__tablename__} (match_id, seq, type, payload, created_at) "
            "VALUES (?, ?, ?, ?, ?)"
        )
        self._tokens_sql = (
            f"INSERT INTO {SeatTokenRow.__tablename__} (match_id, seat, token_hash) "
            "VALUES (?, ?, ?)"
        )
        self._owners_sql = (
            f"INSERT INTO {SeatAccountRow.__tablename__} (match_id, seat, account_id, program) "
            "VALUES (?, ?, ?, ?)"
        )
        self._connection: Any = None  # a pooled connection, held while the writer runs

    def __call__(self, appends: Sequence[Append]) -> None:
        """Store every append in one transaction, or none of them (then raise)."""
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        dbapi = self._connection.driver_connection
        now = self._time(utcnow())
        rows: list[tuple[object, ...]] = []
        token_rows: list[tuple[object, ...]] = []
        owner_rows: list[tuple[object, ...]] = []
        for append in appends:
            payloads = append.payloads
            if payloads is None:
                payloads = [json.dumps(e.to_dict()) for e in append.events]
            match_id = append.match_id
            seq = append.first_seq
            for event, payload in zip(append.events, payloads, strict=True):
                rows.append((match_id, seq, event.type, payload, now))
                seq += 1
            token_rows.extend((match_id, seat, digest) for seat, digest in append.tokens)
            owner_rows.extend(
                (match_id, seat, account, int(program)) for seat, account, program in append.owners
            )
        try:
            if rows:
                dbapi.executemany(self._events_sql, rows)
            if token_rows:
                dbapi.executemany(self._tokens_sql, token_rows)
            if owner_rows:
                dbapi.executemany(self._owners_sql, owner_rows)
            dbapi.commit()
        except BaseException:
            with contextlib.suppress(Exception):
                dbapi.rollback()
            raise

    def close(self) -> None:
        """Give the connection back to the pool."""
        if self._connection is not None:
            connection, self._connection = self._connection, None
            with contextlib.suppress(Exception):
                connection.close()
