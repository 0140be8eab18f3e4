"""Shared fixtures: a private table cache for the session, and solved tables reused by tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from fivedice.rules import preset
from fivedice.strategy import StrategyTable, load_or_solve
from fivedice.strategy.cache import ENV_VAR, forget_loaded


@pytest.fixture(scope="session", autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every test writes tables into a temporary cache directory, never the user's."""
    path = tmp_path_factory.mktemp("fivedice-cache")
    old = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = str(path)
    forget_loaded()
    yield path
    forget_loaded()
    if old is None:
        os.environ.pop(ENV_VAR, None)
    else:
        os.environ[ENV_VAR] = old


@pytest.fixture(scope="session")
def official(private_cache: Path) -> StrategyTable:
    """The official rules' table (solved once per session)."""
    return load_or_solve(preset("official"))
