"""The limits a public server needs, against a real server over real sockets: table creation
per address (429 with Retry-After after the burst, nothing kept), play sockets per address
(4429 beyond the limit), and presence changes coalesced (a flood of spectators costs a seated
client a few updates a second, not one per spectator)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import httpx
import pytest
import websockets
from server_process import ServerProcess
from wsclient import PlayClient, open_table

SOCKETS_PER_ADDRESS = 5


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str]]:
    """A server with the default creation budget and a small socket limit, and a table on it
    (the first of the address's burst of 10)."""
    root = tmp_path_factory.mktemp("limited")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_TABLE_BURST="",  # the defaults: a burst of 10, then 4 a minute
        FIVEDICE_TABLES_PER_MINUTE="",
        FIVEDICE_SOCKETS_PER_ADDRESS=str(SOCKETS_PER_ADDRESS),
    )
    process.start()
    created = httpx.post(f"{process.base_url}/api/tables", json={"host_name": "Ann"}, timeout=10)
    assert created.status_code == 201, created.text
    yield process, created.json()["table_id"]
    process.stop()


def test_creation_flood_is_refused_after_the_burst_and_keeps_nothing(
    limited: tuple[ServerProcess, str],
) -> None:
    server, _ = limited
    with httpx.Client(base_url=server.base_url, timeout=10.0) as api:
        before = len(api.get("/api/tables").json())
        answers = [
            api.post("/api/tables", json={"host_name": f"Flood {i}", "name": f"flood {i}"})
            for i in range(200)
        ]
        created = [a for a in answers if a.status_code == 201]
        refused = [a for a in answers if a.status_code == 429]
        assert len(created) + len(refused) == len(answers)
        assert 9 <= len(created) <= 11  # the burst less the fixture's (and what refilled)
        assert answers[0].status_code == 201
        body = refused[0].json()
        assert body["code"] == "rate_limited" and body["message"]
        assert set(body) == {"code", "params", "message"}
        assert body["params"]["reason"] == "tables" and body["params"]["seconds"] >= 1
        assert 1 <= int(refused[0].headers["Retry-After"]) <= 60
        after = api.get("/api/tables").json()
        assert len(after) == before + len(created)
        ids = {t["id"] for t in after}
        assert all(c.json()["table_id"] in ids for c in created)
        metrics = api.get("/metrics").text
        assert 'fivedice_tables{phase="waiting"} ' + f"{before + len(created)}.0" in metrics


def test_forwarded_for_is_ignored_without_trusted_proxies(
    limited: tuple[ServerProcess, str],
) -> None:
    """A client cannot buy a fresh budget by writing X-Forwarded-For itself."""
    server, _ = limited
    with httpx.Client(base_url=server.base_url, timeout=10.0) as api:
        answers = [
            api.post(
                "/api/tables",
                json={"listed": False},
                headers={"X-Forwarded-For": f"203.0.113.{i}"},
            ).status_code
            for i in range(20)
        ]
    assert answers.count(429) >= 8


async def _open_sockets(url: str, n: int) -> list[websockets.ClientConnection]:
    return list(await asyncio.gather(*(websockets.connect(url) for _ in range(n))))


def test_sockets_per_address_beyond_the_limit_are_closed_with_4429(
    limited: tuple[ServerProcess, str],
) -> None:
    server, table_id = limited
    url = server.ws_url(table_id)

    async def scenario() -> None:
        sockets = await _open_sockets(url, SOCKETS_PER_ADDRESS)
        try:
            for ws in sockets:  # each is served: hello is answered
                await ws.send('{"type": "hello"}')
                assert '"welcome"' in await asyncio.wait_for(ws.recv(), 10)
            extra = await websockets.connect(url)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(extra.recv(), 10)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 4429
            assert "too many" in closed.value.rcvd.reason
            # One closes: a new one is let in.
            await sockets.pop().close()
            await asyncio.sleep(0.2)
            again = await websockets.connect(url)
            await again.send('{"type": "hello"}')
            assert '"welcome"' in await asyncio.wait_for(again.recv(), 10)
            sockets.append(again)
        finally:
            await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)

    asyncio.run(scenario())


SPECTATORS = 400


def test_a_spectator_flood_costs_a_seated_client_a_bounded_number_of_updates(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Seated", "Other")

    async def scenario() -> None:
        seated = await PlayClient(server.ws_url(table["id"]), token=table["tokens"][0]).connect()
        seated.messages.clear()
        url = server.ws_url(table["id"])
        started = time.monotonic()
        watchers = await asyncio.gather(
            *(PlayClient(url, name=f"W{i}").connect() for i in range(SPECTATORS))
        )
        await seated.until_table(lambda t: t["spectator_count"] == SPECTATORS, timeout=30)
        await asyncio.gather(*(w.close() for w in watchers))
        await seated.until_table(lambda t: t["spectator_count"] == 0, timeout=30)
        elapsed = time.monotonic() - started
        await asyncio.sleep(1.0)  # anything still pending arrives
        while True:
            try:
                await seated.receive(timeout=0.2)
            except TimeoutError:
                break
        updates = [m for m in seated.messages if m["type"] == "update"]
        # At most one presence update per half second (plus the first of each burst): today
        # this was one per connect and one per close, 2 x SPECTATORS.
        assert len(updates) <= 2 * (elapsed + 1.5) + 4, (len(updates), elapsed)
        assert len(updates) < SPECTATORS / 4
        last = updates[-1]["table"]
        assert last["spectators"] == [] and last["spectator_count"] == 0
        assert all(len(u["table"]["spectators"]) <= 20 for u in updates)
        await seated.close()

    asyncio.run(scenario())
