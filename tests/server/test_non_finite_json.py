"""Python's JSON reader takes ``Infinity``, ``NaN`` and ``1e999`` (infinity), which JSON has
not: every endpoint that reads a JSON body refuses them with 422 and {code, message}."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from accounts_client import Browser
from server_process import ServerProcess
from wsclient import PlayClient, open_table

NOT_JSON_NUMBERS = ["Infinity", "-Infinity", "NaN", "1e999", "-1e999"]


@pytest.fixture(scope="module")
def visitor(server: ServerProcess) -> Iterator[Browser]:
    """A signed-in guest (cookie and CSRF token), so a refusal is about the body."""
    b = Browser(server.base_url)
    b.guest()
    yield b
    b.close()


def json_endpoints(visitor: Browser) -> list[tuple[str, str]]:
    """Every (method, path) whose OpenAPI operation reads a JSON body, ids filled in."""
    spec = visitor.request("GET", "/openapi.json").json()
    found = []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                found.append((method.upper(), re.sub(r"\{[^}]+\}", "x1", path)))
    return found


def test_every_json_endpoint_is_found(visitor: Browser) -> None:
    endpoints = json_endpoints(visitor)
    assert ("POST", "/api/quick-match") in endpoints and ("POST", "/api/tables") in endpoints


@pytest.mark.parametrize("number", NOT_JSON_NUMBERS)
def test_a_body_of_infinity_or_nan_is_refused_422(visitor: Browser, number: str) -> None:
    for method, path in json_endpoints(visitor):
        for body in (number, f'{{"seats": {number}}}', f"[{number}]"):
            answer = visitor.request(
                method, path, content=body, headers={"Content-Type": "application/json"}
            )
            assert answer.status_code == 422, (method, path, body, answer.text)
            refusal = answer.json()
            assert isinstance(refusal["code"], str) and isinstance(refusal["message"], str)


@pytest.mark.parametrize("number", NOT_JSON_NUMBERS)
def test_infinity_in_a_number_field_opens_no_table(visitor: Browser, number: str) -> None:
    before = visitor.request("GET", "/api/tables").json()
    body = f'{{"host_name": "Ann", "clock_seconds": {number}}}'
    answer = visitor.request(
        "POST", "/api/tables", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "invalid_request"
    assert visitor.request("GET", "/api/tables").json() == before


@pytest.mark.parametrize("number", NOT_JSON_NUMBERS)
async def test_a_socket_message_with_infinity_is_refused_and_changes_nothing(
    server: ServerProcess, number: str
) -> None:
    with httpx.Client(base_url=server.base_url, timeout=10) as api:
        table = open_table(api, "Ann", seats=1)
    ann = await PlayClient(server.ws_url(table["id"]), table["tokens"][0]).connect()
    try:
        before = ann.seq
        await ann.send(f'{{"type": "start", "token": "{ann.token}", "seq": {number}}}')
        refusal = await ann.error()
        assert isinstance(refusal["code"], str) and isinstance(refusal["message"], str)
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            view = api.get(f"/api/tables/{table['id']}").json()
        assert view["phase"] == "waiting" and view["seq"] == before
    finally:
        await ann.close()
