"""Quick match over REST against a real server (the computer offered after 1.5 s): only an
account may queue; CSRF on the writes; one ticket per account; two players of one queue are
seated at one rated, started table as their accounts; cancel; the computer offer after the
wait; nobody else reads a ticket's seat token; malformed input is refused, never a fault."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from accounts_client import COOKIE, Browser
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from server_process import ServerProcess

WAIT = 1.5


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose quick match offers the computer after 1.5 s."""
    root = tmp_path_factory.mktemp("quick")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_QUICK_MATCH_WAIT=str(WAIT),
        FIVEDICE_QUICK_MATCH_BURST="1000000",
    )
    process.start()
    yield process
    process.stop()


def guest(server: ServerProcess) -> Browser:
    """A browser with a fresh guest account."""
    b = Browser(server.base_url)
    b.guest()
    return b


def play_now(b: Browser, preset: str = "official", seats: int = 2) -> httpx.Response:
    """Press "Play now"."""
    return b.request("POST", "/api/quick-match", json={"preset": preset, "seats": seats})


def poll_until(b: Browser, ticket: str, state: str, timeout: float = 10.0) -> dict[str, Any]:
    """Poll the ticket (as the page does) until it reaches `state`."""
    deadline = time.monotonic() + timeout
    while True:
        answer = b.request("GET", f"/api/quick-match/{ticket}")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["state"] == state:
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.2)


def test_without_an_account_quick_match_is_refused(quick_server: ServerProcess) -> None:
    with httpx.Client(base_url=quick_server.base_url) as anonymous:
        for method, path in [
            ("POST", "/api/quick-match"),
            ("GET", "/api/quick-match/abc"),
            ("DELETE", "/api/quick-match/abc"),
            ("POST", "/api/quick-match/abc/computer"),
        ]:
            answer = anonymous.request(method, path, json={"preset": "official", "seats": 2})
            assert answer.status_code == 401, (method, path, answer.text)
            assert answer.json()["code"] == "signed_out"


def test_a_write_with_the_cookie_needs_its_csrf_token_and_a_refusal_queues_nothing(
    quick_server: ServerProcess,
) -> None:
    ann = guest(quick_server)
    answer = ann.request("POST", "/api/quick-match", csrf=False, json={"preset": "yatzy"})
    assert answer.status_code == 403
    assert answer.json()["code"] == "csrf_failed"
    first = play_now(ann, "yatzy")
    assert first.status_code == 201, first.text  # a new ticket: the refusal made none
    ticket = first.json()["ticket"]
    refused = ann.request("DELETE", f"/api/quick-match/{ticket}", csrf=False)
    assert refused.status_code == 403
    assert poll_until(ann, ticket, "waiting")["ticket"] == ticket
    assert ann.request("DELETE", f"/api/quick-match/{ticket}").status_code == 204


def test_one_live_ticket_per_account(quick_server: ServerProcess) -> None:
    ann = guest(quick_server)
    first = play_now(ann, "yacht", 4)
    assert first.status_code == 201
    again = play_now(ann, "general", 2)  # another queue: still the same ticket
    assert again.status_code == 200
    assert again.json()["ticket"] == first.json()["ticket"]
    assert again.json()["preset"] == "yacht"
    assert ann.request("DELETE", f"/api/quick-match/{first.json()['ticket']}").status_code == 204
    fresh = play_now(ann, "general", 2)
    assert fresh.status_code == 201
    assert fresh.json()["ticket"] != first.json()["ticket"]
    ann.request("DELETE", f"/api/quick-match/{fresh.json()['ticket']}")


