"""Cluster fixtures: a real redis-server, a throwaway PostgreSQL database and three node
processes on 127.0.0.1, all sharing them (see deploy/localcluster.py for the pieces)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from cluster_pieces import Cluster, RedisServer


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of this test's own, without persistence."""
    server = RedisServer(tmp_path / "redis.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def cluster(tmp_path: Path, postgresql_url: str, redis_server: RedisServer) -> Iterator[Cluster]:
    """Three nodes on one PostgreSQL database and one Redis (lease 2 s), started."""
    nodes = Cluster(tmp_path, postgresql_url, redis_server.url, nodes=3)
    nodes.start()
    yield nodes
    nodes.stop()
