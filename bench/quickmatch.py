"""Quick-match benchmark: many guests press "Play now" at once and poll until each is seated
or offered the computer.

    python -m bench.quickmatch                  # 1,000 players, one node (SQLite)
    python -m bench.quickmatch --players 200 --wait 10
    python -m bench.quickmatch --cluster        # three nodes behind HAProxy (deploy/localcluster)

It starts its own server (or the local cluster), opens the guest accounts first (not timed),
then queues every player within a moment, each for a random rule set (official, yatzy,
yacht) and table size (2, 3, 4); every guest is new, so all ratings are 0 and the queues
differ only by rule set and size. Each player asks about its ticket with long polls of
``--poll`` seconds, as the page does. Reported: how many were seated and how many were
offered the computer; the time to seat, median and worst, as the server stamps it (from
joining the queue to the seat being written) and as the players saw it (from sending "Play
now" to the answer that told them: it includes waiting for the server to answer "Play now"
itself in the burst); how long "Play now" and each poll took to answer; and the CPU seconds
the server's processes used from the first "Play now" until everyone had an answer
(cluster: every process of the topology, Redis and PostgreSQL included). The client
processes run on the same machine and take their share of its CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx

# bench.cluster (for its CPU count) and --cluster need deploy/localcluster.py importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "deploy"))

from bench.cluster import tree_cpu
from bench.load import launch_server, percentile, split
from fivedice.server.runner import raise_open_file_limit

PRESETS = ("official", "yatzy", "yacht")
SIZES = (2, 3, 4)
COOKIE = "fivedice_session"  # FIVEDICE_SECURE_COOKIES=0: plain http


@dataclass
class Player:
    """One guest: its session, its ticket, and what it learned when."""

    secret: str
    csrf: str
    preset: str = ""
    seats: int = 0
    ticket: str = ""
    sent: float = 0.0
    queued: float = 0.0  # when "Play now" was answered
    answered: float = 0.0
    polls: list[float] = field(default_factory=list)  # each poll's round trip
    outcome: str = ""  # seated | computer | error
    server_wait: float = 0.0
    table: str = ""
    errors: list[str] = field(default_factory=list)

    def headers(self, write: bool = False) -> dict[str, str]:
        """The session cookie, and the CSRF token for a write."""
        out = {"Cookie": f"{COOKIE}={self.secret}"}
        if write:
            out["X-CSRF-Token"] = self.csrf
        return out


def node_env(wait: float) -> dict[str, str]:
    """Limits out of the way (every player has one address), the wait as asked."""
    return {
        "FIVEDICE_LOG_LEVEL": "WARNING",
        "FIVEDICE_SECURE_COOKIES": "0",
        "FIVEDICE_GUEST_BURST": "1000000",
        "FIVEDICE_QUICK_MATCH_BURST": "1000000",
        "FIVEDICE_TABLE_BURST": "1000000",
        "FIVEDICE_SOCKETS_PER_ADDRESS": "1000000",
        "FIVEDICE_QUICK_MATCH_WAIT": str(wait),
    }


def start_server(workdir: Path, wait: float) -> tuple[subprocess.Popen[bytes], str]:
    """One node on SQLite in a temporary folder."""
    settings = {"FIVEDICE_DATABASE_URL": f"sqlite:///{workdir / 'quick.db'}", **node_env(wait)}
    return launch_server(workdir, settings)


async def open_guests(client: httpx.AsyncClient, count: int) -> list[Player]:
    """`count` guest accounts, a few dozen at a time."""
    gate = asyncio.Semaphore(32)

    async def one() -> Player:
        async with gate:
            answer = await client.post("/api/account/guest")
            answer.raise_for_status()
            cookie = answer.headers["set-cookie"].split(";", 1)[0]
            return Player(cookie.partition("=")[2].strip('"'), answer.json()["csrf_token"])

    return list(await asyncio.gather(*(one() for _ in range(count))))


class Line:
    """One player's own keep-alive HTTP/1.1 connection, as a browser has: a few lines of
    asyncio instead of an HTTP library, so the clients' CPU stays small beside the server's
    (httpx's pool spent several times the server's CPU with a thousand players)."""

    def __init__(self, url: str) -> None:
        address = url.split("://", 1)[1]
        self.host, _, port = address.partition(":")
        self.port = int(port or 80)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def ask(
        self, method: str, path: str, headers: dict[str, str], body: Any = None
    ) -> tuple[int, Any]:
        """Send one request, read its answer: the status and the JSON body (None if none)."""
        for attempt in range(2):
            try:
                return await self._ask(method, path, headers, body)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _ask(
        self, method: str, path: str, headers: dict[str, str], body: Any
    ) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        payload = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        head += [f"Content-Length: {len(payload)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        length, closing = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and "close" in value.lower():
                closing = True
        data = await self.reader.readexactly(length) if length else b""
        if closing:
            self.close()
        return status, json.loads(data) if data else None

    def close(self) -> None:
        """Drop the connection (the next request opens another)."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def play_now(url: str, player: Player, poll: float) -> None:
    """Queue, then ask (long polls of `poll` seconds, as the page does) until seated or
    offered the computer (then leave the queue)."""
    line = Line(url)
    player.sent = time.monotonic()
    body = {"preset": player.preset, "seats": player.seats}
    status, ticket = await line.ask("POST", "/api/quick-match", player.headers(True), body)
    if status not in (200, 201):
        player.outcome = "error"
        player.errors.append(f"queue {status}: {ticket}")
        line.close()
        return
    player.queued = time.monotonic()
    player.ticket = ticket["ticket"]
    while True:
        if ticket["state"] == "seated":
            player.outcome, player.table = "seated", ticket["table_id"]
            player.server_wait = ticket["waited_seconds"]
            break
        if ticket["computer_offered"]:
            player.outcome = "computer"
            player.server_wait = ticket["waited_seconds"]
            await line.ask("DELETE", f"/api/quick-match/{player.ticket}", player.headers(True))
            break
        if ticket["state"] not in ("waiting", "forming"):
            player.outcome = "error"
            player.errors.append(f"ticket {ticket['state']}")
            line.close()
            return
        asked = time.monotonic()
        try:
            status, answer = await line.ask(
                "GET", f"/api/quick-match/{player.ticket}?wait={poll:g}", player.headers()
            )
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            player.errors.append(f"poll {exc!r}")
            await asyncio.sleep(1.0)
            continue
        player.polls.append(time.monotonic() - asked)
        if status != 200:
            player.errors.append(f"poll {status}")
            await asyncio.sleep(1.0)
            continue
        ticket = answer
    player.answered = time.monotonic()
    line.close()


