"""A fivedice cluster on this one machine, as plain processes: PostgreSQL, Redis, several
nodes and HAProxy in front of them, on 127.0.0.1, everything under one directory.

    python deploy/localcluster.py                 # what `make cluster` runs: 3 nodes on :8000
    python deploy/localcluster.py --nodes 2 --port 8080 --dir .cluster

It is the topology of ``deploy/compose.yaml`` without Docker, from Debian's packages
(``postgresql``, ``redis-server``, ``haproxy``). Started again on the same directory, it
keeps its database (and the tables in it). A node that dies is started again after a second,
like a supervisor would. Ctrl+C stops everything. The tests and the cluster benchmark start
the same pieces through :class:`LocalCluster`. Standard library only, besides what the
``fivedice[cluster]`` extra brings (psycopg, redis).
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

HERE = Path(__file__).resolve().parent


def table_owners(redis_url: str) -> dict[str, str]:
    """Table id to the name of the node holding its lease (the cluster's own record of who
    runs each table; see "Operating a cluster" in docs/running.md)."""
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    keys = list(client.scan_iter("fivedice:lease:*", count=1000))
    held: dict[str, str] = {}
    for start in range(0, len(keys), 1000):  # one round trip per thousand leases
        chunk = keys[start : start + 1000]
        for key, value in zip(chunk, client.mget(chunk), strict=True):
            if value:
                held[key.removeprefix("fivedice:lease:")] = value.rsplit(" ", 1)[0]
    return held


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_free(port: int) -> bool:
    """Whether nobody listens on 127.0.0.1:`port` (a bind of our own succeeds)."""
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class _Exited(Exception):
    """The process being waited for has ended."""


def _wait(check: object, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():  # type: ignore[operator]
                return
        except _Exited:
            raise
        except Exception:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start in {timeout:.0f} s")


def _program(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")
    if found is None:
        raise RuntimeError(f"{name} is not installed (`make cluster` installs it with apt-get)")
    return found


class Postgres:
    """A PostgreSQL server of its own: initdb in `root`, on a free port, local trust only.
    As root it runs as the ``postgres`` user, since PostgreSQL refuses to run as root."""

    def __init__(self, root: Path, *, fast: bool = False, user: str = "fivedice") -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        initdb = found[-1] if found else shutil.which("initdb")
        if initdb is None:
            raise RuntimeError("PostgreSQL is not installed (`make cluster` installs it)")
        self.bindir = Path(initdb).parent
        self.root = root
        self.data = root / "pgdata"
        self.port = free_port()
        self.user = user
        self.fast = fast  # no fsync: for tests and benchmarks, never for data you keep
        self._as_postgres = os.geteuid() == 0

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, timeout=120)
        if done.returncode != 0:
            detail = (done.stderr or done.stdout).decode(errors="replace").strip()
            raise RuntimeError(f"{args[0]} failed: {detail[-1000:]}")

    @property
    def pid(self) -> int | None:
        """The postmaster's process id (its backends are its children)."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of one of its databases."""
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """initdb the first time, then start (again) on the same port and data."""
        if not self.data.exists():
            self.root.mkdir(parents=True, exist_ok=True)
            if self._as_postgres:
                shutil.chown(self.root, "postgres", "postgres")
                parent = self.root.parent  # the postgres user must be able to reach its dir
                parent.chmod(parent.stat().st_mode | 0o011)
            self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1"
        if self.fast:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        log = str(self.root / "postgres.log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-l", log, "start")

    def stop(self) -> None:
        """A fast stop: sessions end, everything committed is kept."""
        if self.pid is not None:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def create_database(self, name: str) -> str:
        """The database `name`, created if it is not there yet (a cluster started again on
        its kept data finds it, tables and all); its URL."""
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=self.user, dbname="postgres", autocommit=True
        ) as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
            if found.fetchone() is None:
                conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


