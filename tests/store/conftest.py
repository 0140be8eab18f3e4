"""Store fixtures: a fresh database per test, on SQLite (a file in a temp dir) and on a real
PostgreSQL (the session's throwaway cluster, see tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fivedice.store import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL for one test: every store test runs on both databases."""
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgresql_url"))
    return f"sqlite:///{tmp_path / 'fivedice.db'}"


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    """A store on a fresh database."""
    s = Store(store_url)
    yield s
    s.close()
