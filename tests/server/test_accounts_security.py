"""The account security a public server needs, against real servers with small limits:
failed sign-ins throttled per account (across two servers sharing one database, as nodes of a
cluster do) and per address, with 429 and Retry-After; new guests limited per address; and
nothing secret in the logs: a whole account's life is played through and the server's log is
searched for every password, session secret, CSRF token, API token and seat token it saw."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from accounts_client import Browser
from server_process import ServerProcess

PASSWORD = "a password nobody guesses"
ACCOUNT_FAILURES = 3
ADDRESS_FAILURES = 8


def start(root: Path, name: str, database: str, **env: str) -> ServerProcess:
    """A server with the throttle's limits made small."""
    process = ServerProcess(
        database,
        root / f"{name}.log",
        FIVEDICE_SIGN_IN_FAILURES=str(ACCOUNT_FAILURES),
        FIVEDICE_ADDRESS_SIGN_IN_FAILURES=str(ADDRESS_FAILURES),
        FIVEDICE_GUEST_BURST="6",
        FIVEDICE_LOG_LEVEL="DEBUG",
        **env,
    )
    process.start()
    return process


@pytest.fixture(scope="module")
def two_nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ...]]:
    """Two servers on one database (each counts addresses for itself; accounts are shared)."""
    root = tmp_path_factory.mktemp("throttle")
    database = f"sqlite:///{root / 'fivedice.db'}"
    first = start(root, "first", database)
    second = start(root, "second", database)
    yield first, second
    first.stop()
    second.stop()


def claimed(server: ServerProcess) -> tuple[Browser, str]:
    """A browser signed in to a new claimed account, and its username."""
    browser = Browser(server.base_url)
    browser.guest()
    username = f"ann{uuid.uuid4().hex[:8]}"
    assert browser.claim(username, PASSWORD).status_code == 200
    return browser, username


def test_sign_in_failures_are_limited_per_account_on_every_node(
    two_nodes: tuple[ServerProcess, ...],
) -> None:
    first, second = two_nodes
    owner, username = claimed(first)
    attacker = Browser(first.base_url)
    for _ in range(ACCOUNT_FAILURES):
        assert attacker.sign_in(username, "guess").status_code == 401
    # Now even the right password is refused, on the other node too, until the window ends.
    elsewhere = Browser(second.base_url)
    refused = elsewhere.sign_in(username, PASSWORD)
    assert refused.status_code == 429, refused.text
    assert refused.json()["code"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 900
    assert re.search(r"try again in \d+ (seconds|minutes)$", refused.json()["message"])
    assert attacker.sign_in(username, PASSWORD).status_code == 429
    # The signed-in browser is not thrown out.
    assert owner.request("GET", "/api/account").status_code == 200
    for b in (owner, attacker, elsewhere):
        b.close()


def test_sign_in_failures_are_limited_per_address(tmp_path: Path) -> None:
    # One new guest a minute: no token comes back while the test runs, however slowly.
    server = start(
        tmp_path, "address", f"sqlite:///{tmp_path / 'fivedice.db'}", FIVEDICE_GUESTS_PER_MINUTE="1"
    )
    try:
        owner, username = claimed(server)
        b = Browser(server.base_url)
        answers = [
            b.sign_in(f"nobody{i}", "guess").status_code for i in range(ADDRESS_FAILURES + 2)
        ]
        assert answers[:ADDRESS_FAILURES] == [401] * ADDRESS_FAILURES
        assert answers[ADDRESS_FAILURES:] == [429, 429]
        # The address may not try the real account either, for now.
        assert b.sign_in(username, PASSWORD).status_code == 429
        # Guests from one address: a burst, then 429 with Retry-After.
        guests = [Browser(server.base_url).request("POST", "/api/account/guest") for _ in range(8)]
        codes = [g.status_code for g in guests]
        assert codes.count(201) == 5 and codes[-1] == 429  # the burst of 6, less the owner's
        assert int(guests[-1].headers["Retry-After"]) >= 1
        owner.close()
        b.close()
    finally:
        server.stop()


def test_no_password_or_secret_appears_in_the_logs(two_nodes: tuple[ServerProcess, ...]) -> None:
    server = two_nodes[0]
    secrets: list[str] = []
    browser, username = claimed(server)
    secrets += [PASSWORD, browser.secret or "", browser.csrf or ""]
    wrong = "wrong-password-xyz123"
    secrets.append(wrong)
    assert Browser(server.base_url).sign_in(username, wrong).status_code == 401
    phone = Browser(server.base_url)
    assert phone.sign_in(username, PASSWORD).status_code == 200
    secrets += [phone.secret or "", phone.csrf or ""]
    made = browser.request("POST", "/api/account/tokens", json={"label": "bot"}).json()
    secrets.append(made["token"])
    bearer = {"Authorization": f"Bearer {made['token']}"}
    created = httpx.post(
        f"{server.base_url}/api/tables", json={"host_name": "Robo"}, headers=bearer
    ).json()
    secrets.append(created["token"])
    resumed = phone.request("POST", f"/api/tables/{created['table_id']}/resume")
    assert resumed.status_code == 200  # the program's seat is the account's own
    secrets.append(resumed.json()["token"])
    browser.request("DELETE", f"/api/account/tokens/{made['id']}")
    assert httpx.get(f"{server.base_url}/api/account", headers=bearer).status_code == 401
    browser.request("POST", "/api/account/sign-out-everywhere")
    log = server.log()
    assert "signed in" in log and "api token created" in log  # the log did see all this
    for secret in secrets:
        assert secret and secret not in log
    browser.close()
    phone.close()
