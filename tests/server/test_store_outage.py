"""The database goes away for a few seconds under a running server (PostgreSQL stopped, then
started again on the same port and data): REST answers 503 ``store_unavailable`` meanwhile,
and once it is back everything carries on by itself: a computer seat whose move could not be
stored moves, a clock that ran out during the outage fires."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
import websockets
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_turn

if TYPE_CHECKING:
    from conftest import PostgresCluster

OUTAGE = 5.0


@pytest.fixture
def pg_server(private_postgres: PostgresCluster, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server on a PostgreSQL the test may stop; computer players wait 1 s per move."""
    server = ServerProcess(
        private_postgres.new_database(), tmp_path / "server.log", FIVEDICE_BOT_DELAY="1.0"
    )
    server.start()
    try:
        yield server
    finally:
        server.kill()


def seq_of(api: httpx.Client, table_id: str) -> int:
    """A table's committed sequence number (from the server's memory: no database needed)."""
    return int(api.get(f"/api/tables/{table_id}").json()["seq"])


async def test_a_computer_turn_and_a_clock_ride_out_an_outage(
    pg_server: ServerProcess, private_postgres: PostgresCluster
) -> None:
    with httpx.Client(base_url=pg_server.base_url, timeout=10) as api:
        created = api.post(
            "/api/tables",
            json={"host_name": "Ann", "seats": 2, "bots": [{"level": "beginner"}]},
        )
        assert created.status_code == 201, created.text
        vs_bot = created.json()
        clocked = open_table(api, "Cid", "Dee", seats=2, clock_seconds=2, timeout_rule="forfeit")
    ann = await PlayClient(pg_server.ws_url(vs_bot["table_id"]), vs_bot["token"]).connect()
    cid = await PlayClient(pg_server.ws_url(clocked["id"]), clocked["tokens"][0]).connect()
    await ann.intent("start")
    await play_turn(ann)  # now the computer's turn: it waits its second before moving
    bot_turn_at = ann.seq
    await cid.intent("start")  # Cid's hand: 2 s on the clock, running out during the outage
    await cid.until_table(lambda t: t["phase"] == "playing")
    clock_seq = cid.seq

    private_postgres.pause()
    down_at = time.monotonic()
    try:
        with httpx.Client(base_url=pg_server.base_url, timeout=10) as api:
            while time.monotonic() - down_at < OUTAGE:
                await asyncio.sleep(0.5)
                assert seq_of(api, vs_bot["table_id"]) == bot_turn_at  # nothing stored
                assert seq_of(api, clocked["id"]) == clock_seq
    finally:
        private_postgres.resume()
    back_at = time.monotonic()

    # The computer's move and the clock's expiry land within a few seconds of the database's
    # return (the retries wait at most 2 s), without anyone doing anything.
    moved = await ann.next(lambda m: m["type"] == "update" and m["seq"] > bot_turn_at, 6)
    assert moved["events"][0]["seat"] == 1
    expired = await cid.until_table(lambda t: t["phase"] == "finished", 6)
    assert time.monotonic() - back_at < 6
    assert [e["type"] for e in cid.events[clock_seq:]][:1] == ["clock_expired"]
    assert expired["seats"][0]["status"] == "forfeited"
    # The computer plays on to the end of its turn, and Ann can play hers.
    await ann.until_table(lambda t: t["active_seat"] == 0, 15)
    await play_turn(ann)

    with httpx.Client(base_url=pg_server.base_url, timeout=10) as api:
        stored = api.get(f"/api/matches/{clocked['id']}").json()
        assert stored["status"] == "finished"
        assert stored["events"] == cid.events
        stored = api.get(f"/api/tables/{vs_bot['table_id']}/events").json()
        assert stored == ann.events
    log = pg_server.log()  # both were tried, and failed, during the outage
    assert "computer move not stored; retrying" in log
    assert "clock expiry not stored; retrying" in log
    await ann.close()
    await cid.close()


async def test_rest_answers_503_while_the_database_is_down(
    pg_server: ServerProcess, private_postgres: PostgresCluster
) -> None:
    with httpx.Client(base_url=pg_server.base_url, timeout=10) as api:
        table = open_table(api, "Ann", seats=2)
        private_postgres.pause()
        try:
            answers = [
                api.get("/api/matches"),
                api.get("/api/scores/official"),
                api.post("/api/tables", json={"host_name": "Bob"}),
                api.get(f"/api/matches/{table['id']}"),
                api.post(f"/api/tables/{table['id']}/seats", json={"name": "Cid"}),
            ]
            for answer in answers:
                assert answer.status_code == 503, (answer.request.url, answer.text)
                assert answer.headers["content-type"] == "application/json"
            assert {a.json()["code"] for a in answers[:4]} == {"store_unavailable"}
            assert answers[4].json()["code"] == "store_failed"  # a move (the seat) not stored
            assert all(a.json()["message"] for a in answers)
            assert api.get("/healthz").status_code == 200
            # The play socket: a table the server must load from the database is refused with
            # the same code, and the socket closed (1013: try again later).
            async with websockets.connect(pg_server.ws_url("0" * 32)) as ws:
                refused = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert refused["code"] == "store_unavailable"
                await asyncio.wait_for(ws.wait_closed(), 10)
                assert ws.close_code == 1013
        finally:
            private_postgres.resume()

        assert api.get("/api/matches", params={"status": "waiting"}).status_code == 200
        assert api.get("/api/scores/official").status_code == 200
        assert api.post("/api/tables", json={"host_name": "Bob"}).status_code == 201
        joined = api.post(f"/api/tables/{table['id']}/seats", json={"name": "Cid"})
        assert joined.status_code == 201, joined.text
        assert "Traceback" not in pg_server.log()
