"""Daily challenge benchmark: from a daily game's last scoring to its comparison with the
optimal game, and the server's CPU for many players finishing.

    python -m bench.daily                      # 30 games, 1,000 finishes, 200 players
    python -m bench.daily --games 10 --finishes 200 --players 1000

(a) A real server (its own process, SQLite in a temporary folder). Guests play today's
challenge one after another over the REST API and the play socket, each holding at random;
for each game, the time from sending its last ``score`` to ``GET /api/daily/{day}/result``
answering with the comparison (polled every 2 ms), and the server's own time for the
after-finish work (from the hook to the attempt recorded, as its log says). The first game of
the day also plays and stores the optimal game: it is reported apart. The server's CPU per
game (every move, the result, the comparison) is read from /proc.

(b) 1,000 players finishing within a minute: the after-finish path that a daily finish adds
(compare with the optimal game, record the attempt; ``fivedice.server.daily
.compare_and_keep``) driven directly in this process for that many finished games on a fresh
SQLite store, not through the network. Reported: the CPU seconds it took, per finish, and
as a share of one core if the finishes were spread over a minute.

(c) The same over the network: `--players` clients (200 by default: the clients run on the
same machine and take their share of its CPU) each play up to their last scoring (not
measured), then make it at the pace of 1,000 a minute, each then asking for its result every
100 ms until it has it. Reported: the server process's CPU over that time, per finish, and
what 1,000 finishes in a minute would take at that cost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import tempfile
import time
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
import websockets

from bench.load import launch_server

COOKIE = "fivedice_session"  # FIVEDICE_SECURE_COOKIES=0: plain http


def process_cpu(pid: int) -> float:
    """CPU seconds (user and system) a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class DailyPlayer:
    """A new guest at today's challenge: its session, its table and its socket."""

    def __init__(self, api: httpx.AsyncClient, url: str, rng: random.Random) -> None:
        self.api, self.url, self.rng = api, url, rng
        self.headers: dict[str, str] = {}
        self.table_id = self.day = self.token = ""
        self.ws: Any = None
        self.table: dict[str, Any] = {}

    async def sit(self) -> None:
        """Open the guest account, start the attempt, take the seat, connect."""
        guest = (await self.api.post("/api/account/guest")).raise_for_status()
        self.headers = {
            "Cookie": f"{COOKIE}={guest.cookies[COOKIE]}",
            "X-CSRF-Token": guest.json()["csrf_token"],
        }
        started = await self.api.post("/api/daily/start", headers=self.headers)
        body = started.raise_for_status().json()
        self.table_id, self.day = body["table_id"], body["day"]
        resumed = await self.api.post(f"/api/tables/{self.table_id}/resume", headers=self.headers)
        self.token = resumed.raise_for_status().json()["token"]
        ws_url = self.url.replace("http", "ws", 1) + f"/ws/tables/{self.table_id}"
        self.ws = await websockets.connect(ws_url, max_size=2**22)
        await self.ws.send(json.dumps({"type": "hello", "last_seq": 0, "token": self.token}))
        while not self.table:
            message = json.loads(await self.ws.recv())
            if message["type"] == "update":
                self.table = message["table"]

    def last_scoring(self) -> bool:
        """Whether the next move is the match's last: a score into the card's last open box."""
        t = self.table
        return t["dice"] is not None and len(t["score_options"]) == 1 and t["rolls_left"] == 0

    async def move(self) -> None:
        """One move, holding at random and scoring the best box, and its update."""
        table, rng = self.table, self.rng
        seq = table["seq"]
        if table["dice"] is None:
            intent: dict[str, Any] = {"type": "roll"}
        elif table["rolls_left"] > 0 and (rng.random() < 0.6 or len(table["score_options"]) == 1):
            intent = {"type": "roll", "hold": [p for p in range(5) if rng.random() < 0.5]}
        else:
            best = max(table["score_options"], key=lambda o: o["points"] + o["bonus"])
            intent = {"type": "score", "category": best["category"]}
        await self.ws.send(json.dumps({**intent, "token": self.token, "seq": seq}))
        while True:
            message = json.loads(await self.ws.recv())
            if message["type"] == "error":
                raise RuntimeError(message)
            if message["type"] == "update" and message["seq"] > seq:
                self.table = message["table"]
                return

    async def play_until_last(self) -> None:
        """Play up to the last scoring, not making it."""
        while not self.last_scoring():
            await self.move()

    async def result(self, poll: float = 0.002) -> dict[str, Any]:
        """The result, once it is there (asked every `poll` seconds)."""
        while True:
            answer = await self.api.get(f"/api/daily/{self.day}/result", headers=self.headers)
            if answer.status_code == 200:
                body: dict[str, Any] = answer.json()
                return body
            await asyncio.sleep(poll)

    async def close(self) -> None:
        """Close the socket."""
        if self.ws is not None:
            await self.ws.close()


