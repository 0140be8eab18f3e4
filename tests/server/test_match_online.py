"""A four-player match from the lobby to the result, against a real server over real sockets;
the lobby's rules (host, seats, removal, start); and the stored result and log."""

from __future__ import annotations

import asyncio
import random

import httpx
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_turn, seat_of

from fivedice.rules import Match, event_from_dict


async def test_four_players_from_lobby_to_result(server: ServerProcess, api: httpx.Client) -> None:
    table = open_table(api, "Ann", "Bob", "Cid", name="Friday night", seats=4)
    table_id = table["id"]
    lobby = api.get("/api/tables", params={"phase": "waiting"}).json()
    line = next(t for t in lobby if t["id"] == table_id)
    assert line["players"] == ["Ann", "Bob", "Cid"] and line["seats"] == 4

    clients = [PlayClient(server.ws_url(table_id), token) for token in table["tokens"]]
    for client in clients:
        await client.connect()
    # The fourth player joins from the socket, and the host removes a fifth before the start.
    dee = await PlayClient(server.ws_url(table_id), name="Dee").connect()
    await dee.send({"type": "join", "name": "Dee", "id": "j1"})
    joined = await dee.next(lambda m: m["type"] == "joined")
    assert joined["id"] == "j1" and joined["seat"] == 3
    dee.token = joined["token"]
    full = api.post(f"/api/tables/{table_id}/seats", json={"name": "Eve"})
    assert full.status_code == 409 and full.json()["code"] == "table_full"
    await clients[1].intent("start")
    assert (await clients[1].error())["code"] == "not_host"
    await clients[0].intent("remove", seat=3)
    await clients[0].until_table(lambda t: len(t["seats"]) == 3)
    eve = api.post(f"/api/tables/{table_id}/seats", json={"name": "Eve"}).json()
    await dee.close()
    eve_client = PlayClient(server.ws_url(table_id), eve["token"])
    await eve_client.connect()
    clients.append(eve_client)
    names = ["Ann", "Bob", "Cid", "Eve"]
    await clients[0].until_table(lambda t: [s["name"] for s in t["seats"]] == names)
    await clients[0].until_table(lambda t: all(s["connected"] for s in t["seats"]))

    await clients[0].intent("start")
    started = await clients[0].until_table(lambda t: t["phase"] == "playing")
    assert started["order"] == [0, 1, 2, 4] and started["active_seat"] == 0
    late = api.post(f"/api/tables/{table_id}/seats", json={"name": "Late"})
    assert late.status_code == 409 and late.json()["code"] == "match_already_started"
    await clients[1].intent("roll")
    assert (await clients[1].error())["code"] == "not_your_turn"

    async def play(client: PlayClient) -> dict:
        while True:
            table_now = await client.until_table(
                lambda t: t["phase"] == "finished" or t["active_seat"] == seat_of(client), 30
            )
            if table_now["phase"] == "finished":
                return table_now
            await play_turn(client)

    finals = await asyncio.wait_for(asyncio.gather(*(play(c) for c in clients)), 120)
    outcome = finals[0]["outcome"]
    assert all(f["outcome"] == outcome for f in finals)
    assert {s["name"] for s in outcome["standings"]} == {"Ann", "Bob", "Cid", "Eve"}
    by_seat = {s["seat"]: s["total"] for s in finals[0]["seats"]}
    assert all(st["total"] == by_seat[st["seat"]] for st in outcome["standings"])
    assert all(c.errors == [] for c in clients[2:])

    await clients[0].intent("roll")
    assert (await clients[0].error())["code"] == "match_finished"

    # The stored log replays to the same scores, and every client saw every event in order.
    stored = api.get(f"/api/matches/{table_id}").json()
    assert stored["status"] == "finished" and stored["outcome"] == outcome
    # The replay draws its card from the same rows a table's welcome gives.
    assert [r["key"] for r in stored["card_rows"]][-1] == "grand_total"
    assert {r["key"] for r in stored["card_rows"] if not r["box"]} <= set(
        finals[0]["seats"][0]["cards"][0]
    )
    replayed = Match.replay([event_from_dict(e) for e in stored["events"]], random.Random(0))
    assert {p.seat: p.total for p in replayed.state.players} == by_seat
    for client in clients:
        seen = [e for e in client.events if e["seq"] > 0]
        assert seen == stored["events"][-len(seen) :]
    halfway = api.get(f"/api/matches/{table_id}/replay", params={"seq": 20}).json()
    assert halfway["seq"] == 20 and halfway["phase"] == "playing"

    high = api.get("/api/scores/official", params={"limit": 100}).json()
    assert {(h["name"], h["total"]) for h in high if h["match_id"] == table_id} == {
        (st["name"], st["total"]) for st in outcome["standings"]
    }
    history = api.get("/api/players/Eve/history").json()
    assert history[0]["match_id"] == table_id and history[0]["players"] == 4
    for client in clients:
        await client.close()


async def test_the_next_seat_becomes_host_when_the_host_leaves(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Ann", "Bob", seats=2, listed=False)
    assert table["id"] not in {t["id"] for t in api.get("/api/tables").json()}
    ann = await PlayClient(server.ws_url(table["id"]), table["tokens"][0]).connect()
    bob = await PlayClient(server.ws_url(table["id"]), table["tokens"][1]).connect()
    await ann.intent("leave")
    view = await bob.until_table(lambda t: len(t["seats"]) == 1)
    assert view["host"] == 1 and view["seats"][0]["host"]
    await ann.intent("start")
    assert (await ann.error())["code"] == "bad_token"
    await bob.intent("start")
    await bob.until_table(lambda t: t["phase"] == "playing" and t["active_seat"] == 1)
    await ann.close()
    await bob.close()


async def test_a_computer_seat_plays_its_own_turns(
    server: ServerProcess, api: httpx.Client
) -> None:
    created = api.post(
        "/api/tables",
        json={"host_name": "Ann", "seats": 2, "bots": [{"level": "beginner"}]},
    ).json()
    ann = await PlayClient(server.ws_url(created["table_id"]), created["token"]).connect()
    assert "beginner" in ann.welcome["bot_levels"]
    await ann.intent("start")
    await play_turn(ann)
    view = await ann.until_table(lambda t: t["active_seat"] == 0 and t["seq"] > 0, 30)
    bot_card = view["seats"][1]["cards"][0]["boxes"]
    assert len(bot_card) == 1 and view["seats"][1]["bot"] == "beginner"
    await ann.close()
