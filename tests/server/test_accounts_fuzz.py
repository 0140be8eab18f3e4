"""Malformed input at every account endpoint (hypothesis, against a real server): bodies of
any shape, raw bytes, odd headers, forged cookies, CSRF tokens and bearer tokens, and path
segments. Each answer is a refusal or a success, never a server fault (5xx), and every
refusal is the API's ``{code, message}``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from accounts_client import COOKIE, Browser
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_process import ServerProcess

ENDPOINTS = [
    ("POST", "/api/account/guest"),
    ("GET", "/api/account"),
    ("POST", "/api/account/claim"),
    ("POST", "/api/account/sign-in"),
    ("POST", "/api/account/sign-out"),
    ("POST", "/api/account/sign-out-everywhere"),
    ("DELETE", "/api/account"),
    ("GET", "/api/account/tokens"),
    ("POST", "/api/account/tokens"),
    ("DELETE", "/api/account/tokens/{id}"),
    ("POST", "/api/tables/{id}/resume"),
    # The lobby's writes read the cookie and bearer token too.
    ("POST", "/api/tables"),
    ("POST", "/api/tables/{id}/seats"),
]

header_text = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=300)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=80),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)
account_bodies = st.fixed_dictionaries(
    {},
    optional={
        "username": st.one_of(st.text(max_size=90), st.integers(), st.none(), json_values),
        "password": st.one_of(st.text(max_size=300), st.integers(), st.none(), json_values),
        "label": st.one_of(st.text(max_size=90), st.integers(), st.none()),
    },
)
bodies = st.one_of(
    st.none(),
    account_bodies.map(lambda d: json.dumps(d).encode()),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
)
path_ids = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.text(alphabet="abcdef0123456789-_.%~", min_size=1, max_size=80),
)


@pytest.fixture(scope="module")
def signed_in(server: ServerProcess) -> Iterator[Browser]:
    """A signed-in guest whose cookie and CSRF token the fuzzer may use (or garble)."""
    browser = Browser(server.base_url)
    browser.guest()
    yield browser
    browser.close()


def check(answer: httpx.Response) -> None:
    """A refusal or a success, never a server fault; refusals in the API's shape."""
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        body: Any = answer.json()
        assert isinstance(body, dict) and isinstance(body.get("code"), str), body
        assert isinstance(body.get("message"), str)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    body=bodies,
    path_id=path_ids,
    cookie=st.one_of(st.none(), header_text, st.just("")),
    csrf=st.one_of(st.none(), header_text),
    authorization=st.one_of(
        st.none(), header_text, header_text.map(lambda t: f"Bearer {t}"), st.just("Bearer ")
    ),
    use_real_cookie=st.booleans(),
    content_type=st.sampled_from(
        ["application/json", "text/plain", "", "application/x-www-form-urlencoded"]
    ),
)
def test_malformed_requests_are_refused_never_fail(
    server: ServerProcess,
    signed_in: Browser,
    endpoint: tuple[str, str],
    body: bytes | None,
    path_id: str,
    cookie: str | None,
    csrf: str | None,
    authorization: str | None,
    use_real_cookie: bool,
    content_type: str,
) -> None:
    method, path = endpoint
    if method == "DELETE" and path == "/api/account" and use_real_cookie:
        use_real_cookie = False  # keep the shared account alive for the other examples
    headers: dict[str, str] = {}
    if use_real_cookie and signed_in.secret:
        headers["Cookie"] = f"{COOKIE}={signed_in.secret}"
        headers["X-CSRF-Token"] = signed_in.csrf or ""
    elif cookie is not None:
        headers["Cookie"] = f"{COOKIE}={cookie}"
    if csrf is not None and not use_real_cookie:
        headers["X-CSRF-Token"] = csrf
    if authorization is not None:
        headers["Authorization"] = authorization
    if content_type:
        headers["Content-Type"] = content_type
    url = path.replace("{id}", path_id)
    with httpx.Client(base_url=server.base_url, timeout=15.0) as client:
        try:
            answer = client.request(method, url, content=body, headers=headers)
        except (httpx.InvalidURL, httpx.LocalProtocolError):
            return  # httpx itself refuses to send it
    check(answer)
