"""Group commit on one held connection: the game server's store writer stores each batch of
moves through :class:`HeldAppender`, in one transaction.

A move's transaction is so small that SQLAlchemy's work per transaction (a pool checkout and
its ping, the statement's compilation lookup, the result objects) costs more than the database
itself (on PostgreSQL, measured: about twice the caller's CPU per small transaction), so this
writes the same rows as
:func:`fivedice.store.online.append_many` with plain statements on a connection it keeps.
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

__all__ = ["HeldAppender"]

Rows = list[tuple[object, ...]]

_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


def _statements(placeholder: str) -> tuple[str, str, str]:
    """The three INSERTs (events, seat tokens, seat accounts) with the driver's placeholder."""

    def values(n: int) -> str:
        return ", ".join([placeholder] * n)

    return (
        f"INSERT INTO {EventRow.__tablename__} (match_id, seq, type, payload, created_at) "
        f"VALUES ({values(5)})",
        f"INSERT INTO {SeatTokenRow.__tablename__} (match_id, seat, token_hash) "
        f"VALUES ({values(3)})",
        f"INSERT INTO {SeatAccountRow.__tablename__} (match_id, seat, account_id, program) "
        f"VALUES ({values(4)})",
    )


def _rows(appends: Sequence[Append], now: object) -> tuple[Rows, Rows, Rows]:
    """The rows of the events, seat tokens and seat accounts that `appends` add."""
    events: Rows = []
    tokens: Rows = []
    owners: Rows = []
    for append in appends:
        payloads = append.payloads
        if payloads is None:
            payloads = [json.dumps(e.to_dict()) for e in append.events]
        match_id = append.match_id
        seq = append.first_seq
        for event, payload in zip(append.events, payloads, strict=True):
            events.append((match_id, seq, event.type, payload, now))
            seq += 1
        tokens.extend((match_id, seat, digest) for seat, digest in append.tokens)
        owners.extend(
            (match_id, seat, account, int(program)) for seat, account, program in append.owners
        )
    return events, tokens, owners


class HeldAppender:
    """:func:`~fivedice.store.online.append_many` on a connection taken from the store's pool
    once and kept (SQLite or PostgreSQL): the same rows in one transaction, the time stored the
    way the store's column type stores it. A connection whose transaction failed for any
    other reason than the data (the database restarted, say) is dropped from the pool, and the
    next call takes a fresh one, checked by the pool's ping. Blocking: call it from one thread
    at a time."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        dialect = self.engine.dialect
        placeholder = _PLACEHOLDERS.get(dialect.paramstyle)
        if placeholder is None:
            raise ValueError(f"HeldAppender does not know the {dialect.paramstyle} style")
        created = EventRow.__table__.c.created_at.type.dialect_impl(dialect)
        self._time = created.bind_processor(dialect) or (lambda value: value)
        self._sql = _statements(placeholder)
        assert dialect.dbapi is not None  # an engine's dialect has its driver loaded
        self._integrity_error: type[Exception] = dialect.dbapi.IntegrityError
        self._connection: Any = None  # a pooled connection, held while the writer runs

    def __call__(self, appends: Sequence[Append]) -> None:
        """Store every append in one transaction, or none of them (then raise)."""
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        connection = self._connection
        dbapi = connection.driver_connection
        try:
            cursor = dbapi.cursor()
            try:
                for sql, rows in zip(self._sql, _rows(appends, self._time(utcnow())), strict=True):
                    if rows:
                        cursor.executemany(sql, rows)
            finally:
                cursor.close()
            dbapi.commit()
        except self._integrity_error:
            with contextlib.suppress(Exception):
                dbapi.rollback()
            raise
        except BaseException:
            self._connection = None
            with contextlib.suppress(Exception):
                connection.invalidate()  # closed and out of the pool: it may be dead
            raise

    def close(self) -> None:
        """Give the connection back to the pool."""
        if self._connection is not None:
            connection, self._connection = self._connection, None
            with contextlib.suppress(Exception):
                connection.close()
