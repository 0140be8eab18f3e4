"""Fixtures for the terminal game's tests: a store in a temporary directory, seeded apps."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from tui_driver import AppFactory

from fivedice.store import Store
from fivedice.tui import FiveDiceApp, GameSetup


@pytest.fixture(autouse=True)
def _database_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test does, nothing is written to the real user data or cache directory."""
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    monkeypatch.setenv("FIVEDICE_CACHE_DIR", str(tmp_path / "cache"))
    # The game speaks the environment's language: these tests read its English.
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A high-score store in a temporary SQLite file."""
    s = Store(f"sqlite:///{tmp_path / 'scores.db'}")
    yield s
    s.close()


@pytest.fixture
def make_app(store: Store) -> AppFactory:
    """Build an app with seeded dice and the temporary store; keywords go to the setup.

    With ``at_once=True`` the match starts without the start screen (quicker, for tests
    about the match itself)."""

    def make(
        names: tuple[str, ...] = ("Ann", "Bob"),
        seed: int = 1,
        at_once: bool = False,
        **setup: object,
    ) -> FiveDiceApp:
        game = GameSetup.from_names(list(names), **setup)  # type: ignore[arg-type]
        return FiveDiceApp(game, rng=random.Random(seed), store=store, start_at_once=at_once)

    return make
