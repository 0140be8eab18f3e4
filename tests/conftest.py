"""Test services shared by every test package: a throwaway PostgreSQL cluster.

The cluster is Debian's PostgreSQL (``make install-test`` installs it when missing), created
in a temporary directory on a free port for the test session and removed afterwards. Each
test that asks for ``postgresql_url`` gets a fresh database in it. As root (CI), the server
runs as the ``postgres`` user, since PostgreSQL refuses to run as root.

``make test`` runs the tests in several worker processes (pytest-xdist, ``--dist loadfile``):
each worker has its own PostgreSQL, servers and browser; a file's tests stay together on one
worker, and the tests that time outages and failovers run one after another (``SERIAL``).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from asyncio import events as asyncio_events
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

# Tests that start whole clusters or time an outage: one worker runs them all, one at a time,
# so they never compete with each other for the CPU (their limits are in seconds).
SERIAL = ("tests/cluster/", "tests/deploy/", "tests/server/test_store_outage.py")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadfile``, a file's tests go to one worker, and the ``SERIAL`` files'
    tests all to one worker, in turn."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class FileScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "serial" if path.startswith(SERIAL) else path

    return FileScheduling(config, log)


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _bindir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    pytest.fail("PostgreSQL is not installed: run `make install-test` (it installs it)")


class PostgresCluster:
    """A private PostgreSQL server for the test session."""

    def __init__(self, durable: bool = False) -> None:
        # durable: every commit reaches the kernel before it returns (synchronous_commit), so
        # a stopped server (pause) loses nothing it acknowledged; the session's server skips
        # that for speed. Neither needs fsync: the machine does not crash under a test.
        self.durable = durable
        self.bindir = _bindir()
        self.root = Path(tempfile.mkdtemp(prefix="fivedice-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.user = "fivedice"
        self._as_postgres = os.geteuid() == 0
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        """initdb and start, trusting local connections, without fsync (tests only)."""
        if self._as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8")
        self.resume()

    def pause(self) -> None:
        """Stop the server at once (as a crash or an outage would), keeping its data: every
        connection to it fails until :meth:`resume`."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        """Start the server on its port and data directory (again, after :meth:`pause`)."""
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            f"-c fsync=off -c synchronous_commit={'on' if self.durable else 'off'} "
            "-c full_page_writes=off"
        )
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-l",
                  str(self.root / "log"), "start")  # fmt: skip

    def stop(self) -> None:
        """Stop the server and delete everything."""
        try:
            if (self.data / "postmaster.pid").exists():  # not paused
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def new_database(self) -> str:
        """A fresh, empty database; returns its SQLAlchemy URL."""
        import psycopg

        name = f"test_{next(self._names)}"
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=self.user, dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{name}"


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """The session's PostgreSQL server."""
    cluster = PostgresCluster()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def private_postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL server of the test's own, which it may :meth:`~PostgresCluster.pause` (an
    outage) and :meth:`~PostgresCluster.resume` on the same port and data, without
    disturbing the session's server."""
    cluster = PostgresCluster(durable=True)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgresql_url(postgres_cluster: PostgresCluster) -> str:
    """A fresh PostgreSQL database for one test."""
    return postgres_cluster.new_database()


# hypothesis: no deadline on an example. The suite runs three processes on two cores beside
# servers and browsers, so an example's time says nothing about the code (a 10 ms example took
# 727 ms once and failed as "unreliable"); speed is measured by the benchmarks under bench/.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


@pytest.fixture(autouse=True)
def _no_event_loop_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test outside the browser tests leaves no event loop running in the main thread: the
    next test's ``asyncio.run`` in the same process would fail (Playwright's sync API keeps
    one running on purpose: ``make test`` runs the browser tests in a pytest of their own)."""
    yield
    if "tests/web/" in request.node.nodeid.replace(os.sep, "/"):
        return
    leaked = asyncio_events._get_running_loop()
    assert leaked is None, f"{request.node.nodeid} left an event loop running: {leaked!r}"