class Redis:
    """``redis-server`` on a free port, keeping nothing on disk; it may be stopped and started
    again on the same port (it comes back empty)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def pid(self) -> int | None:
        """Its process id while it runs."""
        return self.process.pid if self.process is not None else None

    def start(self) -> None:
        """Start, and wait until it answers."""
        import redis

        self.root.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [_program("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.root)],
            stdout=(self.root / "redis.log").open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        _wait(client.ping, "redis-server", 10)

    def stop(self) -> None:
        """Stop it."""
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


class Node:
    """One fivedice node (``python -m fivedice.server``) on a free port."""

    def __init__(
        self, name: str, database_url: str, redis_url: str, root: Path, env: dict[str, str]
    ) -> None:
        self.name = name
        self.database_url = database_url
        self.redis_url = redis_url
        self.root = root
        self.env = env
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        """Its HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        """Its process id while it runs."""
        return self.process.pid if self.process is not None else None

    def ws_url(self, table_id: str) -> str:
        """A table's play socket on this node."""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"

    def start(self, wait: bool = True) -> None:
        """Start; with `wait`, until /healthz answers."""
        env = {
            **os.environ,
            "FIVEDICE_DATABASE_URL": self.database_url,
            "FIVEDICE_REDIS_URL": self.redis_url,
            "FIVEDICE_NODE_ID": self.name,
            **self.env,
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fivedice.server", "--host", "127.0.0.1",
             "--port", str(self.port)],
            env=env, stdout=(self.root / f"{self.name}.log").open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        if wait:
            self.wait_ready()

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait until /healthz answers."""

        def ready() -> bool:
            if self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"node {self.name} exited:\n{self.log()[-2000:]}")
            with urllib.request.urlopen(f"{self.base_url}/healthz", timeout=1) as answer:
                return bool(answer.status == 200)

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if ready():
                    return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"node {self.name} did not start:\n{self.log()[-2000:]}")

    def exited(self) -> str | None:
        """How it ended, if its process has ended unasked ('signal 9', 'status 1'); else None."""
        if self.process is None:
            return None
        code = self.process.poll()
        if code is None:
            return None
        return f"signal {-code}" if code < 0 else f"status {code}"

    def kill(self) -> None:
        """SIGKILL: no shutdown at all."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        """SIGTERM: a graceful shutdown (its tables are released to the other nodes)."""
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def log(self) -> str:
        """What it has logged."""
        path = self.root / f"{self.name}.log"
        return path.read_text(errors="replace") if path.exists() else ""


def haproxy_config(backends: list[tuple[str, str, int]], port: int) -> str:
    """HAProxy's configuration: each table's requests by table id with consistent hashing,
    everything else round-robin. A node that refuses a connection is out at once (and the
    request goes to another); one that is only slow is out after five missed health checks
    (a busy node keeps its place); either is back after two good checks. Open sockets stay
    where they are. Weight 256 gives each node 4,096 points on the consistent-hash ring
    instead of 16, so the tables spread evenly. `backends` are (name, host, port)."""
    checks = (
        "check inter 1s fall 5 rise 2 observe layer4 error-limit 1 on-error mark-down weight 256"
    )
    servers = "\n".join(f"    server {name} {host}:{p} {checks}" for name, host, p in backends)
    return (HERE / "haproxy.cfg.in").read_text().format(port=port, servers=servers)


class Proxy:
    """HAProxy in the foreground with a generated configuration, on a free port."""

    def __init__(self, backends: list[tuple[str, str, int]], root: Path, port: int = 0) -> None:
        self.backends = backends
        self.root = root
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        """The cluster's one address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        """Its process id while it runs."""
        return self.process.pid if self.process is not None else None

    def start(self) -> None:
        """Write the configuration, check it, start, and wait until HAProxy itself answers
        on the port. A port another program holds, or an HAProxy that exits (it could not
        bind), is a RuntimeError of one line."""
        if not port_free(self.port):
            raise RuntimeError(
                f"port {self.port} is in use by another program: choose another (--port)"
            )
        config = self.root / "haproxy.cfg"
        config.write_text(haproxy_config(self.backends, self.port))
        haproxy = _program("haproxy")
        subprocess.run([haproxy, "-c", "-q", "-f", str(config)], check=True, timeout=30)
        log = self.root / "haproxy.log"
        self.process = subprocess.Popen(
            [haproxy, "-db", "-f", str(config)], stdout=log.open("ab"), stderr=subprocess.STDOUT
        )
        process = self.process

        def listening() -> bool:
            if process.poll() is not None:
                raise _Exited()
            with socket.create_connection(("127.0.0.1", self.port), 0.2):
                return process.poll() is None

        try:
            _wait(listening, "haproxy", 10)
        except (_Exited, RuntimeError):
            self.stop()
            raise RuntimeError(f"haproxy did not start on port {self.port} (see {log})") from None

    def stop(self) -> None:
        """Stop it."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.terminate()
            self.process.wait(10)
            self.process = None


class LocalCluster:
    """PostgreSQL, Redis, `nodes` fivedice nodes and HAProxy, started together; stopped
    together (also as a context manager)."""

    def __init__(
        self,
        root: Path,
        nodes: int = 3,
        *,
        port: int = 0,
        fast: bool = False,
        lease_seconds: float | None = None,
        node_env: dict[str, str] | None = None,
    ) -> None:
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.postgres = Postgres(self.root / "postgres", fast=fast)
        self.redis = Redis(self.root / "redis")
        self.lease_seconds = lease_seconds if lease_seconds is not None else 5.0
        env = dict(node_env or {})
        env.setdefault("FIVEDICE_LEASE_SECONDS", str(self.lease_seconds))
        env.setdefault("FIVEDICE_TRUSTED_PROXIES", "127.0.0.1")  # HAProxy's X-Forwarded-For
        self._node_count = nodes
        self._env = env
        self._port = port
        self.nodes: list[Node] = []
        self.proxy: Proxy | None = None

    @property
    def url(self) -> str:
        """The cluster's one address (the proxy)."""
        assert self.proxy is not None
        return self.proxy.base_url

    def start(self) -> LocalCluster:
        """Start every piece, database first, proxy last."""
        self.postgres.start()
        database = self.postgres.create_database("fivedice")
        self.redis.start()
        self.nodes = [
            Node(f"node{i}", database, self.redis.url, self.root, self._env)
            for i in range(1, self._node_count + 1)
        ]
        for node in self.nodes:
            node.start(wait=False)
        for node in self.nodes:
            node.wait_ready()
        self.proxy = Proxy(
            [(n.name, "127.0.0.1", n.port) for n in self.nodes], self.root, self._port
        )
        self.proxy.start()
        return self

    def revive(self, pause: float = 1.0, say: Callable[[str], None] = print) -> list[Node]:
        """Start again, after `pause` seconds, every node whose process ended unasked, on
        the same port and environment, as a supervisor would; one line said per node. A node
        that refused its settings (exit status 2) is left down: it would refuse again."""
        ended = [(node, node.exited()) for node in self.nodes]
        revived: list[Node] = []
        for node, how in ended:
            if how is None:
                continue
            assert node.process is not None
            node.process = None
            if how == "status 2":
                log = node.root / f"{node.name}.log"
                say(f"{node.name} exited ({how}); not started again: see {log}")
                continue
            say(f"{node.name} exited ({how}); starting it again")
            revived.append(node)
        if revived:
            time.sleep(pause)
            for node in revived:
                node.start(wait=False)
        return revived

    def pids(self) -> list[int]:
        """Every running process of the topology (PostgreSQL's backends are its children)."""
        pieces = [self.postgres, self.redis, *self.nodes]
        if self.proxy is not None:
            pieces.append(self.proxy)  # type: ignore[arg-type]
        return [p for p in (piece.pid for piece in pieces) if p is not None]

    def stop(self) -> None:
        """Stop everything, proxy first, database last; keeps going past a piece that fails."""
        pieces: list[object] = [self.proxy, *self.nodes, self.redis, self.postgres]
        for piece in pieces:
            if piece is None:
                continue
            try:
                piece.stop()  # type: ignore[attr-defined]
            except Exception as exc:
                print(f"could not stop {type(piece).__name__}: {exc}", file=sys.stderr)

    def __enter__(self) -> LocalCluster:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> None:
    """``make cluster``: start everything, print where it is, stop it all on Ctrl+C."""
    parser = argparse.ArgumentParser(prog="python deploy/localcluster.py", description=__doc__)
    parser.add_argument("--nodes", type=int, default=3, help="fivedice nodes (3)")
    parser.add_argument("--port", type=int, default=8000, help="the proxy's port (8000)")
    parser.add_argument("--dir", type=Path, default=Path(".cluster"), help="where data and logs go")
    args = parser.parse_args(argv)
    if not 1 <= args.nodes <= 64:
        parser.error("--nodes must be from 1 to 64")
    if not 1 <= args.port <= 65535:
        parser.error("--port must be from 1 to 65535")
    if not port_free(args.port):
        print(f"Error: port {args.port} is in use by another program: choose another (--port)",
              file=sys.stderr)  # fmt: skip
        raise SystemExit(1)
    cluster = LocalCluster(args.dir.resolve(), args.nodes, port=args.port)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        cluster.start()
        print(banner(cluster), flush=True)
        while True:
            time.sleep(0.2)
            cluster.revive(say=lambda line: print(line, flush=True))
    except KeyboardInterrupt:
        print("\nstopping the cluster")
    except RuntimeError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    finally:
        cluster.stop()


