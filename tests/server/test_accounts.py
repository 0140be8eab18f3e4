"""Accounts against a real server: a guest at once, claimed, signed out and in again; the
session cookie's flags; CSRF on every write the cookie authenticates; sign out everywhere;
deleting an account; API tokens (shown once, revocable at once, seats taken as a program);
seats that belong to an account and are resumed from another browser, and that no other
account's cookie or token can take."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator

import httpx
import pytest
import websockets
from accounts_client import COOKIE, Browser
from server_process import ServerProcess
from wsclient import PlayClient

PASSWORD = "correct horse battery"


def unique_name(prefix: str = "ann") -> str:
    """A username no other test takes."""
    return f"{prefix}{uuid.uuid4().hex[:10]}"


@pytest.fixture
def visitor(server: ServerProcess) -> Iterator[Browser]:
    """A fresh browser (its own cookies)."""
    b = Browser(server.base_url)
    yield b
    b.close()


@pytest.fixture
def other(server: ServerProcess) -> Iterator[Browser]:
    """A second, unrelated visitor (another person)."""
    b = Browser(server.base_url)
    yield b
    b.close()


def person(server: ServerProcess, username: str | None = None) -> Browser:
    """A visitor signed in to a claimed account."""
    b = Browser(server.base_url)
    b.guest()
    answer = b.claim(username or unique_name(), PASSWORD)
    assert answer.status_code == 200, answer.text
    return b


# The guest and the session ------------------------------------------------------------------------


def test_a_first_visit_gets_a_guest_with_a_secure_httponly_samesite_cookie(
    visitor: Browser,
) -> None:
    answer = visitor.request("POST", "/api/account/guest")
    assert answer.status_code == 201
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    flags = {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}
    assert {"secure", "httponly", "path", "max-age"} <= flags
    assert "samesite=lax" in cookie.lower() and "path=/" in cookie.lower()
    account = answer.json()["account"]
    assert account["kind"] == "guest" and account["username"] is None
    assert account["name"] == f"Guest {1000 + account['id']}"
    me = visitor.request("GET", "/api/account")
    assert me.status_code == 200
    assert me.json()["account"]["id"] == account["id"]
    assert me.json()["csrf_token"] == visitor.csrf


def test_a_browser_already_signed_in_keeps_its_account(visitor: Browser) -> None:
    first = visitor.guest()
    again = visitor.request("POST", "/api/account/guest")
    assert again.status_code == 200
    assert again.json()["account"]["id"] == first["id"]


def test_without_a_session_the_account_is_refused_and_anonymous_play_goes_on(
    visitor: Browser, api: httpx.Client
) -> None:
    me = visitor.request("GET", "/api/account")
    assert me.status_code == 401 and me.json()["code"] == "signed_out"
    # The terminal game's, the CLI's and the example bot's routes need no account.
    created = api.post("/api/tables", json={"host_name": "Ann", "seats": 2})
    assert created.status_code == 201
    table_id = created.json()["table_id"]
    joined = api.post(f"/api/tables/{table_id}/seats", json={"name": "Bob"})
    assert joined.status_code == 201
    seats = api.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["account"] for s in seats] == [None, None]
    assert [s["program"] for s in seats] == [False, False]


def test_claim_then_sign_out_then_sign_in_elsewhere(server: ServerProcess) -> None:
    laptop = Browser(server.base_url)
    guest = laptop.guest()
    username = unique_name("Ann")
    claimed = laptop.claim(username, PASSWORD)
    assert claimed.status_code == 200, claimed.text
    assert claimed.json() == {**claimed.json(), "id": guest["id"], "kind": "person"}
    assert claimed.json()["name"] == username
    out = laptop.request("POST", "/api/account/sign-out")
    assert out.status_code == 204
    assert laptop.secret is None
    phone = Browser(server.base_url)
    signed = phone.sign_in(username.upper(), PASSWORD)  # any case
    assert signed.status_code == 200, signed.text
    assert signed.json()["account"]["id"] == guest["id"]
    # The old session ended: its secret opens nothing now.
    stale = httpx.get(
        f"{server.base_url}/api/account",
        headers={"Cookie": f"{COOKIE}={claimed.request.headers['cookie'].split('=', 1)[1]}"},
    )
    assert stale.status_code == 401
    laptop.close()
    phone.close()


def test_usernames_are_unique_ignoring_case_and_follow_the_rules(server: ServerProcess) -> None:
    username = unique_name("Zed")
    first = person(server, username)
    second = Browser(server.base_url)
    second.guest()
    taken = second.claim(username.swapcase(), PASSWORD)
    assert taken.status_code == 409 and taken.json()["code"] == "username_taken"
    for bad in ["ab", "x" * 25, "no/slash", " _lead", "Guest 12", "guest", "deleted player"]:
        answer = second.claim(bad, PASSWORD)
        assert answer.status_code == 422, (bad, answer.text)
        assert answer.json()["code"] == "invalid_account"
    short = second.claim(unique_name(), "short")
    assert short.status_code == 422 and "password" in short.json()["message"]
    again = first.claim(unique_name(), PASSWORD)
    assert again.status_code == 409 and again.json()["code"] == "not_a_guest"
    first.close()
    second.close()


def test_wrong_credentials_do_not_say_which_was_wrong(server: ServerProcess) -> None:
    username = unique_name()
    person(server, username).close()
    b = Browser(server.base_url)
    wrong_password = b.sign_in(username, "not the password")
    no_such_user = b.sign_in(unique_name(), PASSWORD)
    assert wrong_password.status_code == no_such_user.status_code == 401
    assert wrong_password.json() == no_such_user.json()
    b.close()


# CSRF -------------------------------------------------------------------------------------------


def test_a_write_with_the_cookie_and_without_its_csrf_token_is_refused(
    visitor: Browser,
) -> None:
    visitor.guest()
    for method, path, body in [
        ("POST", "/api/tables", {"host_name": "Ann"}),
        ("POST", "/api/account/claim", {"username": unique_name(), "password": PASSWORD}),
        ("POST", "/api/account/tokens", {"label": "bot"}),
        ("POST", "/api/account/sign-out", None),
        ("POST", "/api/account/sign-out-everywhere", None),
        ("DELETE", "/api/account", None),
    ]:
        for headers in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": ""}):
            answer = visitor.request(method, path, csrf=False, json=body, headers=headers)
            assert answer.status_code == 403, (method, path, answer.text)
            assert answer.json()["code"] == "csrf_failed"
    # Nothing happened: still signed in, still a guest, no token made.
    me = visitor.request("GET", "/api/account").json()["account"]
    assert me["kind"] == "guest"
    assert visitor.request("GET", "/api/account/tokens").json() == []


def test_another_sessions_csrf_token_does_not_pass(server: ServerProcess) -> None:
    ann, bob = Browser(server.base_url), Browser(server.base_url)
    ann.guest()
    bob.guest()
    answer = ann.request(
        "POST",
        "/api/tables",
        csrf=False,
        json={"host_name": "Ann"},
        headers={"X-CSRF-Token": bob.csrf or ""},
    )
    assert answer.status_code == 403
    ann.close()
    bob.close()


# Sign out everywhere, delete --------------------------------------------------------------------


def test_sign_out_everywhere_ends_every_session_but_not_the_tokens(server: ServerProcess) -> None:
    username = unique_name()
    laptop = person(server, username)
    phone = Browser(server.base_url)
    assert phone.sign_in(username, PASSWORD).status_code == 200
    token = laptop.request("POST", "/api/account/tokens", json={"label": "my bot"}).json()["token"]
    ended = phone.request("POST", "/api/account/sign-out-everywhere")
    assert ended.status_code == 200 and ended.json()["sessions_ended"] == 2
    assert laptop.request("GET", "/api/account").status_code == 401
    assert phone.request("GET", "/api/account").status_code == 401
    by_token = httpx.get(
        f"{server.base_url}/api/account", headers={"Authorization": f"Bearer {token}"}
    )
    assert by_token.status_code == 200 and by_token.json()["account"]["program"] is True
    laptop.close()
    phone.close()


def test_deleting_an_account_keeps_its_matches_under_a_deleted_player(
    server: ServerProcess, api: httpx.Client
) -> None:
    username = unique_name()
    ann = person(server, username)
    token = ann.request("POST", "/api/account/tokens", json={"label": "bot"}).json()["token"]
    created = ann.request("POST", "/api/tables", json={"host_name": "Ann", "seats": 2})
    assert created.status_code == 201
    table_id = created.json()["table_id"]
    seat = api.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert seat["account"] == {"name": username, "kind": "person"}
    assert ann.request("DELETE", "/api/account").status_code == 204
    assert ann.secret is None
    view = api.get(f"/api/tables/{table_id}").json()
    assert view["seats"][0]["name"] == "deleted player"
    assert view["seats"][0]["account"] == {"name": "deleted player", "kind": "deleted"}
    # Its sessions and tokens are gone; its username is free again.
    bearer = {"Authorization": f"Bearer {token}"}
    assert api.get("/api/account", headers=bearer).status_code == 401
    assert Browser(server.base_url).sign_in(username, PASSWORD).status_code == 401
    again = person(server, username)
    assert again.account is not None and again.account["name"] == username
    again.close()
    ann.close()


# API tokens -------------------------------------------------------------------------------------


def test_an_api_token_is_shown_once_lists_by_label_and_stops_at_once_when_revoked(
    server: ServerProcess, visitor: Browser, api: httpx.Client
) -> None:
    visitor.guest()
    made = visitor.request("POST", "/api/account/tokens", json={"label": "  my   bot "})
    assert made.status_code == 201
    token = made.json()["token"]
    assert token.startswith("fdk_") and len(token) > 40
    listed = visitor.request("GET", "/api/account/tokens").json()
    assert listed == [
        {"id": made.json()["id"], "label": "my bot", "created_at": listed[0]["created_at"]}
    ]
    assert token not in str(listed)
    bearer = {"Authorization": f"Bearer {token}"}
    assert api.get("/api/account", headers=bearer).status_code == 200
    # A program cannot manage the account's tokens or the account itself.
    assert api.get("/api/account/tokens", headers=bearer).json()["code"] == "browser_only"
    assert api.post("/api/account/tokens", headers=bearer, json={"label": "x"}).status_code == 403
    assert api.delete("/api/account", headers=bearer).status_code == 403
    revoked = visitor.request("DELETE", f"/api/account/tokens/{made.json()['id']}")
    assert revoked.status_code == 204
    after = api.get("/api/account", headers=bearer)
    assert after.status_code == 401 and after.json()["code"] == "signed_out"
    create = api.post("/api/tables", headers=bearer, json={"host_name": "Bot"})
    assert create.status_code == 401
    gone = visitor.request("DELETE", f"/api/account/tokens/{made.json()['id']}")
    assert gone.status_code == 404 and gone.json()["code"] == "unknown_api_token"


def test_a_seat_taken_with_an_api_token_shows_as_a_program(
    server: ServerProcess, visitor: Browser, api: httpx.Client
) -> None:
    account = visitor.guest()
    token = visitor.request("POST", "/api/account/tokens", json={"label": "bot"}).json()["token"]
    table_id = api.post("/api/tables", json={"host_name": "Ann", "seats": 2}).json()["table_id"]
    joined = api.post(
        f"/api/tables/{table_id}/seats",
        json={"name": "Robo"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert joined.status_code == 201
    seats = api.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["program"] is True
    assert seats[1]["account"] == {"name": account["name"], "kind": "guest"}
    assert seats[0]["program"] is False and seats[0]["account"] is None


# Seats held by an account -----------------------------------------------------------------------


def test_a_seat_follows_its_account_to_another_browser_and_no_one_else(
    server: ServerProcess, api: httpx.Client
) -> None:
    username = unique_name()
    laptop = person(server, username)
    created = laptop.request("POST", "/api/tables", json={"host_name": "Ann", "seats": 2})
    table_id, old_token = created.json()["table_id"], created.json()["token"]

    # Another person's cookie, another account's API token, and nobody at all: no seat.
    stranger = person(server)
    refused = stranger.request("POST", f"/api/tables/{table_id}/resume")
    assert refused.status_code == 404 and refused.json()["code"] == "no_seat"
    stranger_token = stranger.request("POST", "/api/account/tokens", json={"label": "bot"}).json()[
        "token"
    ]
    by_token = api.post(
        f"/api/tables/{table_id}/resume", headers={"Authorization": f"Bearer {stranger_token}"}
    )
    assert by_token.status_code == 404
    assert api.post(f"/api/tables/{table_id}/resume").status_code == 401

    # The account, from a fresh browser: the seat, with a new token; the old one stops.
    phone = Browser(server.base_url)
    assert phone.sign_in(username, PASSWORD).status_code == 200
    resumed = phone.request("POST", f"/api/tables/{table_id}/resume")
    assert resumed.status_code == 200, resumed.text
    assert resumed.json()["seat"] == 0
    new_token = resumed.json()["token"]
    assert new_token != old_token

    async def play() -> None:
        fresh = await PlayClient(server.ws_url(table_id), token=new_token).connect()
        assert fresh.welcome is not None and fresh.welcome["seat"] == 0
        stale = PlayClient(server.ws_url(table_id), token=old_token)
        stale.ws = await websockets.connect(server.ws_url(table_id))
        await stale.send({"type": "hello", "token": old_token})
        error = await stale.next(lambda m: m["type"] == "error")
        assert error["code"] == "bad_token"
        await fresh.close()
        await stale.close()

    asyncio.run(play())
    # The stranger still cannot act for the seat with its own seat tokens.
    laptop.close()
    phone.close()
    stranger.close()


def test_a_claimed_guests_seat_shows_its_new_name_at_once(
    visitor: Browser, api: httpx.Client
) -> None:
    guest = visitor.guest()
    created = visitor.request("POST", "/api/tables", json={"host_name": "Ann", "seats": 2})
    table_id = created.json()["table_id"]
    seat = api.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert seat["account"] == {"name": guest["name"], "kind": "guest"}
    username = unique_name("Ann")
    assert visitor.claim(username, PASSWORD).status_code == 200
    seat = api.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert seat["account"] == {"name": username, "kind": "person"}
    assert seat["name"] == "Ann"  # the name typed at the table stays


def test_an_account_owns_its_first_seat_at_a_table_only(
    visitor: Browser, api: httpx.Client
) -> None:
    visitor.guest()
    created = visitor.request("POST", "/api/tables", json={"host_name": "Ann", "seats": 3})
    table_id = created.json()["table_id"]
    # Pass and play: the same browser seats its friends; they are not the account's.
    friend = visitor.request("POST", f"/api/tables/{table_id}/seats", json={"name": "Bob"})
    assert friend.status_code == 201
    seats = api.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["account"] is not None and seats[1]["account"] is None
    assert visitor.request("POST", f"/api/tables/{table_id}/resume").json()["seat"] == 0


def test_a_socket_with_the_cookie_from_another_site_is_closed(
    server: ServerProcess, visitor: Browser, api: httpx.Client
) -> None:
    visitor.guest()
    table_id = api.post("/api/tables", json={"host_name": "Ann"}).json()["table_id"]

    async def connect(origin: str) -> int | None:
        headers = {"Cookie": f"{COOKIE}={visitor.secret}", "Origin": origin}
        async with websockets.connect(server.ws_url(table_id), additional_headers=headers) as ws:
            try:
                await asyncio.wait_for(ws.recv(), 2)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
            except TimeoutError:
                return None  # open, waiting for a hello
            return None

    assert asyncio.run(connect("https://evil.example")) == 4403
    assert asyncio.run(connect(server.base_url)) is None  # the page's own origin is welcome


def test_the_session_route_answers_a_first_visit_without_a_refusal(visitor: Browser) -> None:
    before = visitor.request("GET", "/api/account/session")
    assert before.status_code == 200
    assert before.json() == {"account": None, "csrf_token": None}
    account = visitor.guest()
    after = visitor.request("GET", "/api/account/session")
    assert after.status_code == 200
    assert after.json()["account"]["id"] == account["id"]
    assert after.json()["csrf_token"] == visitor.csrf
