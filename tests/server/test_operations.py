"""REST and operations: health, metrics, the OpenAPI page, presets, refusals with status codes;
and a server on a real PostgreSQL (the tests' own throwaway cluster)."""

from __future__ import annotations

from pathlib import Path

import httpx
import websockets
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_to_the_end

from fivedice.store import Store


def test_health_metrics_and_docs(server: ServerProcess, api: httpx.Client) -> None:
    assert api.get("/healthz").json()["status"] == "ok"
    open_table(api, "Ann")
    metrics = api.get("/metrics").text
    for name in ("fivedice_tables", "fivedice_connections", "fivedice_moves_total",
                 "fivedice_errors_total", "fivedice_commit_seconds",
                 "fivedice_event_loop_lag_seconds"):  # fmt: skip
        assert name in metrics
    assert api.get("/docs").status_code == 200
    paths = api.get("/openapi.json").json()["paths"]
    assert {"/api/tables", "/api/tables/{table_id}/seats", "/api/scores/{preset_name}"} <= set(
        paths
    )
    presets = {p["name"] for p in api.get("/api/presets").json()}
    assert {"official", "yatzy", "yacht"} <= presets


def test_refusals_have_codes_and_statuses(server: ServerProcess, api: httpx.Client) -> None:
    assert api.get("/api/tables/nope").json()["code"] == "unknown_table"
    assert api.get("/api/tables/nope").status_code == 404
    bad = api.post("/api/tables", json={"host_name": "Ann", "seats": 9})
    assert bad.status_code == 422 and bad.json()["code"] == "invalid_options"
    bad = api.post("/api/tables", json={"host_name": "Ann", "preset": "chess"})
    assert bad.status_code == 422 and bad.json()["code"] == "unknown_preset"
    bad = api.post("/api/tables", json={"host_name": "Ann", "bots": [{"level": "godlike"}]})
    assert bad.status_code == 422 and "beginner" in bad.json()["message"]
    bad = api.post(
        "/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert bad.status_code == 422 and bad.json()["code"] == "invalid_request"
    assert "JSON" in bad.json()["message"]
    bad = api.post("/api/tables", json={"host_name": "Ann", "rounds": "many"})
    assert bad.json()["code"] == "invalid_request" and "rounds" in bad.json()["message"]
    table = open_table(api, "Ann")
    unauthorised = api.post(f"/api/tables/{table['id']}/bots", json={"level": "beginner"})
    assert unauthorised.status_code == 401
    forged = api.post(
        f"/api/tables/{table['id']}/bots",
        json={"level": "beginner"},
        headers={"X-Seat-Token": "forged"},
    )
    assert forged.status_code == 403
    added = api.post(
        f"/api/tables/{table['id']}/bots",
        json={"level": "optimal"},
        headers={"X-Seat-Token": table["token"]},
    )
    assert added.status_code == 201 and added.json()["seat"] == 1
    assert api.get("/api/scores/chess").status_code == 422


async def test_unknown_table_socket_is_refused_and_closed(server: ServerProcess) -> None:
    async with websockets.connect(server.ws_url("nope")) as ws:
        assert '"unknown_table"' in await ws.recv()
        await ws.wait_closed()
        assert ws.close_code == 4404


async def test_a_match_on_postgresql(postgresql_url: str, tmp_path: Path) -> None:
    server = ServerProcess(postgresql_url, tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            created = api.post(
                "/api/tables",
                json={"host_name": "Ann", "seats": 2, "bots": [{"level": "beginner"}]},
            ).json()
            # An id no table can have (a NUL, which PostgreSQL text refuses) is no table,
            # refused before any read, not a database failure.
            for odd in ("%00x", "a%20b", "x" * 65):
                refused = api.get(f"/api/tables/{odd}")
                assert (refused.status_code, refused.json()["code"]) == (404, "unknown_table")
            async with websockets.connect(server.ws_url("%00x")) as ws:
                assert '"unknown_table"' in await ws.recv()
                await ws.wait_closed()
                assert ws.close_code == 4404
        ann = await PlayClient(server.ws_url(created["table_id"]), created["token"]).connect()
        await ann.intent("start")
        final = await play_to_the_end(ann)
        await ann.close()
    finally:
        server.stop()
    store = Store(postgresql_url)
    try:
        match = store.load_match(created["table_id"])
        assert store.summary(created["table_id"]).status == "finished"
        people = {h.name for h in store.high_scores("official")}
        everyone = {h.name for h in store.high_scores("official", include_bots=True)}
    finally:
        store.close()
    assert {p.seat: p.total for p in match.state.players} == {
        s["seat"]: s["total"] for s in final["seats"]
    }
    assert people == {"Ann"} and everyone == {"Ann", final["seats"][1]["name"]}
