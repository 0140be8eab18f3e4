"""The cluster benchmark's clients: paced computer players that ride out a node's death.

Like ``bench.load_clients``, but a player whose socket closes reconnects (through the proxy)
with its token and the last sequence number it saw, as the browser page does, and goes on from
the catch-up update. Every player notes when each event of its table first reached it, and when
each update reached it, so the benchmark can tell how long a failover kept a table from
answering (until any of its players got an update again) and from moving (until any of them
saw a new event).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import websockets
from orjson import loads

from bench.load_clients import CONNECT_KW, SeatPlan, choose


@dataclass
class ClusterReport:
    """What a worker measured."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    finals: dict[str, dict[int, int]] = field(default_factory=dict)
    # table -> event seq -> when it first reached one of the table's players
    event_times: dict[str, dict[int, float]] = field(default_factory=dict)
    # table -> when each update reached one of its players (the owner was serving it)
    update_times: dict[str, list[float]] = field(default_factory=dict)
    started: float = 0.0
    finished: float = 0.0
    cpu_seconds: float = 0.0
    # filled in by the benchmark, not the workers: CPU seconds per kind of process of the
    # topology, and the nodes' transactions of moves (how many, the moves in them)
    pieces: dict[str, float] = field(default_factory=dict)
    commits: tuple[float, float] = (0.0, 0.0)
    machine_busy_percent: int = 0  # the whole machine, clients included


async def _session(
    url: str, plan: SeatPlan, report: ClusterReport, state: dict[str, Any], think: float
) -> bool:
    """One socket's life; True when the match has ended."""
    async with websockets.connect(url, **CONNECT_KW) as ws:
        await ws.send(json.dumps({"type": "hello", "token": plan.token, "last_seq": state["seq"]}))
        pending: int | None = None
        sent_at = 0.0
        started = False
        async for raw in ws:
            message = loads(raw)
            kind = message["type"]
            if kind == "error":
                if message["code"] in ("not_your_turn", "store_failed", "table_unavailable"):
                    pending = None  # a move overtaken by a failover: look again
                    continue
                report.errors.append(f"{plan.table_id}/{plan.seat}: {message['code']}")
                continue
            if kind != "update":
                continue
            now = time.time()
            report.update_times.setdefault(plan.table_id, []).append(now)
            if message["events"]:
                seen = report.event_times.setdefault(plan.table_id, {})
                for event in message["events"]:
                    seen.setdefault(event["seq"], now)
                state["seq"] = message["events"][-1]["seq"]
            table = message["table"]
            if pending is not None and message["seq"] > pending:
                report.latencies.append(time.perf_counter() - sent_at)
                report.moves += 1
                pending = None
            if table["phase"] == "finished":
                report.finals[plan.table_id] = {s["seat"]: s["total"] for s in table["seats"]}
                return True
            # The host starts (the role may have passed on if the host was slow to connect);
            # once per socket: a start lost with a dead node is sent again after reconnecting.
            if table["phase"] == "waiting" and table["host"] == plan.seat and not started:
                started = True
                await ws.send(json.dumps({"type": "start", "token": plan.token}))
                continue
            if table["active_seat"] == plan.seat and pending is None:
                intent = choose(table, think)
                if think > 0:
                    await asyncio.sleep(random.expovariate(1 / think))
                intent["token"] = plan.token
                pending = message["seq"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps(intent))
    return False


async def _player(
    base: str, plan: SeatPlan, report: ClusterReport, think: float, stop_at: float
) -> None:
    url = f"{base}/ws/tables/{plan.table_id}"
    state: dict[str, Any] = {"seq": 0}
    while time.time() < stop_at:
        try:
            session = _session(url, plan, report, state, think)
            if await asyncio.wait_for(session, max(0.01, stop_at - time.time())):
                return
        except TimeoutError:
            return  # the measured time is over
        except (OSError, websockets.ConnectionClosed, websockets.InvalidStatus):
            pass
        report.reconnects += 1
        await asyncio.sleep(0.1 + random.random() * 0.2)


async def _run(
    base: str, plans: list[SeatPlan], think: float, seconds: float, pipe: Connection
) -> ClusterReport:
    report = ClusterReport()
    pipe.send("ready")
    await asyncio.to_thread(pipe.recv)
    report.started = time.time()
    cpu = time.process_time()
    stop_at = time.time() + seconds
    tasks = [_player(base, plan, report, think, stop_at) for plan in plans]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    report.finished = time.time()
    report.cpu_seconds = time.process_time() - cpu
    report.errors += [f"client failed: {r!r}" for r in results if isinstance(r, BaseException)]
    return report


def cluster_worker(
    base: str, plans: list[SeatPlan], think: float, seconds: float, pipe: Connection
) -> None:
    """Worker process entry: play the planned seats (at most `seconds`), send the report."""
    pipe.send(asyncio.run(_run(base, plans, think, seconds, pipe)))