def client(url: str, connections: int = 100) -> httpx.AsyncClient:
    """A connection pool that keeps no cookie (each player sends its own), for opening the
    guests."""
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    jar = CookieJar(DefaultCookiePolicy(allowed_domains=[]))
    return httpx.AsyncClient(base_url=url, timeout=60.0, limits=limits, cookies=jar)


def worker(url: str, count: int, poll: float, seed: int, pipe: Connection) -> None:
    """One client process: open its guests, say it is ready, queue them all on "go", send
    back every player."""
    rng = random.Random(seed)

    async def guests() -> list[Player]:
        async with client(url) as http:
            return await open_guests(http, count)

    async def queue(crowd: list[Player]) -> None:
        await asyncio.gather(*(play_now(url, p, poll) for p in crowd))

    raise_open_file_limit()
    crowd = asyncio.run(guests())
    for player in crowd:
        player.preset, player.seats = rng.choice(PRESETS), rng.choice(SIZES)
    pipe.send("ready")
    assert pipe.recv() == "go"
    asyncio.run(queue(crowd))
    pipe.send(crowd)


def run(
    url: str, players: int, poll: float, pids: list[int], seed: int, workers: int
) -> dict[str, Any]:
    """Open the guests, queue them all at once, wait for every answer; the figures."""
    context = multiprocessing.get_context("fork")
    pipes, processes = [], []
    began = time.monotonic()
    for n, count in enumerate(len(part) for part in split(list(range(players)), workers)):
        mine, theirs = context.Pipe()
        process = context.Process(target=worker, args=(url, count, poll, seed + n, theirs))
        process.start()
        pipes.append(mine)
        processes.append(process)
    for pipe in pipes:
        assert pipe.recv() == "ready"
    guests_seconds = time.monotonic() - began
    cpu_before = tree_cpu(pids)
    began = time.monotonic()
    for pipe in pipes:
        pipe.send("go")
    crowd: list[Player] = [p for pipe in pipes for p in pipe.recv()]
    elapsed = time.monotonic() - began
    cpu = tree_cpu(pids) - cpu_before
    for process in processes:
        process.join()
    return figures(crowd, guests_seconds, elapsed, cpu)


