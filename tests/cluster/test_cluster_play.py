"""Three nodes, one match: players and a spectator connected to different nodes play to the
end, and every client sees the same events in the same order."""

from __future__ import annotations

import asyncio

import httpx
from cluster_pieces import Cluster
from wsclient import PlayClient, play_to_the_end

from fivedice.rules import Match, event_from_dict


async def test_four_players_on_three_nodes_see_one_match(cluster: Cluster) -> None:
    n0, n1, n2 = cluster.nodes
    created = httpx.post(f"{n0.base_url}/api/tables", json={"host_name": "Ann", "seats": 4})
    assert created.status_code == 201, created.text
    table_id, tokens = created.json()["table_id"], [created.json()["token"]]
    for node, name in ((n1, "Bob"), (n2, "Cid"), (n1, "Dee")):
        joined = httpx.post(f"{node.base_url}/api/tables/{table_id}/seats", json={"name": name})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    # The lobby is the same on every node.
    await asyncio.sleep(0.5)
    for node in cluster.nodes:
        lobby = httpx.get(f"{node.base_url}/api/tables").json()
        line = next(t for t in lobby if t["id"] == table_id)
        assert line["players"] == ["Ann", "Bob", "Cid", "Dee"]

    homes = [n0, n1, n2, n2]
    players = [PlayClient(h.ws_url(table_id), t) for h, t in zip(homes, tokens, strict=True)]
    for player in players:
        await player.connect()
    watcher = await PlayClient(n1.ws_url(table_id), name="Watcher").connect()
    await players[0].until_table(lambda t: all(s["connected"] for s in t["seats"]))
    await players[3].until_table(lambda t: all(s["connected"] for s in t["seats"]))
    view = httpx.get(f"{n2.base_url}/api/tables/{table_id}").json()
    assert [s["connected"] for s in view["seats"]] == [True] * 4
    assert view["spectators"] == ["Watcher"]

    await players[0].intent("start")
    finals = await asyncio.gather(*(play_to_the_end(p) for p in players))
    await watcher.until_table(lambda t: t["phase"] == "finished", 30)
    assert all(f["phase"] == "finished" for f in finals)

    # Everyone saw the same events in the same order, and they are the stored log.
    seen = [[(e["seq"], e["type"]) for e in c.events] for c in [*players, watcher]]
    assert all(s == seen[0] for s in seen)
    stored = httpx.get(f"{n1.base_url}/api/matches/{table_id}").json()
    assert [(e["seq"], e["type"]) for e in stored["events"]] == seen[0]
    replayed = Match.replay([event_from_dict(e) for e in stored["events"]])
    assert [p.total for p in replayed.state.players] == [s["total"] for s in finals[0]["seats"]]
    results = stored["outcome"]["standings"]
    assert len(results) == 4
