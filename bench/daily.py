"""Daily challenge benchmark: from a daily game's last scoring to its comparison with the
optimal game, and the server's CPU for many players finishing.

    python -m bench.daily                      # 30 games over the API, 1,000 finishes
    python -m bench.daily --games 10 --finishes 200

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
SQLite store, not through the network: 1,000 real clients playing whole games would measure
the clients on this machine more than the server. Reported: the CPU seconds it took, per
finish, and as a share of one core if the finishes were spread over a minute.
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


async def play_one(url: str, rng: random.Random) -> tuple[float, str]:
    """A new guest plays today's challenge to its last scoring; returns the seconds from
    sending it to the result being there, and the attempt's table id."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as api:
        guest = (await api.post("/api/account/guest")).raise_for_status()
        secret = guest.cookies[COOKIE]
        csrf = guest.json()["csrf_token"]
        headers = {"Cookie": f"{COOKIE}={secret}", "X-CSRF-Token": csrf}
        started = (await api.post("/api/daily/start", headers=headers)).raise_for_status().json()
        table_id, day = started["table_id"], started["day"]
        resumed = await api.post(f"/api/tables/{table_id}/resume", headers=headers)
        token = resumed.raise_for_status().json()["token"]
        ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
        async with websockets.connect(ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "last_seq": 0, "token": token}))
            table: dict[str, Any] = {}
            while not table:
                message = json.loads(await ws.recv())
                if message["type"] == "update":
                    table = message["table"]
            sent = 0.0
            while table["phase"] == "playing":
                seq = table["seq"]
                if table["dice"] is None:
                    intent: dict[str, Any] = {"type": "roll"}
                elif table["rolls_left"] > 0 and rng.random() < 0.6:
                    hold = [p for p in range(5) if rng.random() < 0.5]
                    intent = {"type": "roll", "hold": hold}
                else:
                    options = table["score_options"]
                    best = max(options, key=lambda o: o["points"] + o["bonus"])
                    intent = {"type": "score", "category": best["category"]}
                    sent = time.perf_counter()
                await ws.send(json.dumps({**intent, "token": token, "seq": seq}))
                while True:
                    message = json.loads(await ws.recv())
                    if message["type"] == "error":
                        raise RuntimeError(message)
                    if message["type"] == "update" and message["seq"] > seq:
                        table = message["table"]
                        break
        while True:
            answer = await api.get(f"/api/daily/{day}/result", headers=headers)
            if answer.status_code == 200:
                return time.perf_counter() - sent, table_id
            await asyncio.sleep(0.002)


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


def over_the_api(games: int) -> None:
    """(a): games played one after another against a real server."""
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        settings = {
            "FIVEDICE_DATABASE_URL": f"sqlite:///{workdir / 'daily.db'}",
            "FIVEDICE_SECURE_COOKIES": "0",
            "FIVEDICE_GUEST_BURST": "1000000",
            "FIVEDICE_LOG_FORMAT": "json",
            "FIVEDICE_LOG_LEVEL": "INFO",
        }
        process, url = launch_server(workdir, settings)
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
    args = parser.parse_args(argv)
    if args.games < 2 or args.finishes < 1:
        parser.error("--games needs 2 or more and --finishes 1 or more")
    over_the_api(args.games)
    after_finish_path(args.finishes)


if __name__ == "__main__":
    main()
