"""Prometheus metrics: tables, connections, moves, errors, and how long storing takes.

Each app has its own registry, so several servers in one process (tests) never collide.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from .loopwatch import LOOK_EVERY


class Metrics:
    """The server's instruments, registered in their own registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.tables = Gauge("fivedice_tables", "Tables in memory, by phase", ["phase"], registry=r)
        self.connections = Gauge(
            "fivedice_connections", "Open play sockets, by role", ["role"], registry=r
        )
        self.moves = Counter(
            "fivedice_moves_total", "Intents carried out, by message type", ["type"], registry=r
        )
        self.errors = Counter(
            "fivedice_errors_total", "Messages refused, by error code", ["code"], registry=r
        )
        self.events = Counter("fivedice_events_total", "Match events committed", registry=r)
        self.matches_finished = Counter(
            "fivedice_matches_finished_total", "Matches played to the end", registry=r
        )
        self.commit_seconds = Histogram(
            "fivedice_commit_seconds",
            "Time to commit one batch of events",
            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0),
            registry=r,
        )
        self.commit_batch = Histogram(
            "fivedice_commit_batch_size",
            "Appends per committed batch",
            buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256, 512),
            registry=r,
        )
        self.intent_seconds = Histogram(
            "fivedice_intent_seconds",
            "Time from receiving an intent to its broadcast being queued",
            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0),
            registry=r,
        )
        self.loop_lag = Histogram(
            "fivedice_event_loop_lag_seconds",
            f"How late the event loop ran a timer that was due (looked at every {LOOK_EVERY:g} s)",
            buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=r,
        )
        self.dropped_clients = Counter(
            "fivedice_dropped_clients_total", "Clients dropped for falling behind", registry=r
        )

    def render(self) -> bytes:
        """The text exposition format."""
        return generate_latest(self.registry)
