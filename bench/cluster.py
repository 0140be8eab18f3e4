"""Cluster benchmark: the same paced load on one node and on three nodes behind the proxy, and
failover under load. Runs ``make cluster``'s topology (PostgreSQL, Redis, nodes, HAProxy) as
plain processes on this machine (``deploy/localcluster.py``).

    python -m bench.cluster                       # 500 four-player tables, 250 ms think time
    python -m bench.cluster --tables 100 --seconds 20 --kills 5

Reported for one node and for three: moves/s, p50/p99 from sending an intent to receiving its
update, and the CPU per move summed over every process of the topology (nodes, Redis,
PostgreSQL and its backends, the proxy). On one machine three nodes cannot be faster than one;
what shows the design scales is that the CPU per move does not grow much with the nodes.

Failover: under the same load on three nodes, an owner of tables is killed (SIGKILL) and
started again, `--kills` times; for each kill, the time from the kill until each of its tables
has a new event that any of its players sees (the worst of its tables; a table that never
moves again counts until the end of the run), median and worst over the kills.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bench.cluster_clients import ClusterReport, cluster_worker
from bench.load import open_tables, percentile, run_workers, split
from fivedice.server.runner import raise_open_file_limit
from localcluster import LocalCluster, table_owners


def tree_cpu(roots: Iterable[int]) -> float:
    """CPU seconds used so far by these processes and all their descendants (Linux /proc)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        times[pid] = (int(fields[11]) + int(fields[12])) / tick
    wanted = set(roots)
    total = 0.0
    for pid, cpu in times.items():
        p = pid
        while p > 1:
            if p in wanted:
                total += cpu
                break
            p = parents.get(p, 0)
    return total


