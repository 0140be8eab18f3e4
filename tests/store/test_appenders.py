"""The held-connection appender (the store writer's group commit): the same rows as
``append_many``, one transaction per call, and a connection that survives a conflict but is
replaced when it dies. On SQLite and a real PostgreSQL."""

from __future__ import annotations

import psycopg
import pytest
from sqlalchemy import text

from fivedice.rules import Match
from fivedice.store import Store
from fivedice.store.appenders import HeldAppender
from fivedice.store.online import Append, create_online_match, ensure_schema, load_table


def seated(store: Store, match_id: str) -> tuple[Match, int]:
    """A stored table with Ann seated, Bob's seating still to store: the match, Bob's seq."""
    match = Match.create("official")
    match.join("Ann")
    create_online_match(store, match_id, match.events, preset="official", label=None, meta={})
    first = len(match.events) + 1
    match.join("Bob")
    match.start(0)
    return match, first


def bob_and_start(match_id: str, match: Match, first: int) -> Append:
    return Append(match_id, first, match.events[first - 1 :], tokens=[(1, "digest-" + match_id)])


def test_a_batch_stores_the_rows_append_many_would(store: Store) -> None:
    ensure_schema(store)
    tables = {mid: seated(store, mid) for mid in ("a", "b")}
    appender = HeldAppender(store)
    try:
        appender([bob_and_start(mid, match, first) for mid, (match, first) in tables.items()])
    finally:
        appender.close()
    for mid, (match, _) in tables.items():
        stored = load_table(store, mid)
        assert stored.events == list(match.events)
        assert stored.tokens == {f"digest-{mid}": 1}
        assert len(stored.times) == len(match.events)
        assert all(t.tzinfo is not None for t in stored.times)


def test_a_conflict_stores_nothing_and_keeps_the_connection(store: Store) -> None:
    ensure_schema(store)
    match_a, first_a = seated(store, "a")
    match_b, first_b = seated(store, "b")
    store.append("b", first_b, match_b.events[:1])  # another writer took b's number
    appender = HeldAppender(store)
    try:
        with pytest.raises(store.engine.dialect.dbapi.IntegrityError):
            appender([bob_and_start("a", match_a, first_a), bob_and_start("b", match_b, first_b)])
        held = appender._connection
        assert held is not None  # the data was wrong, not the connection
        assert len(store.load_events("a")) == first_a - 1  # all or nothing: a is untouched
        appender([bob_and_start("a", match_a, first_a)])
        assert appender._connection is held
    finally:
        appender.close()
    assert store.load_events("a") == list(match_a.events)


def test_a_connection_killed_under_it_is_replaced(postgresql_url: str) -> None:
    """The database ended the writer's session (as a restart does): that batch fails, and the
    next one goes through on a fresh connection."""
    store = Store(postgresql_url)
    try:
        ensure_schema(store)
        match_a, first_a = seated(store, "a")
        match_b, first_b = seated(store, "b")
        appender = HeldAppender(store)
        appender([bob_and_start("a", match_a, first_a)])
        pid = appender._connection.driver_connection.info.backend_pid
        with store.engine.begin() as conn:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        with pytest.raises(psycopg.OperationalError):
            appender([bob_and_start("b", match_b, first_b)])
        assert appender._connection is None
        appender([bob_and_start("b", match_b, first_b)])
        assert appender._connection.driver_connection.info.backend_pid != pid
        appender.close()
        assert store.load_events("b") == list(match_b.events)
    finally:
        store.close()
