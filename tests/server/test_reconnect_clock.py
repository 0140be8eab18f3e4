"""A seat token brings a player back mid-turn with everything missed; the clock runs out with
nobody connected and the table's timeout rule applies."""

from __future__ import annotations

import asyncio
import time

import httpx
import websockets
from server_process import ServerProcess
from wsclient import PlayClient, best_option, open_table


async def test_reconnect_with_the_token_mid_turn(server: ServerProcess, api: httpx.Client) -> None:
    table = open_table(api, "Ann", "Bob", seats=2)
    url = server.ws_url(table["id"])
    ann = await PlayClient(url, table["tokens"][0]).connect()
    bob = await PlayClient(url, table["tokens"][1]).connect()
    await ann.intent("start")
    await ann.intent("roll")
    rolled = await ann.until_table(lambda t: t["dice"] is not None)
    await ann.close()
    await bob.until_table(lambda t: not t["seats"][0]["connected"])
    await bob.intent("chat", text="still there?")
    await bob.until_table(lambda t: len(t["chat"]) == 1)
    # Nobody plays for Ann while she is away: she has not left.
    assert bob.table["active_seat"] == 0 and bob.table["seats"][0]["status"] == "playing"

    seen = ann.seq
    back = PlayClient(url, table["tokens"][0])
    back.events = list(ann.events)
    await back.connect(last_seq=seen)
    assert back.welcome["seat"] == 0 and back.welcome["role"] == "player"
    missed = back.events[len(ann.events) :]
    assert [e["type"] for e in missed] == ["chat"] and missed[0]["seq"] == seen + 1
    assert back.table["dice"] == rolled["dice"] and back.table["rolls_left"] == 2
    await bob.until_table(lambda t: t["seats"][0]["connected"])

    await back.intent("roll", hold=[0, 1, 2])
    table_now = await back.until_table(lambda t: t["rolls_left"] == 1)
    assert table_now["dice"][:3] == rolled["dice"][:3]
    await back.intent("score", category=best_option(table_now))
    await bob.until_table(lambda t: t["active_seat"] == 1)
    await back.close()
    await bob.close()


async def test_a_wrong_or_missing_token_changes_nothing(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Ann", seats=1)
    ann = await PlayClient(server.ws_url(table["id"]), table["tokens"][0]).connect()
    await ann.send({"type": "start"})
    assert (await ann.error())["code"] == "missing_token"
    await ann.send({"type": "start", "token": "not-a-token"})
    assert (await ann.error())["code"] == "bad_token"
    async with websockets.connect(server.ws_url(table["id"])) as ws:
        await ws.send('{"type": "hello", "token": "forged-token-0123456789"}')
        assert '"bad_token"' in await ws.recv()
    assert api.get(f"/api/tables/{table['id']}").json()["seq"] == ann.seq
    await ann.close()


async def test_the_clock_runs_out_with_nobody_connected(
    server: ServerProcess, api: httpx.Client
) -> None:
    forfeit = open_table(api, "Ann", "Bob", seats=2, clock_seconds=0.6, timeout_rule="forfeit")
    scratch = open_table(api, "Cid", seats=1, clock_seconds=0.6, timeout_rule="scratch")
    for table in (forfeit, scratch):
        host = await PlayClient(server.ws_url(table["id"]), table["tokens"][0]).connect()
        await host.intent("start")
        view = await host.until_table(lambda t: t["phase"] == "playing")
        assert view["clock"]["seconds_per_hand"] == 0.6 and view["clock"]["seat"] == 0
        assert view["clock"]["deadline"] > time.time() - 1
        await host.close()
    await asyncio.sleep(1.5)

    # Forfeit (seed 004): Ann loses and is skipped, which leaves Bob alone: he wins.
    view = api.get(f"/api/tables/{forfeit['id']}").json()
    assert view["seats"][0]["status"] == "forfeited"
    assert view["phase"] == "finished" and view["outcome"]["winners"] == [1]
    # Scratch: a 0 in the lowest-value open box, and the next hand's clock starts.
    events = api.get(f"/api/tables/{scratch['id']}/events").json()
    expired = [e for e in events if e["type"] == "clock_expired"]
    scratched = [e for e in events if e["type"] == "scored"]
    assert expired and all(e["scratch"] and e["points"] == 0 for e in scratched)
    assert scratched[0]["category"] == "ones"
    cid = await PlayClient(server.ws_url(scratch["id"]), scratch["tokens"][0]).connect()
    await cid.intent("leave")
    await cid.until_table(lambda t: t["phase"] == "finished")
    await cid.close()
