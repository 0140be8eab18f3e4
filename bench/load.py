"""Load benchmark for the game server: computer clients on loopback playing complete matches
concurrently, against a bare echo socket on the same stack for the ceiling.

    python -m bench.load                      # 250 four-player tables = 1,000 connections
    python -m bench.load --tables 50 --echo-seconds 5

It starts its own server (``python -m fivedice.server``, SQLite in a temp dir, echo endpoint
on) unless ``--url`` names one. Reported: matches/s, moves/s and the latency from sending an
intent to receiving its broadcast (p50, p99); server message rate (frames in + out per second,
as counted by the clients) for the game and for the echo, and their ratio; errors. Afterwards
every match's stored log is replayed and checked against the final scores the clients saw.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.load_clients import Report, SeatPlan, echo_worker, player_worker
from fivedice.rules import Match, event_from_dict
from fivedice.server.runner import raise_open_file_limit

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(workdir: Path, ws_impl: str) -> tuple[subprocess.Popen[bytes], str]:
    """The server under test, with the echo endpoint and limits fit for a load test."""
    env = {
        "FIVEDICE_DATABASE_URL": f"sqlite:///{workdir / 'load.db'}",
        "FIVEDICE_ECHO_ENDPOINT": "1",
        "FIVEDICE_LOG_LEVEL": "WARNING",
        "FIVEDICE_HELLO_TIMEOUT": "120",
        "FIVEDICE_WS_IMPL": ws_impl,
        "FIVEDICE_TABLE_BURST": "1000000",  # every simulated client has the same address
        "FIVEDICE_SOCKETS_PER_ADDRESS": "1000000",
    }
    return launch_server(workdir, env)


def launch_server(workdir: Path, settings: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    """`python -m fivedice.server` on a free port with these settings added to the
    environment, its log in `workdir`; returns once /healthz answers."""
    port = _free_port()
    env = {**os.environ, **settings}
    log = (workdir / "server.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "fivedice.server", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start: " + (workdir / "server.log").read_text())


async def open_tables(url: str, tables: int, players: int, rounds: int = 1) -> list[list[SeatPlan]]:
    """Open the tables and seat every player through the REST API."""
    limits = httpx.Limits(max_connections=32)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as api:

        async def one() -> list[SeatPlan]:
            created = await api.post(
                "/api/tables",
                json={"host_name": NAMES[0], "seats": players, "rounds": rounds, "listed": False},
            )
            body = created.raise_for_status().json()
            table_id = body["table_id"]
            plans = [SeatPlan(table_id, body["seat"], body["token"], True)]
            for name in NAMES[1:players]:
                joined = await api.post(f"/api/tables/{table_id}/seats", json={"name": name})
                if joined.is_error:
                    raise RuntimeError(f"seating {name} at {table_id}: {joined.text}")
                seat = joined.json()
                plans.append(SeatPlan(table_id, seat["seat"], seat["token"], False))
            return plans

        return list(await asyncio.gather(*(one() for _ in range(tables))))


def run_workers(target: Any, jobs: list[tuple[Any, ...]]) -> list[Report]:
    """Run worker processes; release them together once all are ready; collect reports."""
    context = multiprocessing.get_context("fork")
    pipes, processes = [], []
    for job in jobs:
        mine, theirs = context.Pipe()
        process = context.Process(target=target, args=(*job, theirs), daemon=True)
        process.start()
        pipes.append(mine)
        processes.append(process)
    for pipe in pipes:
        assert pipe.recv() == "ready"
    for pipe in pipes:
        pipe.send("go")
    reports = [pipe.recv() for pipe in pipes]
    for process in processes:
        process.join()
    return reports


def process_cpu(pid: int | None) -> float:
    """A process's CPU seconds so far (Linux), or 0 when unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def merge(reports: list[Report]) -> Report:
    """One report from the workers'."""
    total = Report()
    for r in reports:
        total.moves += r.moves
        total.round_trips += r.round_trips
        total.frames_in += r.frames_in
        total.frames_out += r.frames_out
        total.latencies += r.latencies
        total.errors += r.errors
        total.finals.update(r.finals)
        total.cpu_seconds += r.cpu_seconds
    total.started = min(r.started for r in reports)
    total.finished = max(r.finished for r in reports)
    return total


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def verify(url: str, finals: dict[str, dict[int, int]]) -> list[str]:
    """Replay every match's stored log; compare with the final scores the clients saw."""
    problems = []
    with httpx.Client(base_url=url, timeout=60) as api:
        for table_id, seen in finals.items():
            stored = api.get(f"/api/matches/{table_id}").json()
            events = [event_from_dict(e) for e in stored["events"]]
            state = Match.replay(events, random.Random(0)).state
            totals = {p.seat: p.total for p in state.players}
            if not state.is_finished or totals != seen or stored["status"] != "finished":
                problems.append(f"{table_id}: stored {totals}, clients saw {seen}")
    return problems


