"""A table opened to be played at one screen (pass and play, against the computer) says so in
its view, to every viewer and after a restart; any other table says it is not."""

from __future__ import annotations

import signal
from pathlib import Path

import httpx
from server_process import ServerProcess


def test_the_view_says_whether_a_table_is_played_at_one_screen(api: httpx.Client) -> None:
    one_screen = api.post(
        "/api/tables",
        json={"host_name": "Ann", "seats": 2, "listed": False, "at_one_screen": True},
    )
    assert one_screen.status_code == 201, one_screen.text
    online = api.post("/api/tables", json={"host_name": "Bob", "seats": 2})
    assert online.status_code == 201, online.text

    seen = api.get(f"/api/tables/{one_screen.json()['table_id']}").json()
    assert seen["at_one_screen"] is True
    assert api.get(f"/api/tables/{online.json()['table_id']}").json()["at_one_screen"] is False


def test_a_flag_that_is_not_a_boolean_is_refused_and_opens_nothing(api: httpx.Client) -> None:
    before = api.get("/api/tables").json()
    refused = api.post(
        "/api/tables",
        json={"host_name": "Cid", "seats": 2, "listed": True, "at_one_screen": "maybe"},
    )
    assert refused.status_code == 422
    assert api.get("/api/tables").json() == before


def test_the_flag_outlives_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'fivedice.db'}", tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            body = {"host_name": "Ann", "seats": 2, "listed": False, "at_one_screen": True}
            table_id = api.post("/api/tables", json=body).json()["table_id"]
        assert server.stop() in (0, -signal.SIGTERM)
        server.start()
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            assert api.get(f"/api/tables/{table_id}").json()["at_one_screen"] is True
    finally:
        server.kill()


def test_the_replay_of_a_table_at_one_screen_says_so_too(api: httpx.Client) -> None:
    body = {"host_name": "Dee", "seats": 1, "listed": False, "at_one_screen": True}
    table_id = api.post("/api/tables", json=body).json()["table_id"]
    replay = api.get(f"/api/matches/{table_id}/replay", params={"seq": 1})
    assert replay.status_code == 200, replay.text
    assert replay.json()["at_one_screen"] is True
