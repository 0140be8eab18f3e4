"""What docs/protocol.md promises and the server does: every REST refusal in the OpenAPI
document, unknown message fields ignored, one code for a chat line too long, ``not_host`` for a
computer seat added by anyone but the host, and the computer players' list."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import websockets
from server_process import ServerProcess
from wsclient import PlayClient, open_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"

# Every REST route and the refusal statuses it can really answer (see fivedice.server.errors
# for what each means). A new route must say here what it refuses.
REFUSALS: dict[tuple[str, str], set[int]] = {
    ("post", "/api/tables"): {401, 403, 409, 422, 429, 503},
    ("get", "/api/tables"): {422},
    ("get", "/api/tables/{table_id}"): {401, 403, 404, 503},
    ("get", "/api/tables/{table_id}/events"): {401, 403, 404, 422, 503},
    ("post", "/api/tables/{table_id}/seats"): {401, 403, 404, 409, 422, 503},
    ("post", "/api/tables/{table_id}/resume"): {401, 403, 404, 503},
    ("post", "/api/account/guest"): {401, 403, 429, 503},
    ("get", "/api/account"): {401, 503},
    ("get", "/api/account/session"): {503},
    ("delete", "/api/account"): {401, 403, 503},
    ("post", "/api/account/claim"): {401, 403, 409, 422, 503},
    ("post", "/api/account/sign-in"): {401, 403, 422, 429, 503},
    ("post", "/api/account/sign-out"): {401, 403, 503},
    ("post", "/api/account/sign-out-everywhere"): {401, 403, 503},
    ("get", "/api/account/tokens"): {401, 403, 503},
    ("post", "/api/account/tokens"): {401, 403, 409, 422, 503},
    ("delete", "/api/account/tokens/{token_id}"): {401, 403, 404, 422, 503},
    ("post", "/api/quick-match"): {401, 403, 422, 429, 503},
    ("get", "/api/quick-match/{ticket_id}"): {401, 404, 422, 503},
    ("delete", "/api/quick-match/{ticket_id}"): {401, 403, 404, 409, 422, 503},
    ("post", "/api/quick-match/{ticket_id}/computer"): {401, 403, 404, 409, 422, 429, 503},
    ("post", "/api/tables/{table_id}/bots"): {401, 403, 404, 409, 422, 503},
    ("get", "/api/matches"): {422, 503},
    ("get", "/api/matches/{match_id}"): {401, 403, 404, 503},
    ("get", "/api/matches/{match_id}/replay"): {401, 403, 404, 422, 503},
    ("get", "/api/matches/{match_id}/ratings"): {404, 503},
    ("get", "/api/presets"): set(),
    ("get", "/api/rules/{preset_name}"): {422},
    ("get", "/api/scores/{preset_name}"): {422, 503},
    ("get", "/api/leaderboards/{preset_name}"): {422, 503},
    ("get", "/api/ratings/{family}"): {422, 503},
    ("get", "/api/ratings/accounts/{account_id}"): {422, 503},
    ("get", "/api/accounts/{account_id}/profile"): {404, 422, 503},
    ("get", "/api/players/{name}/history"): {422, 503},
    ("get", "/api/computer-players"): set(),
    ("get", "/api/tables/{table_id}/advice"): {404, 409, 422, 503},
    ("get", "/api/matches/{match_id}/analysis"): {401, 403, 404, 422, 503},
    ("get", "/api/daily"): {401, 503},
    ("post", "/api/daily/start"): {401, 403, 409, 422, 429, 503},
    ("get", "/api/daily/days"): {401, 422, 503},
    ("get", "/api/daily/{day}"): {401, 404, 422, 503},
    ("get", "/api/daily/{day}/result"): {401, 404, 422, 503},
    ("get", "/api/daily/{day}/optimal"): {403, 404, 422, 503},
    ("get", "/healthz"): set(),
}


def test_openapi_lists_every_refusal_each_route_can_give(api: httpx.Client) -> None:
    doc = api.get("/openapi.json").json()
    routes = {
        (method, path): operation
        for path, item in doc["paths"].items()
        for method, operation in item.items()
    }
    assert set(routes) == set(REFUSALS), "a route without its refusals in REFUSALS"
    error = doc["components"]["schemas"]["ErrorBody"]
    assert {"code", "message"} <= set(error["required"])
    for key, statuses in REFUSALS.items():
        responses = routes[key]["responses"]
        listed = {int(s) for s in responses if s[0] in "45"}
        assert listed == statuses, (key, listed, statuses)
        for status in statuses:
            schema = responses[str(status)]["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (key, status)
            assert responses[str(status)]["description"]


def test_refusals_have_the_documented_status_and_shape(api: httpx.Client) -> None:
    table = open_table(api, "Host", "Guest")
    answers = {
        404: api.get("/api/tables/no-such-table"),
        401: api.post(f"/api/tables/{table['id']}/bots", json={"level": "beginner"}),
        403: api.post(
            f"/api/tables/{table['id']}/bots",
            json={"level": "beginner"},
            headers={"X-Seat-Token": "not-a-token"},
        ),
        409: api.post(
            f"/api/tables/{table['id']}/bots",
            json={"level": "beginner"},
            headers={"X-Seat-Token": table["tokens"][1]},
        ),
        422: api.post("/api/tables", json={"seats": 9}),
    }
    for status, answer in answers.items():
        assert answer.status_code == status, (status, answer.text)
        body = answer.json()
        assert isinstance(body["code"], str) and isinstance(body["message"], str)
    assert answers[409].json()["code"] == "not_host"


def test_computer_players_are_what_the_page_says(api: httpx.Client) -> None:
    levels = api.get("/api/computer-players").json()
    assert isinstance(levels, list) and levels and all(isinstance(x, str) for x in levels)
    text = DOC.read_text()
    row = next(line for line in text.splitlines() if "`GET /api/computer-players`" in line)
    assert "level names" in row and "weakest first" in row
    for level in levels:
        assert f"`{level}`" in row


def test_unknown_fields_are_ignored_and_add_bot_by_a_guest_is_not_host(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Host", "Guest")
    url = server.ws_url(table["id"])

    async def scenario() -> None:
        guest = PlayClient(url, token=table["tokens"][1])
        guest.ws = await websockets.connect(url)
        await guest.send(
            {"type": "hello", "token": table["tokens"][1], "client": "x/2", "extra": [1, 2]}
        )
        guest.welcome = await guest.next(lambda m: m["type"] == "welcome")
        await guest.next(lambda m: m["type"] == "update")
        await guest.send({"type": "ping", "id": 7, "future_field": {"a": 1}})
        pong = await guest.next(lambda m: m["type"] == "pong")
        assert pong["id"] == 7
        await guest.intent("add_bot", level="beginner", id="b", seq=3, whatever=None)
        refused = await guest.error()
        assert (refused["code"], refused["ref"], refused["id"]) == ("not_host", "add_bot", "b")
        await guest.intent("chat", text="hello", mood="happy")
        await guest.until_table(lambda t: t["chat"] and t["chat"][-1]["text"] == "hello")
        await guest.close()

    asyncio.run(scenario())