def split(items: list[Any], parts: int) -> list[list[Any]]:
    """`items` in `parts` nearly equal runs."""
    return [items[i::parts] for i in range(parts)]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark and print its report; returns the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--tables", type=int, default=250, help="tables (default 250)")
    parser.add_argument("--players", type=int, default=4, help="players per table (4)")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="mean think time before each intent (ms)"
    )
    parser.add_argument("--workers", type=int, default=1, help="client processes (1)")
    parser.add_argument("--echo-seconds", type=float, default=10.0, help="echo phase length")
    parser.add_argument(
        "--echo-connections", type=int, default=0, help="echo sockets (default: as many as players)"
    )
    parser.add_argument("--url", help="an already running server (with FIVEDICE_ECHO_ENDPOINT=1)")
    parser.add_argument("--ws", default="auto", help="uvicorn websocket implementation")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    raise_open_file_limit()
    workdir = Path(tempfile.mkdtemp(prefix="fivedice-load-"))
    server = None
    url = args.url
    if url is None:
        server, url = start_server(workdir, args.ws)
    ws_base = "ws" + url[url.index(":") :]
    connections = args.tables * args.players
    try:
        # The ceiling: the same harness, the same stack, a socket that only echoes.
        payload = json.dumps({"type": "roll", "token": "x" * 22, "hold": [0, 1]})
        echo_connections = args.echo_connections or connections
        shares = [len(part) for part in split(list(range(echo_connections)), args.workers)]
        echo_jobs = [(ws_base, n, args.echo_seconds, payload) for n in shares]
        server_pid = server.pid if server is not None else None
        cpu = process_cpu(server_pid)
        echo = merge(run_workers(echo_worker, echo_jobs))
        echo_server_cpu = process_cpu(server_pid) - cpu
        setup = time.perf_counter()
        plans = asyncio.run(open_tables(url, args.tables, args.players))
        setup = time.perf_counter() - setup
        seats = [plan for table in plans for plan in table]
        think = args.think_ms / 1000
        jobs = [(ws_base, part, think) for part in split(seats, args.workers)]
        cpu = process_cpu(server_pid)
        game = merge(run_workers(player_worker, jobs))
        game_server_cpu = process_cpu(server_pid) - cpu
        problems = verify(url, game.finals)
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            server.wait(30)

    game_seconds = game.finished - game.started
    echo_seconds = echo.finished - echo.started
    game_rate = (game.frames_in + game.frames_out) / game_seconds
    echo_rate = (echo.frames_in + echo.frames_out) / echo_seconds
    round_trips = max(echo.round_trips, 1)
    figures = {
        "tables": args.tables,
        "connections": connections,
        "think_ms": args.think_ms,
        "setup_seconds": round(setup, 2),
        "game_seconds": round(game_seconds, 2),
        "matches_completed": len(game.finals),
        "matches_per_second": round(len(game.finals) / game_seconds, 2),
        "moves": game.moves,
        "moves_per_second": round(game.moves / game_seconds, 1),
        "latency_p50_ms": round(percentile(game.latencies, 50) * 1000, 2),
        "latency_p99_ms": round(percentile(game.latencies, 99) * 1000, 2),
        "latency_max_ms": round(max(game.latencies, default=0) * 1000, 2),
        "game_messages_per_second": round(game_rate),
        "echo_connections": echo_connections,
        "echo_round_trips_per_second": round(echo.round_trips / echo_seconds),
        "echo_messages_per_second": round(echo_rate),
        "echo_latency_p50_ms": round(percentile(echo.latencies, 50) * 1000, 2),
        "echo_latency_p99_ms": round(percentile(echo.latencies, 99) * 1000, 2),
        "ratio_to_echo": round(game_rate / echo_rate, 3),
        "game_server_cpu_percent": round(100 * game_server_cpu / game_seconds),
        "game_clients_cpu_percent": round(100 * game.cpu_seconds / game_seconds),
        "echo_server_cpu_percent": round(100 * echo_server_cpu / echo_seconds),
        "echo_clients_cpu_percent": round(100 * echo.cpu_seconds / echo_seconds),
        # CPU per unit of work: steadier than rates on a machine shared with other work.
        "game_server_cpu_us_per_move": round(1e6 * game_server_cpu / max(game.moves, 1)),
        "game_clients_cpu_us_per_move": round(1e6 * game.cpu_seconds / max(game.moves, 1)),
        "echo_server_cpu_us_per_round_trip": round(1e6 * echo_server_cpu / round_trips),
        "echo_clients_cpu_us_per_round_trip": round(1e6 * echo.cpu_seconds / round_trips),
        # The ratio per CPU second spent (server and clients together, then the server alone):
        # what the rate ratio would be if both phases had the same CPU to themselves.
        "ratio_to_echo_per_cpu": round(
            ((game.frames_in + game.frames_out) / max(game_server_cpu + game.cpu_seconds, 1e-9))
            / ((echo.frames_in + echo.frames_out) / max(echo_server_cpu + echo.cpu_seconds, 1e-9)),
            3,
        ),
        "ratio_to_echo_per_server_cpu": round(
            ((game.frames_in + game.frames_out) / max(game_server_cpu, 1e-9))
            / ((echo.frames_in + echo.frames_out) / max(echo_server_cpu, 1e-9)),
            3,
        ),
        "errors": len(game.errors) + len(echo.errors),
        "replay_mismatches": len(problems),
        "mean_move_latency_ms": round(statistics.fmean(game.latencies) * 1000, 2)
        if game.latencies
        else None,
    }
    for line in (game.errors + echo.errors + problems)[:20]:
        print("!", line)
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return figures


if __name__ == "__main__":
    main()
