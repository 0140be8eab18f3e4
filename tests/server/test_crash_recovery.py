"""SIGKILL the server mid-match, start it again: every acknowledged move is there, clients
reconnect by themselves with their tokens and play on; SIGTERM shuts down gracefully."""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

import httpx
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_to_the_end

from fivedice.rules import Match, event_from_dict


async def test_sigkill_mid_match_loses_nothing(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'fivedice.db'}", tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            table = open_table(api, "Ann", "Bob", "Cid", "Dee", seats=4)
            clocked = open_table(api, "Eve", "Fay", seats=2, clock_seconds=120)
        clients = [PlayClient(server.ws_url(table["id"]), t) for t in table["tokens"]]
        for client in clients:
            await client.connect()
        eve = await PlayClient(server.ws_url(clocked["id"]), clocked["tokens"][0]).connect()
        await eve.intent("start")
        await eve.until_table(lambda t: t["phase"] == "playing")
        await eve.close()
        await clients[0].intent("start")
        players = [asyncio.create_task(play_to_the_end(c, resilient=True)) for c in clients]

        # Kill it while all four are busy playing, somewhere in the second round of turns.
        kill_at = 30 + random.randrange(20)
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            while api.get(f"/api/tables/{table['id']}").json()["seq"] < kill_at:
                await asyncio.sleep(0.02)
        server.kill()
        acknowledged = [list(c.events) for c in clients]
        await asyncio.sleep(0.3)
        await asyncio.to_thread(server.start)

        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            stored = api.get(f"/api/tables/{table['id']}/events").json()
            for seen in acknowledged:  # every move anyone was told of is stored, unchanged
                assert stored[: len(seen)] == seen
            resumed = api.get(f"/api/tables/{clocked['id']}").json()
            assert resumed["phase"] == "playing" and resumed["seats"][0]["status"] == "playing"
            assert resumed["clock"]["deadline"] is not None

            finals = await asyncio.wait_for(asyncio.gather(*players), 120)
            assert all(f["outcome"] == finals[0]["outcome"] for f in finals)
            log = api.get(f"/api/matches/{table['id']}").json()
        assert log["status"] == "finished"
        replayed = Match.replay([event_from_dict(e) for e in log["events"]], random.Random(0))
        assert {p.seat: p.total for p in replayed.state.players} == {
            s["seat"]: s["total"] for s in finals[0]["seats"]
        }
        for client in clients:
            assert client.connections == 2  # each lost its socket and came back by itself
            assert client.events == log["events"]
            await client.close()
    finally:
        server.kill()


async def test_sigterm_closes_sockets_and_stops_cleanly(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'fivedice.db'}", tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            table = open_table(api, "Ann", seats=1)
        ann = await PlayClient(server.ws_url(table["id"]), table["tokens"][0]).connect()
        code = await asyncio.to_thread(server.stop)
        assert code in (0, -signal.SIGTERM)
        assert "server stopped" in server.log()
        await asyncio.wait_for(ann.ws.wait_closed(), 5)
        assert ann.ws.close_code in (1001, 1012)
    finally:
        server.kill()
