"""The daily challenge's days and its flood limit through a real server: no day before the
challenge's first, a past day nobody played publishes its secret (and has no optimal score),
and starting an attempt costs a new-table token while resuming one does not."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from accounts_client import Browser, guest_browser
from server_process import DAILY_DAY, ServerProcess
from sqlalchemy import insert

from fivedice.rules.daily import FIRST_DAY
from fivedice.store import Store
from fivedice.store.daily import DailyAttemptRow, find_secret, get_attempt


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of its own whose addresses may open one table, then hardly any."""
    root = tmp_path_factory.mktemp("daily_days")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_TABLE_BURST="1",
        FIVEDICE_TABLES_PER_MINUTE="0.5",
    )
    process.start()
    yield process
    process.stop()


@pytest.fixture
def store(server: ServerProcess) -> Iterator[Store]:
    """The server's database, opened beside it."""
    s = Store(server.database_url)
    yield s
    s.close()


def guest(server: ServerProcess) -> Browser:
    """A new browser with a guest account."""
    return guest_browser(server.base_url)


def test_no_day_before_the_first(server: ServerProcess, store: Store) -> None:
    ann = guest(server)
    assert ann.account is not None
    before = FIRST_DAY - timedelta(days=1)
    # An attempt stored before the first day (an old database, a clock gone wrong) is no day.
    with store.engine.begin() as conn:
        conn.execute(
            insert(DailyAttemptRow),
            [
                {
                    "day": before,
                    "account_id": ann.account["id"],
                    "table_id": "t-old",
                    "rules": "yacht",
                }
            ],
        )
    for day in ("1970-01-01", before.isoformat()):
        for path in (f"/api/daily/{day}", f"/api/daily/{day}/result", f"/api/daily/{day}/optimal"):
            refused = ann.request("GET", path)
            assert refused.status_code == 404, (path, refused.text)
            assert refused.json()["code"] == "unknown_day"
    assert ann.request("GET", f"/api/daily/{FIRST_DAY.isoformat()}").status_code == 200
    listed = ann.request("GET", "/api/daily/days", params={"limit": 60}).json()["days"]
    assert listed and min(d["day"] for d in listed) >= FIRST_DAY.isoformat()
    early = ann.request("GET", "/api/daily/days", params={"before": "1970-01-02"})
    assert early.status_code == 200 and early.json()["days"] == []
    ann.close()


def test_a_past_day_nobody_played_publishes_its_secret(server: ServerProcess, store: Store) -> None:
    day = DAILY_DAY - timedelta(days=2)
    assert day >= FIRST_DAY and find_secret(store, day) is None
    ann = guest(server)
    shown = ann.request("GET", f"/api/daily/{day.isoformat()}").json()
    assert shown["over"] is True and shown["players"] == 0
    stored = find_secret(store, day)
    assert stored is not None and shown["secret"] == stored.hex()
    assert shown["optimal_score"] is None  # nobody finished it: no optimal game computed
    assert ann.request("GET", f"/api/daily/{day.isoformat()}").json()["secret"] == stored.hex()
    optimal = ann.request("GET", f"/api/daily/{day.isoformat()}/optimal")
    assert optimal.status_code == 404 and optimal.json()["code"] == "no_daily_result"
    assert ann.request("GET", f"/api/daily/{DAILY_DAY.isoformat()}").json()["secret"] is None
    ann.close()


def test_starting_the_daily_costs_a_new_table_token(server: ServerProcess, store: Store) -> None:
    ann, bob = guest(server), guest(server)
    assert bob.account is not None
    first = ann.request("POST", "/api/daily/start")
    assert first.status_code == 200, first.text
    again = ann.request("POST", "/api/daily/start")  # resuming costs nothing
    assert again.status_code == 200 and again.json()["table_id"] == first.json()["table_id"]
    refused = bob.request("POST", "/api/daily/start")
    assert refused.status_code == 429, refused.text
    assert refused.json()["code"] == "rate_limited"
    assert float(refused.headers["Retry-After"]) > 0
    # The refusal kept nothing: Bob has no attempt, and Ann may still resume hers.
    assert get_attempt(store, DAILY_DAY, bob.account["id"]) is None
    assert bob.request("GET", "/api/daily").json()["attempt"] is None
    resumed = ann.request("POST", "/api/daily/start")
    assert resumed.status_code == 200 and resumed.json()["table_id"] == first.json()["table_id"]
    ann.close()
    bob.close()
