"""Tables that never finish leave memory: a waiting table nobody is at is set aside as idle
after FIVEDICE_WAITING_TABLE_TTL (ten minutes by default, not the hour of a started table),
leaves the lobby, does not come back at a restart, and comes back live when someone opens its
link."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from server_process import ServerProcess

from fivedice.store import Store


def test_an_idle_table_leaves_memory_and_comes_back_on_its_link(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'idle.db'}"
    server = ServerProcess(
        url,
        tmp_path / "server.log",
        FIVEDICE_WAITING_TABLE_TTL="1",
        FIVEDICE_IDLE_TABLE_TTL="3600",
    )
    server.start()
    try:
        created = httpx.post(f"{server.base_url}/api/tables", json={"host_name": "Ann"}).json()
        table_id = created["table_id"]
        busy = httpx.post(f"{server.base_url}/api/tables", json={"host_name": "Bob"}).json()
        assert httpx.get(f"{server.base_url}/healthz").json()["tables"] == 2
        deadline = time.monotonic() + 10
        while httpx.get(f"{server.base_url}/healthz").json()["tables"] > 0:
            assert time.monotonic() < deadline, "idle tables stayed in memory"
            time.sleep(0.2)
        store = Store(url)
        assert store.summary(table_id).status == "idle"
        assert store.unfinished() == []
        store.close()
        server.stop()
        server.start()  # a restart does not bring idle tables back
        assert httpx.get(f"{server.base_url}/healthz").json()["tables"] == 0
        assert httpx.get(f"{server.base_url}/api/tables").json() == []
        # Its link still works: the table is live again, and its host can play.
        view = httpx.get(f"{server.base_url}/api/tables/{table_id}")
        assert view.status_code == 200 and view.json()["phase"] == "waiting"
        assert httpx.get(f"{server.base_url}/healthz").json()["tables"] == 1
        store = Store(url)
        assert store.summary(table_id).status == "waiting"
        assert store.summary(busy["table_id"]).status == "idle"
        store.close()
    finally:
        server.stop()
