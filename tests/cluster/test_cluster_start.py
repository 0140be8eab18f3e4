"""Two nodes started at the same moment on the same unfinished tables: each table gets exactly
one owner, the log never forks, and each result is recorded once."""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx
from cluster_pieces import LEASE_SECONDS, Cluster, RedisServer

from fivedice.rules import Match, MatchOptions, Phase
from fivedice.store import Store
from fivedice.store.online import create_online_match

FINISHED_UNRECORDED = 12
MID_MATCH = 12


def played(seed: int, to_the_end: bool) -> Match:
    """A two-player match with a computer seat, played by a seeded hand (all of it, or five
    turns), as a node that crashed would have left it in the log."""
    match = Match.create("official", MatchOptions(seats=2, rounds=1), random.Random(seed))
    match.join("Ann")
    match.join("Robo", bot="beginner")
    match.start(0)
    turns = 26 if to_the_end else 5
    for _ in range(turns):
        seat = match.state.active_seat
        assert seat is not None
        match.roll(seat)
        match.score(seat, match.state.score_options()[0].category)
    return match


async def test_two_nodes_start_together(
    tmp_path: Path, postgresql_url: str, redis_server: RedisServer
) -> None:
    store = Store(postgresql_url)
    ids: dict[str, bool] = {}
    for i in range(FINISHED_UNRECORDED + MID_MATCH):
        finished = i < FINISHED_UNRECORDED
        match = played(i, finished)
        table_id = f"t{i:03d}"
        create_online_match(
            store, table_id, match.events, preset="official", label=None, meta={"listed": True}
        )
        store.set_status(table_id, "playing")  # the crash came before the result was stored
        assert (match.state.phase is Phase.FINISHED) is finished
        ids[table_id] = finished

    cluster = Cluster(tmp_path, postgresql_url, redis_server.url, nodes=2)
    started = [node.start_async() for node in cluster.nodes]
    try:
        for node in started:
            node.wait_ready()
        deadline = time.monotonic() + 3 * LEASE_SECONDS + 10
        while time.monotonic() < deadline:
            held = sum(httpx.get(f"{n.base_url}/healthz").json()["tables"] for n in cluster.nodes)
            if held == len(ids):
                break
            time.sleep(0.2)
        logs = [n.log() for n in cluster.nodes]
        for table_id in ids:
            takers = sum(log.count(f'"table taken", "table": "{table_id}"') for log in logs)
            assert takers == 1, (table_id, takers)
        assert not any("log extended elsewhere" in log for log in logs)
        # Each result recorded once; the computer seats of unfinished matches play on.
        for table_id, finished in ids.items():
            if finished:
                summary = httpx.get(f"{cluster.nodes[0].base_url}/api/matches/{table_id}").json()
                assert summary["status"] == "finished"
                assert len(summary["outcome"]["standings"]) == 2
        with store.engine.connect() as conn:
            from sqlalchemy import text

            rows = conn.execute(
                text("SELECT match_id, count(*) FROM results GROUP BY match_id")
            ).all()
        assert dict(rows) == {t: 2 for t, finished in ids.items() if finished}
        events = [store.load_events(t) for t in ids]
        assert all(len(e) > 0 for e in events)
    finally:
        cluster.stop()
        store.close()
