"""``FIVEDICE_DAILY_DATE`` fixes the daily challenge's day for every daily route at once."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from unittest import mock

import pytest
from fastapi.testclient import TestClient

from fivedice.rules.daily import preset_of_day
from fivedice.server.app import create_app
from fivedice.server.daily_day import fix_day, today
from fivedice.server.settings import Settings

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
