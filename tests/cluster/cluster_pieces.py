"""The pieces of a test cluster as plain processes: redis-server and fivedice nodes."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import time
from pathlib import Path

import redis
from server_process import ServerProcess, free_port

LEASE_SECONDS = 2.0


class RedisServer:
    """``redis-server`` on a free port, no persistence; it may be stopped and started again on
    the same port."""

    def __init__(self, log_path: Path) -> None:
        self.port = free_port()
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start and wait until it answers PING."""
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no"],
            stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if redis.Redis(port=self.port, socket_connect_timeout=0.2).ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        """Stop it (its data is gone: it keeps none)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


class Cluster:
    """Nodes ``n0``.. sharing one database and one Redis."""

    def __init__(
        self, root: Path, database_url: str, redis_url: str, nodes: int = 3, **env: str
    ) -> None:
        self.nodes = [
            ServerProcess(
                database_url,
                root / f"n{i}.log",
                FIVEDICE_REDIS_URL=redis_url,
                FIVEDICE_NODE_ID=f"n{i}",
                FIVEDICE_LEASE_SECONDS=str(LEASE_SECONDS),
                **env,
            )
            for i in range(nodes)
        ]

    def start(self) -> None:
        """Start every node at once, then wait until each answers."""
        for node in self.nodes:
            node.start_async()
        for node in self.nodes:
            node.wait_ready()

    def stop(self) -> None:
        """Stop every node that still runs: all asked at once (SIGTERM), each waited for."""
        asked = [n.process for n in self.nodes if n.process and n.process.poll() is None]
        for process in asked:
            process.send_signal(signal.SIGTERM)
        for process in asked:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(15)
        for node in self.nodes:
            node.stop()  # one still running after 15 s is killed

    def logs(self) -> str:
        """Every node's log, for a failing test's message."""
        return "\n".join(n.log()[-4000:] for n in self.nodes)


def named_node(postgresql_url: str, redis_url: str, log: Path, name: str = "n0") -> ServerProcess:
    """A node called `name` on this database and Redis, with a 30 s lease: a dead node's lease
    outlasts the test, so whatever moves its tables sooner is what the test sees."""
    return ServerProcess(
        postgresql_url,
        log,
        FIVEDICE_REDIS_URL=redis_url,
        FIVEDICE_NODE_ID=name,
        FIVEDICE_LEASE_SECONDS="30",
    )
