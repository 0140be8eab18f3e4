"""A refusal carries its values: REST bodies and the socket's errors give the code, the params
(with a reason where a code has several) and the English message, and a client in another
language words it from its own catalog with those params."""

from __future__ import annotations

import httpx
from server_process import ServerProcess
from wsclient import PlayClient, open_table

from fivedice.i18n.errors import error_text


async def test_scoring_a_filled_box_over_the_socket_names_the_box(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Solo", seats=1)
    client = await PlayClient(server.ws_url(table["id"]), token=table["tokens"][0]).connect()
    try:
        await client.intent("start")
        await client.until_table(lambda t: t["phase"] == "playing")
        for _ in range(2):  # fill Fours, then try it again on the next turn
            await client.intent("roll")
            await client.until_table(lambda t: t["dice"] is not None)
            await client.intent("score", category="fours", id="s")
            answer = await client.next(
                lambda m: (
                    m["type"] == "error" or (m["type"] == "update" and m["table"]["dice"] is None)
                )
            )
        assert answer["type"] == "error", answer
        assert answer["code"] == "box_already_filled" and answer["ref"] == "score"
        assert answer["params"] == {"box": "fours", "box_label": "Fours"}
        assert answer["message"] == "Fours is already filled"
        assert error_text(answer["code"], answer["params"], "de") == "In Vierer steht schon etwas"
        assert (
            error_text(answer["code"], answer["params"], "es")
            == "La casilla Cuatros ya está anotada"
        )
    finally:
        await client.close()


async def test_a_socket_refusal_of_the_protocol_carries_its_reason(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Host", seats=2)
    client = await PlayClient(server.ws_url(table["id"]), name="watcher").connect()
    try:
        await client.send("[1, 2]")
        error = await client.error()
        assert error["code"] == "invalid_message"
        assert error["params"] == {"reason": "not_object"}
        assert error["message"] == "A message is a JSON object"
        await client.send({"type": "chat", "text": "x" * 600})
        error = await client.error()
        assert (error["code"], error["params"]) == ("chat_too_long", {"most": 500})
    finally:
        await client.close()


def test_rest_refusals_carry_params(api: httpx.Client) -> None:
    table = open_table(api, "Ann Lee", seats=2)
    taken = api.post(f"/api/tables/{table['id']}/seats", json={"name": "ann lee"})
    assert taken.status_code == 409
    assert taken.json() == {
        "code": "name_taken",
        "params": {"name": "Ann Lee", "quoted": "'Ann Lee'"},
        "message": (
            "'Ann Lee' is already playing here: choose a name that differs by more than "
            "capitals or spaces"
        ),
    }
    full = api.post(f"/api/tables/{table['id']}/seats", json={"name": "Bo"})
    assert full.status_code == 201
    refused = api.post(f"/api/tables/{table['id']}/seats", json={"name": "Cy"})
    assert refused.json()["code"] == "table_full" and refused.json()["params"] == {"seats": 2}
    assert error_text("table_full", refused.json()["params"], "de") == "Alle 2 Plätze sind besetzt"

    nine = api.post("/api/tables", json={"host_name": "Ann", "seats": 9})
    assert nine.status_code == 422
    assert nine.json()["params"] == {"reason": "seats", "most": 8, "seats": 9}
    assert nine.json()["message"] == "A table has 1 to 8 seats, not 9"
    words = error_text("invalid_options", nine.json()["params"], "fr")
    assert words == "Une table a de 1 à 8 places, pas 9"

    unknown = api.get("/api/tables/no-such-table")
    assert unknown.status_code == 404
    assert unknown.json()["params"] == {"reason": "no_table", "table": "no-such-table"}

    preset = api.get("/api/rules/nope")
    assert preset.json()["code"] == "unknown_preset" and preset.json()["params"]["name"] == "nope"


def test_a_field_of_the_wrong_shape_names_the_field(api: httpx.Client) -> None:
    refused = api.post("/api/tables", json={"host_name": "Ann", "rounds": "many"})
    assert refused.status_code == 422
    body = refused.json()
    assert body["code"] == "invalid_request" and body["detail"]
    assert body["params"]["field"] == "rounds"
    assert body["params"]["reason"] == "int_parsing"
    assert body["message"] == (
        "rounds: Input should be a valid integer, unable to parse string as an integer"
    )
    assert (
        error_text("invalid_request", body["params"], "de") == "rounds: muss eine ganze Zahl sein"
    )
    table = open_table(api, "Ann", seats=2)
    missing = api.post(f"/api/tables/{table['id']}/seats", json={})
    assert missing.status_code == 422
    assert missing.json()["params"] == {"reason": "missing", "field": "name"}
    assert missing.json()["message"] == "name: Field required"