def test_two_players_are_seated_together_at_a_rated_started_table(
    quick_server: ServerProcess,
) -> None:
    ann, bob = guest(quick_server), guest(quick_server)
    a = play_now(ann, "official", 2).json()
    b = play_now(bob, "official", 2).json()
    assert a["state"] == "waiting" and a["token"] is None
    seated_a = poll_until(ann, a["ticket"], "seated")
    seated_b = poll_until(bob, b["ticket"], "seated")
    assert seated_a["table_id"] == seated_b["table_id"]
    assert {seated_a["seat"], seated_b["seat"]} == {0, 1}
    assert seated_a["token"] and seated_b["token"] and seated_a["token"] != seated_b["token"]
    view = httpx.get(f"{quick_server.base_url}/api/tables/{seated_a['table_id']}").json()
    assert view["phase"] == "playing"
    assert view["options"]["rated"] is True
    assert view["options"]["undo_allowed"] is False
    # Named as a kind, for each viewer's language; in English for clients that know no titles.
    assert view["title"] == {"kind": "quick_match"}
    assert view["name"] == "Quick match"
    held = {s["seat"]: s["account"]["name"] for s in view["seats"] if s.get("account")}
    assert held == {
        seated_a["seat"]: ann.account["name"],  # type: ignore[index]
        seated_b["seat"]: bob.account["name"],  # type: ignore[index]
    }
    # A seated ticket cannot be cancelled; the account may queue again.
    refused = ann.request("DELETE", f"/api/quick-match/{a['ticket']}")
    assert refused.status_code == 409 and refused.json()["code"] == "already_seated"
    again = play_now(ann, "official", 2)
    assert again.status_code == 201
    ann.request("DELETE", f"/api/quick-match/{again.json()['ticket']}")


def test_three_players_fill_a_table_of_three(quick_server: ServerProcess) -> None:
    players = [guest(quick_server) for _ in range(3)]
    tickets = [play_now(p, "vp-games", 3).json()["ticket"] for p in players]
    seated = [poll_until(p, t, "seated") for p, t in zip(players, tickets, strict=True)]
    assert len({s["table_id"] for s in seated}) == 1
    assert sorted(s["seat"] for s in seated) == [0, 1, 2]


def test_cancel_takes_the_ticket_out_of_the_queue(quick_server: ServerProcess) -> None:
    ann, bob = guest(quick_server), guest(quick_server)
    a = play_now(ann, "classic-1986", 2).json()["ticket"]
    assert ann.request("DELETE", f"/api/quick-match/{a}").status_code == 204
    assert ann.request("DELETE", f"/api/quick-match/{a}").status_code == 204  # again: no change
    assert poll_until(ann, a, "cancelled")["token"] is None
    b = play_now(bob, "classic-1986", 2).json()["ticket"]
    time.sleep(1.2)  # a few matching passes: nobody to pair with
    assert poll_until(bob, b, "waiting")["table_id"] is None
    bob.request("DELETE", f"/api/quick-match/{b}")


def test_the_computer_is_offered_after_the_wait(quick_server: ServerProcess) -> None:
    ann = guest(quick_server)
    ticket = play_now(ann, "free-joker", 4).json()
    assert ticket["computer_offered"] is False
    assert ticket["computer_after_seconds"] == WAIT
    early = ann.request("POST", f"/api/quick-match/{ticket['ticket']}/computer")
    assert early.status_code == 409 and early.json()["code"] == "computer_not_offered"
    time.sleep(WAIT + 0.2)
    waiting = poll_until(ann, ticket["ticket"], "waiting")
    assert waiting["computer_offered"] is True
    assert waiting["rating_range"] >= ticket["rating_range"]
    taken = ann.request("POST", f"/api/quick-match/{ticket['ticket']}/computer")
    assert taken.status_code == 201, taken.text
    seated = taken.json()
    assert seated["state"] == "seated" and seated["computer"] is True and seated["token"]
    view = httpx.get(f"{quick_server.base_url}/api/tables/{seated['table_id']}").json()
    assert view["options"]["rated"] is False
    assert view["phase"] == "playing"
    assert [s["bot"] is not None for s in view["seats"]] == [False, True]
    # The lobby's "against the computer" table: named so, at one screen (no invite), and the
    # computer called by its level's whole name (the page words it in the viewer's language).
    player = ann.account["name"]  # type: ignore[index]
    assert view["title"] == {"kind": "versus_computer", "player": player, "level": "good-human"}
    assert view["name"] == f"{player} vs the computer (Good player)"
    assert view["at_one_screen"] is True
    assert view["seats"][1]["name"] == "Good player"
    again = ann.request("POST", f"/api/quick-match/{ticket['ticket']}/computer")
    assert again.status_code == 409 and again.json()["code"] == "already_seated"


