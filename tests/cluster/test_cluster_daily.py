"""The daily challenge in a cluster: every node gives the same day the same dice, and a daily
table whose owner is killed mid-game is taken up by another node with the same day's dice
(its stored mark rebuilds them), so the game goes on with the faces everyone else gets."""

from __future__ import annotations

import time

import redis
from accounts_client import Browser
from cluster_pieces import LEASE_SECONDS, Cluster, RedisServer
from daily_client import faces_of, hold_left_pair, play_daily, start_daily
from server_process import DAILY_DAY
from wsclient import PlayClient, reconnect

from fivedice.rules.daily import DailyDice
from fivedice.store import Store


def owner_of(redis_url: str, table_id: str) -> str | None:
    """The node holding the table's lease."""
    value = redis.Redis.from_url(redis_url).get(f"fivedice:lease:{table_id}")
    return value.decode().split(" ")[0] if value else None


async def test_a_daily_table_survives_its_owner(
    cluster: Cluster, redis_server: RedisServer
) -> None:
    nodes = {f"n{i}": node for i, node in enumerate(cluster.nodes)}
    n0, n1 = cluster.nodes[0], cluster.nodes[1]
    ann, bob = Browser(n0.base_url), Browser(n1.base_url)
    ann.guest()
    bob.guest()
    a_seat, b_seat = start_daily(ann), start_daily(bob)  # through two nodes
    assert a_seat["day"] == b_seat["day"] == DAILY_DAY.isoformat()

    client = await PlayClient(n0.ws_url(a_seat["table_id"]), a_seat["token"]).connect()
    await play_daily(client, hold_left_pair, turns=3)
    owner = owner_of(redis_server.url, a_seat["table_id"])
    assert owner is not None
    nodes[owner].kill()
    killed = time.monotonic()
    survivor = next(n for name, n in nodes.items() if name != owner)
    client.url = survivor.ws_url(a_seat["table_id"])
    client.table = None
    await client.close()
    await reconnect(client, timeout=LEASE_SECONDS + 10)
    assert client.table is not None
    table = await play_daily(client, hold_left_pair)
    assert table["phase"] == "finished"
    assert time.monotonic() - killed < 60
    await client.close()

    other = await PlayClient(survivor.ws_url(b_seat["table_id"]), b_seat["token"]).connect()
    await play_daily(other, hold_left_pair)
    await other.close()

    store = Store(n0.database_url)
    try:
        rules = client.events[0]["rules"]["name"]
        dice = DailyDice(DAILY_DAY, rules, store.daily_secret(DAILY_DAY))
    finally:
        store.close()
    a_faces, b_faces = faces_of(client.events), faces_of(other.events)
    assert max(turn for turn, _, _ in a_faces) >= 13
    for key, face in {**a_faces, **b_faces}.items():
        assert dice.face(*key) == face, key
    ann.close()
    bob.close()
