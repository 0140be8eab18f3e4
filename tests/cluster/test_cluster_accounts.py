"""Accounts on three nodes sharing PostgreSQL and Redis: any node knows any session and token,
a seat taken on one node is resumed through another (the table's owner hands out the new
token), a program's seat shows as one everywhere, a deletion shows at once on every node, and
an account's failed sign-ins count on every node."""

from __future__ import annotations

import uuid

import httpx
import websockets
from accounts_client import Browser
from cluster_pieces import Cluster
from wsclient import PlayClient

PASSWORD = "three nodes, one account"


async def test_an_account_works_the_same_on_every_node(cluster: Cluster) -> None:
    n0, n1, n2 = cluster.nodes
    username = f"ann{uuid.uuid4().hex[:8]}"
    laptop = Browser(n0.base_url)
    laptop.guest()
    assert laptop.claim(username, PASSWORD).status_code == 200
    created = laptop.request("POST", "/api/tables", json={"host_name": "Ann", "seats": 2})
    assert created.status_code == 201, created.text
    table_id, old_token = created.json()["table_id"], created.json()["token"]

    # A program of another account joins through another node.
    bob = Browser(n1.base_url)
    bob.guest()
    token = bob.request("POST", "/api/account/tokens", json={"label": "bot"}).json()["token"]
    joined = httpx.post(
        f"{n2.base_url}/api/tables/{table_id}/seats",
        json={"name": "Robo"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert joined.status_code == 201, joined.text

    # Ann's phone signs in on a third node and resumes her seat there.
    phone = Browser(n2.base_url)
    assert phone.sign_in(username, PASSWORD).status_code == 200
    resumed = phone.request("POST", f"/api/tables/{table_id}/resume")
    assert resumed.status_code == 200, resumed.text
    assert resumed.json()["seat"] == 0
    player = await PlayClient(n1.ws_url(table_id), token=resumed.json()["token"]).connect()
    assert player.welcome is not None and player.welcome["seat"] == 0
    stale = PlayClient(n0.ws_url(table_id), token=old_token)
    stale.ws = await websockets.connect(n0.ws_url(table_id))
    await stale.send({"type": "hello", "token": old_token})
    refused = await stale.next(lambda m: m["type"] in ("error", "welcome"))
    assert refused["type"] == "error" and refused["code"] == "bad_token", refused
    await stale.close()
    view = httpx.get(f"{n0.base_url}/api/tables/{table_id}").json()
    assert view["seats"][0]["account"] == {"name": username, "kind": "person"}
    assert view["seats"][1]["program"] is True

    # Deleted on one node: every node shows a deleted player at once.
    assert laptop.request("DELETE", "/api/account").status_code == 204
    for node in cluster.nodes:
        seats = httpx.get(f"{node.base_url}/api/tables/{table_id}").json()["seats"]
        assert seats[0]["name"] == "deleted player"
    assert phone.request("GET", "/api/account").status_code == 401
    await player.close()
    for b in (laptop, bob, phone):
        b.close()


def test_failed_sign_ins_count_across_nodes(cluster: Cluster) -> None:
    n0, n1, n2 = cluster.nodes
    username = f"cid{uuid.uuid4().hex[:8]}"
    owner = Browser(n0.base_url)
    owner.guest()
    assert owner.claim(username, PASSWORD).status_code == 200
    for i in range(5):  # the default: 5 failures per account in 15 minutes
        node = (n0, n1, n2)[i % 3]
        assert Browser(node.base_url).sign_in(username, "guess").status_code == 401
    for node in cluster.nodes:
        refused = Browser(node.base_url).sign_in(username, PASSWORD)
        assert refused.status_code == 429 and "Retry-After" in refused.headers
    owner.close()