def test_another_account_cannot_see_or_touch_your_ticket(quick_server: ServerProcess) -> None:
    ann, bob, eve = guest(quick_server), guest(quick_server), guest(quick_server)
    a = play_now(ann, "general-no-chance", 2).json()["ticket"]
    for method, path in [
        ("GET", f"/api/quick-match/{a}"),
        ("DELETE", f"/api/quick-match/{a}"),
        ("POST", f"/api/quick-match/{a}/computer"),
    ]:
        answer = eve.request(method, path)
        assert answer.status_code == 404, answer.text
        assert answer.json()["code"] == "unknown_ticket"
    b = play_now(bob, "general-no-chance", 2).json()["ticket"]
    seated = poll_until(ann, a, "seated")
    poll_until(bob, b, "seated")
    stolen = eve.request("GET", f"/api/quick-match/{a}")
    assert stolen.status_code == 404 and seated["token"] not in stolen.text


def test_a_program_queues_with_its_api_token(quick_server: ServerProcess) -> None:
    owner = guest(quick_server)
    token = owner.request("POST", "/api/account/tokens", json={"label": "bot"}).json()["token"]
    with httpx.Client(
        base_url=quick_server.base_url, headers={"Authorization": f"Bearer {token}"}
    ) as program:
        answer = program.post("/api/quick-match", json={"preset": "printable", "seats": 2})
        assert answer.status_code == 201, answer.text
        ticket = answer.json()["ticket"]
        assert program.get(f"/api/quick-match/{ticket}").json()["state"] == "waiting"
        assert program.delete(f"/api/quick-match/{ticket}").status_code == 204


def test_unknown_rule_sets_and_table_sizes_are_refused(quick_server: ServerProcess) -> None:
    ann = guest(quick_server)
    bad_preset = play_now(ann, "no-such-rules", 2)
    assert bad_preset.status_code == 422 and bad_preset.json()["code"] == "unknown_preset"
    for seats in (1, 5, 8):
        assert play_now(ann, "official", seats).status_code == 422
    assert play_now(ann, "official", 2).status_code == 201  # nothing was queued before
    held = ann.request("POST", "/api/quick-match", json={"preset": "official"}).json()
    ann.request("DELETE", f"/api/quick-match/{held['ticket']}")


ENDPOINTS = [
    ("POST", "/api/quick-match"),
    ("GET", "/api/quick-match/{id}"),
    ("DELETE", "/api/quick-match/{id}"),
    ("POST", "/api/quick-match/{id}/computer"),
]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=60),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=10,
)
bodies = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {},
        optional={
            "preset": st.one_of(st.text(max_size=60), json_values),
            "seats": st.one_of(st.integers(-3, 10), json_values),
        },
    ).map(lambda d: json.dumps(d).encode()),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=100),
)


