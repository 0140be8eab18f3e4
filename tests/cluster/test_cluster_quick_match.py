"""Quick match on three nodes: two players queue through two different nodes, are seated at
one table, poll their answer through a third node, and meet at the table over sockets held
by different nodes."""

from __future__ import annotations

import time
from typing import Any

import httpx
from accounts_client import Browser
from cluster_pieces import Cluster
from wsclient import PlayClient


def poll_seated(b: Browser, ticket: str, timeout: float = 15.0) -> dict[str, Any]:
    """Poll until the ticket is seated."""
    deadline = time.monotonic() + timeout
    while True:
        answer = b.request("GET", f"/api/quick-match/{ticket}")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["state"] == "seated":
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.25)


async def test_two_players_queued_on_two_nodes_meet_at_one_table(cluster: Cluster) -> None:
    n0, n1, n2 = cluster.nodes
    ann, bob = Browser(n0.base_url), Browser(n1.base_url)
    ann.guest()
    bob.guest()
    a = ann.request("POST", "/api/quick-match", json={"preset": "yatzy", "seats": 2})
    assert a.status_code == 201, a.text
    # Ann asks again through another node: the same ticket (one per account, cluster-wide).
    ann_elsewhere = Browser(n2.base_url)
    ann_elsewhere.secret, ann_elsewhere.csrf = ann.secret, ann.csrf
    again = ann_elsewhere.request("POST", "/api/quick-match", json={"preset": "yacht"})
    assert again.status_code == 200 and again.json()["ticket"] == a.json()["ticket"]
    b = bob.request("POST", "/api/quick-match", json={"preset": "yatzy", "seats": 2})
    assert b.status_code == 201, b.text

    seated_a = poll_seated(ann_elsewhere, a.json()["ticket"])  # the answer through any node
    seated_b = poll_seated(bob, b.json()["ticket"])
    assert seated_a["table_id"] == seated_b["table_id"]
    table_id = seated_a["table_id"]
    # Bob cannot read Ann's ticket through any node.
    for node in cluster.nodes:
        peek = Browser(node.base_url)
        peek.secret, peek.csrf = bob.secret, bob.csrf
        assert peek.request("GET", f"/api/quick-match/{a.json()['ticket']}").status_code == 404

    players = [
        await PlayClient(n0.ws_url(table_id), seated_a["token"]).connect(),
        await PlayClient(n2.ws_url(table_id), seated_b["token"]).connect(),
    ]
    table = await players[0].until_table(lambda t: all(s["connected"] for s in t["seats"]))
    assert table["options"]["rated"] is True and table["phase"] == "playing"
    names = sorted(s["name"] for s in table["seats"])
    assert names == sorted([ann.account["name"], bob.account["name"]])  # type: ignore[index]
    view = httpx.get(f"{n1.base_url}/api/tables/{table_id}").json()
    assert all(s["account"] is not None for s in view["seats"])
    for player in players:
        await player.close()
