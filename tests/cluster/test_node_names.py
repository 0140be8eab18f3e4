"""One live process per node name: a second process started under the name of a live node
refuses in one line (exit status 2) and leaves the first one and its tables alone, while a
node started again after its process died starts at once."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import redis
from cluster_pieces import RedisServer, named_node
from wsclient import PlayClient


async def test_a_second_live_process_under_a_name_refuses_to_start(
    tmp_path: Path, postgresql_url: str, redis_server: RedisServer
) -> None:
    first = named_node(postgresql_url, redis_server.url, tmp_path / "first.log")
    second = named_node(postgresql_url, redis_server.url, tmp_path / "second.log")
    first.start()
    try:
        created = httpx.post(
            f"{first.base_url}/api/tables", json={"host_name": "Ann", "seats": 1}
        ).json()
        table_id = created["table_id"]
        ann = await PlayClient(first.ws_url(table_id), created["token"]).connect()
        await ann.intent("start")
        await ann.until_table(lambda t: t["phase"] == "playing")
        leases = redis.Redis.from_url(redis_server.url)
        lease = leases.get(f"fivedice:lease:{table_id}")
        assert lease is not None and lease.decode().startswith("n0 ")

        second.start_async()
        assert second.process is not None
        code = second.process.wait(30)
        lines = second.log().strip().splitlines()
        assert code == 2, second.log()
        assert len(lines) == 1, lines
        assert lines[0].startswith("Error: node n0 is already running"), lines
        assert "Traceback" not in second.log()

        time.sleep(1.0)  # the first node keeps its name, its table and its lease
        health = httpx.get(f"{first.base_url}/healthz").json()
        assert health["node"] == "n0" and health["tables"] == 1
        assert leases.get(f"fivedice:lease:{table_id}") == lease
        assert "lease lost" not in first.log()
        await ann.intent("roll")
        await ann.until_table(lambda t: t["dice"] is not None)
        await ann.close()
    finally:
        second.kill()
        first.stop()


def test_a_name_whose_process_died_is_free_at_once(
    tmp_path: Path, postgresql_url: str, redis_server: RedisServer
) -> None:
    first = named_node(postgresql_url, redis_server.url, tmp_path / "first.log")
    again = named_node(postgresql_url, redis_server.url, tmp_path / "again.log")
    first.start()
    try:
        alive = redis.Redis.from_url(redis_server.url).get("fivedice:node:n0")
        assert alive is not None
        first.kill()  # its liveness key stays behind for up to 30 s; its inbox is silent
        assert redis.Redis.from_url(redis_server.url).get("fivedice:node:n0") is not None
        started = time.monotonic()
        again.start()
        assert time.monotonic() - started < 20
        assert httpx.get(f"{again.base_url}/healthz").json()["node"] == "n0"
    finally:
        first.kill()
        again.stop()
