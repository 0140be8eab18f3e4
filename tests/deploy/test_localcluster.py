"""`make cluster`'s script (deploy/localcluster.py): it starts again on its kept data with the
old tables back, starts a killed node again like a supervisor, refuses a port another program
holds in one line, and needs nothing beyond the standard library and the cluster extra."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import localcluster
from localcluster import LocalCluster, Proxy

DEPLOY = Path(localcluster.__file__).resolve().parent


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield int(other.getsockname()[1])


def test_started_again_on_its_directory_it_keeps_its_tables_and_revives_a_killed_node(
    cluster_dir: Path,
) -> None:
    with LocalCluster(cluster_dir, nodes=1, fast=True) as cluster:
        created = httpx.post(
            f"{cluster.url}/api/tables", json={"host_name": "Ann", "seats": 2}, timeout=10
        )
        assert created.status_code == 201, created.text
        table_id = created.json()["table_id"]

        node = cluster.nodes[0]
        port = node.port
        said: list[str] = []
        assert cluster.revive(pause=0, say=said.append) == []  # nothing died: nothing said
        assert node.pid is not None
        os.kill(node.pid, signal.SIGKILL)
        assert node.process is not None
        node.process.wait(10)
        assert cluster.revive(pause=0.1, say=said.append) == [node]
        assert said == ["node1 exited (signal 9); starting it again"]
        node.wait_ready()
        assert node.port == port
        assert httpx.get(f"{node.base_url}/healthz", timeout=5).json()["node"] == "node1"

    with LocalCluster(cluster_dir, nodes=1, fast=True) as again:  # the same directory
        table = httpx.get(f"{again.url}/api/tables/{table_id}", timeout=10)
        assert table.status_code == 200, table.text
        assert table.json()["id"] == table_id


def test_a_port_in_use_is_refused_before_haproxy_starts(tmp_path: Path, busy_port: int) -> None:
    proxy = Proxy([("a", "127.0.0.1", 9)], tmp_path, busy_port)
    with pytest.raises(RuntimeError, match=f"port {busy_port} is in use"):
        proxy.start()
    assert proxy.process is None
    assert not (tmp_path / "haproxy.log").exists()


def test_make_cluster_on_a_port_in_use_says_so_in_one_line(tmp_path: Path, busy_port: int) -> None:
    done = subprocess.run(
        [sys.executable, str(DEPLOY / "localcluster.py"), "--port", str(busy_port),
         "--dir", str(tmp_path / "c")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"Error: port {busy_port} is in use by another program: choose another (--port)"
    ]
    assert "open" not in done.stdout
    assert not (tmp_path / "c").exists()


def test_it_needs_no_httpx() -> None:
    """`make cluster` installs the cluster extra, which does not bring httpx."""
    code = "import sys; sys.modules['httpx'] = None; import localcluster"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=DEPLOY, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
