"""Server fixtures: one real server (subprocess, SQLite in a temp dir) shared by the tests that
only need a server, and a REST client for it."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import httpx
import pytest
from server_process import ServerProcess


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A running server for the session."""
    root = tmp_path_factory.mktemp("server")
    process = ServerProcess(f"sqlite:///{root / 'fivedice.db'}", root / "server.log")
    process.start()
    yield process
    code = process.stop()
    # uvicorn re-raises SIGTERM after its graceful shutdown, so the exit status says SIGTERM
    assert code in (0, -signal.SIGTERM), process.log()[-3000:]
    assert "server stopped" in process.log()


@pytest.fixture
def api(server: ServerProcess) -> Iterator[httpx.Client]:
    """A REST client for the shared server."""
    with httpx.Client(base_url=server.base_url, timeout=10.0) as client:
        yield client
