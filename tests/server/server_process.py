"""A real fivedice server in a subprocess (uvicorn on 127.0.0.1, a free port), for tests that
talk to it over the network as any client would, and may kill it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import httpx

# How long a server may take to answer its first health check. A fresh clone's first servers
# import everything cold while two other test processes and their browsers share two cores:
# once, that took more than 30 s. Starting slowly is not what any test here checks.
START_SECONDS = 90.0

# The daily challenge's day every test server serves (FIVEDICE_DAILY_DATE), whatever the clock
# says, so that no test passes or fails by the day it runs on. A Wednesday: the everyday rule
# set. A test of another day passes its own FIVEDICE_DAILY_DATE.
DAILY_DAY = date(2026, 11, 25)


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m fivedice.server`` with its own database and settings."""

    def __init__(self, database_url: str, log_path: Path, **env: str) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.env = env
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        """The HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table_id: str) -> str:
        """A table's play socket."""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"

    def start(self, timeout: float = START_SECONDS) -> None:
        """Start and wait until /healthz answers."""
        self.start_async()
        self.wait_ready(timeout)

    def start_async(self) -> ServerProcess:
        """Start the process without waiting for it (see :meth:`wait_ready`)."""
        env = {
            **os.environ,
            "FIVEDICE_DATABASE_URL": self.database_url,
            "FIVEDICE_DAILY_DATE": DAILY_DAY.isoformat(),
            "FIVEDICE_LOG_FORMAT": "json",
            "FIVEDICE_BOT_DELAY": "0",
            "FIVEDICE_UNDO_GRACE": "0",  # the tests of the grace set their own
            "FIVEDICE_VALIDATE_OUTGOING": "1",
            # Every test client comes from 127.0.0.1: the per-address limits are tested by the
            # tests that set them (test_limits.py), and out of the way of all the others.
            "FIVEDICE_TABLE_BURST": "1000000",
            "FIVEDICE_SOCKETS_PER_ADDRESS": "1000000",
            "FIVEDICE_GUEST_BURST": "1000000",
            "FIVEDICE_ADDRESS_SIGN_IN_FAILURES": "1000000",
            **self.env,
        }
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fivedice.server", "--port", str(self.port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        return self

    def wait_ready(self, timeout: float = START_SECONDS) -> None:
        """Wait until /healthz answers."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base_url}/healthz", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"server did not start: {self.log_path.read_text()[-2000:]}")

    def stop(self, timeout: float = 15.0) -> int | None:
        """Graceful stop (SIGTERM); returns the exit code."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        code = self.process.returncode
        self.process = None
        return code

    def kill(self) -> None:
        """SIGKILL: no shutdown at all."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def log(self) -> str:
        """What the server has logged."""
        return self.log_path.read_text(errors="replace")