@pytest.fixture(scope="module")
def fuzzer(quick_server: ServerProcess) -> Iterator[Browser]:
    """A signed-in guest whose cookie the fuzzer sends."""
    b = guest(quick_server)
    yield b
    b.close()


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    body=bodies,
    path_id=st.text(alphabet="abcdefXYZ0123456789-_.%~", min_size=1, max_size=90),
    real_cookie=st.booleans(),
    csrf=st.booleans(),
)
@example(  # Python's JSON reader takes Infinity: the refusal must not fail to render it
    endpoint=("POST", "/api/quick-match"),
    body=b"Infinity",
    path_id="a",
    real_cookie=True,
    csrf=True,
)
@example(
    endpoint=("POST", "/api/quick-match"),
    body=b'{"seats": NaN, "preset": -Infinity}',
    path_id="a",
    real_cookie=True,
    csrf=True,
)
@example(
    endpoint=("POST", "/api/quick-match"), body=b"[1e999]", path_id="a", real_cookie=True, csrf=True
)
def test_malformed_input_is_refused_never_a_fault(
    quick_server: ServerProcess,
    fuzzer: Browser,
    endpoint: tuple[str, str],
    body: bytes | None,
    path_id: str,
    real_cookie: bool,
    csrf: bool,
) -> None:
    method, path = endpoint
    headers = {"Content-Type": "application/json"}
    if real_cookie:
        headers["Cookie"] = f"{COOKIE}={fuzzer.secret}"
        if csrf:
            headers["X-CSRF-Token"] = fuzzer.csrf or ""
    with httpx.Client(base_url=quick_server.base_url, timeout=15.0) as client:
        try:
            answer = client.request(
                method, path.replace("{id}", path_id), content=body, headers=headers
            )
        except (httpx.InvalidURL, httpx.LocalProtocolError):
            return
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        refusal = answer.json()
        assert isinstance(refusal.get("code"), str) and isinstance(refusal.get("message"), str)


def test_a_long_poll_answers_when_the_ticket_is_seated(quick_server: ServerProcess) -> None:
    ann, bob, cid = guest(quick_server), guest(quick_server), guest(quick_server)
    a = play_now(ann, "timed-online", 2).json()["ticket"]
    with ThreadPoolExecutor(1) as pool:
        asked = time.monotonic()
        answer = pool.submit(ann.request, "GET", f"/api/quick-match/{a}?wait=10")
        time.sleep(0.2)
        play_now(bob, "timed-online", 2)
        seated = answer.result().json()
    assert seated["state"] == "seated" and seated["token"]
    assert time.monotonic() - asked < WAIT  # answered at the news, not at the end of the wait
    # Nothing happens: the poll waits, and ends at the latest when the computer is offered.
    c = play_now(cid, "timed-online", 3).json()["ticket"]
    quiet = time.monotonic()
    assert cid.request("GET", f"/api/quick-match/{c}?wait=0.6").json()["state"] == "waiting"
    assert time.monotonic() - quiet >= 0.5
    offered = cid.request("GET", f"/api/quick-match/{c}?wait=10").json()
    assert offered["computer_offered"] is True
    assert time.monotonic() - quiet < WAIT + 1.5
    assert cid.request("GET", f"/api/quick-match/{c}?wait=60").status_code == 422
    cid.request("DELETE", f"/api/quick-match/{c}")


def test_deleting_the_account_takes_its_ticket_out_of_the_queue(
    quick_server: ServerProcess,
) -> None:
    ann = guest(quick_server)
    ticket = play_now(ann, "general", 3).json()["ticket"]
    secret, csrf = ann.secret, ann.csrf
    assert ann.request("DELETE", "/api/account").status_code == 204
    gone = httpx.get(
        f"{quick_server.base_url}/api/quick-match/{ticket}",
        headers={"Cookie": f"{COOKIE}={secret}", "X-CSRF-Token": csrf or ""},
    )
    assert gone.status_code == 401  # the session ended with the account
    players = [guest(quick_server) for _ in range(2)]
    tickets = [play_now(p, "general", 3).json()["ticket"] for p in players]
    time.sleep(1.2)  # a few passes: two people wait for a third, the deleted one is not it
    for p, t in zip(players, tickets, strict=True):
        assert poll_until(p, t, "waiting")["table_id"] is None
        p.request("DELETE", f"/api/quick-match/{t}")
