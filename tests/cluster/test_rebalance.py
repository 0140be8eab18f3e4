"""A node that comes back gets its share: the tables of a dead node pile up on the survivors,
and a node running clearly more than its share sheds some to the others."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from cluster_pieces import Cluster, RedisServer

from localcluster import table_owners

TABLES = 40


def wait_for(check: object, what: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_node_that_joins_gets_tables_from_one_that_holds_too_many(
    tmp_path: Path, postgresql_url: str, redis_server: RedisServer
) -> None:
    cluster = Cluster(tmp_path, postgresql_url, redis_server.url, nodes=2)
    first, second = cluster.nodes
    first.start()
    try:
        with httpx.Client(base_url=first.base_url, timeout=10) as http:
            tables = [
                http.post("/api/tables", json={"host_name": "Ann", "listed": False}).json()[
                    "table_id"
                ]
                for _ in range(TABLES)
            ]
        # Alone, the first node's sweep takes every table nobody holds.
        wait_for(lambda: len(table_owners(redis_server.url)) == TABLES, "n0 to own every table", 20)
        assert set(table_owners(redis_server.url).values()) == {"n0"}

        second.start()

        # Share 20 each; n0 may keep 10 over it, and sheds the rest to n1 within seconds.
        def shared() -> bool:
            held = table_owners(redis_server.url)
            counts = [list(held.values()).count(n) for n in ("n0", "n1")]
            return len(held) == TABLES and counts[0] <= 30 and counts[1] >= 10

        wait_for(shared, "n0 to shed tables to n1", 30)
        held = table_owners(redis_server.url)
        assert set(held) == set(tables)  # every table still has exactly one owner
    finally:
        cluster.stop()
