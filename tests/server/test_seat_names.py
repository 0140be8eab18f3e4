"""Seating refuses a name another player at the table has, ignoring capitals and spaces, by
REST and over the socket alike; a refused seat or table leaves everything as it was."""

from __future__ import annotations

import httpx
from server_process import ServerProcess
from wsclient import PlayClient, open_table


def seat_names(api: httpx.Client, table_id: str) -> list[str]:
    """The names at a table, as its public view lists them."""
    return [s["name"] for s in api.get(f"/api/tables/{table_id}").json()["seats"]]


def test_a_rest_seat_under_a_taken_name_is_refused(api: httpx.Client) -> None:
    table = open_table(api, "  Ann   Lee ", seats=3)
    assert seat_names(api, table["id"]) == ["Ann Lee"]  # trimmed, one space inside
    for twin in ("ann lee", " ANN  LEE", "Ann\tLee  "):
        refused = api.post(f"/api/tables/{table['id']}/seats", json={"name": twin})
        assert refused.status_code == 409, refused.text
        body = refused.json()
        assert body["code"] == "name_taken"
        assert "'Ann Lee' is already playing here" in body["message"]
    assert seat_names(api, table["id"]) == ["Ann Lee"]
    taken = api.post(f"/api/tables/{table['id']}/seats", json={"name": "Ann Leee"})
    assert taken.status_code == 201
    assert seat_names(api, table["id"]) == ["Ann Lee", "Ann Leee"]


def test_a_table_whose_seats_share_a_name_is_not_opened(api: httpx.Client) -> None:
    before = {t["id"] for t in api.get("/api/tables").json()}
    refused = api.post(
        "/api/tables",
        json={
            "host_name": "Optimal",
            "seats": 3,
            "bots": [{"level": "beginner", "name": "OPTIMAL "}],
        },
    )
    assert refused.status_code == 409 and refused.json()["code"] == "name_taken"
    assert {t["id"] for t in api.get("/api/tables").json()} == before
    # A computer seat's own name steps aside from a person's that differs only in case.
    made = api.post(
        "/api/tables",
        json={"host_name": "beginner (computer)", "seats": 2, "bots": [{"level": "beginner"}]},
    )
    assert made.status_code == 201, made.text
    names = seat_names(api, made.json()["table_id"])
    assert names[0] == "beginner (computer)" and names[1].casefold() != names[0].casefold()


async def test_a_socket_join_under_a_taken_name_is_refused(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Bob", seats=3)
    client = await PlayClient(server.ws_url(table["id"]), name="bob").connect()
    try:
        await client.send({"type": "join", "name": " BOB ", "id": "j1"})
        error = await client.error()
        assert error["code"] == "name_taken" and error["id"] == "j1"
        assert "'Bob' is already playing here" in error["message"]
        assert seat_names(api, table["id"]) == ["Bob"]
        await client.send({"type": "join", "name": "Bobby", "id": "j2"})
        joined = await client.next(lambda m: m["type"] == "joined")
        assert joined["id"] == "j2"
        assert seat_names(api, table["id"]) == ["Bob", "Bobby"]
    finally:
        await client.close()