def figures(
    crowd: list[Player], guests_seconds: float, elapsed: float, cpu: float
) -> dict[str, Any]:
    """What the run shows."""
    seated = [p for p in crowd if p.outcome == "seated"]
    offered = [p for p in crowd if p.outcome == "computer"]
    failed = [p for p in crowd if p.outcome not in ("seated", "computer")]
    tables: dict[str, int] = {}
    for p in seated:
        tables[p.table] = tables.get(p.table, 0) + 1
    wrong_size = sum(1 for p in seated if tables[p.table] != p.seats)

    def spread(values: list[float]) -> dict[str, float | None]:
        if not values:
            return {"median": None, "p99": None, "worst": None}
        ordered = sorted(values)
        return {
            "median": round(statistics.median(ordered), 3),
            "p99": round(percentile(ordered, 99), 3),
            "worst": round(ordered[-1], 3),
        }

    return {
        "players": len(crowd),
        "guests_opened_seconds": round(guests_seconds, 2),
        "seated": len(seated),
        "offered_computer": len(offered),
        "failed": len(failed),
        "tables": len(tables),
        "tables_not_of_the_size_asked": wrong_size,
        "seconds_to_seat_server": spread([p.server_wait for p in seated]),
        "seconds_to_seat_seen_by_players": spread([p.answered - p.sent for p in seated]),
        "seconds_to_computer_offer": spread([p.server_wait for p in offered]),
        "seconds_to_answer_play_now": spread([p.queued - p.sent for p in crowd if p.queued]),
        "seconds_per_poll": spread([t for p in crowd for t in p.polls]),
        "run_seconds": round(elapsed, 2),
        "server_cpu_seconds": round(cpu, 2),
        "errors": [e for p in failed for e in p.errors][:5],
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.quickmatch", description=__doc__)
    parser.add_argument("--players", type=int, default=1000, help="players queued (1000)")
    parser.add_argument("--wait", type=float, default=30.0, help="computer offer after (30 s)")
    parser.add_argument(
        "--poll", type=float, default=10.0, help="a long poll's wait (10 s, the page's)"
    )
    parser.add_argument("--cluster", action="store_true", help="three nodes behind HAProxy")
    parser.add_argument("--workers", type=int, default=2, help="client processes (2)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    root = Path(tempfile.mkdtemp(prefix="fivedice-quickmatch-"))
    if args.cluster:
        from localcluster import LocalCluster

        with LocalCluster(root, nodes=3, fast=True, node_env=node_env(args.wait)) as cluster:
            found = run(
                cluster.url, args.players, args.poll, cluster.pids(), args.seed, args.workers
            )
        found["topology"] = "three nodes, HAProxy, PostgreSQL, Redis"
    else:
        process, url = start_server(root, args.wait)
        try:
            found = run(url, args.players, args.poll, [process.pid], args.seed, args.workers)
        finally:
            process.terminate()
            process.wait(timeout=30)
        found["topology"] = "one node, SQLite"
    print(json.dumps(found, indent=2))
    if args.json:
        args.json.write_text(json.dumps(found, indent=2))
    return found


if __name__ == "__main__":
    main()
