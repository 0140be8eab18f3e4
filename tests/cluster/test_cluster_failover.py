"""A node's death survived: the owner of a table is killed (SIGKILL) mid-turn; another node
takes the table within the lease time plus two seconds, its clients reconnect and finish, no
acknowledged event is lost or doubled, and the clock and the computer player act once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import redis
from cluster_pieces import LEASE_SECONDS, Cluster, RedisServer, named_node
from server_process import ServerProcess
from wsclient import PlayClient, play_to_the_end, reconnect

from fivedice.rules import Match, event_from_dict


def owner_of(redis_url: str, table_id: str) -> str | None:
    """The node holding the table's lease."""
    value = redis.Redis.from_url(redis_url).get(f"fivedice:lease:{table_id}")
    return value.decode().split(" ")[0] if value else None


async def test_owner_killed_mid_turn(cluster: Cluster, redis_server: RedisServer) -> None:
    nodes = {f"n{i}": node for i, node in enumerate(cluster.nodes)}
    n0 = cluster.nodes[0]
    created = httpx.post(
        f"{n0.base_url}/api/tables",
        json={
            "host_name": "Ann",
            "seats": 3,
            "clock_seconds": 4,
            "timeout_rule": "scratch",
            "bots": [{"level": "beginner", "name": "Robo"}],
        },
    ).json()
    table_id = created["table_id"]
    bob = httpx.post(f"{n0.base_url}/api/tables/{table_id}/seats", json={"name": "Bob"}).json()
    owner = owner_of(redis_server.url, table_id)
    assert owner is not None
    others = [n for name, n in nodes.items() if name != owner]
    # Ann and Bob are connected to the two nodes that survive: their sockets are relayed.
    ann = await PlayClient(others[0].ws_url(table_id), created["token"]).connect()
    bob_client = await PlayClient(others[1].ws_url(table_id), bob["token"]).connect()
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing" and t["active_seat"] == 0)
    await ann.intent("roll")
    await ann.until_table(lambda t: t["dice"] is not None)
    acknowledged = [(e["seq"], e["type"]) for e in ann.events]

    nodes[owner].kill()
    killed = time.monotonic()
    # The relaying nodes close the sockets once the owner is gone; the clients reconnect.
    for client in (ann, bob_client):
        try:
            while True:
                await client.receive(timeout=LEASE_SECONDS + 5)
        except Exception:
            pass
        client.table = None
        await reconnect(client, timeout=LEASE_SECONDS + 10)
    await ann.intent("roll", hold=[0])
    table = await ann.until_table(lambda t: t["rolls_left"] == 1, timeout=LEASE_SECONDS + 5)
    taken_over = time.monotonic() - killed
    assert taken_over <= LEASE_SECONDS + 2, taken_over
    new_owner = owner_of(redis_server.url, table_id)
    assert new_owner not in (None, owner)
    assert table["dice"] is not None

    # Ann lets her clock run out on the new owner: one scratch, then Bob and Robo play.
    await ann.until_table(lambda t: t["active_seat"] != 0, timeout=10)
    finals = await asyncio.gather(
        play_to_the_end(ann, resilient=True), play_to_the_end(bob_client, resilient=True)
    )
    assert all(f["phase"] == "finished" for f in finals)

    survivor: ServerProcess = nodes[new_owner or ""]
    stored = httpx.get(f"{survivor.base_url}/api/matches/{table_id}").json()
    log = [(e["seq"], e["type"]) for e in stored["events"]]
    assert [seq for seq, _ in log] == list(range(1, len(log) + 1))
    assert log[: len(acknowledged)] == acknowledged  # nothing acknowledged was lost
    assert [(e["seq"], e["type"]) for e in ann.events] == log  # nor doubled, as Ann saw it
    expired = [e for e in stored["events"] if e["type"] == "clock_expired"]
    assert len(expired) == 1 and expired[0]["seat"] == 0
    replayed = Match.replay([event_from_dict(e) for e in stored["events"]])
    robo = replayed.state.player(1)
    assert robo.bot == "beginner" and len(robo.cards[0].boxes) == 13  # one move per turn
    assert len(stored["outcome"]["standings"]) == 3


