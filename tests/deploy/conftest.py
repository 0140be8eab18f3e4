"""Fixtures of the deployment tests."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def cluster_dir() -> Iterator[Path]:
    """A directory the ``postgres`` user can reach (pytest's own are private to root)."""
    root = Path(tempfile.mkdtemp(prefix="fivedice-cluster-"))
    yield root
    shutil.rmtree(root, ignore_errors=True)