async def play_one(url: str, rng: random.Random) -> tuple[float, str]:
    """A new guest plays today's challenge to its last scoring; returns the seconds from
    sending it to the result being there, and the attempt's table id."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as api:
        player = DailyPlayer(api, url, rng)
        await player.sit()
        await player.play_until_last()
        sent = time.perf_counter()
        await player.move()
        await player.result()
        await player.close()
        return time.perf_counter() - sent, player.table_id


async def finish_together(
    url: str, players: int, per_minute: float, pid: int
) -> tuple[float, float]:
    """`players` guests each play up to their last scoring (not measured), then make it at
    `per_minute`, evenly spread, each asking for its result every 100 ms until it is there;
    returns the seconds that took and the server's CPU seconds meanwhile."""
    rng = random.Random(11)
    limits = httpx.Limits(max_connections=64)
    jar = CookieJar(DefaultCookiePolicy(allowed_domains=[]))  # each player sends its own
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits, cookies=jar) as api:
        crowd = [DailyPlayer(api, url, random.Random(rng.random())) for _ in range(players)]
        gate = asyncio.Semaphore(16)

        async def ready(player: DailyPlayer) -> None:
            async with gate:
                await player.sit()
                await player.play_until_last()

        await asyncio.gather(*(ready(p) for p in crowd))
        gap = 60.0 / per_minute
        cpu = process_cpu(pid)
        began = time.perf_counter()

        async def finish(n: int, player: DailyPlayer) -> None:
            await asyncio.sleep(n * gap)
            await player.move()
            await player.result(poll=0.1)

        await asyncio.gather(*(finish(n, p) for n, p in enumerate(crowd)))
        seconds = time.perf_counter() - began
        cpu = process_cpu(pid) - cpu
        for player in crowd:
            await player.close()
        return seconds, cpu


def server_times(log: Path) -> dict[str, float]:
    """The after-finish times the server logged (table id -> seconds)."""
    found: dict[str, float] = {}
    for line in log.read_text(errors="replace").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("message") == "daily game compared":
            found[str(entry.get("table"))] = float(entry["ms"]) / 1000
    return found


def server_settings(workdir: Path) -> dict[str, str]:
    """One node on SQLite in `workdir`, its limits out of the way (one client address)."""
    return {
        "FIVEDICE_DATABASE_URL": f"sqlite:///{workdir / 'daily.db'}",
        "FIVEDICE_SECURE_COOKIES": "0",
        "FIVEDICE_GUEST_BURST": "1000000",
        "FIVEDICE_TABLE_BURST": "1000000",  # each attempt opens a table, all from one address
        "FIVEDICE_SOCKETS_PER_ADDRESS": "1000000",
        "FIVEDICE_LOG_FORMAT": "json",
        "FIVEDICE_LOG_LEVEL": "INFO",
    }


def crowd_finishing(players: int) -> None:
    """(c): `players` clients finishing their last moves at 1,000 a minute, on a real server."""
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        process, url = launch_server(workdir, server_settings(workdir))
        try:
            seconds, cpu = asyncio.run(finish_together(url, players, 1000.0, process.pid))
        finally:
            process.terminate()
            process.wait(15)
    print(f"(c) {players} players finishing at 1,000 a minute over the API (one server, SQLite)")
    print(
        f"    server CPU while they finished: {cpu:.2f} s over {seconds:.1f} s "
        f"({cpu / players * 1000:.1f} ms per finish: the last score, its result, the "
        f"comparison, the result polls every 100 ms)"
    )
    print(
        f"    at that rate, 1,000 finishes in a minute: {cpu / players * 1000:.1f} CPU s, "
        f"{cpu / players * 1000 / 60 * 100:.0f}% of one core"
    )