def banner(cluster: LocalCluster) -> str:
    """What `make cluster` prints once everything answers: each piece, where its data and
    logs are, how to start a node by hand, and the one address to open."""
    root = cluster.root
    database = cluster.postgres.url("fivedice")
    lines = [
        f"postgresql  {database}  (the match logs; data {cluster.postgres.data},"
        f" log {cluster.postgres.root / 'postgres.log'})",
        f"redis       {cluster.redis.url}  (leases and notes between nodes; keeps nothing)",
    ]
    for node in cluster.nodes:
        lines.append(f"{node.name:<11} {node.base_url}  (log: {root / (node.name + '.log')})")
    lines.append(f"haproxy     {cluster.url}  (routes each table to one node)")
    lines.append(
        "\na node by hand (not behind haproxy, and not stopped by Ctrl+C):\n"
        f"  FIVEDICE_DATABASE_URL={database} FIVEDICE_REDIS_URL={cluster.redis.url} \\\n"
        f"  FIVEDICE_NODE_ID=node{len(cluster.nodes) + 1} FIVEDICE_TRUSTED_PROXIES=127.0.0.1 \\\n"
        f"  FIVEDICE_LEASE_SECONDS={cluster.lease_seconds:g}"
        f" {sys.executable} -m fivedice.server --port {free_port()}"
    )
    lines.append(f"\nfivedice cluster: open {cluster.url}/   (Ctrl+C stops it all)")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