def machine_busy() -> tuple[float, float]:
    """This machine's CPU time so far, busy and in all (Linux /proc/stat, every core): the
    difference of two readings says how busy the whole machine was between them, the
    benchmark's own clients included."""
    fields = [float(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)


def busy_percent(before: tuple[float, float], after: tuple[float, float]) -> int:
    """How busy the machine was between two :func:`machine_busy` readings, in percent."""
    return round(100 * (after[0] - before[0]) / max(after[1] - before[1], 1e-9))


def merge(reports: list[ClusterReport]) -> ClusterReport:
    """One report from the workers'."""
    total = ClusterReport()
    for r in reports:
        total.moves += r.moves
        total.latencies += r.latencies
        total.errors += r.errors
        total.reconnects += r.reconnects
        total.finals.update(r.finals)
        for table, times in r.event_times.items():
            seen = total.event_times.setdefault(table, {})
            for seq, at in times.items():
                seen[seq] = min(at, seen.get(seq, at))
        for table, arrivals in r.update_times.items():
            total.update_times.setdefault(table, []).extend(arrivals)
        total.cpu_seconds += r.cpu_seconds
    total.started = min(r.started for r in reports)
    total.finished = max(r.finished for r in reports)
    return total


def paced_load(
    cluster: LocalCluster, tables: int, think: float, seconds: float, workers: int, rounds: int
) -> tuple[ClusterReport, float]:
    """Open the tables through the proxy and play them for `seconds`; returns the report and
    the CPU seconds every process of the topology used meanwhile."""
    plans = asyncio.run(open_tables(cluster.url, tables, 4, rounds=rounds))
    seats = [plan for table in plans for plan in table]
    random.shuffle(seats)
    ws_base = "ws" + cluster.url[cluster.url.index(":") :]
    jobs = [(ws_base, part, think, seconds) for part in split(seats, workers)]
    before = piece_cpu(cluster)
    batches_before = commit_batches(cluster)
    busy_before = machine_busy()
    report = merge(run_workers(cluster_worker, jobs))
    report.machine_busy_percent = busy_percent(busy_before, machine_busy())
    after = piece_cpu(cluster)
    batches = commit_batches(cluster)
    report.pieces = {name: after[name] - before.get(name, 0.0) for name in after}
    report.commits = (batches[0] - batches_before[0], batches[1] - batches_before[1])
    return report, sum(report.pieces.values())


def piece_cpu(cluster: LocalCluster) -> dict[str, float]:
    """CPU seconds used so far by each kind of process of the topology."""
    groups = {
        "nodes": [n.pid for n in cluster.nodes],
        "postgres": [cluster.postgres.pid],
        "redis": [cluster.redis.pid],
        "proxy": [cluster.proxy.pid if cluster.proxy is not None else None],
    }
    return {name: tree_cpu(p for p in pids if p is not None) for name, pids in groups.items()}


def commit_batches(cluster: LocalCluster) -> tuple[float, float]:
    """The nodes' transactions of moves so far, and the moves in them (their /metrics)."""
    import urllib.request

    count = total = 0.0
    for node in cluster.nodes:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{node.port}/metrics", timeout=5) as r:
                text = r.read().decode()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith("fivedice_commit_batch_size_count"):
                count += float(line.split()[-1])
            elif line.startswith("fivedice_commit_batch_size_sum"):
                total += float(line.split()[-1])
    return count, total


def figures(report: ClusterReport, cpu: float) -> dict[str, Any]:
    """The load's figures."""
    seconds = report.finished - report.started
    return {
        "moves": report.moves,
        "moves_per_second": round(report.moves / seconds, 1),
        "latency_p50_ms": round(percentile(report.latencies, 50) * 1000, 2),
        "latency_p99_ms": round(percentile(report.latencies, 99) * 1000, 2),
        "topology_cpu_percent": round(100 * cpu / seconds),
        "topology_cpu_us_per_move": round(1e6 * cpu / max(report.moves, 1)),
        "clients_cpu_us_per_move": round(1e6 * report.cpu_seconds / max(report.moves, 1)),
        "cpu_us_per_move_by_process": {
            name: round(1e6 * used / max(report.moves, 1)) for name, used in report.pieces.items()
        },
        "moves_per_commit": (
            round(report.commits[1] / report.commits[0], 1) if report.commits[0] else None
        ),
        "reconnects": report.reconnects,
        "errors": len(report.errors),
        "machine_cpus": os.cpu_count(),
        "machine_busy_percent": report.machine_busy_percent,
    }


def failover(
    cluster: LocalCluster, tables: int, think: float, kills: int, workers: int, spacing: float
) -> dict[str, Any]:
    """Kill an owner `kills` times under load, one every `spacing` seconds (a victim is
    started again half a second after its kill); how long its tables stalled."""
    import threading

    seconds = 8.0 + kills * spacing
    result: dict[str, Any] = {}
    kill_log: list[tuple[float, set[str]]] = []

    def killer() -> None:
        time.sleep(6.0)  # every table owned and moving
        names = [n.name for n in cluster.nodes]
        for i in range(kills):
            if time.time() > last_kill_by:
                break  # no time left to see this kill's tables recover
            held = table_owners(cluster.redis.url)
            victim_name = names[i % len(names)]
            victim = next(n for n in cluster.nodes if n.name == victim_name)
            mine = {t for t, owner in held.items() if owner == victim_name}
            killed = time.time()
            victim.kill()
            kill_log.append((killed, mine))
            print(
                f"kill {i + 1}: {victim_name} at {time.strftime('%H:%M:%S', time.gmtime(killed))}"
                f".{int(killed % 1 * 1000):03d} UTC with {len(mine)} tables",
                flush=True,
            )
            time.sleep(0.5)
            victim.start(wait=False)  # it rejoins in the background, as a supervisor's restart
            time.sleep(max(0.0, spacing - (time.time() - killed)))

    plans = asyncio.run(open_tables(cluster.url, tables, 4, rounds=6))
    seats = [plan for table in plans for plan in table]
    ws_base = "ws" + cluster.url[cluster.url.index(":") :]
    jobs = [(ws_base, part, think, seconds) for part in split(seats, workers)]
    # Workers run `seconds` from when they are all ready; a kill later than this would
    # leave its tables too little time to be seen recovering.
    last_kill_by = time.time() + seconds - spacing
    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    busy_before = machine_busy()
    report = merge(run_workers(cluster_worker, jobs))
    busy = busy_percent(busy_before, machine_busy())
    thread.join()
    stalls: list[float] = []
    unrecovered = 0  # tables that saw no new event after a kill before the run ended
    stuck: list[str] = []
    by_kill: list[int] = []
    per_kill: list[dict[str, Any]] = []
    served: list[float] = []
    for killed, mine in kill_log:
        by_kill.append(0)
        table_stalls: list[float] = []
        table_served: list[float] = []
        for table in mine:
            answered = [at for at in report.update_times.get(table, []) if at > killed]
            if answered:  # the first update any of its players got from a live owner
                table_served.append(min(answered) - killed)
            elif table not in report.finals:
                table_served.append(report.finished - killed)
            seen = report.event_times.get(table, {})
            before = max((seq for seq, at in seen.items() if at <= killed), default=0)
            after = [at for seq, at in seen.items() if seq > before]
            if after:  # the first new event any of the table's players saw
                table_stalls.append(min(after) - killed)
            elif table not in report.finals:  # no new event before the run ended
                unrecovered += 1
                by_kill[-1] += 1
                stuck.append(table)
                table_stalls.append(report.finished - killed)
        if table_stalls:
            stalls.append(max(table_stalls))
            served.append(max(table_served))
            per_kill.append(
                {
                    "tables": len(mine),
                    "served_worst_s": round(max(table_served), 2),
                    "p50_s": round(statistics.median(table_stalls), 2),
                    "p90_s": round(percentile(table_stalls, 90), 2),
                    "worst_s": round(max(table_stalls), 2),
                }
            )
    result.update(
        kills=len(kill_log),
        tables_per_kill=round(statistics.fmean(len(m) for _, m in kill_log), 1) if kill_log else 0,
        served_median_s=round(statistics.median(served), 2) if served else None,
        served_worst_s=round(max(served), 2) if served else None,
        stall_median_s=round(statistics.median(stalls), 2) if stalls else None,
        stall_worst_s=round(max(stalls), 2) if stalls else None,
        unrecovered=unrecovered,
        unrecovered_by_kill=by_kill,
        unrecovered_tables=stuck[:10],
        per_kill=per_kill,
        lease_seconds=cluster.lease_seconds,
        reconnects=report.reconnects,
        errors=len(report.errors),
        machine_cpus=os.cpu_count(),
        machine_busy_percent=busy,
    )
    return result


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.cluster", description=__doc__)
    parser.add_argument("--tables", type=int, default=500, help="four-player tables (500)")
    parser.add_argument("--think-ms", type=float, default=250.0, help="mean think time (250)")
    parser.add_argument("--seconds", type=float, default=40.0, help="load phase length (40)")
    parser.add_argument("--workers", type=int, default=2, help="client processes (2)")
    parser.add_argument("--kills", type=int, default=20, help="failovers to measure (20)")
    parser.add_argument("--failover-tables", type=int, default=500, help="tables then (500)")
    parser.add_argument(
        "--kill-every",
        type=float,
        help="seconds between kills (lease + 8: the last victim is back and taking new tables)",
    )
    parser.add_argument("--lease", type=float, default=3.0, help="lease seconds (3)")
    parser.add_argument("--node-log-level", default="WARNING", help="the nodes' (WARNING)")
    parser.add_argument("--only", choices=["one", "three", "failover"], help="one phase only")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    raise_open_file_limit()
    think = args.think_ms / 1000
    env = {
        "FIVEDICE_LOG_LEVEL": args.node_log_level,
        "FIVEDICE_HELLO_TIMEOUT": "120",
        "FIVEDICE_TABLE_BURST": "1000000",  # every simulated client has the same address
        "FIVEDICE_SOCKETS_PER_ADDRESS": "1000000",
    }
    results: dict[str, Any] = {"tables": args.tables, "think_ms": args.think_ms}
    phases = [args.only] if args.only else ["one", "three", "failover"]
    for phase in phases:
        root = Path(tempfile.mkdtemp(prefix=f"fivedice-cluster-{phase}-"))
        nodes = 1 if phase == "one" else 3
        with LocalCluster(
            root, nodes=nodes, fast=True, lease_seconds=args.lease, node_env=env
        ) as cluster:
            if phase == "failover":
                results["failover"] = failover(
                    cluster,
                    args.failover_tables,
                    think,
                    args.kills,
                    args.workers,
                    args.kill_every or args.lease + 8.0,
                )
            else:
                report, cpu = paced_load(
                    cluster, args.tables, think, args.seconds, args.workers, rounds=6
                )
                results[f"{phase}_node" if nodes == 1 else f"{phase}_nodes"] = figures(report, cpu)
                for line in report.errors[:5]:
                    print("!", line)
    if "one_node" in results and "three_nodes" in results:
        results["cpu_per_move_three_over_one"] = round(
            results["three_nodes"]["topology_cpu_us_per_move"]
            / max(results["one_node"]["topology_cpu_us_per_move"], 1),
            2,
        )
    print(json.dumps(results, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return results


if __name__ == "__main__":
    main()
