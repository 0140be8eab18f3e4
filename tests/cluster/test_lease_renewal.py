"""A node keeps its leases while its sweep is stuck: the renewal has a task of its own.

Under load a sweep can take seconds (tables to load from the log, tables to hand over); when
the renewal waited behind it, every lease of the node ran out and its tables were taken by
others mid-game. Here the sweep's query is held up by a lock on the matches table for more
than two lease times, and the node's table must stay its own throughout."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import psycopg
import redis
from cluster_pieces import LEASE_SECONDS, Cluster, RedisServer


def test_a_stuck_sweep_does_not_cost_the_node_its_leases(
    tmp_path: Path, postgresql_url: str, redis_server: RedisServer
) -> None:
    cluster = Cluster(tmp_path, postgresql_url, redis_server.url, nodes=1)
    cluster.start()
    try:
        node = cluster.nodes[0]
        created = httpx.post(f"{node.base_url}/api/tables", json={"host_name": "Ann"}).json()
        httpx.post(f"{node.base_url}/api/tables/{created['table_id']}/seats", json={"name": "Bob"})
        lease = f"fivedice:lease:{created['table_id']}"
        client = redis.Redis.from_url(redis_server.url)
        assert (client.get(lease) or b"").startswith(b"n0 ")
        plain_url = postgresql_url.replace("postgresql+psycopg://", "postgresql://")
        holders: list[bytes | None] = []
        with psycopg.connect(plain_url) as conn:
            # Every read of the matches table (the sweep's first query) waits for this lock.
            conn.execute("LOCK TABLE matches IN ACCESS EXCLUSIVE MODE")
            until = time.monotonic() + 2.5 * LEASE_SECONDS
            while time.monotonic() < until:
                holders.append(client.get(lease))
                time.sleep(0.1)
            conn.rollback()
        assert holders and all((h or b"").startswith(b"n0 ") for h in holders), holders
        assert "lease lost" not in node.log()
    finally:
        cluster.stop()