async def test_an_owner_that_loses_its_lease_gives_the_table_up(
    cluster: Cluster, redis_server: RedisServer
) -> None:
    n0 = cluster.nodes[0]
    created = httpx.post(f"{n0.base_url}/api/tables", json={"host_name": "Ann", "seats": 1})
    table_id = created.json()["table_id"]
    ann = await PlayClient(n0.ws_url(table_id), created.json()["token"]).connect()
    assert owner_of(redis_server.url, table_id) == "n0"
    await ann.intent("start")
    await ann.intent("roll")
    await ann.until_table(lambda t: t["dice"] is not None)
    # Another node (a ghost that is not alive) holds the lease now, for one second.
    redis.Redis.from_url(redis_server.url).set(f"fivedice:lease:{table_id}", "ghost 1", px=1000)
    try:
        while True:  # n0 notices at its next renewal and closes the socket (1012)
            await ann.receive(timeout=LEASE_SECONDS + 2)
    except Exception:
        pass
    assert '"lease lost"' in n0.log()
    ann.table = None
    await reconnect(ann, timeout=LEASE_SECONDS + 5)  # taken again once the ghost's lease ends
    final = await play_to_the_end(ann, resilient=True)
    assert final["phase"] == "finished"
    assert [e["seq"] for e in ann.events] == list(range(1, len(ann.events) + 1))


async def test_a_node_started_again_under_its_name_resumes_its_tables_at_once(
    tmp_path: Path, postgresql_url: str, redis_server: RedisServer
) -> None:
    """A crashed node started again (same name) takes its old leases at once: its tables do not
    wait for them to run out (30 s here)."""
    node = named_node(postgresql_url, redis_server.url, tmp_path / "n0.log")
    node.start()
    try:
        created = httpx.post(
            f"{node.base_url}/api/tables", json={"host_name": "Ann", "seats": 1}
        ).json()
        table_id = created["table_id"]
        ann = await PlayClient(node.ws_url(table_id), created["token"]).connect()
        await ann.intent("start")
        await ann.intent("roll")
        await ann.until_table(lambda t: t["dice"] is not None)
        before = redis.Redis.from_url(redis_server.url).get(f"fivedice:lease:{table_id}")
        node.kill()
        node.start()
        again = time.monotonic()
        ann.table = None
        await reconnect(ann, timeout=10)
        await ann.intent("roll", hold=[0])
        await ann.until_table(lambda t: t["rolls_left"] == 1, timeout=10)
        assert time.monotonic() - again < 10  # not the 30 s of the old lease
        after = redis.Redis.from_url(redis_server.url).get(f"fivedice:lease:{table_id}")
        assert after is not None and before is not None and after != before
        assert after.decode().startswith("n0 ")
        assert [e["seq"] for e in ann.events] == list(range(1, len(ann.events) + 1))
    finally:
        node.stop()


async def test_a_killed_owner_is_noticed_long_before_its_lease_runs_out(
    tmp_path: Path, postgresql_url: str, redis_server: RedisServer
) -> None:
    """A killed node's inbox goes silent with its connections: the other node marks it gone
    and takes its table in a second or two, not the 30 s its lease would last."""
    nodes = [
        named_node(postgresql_url, redis_server.url, tmp_path / f"n{i}.log", f"n{i}")
        for i in range(2)
    ]
    for node in nodes:
        node.start()
    n0, n1 = nodes
    try:
        created = httpx.post(f"{n0.base_url}/api/tables", json={"host_name": "Ann", "seats": 1})
        table_id = created.json()["table_id"]
        httpx.get(f"{n0.base_url}/api/tables/{table_id}").raise_for_status()  # n0 takes it
        assert owner_of(redis_server.url, table_id) == "n0"
        ann = await PlayClient(n1.ws_url(table_id), created.json()["token"]).connect()
        await ann.intent("start")
        await ann.intent("roll")
        await ann.until_table(lambda t: t["dice"] is not None)
        n0.kill()
        killed = time.monotonic()
        try:  # n1 closes the relayed socket once it sees n0 gone
            while True:
                await ann.receive(timeout=10)
        except Exception:
            pass
        ann.table = None
        await reconnect(ann, timeout=10)
        await ann.intent("roll", hold=[0])
        await ann.until_table(lambda t: t["rolls_left"] == 1, timeout=10)
        assert time.monotonic() - killed < 5  # far inside the 30 s lease
        assert owner_of(redis_server.url, table_id) == "n1"
        assert '"node gone"' in n1.log()
        assert [e["seq"] for e in ann.events] == list(range(1, len(ann.events) + 1))
    finally:
        for node in nodes:
            node.stop()
