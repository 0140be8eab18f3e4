"""The daily challenge in the store, on SQLite and PostgreSQL: one secret a day whoever asks
first, one attempt per account and day (the key holds against a race), the finished attempt
recorded once, and the day's leaderboard, scores and list of days after 200 players."""

from __future__ import annotations

import threading
from datetime import date, timedelta

import pytest

from fivedice.rules.daily import SECRET_BYTES
from fivedice.store import Store
from fivedice.store.online import ensure_schema

DAY = date(2026, 11, 25)


@pytest.fixture
def accounts(store: Store) -> Store:
    """The store with the online server's tables."""
    ensure_schema(store)
    return store


def test_a_day_has_one_secret_whoever_asks(store: Store, store_url: str) -> None:
    first = store.daily_secret(DAY)
    assert len(first) == SECRET_BYTES
    other = Store(store_url)  # another node on the same database
    try:
        assert other.daily_secret(DAY) == first
    finally:
        other.close()
    assert store.daily_secret(DAY + timedelta(days=1)) != first


def test_nodes_racing_for_a_new_days_secret_agree(store: Store, store_url: str) -> None:
    nodes = [Store(store_url) for _ in range(4)]
    got: list[bytes] = []
    start = threading.Barrier(len(nodes))

    def ask(node: Store) -> None:
        start.wait()
        got.append(node.daily_secret(DAY))

    threads = [threading.Thread(target=ask, args=(n,)) for n in nodes]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for n in nodes:
        n.close()
    assert len(got) == 4
    assert len(set(got)) == 1
    assert store.daily_secret(DAY) == got[0]
