"""``FIVEDICE_DAILY_DATE`` fixes the daily challenge's day for every daily route at once."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from unittest import mock

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select

from fivedice.rules.daily import preset_of_day
from fivedice.server.app import create_app
from fivedice.server.daily_day import fix_day, today
from fivedice.server.settings import Settings
from fivedice.store import Store
from fivedice.store.accounts import create_guest
from fivedice.store.daily import (
    daily_in_play,
    finish_attempt,
    get_attempt,
    open_attempt,
    players_of_day,
)
from fivedice.store.models import MatchRow

SATURDAY = date(2026, 11, 28)


def test_the_setting_is_read_as_a_date() -> None:
    with mock.patch.dict(os.environ, {"FIVEDICE_DAILY_DATE": "2026-11-28"}):
        assert Settings.from_env().daily_date == SATURDAY
    with mock.patch.dict(os.environ, {"FIVEDICE_DAILY_DATE": ""}):
        assert Settings.from_env().daily_date is None


def test_a_fixed_day_is_the_day_of_every_daily_route(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server answers the fixed day's challenge (its weekday's rule set), and the day
    after it is still the future: refused like any day to come."""
    monkeypatch.setenv("FIVEDICE_CACHE_DIR", str(tmp_path / "cache"))
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}", daily_date=SATURDAY)
    try:
        with TestClient(create_app(settings)) as client:
            assert today() == SATURDAY
            answer = client.get("/api/daily").json()
            assert answer["day"] == "2026-11-28"
            assert answer["rules"] == preset_of_day(SATURDAY)
            tomorrow = client.get("/api/daily/2026-11-29")
            assert tomorrow.status_code == 404
            assert tomorrow.json()["params"]["reason"] == "not_begun"
            assert client.get("/api/daily/2026-11-28").status_code == 200
    finally:
        fix_day(None)
    assert today() != SATURDAY or date.today() == SATURDAY


def test_the_stores_daily_queries_take_the_fixed_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game finished on the fixed day is ranked among its players, and it stays out of
    profiles and high scores as a game in play: the store's queries take the server's day,
    not the clock's (a fixed day before today's date was once taken as over)."""
    monkeypatch.setenv("FIVEDICE_CACHE_DIR", str(tmp_path / "cache"))
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    fixed = date(2026, 11, 2)  # long over by the clock of any machine running this
    try:
        with TestClient(create_app(Settings(database_url=url, daily_date=fixed))):
            store = Store(url)
            try:
                guest = create_guest(store)
                open_attempt(store, fixed, guest.id, "daily-table", "official")
                assert finish_attempt(store, "daily-table", 231, 4.5, {"score": 231})
                attempt = get_attempt(store, fixed, guest.id)
                assert attempt is not None and attempt.ranked is True
                assert players_of_day(store, fixed) == 1
                in_play = select(MatchRow.id).where(daily_in_play(MatchRow.id))
                with store.engine.connect() as conn:
                    conn.execute(insert(MatchRow).values(id="daily-table", preset="official"))
                    assert list(conn.scalars(in_play)) == ["daily-table"]
            finally:
                store.close()
    finally:
        fix_day(None)
