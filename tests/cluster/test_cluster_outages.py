"""Outages of the services between the nodes: Redis restarted mid-match (play pauses and goes
on, nothing lost), and PostgreSQL stopped on a computer player's turn (it moves once the
database is back)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
from cluster_pieces import Cluster, RedisServer
from test_cluster_failover import owner_of
from wsclient import PlayClient, play_to_the_end

from fivedice.rules import Match, event_from_dict


async def test_redis_restarted_mid_match(cluster: Cluster, redis_server: RedisServer) -> None:
    n0 = cluster.nodes[0]
    created = httpx.post(f"{n0.base_url}/api/tables", json={"host_name": "Ann", "seats": 2})
    table_id = created.json()["table_id"]
    bob = httpx.post(f"{n0.base_url}/api/tables/{table_id}/seats", json={"name": "Bob"}).json()
    owner = owner_of(redis_server.url, table_id)
    others = [n for i, n in enumerate(cluster.nodes) if f"n{i}" != owner]
    ann = await PlayClient(others[0].ws_url(table_id), created.json()["token"]).connect()
    bob_client = await PlayClient(others[1].ws_url(table_id), bob["token"]).connect()
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing")

    async def restart_redis() -> None:
        while len(ann.events) < 16:  # a few turns in (the play loops read the sockets)
            await asyncio.sleep(0.005)
        redis_server.stop()
        await asyncio.sleep(1.5)
        redis_server.start()

    finals = await asyncio.gather(
        play_to_the_end(ann, resilient=True),
        play_to_the_end(bob_client, resilient=True),
        restart_redis(),
    )
    assert finals[0]["phase"] == finals[1]["phase"] == "finished"
    assert ann.connections >= 2  # the restart did cut the relayed sockets
    stored = httpx.get(f"{n0.base_url}/api/matches/{table_id}").json()
    log = [(e["seq"], e["type"]) for e in stored["events"]]
    assert [(e["seq"], e["type"]) for e in ann.events] == log
    assert [(e["seq"], e["type"]) for e in bob_client.events] == log
    replayed = Match.replay([event_from_dict(e) for e in stored["events"]])
    assert all(len(p.cards[0].boxes) == 13 for p in replayed.state.players)
    # The lobby is written again after Redis came back empty.
    await asyncio.sleep(0.5)


async def test_postgres_stopped_on_a_computer_turn_and_a_clock_deadline(
    tmp_path: Path, private_postgres: Any, redis_server: RedisServer
) -> None:
    cluster = Cluster(
        tmp_path, private_postgres.new_database(), redis_server.url, nodes=2,
        FIVEDICE_BOT_DELAY="1.0",
    )  # fmt: skip
    cluster.start()
    try:
        n0 = cluster.nodes[0]
        created = httpx.post(
            f"{n0.base_url}/api/tables",
            json={
                "host_name": "Ann", "seats": 2, "clock_seconds": 3, "timeout_rule": "scratch",
                "bots": [{"level": "beginner", "name": "Robo"}],
            },
        ).json()  # fmt: skip
        table_id = created["table_id"]
        ann = await PlayClient(cluster.nodes[1].ws_url(table_id), created["token"]).connect()
        await ann.intent("start")
        await ann.until_table(lambda t: t["active_seat"] == 0 and t["phase"] == "playing")
        await ann.intent("roll")
        await ann.until_table(lambda t: t["dice"] is not None)
        await ann.intent("score", category="chance")
        await ann.until_table(lambda t: t["active_seat"] == 1)
        # Robo's turn: the database goes away before the computer's first move.
        private_postgres.pause()
        await asyncio.sleep(5)
        private_postgres.resume()
        back = time.monotonic()
        table = await ann.until_table(lambda t: t["active_seat"] == 0, timeout=15)
        assert time.monotonic() - back < 6
        assert len(table["seats"][1]["cards"][0]["boxes"]) == 1  # it scored once
        # Ann's hand: the database goes away and her 3 s run out meanwhile.
        private_postgres.pause()
        await asyncio.sleep(5)
        private_postgres.resume()
        back = time.monotonic()
        await ann.until_table(lambda t: t["active_seat"] == 1, timeout=15)
        assert time.monotonic() - back < 6
        # Robo's hand ran out of time during the first outage too: its clock or its move acted
        # (one box either way); Ann's clock acted exactly once.
        expired = [e["seat"] for e in ann.events if e["type"] == "clock_expired"]
        assert expired.count(0) == 1 and expired.count(1) <= 1
        stored = httpx.get(f"{n0.base_url}/api/tables/{table_id}/events").json()
        assert [e["seq"] for e in stored] == [e["seq"] for e in ann.events]
    finally:
        cluster.stop()
