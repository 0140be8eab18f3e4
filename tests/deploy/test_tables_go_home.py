"""After a failover the dead node's tables come back to it once it is back, and only those:
three real nodes behind the real proxy (``LocalCluster``), a watcher on every table that
reconnects through the proxy as the page does, one node killed with SIGKILL and started again."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx
import websockets

from localcluster import LocalCluster, table_owners

TABLES = 45
ENV = {"FIVEDICE_TABLE_BURST": "1000", "FIVEDICE_SOCKETS_PER_ADDRESS": "1000"}


def wait_for(check: Callable[[], bool], what: str, timeout: float) -> float:
    """Seconds until `check()` held; fails after `timeout`."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if check():
            return time.monotonic() - started
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def shedding(cluster_dir: Path) -> str:
    """What the nodes' logs say of tables gone, taken and shed: why a table did not go home."""
    said = ("node gone", "shedding tables", "rebalancing waits")
    return "\n".join(
        f"{log.stem}: {line}"
        for log in sorted(cluster_dir.glob("node*.log"))
        for line in log.read_text(errors="replace").splitlines()
        if any(s in line for s in said)
    )


class Watchers:
    """One spectator socket per table through the proxy, reconnecting whenever it closes."""

    def __init__(self, ws_base: str, tables: list[str]) -> None:
        self.urls = [f"{ws_base}/ws/tables/{t}" for t in tables]
        self.loop = asyncio.new_event_loop()
        self.stopped = asyncio.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),))

    async def _watch(self, url: str) -> None:
        while not self.stopped.is_set():
            try:
                async with websockets.connect(url, open_timeout=5) as ws:
                    await ws.send(json.dumps({"type": "hello", "name": "Watcher"}))
                    stop = asyncio.ensure_future(self.stopped.wait())
                    closed = asyncio.ensure_future(ws.wait_closed())
                    await asyncio.wait([stop, closed], return_when=asyncio.FIRST_COMPLETED)
                    stop.cancel()
                    closed.cancel()
            except (OSError, websockets.WebSocketException, TimeoutError):
                pass
            await asyncio.sleep(0.1)

    async def _run(self) -> None:
        await asyncio.gather(*(self._watch(u) for u in self.urls))

    def __enter__(self) -> Watchers:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.stopped.set)
        self.thread.join(30)


def test_a_dead_nodes_tables_go_back_to_it_and_the_others_stay(cluster_dir: Path) -> None:
    with LocalCluster(cluster_dir, nodes=3, fast=True, lease_seconds=3, node_env=ENV) as cluster:
        with httpx.Client(base_url=cluster.url, timeout=10) as http:
            tables = [
                http.post("/api/tables", json={"host_name": "Ann", "listed": False}).json()[
                    "table_id"
                ]
                for _ in range(TABLES)
            ]
        ws_base = "ws" + cluster.url.removeprefix("http")
        with Watchers(ws_base, tables):
            wait_for(
                lambda: len(table_owners(cluster.redis.url)) == TABLES, "every table owned", 30
            )
            time.sleep(2)  # the first owners settle (a table opened on one node, run by another)
            before = table_owners(cluster.redis.url)
            victim = max(cluster.nodes, key=lambda n: list(before.values()).count(n.name))
            home = {t for t, owner in before.items() if owner == victim.name}
            others = {t: owner for t, owner in before.items() if owner != victim.name}
            assert home and others

            victim.kill()
            taken = wait_for(
                lambda: all(
                    table_owners(cluster.redis.url).get(t) not in (None, victim.name) for t in home
                ),
                "the survivors to take the dead node's tables",
                10,
            )
            assert taken < 3 + 2  # within the lease time and two seconds

            victim.start()
            try:
                back = wait_for(
                    lambda: all(
                        table_owners(cluster.redis.url).get(t) == victim.name for t in home
                    ),
                    "every one of the dead node's tables to come back to it",
                    30,
                )
            except AssertionError as failed:
                now = table_owners(cluster.redis.url)
                where = Counter(now.get(t) for t in home)
                raise AssertionError(
                    f"{failed}: they are on {dict(where)}\n{shedding(cluster_dir)}"
                ) from None
            now = table_owners(cluster.redis.url)
            stayed = sum(now.get(t) == owner for t, owner in others.items())
            print(f"{len(home)} tables taken in {taken:.1f} s and back in {back:.1f} s")
            # The survivors' own tables are at home by hash: they are not shed for nothing.
            assert stayed >= 0.9 * len(others), (stayed, len(others))
