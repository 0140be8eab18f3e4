"""Who you are follows the account menu at once, without a reload: after signing in, claiming
or signing out, "Your name" is the new account's, the daily challenge opens that account's own
game (not "someone's daily challenge game"), quick match seats that account, a new table is
titled with its name, and the seats the tab plays are that account's. The daily challenge's
day is fixed by the server's FIVEDICE_DAILY_DATE, so the tests do not depend on when they run.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import DESKTOP, PHONE, screen, shoot, wait_phase

PASSWORD = "dice and more dice"
DAY = "2026-03-14"  # the daily challenge's day, whatever the clock says
QUICK_WAIT = 1.0  # seconds in the quick-match queue before the computer is offered
SESSION_COOKIE = "__Host-fivedice_session"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server on a fixed day, whose quick match offers the computer after a second."""
    root = tmp_path_factory.mktemp("web-identity")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_CACHE_DIR=str(root / "cache"),
        FIVEDICE_LOG_FORMAT="text",
        FIVEDICE_DAILY_DATE=DAY,
        FIVEDICE_QUICK_MATCH_WAIT=str(QUICK_WAIT),
    )
    process.start()
    yield process
    process.stop()


class Elsewhere:
    """An account used from another device (a program speaking HTTP): it signs up, and may
    open a table where it holds a seat."""

    def __init__(self, server: ServerProcess) -> None:
        self.client = httpx.Client(base_url=server.base_url, timeout=30)
        guest = self.client.post("/api/account/guest")
        guest.raise_for_status()
        # The cookie is Secure: sent by hand over the test's plain http.
        self.headers = {
            "Cookie": f"{SESSION_COOKIE}={guest.cookies[SESSION_COOKIE]}",
            "X-CSRF-Token": guest.json()["csrf_token"],
        }
        self.username = f"frida{uuid.uuid4().hex[:8]}"
        claimed = self.client.post(
            "/api/account/claim",
            json={"username": self.username, "password": PASSWORD},
            headers=self.headers,
        )
        claimed.raise_for_status()

    def open_table(self) -> str:
        """A listed table for two with this account in seat 0, waiting for a second player."""
        body = {"host_name": self.username, "seats": 2, "name": f"{self.username}'s table"}
        made = self.client.post("/api/tables", json=body, headers=self.headers)
        made.raise_for_status()
        return str(made.json()["table_id"])

    def close(self) -> None:
        self.client.close()


@pytest.fixture
def elsewhere(server: ServerProcess) -> Iterator[Elsewhere]:
    """An account signed up on another device."""
    account = Elsewhere(server)
    yield account
    account.close()


def account_shown(page: Page) -> str:
    """The account's name in the header, once known."""
    name = page.locator("#account-button .account-name")
    expect(name).not_to_have_text("…")
    return name.inner_text().strip()


def open_menu(page: Page) -> None:
    if page.locator("#account-menu").is_hidden():
        page.locator("#account-button").click()
    expect(page.locator("#account-menu")).to_be_visible()


def account_form(page: Page, item: str, username: str) -> None:
    """Claim (`#account-claim`) or sign in (`#account-sign-in`) through the account menu."""
    open_menu(page)
    page.locator(item).click()
    dialog = page.locator("#account-dialog")
    dialog.locator("input[name=username]").fill(username)
    dialog.locator("input[name=password]").fill(PASSWORD)
    dialog.locator("button[type=submit]").click()
    expect(page.locator("#account-button")).to_have_attribute("data-kind", "person")
    expect(page.locator("#account-button .account-name")).to_have_text(username)


def to_lobby(page: Page) -> None:
    """The header's Play link: the lobby without reloading the page."""
    page.locator("header [data-nav=lobby]").click()
    expect(page.locator("#player-name")).to_be_visible()


def plays_todays_daily(page: Page) -> None:
    """From the lobby card, today's challenge opens as this account's own game: its dice to
    roll, not the "someone's game, watch it once the day is over" screen."""
    card = page.locator("#daily-card")
    expect(card.locator(".daily-rules")).to_contain_text("Saturday")  # 2026-03-14 was one
    card.locator("#daily-play").click()
    page.wait_for_url(re.compile(r"\?table="))
    page.wait_for_selector(
        ".table-screen[data-phase='waiting'], .table-screen[data-phase='playing'],"
        " .table-screen[data-phase='daily-hidden']"
    )
    expect(page.locator("#daily-hidden-title")).to_have_count(0)
    if screen(page).get_attribute("data-phase") == "waiting":
        page.locator("#start-button").click()
    wait_phase(page, "playing")
    expect(page.locator(".roll-button")).to_be_enabled()
    to_lobby(page)
    expect(page.locator("#daily-resume")).to_be_visible()  # the card knows the attempt