def over_the_api(games: int) -> None:
    """(a): games played one after another against a real server."""
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        process, url = launch_server(workdir, server_settings(workdir))
        try:
            waits: list[tuple[float, str]] = []
            cpu_before = process_cpu(process.pid)
            for _ in range(games):
                waits.append(asyncio.run(play_one(url, rng)))
            cpu = process_cpu(process.pid) - cpu_before
            logged = server_times(workdir / "server.log")
        finally:
            process.terminate()
            process.wait(15)
    first, rest = waits[0], waits[1:]
    seen = sorted(w for w, _ in rest)
    inside = sorted(logged[t] for _, t in rest if t in logged)
    print(f"(a) {games} daily games over the API, one after another (one server process, SQLite)")
    print(
        f"    first game of the day (plays and stores the optimal game): "
        f"{first[0] * 1000:.0f} ms seen by the player, "
        f"{logged.get(first[1], float('nan')) * 1000:.0f} ms in the server"
    )
    if seen:
        print(
            f"    the other {len(seen)}: last score -> result available: median "
            f"{statistics.median(seen) * 1000:.0f} ms, worst {seen[-1] * 1000:.0f} ms "
            f"(seen by the player, 2 ms polls included)"
        )
    if inside:
        print(
            f"    after-finish work in the server (hook -> attempt recorded): median "
            f"{statistics.median(inside) * 1000:.0f} ms, worst {inside[-1] * 1000:.0f} ms"
        )
    print(f"    server CPU: {cpu:.2f} s for {games} whole games ({cpu / games * 1000:.0f} ms/game)")


def random_game(rules: str, dice: Any, rng: random.Random) -> list[Any]:
    """A finished one-seat daily game on `dice`, holding and scoring at random."""
    from fivedice.rules import Match, preset
    from fivedice.strategy.daily import DAILY_OPTIONS

    match = Match.create(preset(rules), DAILY_OPTIONS, dice)
    seat = match.join("Player")
    match.start(seat)
    while not match.state.is_finished:
        state = match.state
        if state.dice is None or (state.rolls_left > 0 and rng.random() < 0.6):
            hold = [p for p in range(5) if rng.random() < 0.5] if state.dice is not None else []
            match.roll(seat, hold)
        else:
            options = state.score_options()
            match.score(seat, rng.choice(options).category)
    return list(match.events)


def after_finish_path(finishes: int) -> None:
    """(b): the after-finish work of `finishes` players, in this process."""
    from fivedice.rules.daily import today
    from fivedice.server.daily import compare_and_keep, day_dice, optimal_match
    from fivedice.store import Store
    from fivedice.store.accounts import create_guest
    from fivedice.store.daily import open_attempt
    from fivedice.store.online import ensure_schema

    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'daily.db'}")
        ensure_schema(store)
        day = today()
        dice = day_dice(store, day)
        began = time.perf_counter()
        optimal_match(store, dice)  # the day's first finish plays it (once a day)
        optimal_seconds = time.perf_counter() - began
        games = []
        for n in range(finishes):
            guest = create_guest(store)
            open_attempt(store, day, guest.id, f"bench-{n}", dice.rules)
            games.append((f"bench-{n}", random_game(dice.rules, dice, rng)))
        usage = resource.getrusage(resource.RUSAGE_SELF)
        cpu_before = usage.ru_utime + usage.ru_stime
        wall = time.perf_counter()
        each = []
        for table_id, events in games:
            start = time.perf_counter()
            compare_and_keep(store, day, table_id, events)
            each.append(time.perf_counter() - start)
        wall = time.perf_counter() - wall
        usage = resource.getrusage(resource.RUSAGE_SELF)
        cpu = usage.ru_utime + usage.ru_stime - cpu_before
        store.close()
    each.sort()
    print(f"(b) {finishes} daily finishes, the after-finish path driven directly (SQLite)")
    print(f"    the day's optimal game, played and stored once: {optimal_seconds * 1000:.0f} ms")
    print(
        f"    CPU {cpu:.2f} s in all, {cpu / finishes * 1000:.1f} ms per finish "
        f"(wall {wall:.2f} s; each: median {statistics.median(each) * 1000:.1f} ms, "
        f"worst {each[-1] * 1000:.1f} ms)"
    )
    print(f"    {finishes} finishes within a minute: {cpu / 60 * 100:.1f}% of one core")


def main(argv: list[str] | None = None) -> None:
    """Run both measures and print their figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.daily", description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="games over the API (a)")
    parser.add_argument("--finishes", type=int, default=1000, help="finishes driven directly (b)")
    parser.add_argument(
        "--players", type=int, default=200, help="players finishing over the API (c)"
    )
    args = parser.parse_args(argv)
    if args.games < 2 or args.finishes < 1 or args.players < 1:
        parser.error("--games needs 2 or more, --finishes and --players 1 or more")
    over_the_api(args.games)
    after_finish_path(args.finishes)
    crowd_finishing(args.players)


if __name__ == "__main__":
    main()
