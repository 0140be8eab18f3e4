"""Store fixtures: a fresh database per test (SQLite file in a temp dir)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fivedice.store import Store


@pytest.fixture
def store_url(tmp_path: Path) -> str:
    """A database URL for one test."""
    return f"sqlite:///{tmp_path / 'fivedice.db'}"


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    """A store on a fresh database."""
    s = Store(store_url)
    yield s
    s.close()