def quick_match_seats(page: Page, name: str) -> None:
    """Play now, then the computer once offered: a table with this account in the seat."""
    page.click("#play-now")
    offer = page.locator("#play-computer-instead")
    expect(offer).to_be_visible(timeout=int(QUICK_WAIT * 1000) + 15000)
    offer.click()
    wait_phase(page, "playing")
    expect(page.locator(".scorecard th.me .col-name")).to_have_text(name)
    expect(screen(page)).to_contain_text("(computer)")
    to_lobby(page)


def open_from_the_lobby(page: Page, table_id: str) -> None:
    """The table's link in the lobby's list of tables (followed in the page, no reload)."""
    row = page.locator(f".tables-list tr[data-table-id='{table_id}']")
    row.get_by_role("link").click()
    page.wait_for_url(re.compile(rf"\?table={table_id}$"))
    wait_phase(page, "waiting")


def new_table_is_named_for(page: Page, name: str) -> None:
    """Against the computer: the table is titled with the name in "Your name"."""
    page.click("#play-computer")
    page.wait_for_url(re.compile(r"\?table="))
    expect(page.locator(".table-head h1")).to_have_text(f"{name} vs the computer (Good player)")


def test_signing_in_makes_the_page_the_accounts_at_once(
    server: ServerProcess, open_page: Callable[..., Page], elsewhere: Elsewhere, artifacts: Path
) -> None:
    table_id = elsewhere.open_table()  # frida's seat, taken on her other device
    page = open_page(DESKTOP)
    page.goto(f"{server.base_url}/")
    guest = account_shown(page)
    expect(page.locator("#player-name")).to_have_value(guest)

    account_form(page, "#account-sign-in", elsewhere.username)
    plays_todays_daily(page)
    expect(page.locator("#player-name")).to_have_value(elsewhere.username)
    shoot(page, artifacts, "desktop-identity-signed-in")

    # Her table, from the lobby's list: her seat, in this tab.
    open_from_the_lobby(page, table_id)
    seat = page.locator(".seats-list li[data-seat='0']")
    expect(seat).to_contain_text(elsewhere.username)
    expect(seat).to_contain_text("you")
    to_lobby(page)

    quick_match_seats(page, elsewhere.username)
    new_table_is_named_for(page, elsewhere.username)


def test_claiming_makes_the_page_the_new_usernames_at_once(
    server: ServerProcess, open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(PHONE)
    page.goto(f"{server.base_url}/")
    guest = account_shown(page)
    expect(page.locator("#player-name")).to_have_value(guest)

    username = f"kim{uuid.uuid4().hex[:8]}"
    account_form(page, "#account-claim", username)
    plays_todays_daily(page)
    expect(page.locator("#player-name")).to_have_value(username)
    shoot(page, artifacts, "phone-identity-claimed")
    quick_match_seats(page, username)
    new_table_is_named_for(page, username)


def test_signing_out_makes_the_page_the_new_guests_at_once(
    server: ServerProcess, open_page: Callable[..., Page], elsewhere: Elsewhere, artifacts: Path
) -> None:
    table_id = elsewhere.open_table()
    page = open_page(DESKTOP)
    page.goto(f"{server.base_url}/")
    first_guest = account_shown(page)
    account_form(page, "#account-sign-in", elsewhere.username)

    # Seated at her table in this tab, she signs out: the tab no longer plays her seat.
    open_from_the_lobby(page, table_id)
    seat = page.locator(".seats-list li[data-seat='0']")
    expect(seat).to_contain_text("you")
    open_menu(page)
    page.locator("#account-sign-out").click()
    expect(page.locator("#account-button")).to_have_attribute("data-kind", "guest")
    new_guest = account_shown(page)
    assert new_guest not in (first_guest, elsewhere.username)
    wait_phase(page, "waiting")
    expect(seat).to_contain_text(elsewhere.username)
    expect(seat).not_to_contain_text("you")

    to_lobby(page)
    expect(page.locator("#player-name")).to_have_value(new_guest)
    shoot(page, artifacts, "desktop-identity-signed-out")
    plays_todays_daily(page)
    quick_match_seats(page, new_guest)
    new_table_is_named_for(page, new_guest)
