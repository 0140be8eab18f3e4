"""Python's JSON reader takes ``Infinity``, ``NaN`` and ``1e999`` (infinity), which JSON has
not: every endpoint that reads a JSON body refuses them with 422 and {code, message}."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from accounts_client import Browser
from server_process import ServerProcess

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
