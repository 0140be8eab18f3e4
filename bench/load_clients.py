"""The load benchmark's clients: computer players on the play socket, and echo clients.

Each runs in a worker process with its own event loop and reports its counts and latencies
back through a pipe. The players know no rules: they roll, keep the most common face once,
and score the box the server lists as worth most.

The clients share the machine with the server, so they keep their own CPU down: every frame is
received in full, but a seat that is not waiting for its own move's broadcast parses only the
updates that can concern it (its turn, or the end). Nothing the server does changes.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import websockets

try:  # the clients parse every update: orjson keeps the harness's own CPU out of the way
    from orjson import loads
except ImportError:  # pragma: no cover
    from json import loads

CONNECT_KW: dict[str, Any] = {"compression": None, "max_size": 2**22, "open_timeout": 60}


@dataclass
class SeatPlan:
    """One player to run: the table, the seat and its token, and whether it starts the match."""

    table_id: str
    seat: int
    token: str
    host: bool


@dataclass
class Report:
    """What a worker measured."""

    moves: int = 0
    frames_in: int = 0
    frames_out: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finals: dict[str, dict[int, int]] = field(default_factory=dict)  # table -> seat -> total
    started: float = 0.0
    finished: float = 0.0
    round_trips: int = 0
    cpu_seconds: float = 0.0  # the worker's CPU time while measuring


def choose(table: dict[str, Any], think: float) -> dict[str, Any]:
    """The next intent for the active seat, from the view the server sent."""
    dice = table["dice"]
    if dice is None:
        return {"type": "roll"}
    if table["rolls_left"] == 2:
        face, _ = Counter(dice).most_common(1)[0]
        return {"type": "roll", "hold": [i for i, d in enumerate(dice) if d == face]}
    best = max(table["score_options"], key=lambda o: (o["points"] + o["bonus"], random.random()))
    return {"type": "score", "category": best["category"]}


def _concerns(raw: str, seat: str) -> bool:
    """Whether an update may ask something of `seat` (its turn, or the match's end); True when
    unsure. A text scan: the keys occur once in an update, and a quote inside a string value is
    escaped, so they cannot be forged by chat."""
    at = raw.find('"active_seat":')
    if at < 0:
        return True
    start = at + 14
    return raw[start : raw.find(",", start)] == seat or '"phase":"finished"' in raw


async def _player(
    base: str, plan: SeatPlan, report: Report, ready: asyncio.Event, go: asyncio.Event, think: float
) -> None:
    url = f"{base}/ws/tables/{plan.table_id}"
    async with websockets.connect(url, **CONNECT_KW) as ws:
        await ws.send(json.dumps({"type": "hello", "token": plan.token}))
        report.frames_out += 1
        pending_seq: int | None = None
        sent_at = 0.0
        greeted = False
        me = str(plan.seat)
        async for raw in ws:
            report.frames_in += 1
            if greeted and pending_seq is None and not _concerns(raw, me):
                continue
            message = loads(raw)
            kind = message["type"]
            if kind == "error":
                report.errors.append(f"{plan.table_id}/{plan.seat}: {message['code']}")
                return
            if kind != "update":
                continue
            table = message["table"]
            if not greeted:
                greeted = True
                ready.set()
                await go.wait()
                if table["host"] == plan.seat:  # the role may have passed on meanwhile
                    await ws.send(json.dumps({"type": "start", "token": plan.token}))
                    report.frames_out += 1
                continue
            if pending_seq is not None and message["seq"] > pending_seq:
                report.latencies.append(time.perf_counter() - sent_at)
                report.moves += 1
                pending_seq = None
            if table["phase"] == "finished":
                report.finals[plan.table_id] = {s["seat"]: s["total"] for s in table["seats"]}
                return
            if table["active_seat"] == plan.seat and pending_seq is None:
                intent = choose(table, think)
                if think > 0:
                    await asyncio.sleep(random.expovariate(1 / think))
                intent["token"] = plan.token
                pending_seq = message["seq"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps(intent))
                report.frames_out += 1


async def _run_players(base: str, plans: list[SeatPlan], think: float, pipe: Connection) -> Report:
    report = Report()
    go = asyncio.Event()
    readies = [asyncio.Event() for _ in plans]
    tasks = [
        asyncio.create_task(_player(base, plan, report, ready, go, think))
        for plan, ready in zip(plans, readies, strict=True)
    ]
    waiting = asyncio.ensure_future(asyncio.gather(*(r.wait() for r in readies)))
    await asyncio.wait([waiting, *tasks], timeout=120, return_when=asyncio.FIRST_COMPLETED)
    pipe.send("ready")
    await asyncio.to_thread(pipe.recv)  # every worker is connected: go
    report.started = time.time()
    cpu = time.process_time()
    go.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    report.finished = time.time()
    report.cpu_seconds = time.process_time() - cpu
    report.errors += [f"client failed: {r!r}" for r in results if isinstance(r, BaseException)]
    return report


def player_worker(base: str, plans: list[SeatPlan], think: float, pipe: Connection) -> None:
    """Worker process entry: play every planned seat to the end, send the report."""
    report = asyncio.run(_run_players(base, plans, think, pipe))
    pipe.send(report)


async def _echo_loop(ws: Any, payload: str, stop_at: float, report: Report) -> None:
    while time.perf_counter() < stop_at:
        sent = time.perf_counter()
        await ws.send(payload)
        await ws.recv()
        report.latencies.append(time.perf_counter() - sent)
        report.round_trips += 1
        report.frames_out += 1
        report.frames_in += 1


async def _run_echo(
    base: str, connections: int, seconds: float, payload: str, pipe: Connection
) -> Report:
    report = Report()
    url = f"{base}/ws/echo"
    sockets = await asyncio.gather(
        *(websockets.connect(url, **CONNECT_KW) for _ in range(connections))
    )
    pipe.send("ready")
    await asyncio.to_thread(pipe.recv)
    report.started = time.time()
    cpu = time.process_time()
    stop_at = time.perf_counter() + seconds
    results = await asyncio.gather(
        *(_echo_loop(ws, payload, stop_at, report) for ws in sockets), return_exceptions=True
    )
    report.finished = time.time()
    report.cpu_seconds = time.process_time() - cpu
    report.errors += [f"echo client failed: {r!r}" for r in results if isinstance(r, BaseException)]
    for ws in sockets:
        await ws.close()
    return report


def echo_worker(
    base: str, connections: int, seconds: float, payload: str, pipe: Connection
) -> None:
    """Worker process entry: `connections` echo clients in a closed loop for `seconds`."""
    report = asyncio.run(_run_echo(base, connections, seconds, payload, pipe))
    pipe.send(report)
